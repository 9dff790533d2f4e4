"""Separator lines in ``.txt`` seeds (issue 22, hostile input): a paragraph of ``=====`` or
``-----`` only became an "Untitled abstract" page, and a trailing ``----`` stayed in the
abstract. A separator paragraph is no abstract, a separator at a paragraph's start or end is
removed, each reported in the summary only; a setext heading names the collection."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from generator.errors import notice_warns
from generator.read.text import parse_seed_file


def _parse(text: str):
    return parse_seed_file(text.encode(), "x.txt", "seeds/x.txt")


def test_separator_paragraphs_are_skipped_and_edges_stripped_with_notices() -> None:
    parsed = _parse("NeurIPS 2025\n\n=====\n\nWe propose a thing that works.\n----\n\n"
                    "* * *\nWe study y.\n\n-----\n")
    assert parsed.collection == "NeurIPS 2025"
    assert parsed.paragraphs == ((5, "We propose a thing that works."), (9, "We study y."))
    assert [str(n) for n in parsed.notices] == [
        "seeds/x.txt:3: a paragraph of separator lines only ('====='): no abstract, skipped",
        "seeds/x.txt:6: separator line '----' at the end of a paragraph: removed from the "
        "abstract",
        "seeds/x.txt:8: separator line '* * *' at the start of a paragraph: removed from the "
        "abstract",
        "seeds/x.txt:11: a paragraph of separator lines only ('-----'): no abstract, skipped"]
    assert {n.kind for n in parsed.notices} == {"separator"}
    assert not notice_warns("separator")


def test_separator_inside_a_paragraph_and_short_dashes_stay() -> None:
    parsed = _parse("Coll\n\nWe do x.\n-----\nand y -- z.\n\n--\n")
    assert parsed.paragraphs == ((3, "We do x.\n-----\nand y -- z."), (7, "--"))
    assert parsed.notices == ()


def test_setext_heading_names_the_collection_but_an_abstract_stays_one() -> None:
    parsed = _parse("Papers We Loved\n===============\n\nWe propose x.\n")
    assert (parsed.collection, parsed.paragraphs, parsed.notices) == (
        "Papers We Loved", ((4, "We propose x."),), ())
    parsed = _parse("We propose a method that is better than all others by far.\n-----\n")
    assert (parsed.collection, parsed.paragraphs) == (
        "X", ((1, "We propose a method that is better than all others by far."),))
    assert [n.line for n in parsed.notices] == [2]


@given(st.lists(st.sampled_from(["-----", "=====", "***", "_ _ _", "~~~~", "We do x.",
                                 "Second line of it.", ""]), max_size=12))
def test_no_abstract_starts_or_ends_with_a_separator_and_no_line_is_lost(lines: list[str]
                                                                        ) -> None:
    parsed = _parse("Coll\n\n" + "\n".join(lines) + "\n")
    kept = [line for _, text in parsed.paragraphs for line in text.split("\n")]
    rules = {"-----", "=====", "***", "_ _ _", "~~~~"}
    for _, text in parsed.paragraphs:
        assert text.split("\n")[0] not in rules and text.split("\n")[-1] not in rules
    # every line is kept or named by a notice
    assert len(kept) + sum(1 for n in parsed.notices if "removed" in str(n)) + sum(
        len(p.split("\n")) for p in _separator_paragraphs(lines)) == sum(1 for x in lines if x)


def _separator_paragraphs(lines: list[str]) -> list[str]:
    """The blank-line-separated paragraphs of ``lines`` made of separator lines only."""
    out, current = [], []
    for line in [*lines, ""]:
        if line:
            current.append(line)
        elif current:
            out.append("\n".join(current))
            current = []
    return [p for p in out if all(x in {"-----", "=====", "***", "_ _ _", "~~~~"}
                                  for x in p.split("\n"))]
