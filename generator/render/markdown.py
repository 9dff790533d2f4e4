"""Math and Markdown escaping for the generated pages; the abstract's own HTML is made by
``generator.render.html`` from the pieces here.

* Math becomes MathML (latex2mathml) wrapped in ``<span class="pd-math">``: rendered by the
  browser, no network. latex2mathml copies the arguments of ``\\text{}``, ``\\href{}``,
  ``\\style{}``, ``\\color{}`` ... into its output unescaped (``\\text{<script>}`` gives a live
  ``<script>``), so its output is rebuilt by ``_sanitize_mathml``: only MathML elements and
  presentation attributes survive; any other tag, ``<``, ``>`` or ``&`` becomes text.
  Markdown's special characters in MathML text are numeric entities, so the same MathML is
  safe in a Markdown page too. Before conversion, ``generator.texmath.prepare_math`` rewrites
  what latex2mathml does not know (alignment environments, ``\\mathop``, ``\\arg\\min``,
  ``\\mathds``, authors' macros) into standard TeX. A formula latex2mathml cannot convert, or
  converts into markup that is not MathML (an element inside a token element, TeX left as
  text), is shown as readable text (pylatexenc's Unicode rendering, ``ε ≤ 1``) in a
  ``pd-math--text`` span: never as raw TeX, never as escaped markup.
* ``escape_markdown``: text (a site name, a tag) put into the few generated pages that are
  Markdown (home, tags, collections, statistics), escaped so Python-Markdown shows it
  literally.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache

from latex2mathml.converter import convert as latex_to_mathml

from generator.text.markup import math_to_text
from generator.text.texmath import prepare_math

# Characters with a meaning in Python-Markdown or the extensions this site enables.
_ESCAPE = re.compile(r"[\\`*_{}\[\]()#+\-.!|~^=:<>&\"]")
_MATHML_SPECIAL = re.compile(r"[*_\[\]\\`{}|~^=+:!]")  # not "#": it is part of "&#x2A;"
_FUNCTION_NAME = re.compile(
    r"(<mi>(?:log|ln|lg|exp|sin|cos|tan|max|min|sup|inf|lim|det|dim|arg|deg|gcd|Pr)</mi>)"
    r"<(?=mi|mn|mrow|msub|msup|mfrac|msqrt)")
_BEFORE_FUNCTION = re.compile(
    r"(</mi>|</mn>|</msqrt>|</msub>|</msup>|</mfrac>)"
    r"(<mi>(?:log|ln|lg|exp|sin|cos|tan|max|min|sup|inf|lim|det|dim|arg|deg|gcd|Pr)</mi>)")
_BACKSLASH_ESCAPABLE = set("\\`*_{}[]()#+-.!")  # Python-Markdown's ESCAPED_CHARS


def escape_markdown(text: str) -> str:
    """Escape ``text`` so Python-Markdown shows it literally.

    Args:
        text: plain text.

    Returns:
        Markdown source; HTML specials become entities, Markdown specials get a backslash.
    """

    def sub(m: re.Match[str]) -> str:
        c = m.group(0)
        if c in "<>&\"":
            return html.escape(c)
        if c in _BACKSLASH_ESCAPABLE and c not in "{}":
            return "\\" + c
        return f"&#{ord(c)};"  # "{}" (attr_list) and chars Markdown cannot backslash-escape

    return _ESCAPE.sub(sub, str(text))


@lru_cache(maxsize=8192)
def render_math(tex: str, display: bool) -> str:
    """TeX -> inline HTML: MathML in a ``pd-math`` span; when it cannot be converted, readable
    text in a ``pd-math pd-math--text`` span (never dropped, never raw TeX)."""
    cls = "pd-math pd-math--display" if display else "pd-math"
    try:
        mathml = latex_to_mathml(prepare_math(tex), display="block" if display else "inline")
    except Exception:  # noqa: BLE001 - latex2mathml raises many types on bad TeX
        mathml = None
    clean = None
    if mathml is not None and not _RAW_COMMAND.search(mathml):
        clean = _sanitize_mathml(mathml)
    if clean is None:
        return f'<span class="{cls} pd-math--text">{_math_text(tex)}</span>'
    # TeX sets a thin space after an operator name (\log n); latex2mathml emits none, and
    # browsers then run "logn" together.
    clean = _FUNCTION_NAME.sub(r'\1<mspace width="0.1667em"></mspace><', clean)
    clean = _BEFORE_FUNCTION.sub(r'\1<mspace width="0.1667em"></mspace>\2', clean)
    if not display:
        return "".join(f'<span class="{cls}{" pd-math--wide" if _wide(part) else ""}">{part}'
                       "</span>" for part in _line_parts(clean))
    return f'<span class="{cls}">{clean}</span>'


# TeX's rule for breaking inline math: after a relation or a binary operator at the
# formula's outer level (TeXbook, chapter 14). Browsers do not break inside a <math>.
_BREAK_AFTER = frozenset("=<>≤≥≈∼≠≡≔∝≪≫→←↦⇒⇔∈∉⊂⊆⊃⊇+−-×·,;")
_INLINE_HEAD = '<math xmlns="http://www.w3.org/1998/Math/MathML" display="inline"><mrow>'
_INLINE_TAIL = "</mrow></math>"
_LONG_INLINE = 24  # characters of visible text from which an inline formula is split
_TAG = re.compile(r"<(/?)([a-z]+)[^>]*>")


def _line_parts(mathml: str) -> list[str]:
    """An inline formula as one or more ``<math>`` elements, split where TeX may break a line
    (``_BREAK_AFTER``), so a long formula wraps with the text; short ones stay whole."""
    if not (mathml.startswith(_INLINE_HEAD) and mathml.endswith(_INLINE_TAIL)):
        return [mathml]
    body = mathml[len(_INLINE_HEAD):-len(_INLINE_TAIL)]
    if len(html.unescape(_TAG.sub("", body))) < _LONG_INLINE:
        return [mathml]
    parts, depth, start = [], 0, 0
    for m in _TAG.finditer(body):
        depth += -1 if m.group(1) else 1
        if depth == 0 and m.group(2) == "mo":
            content = html.unescape(_TAG.sub("", body[start:m.end()].rsplit("<mo", 1)[-1]))
            if content.strip() in _BREAK_AFTER or content.strip() and \
                    content.strip()[-1] in _BREAK_AFTER:
                parts.append(body[start:m.end()])
                start = m.end()
    parts.append(body[start:])
    return [_INLINE_HEAD + p + _INLINE_TAIL for p in parts if p]


def _wide(mathml: str) -> bool:
    """Whether a formula part is long enough to need its own scroll box (no break inside)."""
    return len(html.unescape(_TAG.sub("", mathml))) >= 2 * _LONG_INLINE


_RAW_COMMAND = re.compile(r">[^<]*\\[A-Za-z]")  # TeX the converter left as text


def _math_text(tex: str) -> str:
    """A formula as escaped readable text, safe from Markdown (special characters as numeric
    entities, as in MathML text)."""
    text = " ".join(math_to_text(tex).split())
    return _MATHML_SPECIAL.sub(lambda c: f"&#{ord(c.group(0))};", html.escape(text, quote=False))


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


def _mathml_text(raw: str) -> str:
    """Text of latex2mathml's output as HTML: without the TeX escapes it keeps (``90.3\\%``),
    HTML-escaped, Markdown's special characters as numeric entities."""
    data = html.escape(re.sub(r"\\([%&_#$])", r"\1", raw), quote=False)
    return _MATHML_SPECIAL.sub(lambda c: f"&#{ord(c.group(0))};", data)


def _kept_attributes(attrs: str) -> str:
    """The allowed attributes of a tag's attribute text, each `` name="value"`` with the
    value escaped again (entities read first, so none is escaped twice)."""
    return "".join(f' {name}="{html.escape(html.unescape(value))}"'
                   for name, value in _MATHML_ATTR.findall(attrs)
                   if name in _MATHML_ATTRIBUTES)


def _sanitize_mathml(mathml: str) -> str | None:
    """Rebuild latex2mathml's output (module docstring): allowed elements, properly nested,
    with their allowed attributes (values escaped); numeric character references kept; every
    other tag, and any tag inside a token element (``mi``, ``mtext`` ...), written as text.
    Text loses the TeX escapes latex2mathml keeps (``90.3\\%``), is HTML-escaped and gets
    Markdown's special characters as numeric entities. Unclosed elements are closed.

    Returns ``None`` when the converter nested MathML elements inside a token element (a
    closing tag of another MathML element inside ``mi``/``mo``/...: ``\\mathop{\\mathrm{x}}``
    gave ``<mo><mrow><mi>x</mi></mrow></mo>``): that is broken conversion, not text, and is
    never shown as escaped markup."""
    out: list[str] = []
    stack: list[str] = []

    def text(raw: str) -> None:
        if raw:
            out.append(_mathml_text(raw))

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
            elif stack and stack[-1] in _TOKEN_ELEMENTS and tag in _MATHML_ELEMENTS:
                return None
            else:
                text(m.group(0))
        elif tag in _MATHML_ELEMENTS and not (stack and stack[-1] in _TOKEN_ELEMENTS):
            out.append(f"<{tag}{_kept_attributes(m.group('attrs'))}>")
            if m.group("empty"):
                # An empty element closed by its end tag, not ``/>``: the same element in
                # HTML and XML, and an HTML tool that reads ``/>`` only on void elements
                # (minify-html) does not leave it open.
                out.append(f"</{tag}>")
            else:
                stack.append(tag)
        else:
            text(m.group(0))
    text(mathml[pos:])
    out.extend(f"</{tag}>" for tag in reversed(stack))
    return "".join(out)
