"""A generated page whose body is finished HTML: MkDocs shows it without a Markdown pass.

MkDocs makes a ``Page`` for each documentation file and calls its ``render`` to turn the
page's Markdown into ``content`` and ``toc``; Material's blog plugin gives its posts and
views ``Page`` subclasses of its own the same way (``mkdocs.structure.pages.Page``, a public
class; ``render`` and the attributes it sets are MkDocs' documented page interface). A
paper page or a listing is rendered once, by the generator (``generator.render.pages``), into
HTML: its ``render`` takes that HTML as the content and makes the table of contents from the
headings the generator gave it. What follows ``MARKDOWN_PART`` in a page (a tag page's
listing directive for Material's tags plugin) is Markdown, rendered as MkDocs renders any
page. Every other event (front matter, ``on_page_markdown``, ``on_page_content``, the
templates) runs as for any page.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page
from mkdocs.structure.toc import get_toc

from generator.render.pages import MARKDOWN_PART, read_front_matter


class GeneratedPage(Page):
    """A ``Page`` whose Markdown source is the generator's HTML (module docstring).

    Args:
        file: the page's ``File`` (``File.generated``).
        config: the MkDocs configuration.
        headings: id -> (level 1-6, title as HTML), in page order, as the HTML shows them.
    """

    def __init__(self, file: File, config: MkDocsConfig,
                 headings: Mapping[str, tuple[int, str]]) -> None:
        super().__init__(None, file, config)
        self.headings = headings
        self.markdown_part = ""  # what follows MARKDOWN_PART, once rendered
        self.reused_path: Path | None = None  # set by generator.plugin.reuse
        self.reused_record: tuple[str, str | None] | None = None  # read by reused_output

    def read_source(self, config: MkDocsConfig) -> None:
        """Set ``markdown`` and ``meta`` as MkDocs' ``Page.read_source`` does (the
        ``on_page_read_source`` event first), reading the front matter the generator wrote
        with libyaml (``read_front_matter``)."""
        source = config.plugins.on_page_read_source(page=self, config=config)
        if source is None:
            source = self.file.content_string
        self.meta, self.markdown = read_front_matter(source)

    def render(self, config: MkDocsConfig, files: Files) -> None:
        """Set ``content`` (the HTML, and the Markdown part rendered) and ``toc``."""
        if self.markdown is None:
            raise RuntimeError("`markdown` field hasn't been set (via `read_source`)")
        body, marker, markdown = self.markdown.partition(MARKDOWN_PART)
        tail, tail_toc = "", []
        self.markdown_part = markdown if marker and markdown.strip() else ""
        if self.markdown_part:
            self.markdown = markdown
            try:
                super().render(config, files)
            finally:
                self.markdown = body + marker + markdown
            tail, tail_toc = self.content or "", list(self.toc)
        self.content = body + tail
        self.toc = get_toc(toc_tokens(self.headings))
        for item in tail_toc:  # the Markdown part's headings, under the HTML's last ones
            _nest(self.toc.items, item)
        # Anchors other pages may link to (MkDocs checks links to anchors against these).
        self.present_anchor_ids = set(self.headings) | (self.present_anchor_ids or set())

    def reused_output(self) -> str:
        """The page's template output from an earlier build (``generator.plugin.reuse``:
        ``REUSE_TEMPLATE`` writes it), read from the store when the template asks."""
        from generator.plugin.reuse import read_record

        if self.reused_path is None:
            raise RuntimeError(f"{self.file.src_uri}: no stored output to reuse")
        self.reused_record = read_record(self.reused_path)
        return self.reused_record[0]


def toc_tokens(headings: Mapping[str, tuple[int, str]]) -> list[dict]:
    """The headings nested as MkDocs' ``get_toc`` takes them (each ``{"level", "id",
    "name", "children"}``; a heading is the child of the nearest earlier one of a lower
    level)."""
    root: list[dict] = []
    stack: list[dict] = []
    for anchor, (level, title) in headings.items():
        token = {"level": level, "id": anchor, "name": title, "children": []}
        while stack and stack[-1]["level"] >= level:
            stack.pop()
        (stack[-1]["children"] if stack else root).append(token)
        stack.append(token)
    return root


def _nest(items: list, item) -> None:
    """Add the ``AnchorLink`` ``item`` to ``items`` (a table of contents' list), as the
    child of the last entry of a lower level, at any depth, or at the end."""
    while items and items[-1].level < item.level:
        parent = items[-1]
        items = parent.children
    items.append(item)
