"""Tokens -> safe Markdown: the abstract reads as its authors meant, and nothing in it can
inject HTML, links, attributes or front matter.

* Text is escaped for Python-Markdown (``\\``, backticks, brackets, braces, ``<``, ``&`` ...) so
  a stray backtick never opens a code span and ``[x](javascript:..)``, ``<script>``,
  ``{: onclick=..}`` (attr_list) stay literal text. Only the author's emphasis markers ``*``
  and ``_`` are left active.
* Math becomes MathML (latex2mathml) wrapped in ``<span class="pd-math">``: rendered by the
  browser, no network. latex2mathml copies the arguments of ``\\text{}``, ``\\href{}``,
  ``\\style{}``, ``\\color{}`` ... into its output unescaped (``\\text{<script>}`` gives a live
  ``<script>``), so its output is rebuilt by ``_sanitize_mathml``: only MathML elements and
  presentation attributes survive; any other tag, ``<``, ``>`` or ``&`` becomes text.
  Markdown never touches the result (Markdown's special characters in MathML text are numeric
  entities). A formula latex2mathml cannot convert is shown as its TeX in a code span.
* URLs become ``<a>`` elements with an escaped ``href``, only for http(s).
"""

from __future__ import annotations

import html
import re
from functools import lru_cache

from latex2mathml.converter import convert as latex_to_mathml

from generator.markup import Math, Styled, Text, Token, Url, to_plain

# Characters with a meaning in Python-Markdown or the extensions this site enables.
_ESCAPE_ALL = re.compile(r"[\\`*_{}\[\]()#+\-.!|~^=:<>&\"]")
_ESCAPE_KEEP_EMPHASIS = re.compile(r"[\\`{}\[\]|~^=<>&]")
_MATHML_SPECIAL = re.compile(r"[*_\[\]\\`{}|~^=+:!]")  # not "#": it is part of "&#x2A;"
# A paragraph start that Markdown or its extensions would read as a block: heading, list item,
# thematic break ("***"), admonition/details/tabs ("!!!", "???", "===").
_BLOCK_START = re.compile(
    r"^(\s*)([#]|[-+*](?=\s)|[-*_](?=[-*_\s]*$)|\d+[.)](?=\s)|!!!|\?\?\?|===)")
_FUNCTION_NAME = re.compile(
    r"(<mi>(?:log|ln|lg|exp|sin|cos|tan|max|min|sup|inf|lim|det|dim|arg|deg|gcd|Pr)</mi>)"
    r"<(?=mi|mn|mrow|msub|msup|mfrac|msqrt)")
_BEFORE_FUNCTION = re.compile(
    r"(</mi>|</mn>|</msqrt>|</msub>|</msup>|</mfrac>)"
    r"(<mi>(?:log|ln|lg|exp|sin|cos|tan|max|min|sup|inf|lim|det|dim|arg|deg|gcd|Pr)</mi>)")
_BACKSLASH_ESCAPABLE = set("\\`*_{}[]()#+-.!")  # Python-Markdown's ESCAPED_CHARS
_SAFE_SCHEMES = ("http://", "https://")


def escape_markdown(text: str, keep_emphasis: bool = False) -> str:
    """Escape ``text`` so Python-Markdown shows it literally.

    Args:
        text: plain text.
        keep_emphasis: leave ``*`` and ``_`` active (the author's Markdown emphasis).

    Returns:
        Markdown source; HTML specials become entities, Markdown specials get a backslash.
    """
    pattern = _ESCAPE_KEEP_EMPHASIS if keep_emphasis else _ESCAPE_ALL

    def sub(m: re.Match[str]) -> str:
        c = m.group(0)
        if c in "<>&\"":
            return html.escape(c)
        if c in _BACKSLASH_ESCAPABLE and c not in "{}":
            return "\\" + c
        return f"&#{ord(c)};"  # "{}" (attr_list) and chars Markdown cannot backslash-escape

    return pattern.sub(sub, text)


@lru_cache(maxsize=8192)
def render_math(tex: str, display: bool) -> str:
    """TeX -> inline HTML: MathML in a ``pd-math`` span, or the TeX in a code span when it
    cannot be converted (never dropped)."""
    try:
        mathml = latex_to_mathml(tex, display="block" if display else "inline")
    except Exception:  # noqa: BLE001 - latex2mathml raises many types on bad TeX
        mathml = None
    if mathml is None or re.search(r">[^<]*\\[A-Za-z]", mathml):  # unknown command left raw
        return f'<code class="pd-tex">{html.escape(_dollars(tex, display))}</code>'
    mathml = _sanitize_mathml(mathml)
    # TeX sets a thin space after an operator name (\log n); latex2mathml emits none, and
    # browsers then run "logn" together.
    mathml = _FUNCTION_NAME.sub(r'\1<mspace width="0.1667em"></mspace><', mathml)
    mathml = _BEFORE_FUNCTION.sub(r'\1<mspace width="0.1667em"></mspace>\2', mathml)
    cls = "pd-math pd-math--display" if display else "pd-math"
    return f'<span class="{cls}">{mathml}</span>'


# MathML presentation elements (MathML Core and MathML 3), and their presentation attributes:
# what latex2mathml writes. Left out: href (javascript: links in Firefox), style, class, id,
# event handlers, and elements that load or act (mglyph, maction, semantics/annotation-xml).
_MATHML_ELEMENTS = frozenset((
    "math", "mrow", "mi", "mn", "mo", "ms", "mtext", "mspace", "msub", "msup", "msubsup",
    "munder", "mover", "munderover", "mfrac", "msqrt", "mroot", "mstyle", "merror", "mpadded",
    "mphantom", "mfenced", "menclose", "mtable", "mtr", "mtd", "mlabeledtr", "mmultiscripts",
    "mprescripts", "none"))
_MATHML_ATTRIBUTES = frozenset((
    "xmlns", "display", "mathvariant", "stretchy", "fence", "separator", "separators", "open",
    "close", "form", "lspace", "rspace", "width", "height", "depth", "voffset", "columnalign",
    "columnlines", "columnspacing", "columnspan", "rowalign", "rowlines", "rowspacing",
    "rowspan", "frame", "framespacing", "equalrows", "equalcolumns", "displaystyle",
    "scriptlevel", "accent", "accentunder", "movablelimits", "largeop", "symmetric", "minsize",
    "maxsize", "linethickness", "notation", "mathcolor", "mathbackground", "mathsize",
    "bevelled", "numalign", "denomalign", "align"))


_TOKEN_ELEMENTS = frozenset(("mi", "mn", "mo", "ms", "mtext"))  # text only, never elements
# latex2mathml's output grammar: tags with double-quoted attributes, and numeric character
# references; anything else is text (including a tag whose attribute value holds < or >).
_MATHML_TOKEN = re.compile(
    r'<(?P<end>/)?(?P<tag>[a-z][a-z0-9]*)(?P<attrs>(?:\s+[a-z][a-z0-9:-]*="[^"<>]*")*)\s*'
    r'(?P<empty>/)?>|&#(?:x[0-9a-fA-F]+|[0-9]+);')
_MATHML_ATTR = re.compile(r'([a-z][a-z0-9:-]*)="([^"<>]*)"')


def _sanitize_mathml(mathml: str) -> str:
    """Rebuild latex2mathml's output (module docstring): allowed elements, properly nested,
    with their allowed attributes (values escaped); numeric character references kept; every
    other tag, and any tag inside a token element (``mi``, ``mtext`` ...), written as text.
    Text loses the TeX escapes latex2mathml keeps (``90.3\\%``), is HTML-escaped and gets
    Markdown's special characters as numeric entities. Unclosed elements are closed."""
    out: list[str] = []
    stack: list[str] = []

    def text(raw: str) -> None:
        if raw:
            data = html.escape(re.sub(r"\\([%&_#$])", r"\1", raw), quote=False)
            out.append(_MATHML_SPECIAL.sub(lambda c: f"&#{ord(c.group(0))};", data))

    pos = 0
    for m in _MATHML_TOKEN.finditer(mathml):
        text(mathml[pos:m.start()])
        pos = m.end()
        tag = m.group("tag")
        if tag is None:  # a numeric character reference
            out.append(m.group(0))
        elif m.group("end"):
            if stack and stack[-1] == tag:
                out.append(f"</{stack.pop()}>")
            else:
                text(m.group(0))
        elif tag in _MATHML_ELEMENTS and not (stack and stack[-1] in _TOKEN_ELEMENTS):
            kept = "".join(f' {name}="{html.escape(html.unescape(value))}"'
                           for name, value in _MATHML_ATTR.findall(m.group("attrs"))
                           if name in _MATHML_ATTRIBUTES)
            out.append(f"<{tag}{kept}{' /' if m.group('empty') else ''}>")  # as latex2mathml
            if not m.group("empty"):
                stack.append(tag)
        else:
            text(m.group(0))
    text(mathml[pos:])
    out.extend(f"</{tag}>" for tag in reversed(stack))
    return "".join(out)


def _dollars(tex: str, display: bool) -> str:
    return f"$${tex}$$" if display else f"${tex}$"


def render_tokens(tokens: tuple[Token, ...] | list[Token]) -> str:
    """Markdown for a token sequence (one paragraph, no line breaks)."""
    out: list[str] = []
    for tok in tokens:
        if isinstance(tok, Text):
            out.append(escape_markdown(" ".join(tok.value.split("\n")), keep_emphasis=True))
        elif isinstance(tok, Math):
            out.append(render_math(tok.tex, tok.display))
        elif isinstance(tok, Styled):
            inner = render_tokens(tok.children)
            if tok.style == "code":
                out.append(f"<code>{inner}</code>")
            else:
                tag = "em" if tok.style == "em" else "strong"
                out.append(f"<{tag}>{inner}</{tag}>")
        elif isinstance(tok, Url):
            out.append(render_link(tok))
    return "".join(out)


def render_link(tok: Url) -> str:
    """An ``<a>`` for an http(s) URL; anything else stays escaped text."""
    label = escape_markdown(to_plain(tok.label))
    href = tok.raw.replace("\\_", "_")
    if href.lower().startswith("www."):
        href = "https://" + href
    if not href.lower().startswith(_SAFE_SCHEMES):
        return label
    return f'<a href="{html.escape(href, quote=True)}">{label}</a>'


def render_paragraph(tokens: tuple[Token, ...]) -> str:
    """Markdown for a whole abstract: ``render_tokens`` plus an escape for a first character
    that would start a block (heading, list, quote, setext underline)."""
    text = render_tokens(tokens).strip()
    m = _BLOCK_START.match(text)
    if m:
        first = m.group(2)[0]
        if first.isdigit():
            text = re.sub(r"^(\s*\d+)([.)])", r"\1\\\2", text)
        elif first in "!?=":  # not backslash-escapable: an entity for the first character
            text = text[: m.end(1)] + f"&#{ord(first)};" + text[m.end(1) + 1:]
        else:
            text = text[: m.end(1)] + "\\" + text[m.end(1):]
    return text
