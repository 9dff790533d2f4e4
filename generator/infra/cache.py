"""The build cache: one object the pipeline asks whether earlier work still holds, so that
regenerating after a small edit costs little.

What it remembers (one pickle file, default ``.paper-digest-cache/cache.pickle``):

* extracted facts by paper id (a hash of the abstract text, and of its metadata when it has
  some): extraction depends only on those and the taxonomy, so an unchanged abstract is not
  extracted again (``facts``);
* the records of the seed files whose parser is slow (BibTeX, Atom), by a hash of the file's
  bytes: an unchanged 20,000-entry ``.bib`` file is not parsed again (``parsed``);
* the related-papers result by a hash of its inputs (every paper's id and tags, in order),
  and the last one, from which a small edit is updated instead of recomputed (``related``,
  ``last_related``);
* for each generated page, a hash of everything it is made from -> the SHA-1 of its text;
  with the write manifest's entry of the file on disk (size, mtime, SHA-1: ``current``), an
  unchanged page whose file is untouched is neither rendered nor read (``page_is_current``).

The whole cache is keyed by a fingerprint of the taxonomy file and of the generator's own
source, templates and data: changing any of them starts from an empty cache, so a stale entry
can never be used. A missing, corrupt or foreign cache file is ignored (it is only a
speed-up); it is written atomically, with a checksum, keeping only what the run used.

A process that runs one build after another (``mkdocs serve``) may pass a ``Resident``: the
tables a run saved stay in it with the file's size and modification time, and the next run
takes them from there instead of reading and unpickling the file again, as long as the file is
still the one written; under ``mkdocs serve`` it also defers writing the file until the server
stops (``Resident.flush``). A single build passes none, so nothing outlives the run.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

_PACKAGE = Path(__file__).resolve().parent.parent  # generator/
# File format: this tag, the SHA-256 of the pickle, the pickle. A damaged file (a flipped bit
# that still unpickles would otherwise put wrong text on pages) fails the check and is ignored.
_MAGIC = b"paper-digest cache 4\n"


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


def text_digest(text: str | bytes) -> str:
    """SHA-1 (hex) of ``text`` encoded as UTF-8 (or of ``bytes`` already encoded): how the
    cache and the write manifest recognise a file's content without keeping it."""
    return hashlib.sha1(text.encode("utf-8") if isinstance(text, str) else text).hexdigest()


@dataclass(slots=True)
class _Tables:
    """What is pickled: the key and the three memo tables."""

    key: str
    facts: dict[str, Any] = field(default_factory=dict)
    pages: dict[str, str] = field(default_factory=dict)
    related: dict[str, Any] = field(default_factory=dict)
    parsed: dict[str, Any] = field(default_factory=dict)


def _stat(path: Path) -> tuple[int, int]:
    """``path``'s size and modification time (ns); ``(-1, -1)`` when it does not exist."""
    try:
        stat = path.stat()
    except OSError:
        return -1, -1
    return stat.st_size, stat.st_mtime_ns


class Resident:
    """The tables last saved to or read from one cache file, kept between runs of one
    process (module docstring). Not a pipeline record: it is filled by ``BuildCache``.

    Args:
        defer: save by keeping the tables in memory only; the file is written by ``flush``
            (``mkdocs serve`` calls it when the server stops). Pickling the whole cache
            after every edit was a tenth of an edit's rebuild at 5,000 papers; a file left
            older by a killed server only costs the next run some work.
    """

    def __init__(self, defer: bool = False) -> None:
        self.defer = defer
        self.held: tuple[Path, int, int, _Tables] | None = None  # path, size, mtime ns, tables
        self.unsaved = False  # the held tables are newer than the file (``hold``)

    def remember(self, path: Path, tables: _Tables) -> None:
        """Keep ``tables`` as what ``path`` holds now."""
        if path.exists():
            self.held = (path.resolve(), *_stat(path), tables)
        else:
            self.held = None
        self.unsaved = False

    def hold(self, path: Path, tables: _Tables) -> None:
        """Keep ``tables`` as what ``path`` is to hold, while the file is as it is now (another
        process writing it makes them stale); ``flush`` writes them."""
        self.held = (path.resolve(), *_stat(path), tables)
        self.unsaved = True

    def flush(self) -> None:
        """Write the held tables (``hold``) to their file, if it is still the one they were
        held against.

        Raises:
            OSError: the file cannot be written.
        """
        if self.held is None or not self.unsaved:
            return
        path, *_, tables = self.held
        if self.tables(path) is tables:
            _write(path, tables)
            self.remember(path, tables)
        self.unsaved = False

    def tables(self, path: Path) -> _Tables | None:
        """The tables ``path`` holds (or is to hold: ``hold``), if it is still the file
        remembered."""
        if self.held is None:
            return None
        return self.held[3] if self.held[:3] == (path.resolve(), *_stat(path)) else None


def _write(path: Path, tables: _Tables) -> None:
    """``tables`` into ``path`` (the file format at ``_MAGIC``), atomically."""
    payload = pickle.dumps(tables, protocol=pickle.HIGHEST_PROTOCOL)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(_MAGIC + hashlib.sha256(payload).digest() + payload)
    os.replace(tmp, path)


class BuildCache:
    """The memo of one run (module docstring): asked and filled by ``generator.build``, saved
    at the end with only the entries the run used. Not a pipeline record."""

    def __init__(self, path: Path | None, key: str,
                 current: Callable[[str, str], bool] = lambda path, digest: False,
                 resident: Resident | None = None) -> None:
        """Load the cache at ``path`` (``None``: a cache that remembers nothing between runs).

        Args:
            path: the cache file.
            key: the fingerprint the stored cache must have (``fingerprint``).
            current: ``current(page path, SHA-1)`` tells whether the generated file on disk
                still holds that text (``generator.write.Manifest.is_current``).
            resident: where the tables stay between runs of this process (``Resident``);
                ``None``: read from the file every time.
        """
        self.path, self.current, self.resident = path, current, resident
        self._old = _load(path, key, resident) if path is not None else _Tables(key)
        self._new = _Tables(key)

    def facts(self, paper_id: str) -> Any | None:
        """The facts extracted for ``paper_id`` before, or ``None``."""
        found = self._old.facts.get(paper_id)
        if found is not None:
            self._new.facts[paper_id] = found
        return found

    def keep_facts(self, paper_id: str, facts: Any) -> None:
        """Remember the facts of ``paper_id``."""
        self._new.facts[paper_id] = facts

    def parsed(self, key: str) -> Any | None:
        """The records read before from a seed file whose reader and bytes hash to ``key``."""
        found = self._old.parsed.get(key)
        if found is not None:
            self._new.parsed[key] = found
        return found

    def keep_parsed(self, key: str, parsed: Any) -> None:
        """Remember what a seed file (reader and bytes hashed to ``key``) held."""
        self._new.parsed[key] = parsed

    def related(self, key: str) -> Any | None:
        """The related-papers result computed before from inputs hashed to ``key``."""
        found = self._old.related.get(key)
        if found is not None:
            self._new.related = {key: found}
        return found

    def last_related(self) -> Any | None:
        """The last related-papers result stored, whatever its inputs (to update from)."""
        return next(iter(self._old.related.values()), None)

    def keep_related(self, key: str, index: Any) -> None:
        """Remember the related-papers result of inputs hashed to ``key`` (only the last one
        is kept)."""
        self._new.related = {key: index}

    def page_is_current(self, path: str, key: str) -> bool:
        """True when the page at ``path``, whose inputs hash to ``key``, was rendered before
        from the same inputs and its file still holds that text: it need not be rendered."""
        digest = self._old.pages.get(key)
        if digest is not None and self.current(path, digest):
            self._new.pages[key] = digest
            return True
        return False

    def keep_page(self, key: str, text: str) -> None:
        """Remember that the page whose inputs hash to ``key`` has this text."""
        self._new.pages[key] = text_digest(text)

    def save(self) -> None:
        """Store what this run used (no unbounded growth when abstracts change).

        Raises:
            OSError: the file cannot be written (the caller reports it; the pages are
                written already).
        """
        if self.path is None:
            return
        if self.resident is not None and self.resident.defer:
            self.resident.hold(self.path, self._new)
            return
        _write(self.path, self._new)
        if self.resident is not None:
            self.resident.remember(self.path, self._new)


def _load(path: Path, key: str, resident: Resident | None = None) -> _Tables:
    """The tables stored at ``path`` if intact and made with ``key``, else empty ones (any
    problem reading a speed-up means starting afresh); from ``resident`` when it holds that
    very file."""
    held = resident.tables(path) if resident is not None else None
    if held is not None:
        return held if held.key == key else _Tables(key)
    try:
        blob = path.read_bytes()
        digest, payload = blob[len(_MAGIC):len(_MAGIC) + 32], blob[len(_MAGIC) + 32:]
        if blob.startswith(_MAGIC) and hashlib.sha256(payload).digest() == digest:
            data = pickle.loads(payload)
            if isinstance(data, _Tables) and data.key == key:
                if resident is not None:
                    resident.remember(path, data)
                return data
    except Exception:  # noqa: BLE001 - unpickling can raise almost anything on a bad file
        pass
    return _Tables(key)
