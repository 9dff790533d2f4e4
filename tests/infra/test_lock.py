"""One generator run at a time per docs_dir (generator/infra/lock.py)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from generator.build import generate
from generator.config import DigestConfig
from generator.infra.lock import docs_lock, lock_path

ROOT = Path(__file__).resolve().parents[2]


def test_second_holder_waits_for_the_first(tmp_path: Path) -> None:
    """A run that finds the lock taken says so and waits; it goes on once the lock is free."""
    docs = tmp_path / "docs_src"
    said: list[str] = []
    entered = threading.Event()

    def second() -> None:
        with docs_lock(docs, said.append):
            entered.set()

    with docs_lock(docs):
        worker = threading.Thread(target=second)
        worker.start()
        assert not entered.wait(0.3)
        assert said == [f"waiting for another paper-digest run writing {docs} to finish"]
    worker.join(5)
    assert entered.is_set()
    assert lock_path(docs) == tmp_path / ".paper-digest-docs_src.lock"


@pytest.mark.e2e
def test_concurrent_runs_both_succeed(tmp_path: Path) -> None:
    """Two generate runs on the same docs_dir at once (``mkdocs serve`` regenerating while
    ``paper-digest build`` runs) both finish and agree, instead of one failing on the
    other's files."""
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "a.txt").write_bytes((ROOT / "seeds" / sorted(
        p.name for p in (ROOT / "seeds").glob("*.txt"))[0]).read_bytes())
    config = DigestConfig(seeds_dir=seeds, docs_dir=tmp_path / "docs_src",
                          taxonomy=ROOT / "taxonomy.yml", cache_dir=None)
    results, errors = [], []

    def run() -> None:
        try:
            results.append(generate(config))
        except Exception as exc:  # noqa: BLE001 - the test reports any failure
            errors.append(exc)

    threads = [threading.Thread(target=run) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert errors == []
    assert [len(r.papers) for r in results] == [len(results[0].papers)] * 2
