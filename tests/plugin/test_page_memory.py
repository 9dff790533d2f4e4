"""GeneratedPage holds neither its markdown nor its content while they are what its file
gives (generator.plugin.page, module docstring: Memory): read again when asked, checked by
SHA-1; a value a plugin sets is held; a file changed during the build is an error."""

from __future__ import annotations

from pathlib import Path

import pytest
from mkdocs.config import load_config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

from generator.plugin.page import GeneratedPage
from generator.render.pages import MARKDOWN_PART

BODY = '<h1 id="t">A title</h1>\n<p>An abstract.</p>\n'
SOURCE = f"---\ntitle: A title\ntags:\n- T1\n---\n\n{BODY}"


def _page(tmp_path: Path, source: str = SOURCE) -> tuple[GeneratedPage, MkDocsConfig, Files]:
    (tmp_path / "docs").mkdir()
    (tmp_path / "mkdocs.yml").write_text("site_name: x\n", encoding="utf-8")
    config = load_config(str(tmp_path / "mkdocs.yml"))
    path = tmp_path / "store" / "papers" / "a.md"
    path.parent.mkdir(parents=True)
    path.write_text(source, encoding="utf-8")
    # As File.generated(..., abs_src_path=path) makes it (which only a plugin event may call).
    file = File("papers/a.md", src_dir=str(tmp_path / "store"), dest_dir=config.site_dir,
                use_directory_urls=True)
    page = GeneratedPage(file, config, {"t": (1, "A title")})
    page.read_source(config)
    files = Files([file])
    return page, config, files


def test_markdown_and_content_are_read_again_from_the_file(tmp_path: Path) -> None:
    page, config, files = _page(tmp_path)
    assert page.markdown == BODY and page._markdown.held is None
    page.render(config, files)
    assert page.content == BODY and page._content.held is None
    assert page.title == "A title" and page.meta["tags"] == ["T1"]
    assert [(item.id, item.title) for item in page.toc.items] == [("t", "A title")]


def test_a_value_set_by_a_plugin_is_held_and_shown(tmp_path: Path) -> None:
    page, config, files = _page(tmp_path)
    page.render(config, files)
    page.content = page.content.replace("An abstract", "Edited")
    assert page.content == '<h1 id="t">A title</h1>\n<p>Edited.</p>\n'
    assert page._content.held == page.content
    page.content = BODY  # the file's again: nothing held
    assert page._content.held is None and page.content == BODY


def test_changed_markdown_keeps_the_content_rendered_before(tmp_path: Path) -> None:
    """content derives from markdown only while markdown is what render saw."""
    page, config, files = _page(tmp_path)
    page.render(config, files)
    page.markdown = "<p>other</p>\n"
    assert page.markdown == "<p>other</p>\n" and page.content == BODY


def test_markdown_part_is_rendered_once_and_kept(tmp_path: Path) -> None:
    page, config, files = _page(tmp_path, SOURCE + MARKDOWN_PART + "\n## Listing\n")
    page.render(config, files)
    assert page.content == BODY + '<h2 id="listing">Listing</h2>'
    assert page.markdown == BODY + MARKDOWN_PART + "\n## Listing\n"


def test_a_file_changed_during_the_build_is_an_error(tmp_path: Path) -> None:
    page, config, files = _page(tmp_path)
    page.render(config, files)
    Path(page.file.abs_src_path).write_text(SOURCE.replace("abstract", "abstrakt"),
                                            encoding="utf-8")
    with pytest.raises(RuntimeError, match=r"papers/a\.md: the generated page changed on disk"):
        page.content  # noqa: B018 - reading it is the test
