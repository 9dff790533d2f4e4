"""Real-browser tests: headless Debian Chromium (via Playwright) against a locally served build.

The site is built from a private copy of the project (so the tests never touch the working
tree's site/), served on 127.0.0.1 with an ephemeral port, and driven with Playwright using the
system Chromium (Playwright's own browser download is not used).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from browser_support import playwright, serve

REPO = Path(__file__).resolve().parents[2]
# Screenshots for visual review go to a temporary folder; set PAPER_DIGEST_SCREENSHOTS=
# screenshots to refresh the ones the README shows (a test run leaves the repository alone).
SCREENSHOTS = Path(os.environ.get("PAPER_DIGEST_SCREENSHOTS")
                   or Path(tempfile.gettempdir()) / "paper-digest-screenshots")

sync_api = playwright()  # skips (or fails in CI) the whole module without Chromium
expect = sync_api.expect

pytestmark = pytest.mark.browser

FASTVID = "papers/fastvid-dynamic-density-pruning-for-fast-video-llms/"
# Papers without a coined name: found by their abstract's opening words (their titles and
# so their URLs are derived, and may change when the title rules improve).
KMEANS_START = "$k$-means++ and the related greedy"
SINKHORN_START = "The Schrödinger bridge problem seeks"
COLLECTION = "collections/neurips-2025-papers/"
TAG = "Optimal Transport"
TAG_PAGE = "tags/optimal-transport/"

_IGNORE = shutil.ignore_patterns(
    ".venv", "site", ".git", "__pycache__", "*.egg-info", "screenshots"
)
_GENERATED = ("papers", "tags", "collections")




# --------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def site_dir(tmp_path_factory) -> Path:
    """Build the site from a fresh copy of the project; return its site/ directory."""
    root = tmp_path_factory.mktemp("browser") / "project"
    shutil.copytree(REPO, root, ignore=_IGNORE)
    for name in _GENERATED:
        shutil.rmtree(root / "docs_src" / name, ignore_errors=True)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    proc = subprocess.run(
        # Material's search: this module drives its box (Pagefind's: test_pagefind.py)
        [sys.executable, "-m", "generator.cli", "build", "--search", "material"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, f"build failed:\n{proc.stdout}\n{proc.stderr}"
    site = root / "site"
    assert (site / "index.html").is_file()
    return site


@pytest.fixture(scope="module")
def papers(site_dir) -> list[dict]:
    return json.loads((site_dir / "papers.json").read_text(encoding="utf-8"))


def _url_by_start(papers: list[dict], start: str) -> str:
    [url] = [p["url"] for p in papers if p["abstract"].startswith(start)]
    return url


def _url_by_name(papers: list[dict], name: str) -> str:
    """The page of the one paper whose title opens with the coined name ``name`` (its derived
    title, and so its URL, follows the title rules)."""
    [url] = [p["url"] for p in papers if p["title"].split(":")[0].strip() == name]
    return url


@pytest.fixture(scope="module")
def KMEANS(papers) -> str:  # noqa: N802 - reads like the constants it replaces
    return _url_by_start(papers, KMEANS_START)


@pytest.fixture(scope="module")
def SINKHORN(papers) -> str:  # noqa: N802
    return _url_by_start(papers, SINKHORN_START)


@pytest.fixture(scope="module")
def base_url(site_dir):
    with serve(site_dir) as url:
        yield url




# --------------------------------------------------------------------------- helpers


def _search(page, base_url: str, query: str) -> tuple[list[dict], float]:
    """Type `query` into Material's search; return the result links and time-to-first-result."""
    loaded = time.perf_counter()
    page.goto(base_url)
    box = page.locator("input.md-search__input")
    expect(box).to_be_visible()
    box.click()
    # The search index is loaded by a web worker; a query typed before it is ready is lost.
    page.wait_for_function(
        """() => {
            const m = document.querySelector('.md-search-result__meta');
            return m && m.textContent.trim() && !/initializ/i.test(m.textContent);
        }"""
    )
    page.search_ready_s = time.perf_counter() - loaded  # navigation + index load in the worker
    # Material searches on key events, not on `input`: set the whole query, then send one key so
    # exactly one search (for the full query) runs; no stale results from a prefix can appear.
    box.fill(query)
    start = time.perf_counter()
    box.press("End")
    first = page.locator(".md-search-result__item a.md-search-result__link").first
    first.wait_for(state="attached")
    elapsed = time.perf_counter() - start
    page.wait_for_timeout(200)
    results = page.eval_on_selector_all(
        ".md-search-result__list > .md-search-result__item > a.md-search-result__link",
        """els => els.map(a => ({
            href: a.getAttribute('href'),
            title: (a.querySelector('h1, h2') || a).textContent.trim(),
        }))""",
    )
    return results, elapsed


def _result_pages(results: list[dict]) -> list[str]:
    """Distinct site paths of the result documents, in rank order."""
    pages: list[str] = []
    for r in results:
        path = urlsplit(r["href"]).path.lstrip("/")
        if path not in pages:
            pages.append(path)
    return pages


def _visible_entries(page) -> int:
    return page.locator(".pd-entry:visible").count()


# --------------------------------------------------------------------------- tests


@pytest.mark.parametrize(
    ("query", "title_part"), [("FastVID", "FastVID"), ("LLoCa", "LLoCa")])
def test_search_method_name_first_result(page, base_url, papers, query, title_part):
    """Searching a method name puts that paper's page first, with the name in its title."""
    slug = _url_by_name(papers, query)
    results, elapsed = _search(page, base_url, query)
    print(
        f"time-to-first-result for {query!r}: {elapsed * 1000:.0f} ms after the keystroke "
        f"(page load + search index ready: {page.search_ready_s * 1000:.0f} ms)"
    )
    assert results, f"no results for {query!r}"
    first = results[0]
    assert "papers/" in first["href"], results[:3]
    assert _result_pages(results)[0] == slug, results[:3]
    assert title_part in first["title"], results[:3]


def test_search_accented_and_folded_word(page, base_url, SINKHORN):  # noqa: N803
    """Both "Schrödinger" and "Schrodinger" find the Sinkhorn/Schrödinger-bridge paper."""
    for query in ("Schrödinger", "Schrodinger"):
        results, _ = _search(page, base_url, query)
        pages = _result_pages(results)
        print(f"{query!r}: result pages {pages}")
        # Two abstracts mention Schrödinger bridges (Sinkhorn paper and IMF procedure).
        assert SINKHORN in pages[:2], (query, pages)


def test_search_kmeanspp(page, base_url, KMEANS):  # noqa: N803
    """Searching "k-means++" returns the greedy k-means++ paper first."""
    results, _ = _search(page, base_url, "k-means++")
    pages = _result_pages(results)
    assert pages and pages[0] == KMEANS, pages


def test_paper_page_title_tags_badge_math(page, base_url):
    """The FastVID page has its h1, tag chips, a GitHub code badge and visibly typeset MathML."""
    page.goto(base_url + FASTVID)
    h1 = page.locator("article h1").first
    expect(h1).to_contain_text("FastVID")
    assert page.locator("article .md-tag, article .pd-tag").count() >= 1
    badge = page.locator("a.pd-badge--code")
    expect(badge).to_have_count(1)
    assert badge.get_attribute("href") == "https://github.com/LunarShen/FastVID"
    assert badge.bounding_box()["width"] > 0
    assert page.locator("article math").count() >= 1
    boxes = page.eval_on_selector_all(
        ".pd-math",
        "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.width, r.height]; })",
    )
    assert boxes, "no .pd-math spans"
    assert all(w > 0 and h > 0 for w, h in boxes), boxes


def test_tag_page_lists_exactly_tagged_papers(page, base_url, papers):
    """The Optimal Transport tag page lists exactly the papers tagged so in papers.json."""
    expected = sorted(p["title"] for p in papers if TAG in p["tags"])
    assert expected
    page.goto(base_url + TAG_PAGE)
    titles = page.locator(".pd-entry__title a").all_inner_texts()
    assert sorted(t.strip() for t in titles) == expected


def test_collection_filters(page, base_url, papers):
    """Collection filters show exactly the papers.json counts and keep the state in the URL."""
    code_counts = Counter(p["code_status"] for p in papers)
    video = sum("Video" in p["tags"] for p in papers)
    assert code_counts["available"]  # the filter is tried on a non-empty choice

    page.goto(base_url + COLLECTION)
    expect(page.locator("select[data-pd-filter=tag]")).to_have_count(1)
    code = page.locator("select[data-pd-filter=code]")
    expect(code).to_have_count(1)
    assert _visible_entries(page) == len(papers)

    code.select_option("available")
    expect(page.locator(".pd-entry:visible")).to_have_count(code_counts["available"])
    assert page.url.endswith("?code=available")

    page.goto(base_url + COLLECTION + "?tag=Video")
    expect(page.locator("select[data-pd-filter=tag]")).to_have_value("Video")
    expect(page.locator(".pd-entry:visible")).to_have_count(video)
    titles = page.locator(".pd-entry:visible .pd-entry__title a").all_inner_texts()
    assert sorted(t.strip() for t in titles) == sorted(
        p["title"] for p in papers if "Video" in p["tags"]
    )


def test_dark_mode_toggle(page, base_url):
    """Clicking the palette toggle switches the colour scheme to "slate"."""
    page.emulate_media(color_scheme="light")
    page.goto(base_url)
    assert page.locator("body").get_attribute("data-md-color-scheme") == "default"
    page.locator("form[data-md-component=palette] label:visible").first.click()
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")


def test_no_console_errors_and_no_external_requests(page, base_url, KMEANS):  # noqa: N803
    """Home, a paper page and a tag page log no errors and request nothing off the machine."""
    errors: list[str] = []
    requests: list[str] = []
    page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))
    page.on("request", lambda r: requests.append(r.url))
    for path in ("", FASTVID, KMEANS, TAG_PAGE, COLLECTION):
        page.goto(base_url + path, wait_until="networkidle")
    # exercise search too: the worker and its index are fetched lazily
    _search(page, base_url, "FastVID")
    page.wait_for_load_state("networkidle")
    assert errors == []
    origin = base_url.rstrip("/")
    foreign = [
        u
        for u in requests
        if not (u.startswith(origin + "/") or u.startswith(("data:", "blob:", "about:")))
    ]
    assert foreign == [], foreign
    assert len(requests) > 5


def test_screenshots(page, base_url, papers, KMEANS, SINKHORN):  # noqa: N803
    """Screenshots of the main page kinds (to SCREENSHOTS) for visual review, each taken only
    after what it must show is on screen inside the captured area: the page's heading, and
    its own content (code badge, typeset formula, listing entries, charts)."""
    by_url = {p["url"]: p for p in papers}
    tagged = sum(TAG in p["tags"] for p in papers)
    shots = {  # name: (path, heading, selector of the content it must show, how many)
        "home.png": ("", None, "article .pd-card", 1),
        "paper.png": (FASTVID, by_url[FASTVID]["title"], "article .pd-badge--code", 1),
        "math-kmeans.png": (KMEANS, by_url[KMEANS]["title"], "#abstract math", 1),
        "math-schrodinger.png": (SINKHORN, by_url[SINKHORN]["title"], "#abstract math", 1),
        "tag.png": (TAG_PAGE, TAG, ".pd-entry", tagged),
        "collection.png": (COLLECTION, "NeurIPS 2025 Papers", ".pd-entry", 1),
        "stats.png": ("stats/", "Statistics", "article svg", 4),
    }
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for name, (path, heading, selector, at_least) in shots.items():
        page.goto(base_url + path, wait_until="networkidle")
        h1 = page.locator("article h1").first
        expect(h1).to_be_visible()
        if heading is not None:
            expect(h1).to_contain_text(heading)
        content = page.locator(selector)
        assert content.count() >= at_least, (name, selector)
        expect(content.first).to_be_visible()
        # Full page, but capped so long listings stay reviewable: the content must be inside.
        height = min(page.evaluate("document.documentElement.scrollHeight"), 4000)
        box = content.first.bounding_box()
        assert box is not None and box["y"] + box["height"] <= height, (name, box)
        page.screenshot(path=str(SCREENSHOTS / name), full_page=True,
                        clip={"x": 0, "y": 0, "width": 1280, "height": height})
    # The front page on a phone (390 px): the search button and the first cards on screen.
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(base_url, wait_until="networkidle")
    for selector in ("article .pd-home-search__button", "article .pd-card"):
        expect(page.locator(selector).first).to_be_in_viewport()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(SCREENSHOTS / "home-phone.png"), full_page=True,
                    clip={"x": 0, "y": 0, "width": 390,
                          "height": min(page.evaluate("document.documentElement.scrollHeight"),
                                        2400)})


def test_copy_link_button(page, base_url):
    """The "Copy link" button of a paper page puts the page's permalink on the clipboard."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"],
                                   origin=base_url.rstrip("/"))
    page.goto(base_url + FASTVID + "?from=test#abstract")
    page.click("button[data-pd-copy]")
    expect(page.locator("button[data-pd-copy]")).to_have_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == base_url + FASTVID
    # ... and reads "Copy link" again two seconds later (issue 16)
    expect(page.locator("button[data-pd-copy]")).to_have_text("Copy link", timeout=4000)


def test_front_page_search_button_opens_search(page, base_url, papers):
    """The front page's search button opens Material's search with the cursor in the box;
    a query typed there finds papers."""
    page.goto(base_url)
    button = page.locator("article [data-pd-search-open]")
    expect(button).to_contain_text(f"Search {len(papers)} papers")
    button.click()
    box = page.locator("input.md-search__input")
    expect(box).to_be_focused()
    box.press_sequentially("LLoCa")
    expect(page.locator(".md-search-result__item a").first).to_have_attribute(
        "href", re.compile(re.escape(_url_by_name(papers, "LLoCa"))))


def test_related_papers_shown(page, base_url, papers):
    """The FastVID page shows five related papers, each a link to an existing paper page."""
    page.goto(base_url + FASTVID)
    links = page.locator(".pd-related li > a")
    expect(links).to_have_count(5)
    urls = {p["url"] for p in papers}
    for i in range(5):
        href = links.nth(i).get_attribute("href")
        # relative to this page (papers/x/), up only to the shared papers/ folder
        assert href.startswith("../") and "papers/" + href[len("../"):] in urls, href
        assert links.nth(i).is_visible()


def test_statistics_charts_render(page, base_url, papers):
    """The statistics page draws its four SVG charts with the right tag counts, in both
    colour schemes, and the dark-mode screenshot is saved for review."""
    page.goto(base_url + "stats/", wait_until="networkidle")
    charts = page.locator("svg[role=group]")
    expect(charts).to_have_count(4)
    for i in range(4):
        box = charts.nth(i).bounding_box()
        assert box and box["width"] > 200 and box["height"] > 20
    llms = sum("LLMs" in p["tags"] for p in papers)
    assert page.locator('#chart-tags [data-label="LLMs"]').first.get_attribute(
        "data-count") == str(llms)
    page.locator("form[data-md-component=palette] label:visible").first.click()
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
    height = min(page.evaluate("document.documentElement.scrollHeight"), 4000)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "stats-dark.png"), full_page=True,
                    clip={"x": 0, "y": 0, "width": 1280, "height": height})
