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
