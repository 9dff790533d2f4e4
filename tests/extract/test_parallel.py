"""Parallel extraction (generator.extract.parallel) gives exactly the serial result, in order."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.build import collect
from generator.config import DigestConfig
from generator.config.taxonomy import load_taxonomy
from generator.extract import extract_paper, paper_id
from generator.extract.parallel import extract_many
from generator.read import read_seeds

pytestmark = pytest.mark.e2e  # builds sites or generates the seeds

ROOT = Path(__file__).resolve().parents[2]


def test_two_workers_match_one_process():
    """Every seed abstract through two spawned workers (the threshold lowered to 0): the same
    PaperFacts, in input order, and progress reported for each."""
    taxonomy = load_taxonomy(ROOT / "taxonomy.yml")
    abstracts = read_seeds(ROOT / "seeds").abstracts
    todo = [(a, paper_id(a.text)) for a in abstracts]
    seen: list[int] = []
    parallel = list(extract_many(todo, taxonomy, jobs=2, minimum=0, done=seen.append))
    assert parallel == [extract_paper(a, taxonomy, pid) for a, pid in todo]
    assert seen == list(range(1, len(todo) + 1))


def test_small_batches_stay_in_process(monkeypatch):
    """Below the threshold no worker is started."""
    import generator.extract.parallel as parallel

    def no_pool(*args, **kwargs):
        raise AssertionError("a worker pool was started")

    monkeypatch.setattr(parallel.multiprocessing, "get_context", no_pool)
    config = DigestConfig(seeds_dir=ROOT / "seeds", taxonomy=ROOT / "taxonomy.yml",
                          overrides=ROOT / "seeds" / "overrides.yml", jobs=4)
    assert len(collect(config)[0]) == len(read_seeds(ROOT / "seeds").abstracts)
