"""Shared non-abstracts (issue 22, hostile round 3, finding 25): pandas' ``nan``, ``-``,
``Abstract: `` made two different papers one page by their equal "abstract". A text with no
word of letters beyond a label and missing-value tokens is no abstract (a rule, not more
phrases), and a text of a few words never joins two different titles."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.errors import notice_warns
from generator.read import read_seeds
from generator.read.placeholders import few_words, has_no_sentence, is_placeholder


@pytest.mark.parametrize("text", ["nan", "NaN", "-", "--", "...", "Abstract: ", "Abstract",
                                  "SUMMARY:", "10.5", "None", "undefined", "NULL.", "[nan]",
                                  "Abstract: nan", "NaN.", "—", "?"])
def test_texts_without_a_sentence_are_no_abstract(text: str) -> None:
    assert has_no_sentence(text) and is_placeholder(text)


@pytest.mark.parametrize("text", ["A.", "See PDF.", "NA62 results", "Abstract: We study x.",
                                  "我们提出了一种方法。", "Nanotubes", "α"])
def test_a_word_of_letters_is_text(text: str) -> None:
    assert not has_no_sentence(text)


@given(st.text(st.characters(whitelist_categories=("Nd", "P", "S", "Zs")), max_size=40),
       st.sampled_from(["", "Abstract: ", "Summary - ", "nan ", "NA; "]))
def test_no_letters_beyond_a_label_is_never_an_abstract(rest: str, label: str) -> None:
    """Digits, punctuation, symbols and spaces after any label or missing-value token."""
    assert has_no_sentence(label + rest)


@pytest.mark.parametrize(("text", "few"), [("See PDF.", True), ("Coming soon", True),
                                           ("We study x.", False), ("我们提出", False),
                                           ("- x -", True)])
def test_few_words(text: str, few: bool) -> None:
    assert few_words(text) is few


def _seeds(folder: Path, text: str):
    (folder / "a.csv").write_text(text, encoding="utf-8")
    return read_seeds(folder, "seeds")


@pytest.mark.parametrize("shared", ["nan", "-", "Abstract: ", "N/A"])
def test_two_titles_sharing_a_non_abstract_are_two_pages_without_it(shared, tmp_path) -> None:
    seeds = _seeds(tmp_path, "title,abstract,year\nPaper Five About Robots,"
                   f'"{shared}",2018\nPaper Six About Weather,"{shared}",2018\n')
    assert [(a.meta.title, a.text) for a in seeds.abstracts] == [
        ("Paper Five About Robots", ""), ("Paper Six About Weather", "")]
    assert [n.kind for n in seeds.notices] == ["placeholder", "placeholder"]
    assert seeds.merged == 0


def test_a_few_words_shared_by_two_titles_is_two_pages_and_a_warning(tmp_path) -> None:
    seeds = _seeds(tmp_path, "title,abstract,year\nPaper Five About Robots,See PDF.,2018\n"
                   "Paper Six About Weather,See PDF.,2018\n")
    assert [(a.meta.title, a.text) for a in seeds.abstracts] == [
        ("Paper Five About Robots", "See PDF."), ("Paper Six About Weather", "See PDF.")]
    (notice,) = seeds.notices
    assert notice.kind == "same-text" and notice_warns("same-text")
    assert str(notice) == (
        "seeds/a.csv:3: record 2 has the abstract of a.csv record 1 ('See PDF.'), but their "
        "titles differ ('Paper Six About Weather', 'Paper Five About Robots'): two pages (if "
        "the text is no abstract, remove it; if they are one paper, give them one title)")


@pytest.mark.parametrize(("second", "pages"), [
    ("Deep Residual Learning", 1),  # one title: one paper, as before
    ("deep residual learning: for image recognition", 1),  # a subtitle added
    ("Deep Learning for Residual Images", 2),  # titles that agree loosely: not for few words
])
def test_few_words_join_only_one_title(second: str, pages: int, tmp_path) -> None:
    seeds = _seeds(tmp_path, f'title,abstract\nDeep Residual Learning,See PDF.\n"{second}",'
                   "See PDF.\n")
    assert len(seeds.abstracts) == pages
    assert [n.kind for n in seeds.notices] == (["duplicate"] if pages == 1 else ["same-text"])


def test_a_long_shared_text_still_joins_agreeing_titles(tmp_path) -> None:
    text = "We present a residual learning framework to ease training."
    seeds = _seeds(tmp_path, f"title,abstract\nDeep Residual Learning,{text}\n"
                   f"Deep Learning for Residual Images,{text}\nChapter on Speech,{text}\n")
    assert [a.meta.title for a in seeds.abstracts] == ["Deep Residual Learning",
                                                       "Chapter on Speech"]
    assert [n.kind for n in seeds.notices] == ["duplicate", "same-text"]
