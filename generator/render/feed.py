"""An Atom feed of the digest's papers (``feed.xml``), written with feedgen.

Deterministic for a given input, so an unchanged digest rewrites nothing: entry ids are
``urn:paper-digest:<paper id>``, links are relative to the feed (so no ``site_url`` is needed:
Atom resolves them against the feed's own address, RFC 4287 section 4.2.7.1), and every
timestamp is ``updated`` (the newest seed file's modification time, passed in).
"""

from __future__ import annotations

from datetime import datetime

from feedgen.feed import FeedGenerator

from generator.records import Paper

FEED_MAX = 200


def render_feed(papers: tuple[Paper, ...], title: str, updated: datetime) -> str:
    """Atom XML for the first ``FEED_MAX`` papers in input order.

    Args:
        papers: the catalog.
        title: the feed title (the site name).
        updated: timezone-aware time stamped on the feed and its entries.

    Returns:
        The feed as a UTF-8 XML string.
    """
    fg = FeedGenerator()
    fg.id("urn:paper-digest:feed")
    fg.title(title)
    fg.link(href="./", rel="alternate")
    fg.link(href="feed.xml", rel="self")
    fg.updated(updated)
    fg.generator("paper-digest")
    for p in reversed(papers[:FEED_MAX]):  # feedgen prepends: reverse to keep input order
        entry = fg.add_entry()
        entry.id(f"urn:paper-digest:{p.id}")
        entry.title(p.title)
        entry.link(href=p.url, rel="alternate")
        entry.updated(updated)
        entry.summary(p.facts.plain_highlight or p.title)
        entry.content(p.facts.plain, type="text")
        for tag in p.facts.tags:
            entry.category(term=tag)
    return fg.atom_str(pretty=True).decode("utf-8")
