"""Tokens -> inline HTML: byte for byte what Python-Markdown makes of ``render_tokens``'
Markdown, without running it.

Paper pages hand their abstract and highlight to MkDocs as finished HTML (raw HTML blocks,
which the paper-digest plugin's Markdown extension passes through unparsed), and listings show
each paper's highlight inside the generator's own HTML (``pd-entry`` blocks), so both must be
exactly what Python-Markdown would have written for the page's Markdown: math typeset, links,
styles, and every escaped character as Python-Markdown writes it. ``render_tokens`` escapes a
character either with a backslash, which Python-Markdown removes (``\\.`` -> ``.``), or as an
HTML entity, which it keeps (``&#58;``, ``&lt;``, ``&quot;``): ``_CHAR_HTML`` is that table.
Math and links are the same HTML the Markdown renderer emits (``render_math``,
``render_link``'s ``<a>``), styles their elements. What only Python-Markdown itself renders
exactly goes through it: a sequence whose author emphasis (``*x*``, ``__x__``) is active, and
text with a tab (expanded to columns of the Markdown source), a carriage return or the
characters Python-Markdown reserves for its placeholders.
"""

from __future__ import annotations

import html
import re
import threading

import markdown

from generator.render.markdown import (
    BACKSLASH_ESCAPABLE,
    BLOCK_START,
    ESCAPE_ALL,
    ESCAPE_KEEP_EMPHASIS,
    active_emphasis,
    render_each,
    render_paragraph,
)
from generator.text.markup import Styled, Text, Token, Unknown, Url, to_plain
from generator.text.urls import normalize_url

_LOCAL = threading.local()  # a Markdown instance is not thread-safe (mkdocs serve threads)
# Characters Python-Markdown does not render as themselves: tabs (expanded), carriage
# returns (line ends) and STX/ETX (its placeholders' markers, removed from the source).
_MARKDOWN_ONLY = re.compile(r"[\t\r\x02\x03]")


def _char_html(c: str) -> str:
    """How Python-Markdown writes a character ``escape_markdown`` escaped: HTML specials as
    entities (``&quot;`` included), a backslash-escaped one as itself, the rest as the
    numeric reference ``escape_markdown`` wrote."""
    if c in "<>&\"":
        return html.escape(c)
    if c in BACKSLASH_ESCAPABLE and c not in "{}":
        return c
    return f"&#{ord(c)};"


_CHAR_HTML = {c: _char_html(c) for c in "\\`*_{}[]()#+-.!|~^=:<>&\""}
# What render_tokens escapes in text: ESCAPE_KEEP_EMPHASIS and the inactive * and _ (with
# active ones, the text goes through Python-Markdown).
_TEXT = re.compile(ESCAPE_KEEP_EMPHASIS.pattern[:-1] + "*_]")


def render_html(tokens: tuple[Token, ...] | list[Token]) -> str:
    """Inline HTML for a token sequence (one paragraph): the content of the ``<p>`` that
    Python-Markdown makes of ``render_paragraph(tokens)``, byte for byte.

    Args:
        tokens: from ``generator.text.markup.tokenize``.

    Returns:
        HTML without a wrapping element; empty for no visible content.
    """
    if _needs_markdown(tokens):
        return _through_markdown(render_paragraph(tuple(tokens)))
    out = _html(tokens).strip()
    # render_paragraph's escape of a first character that would start a block: only "!!!"
    # and "???" (admonition, details) get an entity; the others a backslash, which goes.
    m = BLOCK_START.match(out)
    if m and m.group(2)[:3] in ("!!!", "???"):
        out = f"{out[:m.end(1)]}&#{ord(out[m.end(1)])};{out[m.end(1) + 1:]}"
    return out


def _needs_markdown(tokens: tuple[Token, ...] | list[Token]) -> bool:
    """Active author emphasis at any level, or a character only Python-Markdown renders
    exactly (``_MARKDOWN_ONLY``)."""
    if active_emphasis(tokens):
        return True
    for tok in tokens:
        if isinstance(tok, Text) and _MARKDOWN_ONLY.search(tok.value):
            return True
        if isinstance(tok, (Styled, Unknown)) and _needs_markdown(tok.children):
            return True
    return False


def _html(tokens: tuple[Token, ...] | list[Token]) -> str:
    return render_each(tokens, lambda _, text: _TEXT.sub(_entity, text), _link, _html)


def _entity(m: re.Match[str]) -> str:
    return _CHAR_HTML[m.group(0)]


def markdown_text_html(text: str) -> str:
    """HTML for plain text, byte for byte what Python-Markdown writes for
    ``escape_markdown(text)`` (a name in a list, a collection's name)."""
    return ESCAPE_ALL.sub(_entity, str(text))


def _link(tok: Url) -> str:
    label = markdown_text_html(to_plain(tok.label))
    href = normalize_url(tok.raw)
    if href is None:
        return label
    return f'<a href="{html.escape(href, quote=True)}">{label}</a>'


def _through_markdown(source: str) -> str:
    md = getattr(_LOCAL, "md", None)
    if md is None:
        md = _LOCAL.md = markdown.Markdown()
    rendered = md.reset().convert(source)
    if rendered.startswith("<p>") and rendered.endswith("</p>"):
        return rendered[3:-4]
    return rendered
