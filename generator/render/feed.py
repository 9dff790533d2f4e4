"""Atom feeds of the digest's papers, written with feedgen: the site feed (``feed.xml``) and
the feeds of a tag, a collection or an author (``generator.render.feeds``).

Every entry is dated (``published`` and ``updated``) by the paper's own date where its record
gives one (``2023-12`` is read as its first day), else by the day it first appeared in the
digest (``generator.addresses``: kept in the permalinks file across builds), else by the
feed's ``updated`` stamp (the newest seed file's modification time). Entries are newest first;
a more precise date first on the same day, month or year; ties keep input order. So an
unchanged digest rewrites nothing. Entry ids are ``urn:paper-digest:<paper id>``, the same
in every feed, so a reader following two feeds sees one item. Links are absolute under
``site_url`` when it is set, else relative to the feed itself (Atom resolves them against
the feed's own address, RFC 4287 section 4.2.7.1).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, timezone

from feedgen.feed import FeedGenerator

from generator.records import Paper

FEED_MAX = 200
# A tag's, collection's or author's feed: the newest papers only, summaries without the full
# text (there are dozens of them; a reader polls for what is new).
TOPIC_FEED_MAX = 30


@dataclass(frozen=True, slots=True)
class Feed:
    """One Atom feed.

    Attributes:
        path: where it is written, relative to the site root (``feeds/tags/vision.xml``).
        title: its title (``Paper digest: Computer vision``).
        page: the page it follows, relative to the site root (``tags/vision/``; ``""``: home).
        papers: its papers, in input order (the first ``TOPIC_FEED_MAX`` in feed order are
            written).
    """

    path: str
    title: str
    page: str
    papers: tuple[Paper, ...]


def paper_day(p: Paper, seen: Mapping[str, str], fallback: date) -> tuple[int, int, int]:
    """``(year, month, day)`` an entry is dated by (module docstring): its given date, an
    unknown month or day as 0; else its first-seen day (``seen``: paper id -> ISO date);
    else ``fallback``."""
    given = p.facts.abstract.meta.date or seen.get(p.id) or fallback.isoformat()
    parts = [int(x) for x in given.split("-")]
    return parts[0], parts[1] if len(parts) > 1 else 0, parts[2] if len(parts) > 2 else 0


def feed_order(papers: tuple[Paper, ...], seen: Mapping[str, str] | None = None,
               fallback: date = date(1970, 1, 1)) -> list[Paper]:
    """Newest first by ``paper_day`` (a more precise date first on the same day, month or
    year: ``2023-12-01`` before ``2023-12`` before ``2023``); ties keep input order."""
    seen = seen or {}
    # sorted is stable under reverse=True: ties keep input order.
    return sorted(papers, key=lambda p: paper_day(p, seen, fallback), reverse=True)


def render_feed(papers: tuple[Paper, ...], title: str, updated: datetime,
                site_url: str | None = None, seen: Mapping[str, str] | None = None,
                feed: Feed | None = None) -> str:
    """Atom XML for the first ``FEED_MAX`` papers in feed order (``feed_order``), or
    ``TOPIC_FEED_MAX`` for a ``feed``.

    Args:
        papers: the catalog (for the site feed; ``feed.papers`` otherwise).
        title: the feed title (the site name), unless ``feed`` gives one.
        updated: timezone-aware time stamped on the feed; the dates of undated papers not
            in ``seen``.
        site_url: where the site is published; links are absolute under it when set.
        seen: paper id -> the ISO day it first appeared in the digest.
        feed: a tag's, collection's or author's feed; ``None``: the site feed.

    Returns:
        The feed as a UTF-8 XML string.
    """
    seen = seen or {}
    path, page = (feed.path, feed.page) if feed else ("feed.xml", "")
    base = site_url.rstrip("/") + "/" if site_url else "../" * path.count("/")
    fg = FeedGenerator()
    fg.id(f"urn:paper-digest:{path.removesuffix('.xml')}")
    fg.title(feed.title if feed else title)
    _link_feed(fg, base, page, path, site_url)
    fallback = updated.date()
    chosen = feed_order(feed.papers if feed else papers, seen, fallback)[
        :TOPIC_FEED_MAX if feed else FEED_MAX]
    # A topic feed changes when its newest entry does, not with every seed file: stamped
    # with that entry's day (the site feed, and an empty one, with ``updated``).
    newest = paper_day(chosen[0], seen, fallback) if feed and chosen else None
    fg.updated(datetime(newest[0], max(1, newest[1]), max(1, newest[2]), tzinfo=timezone.utc)
               if newest else updated)
    fg.generator("paper-digest")
    for p in reversed(chosen):  # feedgen prepends: reverse the order
        _add_entry(fg, p, base, paper_day(p, seen, fallback), full_text=feed is None)
    return fg.atom_str(pretty=True).decode("utf-8")


def _link_feed(fg: FeedGenerator, base: str, page: str, path: str,
               site_url: str | None) -> None:
    """The feed's links: to the page it follows and to itself (absolute under ``site_url``,
    else relative to the feed's folder)."""
    fg.link(href=base + page or "./", rel="alternate")
    fg.link(href=(base if site_url else "") + (path if site_url else path.rsplit("/", 1)[-1]),
            rel="self")


def _add_entry(fg: FeedGenerator, p: Paper, base: str, day: tuple[int, int, int],
               full_text: bool) -> None:
    """Add ``p``'s entry, dated ``day`` (``paper_day``; month and day 0 read as 1), with the
    paper's full text when ``full_text`` (the site feed)."""
    year, month, day_of_month = day
    stamp = datetime(year, max(1, month), max(1, day_of_month), tzinfo=timezone.utc)
    entry = fg.add_entry()
    entry.id(f"urn:paper-digest:{p.id}")
    entry.title(p.title)
    entry.link(href=base + p.url, rel="alternate")
    entry.published(stamp)
    entry.updated(stamp)
    for name in p.facts.authors:
        entry.author(name=name)
    entry.summary(p.facts.plain_highlight or p.title)
    if full_text:
        entry.content(p.facts.plain or p.title, type="text")
    for tag in p.facts.tags:
        entry.category(term=tag)
