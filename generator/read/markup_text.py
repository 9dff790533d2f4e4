"""Markup -> the text a reader sees: HTML (Atom text constructs of ``type="html"``) and JATS
XML (Crossref's abstracts: ``<jats:p>``, ``<jats:title>``), read by the standard library's HTML
parser (entities decoded, tags removed, paragraphs and line breaks kept, scripts and styles
dropped)."""

from __future__ import annotations

from html.parser import HTMLParser


def markup_to_text(markup: str, drop_heading: str | None = None) -> str:
    """The text of an HTML or JATS fragment (``HtmlText``); with ``drop_heading``, a first
    paragraph that is only that word (JATS abstracts open with ``<jats:title>Abstract</jats:
    title>``, case-insensitive) is left out."""
    reader = HtmlText()
    reader.feed(markup)
    reader.close()
    text = reader.text()
    if drop_heading:
        first, sep, rest = text.partition("\n\n")
        if sep and first.strip().rstrip(":").lower() == drop_heading:
            return rest.strip()
    return text


class HtmlText(HTMLParser):
    """The text of an HTML fragment: block elements and ``<br>`` end lines, ``<p>`` and
    ``<div>`` paragraphs; the content of ``<script>`` and ``<style>`` is dropped (the HTML
    parser of the standard library, entities decoded by it)."""

    _PARAGRAPH = frozenset(("p", "div", "blockquote", "pre", "ul", "ol", "table", "h1", "h2",
                            "h3", "h4", "h5", "h6", "title", "sec", "list"))
    _LINE = frozenset(("br", "li", "tr", "dt", "dd"))
    _HIDDEN = frozenset(("script", "style", "template"))

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self._parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs) -> None:
        tag = tag.rpartition(":")[2]  # JATS: <jats:p>
        if tag in self._HIDDEN:
            self._hidden += 1
        self._block(tag)

    def handle_endtag(self, tag: str) -> None:
        tag = tag.rpartition(":")[2]
        if tag in self._HIDDEN:
            self._hidden = max(0, self._hidden - 1)
        self._block(tag)

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self._parts.append(data)

    def _block(self, tag: str) -> None:
        if tag in self._PARAGRAPH:
            self._parts.append("\n\n")
        elif tag in self._LINE:
            self._parts.append("\n")

    def text(self) -> str:
        """The text read so far: lines stripped, spaces collapsed, one blank line between
        paragraphs."""
        lines = [" ".join(line.split()) for line in "".join(self._parts).split("\n")]
        out: list[str] = []
        for line in lines:
            if line or (out and out[-1]):
                out.append(line)
        return "\n".join(out).strip()
