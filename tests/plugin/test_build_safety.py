"""Issue 21 items 1 and 4: a build writes nothing into docs_dir, and a failed build leaves the
previous site exactly as it was."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT, run_build

from generator.read import read_seeds

pytestmark = pytest.mark.e2e


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def test_docs_dir_holds_only_the_hand_written_pages(built_project: Path) -> None:
    """After ``paper-digest build`` docs_src holds what it held before (about.md), and the
    generated pages are in the site all the same."""
    assert sorted(_tree(built_project / "docs_src")) == ["about.md"]
    papers = len(read_seeds(ROOT / "seeds").abstracts)
    assert len(list((built_project / "site" / "papers").glob("*/index.html"))) == papers


def test_plain_mkdocs_build_writes_nothing_into_docs_dir(project_copy: Path) -> None:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict"],
                          cwd=project_copy, env=env, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert sorted(_tree(project_copy / "docs_src")) == ["about.md"]


def test_failed_strict_build_leaves_the_site_as_it_was(project_copy: Path) -> None:
    """A hand-written page with a broken link fails the strict build at its end (after
    MkDocs wrote every page): site/ is byte for byte the previous one, and no build folder
    is left beside it."""
    assert run_build(project_copy).returncode == 0
    before = _tree(project_copy / "site")
    (project_copy / "docs_src" / "broken.md").write_text(
        "# Broken\n\nSee [the missing page](missing.md).\n", encoding="utf-8")
    proc = run_build(project_copy)
    assert proc.returncode == 1
    assert "missing.md" in proc.stdout + proc.stderr
    assert proc.stderr.rstrip().splitlines()[-1] == (
        "paper-digest: error: Aborted with 1 warnings in strict mode!; "
        f"{project_copy / 'site'} was left as it was (fix what the lines above name, then "
        "build again)")
    assert _tree(project_copy / "site") == before
    assert sorted(p.name for p in project_copy.iterdir() if p.name.startswith(".site")) == []


@pytest.mark.parametrize(("signum", "how"), [(signal.SIGTERM, "SIGTERM"),
                                             (signal.SIGINT, "Ctrl-C")])
def test_stopped_build_leaves_the_site_as_it_was(project_copy: Path, signum: int,
                                                 how: str) -> None:
    """SIGTERM (a kill, a CI timeout) or SIGINT (Ctrl-C) while ``paper-digest build`` runs:
    the command says so in one line (no traceback) and exits 128 + the signal's number,
    site/ is the previous one, and its build folder is gone."""
    assert run_build(project_copy).returncode == 0
    before = _tree(project_copy / "site")
    proc = subprocess.Popen([sys.executable, "-m", "generator.cli", "build", "--search",
                             "material"], cwd=project_copy, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not list(project_copy.glob(".site-building-*")):
        assert proc.poll() is None and time.monotonic() < deadline, "no build folder seen"
        time.sleep(0.02)
    proc.send_signal(signum)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 128 + signum, err
    assert err.rstrip().splitlines()[-1] == (
        f"paper-digest: stopped ({how}); {project_copy / 'site'} was left as it was")
    assert _tree(project_copy / "site") == before
    assert sorted(p.name for p in project_copy.iterdir() if p.name.startswith(".site")) == []


def _mkdocs(project: Path, *args: str) -> None:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", *args],
                          cwd=project, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr


def _mtimes(folder: Path, pattern: str) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_mtime_ns for p in folder.glob(pattern)}


def test_one_edit_rebuilds_only_its_pages_with_dirty(project_copy: Path) -> None:
    """Issue 21 item 3: after one abstract is edited, the page store rewrites only the pages
    made from it (its page, the listings and neighbours that show it, papers.json, the
    feed), and ``mkdocs build --dirty`` writes the edited paper's HTML again but not an
    untouched paper's."""
    _mkdocs(project_copy)
    store = project_copy / ".paper-digest-cache" / "pages"
    before = _mtimes(store, "**/*")
    html_before = _mtimes(project_copy / "site", "papers/*/index.html")
    seed = sorted((project_copy / "seeds").glob("*.txt"))[0]
    header, first, *rest = seed.read_text(encoding="utf-8").split("\n\n")
    # a last sentence: the paper's title, taken from its first sentences, stays
    seed.write_text("\n\n".join([header, first + " These findings also hold at zyxwvut scale.",
                                *rest]), encoding="utf-8")
    _mkdocs(project_copy, "--dirty")
    after = _mtimes(store, "**/*")
    changed = sorted(p for p in after if after[p] != before.get(p))
    edited = [p for p in changed if p.startswith("papers/") and p.endswith("/index.md")
              and "zyxwvut" in (store / p).read_text(encoding="utf-8").partition(
                  'class="pd-abstract"')[2]]
    assert len(edited) == 1
    assert "papers.json" in changed
    assert len(changed) < len(after) // 5, changed
    html_after = _mtimes(project_copy / "site", "papers/*/index.html")
    page = edited[0].removesuffix(".md") + ".html"
    assert html_after[page] != html_before[page]
    assert "zyxwvut" in (project_copy / "site" / page).read_text(encoding="utf-8")
    untouched = [p for p in html_before if p.removesuffix(".html") + ".md" not in changed]
    assert len(untouched) > len(html_before) // 2
    assert {p: html_after[p] for p in untouched} == {p: html_before[p] for p in untouched}


def test_pages_generated_into_docs_dir_do_not_clash(project_copy: Path) -> None:
    """``paper-digest generate`` (the Zensical route) writes the pages into docs_src; a
    MkDocs build afterwards uses its own and builds; a hand-written page where the generator
    makes one is an error naming it."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    gen = subprocess.run([sys.executable, "-m", "generator.cli", "generate"], cwd=project_copy,
                         env=env, capture_output=True, text=True, timeout=300)
    assert gen.returncode == 0, gen.stderr
    assert (project_copy / "docs_src" / "stats" / "index.md").is_file()
    _mkdocs(project_copy, "--strict")
    (project_copy / "docs_src" / ".paper-digest-manifest.json").unlink()
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q"], cwd=project_copy,
                          env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 1
    # the first generated page in path order
    assert "docs_src/authors/index.md: the generator makes this page" in proc.stderr
