"""Issue 21, item 3 (a rebuild with nothing changed): a generated page whose template inputs
did not change reuses its stored template output (generator.plugin.reuse). The site must be
the same, file for file, as a build that templates every page."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, run_build

from generator.plugin.reuse import STORE

pytestmark = pytest.mark.e2e
REUSED = re.compile(r"paper-digest: (\d+) pages reused from the previous build")


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def _build(project: Path) -> int:
    """``paper-digest build`` in ``project``; returns how many pages it reused."""
    proc = run_build(project)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    counts = REUSED.findall(proc.stdout + proc.stderr)
    assert len(counts) == 1, proc.stdout + proc.stderr
    return int(counts[0])


def _store(project: Path) -> Path:
    return project / ".paper-digest-cache" / STORE


def test_rebuild_reuses_every_stored_page_and_writes_the_same_site(project_copy: Path) -> None:
    """Cold: nothing reused, one record per reusable page. Again with nothing changed: every
    record reused, every file of the site byte for byte the same."""
    assert _build(project_copy) == 0
    records = sorted(p.name for p in _store(project_copy).iterdir())
    papers = len(list((project_copy / "site" / "papers").glob("*/index.html")))
    assert len(records) >= papers  # every paper page is reusable, and the listings too
    first = _tree(project_copy / "site")
    assert _build(project_copy) == len(records)
    assert _tree(project_copy / "site") == first
    assert sorted(p.name for p in _store(project_copy).iterdir()) == records


def test_after_an_edit_the_site_is_the_one_a_build_without_reuse_writes(
        project_copy: Path) -> None:
    """One abstract edited: the reused build (every page but those the edit changed) and a
    build with an empty store (every page templated) write the same files; the edited
    page is not among the reused ones."""
    assert _build(project_copy) == 0
    records = len(list(_store(project_copy).iterdir()))
    seed = sorted((project_copy / "seeds").glob("*.txt"))[0]
    header, first, *rest = seed.read_text(encoding="utf-8").split("\n\n")
    seed.write_text("\n\n".join([header, first + " These findings also hold at zyxwvut scale.",
                                 *rest]), encoding="utf-8")
    reused = _build(project_copy)
    assert 0 < reused < records
    with_reuse = _tree(project_copy / "site")
    edited = [path for path, data in with_reuse.items()
              if path.startswith("papers/") and b"zyxwvut" in data]
    assert len(edited) == 1
    shutil.rmtree(_store(project_copy))
    assert _build(project_copy) == 0
    assert _tree(project_copy / "site") == with_reuse


def test_a_changed_setting_reuses_nothing(project_copy: Path) -> None:
    """The theme's colour is in every page's key (the configuration as loaded)."""
    assert _build(project_copy) == 0
    config = project_copy / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace(
        "primary: indigo", "primary: teal"), encoding="utf-8")
    assert _build(project_copy) == 0


def test_the_configuration_text_is_the_same_in_every_process() -> None:
    """Sets and functions in the loaded configuration (Material's tags plugin has both) are
    written the same way in two processes, whose string hashes and addresses differ, and
    mkdocs.yml named by a relative path (``mkdocs build -f mkdocs.yml``: ``custom_dir`` stays
    relative) gives the text of the absolute one (``paper-digest build``)."""
    script = ("import hashlib, sys; from mkdocs.config import load_config; "
              "from generator.plugin.reuse import config_text; "
              "print(hashlib.sha1(config_text(load_config(sys.argv[1])).encode()).hexdigest())")
    digests = {subprocess.run([sys.executable, "-c", script, config], cwd=ROOT,
                              capture_output=True, text=True, check=True,
                              env={"PYTHONHASHSEED": seed, "PATH": "/usr/bin:/bin"}
                              ).stdout.strip()
               for seed, config in (("1", str(ROOT / "mkdocs.yml")), ("2", "mkdocs.yml"))}
    assert len(digests) == 1
    assert len(next(iter(digests))) == 40
