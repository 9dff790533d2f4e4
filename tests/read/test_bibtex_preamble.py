"""A ``@preamble`` macro that prints nothing (issue 22, finding 35: BibTeX's sort trick)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.read.bibtex import read_bibtex
from generator.read.bibtex_preamble import silent_macros, without_silent

ENTRY = (b"@article{z1, title = {{\\noopsort{b}}Zeta Functions Revisited},\n"
         b" author = {{\\noopsort{a}}Smith, John and Doe, Jane}, year = {2000},\n"
         b" abstract = {We revisit \\noopsort{x}zeta functions.}}\n")


def test_the_sort_trick_prints_nothing() -> None:
    bib = b'@preamble{"\\newcommand{\\noopsort}[1]{}"}\n' + ENTRY
    [record] = read_bibtex(bib, "z.bib", "seeds/z.bib").records
    assert record.meta.title == "Zeta Functions Revisited"
    assert record.meta.authors == ("John Smith", "Jane Doe")
    assert record.text == "We revisit zeta functions."


def test_without_the_preamble_the_macro_is_kept() -> None:
    [record] = read_bibtex(ENTRY, "z.bib", "seeds/z.bib").records
    assert record.meta.title == "{\\noopsort{b}}Zeta Functions Revisited"


@pytest.mark.parametrize(("preamble", "names"), [
    ('"\\newcommand{\\noopsort}[1]{}"', {"noopsort"}),
    ('"\\providecommand*{\\SortNoop}[1]{ } \\def\\sortnoop#1{}"', {"SortNoop", "sortnoop"}),
    ('"\\renewcommand\\x[1]{}"', {"x"}),
    # a body that prints something, or no argument: not silent
    ('"\\newcommand{\\bold}[1]{\\textbf{#1}} \\newcommand{\\z}{}"', set()),
])
def test_silent_definitions(preamble: str, names: set[str]) -> None:
    assert silent_macros([preamble]) == names


@given(st.text(st.sampled_from("abc xyz."), max_size=12),
       st.text(st.sampled_from("abc19"), max_size=5),
       st.text(st.sampled_from("abc xyz."), max_size=12))
def test_a_use_goes_with_its_argument_and_nothing_else(before, key, after) -> None:
    names = frozenset(("noopsort",))
    assert without_silent(f"{before}{{\\noopsort{{{key}}}}}{after}", names) == before + after
    assert without_silent(f"{before}\\noopsort{{{key}}}{after}", names) == before + after
