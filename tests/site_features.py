"""What a reader gets from a built site, independent of how its HTML was produced: per page
the article's text, its links, its tag chips, and the search index's entries.

Used by ``tests/plugin/test_same_site.py`` to compare the seed site with the expectation
stored from the build before the generated pages bypassed Python-Markdown (issue 21).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urljoin

from bs4 import BeautifulSoup

_SPACE = re.compile(r"\s+")


def _text(node) -> str:
    return _SPACE.sub(" ", node.get_text(" ")).strip()


def _target(href: str, base: str) -> str:
    """Where ``href`` on the page at ``base`` (``/papers/x/``) leads: relative addresses
    resolved to a root path (``../../tags/a/`` -> ``/tags/a/``), others as they are."""
    if not href or href.startswith(("#", "data:")) or "://" in href or href.startswith(
            "mailto:"):
        return href
    return urljoin(base, href)


def page_features(html: str, url: str = "/") -> dict:
    """``{"text", "links", "tags", "toc"}`` of one built page at ``url`` (``/papers/x/``):
    the article's visible text without the heading permalink signs (whitespace folded), where
    every link in it leads (``_target``), in order, the tag chips (name and target) and the
    sidebar's table of contents (title and anchor of each entry)."""
    soup = BeautifulSoup(html, "html.parser")
    # The table of contents in the sidebar, as Material shows it (title and anchor).
    toc = [[_text(a), a.get("href", "")]
           for a in soup.select("nav.md-nav--secondary a.md-nav__link")]
    article = soup.select_one("article")
    if article is None:
        return {"text": "", "links": [], "tags": [], "toc": toc}
    tags = [[_text(a), _target(a.get("href", ""), url)] for a in article.select(".md-tag")]
    for link in article.select("a.headerlink"):
        link.decompose()
    return {"text": _text(article),
            "links": [_target(a.get("href", ""), url) for a in article.select("a")],
            "tags": tags, "toc": toc}


def site_features(site: Path) -> dict:
    """``{"pages": {path: page_features}, "search": [[location, title, text], ...]}`` for
    every ``index.html`` of a site built with Material's search (sorted by location)."""
    pages = {}
    for path in sorted(site.rglob("index.html")):
        rel = path.relative_to(site).as_posix()
        pages[rel] = page_features(path.read_text(encoding="utf-8"),
                                   "/" + rel.removesuffix("index.html"))
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    search = sorted([d["location"], _SPACE.sub(" ", d["title"]).strip(),
                     _SPACE.sub(" ", d["text"]).strip()] for d in index["docs"])
    return {"pages": pages, "search": search}
