"""The cite block (BibTeX entry, plain reference, JSON download), the feed's order and
addresses, and the new papers.json fields."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from datetime import datetime, timezone

import bibtexparser
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.catalog import build_catalog
from generator.records import Abstract, Metadata, PaperFacts, Source
from generator.render.cite import bibtex_entry, cite_key, reference
from generator.render.feed import render_feed
from generator.render.pages import paper_entry, render_site

ATOM = "{http://www.w3.org/2005/Atom}"
SITE = "https://example.org/digest/"


def _paper(title="Derived Title", file="x.jsonl", text="Some text.", given=None, **meta):
    """A catalogued paper; ``given``: the title is also the metadata's (else derived)."""
    m = Metadata(title=title if given or (given is None and meta) else "", **meta)
    f = PaperFacts(abstract=Abstract(text, "NeurIPS 2025 Papers", (Source(file, 3, 5),), m),
                   id="0123456789ab", name=None, title=title, highlight=text, tags=(),
                   links=(), code=(), hub=(), code_status="none", plain=text,
                   authors=tuple(a.replace("{", "").replace("}", "") for a in m.authors),
                   venue=m.venue)
    return build_catalog((f,))[0]


def _parse(entry: str):
    library = bibtexparser.parse_string(entry)
    assert not library.failed_blocks, library.failed_blocks
    (parsed,) = library.entries
    return parsed


def test_plain_abstract_entry() -> None:
    """A .txt abstract: @misc with its derived title, collection, the page's absolute address
    and a note that the title is derived; no url without site_url."""
    p = _paper(file="000.txt", given=False)
    assert bibtex_entry(p, SITE) == (
        "@misc{derived-012345,\n"
        "  title        = {Derived Title},\n"
        "  howpublished = {NeurIPS 2025 Papers},\n"
        "  url          = {https://example.org/digest/papers/derived-title/},\n"
        "  note         = {Title derived from the abstract},\n"
        "}\n")
    assert "url" not in bibtex_entry(p, None)
    assert reference(p) == "Derived Title. NeurIPS 2025 Papers, abstract 3 of 000.txt."


def test_metadata_entry() -> None:
    p = _paper(title="Attention Is All You Need", authors=("Ashish Vaswani", "Noam Shazeer"),
               venue="NeurIPS", year=2017, arxiv_id="1706.03762", doi="10.1000/x")
    assert bibtex_entry(p, SITE) == (
        "@inproceedings{vaswani2017attention,\n"
        "  title         = {Attention Is All You Need},\n"
        "  author        = {Ashish Vaswani and Noam Shazeer},\n"
        "  booktitle     = {NeurIPS},\n"
        "  year          = {2017},\n"
        "  doi           = {10.1000/x},\n"
        "  eprint        = {1706.03762},\n"
        "  archivePrefix = {arXiv},\n"
        "  url           = {https://example.org/digest/papers/attention-is-all-you-need/},\n"
        "}\n")
    assert reference(p) == ("Ashish Vaswani and Noam Shazeer (2017). Attention Is All You "
                            "Need. NeurIPS.")


def test_journal_volume_number_and_pages_are_cited() -> None:
    """A journal article's volume, issue number and pages reach its BibTeX entry and its RIS
    record (VL, IS, SP, EP), read back equal by bibtexparser and rispy."""
    import rispy

    from generator.render.reading_list import ris_entry

    p = _paper(title="Kernel Tests", authors=("Ann Lee",), venue="JMLR", year=2023,
               entry_type="article", volume="24", number="112", pages="1-38")
    entry = _parse(bibtex_entry(p, None))
    assert (entry["journal"], entry["volume"], entry["number"], entry["pages"]) == (
        "JMLR", "24", "112", "1--38")
    [ris] = rispy.loads(ris_entry(p, None))
    assert (ris["volume"], ris["number"], ris["start_page"], ris["end_page"]) == (
        "24", "112", "1", "38")


def test_month_macro_and_one_full_stop() -> None:
    """A date with a month gives BibTeX's month macro (unbraced, as styles expect); a title or
    venue that ends in ``?``, ``!`` or ``.`` gets no second full stop in the reference."""
    p = _paper(title="Do Models Need to See?", authors=("Ana Lima",), venue="Proc. ICML",
               year=2025, date="2025-11-03")
    entry = bibtex_entry(p, None)
    assert "  month     = nov,\n" in entry
    assert _parse(entry).fields_dict["month"].value == "nov"  # read back as the macro
    assert reference(p) == "Ana Lima (2025). Do Models Need to See? Proc. ICML."
    assert "month" not in bibtex_entry(_paper(title="T", authors=("A B",), year=2025,
                                              date="2025"), None)


def test_given_type_key_and_url_and_bibtex_values() -> None:
    """A .bib record keeps its type, key and TeX; the given URL beats the page's; an
    OpenReview forum is the url of a note."""
    bib = _paper(file="x.bib", title="{BERT}: Deep", authors=("Jacob Devlin",),
                 entry_type="article", cite_key="devlin2019", venue="J. {ML}",
                 url="https://aclanthology.org/N19-1423")
    parsed = _parse(bibtex_entry(bib, SITE))
    assert (parsed.entry_type, parsed.key) == ("article", "devlin2019")
    assert parsed.fields_dict["title"].value == "{BERT}: Deep"
    assert parsed.fields_dict["journal"].value == "J. {ML}"
    assert parsed.fields_dict["url"].value == "https://aclanthology.org/N19-1423"
    note = _parse(bibtex_entry(_paper(title="T", openreview_id="abcdefgh"), SITE))
    assert note.fields_dict["url"].value == "https://openreview.net/forum?id=abcdefgh"


def test_special_characters_are_escaped_outside_math() -> None:
    p = _paper(given=False, title="50% & More: $x_1 \\& y$ for C#_3 {unbalanced",
               authors=("Smith and Sons", "Ann Lee"))
    entry = bibtex_entry(p, None)
    assert "  title        = {50\\% \\& More: $x_1 \\& y$ for C\\#\\_3 unbalanced},\n" in entry
    assert "  author       = {{Smith and Sons} and Ann Lee},\n" in entry
    _parse(entry)


def test_key_rules() -> None:
    assert cite_key(_paper(title="The Art of War", authors=("Sun Tzu",), year=500)) == \
        "tzu500art"
    assert cite_key(_paper(title="Über Alles", authors=("Jörg Müller",))) == "mulleruber"
    assert cite_key(_paper(title="On the", authors=())) == "paper-012345"


NAMES = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1,
                max_size=20).filter(str.strip)
TEXTS = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")) | st.sampled_from(
    list("{}$\\%&#_@\",=")), min_size=1, max_size=60).filter(str.strip)


@settings(max_examples=60, deadline=None)
@given(title=TEXTS, authors=st.lists(NAMES, max_size=3), venue=TEXTS | st.just(""),
       year=st.none() | st.integers(1900, 2100))
def test_every_entry_parses(title: str, authors: list[str], venue: str, year) -> None:
    """Whatever the metadata of a non-BibTeX record, its entry is one BibTeX entry that
    bibtexparser reads without failure, with the given year and every field there."""
    p = _paper(title=" ".join(title.split()) or "T", authors=tuple(authors), venue=venue,
               year=year)
    parsed = _parse(bibtex_entry(p, SITE))
    assert parsed.fields_dict["title"]
    if year:
        assert parsed.fields_dict["year"].value == str(year)


def test_cite_downloads_name_the_papers_record() -> None:
    """The cite block's downloads (BibTeX, RIS, JSON) name the paper's id, whose reading-list
    record (``data/records/<first two hex digits>.js``) holds them; no other copy of the
    paper's data is written beside the page or into it."""
    p = _paper(title='A "quoted" #1 50% \\emph{x}', authors=("A B",), year=2020)
    files = render_site((p,), ())
    page = files[f"papers/{p.slug}/index.md"]
    # reading-list.js names the files by the record's address (papers/<slug>/):
    # tests/browser/test_browser_metadata.py.
    assert re.findall(r'<span class="pd-cite__downloads" data-pd-cite="([0-9a-f]+)" hidden>',
                      page) == [p.id]
    assert re.findall(r'data-pd-cite-export="(\w+)"', page) == ["bibtex", "ris", "json"]
    record = json.loads(files[f"data/records/{p.id[:2]}.js"].removeprefix(
        "pdReadingRecords(").removesuffix(");\n"))[p.id]
    assert record["bibtex"] == bibtex_entry(p, None) and record["json"]["id"] == p.id
    assert record["url"] == f"papers/{p.slug}/"
    assert [path for path in files if path.startswith(f"papers/{p.slug}/")] == [
        f"papers/{p.slug}/index.md"]
    assert "data:" not in page and "base64" not in page


def test_papers_json_fields() -> None:
    p = _paper(title="T", authors=("A B",), venue="V", year=2020, date="2020-05",
               doi="10.1/x", keywords=("k",), cite_key="key1")
    record = paper_entry(p)
    assert {k: record[k] for k in ("derived_title", "authors", "venue", "year", "date", "doi",
                                    "arxiv_id", "openreview_id", "keywords", "paper_links")} == {
        "derived_title": None, "authors": ["A B"], "venue": "V", "year": 2020,
        "date": "2020-05", "doi": "10.1/x", "arxiv_id": None, "openreview_id": None,
        "keywords": ["k"], "paper_links": []}
    assert record["sources"] == [{"file": "x.jsonl", "abstract": 3, "line": 5, "key": None}]


def test_feed_orders_by_date_with_absolute_links() -> None:
    """Entries newest first by their given date (a full date before a month before a year),
    an undated paper by the day it first appeared (``seen``), else by the feed's stamp; ties
    in input order; links absolute under site_url; dates and authors from metadata."""
    papers = build_catalog(tuple(p.facts for p in (
        _paper(title="Undated A"), _paper(title="Year 2023", year=2023, date="2023"),
        _paper(title="Day", date="2023-12-01", authors=("Ann Lee",)),
        _paper(title="Undated B"), _paper(title="Month", date="2023-12"),
        _paper(title="Older", date="2021-01-01"))))
    papers = tuple(p.replace(facts=p.facts.replace(id=f"{i:012d}")) for i, p in
                   enumerate(papers))
    seen = {papers[0].id: "2022-06-30"}  # Undated A first appeared then; B is new
    root = ET.fromstring(render_feed(papers, "T", datetime(2024, 1, 1, tzinfo=timezone.utc),
                                     SITE, seen))
    entries = root.findall(f"{ATOM}entry")
    assert [e.findtext(f"{ATOM}title") for e in entries] == [
        "Undated B", "Day", "Month", "Year 2023", "Undated A", "Older"]
    assert [e.findtext(f"{ATOM}published") for e in entries] == [
        f"{d}T00:00:00+00:00" for d in ("2024-01-01", "2023-12-01", "2023-12-01",
                                        "2023-01-01", "2022-06-30", "2021-01-01")]
    assert [e.findtext(f"{ATOM}updated") for e in entries] == [
        e.findtext(f"{ATOM}published") for e in entries]
    assert entries[1].find(f"{ATOM}link").get("href") == SITE + "papers/day/"
    assert entries[1].findtext(f"{ATOM}author/{ATOM}name") == "Ann Lee"
    relative = ET.fromstring(render_feed(papers, "T", datetime(2024, 1, 1,
                                                                tzinfo=timezone.utc)))
    assert relative.find(f"{ATOM}entry/{ATOM}link").get("href") == "papers/undated-a/"


def test_and_others_is_written_back_and_shown_as_et_al() -> None:
    """A list ending in BibTeX's ``and others``: the entry keeps it, the reference says et al."""
    import dataclasses

    p = _paper(file="x.bib", title="T", authors=("Doe, J.", "others"), year=2020)
    p = dataclasses.replace(p, facts=dataclasses.replace(p.facts, authors=("Doe, J.",),
                                                         et_al=True))
    assert _parse(bibtex_entry(p, None)).fields_dict["author"].value == "Doe, J. and others"
    assert reference(p) == "Doe, J., et al. (2020). T."


def test_a_title_of_only_braces_still_names_the_paper() -> None:
    """"{" escapes to nothing (an unbalanced brace is dropped): the entry's title is the
    paper's id, so the entry still parses with a title (found by test_every_entry_parses)."""
    parsed = _parse(bibtex_entry(_paper(title="{", authors=(), venue="", year=None), SITE))
    assert parsed.fields_dict["title"].value == "Paper 0123456789ab"
