"""A Python-Markdown extension that passes the generator's own raw HTML through unparsed.

Why: Python-Markdown (with ``md_in_html``) feeds a page's whole source through an HTML parser
to find raw HTML blocks, and its inline pass stashes every inline tag one by one. Paper pages
carry about 80 tags each (MathML, badges, related papers, the cite block), so at N=5,000 that
parsing was the largest share of ``mkdocs build`` (issue 5). The generator escapes all text it
puts into HTML (``generator.render``), so its HTML needs no parsing: it is stored in the
Markdown instance's ``htmlStash`` as it is, which is exactly what Python-Markdown itself does
with a raw HTML block once it has found its end (its ``RawHtmlPostprocessor`` puts it back).

What is passed through (the generator's contract, all marked by a ``pd-`` class):

* a block (from a line start to the next blank line) whose opening tag is a block-level
  element (Python-Markdown's list) with a class that starts with ``pd-`` and no ``markdown``
  attribute (``md_in_html`` must parse those), and whose text ends with the closing tag of that
  element, with as many openings as closings of that tag name (so a block that does not close
  where it should is left to Python-Markdown);
* an inline ``<span class="pd-math ...">...</span>`` (MathML from ``latex2mathml``, which
  contains no ``span``).

Anything else, hand-written pages included, is processed as usual. The output is byte for byte
what Python-Markdown makes of the same source (``tests/test_markdown_stash.py`` builds the seed
site with and without this extension and compares every file). The environment variable
``PAPER_DIGEST_RAW_HTML_PASSTHROUGH=0`` leaves the extension out, for such comparisons.
"""

from __future__ import annotations

import re

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor

# After normalize_whitespace (30), before html_block (20), as raw HTML handling must be.
PRIORITY = 25

_BLOCK = re.compile(
    r"(?m)^<(?P<tag>[a-z][a-z0-9]*)\b(?P<attrs>[^>\n]*\bclass=\"(?:[^\"]* )?pd-[^>\n]*)>"
    r"(?:[^\n]*\n(?=[^\n]))*?[^\n]*</(?P=tag)>(?=\n\n|\n?\Z)")
_MATH = re.compile(r'<span class="pd-math(?: [^"]*)?">(?:(?!</?span\b).)*</span>')


class GeneratedHtml(Preprocessor):
    """Stash the generator's raw HTML (module docstring); lines in, lines out."""

    def run(self, lines: list[str]) -> list[str]:
        text = "\n".join(lines)
        if "pd-" not in text:  # hand-written pages: nothing to do
            return lines
        text = _BLOCK.sub(self._block, text)
        text = _MATH.sub(lambda m: self.md.htmlStash.store(m.group(0)), text)
        return text.split("\n")

    def _block(self, match: re.Match[str]) -> str:
        block, tag = match.group(0), match.group("tag")
        if not self.md.is_block_level(tag) or re.search(r"\bmarkdown\b", match.group("attrs")) or (
                len(re.findall(rf"<{tag}\b", block)) != len(re.findall(rf"</{tag}>", block))):
            return block
        # As Python-Markdown's HTMLExtractor does: a blank line after the block is kept in it.
        blank_after = match.string.startswith("\n\n", match.end())
        return f"\n{self.md.htmlStash.store(block + chr(10) if blank_after else block)}\n"


class GeneratedHtmlExtension(Extension):
    """Register ``GeneratedHtml``; added by ``generator.mkdocs_hooks.on_config``."""

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 (Python-Markdown's name)
        md.preprocessors.register(GeneratedHtml(md), "paper_digest_html", PRIORITY)
