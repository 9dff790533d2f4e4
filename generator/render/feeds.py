"""Which Atom feeds the digest has besides the site feed: one per tag, per collection and per
author with a page (``generator.render.authors.PAGE_MIN`` papers or more), each following the
page that lists the same papers. A listing page links its feed with ``<link rel="alternate">``
(its front matter's ``feed``, read by ``site_overrides/main.html``) and a feed button.
The entries and their dates: ``generator.render.feed``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from generator.records import Paper
from generator.render.authors import Author
from generator.render.feed import Feed

FEEDS_DIR = "feeds"
# Material's theme script requests sitemap.xml beside the address of every
# <link rel="alternate"> of a page (meant for a page's language versions, whose sitemap maps
# its pages): beside a feed in a subfolder that request failed (a 404 in the console). An
# empty sitemap in each feeds folder answers it; the site's own sitemap.xml is unchanged.
EMPTY_SITEMAP = ('<?xml version="1.0" encoding="UTF-8"?>\n'
                 '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>\n')


def feed_path(kind: str, slug: str) -> str:
    """Where the feed of a ``kind`` (``tags``, ``collections``, ``authors``) lies, relative to
    the site root: ``feeds/tags/vision.xml``."""
    return f"{FEEDS_DIR}/{kind}/{slug}.xml"


def topic_feeds(site_name: str, tagged: Mapping[str, Sequence[Paper]],
                tag_slugs: Mapping[str, str], collections: Mapping[str, Sequence[Paper]],
                coll_slugs: Mapping[str, str], authors: Sequence[Author]) -> list[Feed]:
    """The feeds of every tag (also one without papers yet: a reader may subscribe before
    they come), every collection and every author with a page, in that order.

    Args:
        site_name: the digest's name, the first part of each title (``Digest: Vision``).
        tagged: tag -> its papers; collections: collection -> its papers (input order).
        tag_slugs, coll_slugs: their slugs, as their listing pages use them.
        authors: the digest's authors (``generator.render.authors.authors_of``).
    """
    out = [Feed(feed_path("tags", tag_slugs[t]), f"{site_name}: {t}", f"tags/{tag_slugs[t]}/",
                tuple(members)) for t, members in tagged.items()]
    out += [Feed(feed_path("collections", coll_slugs[c]), f"{site_name}: {c}",
                 f"collections/{coll_slugs[c]}/", tuple(members))
            for c, members in collections.items()]
    out += [Feed(feed_path("authors", a.slug), f"{site_name}: papers by {a.name}",
                 f"authors/{a.slug}/", a.papers) for a in authors if a.has_page]
    return out


def folder_sitemaps(feeds: Sequence[Feed]) -> list[str]:
    """The ``sitemap.xml`` of each folder that holds feeds (``EMPTY_SITEMAP`` is its text),
    in the order the folders first occur."""
    return list(dict.fromkeys(f.path.rsplit("/", 1)[0] + "/sitemap.xml" for f in feeds))
