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

Memory: MkDocs reads and renders every page before it templates the first one and keeps
each page until the build ends, so a page that held its ``markdown`` and ``content`` would
hold two copies of its body for the whole build (issue 21, item 5). A ``GeneratedPage``
holds neither while they are what its file gives: ``markdown`` and ``content`` are
properties that read the file again (``File.content_string``, the page store on disk) when
asked, and check it by its SHA-1. A value a plugin sets that differs from the file's is
held, as ``Page`` holds it; a file changed on disk during the build is an error, never a
silently different page.
"""

from __future__ import annotations

import hashlib
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
        # Set before Page.__init__, which assigns markdown, content and title.
        self._markdown: _Text = _Text()
        self._content: _Text = _Text()
        self._skip = 0  # characters of front matter before the markdown, in the file
        self._tail = ""  # the Markdown part rendered (what content adds to the HTML)
        self._title: tuple[str | None] | None = None  # a title given to the page, if any
        super().__init__(None, file, config)
        self.headings = headings
        self.markdown_part = ""  # what follows MARKDOWN_PART, once rendered
        self.reused_path: Path | None = None  # set by generator.plugin.reuse
        self.reused_record: tuple[str, str | None] | None = None  # read by reused_output

    @property
    def markdown(self) -> str | None:
        """The page's Markdown source (``Page.markdown``): read again from the file when it
        is the file's (module docstring: Memory)."""
        return self._markdown.get(self._file_markdown)

    @markdown.setter
    def markdown(self, value: str | None) -> None:
        if self._content.lazy:  # content is derived from the markdown: keep it as it is
            self._content = _Text(held=self.content)
        self._markdown = self._markdown.set(value)

    @property
    def content(self) -> str | None:
        """The page's HTML (``Page.content``): derived again from ``markdown`` when it is
        what ``render`` made of it (module docstring: Memory)."""
        return self._content.get(self._rendered_content)

    @content.setter
    def content(self, value: str | None) -> None:
        self._content = self._content.set(value)

    @property
    def title(self) -> str | None:
        """``Page.title``, without reading the page's text when its front matter names the
        title (MkDocs' rule: a title given to the page, else the front matter's, ...)."""
        if self._title is not None:
            return self._title[0]
        if self._markdown.present and "title" in self.meta:
            return self.meta["title"]
        return super().title

    @title.setter
    def title(self, value: str | None) -> None:
        self._title = (value,)

    def read_source(self, config: MkDocsConfig) -> None:
        """Set ``markdown`` and ``meta`` as MkDocs' ``Page.read_source`` does (the
        ``on_page_read_source`` event first), reading the front matter the generator wrote
        with libyaml (``read_front_matter``)."""
        source = config.plugins.on_page_read_source(page=self, config=config)
        from_file = source is None
        if from_file:
            source = self.file.content_string
        self.meta, markdown = read_front_matter(source)
        self._markdown = _Text()
        if from_file:  # the markdown is the file's text from this offset on
            self._skip = len(source) - len(markdown)
            self._markdown = _Text(digest=_digest(markdown))
        self.markdown = markdown

    def _file_markdown(self) -> str:
        """The markdown as the file gives it (``read_source``).

        Raises:
            RuntimeError: the file no longer holds the text read at ``read_source``.
        """
        text = self.file.content_string[self._skip:]
        if _digest(text) != self._markdown.digest:
            raise RuntimeError(f"{self.file.abs_src_path}: the generated page changed on "
                               "disk during the build; build again")
        return text

    def _rendered_content(self) -> str:
        """The content ``render`` makes of the current ``markdown``."""
        return (self.markdown or "").partition(MARKDOWN_PART)[0] + self._tail

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
        self._tail = tail
        self._content = _Text(digest=_digest(body + tail))
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


def _digest(text: str) -> bytes:
    """SHA-1 of ``text`` (UTF-8, surrogates escaped): how a ``GeneratedPage`` recognises the
    text its file gives without holding it."""
    return hashlib.sha1(text.encode("utf-8", "surrogatepass")).digest()


class _Text:
    """One of a page's texts: held, or none held and read again when asked (``lazy``),
    because it is the text whose SHA-1 is ``digest``. Not a pipeline record: a value."""

    __slots__ = ("held", "digest", "lazy")

    def __init__(self, held: str | None = None, digest: bytes | None = None,
                 lazy: bool = False) -> None:
        self.held, self.digest, self.lazy = held, digest, lazy

    @property
    def present(self) -> bool:
        """True when the text is not ``None``."""
        return self.lazy or self.held is not None

    def get(self, load) -> str | None:
        """The text: the held one, else ``load()`` when lazy, else ``None``."""
        return load() if self.lazy else self.held

    def set(self, value: str | None) -> _Text:
        """The text after assigning ``value``: lazy when it is the text of ``digest``."""
        if value is not None and self.digest is not None and _digest(value) == self.digest:
            return _Text(digest=self.digest, lazy=True)
        return _Text(held=value, digest=self.digest)
