"""``paper-digest build --search pagefind``: Material's lunr search off, a Pagefind index and
search dialog instead (the option for large digests, issue 5).

The site is built from a private copy of the project (tests/conftest.py) in Pagefind mode. The
browser tests use Debian's Chromium through Playwright, skipped or required exactly like
tests/test_browser.py (PAPER_DIGEST_REQUIRE_BROWSER=1 turns a skip into a failure).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from browser_support import pagefind_search, serve
from bs4 import BeautifulSoup

from generator import cli
from generator.plugin import plugin

pytestmark = pytest.mark.e2e  # builds sites or generates the seeds

FASTVID = "papers/fastvid-dynamic-density-pruning-for-fast-video-llms/"
SINKHORN_START = "The Schrödinger bridge problem seeks"
COLLECTION = "collections/neurips-2025-papers/"






# --------------------------------------------------------------------------- fixtures


# --------------------------------------------------------------------------- build output


def test_pagefind_bundle_and_no_lunr_index(pf_site: Path) -> None:
    """Pagefind's bundle is written; Material's search index (and its worker config) is not."""
    assert (pf_site / "pagefind" / "pagefind-entry.json").is_file()
    assert (pf_site / "pagefind" / "pagefind-ui.js").is_file()
    assert (pf_site / "pagefind" / "pagefind-ui.css").is_file()
    assert not (pf_site / "search" / "search_index.json").exists()
    entry = json.loads((pf_site / "pagefind" / "pagefind-entry.json").read_text())
    # the papers + about and statistics; the pages whose front matter says search: exclude
    # (home, listings, tag pages, the tag and collection indexes) are not indexed.
    papers = json.loads((pf_site / "papers.json").read_text(encoding="utf-8"))
    [lang] = entry["languages"].values()
    assert lang["page_count"] == len(papers) + 2, entry


def test_pagefind_markup(pf_site: Path) -> None:
    """Paper pages: content in data-pagefind-body, the search button inside the header bar, the
    dialog loads nothing up front. Listings carry no data-pagefind-body; no lunr search box."""
    html = (pf_site / FASTVID / "index.html").read_text(encoding="utf-8")
    assert html.count("data-pagefind-body") == 1
    soup = BeautifulSoup(html, "html.parser")
    assert soup.select_one("header.md-header [data-pd-search-open]") is not None
    assert "md-search__input" not in html
    # The dialog is built by pagefind-search.js when first opened: not in the page, whose
    # script tag carries the dialog's labels.
    assert soup.select("dialog, [data-pd-search]") == []
    (script,) = soup.select('script[src="../../assets/javascripts/pagefind-search.js"]')
    assert (script["data-pd-label-search"], script["data-pd-label-reset"],
            script["data-pd-label-placeholder"]) == ("Search", "Clear", "Search")
    # pagefind-ui.js is loaded by pagefind-search.js on demand, never by a <script> tag.
    assert "pagefind/pagefind-ui.js" not in html
    assert "assets/javascripts/pagefind-search.js" in html
    # The abstract's heading is no search text (excerpts began "Abstract. ..."); its words are.
    section = soup.select_one("#abstract")
    assert [h.has_attr("data-pagefind-ignore") for h in section.select("h2, h3")] == [True]
    assert section.select_one("p.pd-abstract").get("data-pagefind-ignore") is None
    listing = (pf_site / COLLECTION / "index.html").read_text(encoding="utf-8")
    assert "data-pagefind-body" not in listing
    assert "data-pd-search-open" in listing


def test_material_mode_unchanged(built_site: Path) -> None:
    """The default build keeps Material's search and has nothing of Pagefind."""
    assert (built_site / "search" / "search_index.json").is_file()
    assert not (built_site / "pagefind").exists()
    html = (built_site / FASTVID / "index.html").read_text(encoding="utf-8")
    assert "md-search__input" in html
    assert "data-pagefind-body" not in html
    assert "data-pd-search-open" not in html


def test_missing_pagefind_is_a_clear_error(project_copy, monkeypatch, capsys) -> None:
    """Without the pagefind package the build stops before generating, naming the extra."""
    monkeypatch.chdir(project_copy)
    monkeypatch.setattr(plugin, "pagefind_installed", lambda: False)
    assert cli.main(["build", "--search", "pagefind"]) == 1
    err = capsys.readouterr().err
    assert "pip install -e '.[pagefind]'" in err
    assert not (project_copy / ".paper-digest-cache" / "pages").exists()


def test_pagefind_and_offline_refused(project_copy, monkeypatch, capsys) -> None:
    """Pagefind needs a web server (it fetches its index and WebAssembly): not offline."""
    monkeypatch.chdir(project_copy)
    assert cli.main(["build", "--search", "pagefind", "--offline"]) == 1
    assert "cannot be combined with offline: true" in capsys.readouterr().err
    assert not (project_copy / ".paper-digest-cache" / "pages").exists()


# --------------------------------------------------------------------------- browser


@pytest.fixture(scope="module")
def base_url(pf_site):
    with serve(pf_site) as url:
        yield url




def _pagefind_search(page, base_url: str, query: str, path: str = "") -> list[str]:
    """Open the search dialog from the header, type ``query`` key by key; the result pages
    (site paths, in rank order) once the dialog answers exactly this query."""
    return [r["path"] for r in pagefind_search(page, base_url, query, path)]


@pytest.mark.browser
def test_pagefind_finds_fastvid_first(page, base_url) -> None:
    pages = _pagefind_search(page, base_url, "FastVID")
    assert pages and pages[0] == FASTVID, pages
    title = page.locator(".pd-search__result-link").first.inner_text()
    assert "FastVID" in title


@pytest.mark.browser
def test_pagefind_folds_accents(page, base_url, pf_site) -> None:
    """"Schrodinger" (no umlaut) finds the Sinkhorn / Schrödinger-bridge paper."""
    papers = json.loads((pf_site / "papers.json").read_text(encoding="utf-8"))
    [sinkhorn] = [p["url"] for p in papers if p["abstract"].startswith(SINKHORN_START)]
    pages = _pagefind_search(page, base_url, "Schrodinger")
    # Two abstracts mention Schrödinger bridges (Sinkhorn paper and IMF procedure).
    assert sinkhorn in pages[:2], pages


@pytest.mark.browser
def test_pagefind_result_links_work_from_a_subfolder(page, base_url) -> None:
    """From a paper page (two folders deep) the result links still point at the right pages,
    and following the first one opens it."""
    pages = _pagefind_search(page, base_url, "FastVID", path=COLLECTION)
    assert pages[0] == FASTVID, pages
    page.locator(".pd-search__result-link").first.click()
    page.wait_for_url(base_url + FASTVID)


@pytest.mark.browser
def test_pagefind_keyboard_shortcut_and_lazy_loading(page, base_url) -> None:
    """Nothing of Pagefind loads with the page; "/" opens the dialog and loads it; the
    vocabulary of "did you mean" loads with the first results."""
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(base_url, wait_until="networkidle")
    assert not [u for u in requests if "/pagefind/" in u], requests
    page.keyboard.press("/")
    box = page.locator(".pd-search__input")
    box.wait_for(state="visible")
    page.wait_for_function("() => document.activeElement && "
                           "document.activeElement.classList.contains('pd-search__input')")
    assert any(u.endswith("/pagefind/pagefind.js") for u in requests)
    # The dialog the script built carries the labels of the page's script tag.
    assert page.evaluate("""() => {
        const d = document.querySelector('dialog[data-pd-search]');
        return [d.getAttribute('aria-label'), d.querySelector('.pd-search__title').textContent,
                d.querySelector('[data-pd-search-close]').getAttribute('aria-label'),
                d.querySelector('.pd-search__input').getAttribute('aria-label'),
                d.querySelector('.pd-search__input').placeholder,
                document.querySelectorAll('[data-pd-search]').length]; }""") == [
        "Search", "Search", "Clear", "Search", "Search", 1]
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('[data-pd-search]').open")
    # The "did you mean" vocabulary comes only with the first results, and the list is marked
    # as answering the query once the typo step has run.
    assert not [u for u in requests if u.endswith("/search/vocabulary.json")], requests
    page.keyboard.press("/")
    box.press_sequentially("FastVID", delay=30)
    page.wait_for_function("() => document.querySelector('[data-pd-search-ui]')"
                           ".dataset.pdQuery === 'FastVID'")
    assert [u for u in requests if u.endswith("/search/vocabulary.json")], requests
    assert page.locator(".pd-search__result-link").first.get_attribute("href").endswith(FASTVID)


@pytest.mark.browser
def test_pagefind_no_console_errors_no_external_requests(page, base_url) -> None:
    errors: list[str] = []
    requests: list[str] = []
    page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
    page.on("request", lambda r: requests.append(r.url))
    _pagefind_search(page, base_url, "FastVID")
    _pagefind_search(page, base_url, "Schrödinger", path=FASTVID)
    page.wait_for_load_state("networkidle")
    assert errors == []
    origin = base_url.rstrip("/")
    foreign = [u for u in requests
               if not (u.startswith(origin + "/") or u.startswith(("data:", "blob:", "about:")))]
    assert foreign == [], foreign
    # the index was fetched in chunks: the entry file, at least one index chunk and fragments
    assert any("/pagefind/index/" in u for u in requests), requests
    assert any("/pagefind/fragment/" in u for u in requests), requests


@pytest.mark.browser
def test_pagefind_front_page_button(page, base_url) -> None:
    """The front page's own search button opens the Pagefind dialog too."""
    page.goto(base_url)
    page.locator("article [data-pd-search-open]").click()
    box = page.locator(".pd-search__input")
    box.wait_for(state="visible")
    page.wait_for_function("() => document.activeElement && "
                           "document.activeElement.classList.contains('pd-search__input')")


@pytest.mark.browser
def test_pagefind_excerpt_shows_no_search_aliases(page, base_url, pf_site) -> None:
    """A query its paper's title and highlight answer gets an excerpt of the page's text, not
    the hidden search aliases (joined and folded forms such as "armdependent") that close the
    abstract for Pagefind."""
    papers = json.loads((pf_site / "papers.json").read_text(encoding="utf-8"))
    paper = next(p for p in papers if "Thompson Sampling" in p["title"])
    html = (pf_site / paper["url"] / "index.html").read_text(encoding="utf-8")
    aliases = set(BeautifulSoup(html, "html.parser").select_one(
        "sup.pd-aliases[hidden]").get_text().split())
    shown = set(re.findall(r"[\w']+", paper["abstract"].lower() + " " + paper["title"].lower()))
    hidden_only = aliases - shown
    assert hidden_only, aliases
    pages = _pagefind_search(page, base_url, "thompson sampling")
    assert pages[0] == paper["url"], pages
    excerpt = page.locator(".pd-search__excerpt").first.inner_text().lower()
    assert not hidden_only & set(re.findall(r"[\w']+", excerpt)), excerpt


@pytest.mark.browser
def test_pagefind_filters_fold_on_a_phone(page, base_url) -> None:
    """At 390 px the filters are one "Filters" line the reader opens (the five rows took half
    the screen); at 1280 px they are open; a filter set in a folded box is counted on it."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(base_url)
    page.locator("header [data-pd-search-open]").click()
    tag = page.locator("select[data-pd-filter=tag]")
    summary = page.locator("[data-pd-filter-count]")
    summary.wait_for(state="visible")
    assert not tag.is_visible()
    summary.click()
    tag.wait_for(state="visible")
    page.wait_for_function("() => document.querySelector('select[data-pd-filter=tag]')"
                           ".options.length > 1")
    tag.select_option(index=1)
    summary.click()
    page.wait_for_function("() => document.querySelector('[data-pd-filter-count]')"
                           ".textContent === 'Filters (1 on)'")
    assert not tag.is_visible()
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(base_url)
    page.locator("header [data-pd-search-open]").click()
    tag.wait_for(state="visible")


@pytest.mark.browser
def test_pagefind_excerpt_of_an_alias_only_match_is_the_page_text(page, base_url,
                                                                    pf_site) -> None:
    """A query only a page's hidden aliases hold (a joined form such as "stateoftheart"):
    the result's excerpt is the page's own text, never the alias words (a trial saw
    "... epsilon gamma in o qlearning ...")."""
    papers = json.loads((pf_site / "papers.json").read_text(encoding="utf-8"))

    def hidden_only(url: str) -> set[str]:
        """The alias words the page does not show (its text read without the aliases)."""
        html = (pf_site / url.strip("/").removeprefix("paper-digest/") / "index.html"
                ).read_text(encoding="utf-8")
        body = BeautifulSoup(html, "html.parser").select_one("[data-pagefind-body]")
        sup = body.select_one("sup.pd-aliases[hidden]")
        if sup is None:
            return set()
        aliases = set(sup.extract().get_text().split())
        return aliases - set(re.findall(r"[\w']+", body.get_text(" ").lower()))

    word = next(w for p in papers for w in sorted(hidden_only(p["url"]))
                if re.fullmatch(r"[a-z]{8,}", w))
    pages = _pagefind_search(page, base_url, word)
    assert pages, word
    excerpt = page.locator(".pd-search__excerpt").first.inner_text().lower()
    assert len(excerpt.split()) >= 10, excerpt
    assert not hidden_only(pages[0]) & set(re.findall(r"[\w']+", excerpt)), (word, excerpt)
