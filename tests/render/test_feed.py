"""The Atom feed (issue 6: feeds)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from bs4 import BeautifulSoup

ATOM = "{http://www.w3.org/2005/Atom}"


def test_feed_lists_every_paper(built_site: Path) -> None:
    """feed.xml is Atom with one entry per paper, in input order (the seeds give no dates),
    linking existing pages by their absolute address under site_url."""
    from mkdocs.config import load_config

    site_url = load_config(str(built_site.parent / "mkdocs.yml")).site_url
    papers = json.loads((built_site / "papers.json").read_text(encoding="utf-8"))
    root = ET.parse(built_site / "feed.xml").getroot()
    assert root.tag == f"{ATOM}feed"
    assert root.findtext(f"{ATOM}title") == "NeurIPS 2025 Paper Digest"
    entries = root.findall(f"{ATOM}entry")
    assert [e.findtext(f"{ATOM}id") for e in entries] == [
        f"urn:paper-digest:{p['id']}" for p in papers]
    assert [e.findtext(f"{ATOM}title") for e in entries] == [p["title"] for p in papers]
    for entry, paper in zip(entries, papers, strict=True):
        href = entry.find(f"{ATOM}link").get("href")
        assert href == site_url + paper["url"]
        assert (built_site / paper["url"] / "index.html").is_file()
        assert [c.get("term") for c in entry.findall(f"{ATOM}category")] == paper["tags"]


def test_feed_is_linked_from_every_page(built_site: Path) -> None:
    """Pages advertise the feed with <link rel="alternate" type="application/atom+xml">."""
    soup = BeautifulSoup((built_site / "index.html").read_text(encoding="utf-8"), "html.parser")
    feeds = soup.select('head link[rel="alternate"][type="application/atom+xml"]')
    assert [link["href"] for link in feeds] == ["feed.xml"]
