"""The project's .gitignore covers every file ``paper-digest generate`` writes, so a user who
generates the Markdown sees in ``git status`` only what they are meant to commit."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest
from conftest import ROOT

pytestmark = pytest.mark.e2e


def _git(project, *args: str) -> str:
    return subprocess.run(["git", "-C", str(project), *args], check=True,
                          capture_output=True, text=True).stdout


def test_generated_files_are_ignored_except_the_permalinks_file(project_copy):
    """After ``generate`` the only new file git shows is the permalinks file (README, Stable
    addresses: commit it with the seeds); every generated page is ignored."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    shutil.copy2(ROOT / ".gitignore", project_copy / ".gitignore")
    _git(project_copy, "init", "-q")
    _git(project_copy, "add", "-A")
    _git(project_copy, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "seeds")
    proc = subprocess.run([sys.executable, "-m", "generator.cli", "generate"], cwd=project_copy,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    written = [line for line in _git(project_copy, "ls-files", "--others", "--ignored",
                                     "--exclude-standard", "docs_src").splitlines()]
    assert any(path.startswith("docs_src/papers/") for path in written)
    status = _git(project_copy, "status", "--porcelain", "--untracked-files=all")
    assert status.splitlines() == ["?? permalinks.json"]
