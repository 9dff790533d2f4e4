"""Step 5, write: put the generated files into ``docs_dir`` safely.

* The generator owns only what it wrote: a manifest (``.paper-digest-manifest.json`` in
  ``docs_dir``; MkDocs ignores dot files) lists those files. Files that were in the manifest
  but are no longer generated are removed; any other file (a hand-written page) is never
  touched, and a generated path that would overwrite one is an error.
* Only changed files are written, so unchanged pages keep their bytes and mtime (fast
  incremental MkDocs builds, no ``mkdocs serve`` reload loop).
* The manifest also entries each file's size, modification time (ns) and SHA-1, so the build
  cache can tell with one ``stat`` that a page it would render again is still on disk as it
  was (the quick check of ``make`` and ``rsync``): ``Manifest.is_current``. Such a page is
  passed here as *kept*: its file is left as it is.
* Atomic: every new content is first written to a hidden staging folder inside ``docs_dir``
  (the same file system, so moves never copy; MkDocs skips dot folders), as it is rendered
  (files may come one at a time: no table of every page is held); only when all of it is on
  disk are the files moved into place (``os.replace``, atomic per file), so a failure while
  rendering, checking or staging leaves ``docs_dir`` exactly as it was. Clashes (a generated
  path whose folder is a file, or that is a folder) are found before anything is written.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from generator.errors import OutputError
from generator.infra.cache import text_digest

MANIFEST = ".paper-digest-manifest.json"
# A manifest entry: [size in bytes, modification time in ns, SHA-1 of the text]; None when
# unknown (a manifest written by an older version, which listed paths only).
Entry = list | None


@dataclass(frozen=True, slots=True)
class WriteReport:
    """What a write changed: paths (relative, POSIX) written, left unchanged and removed."""

    written: tuple[str, ...]
    unchanged: tuple[str, ...]
    removed: tuple[str, ...]


def _safe_relpath(path: str) -> PurePosixPath:
    rel = PurePosixPath(path)
    if rel.is_absolute() or ".." in rel.parts or not rel.parts:
        raise OutputError(f"refusing to write outside the docs folder: {path!r}")
    return rel


def _same_file(target: Path, owned: bool, data: bytes) -> Entry | None:
    """The manifest entry of ``target`` when it already holds ``data``; ``None`` when it is
    missing or differs.

    Raises:
        OutputError: ``target`` exists but the generator did not write it (``owned``).
    """
    if not target.exists():
        return None
    if not owned:
        raise OutputError(f"{target}: exists and was not written by paper-digest; "
                          "move it or rename the collection/tag that generates it")
    if target.read_bytes() == data:
        return _entry(target, text_digest(data))
    return None


def _remove_stale(docs_dir: Path, stale: list[str]) -> None:
    """Delete the generated files no longer generated, and the folders that leaves empty."""
    for path in stale:
        target = docs_dir / path
        if target.is_file() or target.is_symlink():  # never a folder
            target.unlink()
        _prune_empty_dirs(target.parent, docs_dir)


def write_docs(docs_dir: Path, files: Mapping[str, str] | Iterable[tuple[str, str]],
               kept: Collection[str] = (), manifest: Manifest | None = None) -> WriteReport:
    """Make ``docs_dir`` hold exactly ``files`` and ``kept`` among the generator's own files.

    Args:
        docs_dir: the MkDocs ``docs_dir`` (created if missing).
        files: ``{relative POSIX path: text}`` from ``generator.render``, or its items
            ``(path, text)`` one at a time (an iterator, rendered while this writes).
        kept: paths of generated files to leave as they are (only paths
            ``Manifest.is_current`` accepted).
        manifest: the folder's manifest as read before rendering (read here if ``None``).

    Returns:
        A ``WriteReport``.

    Raises:
        OutputError: a path escapes ``docs_dir`` or would overwrite a file the generator did
            not write; nothing has been changed when it is raised.
    """
    docs_dir.mkdir(parents=True, exist_ok=True)
    manifest_path = docs_dir / MANIFEST
    owned = dict((manifest or read_manifest(docs_dir)).entries)
    entries: dict[str, Entry] = {}
    changed: dict[str, str] = {}  # path -> SHA-1 of the staged text
    unchanged: list[str] = []
    seen = set(kept)
    for path in kept:
        _safe_relpath(path)
        entries[path] = owned.get(path)
        unchanged.append(path)
    # Only when something is written: a run that changes nothing must not touch docs_dir at
    # all, or mkdocs serve, which watches it, would rebuild forever.
    staging: Path | None = None
    try:
        for path, text in files.items() if isinstance(files, Mapping) else files:
            target = docs_dir / _safe_relpath(path)
            if path in seen:
                raise OutputError(f"{target}: generated twice in one run")
            seen.add(path)
            data = text.encode("utf-8")
            _check_place(docs_dir, target)
            same = _same_file(target, path in owned, data)
            if same is not None:
                entries[path] = same
                unchanged.append(path)
                continue
            if staging is None:
                staging = Path(tempfile.mkdtemp(prefix=".paper-digest-staging-", dir=docs_dir))
            # Staged flat, one file per number: a copy of the folder tree cost as much to
            # make and to remove again as the pages took to write.
            (staging / str(len(changed))).write_bytes(data)
            changed[path] = text_digest(data)
        stale = sorted(set(owned) - seen)
        # Entry old and new paths first: an interruption below leaves no untracked file.
        _write_manifest(manifest_path, {**owned, **dict.fromkeys(changed)})
        for number, (path, digest) in enumerate(changed.items()):
            target = docs_dir / path
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(staging / str(number), target)
            entries[path] = _entry(target, digest)
        _remove_stale(docs_dir, stale)
        _write_manifest(manifest_path, {path: entries[path] for path in sorted(entries)})
    finally:
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
    return WriteReport(tuple(changed), tuple(unchanged), tuple(stale))


@dataclass(frozen=True, slots=True)
class Manifest:
    """The generator's entry of ``docs_dir``: ``entries`` maps each file it wrote (relative
    POSIX path) to ``[size, mtime in ns, SHA-1 of the text]``, or ``None`` when unknown."""

    docs_dir: Path
    entries: Mapping[str, Entry]

    def is_current(self, path: str, digest: str) -> bool:
        """True when the generated file ``path`` is still the text with SHA-1 ``digest``
        the generator wrote, judged by its entry and one ``stat`` (size and mtime
        unchanged); what ``generator.render`` asks before skipping a cached page."""
        entry = self.entries.get(path)
        if not entry or entry[2] != digest:
            return False
        try:
            stat = (self.docs_dir / path).stat()
        except OSError:
            return False
        return [stat.st_size, stat.st_mtime_ns] == entry[:2]


def read_manifest(docs_dir: Path) -> Manifest:
    """The manifest of ``docs_dir`` (empty when there is none).

    Raises:
        OutputError: the manifest exists but cannot be read.
    """
    return Manifest(docs_dir, _read_manifest(docs_dir / MANIFEST))


def _check_place(docs_dir: Path, target: Path) -> None:
    """Raise OutputError when ``target`` cannot be written: it is a folder, or one of its
    folders inside ``docs_dir`` is a file."""
    if target.is_dir() and not target.is_symlink():
        raise OutputError(f"{target}: is a folder, but paper-digest generates a file there; "
                          "move it")
    for folder in target.relative_to(docs_dir).parents:
        place = docs_dir / folder
        if str(folder) != "." and place.exists() and not place.is_dir():
            raise OutputError(f"{place}: is a file, but paper-digest generates pages inside a "
                              "folder of that name; move it")


def _entry(target: Path, digest: str) -> list:
    stat = target.stat()
    return [stat.st_size, stat.st_mtime_ns, digest]


def generated_files(docs_dir: Path) -> frozenset[str]:
    """The files of ``docs_dir`` the generator wrote (POSIX paths relative to it), from its
    manifest; empty when there is none.

    Raises:
        OutputError: the manifest exists but cannot be read.
    """
    return frozenset(read_manifest(docs_dir).entries)


def _read_manifest(path: Path) -> dict[str, Entry]:
    """``{path: entry}`` from the manifest (older manifests list paths only: entries None)."""
    if not path.exists():
        return {}
    try:
        files = json.loads(path.read_text(encoding="utf-8"))["files"]
        if isinstance(files, list):
            files = dict.fromkeys(files)
        for name in files:  # only paths inside docs_dir: it never deletes anything else
            if not isinstance(name, str) or str(_safe_relpath(name)) != name:
                raise ValueError(name)
        return {k: v if isinstance(v, list) and len(v) == 3 else None for k, v in files.items()}
    except (ValueError, KeyError, TypeError, AttributeError, OutputError):
        raise OutputError(f"{path}: unreadable manifest; delete it and the generated pages "
                          "(papers/, tags/, collections/) to start afresh") from None


def _write_manifest(path: Path, files: dict[str, Entry]) -> None:
    # JSON, one file per line (readable, and diffs well)
    lines = ",\n".join(f"{json.dumps(k, ensure_ascii=False)}: {json.dumps(v)}"
                       for k, v in files.items())
    data = f'{{"generator": "paper-digest", "files": {{\n{lines}\n}}}}\n'.encode()
    if path.exists() and path.read_bytes() == data:
        return
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def _prune_empty_dirs(folder: Path, root: Path) -> None:
    while folder != root and folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent
