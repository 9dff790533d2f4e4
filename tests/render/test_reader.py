"""The reader's tools (issue 24): authors and their merge rule, the topic and author feeds
with their dates, the reading list's BibTeX/RIS/JSON records, the listings' index, and the
first-seen day kept in the permalinks file."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from datetime import datetime, timezone
from pathlib import Path

import bibtexparser
import pytest
import rispy

from generator.addresses import plan_addresses, read_addresses, write_addresses
from generator.catalog import build_catalog
from generator.records import Abstract, Metadata, PaperFacts, Source
from generator.render.authors import author_key, authors_of, co_authors, index_name
from generator.render.feed import render_feed
from generator.render.feeds import topic_feeds
from generator.render.listing_index import INDEX_FIELDS, listing_index
from generator.render.pages import paper_entry, render_site
from generator.render.reading_list import record_chunks, ris_entry

ATOM = "{http://www.w3.org/2005/Atom}"
STAMP = datetime(2024, 3, 5, 12, 0, tzinfo=timezone.utc)


def _catalog(*specs: dict) -> tuple:
    """Papers from ``{"title", "authors", "collection", "tags", "date", ...}`` dicts (metadata
    records of a JSON Lines file), ids ``000000000000``, ``000000000001``, ..."""
    facts = []
    for i, s in enumerate(specs):
        meta = Metadata(title=s["title"], authors=tuple(s.get("authors", ())),
                        venue=s.get("venue", ""), year=s.get("year"), date=s.get("date", ""),
                        doi=s.get("doi", ""), arxiv_id=s.get("arxiv_id", ""))
        a = Abstract(f"Abstract {i}.", s.get("collection", "C"), (Source("x.jsonl", i + 1, i + 1),),
                     meta)
        facts.append(PaperFacts(abstract=a, id=f"{i:012d}", name=None, title=s["title"],
                                highlight=f"Abstract {i}.", tags=tuple(s.get("tags", ())),
                                links=(), code=(), hub=(), code_status="none",
                                plain=f"Abstract {i}.", authors=meta.authors, venue=meta.venue))
    return build_catalog(tuple(facts))


@pytest.mark.parametrize(("a", "b", "same"), [
    ("José García", "Jose Garcia", True),          # accents
    ("García, José", "José García", True),         # BibTeX's Family, Given
    ("Jean-Pierre Dupont", "Jean Pierre Dupont", True),
    ("ANN LEE", "Ann Lee", True),
    ("J. Smith", "John Smith", False),             # an initial names many people
    ("J. Smith", "J Smith", True),
    ("Li Wei", "Wei Li", False),                   # order without a comma is kept
])
def test_author_merge_rule(a: str, b: str, same: bool) -> None:
    """Two spellings share a key exactly when the documented rule says so."""
    assert (author_key(a) == author_key(b)) is same


def test_authors_merge_variants_and_never_two_people() -> None:
    """Variants are one author shown by the most used spelling; names that only share a slug
    stay two authors with distinct slugs; co-authors are counted per shared paper."""
    papers = _catalog(
        {"title": "P1", "authors": ["José García", "Ann Lee"]},
        {"title": "P2", "authors": ["Jose Garcia", "Ann Lee"]},
        {"title": "P3", "authors": ["José García", "Bo Li"]},
        {"title": "P4", "authors": ["Jose-Garcia"]},   # slug jose-garcia, key "jose garcia"
        {"title": "P5", "authors": ["Index"]})
    authors = authors_of(papers)
    by_name = {a.name: a for a in authors}
    assert [a.name for a in authors] == ["José García", "Ann Lee", "Bo Li", "Index"]
    garcia = by_name["José García"]
    assert garcia.variants == ("Jose Garcia", "Jose-Garcia")
    assert [p.title for p in garcia.papers] == ["P1", "P2", "P3", "P4"]
    assert by_name["Index"].slug == "index-2"  # authors/index.md is the index
    by_key = {author_key(a.name): a for a in authors}
    assert [(b.name, n) for b, n in co_authors(garcia, by_key)] == [("Ann Lee", 2),
                                                                      ("Bo Li", 1)]
    assert [a.has_page for a in authors] == [True, True, False, False]
    twins = authors_of(_catalog({"title": "A", "authors": ["Łukasz Kaiser"]},
                                {"title": "B", "authors": ["Lukasz Kaiser"]}))
    # Ł is a letter of its own, not L with an accent: two keys, two slugs, no silent merge.
    assert [(a.name, a.slug) for a in twins] == [("Łukasz Kaiser", "lukasz-kaiser"),
                                                 ("Lukasz Kaiser", "lukasz-kaiser-2")]


@pytest.mark.parametrize(("name", "shown", "key"), [
    ("José García", "García, José", "garcia jose"),
    ("García, José", "García, José", "garcia jose"),          # already Family, Given
    ("Ludwig van Beethoven", "Beethoven, Ludwig van", "beethoven ludwig-van"),
    ("de la Fontaine, Jean", "Fontaine, Jean de la", "fontaine jean-de-la"),
    ("Jean-Pierre Dupont", "Dupont, Jean-Pierre", "dupont jean-pierre"),
    ("Plato", "Plato", "plato"),                              # one part: as it is
])
def test_index_name_lists_family_first(name: str, shown: str, key: str) -> None:
    """The author index shows and sorts a name by BibTeX's parts, family name first."""
    assert index_name(name) == (shown, key)


def test_author_index_is_a_to_z_by_family_name() -> None:
    """Authors with a page are grouped by their family name's letter, family first."""
    two = ["Zoe Adams", "Ann Young", "Bo Li"]
    papers = _catalog({"title": "A", "authors": two}, {"title": "B", "authors": two})
    page = render_site(papers, ("Vision",), site_name="D")["authors/index.md"]
    body = page.split("</nav>")[1]
    assert re.findall(r"<li><a [^>]*>([^<]*)</a> \(2\)</li>", body) == [
        "Adams, Zoe", "Li, Bo", "Young, Ann"]
    assert [line for line in body.splitlines() if line.startswith("<h2")] == [
        '<h2 id="letter-a">A</h2>', '<h2 id="letter-l">L</h2>', '<h2 id="letter-y">Y</h2>']


def test_topic_feeds_date_and_link_their_papers() -> None:
    """A tag's feed lists its papers newest first by given date or first-seen day, with links
    relative to the feed (two folders below the root) or absolute under site_url."""
    papers = _catalog(
        {"title": "Old", "tags": ["T"], "date": "2020-05-01", "authors": ["Ann Lee"]},
        {"title": "Seen", "tags": ["T"], "authors": ["Ann Lee"]},
        {"title": "Other", "tags": []})
    authors = authors_of(papers)
    feeds = topic_feeds("D", {"T": [papers[0], papers[1]]}, {"T": "t"},
                        {"C": list(papers)}, {"C": "c"}, authors)
    assert [(f.path, f.title, f.page, len(f.papers)) for f in feeds] == [
        ("feeds/tags/t.xml", "D: T", "tags/t/", 2),
        ("feeds/collections/c.xml", "D: C", "collections/c/", 3),
        ("feeds/authors/ann-lee.xml", "D: papers by Ann Lee", "authors/ann-lee/", 2)]
    root = ET.fromstring(render_feed(papers, "D", STAMP, None, {papers[1].id: "2023-02-01"},
                                     feeds[0]))
    entries = root.findall(f"{ATOM}entry")
    assert [e.findtext(f"{ATOM}title") for e in entries] == ["Seen", "Old"]
    assert [e.findtext(f"{ATOM}published")[:10] for e in entries] == ["2023-02-01",
                                                                       "2020-05-01"]
    assert entries[0].find(f"{ATOM}link").get("href") == "../../" + papers[1].url
    assert root.find(f"{ATOM}link[@rel='alternate']").get("href") == "../../tags/t/"
    assert root.find(f"{ATOM}link[@rel='self']").get("href") == "t.xml"
    assert entries[0].find(f"{ATOM}content") is None  # summaries only: topic feeds stay small
    absolute = ET.fromstring(render_feed(papers, "D", STAMP, "https://x.org/d/", {}, feeds[2]))
    assert absolute.find(f"{ATOM}link[@rel='self']").get("href") == (
        "https://x.org/d/feeds/authors/ann-lee.xml")


def _records(papers) -> dict:
    chunks = record_chunks(papers, {p.id: paper_entry(p) for p in papers}, "https://x.org/d/")
    out = {}
    for path, script in chunks.items():
        assert path.startswith("data/records/") and script.startswith("pdReadingRecords(")
        body = json.loads(script.removeprefix("pdReadingRecords(").removesuffix(");\n"))
        assert {pid[:2] for pid in body} == {path[-5:-3]}
        out.update(body)
    return out


def test_exports_parse_back_to_the_same_papers() -> None:
    """The reading list's BibTeX (bibtexparser) and RIS (rispy) give back every paper's
    title, authors and identifiers; the JSON holds the papers.json fields."""
    papers = _catalog(
        {"title": "Attention Is All You Need", "authors": ["Ashish Vaswani", "Noam Shazeer"],
         "venue": "NeurIPS 2017", "year": 2017, "date": "2017-06-12",
         "arxiv_id": "1706.03762"},
        {"title": "Deep Residual Learning: 50% & More", "authors": ["Kaiming He"],
         "venue": "CVPR", "year": 2016, "doi": "10.1109/cvpr.2016.90"})
    records = _records(papers)
    assert list(records) == [p.id for p in papers]
    bib = bibtexparser.parse_string("\n".join(r["bibtex"] for r in records.values()))
    assert not bib.failed_blocks
    assert [e.fields_dict["title"].value for e in bib.entries] == [
        "Attention Is All You Need", r"Deep Residual Learning: 50\% \& More"]
    assert [e.fields_dict["author"].value for e in bib.entries] == [
        "Ashish Vaswani and Noam Shazeer", "Kaiming He"]
    assert bib.entries[0].fields_dict["eprint"].value == "1706.03762"
    assert bib.entries[1].fields_dict["doi"].value == "10.1109/cvpr.2016.90"
    ris = rispy.loads("\n".join(r["ris"] for r in records.values()))
    assert [(e["title"], e["authors"], e.get("doi"), e.get("notes")) for e in ris] == [
        ("Attention Is All You Need", ["Ashish Vaswani", "Noam Shazeer"], None,
         ["arXiv:1706.03762"]),
        ("Deep Residual Learning: 50% & More", ["Kaiming He"], "10.1109/cvpr.2016.90", None)]
    assert [(e["type_of_reference"], e["year"], e.get("date")) for e in ris] == [
        ("CONF", "2017", "2017/06/12/"), ("CONF", "2016", None)]
    first = records[papers[0].id]["json"]
    assert first["title"] == "Attention Is All You Need" and first["arxiv_id"] == "1706.03762"
    assert first["page"] == "https://x.org/d/" + papers[0].url
    assert ris_entry(papers[1], None).startswith("TY  - CONF\n")


def test_listing_index_holds_every_paper_once() -> None:
    """One row per paper with its page, title, day, collection, tags, code status and merged
    authors (numbers into the index's lists)."""
    papers = _catalog(
        {"title": "A", "authors": ["José García"], "tags": ["T2"], "date": "2021-03",
         "collection": "C2"},
        {"title": "B", "authors": ["Jose Garcia", "Bo Li"], "collection": "C1"})
    script = listing_index(papers, ("T1", "T2"), ["C1", "C2"], authors_of(papers),
                           {papers[1].id: "2022-01-09"}, STAMP.date())
    data = json.loads(script.removeprefix("pdListingIndex(").removesuffix(");\n"))
    assert data["fields"] == list(INDEX_FIELDS)
    assert data["authors"] == ["José García", "Bo Li"]
    assert data["papers"] == [[papers[0].url, "A", 20210300, 1, [1], 2, [0], papers[0].id],
                              [papers[1].url, "B", 20220109, 0, [], 2, [0, 1], papers[1].id]]


def test_first_seen_day_is_kept_across_builds(tmp_path: Path) -> None:
    """A new paper is first seen on this build's day; the permalinks file keeps that day, so
    the next build (a later day) dates it the same."""
    papers = _catalog({"title": "A"})
    addresses, _ = plan_addresses(papers, (), "2024-01-02")
    assert addresses[0].seen == "2024-01-02"
    path = tmp_path / "permalinks.json"
    write_addresses(path, addresses)
    later, _ = plan_addresses(papers, read_addresses(path), "2024-05-06")
    assert later[0].seen == "2024-01-02"


def test_site_plan_has_the_reader_files() -> None:
    """The rendered site holds one feed per tag and collection, the author pages and index,
    the reading list, its record scripts and the listings' index; listing pages name their
    feed in front matter and link it."""
    papers = _catalog(
        {"title": "A", "authors": ["Ann Lee"], "tags": ["Vision"]},
        {"title": "B", "authors": ["Ann Lee", "Bo Li"], "tags": ["Vision"]})
    files = render_site(papers, ("Vision", "Audio"), site_name="D")
    reader = sorted(p for p in files if p.startswith(("feeds/", "authors/", "data/"))
                    or p in ("reading-list/index.md", "map/index.md"))
    assert reader == ["authors/ann-lee/index.md", "authors/index.md", "data/listing-index.js",
                      "data/records/00.js", "feeds/authors/ann-lee.xml",
                      "feeds/authors/sitemap.xml",
                      "feeds/collections/c.xml", "feeds/collections/sitemap.xml",
                      "feeds/tags/audio.xml", "feeds/tags/sitemap.xml",
                      "feeds/tags/vision.xml", "map/index.md", "reading-list/index.md"]
    assert files["feeds/tags/sitemap.xml"] == files["feeds/authors/sitemap.xml"]
    assert "feed: feeds/tags/vision.xml\n" in files["tags/vision/index.md"]
    assert 'href="../../feeds/tags/vision.xml" type="application/atom+xml"' in files[
        "tags/vision/index.md"]
    assert "feed:" not in files["code/index.md"].split("---")[1]
    page = files["authors/ann-lee/index.md"]
    assert "search:\n  exclude: true" in page and page.count('data-pd-star="') == 2
    assert '<a href="../../collections/c/">C</a> (2)' in page
    assert "<li>Bo Li (1)</li>" in page  # one paper: no page, named without a link


def test_map_places_similar_papers_together_deterministically() -> None:
    """An abstract lies nearest to one on its own topic, not to one on another; the same
    input gives the same places; the SVG has one point per paper, in the lists' order."""
    from generator.render.digest_map import layout, map_points, map_svg

    graphs = [f"Graph neural networks pass messages between nodes of the graph {w}."
              for w in ("citation", "molecule", "social")]
    images = [f"Diffusion models denoise image pixels to generate pictures of {w}."
              for w in ("faces", "rooms", "cats")]
    places = layout(graphs + images)
    assert places == layout(graphs + images)

    def far(a: int, b: int) -> float:
        return ((places[a][0] - places[b][0]) ** 2 + (places[a][1] - places[b][1]) ** 2) ** .5
    # Each paper's nearest neighbour shares its topic (the axes are scaled to [0, 1] each, so
    # the spread inside one group may exceed the gap between groups on the other axis).
    groups = ((0, 1, 2), (3, 4, 5))
    nearest = [min((b for b in range(6) if b != a), key=lambda b, a=a: far(a, b))
               for a in range(6)]
    assert [next(g for g in groups if n in g) for n in nearest] == [
        next(g for g in groups if a in g) for a in range(6)]
    papers = _catalog(*({"title": f"P{i}", "tags": [t] if t else []} for i, t in
                        enumerate(["G", "G", "I", "", "G", "I"])))
    points, legend = map_points(papers, ("G", "I"))
    assert legend == [("G", "#0072b2", 3), ("I", "#e69f00", 2), ("Other or no tag", "#9e9e9e", 1)]
    assert [pt.paper.title for pt in points] == ["P0", "P1", "P4", "P2", "P5", "P3"]
    assert map_svg(points, legend).count("<circle ") == 6


def test_byline_links_the_authors_who_have_a_page() -> None:
    """A paper page's byline links an author's name to their page when they have one (with
    PAGE_MIN papers), as the written address of that page; other names stay plain text."""
    papers = _catalog(
        {"title": "A", "authors": ["Ann Lee", "Bo Li"]},
        {"title": "B", "authors": ["Ann Lee"]})
    files = render_site(papers, (), site_name="D")
    with_page = [a for a in authors_of(papers) if a.has_page]
    assert [a.name for a in with_page] == ["Ann Lee"]
    page = next(text for path, text in files.items()
                if path.startswith("papers/") and "\ntitle: A\n" in text)
    byline = page.split('<p class="pd-byline">', 1)[1].split("</p>", 1)[0]
    assert byline == (f'<a class="pd-author" href="../../authors/{with_page[0].slug}/">'
                      "Ann Lee</a>, Bo Li")
    assert f"authors/{with_page[0].slug}/index.md" in files
