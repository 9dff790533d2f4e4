"""Shared fixtures: the project's seeds, and one full site build reused by every site test."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Properties assert values, never time: Hypothesis' default 200 ms deadline per example
# failed a property test on a loaded machine (cold caches), so no deadline.
settings.register_profile("paper-digest", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("paper-digest")

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "seeds"
# Python-Markdown extensions exactly as mkdocs.yml lists them.
MD_EXTENSIONS = ["admonition", "attr_list", "md_in_html", "pymdownx.details",
                 "pymdownx.superfences", "toc"]


def _copy_project(dest: Path) -> Path:
    """Copy what a build needs (mkdocs.yml, seeds, taxonomy, overrides, generator, about page)
    into ``dest``; the hook path in mkdocs.yml is relative, so the generator is copied too."""
    dest.mkdir(parents=True, exist_ok=True)
    for name in ("mkdocs.yml", "taxonomy.yml"):
        shutil.copy2(ROOT / name, dest / name)
    shutil.copytree(ROOT / "seeds", dest / "seeds")
    shutil.copytree(ROOT / "site_overrides", dest / "site_overrides")
    shutil.copytree(ROOT / "generator", dest / "generator",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (dest / "docs_src").mkdir()
    shutil.copy2(ROOT / "docs_src" / "about.md", dest / "docs_src" / "about.md")
    return dest


def run_build(project: Path) -> subprocess.CompletedProcess:
    """Run ``python -m generator.cli build --search material`` in ``project`` (Material's lunr
    index: the tests of that index and of file:// reading; ``pagefind_project`` builds with
    the default engine, Pagefind) and return the finished process."""
    return subprocess.run([sys.executable, "-m", "generator.cli", "build", "--search",
                           "material"], cwd=project, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="session")
def seeds_dir() -> Path:
    """The project's seed folder."""
    return SEEDS


@pytest.fixture(scope="session")
def built_project(tmp_path_factory) -> Path:
    """A temporary copy of the project after a successful ``paper-digest build --search
    material`` (``run_build``)."""
    project = _copy_project(tmp_path_factory.mktemp("built") / "project")
    proc = run_build(project)
    if proc.returncode != 0:
        pytest.fail(f"build failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
    project.joinpath("build.log").write_text(proc.stdout + proc.stderr, encoding="utf-8")
    return project


@pytest.fixture(scope="session")
def built_site(built_project) -> Path:
    """The built site folder (``site/``) of ``built_project``."""
    return built_project / "site"


@pytest.fixture(scope="session")
def pagefind_project(tmp_path_factory) -> Path:
    """A copy of the project after ``paper-digest build``: the default engine, Pagefind."""
    from browser_support import skip_or_fail

    from generator.plugin.plugin import pagefind_installed

    if not pagefind_installed():
        # In CI the test extra installs it (pagefind[bin]); a missing one is a failure there.
        skip_or_fail("pagefind is not installed (pip install -e '.[pagefind]')")
    project = _copy_project(tmp_path_factory.mktemp("pagefind") / "project")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    proc = subprocess.run([sys.executable, "-m", "generator.cli", "build"],
                          cwd=project, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, f"build failed:\n{proc.stdout}\n{proc.stderr}"
    (project / "build.log").write_text(proc.stdout + proc.stderr, encoding="utf-8")
    return project


@pytest.fixture(scope="session")
def pf_site(pagefind_project) -> Path:
    """The Pagefind build's site folder."""
    return pagefind_project / "site"


@pytest.fixture
def project_copy(tmp_path) -> Path:
    """A fresh, unbuilt copy of the project (function scope) for tests that modify inputs."""
    return _copy_project(tmp_path / "project")


# Browser fixtures shared by the browser test modules (they skip, or fail in CI, without
# Chromium: see browser_support).
@pytest.fixture(scope="module")
def browser():
    """A headless Debian Chromium for the module's tests."""
    from browser_support import chromium

    with chromium() as b:
        yield b


@pytest.fixture
def page(browser):
    """A fresh page (own context) in the module's browser."""
    from browser_support import new_page

    with new_page(browser) as p:
        yield p


# Fixtures that build a site or read a whole data set: a test using one is end-to-end.
_E2E_FIXTURES = frozenset(("built_project", "built_site", "site_dir", "layout_site",
                           "pagefind_project", "pf_site", "offline_site", "hostile_site",
                           "real", "heldout", "seed_papers"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``e2e`` every browser test and every test using a site-building or whole-data
    fixture, so ``pytest -m "not e2e"`` keeps the unit tests without a list to maintain."""
    for item in items:
        if item.get_closest_marker("browser") or _E2E_FIXTURES.intersection(item.fixturenames):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def train():
    """``training/train_tag_model.py`` imported as a module (training/ holds scripts, not a
    package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("train_tag_model",
                                                  ROOT / "training" / "train_tag_model.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module
