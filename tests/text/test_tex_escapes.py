"""TeX text escapes as exports write them (issue 22, findings 7 and 14): ACL Anthology's
braced quotes and percent signs, NASA ADS's braces around a whole abstract and its AAS journal
macros."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.render.html import render_html
from generator.text.markup import (
    journal_macros,
    plain_label,
    plain_text,
    tokenize,
    unknown_macros,
)


@pytest.mark.parametrize(("src", "text"), [
    # ACL Anthology (its escape of % undone as a Zotero-style export: "{%}")
    ("We ask {``}what do you mean{''} and reach 95{\\%} on 10{%} of it",
     "We ask “what do you mean” and reach 95% on 10% of it"),
    ('a protected {"} quote and {&} sign', 'a protected " quote and & sign'),
    # NASA ADS: the whole abstract in braces
    ("{We present a survey of galaxies at $z > 6$.}", "We present a survey of galaxies at z > 6."),
    ("  {Two {GAN}s.}\n", "Two GANs."),
    # groups that are not the whole text, or a command's scope, stay as they were
    ("{a, b} and {c, d}", "{a, b} and {c, d}"),
    ("{\\em all of it}", "all of it"),
])
def test_braces_that_only_group_go(src: str, text: str) -> None:
    assert plain_text(src) == text


def test_a_command_scoped_by_the_outer_group_keeps_its_style() -> None:
    assert render_html(tokenize("{\\em all of it}")) == "<em>all of it</em>"


@pytest.mark.parametrize(("venue", "label"), [
    ("\\apj", "ApJ"), ("\\mnras", "MNRAS"), ("\\aap", "A&A"), ("\\apjl{}", "ApJL"),
    ("\\prd", "Phys. Rev. D"), ("\\nat", "Nature"),
])
def test_aas_journal_macros_print_their_abbreviation(venue: str, label: str) -> None:
    assert plain_label(venue) == label
    assert unknown_macros(tokenize(venue)) == ()


def test_the_journal_table_is_read_from_its_data_file() -> None:
    table = journal_macros()
    assert len(table) == 57
    assert table["apj"] == "ApJ" and table["araa"] == "ARA&A"


WORDS = st.lists(st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8),
                 min_size=1, max_size=12)


@settings(max_examples=60, deadline=None)
@given(WORDS, st.sampled_from(["", ".", " $x$", " 10{\\%}"]))
def test_an_abstract_in_braces_reads_as_without_them(words, tail) -> None:
    text = " ".join(words) + tail
    assert tokenize("{" + text + "}") == tokenize(text)
