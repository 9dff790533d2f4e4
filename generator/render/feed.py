"""An Atom feed of the digest's papers (``feed.xml``), written with feedgen.

Deterministic for a given input, so an unchanged digest rewrites nothing: entry ids are
``urn:paper-digest:<paper id>``. Papers with a given date come first, newest first, and carry
it as ``published`` and ``updated`` (the paper's own date, not the build's); the others follow
in input order and, like the feed itself, are stamped with the newest seed file's modification
time (passed in). Links are absolute under ``site_url`` when
it is set, else relative to the feed (Atom resolves them against the feed's own address, RFC
4287 section 4.2.7.1).
"""

from __future__ import annotations

from datetime import datetime, timezone

from feedgen.feed import FeedGenerator

from generator.records import Paper

FEED_MAX = 200


def feed_order(papers: tuple[Paper, ...]) -> list[Paper]:
    """Dated papers newest first (a more precise date first on the same day, month or year:
    ``2023-12-01`` before ``2023-12`` before ``2023``), then undated ones in input order;
    ties keep input order."""
    dated = sorted((p for p in papers if p.facts.abstract.meta.date),
                   key=lambda p: _date_key(p.facts.abstract.meta.date), reverse=True)
    return dated + [p for p in papers if not p.facts.abstract.meta.date]


def _date_key(date: str) -> tuple[int, int, int]:
    parts = [int(x) for x in date.split("-")]
    # reverse=True keeps ties in input order (sorted is stable under reverse); an unknown
    # month or day sorts after the known ones of its year or month.
    return parts[0], parts[1] if len(parts) > 1 else 0, parts[2] if len(parts) > 2 else 0


def render_feed(papers: tuple[Paper, ...], title: str, updated: datetime,
                site_url: str | None = None) -> str:
    """Atom XML for the first ``FEED_MAX`` papers in feed order (``feed_order``).

    Args:
        papers: the catalog.
        title: the feed title (the site name).
        updated: timezone-aware time stamped on the feed and its entries.
        site_url: where the site is published; links are absolute under it when set.

    Returns:
        The feed as a UTF-8 XML string.
    """
    base = site_url.rstrip("/") + "/" if site_url else ""
    fg = FeedGenerator()
    fg.id("urn:paper-digest:feed")
    fg.title(title)
    fg.link(href=base or "./", rel="alternate")
    fg.link(href=f"{base}feed.xml", rel="self")
    fg.updated(updated)
    fg.generator("paper-digest")
    for p in reversed(feed_order(papers)[:FEED_MAX]):  # feedgen prepends: reverse the order
        entry = fg.add_entry()
        entry.id(f"urn:paper-digest:{p.id}")
        entry.title(p.title)
        entry.link(href=base + p.url, rel="alternate")
        date = p.facts.abstract.meta.date
        if date:
            year, month, day = (_date_key(date)[0], *(max(1, n) for n in _date_key(date)[1:]))
            entry.published(datetime(year, month, day, tzinfo=timezone.utc))
            entry.updated(datetime(year, month, day, tzinfo=timezone.utc))
        else:
            entry.updated(updated)
        for name in p.facts.authors:
            entry.author(name=name)
        entry.summary(p.facts.plain_highlight or p.title)
        entry.content(p.facts.plain or p.title, type="text")
        for tag in p.facts.tags:
            entry.category(term=tag)
    return fg.atom_str(pretty=True).decode("utf-8")
