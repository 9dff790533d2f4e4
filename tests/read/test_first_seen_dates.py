"""A plain-text paper has no date of its own: its feed entries are dated by the day it first
appeared in the digest, which the permalinks file keeps (``generator.addresses``). Editing a
seed file, which gives it a new modification day, re-dates no paper, and a fresh clone (every
seed file's time the checkout's) dates each paper as the committed permalinks file says."""

from __future__ import annotations

import os
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.addresses import read_addresses
from generator.build import generate
from generator.config import DigestConfig

pytestmark = pytest.mark.e2e  # generates the seeds' pages

ROOT = Path(__file__).resolve().parents[2]
ATOM = "{http://www.w3.org/2005/Atom}"
DAY = 86400
FIRST = 1767268800  # 2026-01-01 12:00 UTC


def _config(root: Path) -> DigestConfig:
    return DigestConfig(seeds_dir=root / "seeds", docs_dir=root / "docs",
                        taxonomy=ROOT / "taxonomy.yml", overrides=root / "none.yml",
                        cache_dir=None, permalinks=root / "permalinks.json")


def _entry_days(config: DigestConfig) -> dict[str, tuple[str, str]]:
    """feed.xml's entries: id -> (published, updated)."""
    feed = ET.parse(config.docs_dir / "feed.xml").getroot()
    return {e.findtext(f"{ATOM}id"): (e.findtext(f"{ATOM}published"),
                                     e.findtext(f"{ATOM}updated"))
            for e in feed.iter(f"{ATOM}entry")}


def _touch(seeds: Path, stamp: int) -> None:
    for path in seeds.iterdir():
        os.utime(path, (stamp, stamp))


def test_editing_a_seed_redates_no_paper_and_a_clone_keeps_the_dates(tmp_path: Path) -> None:
    config = _config(tmp_path / "a")
    shutil.copytree(ROOT / "seeds", config.seeds_dir)
    _touch(config.seeds_dir, FIRST)
    first = generate(config)
    days = _entry_days(config)
    assert len(days) == min(len(first.papers), 200)
    assert {d for pair in days.values() for d in pair} == {"2026-01-01T00:00:00+00:00"}

    # One word of one abstract edited a week later: that file's time moves on.
    seed = sorted(config.seeds_dir.glob("*.txt"))[0]
    text = seed.read_text(encoding="utf-8")
    paragraphs = text.split("\n\n")
    words = paragraphs[2].split(" ")
    words[3] = words[3] + "s"
    paragraphs[2] = " ".join(words)
    seed.write_text("\n\n".join(paragraphs), encoding="utf-8")
    os.utime(seed, (FIRST + 7 * DAY, FIRST + 7 * DAY))
    second = generate(config)
    assert len(second.papers) == len(first.papers)
    later = _entry_days(config)
    changed = set(later) ^ set(days)  # the edited paper's id (it hashes its text) changed
    assert len(changed) == 2
    assert {later[k] for k in later} == {days[k] for k in days}
    assert {k: v for k, v in later.items() if k in days} == {
        k: v for k, v in days.items() if k in later}

    # A fresh clone: the seeds and the committed permalinks file, every file's time today.
    clone = _config(tmp_path / "clone")
    shutil.copytree(config.seeds_dir, clone.seeds_dir)
    shutil.copy(config.permalinks, clone.permalinks)
    _touch(clone.seeds_dir, FIRST + 30 * DAY)
    generate(clone)
    assert _entry_days(clone) == later
    assert [a.seen for a in read_addresses(clone.permalinks)] == [
        a.seen for a in read_addresses(config.permalinks)]
    assert {a.seen for a in read_addresses(clone.permalinks)} == {"2026-01-01"}


def test_a_run_under_serve_reads_the_permalinks_file_and_leaves_it(tmp_path: Path) -> None:
    """``record_permalinks=False`` (the plugin under ``mkdocs serve``): the file's addresses
    still become redirects, and the file is left byte for byte as the last build wrote it, so
    a title tried while editing never becomes a published address."""
    import dataclasses

    from mkdocs.config import load_config

    config = _config(tmp_path / "a")
    shutil.copytree(ROOT / "seeds", config.seeds_dir)
    generate(config)
    written = config.permalinks.read_bytes()
    seed = sorted(config.seeds_dir.glob("*.txt"))[0]
    text = seed.read_text(encoding="utf-8")
    first = text.split("\n\n")[1]
    seed.write_text(text.replace(first, "We propose ZyxNet. " + first, 1), encoding="utf-8")
    served = generate(dataclasses.replace(config, record_permalinks=False))
    assert config.permalinks.read_bytes() == written
    assert len(served.redirects) == 1  # the edited paper's address moved: its old one leads on
    plugin = load_config(str(ROOT / "mkdocs.yml")).plugins["paper-digest"]
    for command, records in (("serve", False), ("build", True), ("gh-deploy", True)):
        plugin.on_startup(command=command, dirty=False)
        assert plugin.digest_config(load_config(str(ROOT / "mkdocs.yml"))).record_permalinks \
            is records
