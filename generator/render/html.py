"""Tokens -> inline HTML: what Python-Markdown makes of ``render_tokens``' Markdown, without
running it.

Listings show each paper's highlight inside the generator's own HTML (``pd-entry`` blocks),
which Python-Markdown passes through unparsed, so the highlight must already be HTML there:
with its math typeset, its links and its styles, exactly as on the paper page. Text is
HTML-escaped (``&``, ``<``, ``>``; quotes stay, as Python-Markdown leaves them), math and links
are the same HTML the Markdown renderer emits (``render_math``, ``render_link``'s ``<a>``),
styles their elements. A sequence whose author emphasis (``*x*``, ``__x__``) is active goes
through Python-Markdown itself, the only renderer whose emphasis rules are the page's.
"""

from __future__ import annotations

import html
import threading

import markdown

from generator.render.markdown import active_emphasis, render_each, render_paragraph
from generator.text.markup import Token, Url, to_plain
from generator.text.urls import normalize_url

_LOCAL = threading.local()  # a Markdown instance is not thread-safe (mkdocs serve threads)


def render_html(tokens: tuple[Token, ...] | list[Token]) -> str:
    """Inline HTML for a token sequence (one paragraph): the content of the ``<p>`` that
    Python-Markdown makes of ``render_paragraph(tokens)``.

    Args:
        tokens: from ``generator.text.markup.tokenize``.

    Returns:
        HTML without a wrapping element; empty for no visible content.
    """
    if active_emphasis(tokens):
        return _through_markdown(render_paragraph(tuple(tokens)))
    return _html(tokens).strip()


def _html(tokens: tuple[Token, ...] | list[Token]) -> str:
    return render_each(tokens, lambda _, text: html.escape(text, quote=False), _link, _html)


def _link(tok: Url) -> str:
    label = html.escape(to_plain(tok.label), quote=False)
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
