"""The build cache kept in memory between runs of one process (``Resident``, ``mkdocs serve``):
taken from memory only while the file is the one this process wrote or read."""

from __future__ import annotations

from pathlib import Path

from generator.infra.cache import BuildCache, Resident


def _saved(path: Path, resident: Resident | None, facts: dict[str, str]) -> None:
    cache = BuildCache(path, "key", resident=resident)
    for paper_id, value in facts.items():
        cache.keep_facts(paper_id, value)
    cache.save()


def test_resident_tables_are_reused_while_the_file_is_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "cache.pickle"
    resident = Resident()
    _saved(path, resident, {"a": "facts of a"})
    first = BuildCache(path, "key", resident=resident)
    assert first.facts("a") == "facts of a"
    assert first._old is resident.held[3]  # from memory, not unpickled again
    # Another process rewrites the file: read from disk again.
    _saved(path, None, {"b": "facts of b"})
    second = BuildCache(path, "key", resident=resident)
    assert second.facts("a") is None
    assert second.facts("b") == "facts of b"
    assert second._old is resident.held[3]


def test_resident_tables_of_another_key_are_not_used(tmp_path: Path) -> None:
    path = tmp_path / "cache.pickle"
    resident = Resident()
    _saved(path, resident, {"a": "facts of a"})
    assert BuildCache(path, "other key", resident=resident).facts("a") is None
    assert BuildCache(path, "key", resident=resident).facts("a") == "facts of a"


def test_without_resident_nothing_outlives_the_run(tmp_path: Path) -> None:
    path = tmp_path / "cache.pickle"
    _saved(path, None, {"a": "facts of a"})
    one, two = BuildCache(path, "key"), BuildCache(path, "key")
    assert one.facts("a") == two.facts("a") == "facts of a"
    assert one._old is not two._old


def test_a_deferred_save_keeps_the_tables_in_memory_until_flush(tmp_path: Path) -> None:
    """Under ``mkdocs serve`` (``Resident(defer=True)``) a save writes nothing: the next run
    takes the tables from memory; ``flush`` (the server stopping) writes them."""
    path = tmp_path / "cache.pickle"
    _saved(path, None, {"a": "facts of a"})
    on_disk = path.read_bytes()
    resident = Resident(defer=True)
    _saved(path, resident, {"b": "facts of b"})
    assert path.read_bytes() == on_disk
    assert BuildCache(path, "key", resident=resident).facts("b") == "facts of b"
    resident.flush()
    assert path.read_bytes() != on_disk
    assert BuildCache(path, "key").facts("b") == "facts of b"
    assert BuildCache(path, "key").facts("a") is None  # only what the last run used


def test_a_deferred_save_is_dropped_when_another_process_wrote_the_file(
        tmp_path: Path) -> None:
    """The file rewritten by someone else after the deferred save: the held tables are
    stale, not used and not written over the newer file."""
    path = tmp_path / "cache.pickle"
    resident = Resident(defer=True)
    _saved(path, resident, {"a": "facts of a"})
    assert not path.exists()
    _saved(path, None, {"b": "facts of b"})
    assert BuildCache(path, "key", resident=resident).facts("a") is None
    written = path.read_bytes()
    resident.flush()
    assert path.read_bytes() == written
