"""A Python-Markdown extension that passes the generator's own raw HTML through unparsed.

Why: Python-Markdown (with ``md_in_html``) feeds a page's whole source through an HTML parser
to find raw HTML blocks, and its inline pass stashes every inline tag one by one. Paper pages
carry dozens of tags each (MathML, badges, related papers, the cite block), so for large
digests that parsing is the largest share of ``mkdocs build`` (bench/README.md). The
generator escapes all text it puts into HTML (``generator.render``), so its HTML needs no
parsing: it is stored in the Markdown instance's ``htmlStash`` as it is, which is exactly what
Python-Markdown itself does with a raw HTML block once it has found its end (its
``RawHtmlPostprocessor`` puts it back).

Where: only in the pages the generator wrote (listed in its manifest): the MkDocs plugin switches
the extension on for those pages and off for hand-written ones (``GeneratedHtmlExtension.active``).

What is passed through (the generator's contract, all marked by a ``pd-`` class):

* a block (from a line start to the next blank line) whose opening tag is a block-level
  element (Python-Markdown's list) with a class that starts with ``pd-``, not self-closing and
  without a ``markdown`` attribute (``md_in_html`` must parse those), that ends with the closing
  tag of that element and is not closed before (so a block that does not close where it should
  is left to Python-Markdown);
* an inline ``<span class="pd-math ...">...</span>``: MathML from latex2mathml, sanitised by
  ``generator.render.markdown`` (no ``span`` inside, text escaped).

The generator escapes every character of an abstract that could form HTML, so an abstract
cannot produce such a block or span. The output is byte for byte what Python-Markdown makes of
the same source (``tests/test_markdown_stash.py`` builds the seed site with and without this
extension and compares every file).
"""

from __future__ import annotations

import re

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

# After normalize_whitespace (30) and fenced code (fenced_code or superfences, 25: a fence's
# content stays code), before html_block (20), where raw HTML handling must happen.
PRIORITY = 22

_BLOCK = re.compile(
    r"(?m)^<(?P<tag>[a-z][a-z0-9]*)(?=[\s>])"
    r"(?P<attrs>[^>\n]*\sclass=\"(?:[^\"]* )?pd-[^>\n]*)>"
    r"(?:[^\n]*\n(?=[^\n]))*?[^\n]*</(?P=tag)>(?=\n\n|\n?\Z)")
_MATH = re.compile(r'<span class="pd-math(?: [^"]*)?">(?:(?!</?span\b).)*</span>')


class GeneratedHtml(Preprocessor):
    """Stash the generator's raw HTML (module docstring); lines in, lines out."""

    def __init__(self, md: Markdown, extension: GeneratedHtmlExtension) -> None:
        super().__init__(md)
        self.extension = extension

    def run(self, lines: list[str]) -> list[str]:
        text = "\n".join(lines)
        if not self.extension.active or "pd-" not in text:
            return lines
        text = _BLOCK.sub(self._block, text)
        text = _MATH.sub(lambda m: self.md.htmlStash.store(m.group(0)), text)
        return text.split("\n")

    def _block(self, match: re.Match[str]) -> str:
        block, tag, attrs = match.group(0), match.group("tag"), match.group("attrs")
        if (not self.md.is_block_level(tag) or attrs.rstrip().endswith("/")
                or re.search(r"\smarkdown\b", attrs) or not _closes_at_end(block, tag)):
            return block
        # As Python-Markdown's HTMLExtractor does: a blank line after the block is kept in it.
        blank_after = match.string.startswith("\n\n", match.end())
        return f"\n{self.md.htmlStash.store(block + chr(10) if blank_after else block)}\n"


def _closes_at_end(block: str, tag: str) -> bool:
    """True when the element opened at the start of ``block`` is closed by the block's last
    closing tag and not before (nested elements of the same name counted)."""
    depth = 0
    for m in re.finditer(rf"<(/?){tag}(?=[\s>/])", block):
        depth += -1 if m.group(1) else 1
        if depth == 0:  # closed here: only right for the block's final "</tag>"
            return m.start() == len(block) - len(f"</{tag}>")
    return False


class GeneratedHtmlExtension(Extension):
    """Register ``GeneratedHtml``; added by the plugin's ``on_config``, which fills
    ``generated`` (the generator's files, from its manifest) and sets ``active`` before each
    page (True for a generated page, False for a hand-written one). A plain Markdown instance
    using it (tests) has it active."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.active = True
        self.generated: frozenset[str] = frozenset()

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        md.preprocessors.register(GeneratedHtml(md, self), "paper_digest_html", PRIORITY)
