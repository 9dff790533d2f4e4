"""Faithful field values (issue 22, hfixB): a status label before a title, author strings
in the ways exports write them, markup in the text of formats that carry HTML or JATS."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.read.bibtex import read_bibtex
from generator.read.fields import read_entry

# --- status labels before a title ---------------------------------------------------------

# Letters ftfy never reads as mojibake (that repair has its own tests).
_WORDS = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                 "éüßçøΩλ中"), min_size=1, max_size=8)
_TITLES = st.lists(_WORDS, min_size=1, max_size=6).map(" ".join).filter(
    lambda t: not any(w in t.lower() for w in ("retract", "withdrawn", "reject")))


@pytest.mark.parametrize(("title", "shown", "status"), [
    ("RETRACTED: A study of things", "A study of things", "retracted"),
    ("{RETRACTED}: {A} study of things", "{A} study of things", "retracted"),
    ("Retracted Article: A Springer Study", "A Springer Study", "retracted"),
    ("Retraction Note: Deep nets", "Deep nets", "retracted"),
    ("[Retracted] Old Result", "Old Result", "retracted"),
    ("WITHDRAWN: An Elsevier Article", "An Elsevier Article", "withdrawn"),
    ("withdrawn: lower case", "lower case", "withdrawn"),
    # No label: a title that uses the word
    ("Withdrawn Drug Prediction", "Withdrawn Drug Prediction", ""),
    ("Retracted Papers in Citation Graphs: A Study", "Retracted Papers in Citation Graphs: A "
                                                     "Study", ""),
    ("On Retraction: Why Papers Go", "On Retraction: Why Papers Go", ""),
])
def test_a_status_label_before_the_title_is_the_status_not_the_title(
        title: str, shown: str, status: str) -> None:
    meta = read_entry({"title": title, "abstract": "Some text."}).meta
    assert (meta.title, meta.status) == (shown, status)


@given(_TITLES, st.sampled_from([("RETRACTED:", "retracted"), ("{RETRACTED}:", "retracted"),
                                 ("Retracted article:", "retracted"),
                                 ("RETRACTION NOTE:", "retracted"), ("[retracted]", "retracted"),
                                 ("WITHDRAWN:", "withdrawn"), ("{Withdrawn}:", "withdrawn")]),
       st.sampled_from(["", " ", "  "]))
def test_any_title_after_any_label_spelling_is_kept_whole(title, label, space) -> None:
    written, status = label
    meta = read_entry({"title": f"{written}{space} {title}"}).meta
    assert (meta.title, meta.status) == (title, status)
    assert read_entry({"title": title}).meta.status == ""


def test_a_zotero_bibtex_retracted_title_reads_the_status_and_shows_the_title() -> None:
    bib = b"@article{k, title = {{RETRACTED}: {A} study of things}, year = 2020}\n"
    [record] = read_bibtex(bib, "z.bib", "seeds/z.bib").records
    assert (record.meta.title, record.meta.status) == ("{A} study of things", "retracted")
