"""What the paper-digest plugin does to make MkDocs' work per page smaller changes no output:
blocks Material's search skips are set aside while it indexes a generated page and put back
before the page is written (``on_page_content`` / ``on_post_page``); Material's blocks that
are the same for every paper page are rendered once (``paper_digest_cached``)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import ROOT
from material.plugins.search.plugin import SearchIndex
from mkdocs.commands.build import build
from mkdocs.config import load_config

from generator.plugin import plugin as plugin_module
from generator.plugin.markdown_stash import GeneratedHtmlExtension

CONTENT = (
    '<h1 id="t">T</h1>\n<p class="pd-meta" data-search-exclude><span class="pd-badges">'
    '<a class="pd-badge" href="https://github.com/o/r">o/r</a></span></p>\n'
    '<p>The highlight. <sup class="pd-aliases" hidden>kmeans</sup></p>\n'
    '<h2 id="related-papers">Related papers</h2>\n<ul class="pd-related" data-search-exclude>\n'
    '<li class="pd-related__item"><a href="../../papers/b/">B &lt;/ul&gt;</a></li>\n</ul>\n\n'
    '<h2 id="cite">Cite</h2>\n<div class="pd-cite" data-search-exclude>\n<p>Ref.</p>\n'
    '<pre><code class="language-bibtex">@misc{x}\n</code></pre>\n</div>\n\n'
    '<nav class="pd-prevnext" aria-label="Previous and next paper" data-search-exclude>\n'
    '<a class="pd-prev" href="../../papers/a/">← A</a></nav>')


def _plugin(generated: set[str]):
    config = load_config(str(ROOT / "mkdocs.yml"))
    plugin = config.plugins["paper-digest"]
    plugin.stash = GeneratedHtmlExtension()
    plugin.stash.generated = frozenset(generated)
    return plugin, config


def _page(src_uri: str, content: str) -> SimpleNamespace:
    return SimpleNamespace(file=SimpleNamespace(src_uri=src_uri), content=content, meta={},
                           toc=[], url="papers/x/", title="T")


def _index(content: str) -> list[dict]:
    index = SearchIndex()
    index.add_entry_from_context(_page("papers/x.md", content))
    return index.entries


def test_set_aside_for_search_and_put_back() -> None:
    plugin, config = _plugin({"papers/x.md"})
    page = _page("papers/x.md", CONTENT)
    html = plugin.on_page_content(CONTENT, page=page, config=config, files=None)
    for name in ("pd-meta", "pd-related", "pd-cite", "pd-prevnext"):
        assert name not in html
    assert "The highlight." in html and "<h2 id=\"cite\">Cite</h2>" in html
    # the search index is the one of the whole content: the blocks were excluded anyway
    assert _index(html) == _index(CONTENT)
    written = f"<html><article>{html}</article></html>"
    assert plugin.on_post_page(written, page=page, config=config) == \
        f"<html><article>{CONTENT}</article></html>"
    assert plugin.set_aside == {}


def test_hand_written_pages_and_pagefind_builds_untouched() -> None:
    plugin, config = _plugin({"papers/x.md"})
    page = _page("about.md", CONTENT)
    assert plugin.on_page_content(CONTENT, page=page, config=config, files=None) == CONTENT
    config.plugins["material/search"].config.enabled = False  # what search: pagefind does
    page = _page("papers/x.md", CONTENT)
    assert plugin.on_page_content(CONTENT, page=page, config=config, files=None) == CONTENT


@pytest.mark.e2e
def test_cached_blocks_are_materials_own_output(project_copy: Path, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The seed site built with the blocks reused and built with every block rendered for
    its page: the same HTML files, byte for byte; the paper pages share their blocks."""
    config = load_config(str(project_copy / "mkdocs.yml"), site_dir=str(tmp_path / "reused"))
    build(config)
    fragments = config.plugins["paper-digest"].fragments
    papers = len(list((project_copy / "docs_src" / "papers").glob("*/index.md")))
    assert {key[:2] for key in fragments} >= {("tabs", "papers"), ("site_nav", "papers")}
    assert len(fragments) < papers / 2  # reused, not one rendering per page
    monkeypatch.setattr(plugin_module, "fragment_key", lambda *args: None)
    config = load_config(str(project_copy / "mkdocs.yml"), site_dir=str(tmp_path / "plain"))
    build(config)
    assert not config.plugins["paper-digest"].fragments
    reused, plain = ({p.relative_to(tmp_path / name): p.read_bytes()
                      for p in (tmp_path / name).rglob("*.html")} for name in ("reused", "plain"))
    assert sorted(reused) == sorted(plain) and len(reused) > papers
    for rel, data in reused.items():
        assert data == plain[rel], rel
