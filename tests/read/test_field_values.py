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


# --- author strings -------------------------------------------------------------------------

@pytest.mark.parametrize(("written", "names"), [
    ("Edward Hu, Yelong Shen, and Phillip Wallis", ("Edward Hu", "Yelong Shen", "Phillip Wallis")),
    ("Edward Hu, Yelong Shen & Phillip Wallis", ("Edward Hu", "Yelong Shen", "Phillip Wallis")),
    ("Ann Lee & Bo Kim", ("Ann Lee", "Bo Kim")),
    ("Hu, E. J., Shen, Y., & Wallis, P.", ("E. J. Hu", "Y. Shen", "P. Wallis")),
    ("Hu, E. J., Shen, Y., and Wallis, P.", ("E. J. Hu", "Y. Shen", "P. Wallis")),
    ("Hu, E.J., Shen, Y.", ("E.J. Hu", "Y. Shen")),
    ("Hu EJ, Shen Y, Wallis P", ("E. J. Hu", "Y. Shen", "P. Wallis")),
    ("Smith, J. and Doe, J.", ("J. Smith", "J. Doe")),
    ("Hu, Edward J.; Shen, Yelong", ("Edward J. Hu", "Yelong Shen")),
    ("Lee, Ann; & Ray, Bob", ("Ann Lee", "Bob Ray")),
    ("van der Berg, Zoë and Li, X.", ("Zoë van der Berg", "X. Li")),
    ("Hu, Edward", ("Edward Hu",)),
    ("Martin Luther King, Jr., Ann Lee", ("Martin Luther King, Jr.", "Ann Lee")),
    ("Edward Hu et al.", ("Edward Hu", "others")),
    ("Edward Hu, et al", ("Edward Hu", "others")),
    ("Hu, E. J., Shen, Y., et al.", ("E. J. Hu", "Y. Shen", "others")),
    ("Jane Doe and others", ("Jane Doe", "others")),
    (["Edward Hu et al."], ("Edward Hu", "others")),
    ("Ann Lee; Anonymous", ("Ann Lee",)),
])
def test_author_strings_split_as_their_form_writes_them(written, names) -> None:
    entry = read_entry({"title": "T", "authors": written})
    assert (entry.meta.authors, entry.doubts) == (names, ())


_NAME = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyzéü"), min_size=3, max_size=7).map(
    str.capitalize)
_PEOPLE = st.lists(st.tuples(_NAME, _NAME), min_size=2, max_size=6)
_LAST = st.sampled_from([", and ", " and ", ", & ", " & "])


@given(_PEOPLE, _LAST)
def test_given_family_lists_with_any_last_separator(people, last) -> None:
    names = [f"{g} {f}" for g, f in people]
    written = ", ".join(names[:-1]) + last + names[-1]
    assert read_entry({"title": "T", "authors": written}).meta.authors == tuple(names)


@given(_PEOPLE, st.lists(st.sampled_from("ABCDEHJKLMPRSTWY"), min_size=1, max_size=3),
       st.sampled_from([", & ", ", and ", ", "]), st.booleans())
def test_family_initials_lists_pair_up(people, letters, last, et_al) -> None:
    initials = " ".join(f"{c}." for c in letters)
    pairs = [f"{f}, {initials}" for _, f in people]
    written = ", ".join(pairs[:-1]) + last + pairs[-1] + (", et al." if et_al else "")
    expected = tuple(f"{initials} {f}" for _, f in people) + (("others",) if et_al else ())
    assert read_entry({"title": "T", "authors": written}).meta.authors == expected


@given(_PEOPLE)
def test_semicolon_lists_of_family_given_names(people) -> None:
    written = "; ".join(f"{f}, {g}" for g, f in people)
    assert read_entry({"title": "T", "authors": written}).meta.authors == tuple(
        f"{g} {f}" for g, f in people)


def test_an_ambiguous_author_string_is_a_warning_naming_the_record() -> None:
    from generator.read.jsondoc import read_json

    data = b'[{"title": "T", "authors": "Hu, Edward, Shen, Yelong", "abstract": "A b c."}]'
    parsed = read_json(data, "a.json", "seeds/a.json")
    assert parsed.records[0].meta.authors == ("Hu", "Edward", "Shen", "Yelong")
    assert [(n.kind, str(n)) for n in parsed.notices] == [(
        "warning", "seeds/a.json: record 1: authors: read 'Hu, Edward, Shen, Yelong' as 4 "
        "names; if they are written 'Family, Given', put ';' between the names")]


def test_an_edited_book_shows_its_editors_as_authors() -> None:
    bib = (b"@book{b1, title = {An Edited Book}, editor = {Doe, Jane and Roe, Richard},"
           b" year = 2021}\n@book{b2, title = {Written}, author = {Lee, Ann},"
           b" editor = {Doe, Jane}, year = 2021}\n")
    records = read_bibtex(bib, "e.bib", "seeds/e.bib").records
    assert [r.meta.authors for r in records] == [("Jane Doe", "Richard Roe"), ("Ann Lee",)]
