"""Paragraph breaks a ``.txt`` seed's reader must see as a person does (issue 22, hostile
input): Unicode's line and paragraph separators and lines of zero-width characters only
joined two or three abstracts into one page without a word; ``## Section`` headings became
abstract pages."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.errors import notice_warns
from generator.read.text import parse_seed_file

A, B = "We propose a method for x.", "We study the problem of y."


def _parse(text: str):
    return parse_seed_file(text.encode(), "x.txt", "seeds/x.txt")


@pytest.mark.parametrize("between", ["\u2029", "\n\u2029", "\n\u200b\n", "\n\ufeff\u200b\n",
                                     "\u2028\u2028"])
def test_unicode_and_invisible_breaks_end_a_paragraph(between: str) -> None:
    parsed = _parse(f"# Coll\n\n{A}{between}{B}\n")
    assert [text for _, text in parsed.paragraphs] == [A, B]


def test_line_separator_inside_a_paragraph_is_a_line_break() -> None:
    parsed = _parse("# Coll\n\nWe propose\u2028a method for x.\n")
    assert [text for _, text in parsed.paragraphs] == ["We propose\na method for x."]


@given(st.lists(st.sampled_from(["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", " ", "\t"]),
                min_size=1, max_size=6))
def test_a_line_of_invisible_characters_only_separates(chars: list[str]) -> None:
    parsed = _parse(f"# Coll\n\n{A}\n{''.join(chars)}\n{B}\n")
    assert [text for _, text in parsed.paragraphs] == [A, B]


def test_markdown_headings_after_the_header_are_skipped_with_a_notice() -> None:
    parsed = _parse(f"# ICLR 2024\n\n## Oral session 1\n\n{A}\n\n### Posters\n\n{B}\n")
    assert parsed.collection == "ICLR 2024"
    assert parsed.paragraphs == ((5, A), (9, B))
    assert [str(n) for n in parsed.notices] == [
        "seeds/x.txt:3: heading '## Oral session 1': not an abstract, skipped (a .txt file is "
        "one collection: put another collection in a file of its own)",
        "seeds/x.txt:7: heading '### Posters': not an abstract, skipped (a .txt file is one "
        "collection: put another collection in a file of its own)"]
    assert not notice_warns("heading")


def test_a_paragraph_opening_with_a_hash_and_going_on_is_an_abstract() -> None:
    text = "# of parameters matters: we show why.\nIt does."
    parsed = _parse(f"# Coll\n\n{text}\n")
    assert [t for _, t in parsed.paragraphs] == [text]
