"""A build cache so that regenerating after a small edit costs little (issue 5: incremental).

Three memo tables, kept in one pickle file (default ``.paper-digest-cache/cache.pickle``):

* ``facts``: paper id (a hash of the abstract text) -> ``PaperFacts``. Extraction depends only
  on the text and the taxonomy, so an unchanged abstract is not extracted again.
* ``pages``: a hash of everything a generated page is made from -> the SHA-1 of its text, so
  an unchanged page whose file is still that text (the write manifest's size/mtime record,
  ``generator.write.Manifest.is_current``) is neither rendered nor read again.
* ``related``: a hash of the related-papers step's inputs (every paper's id and tags, in
  order) -> its ``RelatedIndex``, so a run in which no abstract, tag or order changed
  (``mkdocs serve`` regenerates on every rebuild, e.g. after editing a hand-written page)
  skips that step; after a small edit the stored index is updated instead of recomputed
  (``generator.related``: only papers whose TF-IDF weights moved are scored anew).

The whole cache is keyed by a fingerprint of the taxonomy file and of the generator's own
source and templates: changing either starts from an empty cache, so a stale entry can never
be used. A missing, corrupt or foreign cache file is simply ignored (it is only a speed-up);
it is written atomically, with a checksum.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from dataclasses import dataclass, field
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent  # generator/


def fingerprint(*files: Path) -> str:
    """SHA-256 over the generator's ``.py``, template and data files (the tag model) and the
    given ``files``."""
    h = hashlib.sha256()
    sources = (sorted(_PACKAGE.rglob("*.py"))
               + sorted((_PACKAGE / "render" / "templates").glob("*"))
               + sorted((_PACKAGE / "data").glob("*")))
    for path in [*sources, *files]:
        h.update(str(path.relative_to(_PACKAGE) if path.is_relative_to(_PACKAGE) else path.name)
                 .encode())
        h.update(path.read_bytes() if path.exists() else b"<missing>")
    return h.hexdigest()


@dataclass(slots=True)
class BuildCache:
    """Mutable memo tables for one run (see module docstring). Not a pipeline record."""

    key: str
    facts: dict = field(default_factory=dict)
    pages: dict = field(default_factory=dict)
    related: dict = field(default_factory=dict)


# File format: this tag, the SHA-256 of the pickle, the pickle. A damaged file (a flipped bit
# that still unpickles would otherwise put wrong text on pages) fails the check and is ignored.
_MAGIC = b"paper-digest cache 2\n"


def load_cache(path: Path, key: str) -> BuildCache:
    """The cache stored at ``path`` if it is intact and was made with the same ``key``, else
    an empty one (the cache is only a speed-up: any problem reading it means starting
    afresh)."""
    try:
        blob = path.read_bytes()
        digest, payload = blob[len(_MAGIC):len(_MAGIC) + 32], blob[len(_MAGIC) + 32:]
        if blob.startswith(_MAGIC) and hashlib.sha256(payload).digest() == digest:
            data = pickle.loads(payload)
            if isinstance(data, BuildCache) and data.key == key:
                return data
    except Exception:  # noqa: BLE001 - unpickling can raise almost anything on a bad file
        pass
    return BuildCache(key)


def save_cache(path: Path, cache: BuildCache, keep_facts: set[str],
               keep_pages: set[str], keep_related: set[str] = frozenset()) -> None:
    """Store ``cache`` at ``path``, keeping only the entries this run used (no unbounded
    growth when abstracts are edited or removed).

    Raises:
        OSError: the file cannot be written (the caller reports it; the pages are written).
    """
    pruned = BuildCache(cache.key,
                        {k: v for k, v in cache.facts.items() if k in keep_facts},
                        {k: v for k, v in cache.pages.items() if k in keep_pages},
                        {k: v for k, v in cache.related.items() if k in keep_related})
    payload = pickle.dumps(pruned, protocol=pickle.HIGHEST_PROTOCOL)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(_MAGIC + hashlib.sha256(payload).digest() + payload)
    os.replace(tmp, path)
