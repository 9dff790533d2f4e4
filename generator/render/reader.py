"""The reader's tools, planned beside the digest's pages (``generator.render.pages.plan_site``):
the feeds of tags, collections and authors (``feeds``), the author pages (``authors``), the
reading list and its export records (``reading_list``), the listings' whole-collection index
(``listing_index``) and the map of the digest (``digest_map``).

``ReaderFiles`` is everything it needs from the page plan, gathered once; ``reader_files``
returns ``(path, render)`` pairs, which ``plan_site`` turns into its ``PlannedFile``s.
"""

from __future__ import annotations

import functools
import hashlib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from jinja2 import Environment

from generator.records import Paper
from generator.render.authors import (
    PAGE_MIN,
    Author,
    author_key,
    authors_of,
    co_authors,
    index_name,
)
from generator.render.digest_map import map_key, render_map
from generator.render.feed import render_feed
from generator.render.feeds import EMPTY_SITEMAP, feed_path, folder_sitemaps, topic_feeds
from generator.render.listing_index import INDEX_PATH, listing_index
from generator.render.reading_list import record_groups, record_script


@dataclass(frozen=True, slots=True)
class ReaderFiles:
    """What the reader's files are made from.

    Attributes:
        papers: the catalog; tags: the taxonomy's names (taxonomy order).
        tagged, collections: tag -> papers, collection -> papers (input order).
        tag_slugs, coll_slugs: their slugs.
        entries: paper id -> its papers.json entry (``pages.paper_entry``).
        site_name, site_url: the site's name and address (``None``: unknown).
        updated: the feeds' stamp; seen: paper id -> the ISO day it first appeared.
        digests: paper id -> the SHA-1 of everything known about the paper
            (``pages.paper_digests``), for the files' keys.
    """

    papers: tuple[Paper, ...]
    tags: tuple[str, ...]
    tagged: Mapping[str, Sequence[Paper]]
    collections: Mapping[str, Sequence[Paper]]
    tag_slugs: Mapping[str, str]
    coll_slugs: Mapping[str, str]
    entries: Mapping[str, dict]
    site_name: str
    site_url: str | None
    updated: datetime
    seen: Mapping[str, str]
    digests: Mapping[str, str]


def reader_files(r: ReaderFiles, env: Environment, ctx: dict, links: Callable[[str], Any]
                 ) -> list[tuple[str, str | None, Callable[[], str]]]:
    """``(path, key, render)`` for every file of the reader's tools (module docstring), in a
    fixed order: feeds, author pages and index, reading list and records, listing index, map.
    ``key`` (``PlannedFile.key``) is set for the files made from a part of the papers (the
    topic feeds, the record scripts, the map), so an edit renders again only those it
    touches; ``None`` for the pages made from all of them.
    ``links(path)`` is the ``pages.Links`` of the page at ``path`` (the site's URL style)."""
    authors = authors_of(r.papers)
    planned: list[tuple[str, str | None, Callable[[], str]]] = []
    feeds = topic_feeds(r.site_name, r.tagged, r.tag_slugs, r.collections, r.coll_slugs,
                        authors)
    for feed in feeds:
        # Stamped with the newest entry's day (an empty feed: with `updated`), undated
        # papers with `updated`'s day (generator.render.feed).
        stamp = r.updated.date().isoformat() if feed.papers else r.updated.isoformat()
        planned.append((feed.path, _key("feed", feed.path, feed.title, feed.page, r.site_url,
                                        stamp, *(f"{r.digests[p.id]} {r.seen.get(p.id)}"
                                                 for p in feed.papers)),
                        functools.partial(render_feed, r.papers, r.site_name, r.updated,
                                          r.site_url, r.seen, feed)))
    planned += [(path, _key("text", EMPTY_SITEMAP), functools.partial(str, EMPTY_SITEMAP))
                for path in folder_sitemaps(feeds)]
    by_key = {author_key(a.name): a for a in authors}
    page = env.get_template("author.md.j2")
    for a in authors:
        if a.has_page:
            path = f"authors/{a.slug}/index.md"
            planned.append((path, None, functools.partial(
                _author_page, page, a, by_key, dict(ctx, links=links(path)))))
    with_pages = [a for a in authors if a.has_page]
    # Always written (the nav lists it): without authors it says so.
    planned.append(("authors/index.md", None, functools.partial(
        env.get_template("authors.md.j2").render, groups=_by_letter(with_pages),
        with_pages=len(with_pages), others=len(authors) - len(with_pages),
        page_min=PAGE_MIN, links=links("authors/index.md"), **ctx)))
    planned.append(("reading-list/index.md", None, functools.partial(
        env.get_template("reading_list.md.j2").render, **ctx)))
    for path, group in record_groups(r.papers).items():
        planned.append((path, _key("records", r.site_url, *(r.digests[p.id] for p in group)),
                        functools.partial(record_script, group, r.entries, r.site_url)))
    planned.append((INDEX_PATH, None, functools.partial(
        listing_index, r.papers, r.tags, list(r.collections), authors, r.seen,
        r.updated.date())))
    if r.papers:
        map_links = links("map/index.md")
        # The key covers the URL style too: the lists' links are written in it.
        key = hashlib.sha256(f"{map_key(r.papers)} {map_links}".encode()).hexdigest()
        planned.append(("map/index.md", key, functools.partial(
            render_map, env.get_template("map.md.j2"), r.papers, r.tags,
            dict(ctx, links=map_links))))
    return planned


def _key(*parts: str | None) -> str:
    """SHA-256 of ``parts`` (a file's kind and what it is made from), for ``PlannedFile.key``."""
    return hashlib.sha256("\n".join(map(str, parts)).encode()).hexdigest()


def listing_feed(base: str) -> str:
    """The feed of a listing whose pages are ``{base}.md`` (``tags/vision``,
    ``collections/x``), or ``""`` for one without (the papers with code)."""
    kind, _, slug = base.partition("/")
    return feed_path(kind, slug) if kind in ("tags", "collections") and slug else ""


def _author_page(template, a: Author, by_key: dict[str, Author], ctx: dict) -> str:
    n = len(a.papers)
    count = f"{n:,} paper{'s' if n != 1 else ''}"
    in_collections = Counter(p.facts.abstract.collection for p in a.papers).most_common()
    return template.render(a=a, count=count, co=co_authors(a, by_key),
                           in_collections=in_collections, feed=feed_path("authors", a.slug),
                           description=f"{count} by {a.name} in this digest", **ctx)


def _by_letter(authors: list[Author]) -> list[tuple[str, str, list[tuple[str, Author]]]]:
    """Authors A to Z by family name (``authors.index_name``), as ``(letter, anchor,
    [(shown, author), ...])``; names whose key starts with a digit or no letter come last,
    under ``0-9``."""
    groups: dict[str, list[tuple[str, Author]]] = {}
    listed = sorted(((*index_name(a.name), a) for a in authors), key=lambda e: (e[1], e[2].slug))
    for shown, key, a in listed:
        letter = key[0].upper() if key[:1].isalpha() else "0-9"
        groups.setdefault(letter, []).append((shown, a))
    return [(letter, f"letter-{letter.lower()}", members) for letter, members in
            sorted(groups.items(), key=lambda kv: (kv[0] == "0-9", kv[0]))]
