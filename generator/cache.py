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
it is written atomically.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from dataclasses import dataclass, field
from pathlib import Path

_PACKAGE = Path(__file__).parent


def fingerprint(*files: Path) -> str:
    """SHA-256 over the generator's ``.py`` and template files and the given ``files``."""
    h = hashlib.sha256()
    sources = sorted(_PACKAGE.rglob("*.py")) + sorted((_PACKAGE / "render" / "templates").glob("*"))
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


def load_cache(path: Path, key: str) -> BuildCache:
    """The cache stored at ``path`` if it was made with the same ``key``, else an empty one."""
    try:
        with path.open("rb") as fh:
            data = pickle.load(fh)
        if isinstance(data, BuildCache) and data.key == key:
            return data
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, TypeError,
            ValueError, ImportError):
        pass
    return BuildCache(key)


def save_cache(path: Path, cache: BuildCache, keep_facts: set[str],
               keep_pages: set[str], keep_related: set[str] = frozenset()) -> None:
    """Store ``cache`` at ``path``, keeping only the entries this run used (no unbounded
    growth when abstracts are edited or removed)."""
    pruned = BuildCache(cache.key,
                        {k: v for k, v in cache.facts.items() if k in keep_facts},
                        {k: v for k, v in cache.pages.items() if k in keep_pages},
                        {k: v for k, v in cache.related.items() if k in keep_related})
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("wb") as fh:
        pickle.dump(pruned, fh, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(tmp, path)
