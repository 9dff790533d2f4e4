"""Issue 21 item 3 under ``mkdocs serve --dirty``: after one edited abstract the rebuild renders
and writes only the pages the edit changed, the edited page shows the edit, and Pagefind indexes
the site in the background, so the page is served before the index is rebuilt.

The builds run in this process as ``mkdocs serve --dirty`` runs them (``mkdocs.commands.serve``:
``on_startup(command="serve", dirty=True)`` once, then ``build(config, dirty=True)`` per change
with a freshly loaded configuration and the same plugin object)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

pytestmark = pytest.mark.e2e

SERVE_URL = "http://127.0.0.1:8000/paper-digest/"


def _config(project: Path, site: Path):
    config = load_config(config_file=str(project / "mkdocs.yml"), site_dir=str(site))
    config.site_url = SERVE_URL
    return config


def _html_mtimes(site: Path) -> dict[str, int]:
    return {str(p.relative_to(site)): p.stat().st_mtime_ns for p in site.rglob("*.html")}


def test_one_edit_rebuilds_only_its_pages(project_copy: Path, tmp_path: Path) -> None:
    from generator.plugin.plugin import pagefind_installed

    if not pagefind_installed():
        pytest.skip("pagefind is not installed (pip install -e '.[pagefind]')")
    site = tmp_path / "site"
    config = _config(project_copy, site)
    config.plugins.on_startup(command="serve", dirty=True)
    plugin = config.plugins["paper-digest"]
    build(config, serve_url=SERVE_URL, dirty=True)
    assert plugin.indexer is not None  # the first build's index runs in the background
    plugin.indexer.thread.join(timeout=300)
    assert plugin.indexer.process.returncode == 0
    entry = site / "pagefind" / "pagefind-entry.json"
    first_index = entry.stat().st_mtime_ns
    before = _html_mtimes(site)

    papers = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    target = papers[len(papers) // 2]
    seed = project_copy / "seeds" / Path(target["sources"][0]["file"]).name
    text = seed.read_text(encoding="utf-8")
    start = target["abstract"][:60]
    assert text.count(start) == 1
    seed.write_text(text.replace(start, start + " zyxwvut", 1), encoding="utf-8")

    config = _config(project_copy, site)
    assert config.plugins["paper-digest"] is plugin  # MkDocs keeps the plugin object
    build(config, serve_url=SERVE_URL, dirty=True)
    page = site / target["url"].removeprefix("/") / "index.html"
    assert "zyxwvut" in page.read_text(encoding="utf-8")
    after = _html_mtimes(site)
    assert set(after) == set(before)
    rewritten = {path for path in after if after[path] != before[path]}
    # What MkDocs writes on every build (its theme's static templates), and the generated
    # pages whose text the edit changed: the paper, and pages showing it (related papers,
    # neighbours, listings).
    written = {str(Path(p).with_suffix(".html")) if p == "404.md" else
               str(Path(p).parent / "index.html") for p in plugin.report.written
               if p.endswith(".md")}
    assert str(page.relative_to(site)) in written
    assert rewritten == written | {"404.html"}
    assert len(rewritten) < len(before) // 4
    plugin.indexer.thread.join(timeout=300)
    assert plugin.indexer.process.returncode == 0
    assert entry.stat().st_mtime_ns > first_index
    config.plugins.on_shutdown()
    assert os.listdir(project_copy / "docs_src") == ["about.md"]
