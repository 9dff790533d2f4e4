"""Search ranks papers (issue 16), in both engines: Material's built-in search (the default
build) and Pagefind (``search: pagefind``), on the seed site in headless Chromium.

For each query the first result is the expected paper page, found from papers.json (by its
name, abstract or repository), and no result is a listing, tag page or index page; a
snippet never shows the listing controls' text or the hidden search aliases.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browser_support import material_search, new_page, pagefind_search, playwright, serve

playwright()  # skips (or fails in CI) the whole module without Chromium
pytestmark = pytest.mark.browser

KMEANS_START = "$k$-means++ and the related greedy"
# Text of the listing controls and the aliases of generator.render.search: never a snippet.
UI_TEXT = ("All tags", "Any code status", "Filter this page")
ENGINES = ("material", "pagefind")


@pytest.fixture(scope="module")
def sites(built_site: Path, pf_site: Path):
    """Both builds served: engine -> base URL."""
    with serve(built_site) as material, serve(pf_site) as pagefind:
        yield {"material": material, "pagefind": pagefind}


@pytest.fixture(scope="module")
def papers(built_site: Path) -> list[dict]:
    return json.loads((built_site / "papers.json").read_text(encoding="utf-8"))


def _search(page, engine: str, base: str, query: str) -> list[dict]:
    return (material_search if engine == "material" else pagefind_search)(page, base, query)


def _expected(papers: list[dict], query: str) -> set[str]:
    """The paper pages that may come first for ``query``: the one whose name, repository or
    abstract the query names; for a word several abstracts hold, any of those papers."""
    if query in ("kmeans", "k-means++"):
        return {p["url"] for p in papers if p["abstract"].startswith(KMEANS_START)}
    if query in ("schrodinger", "Schrödinger"):
        return {p["url"] for p in papers if "Schrödinger" in p["abstract"]}
    if query == "github":
        return {p["url"] for p in papers if "github.com" in p["abstract"].lower()}
    by_name = {p["url"] for p in papers if p["name"] == query}
    by_repo = {p["url"] for p in papers for c in p["code"] if query == c["repo"]}
    return by_name or by_repo


def _queries(papers: list[dict]) -> list[str]:
    """The issue's queries, two method names, and every repository's name."""
    repos = [c["repo"] for p in papers for c in p["code"]]
    return ["kmeans", "k-means++", "schrodinger", "Schrödinger", "github", "FastVID", "LLoCa",
            *repos]


@pytest.mark.parametrize("engine", ENGINES)
def test_first_result_is_the_paper(browser, sites, papers, engine):
    """Every query's first result is its paper; no result is a listing or index page; no
    snippet shows UI text or the aliases."""
    report = []
    with new_page(browser) as page:
        for query in _queries(papers):
            expected = _expected(papers, query)
            assert expected, query
            results = _search(page, engine, sites[engine], query)
            report.append(f"{engine:8} {query!r:45} -> {results[0]['path'] if results else None}")
            assert results, (engine, query)
            assert results[0]["path"] in expected, (engine, query, results[:3])
            for r in results:
                # papers, or the two hand-made pages; never a listing, tag or index page
                assert r["path"].startswith(("papers/", "about/", "stats/")), (query, r)
                assert not any(text in r["snippet"] for text in UI_TEXT), (query, r)
    print("\n".join(report))


@pytest.mark.parametrize("engine", ENGINES)
def test_snippets_show_no_aliases(browser, sites, engine):
    """A result found by an alias ("kmeans", "schrodinger") shows the paper's words, not the
    alias list: the alias word itself is not in the visible snippet."""
    with new_page(browser) as page:
        for query in ("kmeans", "schrodinger"):
            results = _search(page, engine, sites[engine], query)
            assert results
            assert query not in results[0]["snippet"].lower().split(), (engine, results[0])
