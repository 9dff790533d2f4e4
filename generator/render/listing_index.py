"""The compact client-side index the listings filter and sort (``data/listing-index.js``).

A listing shows ``PAGE_SIZE`` papers per page; its filters (tag, code status, author) and its
sort act on the whole collection, tag or code list through this index, which
``site_overrides/assets/javascripts/listing-index.js`` loads once (a script, so it works on
``file://`` too) and shares between all listings. Each name is stored once; a paper is one
array (``INDEX_FIELDS``), about 150 bytes plus its title.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import date

from generator.records import Paper
from generator.render.authors import Author
from generator.render.feed import paper_day

INDEX_PATH = "data/listing-index.js"
# The fields of a paper's array, in order: its page (site-relative), title, day (yyyymmdd as an
# integer, as the feeds date it; 0 for an unknown month or day), collection, tags, code status,
# authors (numbers into the index's lists of names) and paper id (for its Save button).
INDEX_FIELDS = ("url", "title", "day", "collection", "tags", "code", "authors", "id")
CODE_STATUSES = ("available", "promised", "none")


def listing_index(papers: Sequence[Paper], tags: Sequence[str], collections: Sequence[str],
                  authors: Sequence[Author], seen: Mapping[str, str], fallback: date) -> str:
    """The index as a script calling ``pdListingIndex({...})``.

    Args:
        papers: the catalog, in input order (a listing's order is its papers' input order).
        tags: the taxonomy's names; collections: the collection names, in input order.
        authors: the digest's authors (``authors.authors_of``): a paper's spellings of a name
            are its author's number, so the author filter finds every variant.
        seen, fallback: the first-seen days and the fallback day (``feed.paper_day``).

    Returns:
        The script: ``{"fields": INDEX_FIELDS, "tags": [...], "collections": [...],
        "codes": CODE_STATUSES, "authors": [...], "papers": [[...], ...]}``.
    """
    tag_at = {t: i for i, t in enumerate(tags)}
    coll_at = {c: i for i, c in enumerate(collections)}
    code_at = {c: i for i, c in enumerate(CODE_STATUSES)}
    author_at = {name: i for i, a in enumerate(authors) for name in (a.name, *a.variants)}
    rows = []
    for p in papers:
        year, month, day = paper_day(p, seen, fallback)
        rows.append([p.url, p.title, year * 10_000 + month * 100 + day,
                     coll_at[p.facts.abstract.collection], [tag_at[t] for t in p.facts.tags],
                     code_at[p.facts.code_status],
                     list(dict.fromkeys(author_at[a] for a in p.facts.authors
                                        if a in author_at)), p.id])
    data = {"fields": INDEX_FIELDS, "tags": list(tags), "collections": list(collections),
            "codes": CODE_STATUSES, "authors": [a.name for a in authors], "papers": rows}
    return "pdListingIndex(" + json.dumps(data, ensure_ascii=False,
                                          separators=(",", ":")) + ");\n"
