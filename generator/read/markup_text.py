"""Markup -> the text a reader sees: HTML (Atom text constructs of ``type="html"``, OpenAlex's
and Crossref's titles: ``<i>``, ``<sub>``) and JATS XML (Crossref's abstracts: ``<jats:p>``,
``<jats:title>``, ``<jats:sup>``), read by the standard library's HTML parser (entities decoded,
tags removed, paragraphs and line breaks kept, scripts and styles dropped).

Superscripts and subscripts keep their meaning: ``10<sup>6</sup>`` is ``10⁶`` and
``CO<sub>2</sub>`` ``CO₂`` when every character has a Unicode superscript or subscript form
(``SUPERSCRIPTS``, ``SUBSCRIPTS``: digits, signs, parentheses, most letters), else the TeX the
page typesets (``\textsuperscript{...}`` in an abstract, ``$^{...}$`` in a title, which is shown
as plain text: ``x^*``). Italics and bold become their text. What is not markup stays text as
written: a name that is no HTML element and has no namespace (``f(x)=<x,y>``), or an element
written with bare words for attributes (``a <b and c> d``), since prose uses ``<`` and ``>``.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

from generator.read.mathml import MATH_ESCAPES as _MATH_ESCAPES
from generator.read.mathml import MathTree

SUPERSCRIPTS = dict(zip("0123456789+-\u2212=()abcdefghijklmnoprstuvwxyzABDEGHIJKLMNOPRTUVW",
                        "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂ",
                        strict=True))
SUBSCRIPTS = dict(zip("0123456789+-\u2212=()aehijklmnoprstuvx",
                      "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ", strict=True))
# HTML's element names (and JATS's, read without their "jats:" prefix) that are markup
# here; any other name in angle brackets is text.
ELEMENTS = frozenset((
    "a", "abbr", "b", "bdi", "bdo", "big", "br", "cite", "code", "del", "dfn", "em", "font",
    "i", "ins", "kbd", "mark", "q", "s", "samp", "small", "span", "strike", "strong", "sub",
    "sup", "tt", "u", "var", "wbr", "p", "div", "blockquote", "pre", "ul", "ol", "li", "dl",
    "dt", "dd", "table", "thead", "tbody", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5",
    "h6", "hr", "img", "title", "script", "style", "template", "section", "article", "header",
    "footer", "figure", "figcaption", "caption", "center", "nobr", "math", "scp",
    "italic", "bold", "sc", "underline", "monospace", "sec", "list", "list-item", "label",
    "inline-formula", "disp-formula", "tex-math", "ext-link", "uri", "xref", "named-content",
    "styled-content", "abstract", "fn", "break", "overline", "roman", "sans-serif"))
_SCRIPTS = {"sup": SUPERSCRIPTS, "sub": SUBSCRIPTS}
_TEXT_ESCAPES = str.maketrans({"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$",
                               "%": r"\%", "&": r"\&", "#": r"\#", "_": r"\_",
                               "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"})
# A character reference as HTML writes it, with its ";" (html.unescape alone also reads
# "&copy" without one, which prose such as "R&D&copy" can hold).
_ENTITY = re.compile(r"&(?:[A-Za-z][A-Za-z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});")
# A "&" that starts no character reference: escaped before parsing, so that the parser does
# not read "&copy" without its ";" as one.
_BARE_AMPERSAND = re.compile(r"&(?!(?:[A-Za-z][A-Za-z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]"
                             r"{1,6});)")
# Markup a title or venue may carry: an element of ELEMENTS, or a character reference.
_MARKUP = re.compile(r"</?(?:[A-Za-z][\w.-]*:)?(?:" + "|".join(
    sorted((re.escape(e) for e in ELEMENTS), key=len, reverse=True)) + r")\b[^<>]*>|"
    + _ENTITY.pattern, re.IGNORECASE)


def decode_entities(text: str) -> str:
    """``text`` with its HTML character references decoded (``&amp;`` -> ``&``, ``&#233;``
    -> ``é``); a ``&`` that starts none (``R&D``, ``&copy`` without ``;``) stays."""
    if "&" not in text:
        return text
    return _ENTITY.sub(lambda m: html.unescape(m.group(0)), text)


def markup_label(text: str) -> str:
    """A title, venue or name of a format that carries HTML as plain text: its markup read
    (``markup_to_text``, superscripts as TeX math where Unicode has none) when it holds an
    element or a character reference (``_MARKUP``), else as it is."""
    if ("<" not in text and "&" not in text) or not _MARKUP.search(text):
        return text
    return " ".join(markup_to_text(text, plain=True).split())


# The headings a JATS abstract opens with that name the section itself, not a part of it
# (Crossref: ``<jats:title>Abstract</jats:title>``; Elsevier and Cell: ``Summary``).
ABSTRACT_HEADINGS = frozenset(("abstract", "summary"))


def markup_to_text(markup: str, drop_heading: frozenset[str] = frozenset(),
                   plain: bool = False) -> str:
    """The text of an HTML or JATS fragment (``HtmlText``); with ``drop_heading`` (lower-case
    words, such as ``ABSTRACT_HEADINGS``), a first paragraph that is only one of them, in any
    case and with or without a colon, is left out. ``plain``: a label (title), whose superscripts
    without a Unicode form are TeX math (``$^{*}$``), not ``\textsuperscript``."""
    reader = HtmlText(plain)
    reader.feed(_BARE_AMPERSAND.sub("&amp;", markup) if "&" in markup else markup)
    reader.close()
    text = reader.text()
    if drop_heading:
        first, sep, rest = text.partition("\n\n")
        if sep and first.strip().rstrip(":").lower() in drop_heading:
            return rest.strip()
    return text


class HtmlText(HTMLParser):
    """The text of an HTML fragment: block elements and ``<br>`` end lines, ``<p>`` and
    ``<div>`` paragraphs; a list item is a paragraph starting with its marker (``• ``, or in
    an ``<ol>`` its number, ``1. ``), a table row a paragraph of its cells between `` | ``
    (glued cells, "Ours95.1", change what a number means); the content of ``<script>`` and
    ``<style>`` is dropped (the HTML parser of the standard library, entities decoded by it);
    superscripts and subscripts as the module docstring says; a tag that is no markup
    (``_is_markup``) as its text."""

    _PARAGRAPH = frozenset(("p", "div", "blockquote", "pre", "ul", "ol", "table", "h1", "h2",
                            "h3", "h4", "h5", "h6", "title", "sec", "list", "tr"))
    _LINE = frozenset(("br", "dt", "dd"))
    _ITEMS = frozenset(("li", "list-item"))
    _CELLS = frozenset(("td", "th"))
    _HIDDEN = frozenset(("script", "style", "template"))

    def __init__(self, plain: bool = False) -> None:
        super().__init__(convert_charrefs=True)
        self._parts: list[str] = []
        self._hidden = 0
        self._plain = plain
        self._scripts: list[tuple[str, int]] = []  # open <sup>/<sub>: (tag, first part)
        self._math: MathTree | None = None  # an open <math>: its elements, for TeX
        self._lists: list[int] = []  # per open list: items so far (-1: not numbered)
        self._cells = 0  # cells so far in the open table row
        self._marker = -1  # len(self._parts) just after a list item's marker

    def handle_starttag(self, tag: str, attrs) -> None:
        if self._math is not None:
            self._math.start(tag, attrs)
            return
        if tag.rpartition(":")[2] == "math" and not self._hidden:
            self._math = MathTree(attrs)
            return
        if not _is_markup(tag, attrs):
            self.handle_data(self.get_starttag_text() or "")
            return
        tag = tag.rpartition(":")[2]  # JATS: <jats:p>
        if tag in self._HIDDEN:
            self._hidden += 1
        elif tag in _SCRIPTS:
            self._scripts.append((tag, len(self._parts)))
        self._block(tag)
        self._structure(tag)

    def _structure(self, tag: str) -> None:
        """The marker a list item or table cell starting here opens with (class docstring)."""
        if tag in ("ul", "ol", "list"):
            self._lists.append(0 if tag == "ol" else -1)
        elif tag in self._ITEMS:
            numbered = bool(self._lists) and self._lists[-1] >= 0
            if numbered:
                self._lists[-1] += 1
            self._parts.append(f"\n\n{self._lists[-1]}. " if numbered else "\n\n• ")
            self._marker = len(self._parts)
        elif tag == "tr":
            self._cells = 0
        elif tag in self._CELLS:
            self._parts.append(" | " if self._cells else "")
            self._cells += 1

    def handle_startendtag(self, tag: str, attrs) -> None:
        if self._math is not None:
            self._math.start(tag, attrs)
            self._math.end(tag)
            return
        if not _is_markup(tag, attrs):
            self.handle_data(self.get_starttag_text() or "")
        else:
            self._block(tag.rpartition(":")[2])

    def handle_endtag(self, tag: str) -> None:
        if self._math is not None:
            self._math.end(tag)
            if self._math.done:
                self._parts.append(self._math.tex())
                self._math = None
            return
        if not _is_markup(tag, ()):
            self.handle_data(f"</{tag}>")
            return
        tag = tag.rpartition(":")[2]
        if tag in ("ul", "ol", "list") and self._lists:
            self._lists.pop()
        if tag in self._HIDDEN:
            self._hidden = max(0, self._hidden - 1)
        elif tag in _SCRIPTS and self._scripts and self._scripts[-1][0] == tag:
            start = self._scripts.pop()[1]
            content = "".join(self._parts[start:])
            del self._parts[start:]
            self._parts.append(_script(tag, content, self._plain))
        self._block(tag)

    def handle_data(self, data: str) -> None:
        if self._math is not None:
            self._math.data(data)
        elif not self._hidden:
            self._parts.append(data)

    def _block(self, tag: str) -> None:
        if tag in self._PARAGRAPH and self._marker == len(self._parts):
            return  # <li><p>text: the item's paragraph is the marker's
        if tag in self._PARAGRAPH:
            self._parts.append("\n\n")
        elif tag in self._LINE:
            self._parts.append("\n")

    def text(self) -> str:
        """The text read so far: lines stripped, spaces collapsed, one blank line between
        paragraphs (a ``<math>`` left open at the end as the TeX read of it)."""
        if self._math is not None:
            self._parts.append(self._math.tex())
            self._math = None
        lines = [" ".join(line.split()) for line in "".join(self._parts).split("\n")]
        out: list[str] = []
        for line in lines:
            if line or (out and out[-1]):
                out.append(line)
        return "\n".join(out).strip()


def _is_markup(tag: str, attrs) -> bool:
    """A tag is markup when it has a namespace (``jats:p``, ``mml:mi``) or names an element
    of ``ELEMENTS`` with attributes written ``name="value"``; ``<x,y>`` and ``<b and c>`` are
    the text of prose."""
    if ":" in tag:
        return True
    return tag in ELEMENTS and all(value is not None for _, value in attrs)


def _script(tag: str, content: str, plain: bool) -> str:
    """A superscript (``tag`` ``sup``) or subscript's ``content`` as text: its Unicode forms
    when every character has one, else TeX (module docstring); ``""`` when empty."""
    content = " ".join(content.split())
    if not content:
        return ""
    forms = _SCRIPTS[tag]
    if all(c in forms for c in content):
        return "".join(forms[c] for c in content)
    mark = "^" if tag == "sup" else "_"
    if plain:
        return f"${mark}{{{content.translate(_MATH_ESCAPES)}}}$"
    command = "textsuperscript" if tag == "sup" else "textsubscript"
    return f"\\{command}{{{content.translate(_TEXT_ESCAPES)}}}"
