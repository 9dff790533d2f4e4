"""Faithful field values (issue 22, hfixB): a status label before a title, author strings
in the ways exports write them, markup in the text of formats that carry HTML or JATS."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
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
    ("AT&T Labs, Jane Doe", ("AT&T Labs", "Jane Doe")),  # "&" inside a name splits nothing
    ("Juan Etal, Ann Lee", ("Juan Etal", "Ann Lee")),  # a name, not "et al."
    # conference sites' and OpenReview's listings, one name per line, bars
    ("Edward J. Hu · Yelong Shen · Phillip Wallis", ("Edward J. Hu", "Yelong Shen",
                                                     "Phillip Wallis")),
    ("Edward Hu • Yelong Shen", ("Edward Hu", "Yelong Shen")),
    ("Edward Hu | Yelong Shen", ("Edward Hu", "Yelong Shen")),
    ("Edward Hu\nYelong Shen\r\nPhillip Wallis\n", ("Edward Hu", "Yelong Shen", "Phillip Wallis")),
    ("Hu, Edward\nShen, Yelong", ("Edward Hu", "Yelong Shen")),
    ("Edward Hu and\n  Yelong Shen", ("Edward Hu", "Yelong Shen")),  # a wrapped line
    ("Edward Hu,\nYelong Shen, and\nPhillip Wallis", ("Edward Hu", "Yelong Shen",
                                                       "Phillip Wallis")),
    # what is not part of a name: a PDF's marks, dblp's homonym numbers, brackets
    ("Edward Hu1, Yelong Shen2*", ("Edward Hu", "Yelong Shen")),
    ("Edward Hu1,2, Yelong Shen2,3 and Phillip Wallis†", ("Edward Hu", "Yelong Shen",
                                                         "Phillip Wallis")),
    ("Ann Lee¹; Bo Kim²", ("Ann Lee", "Bo Kim")),
    (["Lu Wang 0001", "Weizhu Chen 0002"], ("Lu Wang", "Weizhu Chen")),
    ("Lu Wang 0001 and Weizhu Chen", ("Lu Wang", "Weizhu Chen")),
    ("Edward Hu (Microsoft), Yelong Shen", ("Edward Hu", "Yelong Shen")),
    ("He, Kaiming (57209604000); Zhang, Xiangyu (56989301300)", ("Kaiming He",
                                                                "Xiangyu Zhang")),
    # Scopus's "Family I."
    ("He K.; Zhang X.; Ren S.", ("K. He", "X. Zhang", "S. Ren")),
    ("Hu E.J.; van der Berg Z.", ("E.J. Hu", "Z. van der Berg")),
    ("Team 2023, Ann Lee", ("Team 2023", "Ann Lee")),  # a year is no homonym number
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


@given(_PEOPLE, st.sampled_from(["; ", " · ", " | ", " • ", "\n"]),
       st.lists(st.sampled_from(["", "1", "2*", "1,2", "†", "³", " 0001", " (MIT)"]),
                min_size=6, max_size=6))
def test_listings_with_any_separator_and_marks(people, separator, marks) -> None:
    assume(all(g.lower() != "and" for g, _ in people))  # "A; and B": "and" is a separator
    written = separator.join(f"{g} {f}{m}" for (g, f), m in zip(people, marks, strict=False))
    assert read_entry({"title": "T", "authors": written}).meta.authors == tuple(
        f"{g} {f}" for g, f in people)


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


# --- markup in the text of formats that carry HTML or JATS ---------------------------------

@pytest.mark.parametrize(("markup", "text"), [
    ("We use 10<jats:sup>6</jats:sup> images", "We use 10⁶ images"),
    ("a rate of 10<jats:sup>-3</jats:sup>", "a rate of 10⁻³"),
    ("CO<jats:sub>2</jats:sub> and H<sub>2</sub>O", "CO₂ and H₂O"),
    ("x<sup>T</sup>y", "xᵀy"),
    ("x<sup>*</sup> and y<sup>1, 2</sup>", r"x\textsuperscript{*} and y\textsuperscript{1, 2}"),
    ("v<sub>{max}</sub>", r"v\textsubscript{\{max\}}"),
    ("<jats:p>we use <jats:italic toggle=\"yes\">residual</jats:italic> nets</jats:p>",
     "we use residual nets"),
    ("Q&amp;A &lt;fast&gt; &#233;t&#xE9;", "Q&A <fast> été"),
    # prose, not markup: kept as written
    ("f(x)=<x,y> holds", "f(x)=<x,y> holds"),
    ("a <b and c> d", "a <b and c> d"),
    ("R&D &copy and AT&T", "R&D &copy and AT&T"),
    ("p<0.05 for n>3", "p<0.05 for n>3"),
    # tables: a row is a paragraph, its cells between " | " (issue 22, finding 9)
    ("<table><tr><th>Model</th><th>Acc</th></tr><tr><td>Ours</td><td>95.1</td></tr></table>"
     "<p>Ours wins.</p>", "Model | Acc\n\nOurs | 95.1\n\nOurs wins."),
    # list items: paragraphs with their marker
    ("<p>We give:</p><ul><li>a benchmark</li><li>a baseline</li></ul><ol><li>x</li><li>y</li>"
     "</ol>", "We give:\n\n• a benchmark\n\n• a baseline\n\n1. x\n\n2. y"),
    ("<jats:list><jats:list-item><jats:p>one</jats:p></jats:list-item><jats:list-item>two"
     "</jats:list-item></jats:list>", "• one\n\n• two"),
])
def test_markup_keeps_the_meaning_of_its_text(markup: str, text: str) -> None:
    from generator.read.markup_text import markup_to_text

    assert markup_to_text(markup) == text


@pytest.mark.parametrize(("title", "label"), [
    ("Deep <i>Residual</i> Learning", "Deep Residual Learning"),
    ("Two <i>Italic</i> and CO<sub>2</sub> Title", "Two Italic and CO₂ Title"),
    ("Stars<sup>*</sup> Align", "Stars$^{*}$ Align"),
    ("Q&amp;A Models &lt;Fast&gt;", "Q&A Models <Fast>"),
    ("Plain Title", "Plain Title"),
    # Wiley's small caps (Crossref titles; issue 22, finding 22)
    ("<scp>BERT</scp>-Based Ranking for <i>Small</i> Molecules",
     "BERT-Based Ranking for Small Molecules"),
    ("When x<y and y>z", "When x<y and y>z"),
])
def test_markup_in_a_title_is_plain_text(title: str, label: str) -> None:
    from generator.read.markup_text import markup_label
    from generator.text.markup import plain_label

    assert markup_label(title) == label
    assert plain_label(markup_label("Stars<sup>*</sup> Align")) == "Stars^* Align"


@given(st.text(st.sampled_from("0123456789+-=()"), min_size=1, max_size=6),
       st.sampled_from(["sup", "sub", "jats:sup", "jats:sub"]))
def test_scripts_in_unicode_fold_back_to_their_characters(chars: str, tag: str) -> None:
    import unicodedata

    from generator.read.markup_text import markup_to_text

    text = markup_to_text(f"10<{tag}>{chars}</{tag}> units")
    assert text != f"10{chars} units"  # marked as raised or lowered
    minus = chars.replace("-", "\u2212")  # the superscript minus folds to the minus sign
    assert unicodedata.normalize("NFKD", text) == f"10{minus} units"


@given(st.lists(st.tuples(_WORDS, st.sampled_from(["", "i", "b", "em", "jats:italic"])),
                min_size=1, max_size=6))
def test_a_title_equals_the_same_title_without_markup(words) -> None:
    from generator.read import title_key
    from generator.read.markup_text import markup_label
    from generator.records import Metadata

    plain = " ".join(w for w, _ in words)
    marked = " ".join(f"<{t}>{w}</{t}>" if t else w for w, t in words)
    assert markup_label(marked) == plain

    def key(title: str) -> str | None:
        return title_key(Metadata(title=title, year=2020, authors=("Ann Lee",)))

    assert key(markup_label(f"{marked} of CO<sub>2</sub>")) == key(f"{plain} of CO2")


def test_openalex_and_crossref_titles_read_their_html() -> None:
    from generator.read.jsondoc import read_json

    data = ('[{"id": "https://openalex.org/W1", "title": "Deep <i>Residual</i> Learning",'
            ' "publication_year": 2016, "authorships": []},'
            ' {"DOI": "10.1000/x", "issued": {"date-parts": [[2020]]}, "title": ["CO<sub>2</sub>'
            ' at 10<sup>6</sup> K"], "container-title": ["J. <i>Chem</i>"],'
            ' "abstract": "<jats:p>We have 10<jats:sup>-3</jats:sup> &amp; more.</jats:p>"},'
            ' {"title": "Q&amp;A Models &lt;Fast&gt;", "abstract": "Q&amp;A &amp; R&D."}]')
    records = read_json(data.encode(), "a.json", "seeds/a.json").records
    assert [(r.meta.title, r.meta.venue, r.text) for r in records] == [
        ("Deep Residual Learning", "", ""),
        ("CO₂ at 10⁶ K", "J. Chem", "We have 10⁻³ & more."),
        ("Q&A Models <Fast>", "", "Q&A & R&D.")]


def test_an_atom_html_summary_keeps_angle_bracket_math_and_its_title_is_plain() -> None:
    from generator.read.atom import read_atom

    feed = ('<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom">'
            '<title>q</title><id>x</id><updated>2024-01-01T00:00:00Z</updated><entry>'
            '<id>http://arxiv.org/abs/2401.00003v1</id><updated>2024-01-01T00:00:00Z</updated>'
            '<published>2024-01-01T00:00:00Z</published><title type="html">HTML &lt;i&gt;'
            'Title&lt;/i&gt; with x&lt;sup&gt;*&lt;/sup&gt;</title><summary type="html">x '
            '&amp;lt; y and f(x)=&lt;x,y&gt; holds at 10&lt;sup&gt;6&lt;/sup&gt;.</summary>'
            '</entry></feed>')
    [record] = read_atom(feed.encode(), "h.atom", "seeds/h.atom").records
    assert (record.meta.title, record.text) == ("HTML Title with x$^{*}$",
                                                "x < y and f(x)=<x,y> holds at 10⁶.")


def test_a_superscript_without_unicode_form_is_a_sup_on_the_page() -> None:
    from generator.read.markup_text import markup_to_text
    from generator.render.html import render_html
    from generator.text.markup import tokenize

    text = markup_to_text("<jats:p>Cost$5 and x<jats:sup>a,b</jats:sup> in $ too</jats:p>")
    assert "<sup>a,b</sup>" in render_html(tokenize(text))


@given(st.lists(st.lists(st.text(st.sampled_from("abcxyz0123456789."), min_size=1, max_size=6),
                         min_size=1, max_size=4), min_size=1, max_size=4),
       st.sampled_from(["td", "th", "jats:td"]))
def test_every_table_cell_stays_a_word_of_its_own(rows, cell) -> None:
    """Any table: one paragraph per row, its cells in order between " | ", none glued."""
    from generator.read.markup_text import markup_to_text

    table = "".join("<tr>" + "".join(f"<{cell}>{c}</{cell}>" for c in row) + "</tr>"
                    for row in rows)
    assert markup_to_text(f"<table>{table}</table>") == "\n\n".join(
        " | ".join(row) for row in rows)


@pytest.mark.parametrize("heading", ["Abstract", "Summary", "SUMMARY:", "abstract"])
def test_a_heading_naming_the_abstract_itself_is_left_out(heading) -> None:
    """Crossref's JATS abstracts open with <jats:title>Abstract</jats:title>, Elsevier's and
    Cell's with Summary (issue 22, finding 22): no part of the text."""
    from generator.read.markup_text import ABSTRACT_HEADINGS, markup_to_text

    jats = (f"<jats:sec><jats:title>{heading}</jats:title><jats:p>Cells divide.</jats:p>"
            "</jats:sec>")
    assert markup_to_text(jats, drop_heading=ABSTRACT_HEADINGS) == "Cells divide."
    assert markup_to_text("<jats:title>Background</jats:title><jats:p>Cells divide.</jats:p>",
                          drop_heading=ABSTRACT_HEADINGS) == "Background\n\nCells divide."
