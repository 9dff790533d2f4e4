"""The digest's authors, from the names the records give (``PaperFacts.authors``): who wrote
which papers, with whom, in which collections.

Name variants are merged by one rule, and only by it (``author_key``): two spellings are one
author when they are equal once

1. ``Family, Given`` (one comma, BibTeX's form) is read as ``Given Family``;
2. Unicode is normalised (NFKC), accents are dropped (NFKD, combining marks removed) and
   case is folded;
3. dots, hyphens, commas, apostrophes and runs of spaces count as one space.

So ``José García``, ``Jose Garcia`` and ``García, José`` are one author, and ``Jean-Pierre
Dupont`` is ``Jean Pierre Dupont``; ``J. Smith`` and ``John Smith`` stay two authors (an
initial names many people), as do two names that merely share a slug after transliteration
(``generator.catalog.distinct_slug`` gives the later one ``-2``): nothing merges two people
silently. The name shown is the spelling most papers use (the first seen on a tie); the others
are listed on the author's page as "also written".

Each author with at least ``PAGE_MIN`` papers has a page (``authors/<slug>.md``, out of the
nav and of the search index: its entries repeat the papers' titles) and a feed
(``generator.render.feeds``); ``authors/index.md`` lists them A to Z by family name, as
``Family, Given`` (``index_name``: BibTeX's name parts, so ``Ludwig van Beethoven`` is listed
as ``Beethoven, Ludwig van`` under B).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass

from bibtexparser.middlewares.names import parse_single_name_into_parts
from slugify import slugify

from generator.catalog import distinct_slug
from generator.records import Paper

PAGE_MIN = 2
CO_AUTHORS_MAX = 30
_SEPARATORS = re.compile(r"[\s.\-‐‑‒–,'’]+")


@dataclass(frozen=True, slots=True)
class Author:
    """One author of the digest.

    Attributes:
        name: the spelling shown (module docstring).
        slug: ASCII, unique among authors; the page is ``authors/{slug}.md``.
        variants: the other spellings merged into this author, in first-seen order.
        papers: their papers, in input order.
    """

    name: str
    slug: str
    variants: tuple[str, ...]
    papers: tuple[Paper, ...]

    @property
    def has_page(self) -> bool:
        """Whether the author gets a page and a feed (``PAGE_MIN`` papers or more)."""
        return len(self.papers) >= PAGE_MIN


def author_key(name: str) -> str:
    """The key two spellings of one author share (module docstring, rules 1-3)."""
    if name.count(",") == 1:
        family, given = name.split(",")
        if family.strip() and given.strip():
            name = f"{given} {family}"
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).casefold()
    return _SEPARATORS.sub(" ", text).strip()


def index_name(name: str) -> tuple[str, str]:
    """How the author index lists ``name``: ``(shown, sort key)``.

    The parts are BibTeX's (``First von Last`` or ``von Last, First``, bibtexparser's parser,
    never strict): shown as ``Last, First von`` (a name of one part as it is), sorted by the
    ASCII slug of the family name, then of the given names. Examples: ``José García`` ->
    ``("García, José", "garcia jose")``; ``Plato`` -> ``("Plato", "plato")``.
    """
    parts = parse_single_name_into_parts(name, strict=False)
    family = " ".join(parts.last) or name
    given = " ".join(parts.first + parts.von)
    shown = f"{family}, {given}" if given else family
    return shown, f"{slugify(family)} {slugify(given)}".strip()


def authors_of(papers: tuple[Paper, ...]) -> tuple[Author, ...]:
    """Every author the records name, merged by ``author_key``, in order of first mention.

    Returns:
        One ``Author`` per key; empty when no record names an author.
    """
    spellings: dict[str, Counter] = {}
    members: dict[str, list[Paper]] = {}
    for p in papers:
        for name in dict.fromkeys(p.facts.authors):
            key = author_key(name)
            if not key:
                continue
            spellings.setdefault(key, Counter())[name] += 1
            listed = members.setdefault(key, [])
            if not listed or listed[-1] is not p:  # two spellings on one paper: listed once
                listed.append(p)
    names = {key: counts.most_common(1)[0][0] for key, counts in spellings.items()}
    slugs = _unique_slugs(names)
    return tuple(Author(names[key], slugs[key],
                        tuple(n for n in spellings[key] if n != names[key]),
                        tuple(members[key])) for key in spellings)


def co_authors(author: Author, by_key: dict[str, Author]) -> list[tuple[Author, int]]:
    """The people ``author`` wrote with and how many papers they share, most shared first
    (then name), at most ``CO_AUTHORS_MAX``."""
    own = author_key(author.name)
    shared: Counter = Counter()
    for p in author.papers:
        for key in {author_key(n) for n in p.facts.authors} - {own, ""}:
            shared[key] += 1
    ranked = sorted(shared.items(), key=lambda kv: (-kv[1], by_key[kv[0]].name.casefold()))
    return [(by_key[key], n) for key, n in ranked[:CO_AUTHORS_MAX]]


def _unique_slugs(names: dict[str, str]) -> dict[str, str]:
    """key -> a distinct slug, in first-seen order (``-2``, ``-3`` for later ones)."""
    out: dict[str, str] = {}
    taken = {"index"}  # authors/index.md is the index
    for key, name in names.items():
        out[key] = distinct_slug(slugify(name) or "author", taken)
    return out
