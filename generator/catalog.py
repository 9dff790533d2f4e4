"""Step 3, catalog: site-wide decisions over all papers -> ``Paper`` records.

First the user's overrides replace derived fields (``apply_overrides``), then:

Slugs are unique, ASCII and URL-safe (python-slugify). A paper's slug depends only on its own
title, except when titles collide: then the first paper in input order keeps the plain slug,
and every later one is told apart by its collection or, failing that, its id
(``title-c26``, ``title-2f4e9a``). A given title (``Metadata.title``) is never rewritten: two
papers may share one (their addresses differ); a title derived from an abstract is told apart
the same way as its slug (``"Title (2f4e9a)"``), since no author chose it. Nothing can leave
``papers/``: slugify emits only ``[a-z0-9-]``.
"""

from __future__ import annotations

import dataclasses
import functools

from slugify import slugify

from generator.config.overrides import Override
from generator.errors import InputError, raise_all
from generator.records import Paper, PaperFacts
from generator.text.markup import plain_text

SLUG_MAX = 60


@functools.lru_cache(maxsize=65536)  # mkdocs serve regenerates the same titles on every rebuild
def make_slug(title: str, fallback: str) -> str:
    """ASCII slug of ``title`` (at most ``SLUG_MAX`` characters, cut at a word); ``fallback``
    (the paper id) when the title has no ASCII-transliterable characters."""
    # save_order: stop at the first word that does not fit (by default python-slugify skips it
    # and keeps packing later, shorter words: "...-greedy-to-k").
    return slugify(title, max_length=SLUG_MAX, word_boundary=True, save_order=True) or fallback


def distinct_slug(base: str, taken: set[str]) -> str:
    """``base``, or the first of ``base-2``, ``base-3``, ... not in ``taken`` (the later of
    two names with one slug gets the next number; nothing merges them); adds it to ``taken``."""
    slug, n = base, 1
    while slug in taken:
        n += 1
        slug = f"{base}-{n}"
    taken.add(slug)
    return slug


def build_catalog(facts: tuple[PaperFacts, ...]) -> tuple[Paper, ...]:
    """Assign unique titles, slugs and URLs, keeping input order.

    Args:
        facts: extracted (and overridden) facts, in input order.

    Returns:
        One ``Paper`` per fact; ``url`` is ``papers/{slug}/`` (MkDocs directory URLs).
    """
    titles: set[str] = set()
    slugs: set[str] = set()
    papers = []
    for f in facts:
        title = f.title
        if title.lower() in titles:
            title = f"{f.title} ({f.abstract.collection})"
            if title.lower() in titles:
                title = f"{f.title} ({f.id[:6]})"
        slug = make_slug(title, f.id)
        if slug in slugs:
            slug = f"{make_slug(f.title, f.id)[:SLUG_MAX - 7]}-{f.id[:6]}"
        titles.add(title.lower())
        slugs.add(slug)
        shown = f.title if f.abstract.meta.title else title
        papers.append(Paper(f, shown, slug, f"papers/{slug}/"))
    return tuple(papers)


def apply_overrides(facts: tuple[PaperFacts, ...], overrides: tuple[Override, ...],
                    tag_names: tuple[str, ...], label: str) -> tuple[PaperFacts, ...]:
    """Return ``facts`` with overridden fields replaced.

    Raises:
        InputError: an override names an unknown paper id or an unknown tag (the valid tags
            listed); every override is checked first, several errors raised together
            (``InputErrors``).
    """
    ids = {f.id for f in facts}
    raise_all([e for o in overrides for e in _override_errors(o, ids, tag_names, label)])
    by_id = {o.id: o for o in overrides}
    return tuple(f if (o := by_id.get(f.id)) is None else _overridden(f, o, tag_names)
                 for f in facts)


def _override_errors(o: Override, ids: set[str], tag_names: tuple[str, ...],
                     label: str) -> list[InputError]:
    """What is wrong with override ``o``: an unknown paper id (one sharing its first four
    characters suggested), then each unknown tag; ``label`` names the overrides file."""
    errors: list[InputError] = []
    if o.id not in ids:
        near = sorted(i for i in ids if i[:4] == o.id[:4])
        hint = f" (did you mean {near[0]}?)" if near else ""
        errors.append(InputError(label, o.line, f"unknown paper id {o.id!r}{hint}"))
    for tag in o.tags or ():
        if tag not in tag_names:
            errors.append(InputError(label, o.tags_line or o.line, (
                f"{o.id}: unknown tag {tag!r} (the taxonomy's tags: "
                + ", ".join(sorted(tag_names)) + ")")))
    return errors


def _overridden(f: PaperFacts, o: Override, tag_names: tuple[str, ...]) -> PaperFacts:
    """``f`` with the fields ``o`` gives replaced (its tags in taxonomy order)."""
    return dataclasses.replace(
        f,
        title=o.title or f.title,
        tags=tuple(t for t in tag_names if t in o.tags) if o.tags is not None else f.tags,
        highlight=o.highlight or f.highlight,
        plain_highlight=plain_text(o.highlight) if o.highlight else f.plain_highlight,
    )
