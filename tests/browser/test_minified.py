"""Minified pages (the plugin's ``minify: true``, the default) show a reader exactly what the
same pages show unminified: the seed site is built twice, with and without minification, and
every page's rendered text (Chromium's ``innerText``, JavaScript off, so no script adds to
it) is compared. ``innerText`` follows the page's CSS, so a space minification removed
between two inline elements, or an element it left open, shows as a difference."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import _copy_project, run_build

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def unminified_site(tmp_path_factory) -> Path:
    """The seed site built as ``built_site`` is, with the plugin's ``minify: false``."""
    project = _copy_project(tmp_path_factory.mktemp("unminified") / "project")
    config = project / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    assert text.count("  - paper-digest:\n") == 1
    config.write_text(text.replace("  - paper-digest:\n",
                                   "  - paper-digest:\n      minify: false\n"), encoding="utf-8")
    proc = run_build(project)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return project / "site"


def test_minified_pages_show_the_same_text(browser, built_site: Path,
                                           unminified_site: Path) -> None:
    pages = sorted(p.relative_to(built_site).as_posix() for p in built_site.rglob("*.html"))
    assert pages == sorted(p.relative_to(unminified_site).as_posix()
                           for p in unminified_site.rglob("*.html"))
    minified = sum((built_site / p).stat().st_size for p in pages)
    plain = sum((unminified_site / p).stat().st_size for p in pages)
    assert minified < 0.9 * plain, (minified, plain)
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        differ = []
        for path in pages:
            shown = []
            for site in (built_site, unminified_site):
                page.goto((site / path).as_uri())
                shown.append(page.evaluate("document.body.innerText"))
            if shown[0] != shown[1]:
                differ.append(path)
        assert differ == []
    finally:
        context.close()
