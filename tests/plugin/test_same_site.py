"""The seed site after issue 21 (pages generated in memory, their bodies rendered once, by
the generator, without a Python-Markdown pass) against the site before it: every page carries
the same article text, links and tag chips, and the search index the same entries.

The expectation, ``expected/seed_site.json.gz``, was made from the build of commit 5898487
(the last one that sent generated pages through Python-Markdown) with
``tests/site_features.py``: ``site_features(Path("site"))`` dumped as JSON, and made again
from ``paper-digest build --search material`` of the integration of issues 21-25 (titles,
search entries, reading tools and folder layout changed on purpose), and again in session 9
(highlight repairs, linked bylines, search aliases moved for Pagefind), and in session 10
(learned title spans, the cite block's downloads from the reading-list record, the headline
numbers' compared nouns, the statistics' venue series), and in session 11 (titles completed
and given their task or domain, the retrained tag model, TeX outside math typeset), and in
session 12 (name roles, learned domain phrases, shown highlights that read alone, the author
index by family name, "Introduces" under a given title, search excerpts without aliases), and in
session 15 only the table of contents of the pages whose front matter says `hide: [toc]`
(the paper pages and the home page: no toc sidebar is written for them; their text, links,
tags and search entries unchanged), then with Material's ``toc.integrate`` the pages in the
nav whose toc Material wrote twice (in the nav drawer and the toc sidebar) list it once.
Rebuild it
only when a
change of the pages is meant, and say so in the commit.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from site_features import site_features

pytestmark = pytest.mark.e2e

EXPECTED = Path(__file__).parent / "expected" / "seed_site.json.gz"


@pytest.fixture(scope="module")
def features(built_site: Path) -> tuple[dict, dict]:
    with gzip.open(EXPECTED, "rt", encoding="utf-8") as f:
        return site_features(built_site), json.load(f)


def test_same_pages(features) -> None:
    """The same pages, each with the same article text, links, tags and table of
    contents."""
    got, expected = features
    assert sorted(got["pages"]) == sorted(expected["pages"])
    for path, page in expected["pages"].items():
        assert got["pages"][path] == page, path


def test_same_search_entries(features) -> None:
    """Material's search index: the same entries (location, title, text)."""
    got, expected = features
    assert len(got["search"]) == len(expected["search"])
    assert got["search"] == expected["search"]
