"""Tokens -> inline HTML: the abstracts and highlights of paper pages and listings.

This is the only renderer of an abstract: the page it goes on reaches MkDocs as finished HTML
(``generator.plugin.page``), so nothing parses it again. Text is escaped as element text,
math is the MathML of ``render_math``, a URL a link (its ``href`` normalised by
``generator.text.urls``), a TeX style its element (``\\emph`` -> ``<em>``). Authors write
emphasis in Markdown (OpenReview abstracts: ``**C**ombinato**r**ial``, ``_as_``): the text
goes through markdown-it-py, a CommonMark parser, with every rule off but emphasis, so ``*``
and ``_`` mean there what CommonMark says (``A*-search`` stays as it is) and nothing else of
the text is read as Markdown or HTML.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from markdown_it import MarkdownIt

from generator.render.markdown import render_math
from generator.text.markup import Math, Styled, Text, Token, Unknown, Url, to_plain
from generator.text.urls import normalize_url

_EMPHASIS = MarkdownIt("zero").enable(["emphasis"])
# Stand-ins for the tokens that are not text (math, links, styles) while the text is parsed:
# private-use characters, which CommonMark treats as letters (they neither open nor close
# emphasis by themselves), as the old Markdown route treated these tokens.
_SLOT = 0xE000
_SLOTS = re.compile("[\ue000-\uf8ff]")


def render_html(tokens: tuple[Token, ...] | list[Token]) -> str:
    """Inline HTML for a token sequence (one paragraph).

    Args:
        tokens: from ``generator.text.markup.tokenize``.

    Returns:
        HTML without a wrapping element, stripped; empty for no visible content.
    """
    return _html(tokens).strip()


_BLANK_LINE = re.compile(r"\n[ \t]*\n\s*")


def paragraphs(tokens: tuple[Token, ...] | list[Token]) -> list[list[Token]]:
    """The tokens split into paragraphs at each blank line of their text (the author's blank
    lines, TeX's ``\\par``, a list's items: ``generator.text.markup``); a blank line inside
    a style or a link stays in its paragraph. Paragraphs without tokens are left out."""
    out: list[list[Token]] = [[]]
    for tok in tokens:
        if not isinstance(tok, Text) or "\n" not in tok.value:
            out[-1].append(tok)
            continue
        first, *rest = _BLANK_LINE.split(tok.value)
        out[-1].append(Text(first))
        for piece in rest:
            out.append([Text(piece)])
    return [p for p in out if any(not isinstance(t, Text) or t.value.strip() for t in p)]


def _html(tokens: tuple[Token, ...] | list[Token]) -> str:
    if not any(isinstance(t, Text) and ("*" in t.value or "_" in t.value) for t in tokens):
        return render_each(tokens, lambda _, text: html.escape(text, quote=False), _link, _html)
    parts: list[str] = []
    source: list[str] = []
    for tok in tokens:
        if isinstance(tok, Text):
            def own(m: re.Match[str]) -> str:  # a stand-in character of the text itself
                parts.append(m.group(0))
                return chr(_SLOT + len(parts) - 1)

            source.append(_SLOTS.sub(own, " ".join(tok.value.split("\n"))))
        else:
            source.append(chr(_SLOT + len(parts)))
            parts.append(render_each((tok,), lambda _, text: text, _link, _html))
    out = _EMPHASIS.renderInline("".join(source))
    return _SLOTS.sub(lambda m: parts[ord(m.group(0)) - _SLOT], out)


def _link(tok: Url) -> str:
    label = html.escape(to_plain(tok.label), quote=False)
    href = normalize_url(tok.raw)
    if href is None:
        return label
    return f'<a href="{html.escape(href, quote=True)}">{label}</a>'


def render_each(tokens: tuple[Token, ...] | list[Token], text: Callable[[int, str], str],
                link: Callable[[Url], str],
                inner: Callable[[tuple[Token, ...]], str]) -> str:
    """The tokens rendered one by one and joined: ``text(index, value)`` for a ``Text`` (line
    breaks made spaces), ``render_math`` for math, ``link(url)``, and ``inner(children)`` for
    the content of a style (wrapped in its ``STYLE_TAGS`` element) or an unknown macro."""
    out: list[str] = []
    for n, tok in enumerate(tokens):
        if isinstance(tok, Text):
            out.append(text(n, " ".join(tok.value.split("\n"))))
        elif isinstance(tok, Math):
            out.append(render_math(tok.tex, tok.display))
        elif isinstance(tok, Styled) and tok.style in _AS_WRITTEN:
            shown = html.escape("".join(t.value for t in tok.children if isinstance(t, Text)),
                                quote=False)
            tag = STYLE_TAGS.get(tok.style)
            out.append(f"<{tag}>{shown}</{tag}>" if tag else shown)
        elif isinstance(tok, Styled):
            tag = STYLE_TAGS.get(tok.style)
            out.append(f"<{tag}>{inner(tok.children)}</{tag}>" if tag else inner(tok.children))
        elif isinstance(tok, Unknown):
            out.append(inner(tok.children))
        elif isinstance(tok, Url):
            out.append(link(tok))
    return "".join(out)


STYLE_TAGS = {"em": "em", "strong": "strong", "code": "code", "sup": "sup", "sub": "sub",
              "verbatim": "code"}
# Styles whose text is shown exactly as written (``generator.text.markup.Styled``).
_AS_WRITTEN = frozenset(("verbatim", "literal"))
