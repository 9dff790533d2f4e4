"""The reader's tools (issue 24) used as a reader would: save papers, export the reading list
(BibTeX read back with bibtexparser, RIS with rispy, JSON), share it, read it from file://;
filter and sort a collection larger than one page; open a paper from the map; and axe finds
nothing on the new pages, light and dark, at 1280 and 390 px.

The site: the project with examples/* beside the seeds (records with authors, DOIs, arXiv
ids), built in-process with listings of ``PAGE_SIZE`` papers so a collection spans pages.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import tempfile
from pathlib import Path

import bibtexparser
import pytest
import rispy
from browser_support import axe_violations, playwright, serve
from bs4 import BeautifulSoup
from conftest import ROOT, _copy_project

from generator.render.authors import index_name

playwright()  # skips (or fails in CI) the whole module without Chromium
pytestmark = pytest.mark.browser

PAGE_SIZE = 8
# As tests/browser/test_browser.py: PAPER_DIGEST_SCREENSHOTS=screenshots refreshes the README's.
SCREENSHOTS = Path(os.environ.get("PAPER_DIGEST_SCREENSHOTS")
                   or Path(tempfile.gettempdir()) / "paper-digest-screenshots")
SECTION_NAV = re.compile(r'nav\[aria-labelledby="__nav_\d+_label"\]')  # test_accessibility


def _build(project: Path, offline: bool) -> Path:
    """``mkdocs build`` of ``project`` in this process, listings ``PAGE_SIZE`` long."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    from generator.render import pages

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(pages, "PAGE_SIZE", PAGE_SIZE)
        mp.setenv("PAPER_DIGEST_OFFLINE", "true" if offline else "false")
        if offline:  # Pagefind cannot run from file://: Material's lunr (README "Offline")
            mp.setenv("PAPER_DIGEST_SEARCH", "material")
        mp.chdir(project)
        build(load_config(str(project / "mkdocs.yml")))
    return project / "site"


@pytest.fixture(scope="module")
def reader_site(tmp_path_factory) -> Path:
    project = _copy_project(tmp_path_factory.mktemp("reader") / "project")
    for path in (ROOT / "examples").iterdir():
        shutil.copy2(path, project / "seeds" / path.name)
    return _build(project, offline=False)


@pytest.fixture(scope="module")
def offline_site(tmp_path_factory) -> Path:
    return _build(_copy_project(tmp_path_factory.mktemp("offline") / "project"), offline=True)


def _papers(site: Path) -> list[dict]:
    return json.loads((site / "papers.json").read_text(encoding="utf-8"))


@contextlib.contextmanager
def _context(browser, width: int = 1280, scheme: str = "light"):
    context = browser.new_context(viewport={"width": width, "height": 900},
                                  color_scheme=scheme, accept_downloads=True)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    try:
        yield context
    finally:
        context.close()


def _download(page, button: str) -> str:
    with page.expect_download() as info:
        page.get_by_role("button", name=button).click()
    return Path(info.value.path()).read_text(encoding="utf-8")


def test_save_export_and_share(browser, reader_site: Path) -> None:
    """Save two papers with metadata on their pages and one from a listing; the reading list
    shows the three; BibTeX and RIS read back to their titles, authors and identifiers, JSON
    to their ids; the share link shows the same papers in a browser with an empty list."""
    papers = _papers(reader_site)
    given = [p for p in papers if p["authors"] and (p["doi"] or p["arxiv_id"]) and
             not p["sources"][0]["file"].endswith(".bib")][:2]
    assert len(given) == 2
    with serve(reader_site) as base, _context(browser) as context:
        page = context.new_page()
        for p in given:
            page.goto(base + p["url"])
            star = page.locator(f'[data-pd-star="{p["id"]}"]')
            star.click()
            assert star.get_attribute("aria-pressed") == "true"
        listing = next(p for p in papers if p["id"] not in {g["id"] for g in given})
        page.goto(base + "collections/")
        page.goto(base + _collection_url(reader_site, listing["collection"]))
        page.locator(f'.pd-entry [data-pd-star="{listing["id"]}"]').click()
        page.goto(base + "reading-list/")
        items = page.locator("[data-pd-rl-items] > li > a")
        items.first.wait_for()
        chosen = [*given, listing]
        assert items.all_inner_texts() == [p["title"] for p in chosen]
        assert page.locator("[data-pd-rl-status]").inner_text() == "3 papers in your reading list."

        bib = bibtexparser.parse_string(_download(page, "Download BibTeX"))
        assert not bib.failed_blocks and len(bib.entries) == 3
        for entry, p in zip(bib.entries[:2], given, strict=True):
            fields = entry.fields_dict
            assert fields["title"].value == p["title"]
            assert fields["author"].value == " and ".join(p["authors"])
            assert (fields["doi"].value if p["doi"] else fields["eprint"].value) == (
                p["doi"] or p["arxiv_id"])
        ris = rispy.loads(_download(page, "Download RIS"))
        assert [e["title"] for e in ris] == [p["title"] for p in chosen]
        assert [e.get("authors", []) for e in ris] == [p["authors"] for p in chosen]
        assert [e.get("doi") for e in ris] == [p["doi"] for p in chosen]
        exported = json.loads(_download(page, "Download JSON"))
        assert [e["id"] for e in exported] == [p["id"] for p in chosen]

        page.get_by_role("button", name="Copy share link").click()
        page.get_by_role("button", name="Link copied").wait_for()
        shared = page.evaluate("navigator.clipboard.readText()")
    assert shared.endswith("?ids=" + ",".join(p["id"] for p in chosen))
    with serve(reader_site) as base, _context(browser) as context:
        page = context.new_page()
        page.goto(base + shared.split("/", 3)[3])
        page.locator("[data-pd-rl-items] > li > a").first.wait_for()
        assert page.locator("[data-pd-rl-items] > li > a").all_inner_texts() == [
            p["title"] for p in chosen]
        page.get_by_role("button", name="Add these papers to my reading list").click()
        page.goto(base + given[0]["url"])
        assert page.locator(f'[data-pd-star="{given[0]["id"]}"]').get_attribute(
            "aria-pressed") == "true"


def _collection_url(site: Path, name: str) -> str:
    """The first listing page of the collection ``name``, from the collections index."""
    soup = BeautifulSoup((site / "collections" / "index.html").read_text(encoding="utf-8"),
                         "html.parser")
    (href,) = [a["href"] for a in soup.select("article a[href]") if a.get_text() == name]
    return "collections/" + href


def test_filter_and_sort_the_whole_collection(browser, reader_site: Path) -> None:
    """A collection of more than PAGE_SIZE papers: a tag filter finds its papers on every page
    of the collection, the sort orders all of them, and the state is in the URL."""
    papers = _papers(reader_site)
    counts: dict[str, list[dict]] = {}
    for p in papers:
        counts.setdefault(p["collection"], []).append(p)
    name, members = max(counts.items(), key=lambda kv: len(kv[1]))
    assert len(members) > PAGE_SIZE
    # the commonest tag of a paper beyond the first page and of one among the last PAGE_SIZE
    tag = max({t for p in members[PAGE_SIZE:] for t in p["tags"]}
              & {t for p in members[-PAGE_SIZE:] for t in p["tags"]},
              key=lambda t: (sum(t in p["tags"] for p in members), t))
    expected = [p["title"] for p in members if tag in p["tags"]]
    assert any(tag in p["tags"] for p in members[PAGE_SIZE:])  # beyond the first page
    assert any(tag in p["tags"] for p in members[-PAGE_SIZE:])
    with serve(reader_site) as base, _context(browser) as context:
        page = context.new_page()
        page.goto(base + _collection_url(reader_site, name))
        assert page.locator(".pd-entry").count() == PAGE_SIZE
        page.get_by_label("Filter by tag").select_option(tag)
        results = page.locator("[data-pd-results] .pd-result__title a")
        assert results.all_inner_texts() == expected
        assert page.locator("[data-pd-count]").inner_text() == (
            f"{len(expected)} of {len(members)} papers")
        assert page.locator(".pd-entry:visible").count() == 0
        page.get_by_label("Sort").select_option("title")
        by_title = page.evaluate("t => t.slice().sort((a, b) => a.localeCompare(b))", expected)
        assert by_title != expected or len(expected) < 2
        assert results.all_inner_texts() == by_title
        assert f"tag={tag.replace(' ', '+')}" in page.url and "sort=title" in page.url
        last = next(p for p in reversed(members) if tag in p["tags"])  # not on page 1
        page.locator(f'[data-pd-results] [data-pd-star="{last["id"]}"]').click()
        page.reload()
        assert page.locator(f'[data-pd-results] [data-pd-star="{last["id"]}"]').get_attribute(
            "aria-pressed") == "true"
        assert page.get_by_label("Filter by tag").input_value() == tag
        assert len(results.all_inner_texts()) == len(expected)
        results.first.click()
        page.wait_for_url(re.compile(r"/papers/"))
        assert page.locator("h1").inner_text().removesuffix("¶") == by_title[0]


def test_author_facet_and_author_pages(browser, reader_site: Path) -> None:
    """The author index links each author with two or more papers; their page lists them
    and links their feed; the listings' author filter finds their papers."""
    papers = _papers(reader_site)
    by_author: dict[str, list[dict]] = {}
    for p in papers:
        for a in p["authors"]:
            by_author.setdefault(a, []).append(p)
    # A to Z by family name, listed "Family, Given" (the index's documented rule).
    many = sorted((a for a, ps in by_author.items() if len(ps) >= 2),
                  key=lambda a: (index_name(a)[1], a))
    assert many
    with serve(reader_site) as base, _context(browser) as context:
        page = context.new_page()
        page.goto(base + "authors/")
        assert page.locator(".pd-author-index a").all_inner_texts() == [
            index_name(a)[0] for a in many]
        page.get_by_role("link", name=index_name(many[0])[0], exact=True).click()
        titles = page.locator(".pd-author-papers a").all_inner_texts()
        assert titles == [p["title"] for p in by_author[many[0]]]
        feed = page.locator('link[rel="alternate"][href$=".xml"]').nth(1).get_attribute("href")
        assert page.get_by_role("link", name="Atom feed").get_attribute("href") == feed
        # The facet lists the authors with two or more papers in the listing: a tag of two
        # of their papers.
        shared = [(a, t) for a in many for t in by_author[a][0]["tags"]
                  if sum(t in p["tags"] for p in by_author[a]) >= 2]
        assert shared
        who, tag = shared[0]
        page.goto(base + "tags/")
        page.get_by_role("link", name=tag, exact=True).click()
        page.get_by_label("Filter by author").select_option(who)
        # A one-page listing filters its own entries, a longer one shows results of all pages.
        found = page.locator("[data-pd-results]:visible .pd-result__title a, "
                             ".pd-entry:visible .pd-entry__title > a").all_inner_texts()
        assert found == [p["title"] for p in by_author[who] if tag in p["tags"]]
        assert len(found) >= 2


def test_click_a_point_on_the_map(browser, reader_site: Path) -> None:
    """Every paper is a point; zooming changes the view; a click on a point opens the paper
    the text list names at the same place."""
    papers = _papers(reader_site)
    with serve(reader_site) as base, _context(browser) as context:
        page = context.new_page()
        page.goto(base + "map/")
        points = page.locator("[data-pd-map-svg] circle")
        assert points.count() == len(papers)
        assert page.locator("[data-pd-map-list] a").count() == len(papers)
        page.get_by_role("button", name="Zoom in").click()
        assert page.locator("[data-pd-map-svg]").get_attribute("viewBox") != "0 0 1000 1000"
        page.get_by_role("button", name="Reset").click()
        target = points.nth(3)
        name = page.locator("[data-pd-map-list] a").nth(3).inner_text()
        target.evaluate("c => c.scrollIntoView({block: 'center'})")  # clear of the header
        box = target.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.move(x, y)
        assert page.locator("[data-pd-map-tip]").inner_text() == name
        page.mouse.click(x, y)
        page.wait_for_url(re.compile(r"/papers/"))
        assert page.locator("h1").inner_text().removesuffix("¶") == name


def test_reading_list_works_from_file(browser, offline_site: Path) -> None:
    """The offline build opened from disk: a paper saved on its page is on the reading list,
    whose links open .html pages, and its BibTeX download parses."""
    paper = _papers(offline_site)[0]
    page_file = offline_site / paper["url"] / "index.html"
    with _context(browser) as context:
        page = context.new_page()
        page.goto(page_file.as_uri())
        page.locator(f'[data-pd-star="{paper["id"]}"]').click()
        page.goto((offline_site / "reading-list" / "index.html").as_uri())
        link = page.locator("[data-pd-rl-items] > li > a")
        link.first.wait_for()
        assert link.all_inner_texts() == [paper["title"]]
        assert link.first.get_attribute("href") == page_file.as_uri()
        bib = bibtexparser.parse_string(_download(page, "Download BibTeX"))
        assert [e.fields_dict["title"].value for e in bib.entries] == [paper["title"]]


def test_new_pages_pass_axe(browser, reader_site: Path) -> None:
    """Author index and page, a sorted listing, the reading list with three papers saved from
    a listing, and the map: no axe finding (but Material's unnamed section navs on phones) in
    light and dark, at 1280 and 390 px. Saves the README's screenshots (light mode)."""
    papers = _papers(reader_site)
    author = next(p for p in (reader_site / "authors").iterdir() if p.is_dir()).name
    coll = _collection_url(reader_site, max({p["collection"] for p in papers}, key=lambda c: sum(
        p["collection"] == c for p in papers)))
    paths = {"authors": "authors/", "author": f"authors/{author}/",
             "filtered-collection": coll + "?sort=title&code=none", "reading-list": "reading-list/",
             "map": "map/"}
    found = {}
    with serve(reader_site) as base:
        for width in (1280, 390):
            for scheme in ("light", "dark"):
                with _context(browser, width, scheme) as context:
                    page = context.new_page()
                    page.goto(base + coll)
                    for star in page.locator(".pd-entry [data-pd-star]").all()[:3]:
                        star.click()
                    for kind, path in paths.items():
                        page.goto(base + path, wait_until="networkidle")
                        found[f"{kind} {scheme} {width}"] = [
                            f"{v['id']}: {n['target']}" for v in axe_violations(page)
                            for n in v["nodes"] if not (v["id"] == "landmark-unique" and
                                                        SECTION_NAV.fullmatch(n["target"]))]
                        if scheme == "light":
                            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                            name = f"{kind}{'-phone' if width < 1000 else ''}.png"
                            page.screenshot(path=str(SCREENSHOTS / name), full_page=False)
    assert len(found) == 20
    assert {k: v for k, v in found.items() if v} == {}
