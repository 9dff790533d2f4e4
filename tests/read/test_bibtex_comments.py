"""``%`` comments in BibTeX (issue 22, hostile input), read as biber reads them: outside a
value a comment to the line's end, between entries and inside them; inside a value a literal
``%``. bibtexparser (classic BibTeX) made a commented-out entry a paper and a comment line
inside an entry part of the next field's name, losing that field."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from generator.read.bibtex import read_bibtex
from generator.read.bibtex_comments import without_comments


def _records(text: str) -> list[tuple[str, str, int | None]]:
    parsed = read_bibtex(text.encode(), "x.bib", "seeds/x.bib")
    assert parsed.notices == ()
    return [(r.meta.title, r.text, r.sources[0].line) for r in parsed.records]


def test_comment_lines_between_entries_are_never_content() -> None:
    text = ("%% Created by Zotero\n% title = {Fake}, year = 2020\n"
            "%@article{old, title = {Old Title}, abstract = {Old abstract.}}\n"
            "% @article{older,\n%   title = {Older},\n%   abstract = {Older abstract.}\n% }\n"
            "@article{a, title = {One}, abstract = {We do x.}}\n")
    assert _records(text) == [("One", "We do x.", 8)]


def test_comment_lines_and_trailing_comments_inside_an_entry() -> None:
    text = ("@article{a,\n  % a comment before the title\n  title = {One}, % trailing\n"
            "  % abstract = {old},\n  abstract = {We do x.} % after the last value\n}\n")
    assert _records(text) == [("One", "We do x.", 1)]


def test_percent_inside_a_value_is_literal() -> None:
    text = ('@article{a, title = "50% Fewer {"}Steps{"} % here",\n'
            "  abstract = {We cut cost by 50%, % not a comment\n and more.}}\n")
    assert _records(text) == [('50% Fewer {"}Steps{"} % here',
                               "We cut cost by 50%, % not a comment\nand more.", 1)]


def test_comment_block_is_left_as_it_is() -> None:
    text = "@comment{jabref-meta: grouping: 100%;}\n@article{a, title = {T}, abstract = {x}}\n"
    assert without_comments(text) == text
    escaped = "\\% 100\\% sure\n@article{a, title = {T}, abstract = {x}} \\% kept\n"
    assert without_comments(escaped) == escaped
    assert without_comments("% x\n" + escaped) == "   \n" + escaped
    assert _records(text) == [("T", "x", 2)]


@given(st.lists(st.sampled_from(["%", "{", "}", '"', "@", "a", "\n", " ", "(", ")", "="]),
                max_size=40).map("".join))
def test_blanking_keeps_every_line_and_column(text: str) -> None:
    out = without_comments(text)
    assert len(out) == len(text)
    assert [i for i, c in enumerate(out) if c == "\n"] == [
        i for i, c in enumerate(text) if c == "\n"]
    assert all(o == t or (o == " " and t != "\n") for o, t in zip(out, text, strict=True))
