"""Stable addresses: every address a paper page has had keeps leading to it.

A page's address is its slug, made from its title (``generator.catalog``), so it moves when
the title changes: a record gains a given title, an edit changes the sentence a title is
derived from, an override renames it. Each build keeps the permalinks file (``permalinks.json``
beside mkdocs.yml by default; commit it with the seeds, so that a build elsewhere, such as the
Pages workflow, knows the addresses published before) and turns the addresses a paper had
before into redirects: ``{old slug: new slug}``, which the generator writes as small pages
that forward to the new address (``generator.render.redirects``), for any engine.

A paper of this build is the paper of an entry of the previous permalinks file when, first to match:

1. they have the same paper id (the same abstract; or the same DOI, arXiv or OpenReview id,
   whatever the wording: ``generator.extract.record_id``);
2. they share an identifier (a record that gained a DOI);
3. the entry's paper is gone and its text is the most similar to this paper's, with a
   similarity of at least ``MIN_SIMILARITY`` (the text was edited): the Jaccard similarity
   of the two texts' word 3-shingles, estimated from bottom-``SKETCH`` sketches (the
   ``SKETCH`` smallest shingle hashes, Broder 1997). On the 4,400 real abstracts of
   ``../shared/real``, an abstract with one word replaced scored at least 0.69 against its
   original, with five words replaced 0.44 (99.8% at least 0.5), with a sentence removed 99.3%
   at least 0.5; the most similar other abstract of any abstract scored at most 0.19.

A paper matched to an entry inherits the entry's slug and older slugs as its redirects, less
its own slug and any slug that is a page again. An entry nothing matched is a paper that left
the digest: its addresses are dropped.
"""

from __future__ import annotations

import hashlib
import heapq
import json
import os
import re
import zlib
from dataclasses import dataclass
from pathlib import Path

from generator.errors import InputError
from generator.records import Paper

SKETCH = 16
MIN_SIMILARITY = 0.4
_WORD = re.compile(r"\w+")


@dataclass(frozen=True, slots=True)
class Address:
    """One paper in the permalinks file.

    Attributes:
        slug: its address (``papers/{slug}/``).
        id: its paper id.
        ids: its identifiers (``doi:...``, ``arxiv:...``, ``openreview:...``).
        text: first 12 hex digits of SHA-1 of the text it is compared by.
        sketch: the ``SKETCH`` smallest hashes of that text's word 3-shingles.
        old: the addresses it had before, which redirect to ``slug``.
        seen: the ISO day the paper first appeared in the digest (``""`` in a permalinks
            file written before this field existed); the feeds date an undated paper by it.
    """

    slug: str
    id: str
    ids: tuple[str, ...]
    text: str
    sketch: tuple[int, ...]
    old: tuple[str, ...] = ()
    seen: str = ""


def read_addresses(path: Path | None) -> tuple[Address, ...]:
    """The permalinks file at ``path`` (empty when there is none).

    Raises:
        InputError: the file exists but is not a permalinks file (names the line).
    """
    if path is None or not path.exists():
        return ()
    out: list[Address] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        try:
            d = json.loads(line)
            out.append(Address(d["slug"], d["id"], tuple(d["ids"]), d["text"],
                               tuple(int(d["sketch"][i:i + 8], 16)
                                     for i in range(0, len(d["sketch"]), 8)),
                               tuple(d["old"]), str(d.get("seen", ""))))
        except (ValueError, KeyError, TypeError) as exc:
            raise InputError(str(path), number, f"not a permalinks file line ({exc}); delete "
                                                "the file to start afresh (old addresses then "
                                                "no longer redirect)") from None
    return tuple(out)


def write_addresses(path: Path, addresses: tuple[Address, ...]) -> bool:
    """Write the permalinks file (one JSON object per line, in catalog order) when it changed;
    atomic. Returns whether the file was written."""
    lines = ["# paper-digest: the address of every paper page and the addresses it had "
             "before (commit this file)"]
    for a in addresses:
        lines.append(json.dumps({"slug": a.slug, "id": a.id, "ids": list(a.ids),
                                 "text": a.text,
                                 "sketch": "".join(f"{h:08x}" for h in a.sketch),
                                 "old": list(a.old), "seen": a.seen}, ensure_ascii=False))
    data = ("\n".join(lines) + "\n").encode("utf-8")
    if path.exists() and path.read_bytes() == data:
        return False
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)
    return True


def sketch(text: str) -> tuple[int, ...]:
    """The ``SKETCH`` smallest 32-bit hashes of the word 3-shingles of ``text`` (lower-cased
    words; a text of fewer than three words is one shingle)."""
    words = [zlib.crc32(w.encode("utf-8")) for w in _WORD.findall(text.lower())]
    if len(words) < 3:
        return (zlib.crc32(" ".join(map(str, words)).encode()),) if words else ()
    shingles = {(a * 0x9E3779B1 ^ b * 0x85EBCA77 ^ c) & 0xFFFFFFFF
                for a, b, c in zip(words, words[1:], words[2:], strict=False)}
    return tuple(heapq.nsmallest(SKETCH, shingles))


def similarity(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """The Jaccard similarity of the two shingle sets, estimated from their sketches: the
    share of the ``SKETCH`` smallest hashes of the union found in both."""
    union = heapq.nsmallest(SKETCH, set(a) | set(b))
    if not union:
        return 0.0
    both = set(a) & set(b)
    return sum(h in both for h in union) / len(union)


def plan_addresses(papers: tuple[Paper, ...], previous: tuple[Address, ...],
                   today: str = "") -> tuple[tuple[Address, ...], dict[str, str]]:
    """This build's permalinks file and its redirects (module docstring for the rules).

    Args:
        papers: the catalog.
        previous: the permalinks file of the previous build.
        today: the ISO day of this build's input, the first-seen day (``Address.seen``) of
            a paper no entry matched (a matched one keeps its entry's).

    Returns:
        ``(addresses, redirects)``: one ``Address`` per paper, in catalog order, and
        ``{old slug: current slug}`` for every old address that is not a page.
    """
    from generator.related import paper_text  # the text related papers compare, too

    by_id = {a.id: a for a in previous}
    texts = [paper_text(p) for p in papers]
    digests = [hashlib.sha1(t.encode("utf-8")).hexdigest()[:12] for t in texts]
    sketches = [_reuse_sketch(by_id.get(p.id), d) or sketch(t)
                for p, t, d in zip(papers, texts, digests, strict=True)]
    matched, taken = _match_by_identity(papers, previous, by_id)
    current_ids = {p.id for p in papers}
    gone = [a for a in previous if a.id not in current_ids and a.slug not in taken]
    _match_by_similarity(matched, sketches, gone)
    return _address_rows(papers, matched, digests, sketches, today)


def _match_by_identity(papers: tuple[Paper, ...], previous: tuple[Address, ...],
                       by_id: dict[str, Address]) -> tuple[list[Address | None], set[str]]:
    """Rules 1 and 2: each paper's entry of the same paper id, else the first entry sharing
    an identifier that no earlier paper took. Returns the matches (``None``: no entry) in
    catalog order and the slugs of the entries matched by an identifier."""
    by_key = {k: a for a in previous for k in a.ids}
    matched: list[Address | None] = []
    taken: set[str] = set()
    for p in papers:
        found = by_id.get(p.id) or next((by_key[k] for k in p.facts.abstract.meta.identifiers()
                                         if k in by_key and by_key[k].slug not in taken), None)
        if found is not None:
            taken.add(found.slug)
        matched.append(found)
    return matched, taken


def _match_by_similarity(matched: list[Address | None], sketches: list[tuple[int, ...]],
                         gone: list[Address]) -> None:
    """Rule 3, in place: each unmatched paper gets the gone entry most similar to it
    (``_most_similar``), each entry at most once, in catalog order."""
    # Sketches that share no hash have similarity 0: only entries sharing one are compared.
    holding: dict[int, list[int]] = {}
    for j, a in enumerate(gone):
        for h in a.sketch:
            holding.setdefault(h, []).append(j)
    if not holding:
        return
    used: set[int] = set()
    for i, found in enumerate(matched):
        if found is not None:
            continue
        candidates = {j for h in sketches[i] for j in holding.get(h, ()) if j not in used}
        best = _most_similar(sketches[i], [(j, gone[j]) for j in sorted(candidates)])
        if best is not None:
            matched[i] = gone[best]
            used.add(best)


def _address_rows(papers: tuple[Paper, ...], matched: list[Address | None],
                  digests: list[str], sketches: list[tuple[int, ...]],
                  today: str) -> tuple[tuple[Address, ...], dict[str, str]]:
    """The permalinks entries and redirects of the matched papers: a paper inherits its
    entry's slug and older slugs, less any that is a page or already redirects."""
    pages = {p.slug for p in papers}
    addresses = []
    redirects: dict[str, str] = {}
    for p, found, digest, sk in zip(papers, matched, digests, sketches, strict=True):
        old: list[str] = []
        if found is not None:
            for slug in (*found.old, found.slug):
                if slug not in pages and slug not in redirects and slug not in old:
                    old.append(slug)
                    redirects[slug] = p.slug
        addresses.append(Address(p.slug, p.id, p.facts.abstract.meta.identifiers(), digest,
                                 sk, tuple(old), found.seen if found and found.seen else today))
    return tuple(addresses), redirects


def _reuse_sketch(entry: Address | None, digest: str) -> tuple[int, ...] | None:
    """The previous entry's sketch when it was made from the same text."""
    return entry.sketch if entry is not None and entry.text == digest else None


def _most_similar(sk: tuple[int, ...], candidates: list[tuple[int, Address]]) -> int | None:
    """The number of the candidate most similar to ``sk``, if at least ``MIN_SIMILARITY`` and
    better than every other (two equally similar pages: no guess)."""
    scored = sorted(((similarity(sk, a.sketch), j) for j, a in candidates),
                    key=lambda x: -x[0])
    if not scored or scored[0][0] < MIN_SIMILARITY:
        return None
    if len(scored) > 1 and scored[1][0] == scored[0][0]:
        return None
    return scored[0][1]
