"""MathML in an abstract (Crossref's JATS ``<mml:math>``, HTML's ``<math>``) -> the TeX the
page typesets (``$x^{2}$``), not its flattened text (``x2`` for x²).

``MathTree`` gathers the elements of one ``<math>`` from an HTML parser's events (the caller,
``generator.read.markup_text.HtmlText``, hands them on); ``tex`` converts it. The TeX the
source gives is preferred: the ``alttext`` attribute of ``<math>``, else an ``<annotation
encoding="application/x-tex">``. Otherwise each element is converted by its entry of
``CONVERTERS`` (token elements ``mi``, ``mn``, ``mo``, ``mtext``; ``msup``, ``msub``,
``msubsup``, ``mfrac``, ``msqrt``, ``mroot``, ``mover``, ``munder``, ``munderover``,
``mfenced``, ``mtable``; layout elements such as ``mrow`` and ``mstyle`` are their children
joined). An element no entry names is its children joined, so no text is lost. No library on
PyPI was adopted (README "Dependencies"): the one light pure-Python converter,
``mathml-to-latex`` (one release), writes unpaired brackets as ``\\left(\\right.`` and
``log`` as the letters l, o, g; ``mml2tex`` runs XSLT in ``saxonche``; ``py-asciimath``'s
last release is from 2020.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

# TeX's special characters in math mode, as TeX writes them (a "%" would comment out the
# rest of the formula, a "_" or "^" would script what follows).
MATH_ESCAPES = str.maketrans({"\\": r"\backslash ", "{": r"\{", "}": r"\}", "$": r"\$",
                              "%": r"\%", "&": r"\&", "#": r"\#", "_": r"\_", "~": r"\sim ",
                              "^": r"\wedge "})
_TEXT_ESCAPES = str.maketrans({"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}",
                               "$": r"\$", "%": r"\%", "&": r"\&", "#": r"\#", "_": r"\_"})
# Function names an <mi> spells out: TeX's operator commands, upright and spaced.
FUNCTIONS = frozenset((
    "sin", "cos", "tan", "cot", "sec", "csc", "sinh", "cosh", "tanh", "arcsin", "arccos",
    "arctan", "log", "ln", "lg", "exp", "lim", "liminf", "limsup", "max", "min", "sup", "inf",
    "arg", "det", "dim", "ker", "deg", "gcd", "Pr", "hom"))
# <mi mathvariant="..."> -> the TeX font command.
VARIANTS = {"double-struck": "mathbb", "bold": "mathbf", "script": "mathcal",
            "fraktur": "mathfrak", "sans-serif": "mathsf", "monospace": "mathtt",
            "normal": "mathrm", "bold-italic": "boldsymbol"}
# An <mover> accent -> TeX's accent command (MathML writes the accent as an <mo>).
ACCENTS = {"^": "hat", "\u02c6": "hat", "\u0302": "hat", "~": "tilde", "\u02dc": "tilde",
           "\u0303": "tilde", "\u00af": "bar", "\u0304": "bar", "\u203e": "bar", "_": "bar",
           "\u02d9": "dot", "\u0307": "dot", "\u00a8": "ddot", "\u0308": "ddot",
           "\u2192": "vec", "\u20d7": "vec"}
# Large operators whose limits <munderover> sets under and over them: TeX's _ and ^.
LARGE_OPERATORS = frozenset("\u2211\u220f\u2210\u222b\u222c\u222d\u222e\u22c3\u22c2\u2a01"
                            "\u2a02\u2a00") | {"lim", "max", "min", "sup", "inf"}
# Operators an <mo> writes as a character -> TeX's command (the page's TeX reader makes an
# operator of the command, with its spacing and, for a sum or an integral, its limits).
OPERATORS = {"\u2264": "leq", "\u2265": "geq", "\u2260": "neq", "\u00b1": "pm",
             "\u2213": "mp", "\u00d7": "times", "\u22c5": "cdot", "\u00b7": "cdot",
             "\u2192": "to", "\u2190": "leftarrow", "\u21d2": "Rightarrow",
             "\u21d4": "Leftrightarrow", "\u221e": "infty", "\u2211": "sum", "\u220f": "prod",
             "\u222b": "int", "\u222e": "oint", "\u2208": "in", "\u2209": "notin",
             "\u2282": "subset", "\u2286": "subseteq", "\u222a": "cup", "\u2229": "cap",
             "\u2248": "approx", "\u2261": "equiv", "\u223c": "sim", "\u221d": "propto",
             "\u2202": "partial", "\u2207": "nabla", "\u2200": "forall", "\u2203": "exists",
             "\u2227": "land", "\u2228": "lor", "\u00ac": "neg", "\u2225": "parallel",
             "\u27e8": "langle", "\u27e9": "rangle", "\u2016": "|", "\u2026": "ldots",
             "\u22ef": "cdots", "\u2218": "circ", "\u2297": "otimes", "\u2295": "oplus",
             "\u226a": "ll", "\u226b": "gg", "\u2212": "-"}
# MathML's invisible operators (function application, invisible times, separator, plus).
_INVISIBLE = str.maketrans(dict.fromkeys("\u2061\u2062\u2063\u2064", ""))
_TEX_ANNOTATIONS = frozenset(("application/x-tex", "text/x-tex", "tex", "latex",
                              "application/x-latex"))
_COMMAND_END = re.compile(r"\\[A-Za-z]+$")


@dataclass
class Node:
    """One MathML element: its local name (``mi``, without ``mml:``), attributes and
    children (nodes and text)."""

    tag: str
    attrs: dict[str, str]
    children: list[Node | str] = field(default_factory=list)

    def text(self) -> str:
        """All text inside, whitespace runs as one space, stripped."""
        return " ".join("".join(c if isinstance(c, str) else c.text()
                                for c in self.children).split())

    def nodes(self) -> list[Node]:
        """The child elements (text between them, indentation, dropped)."""
        return [c for c in self.children if isinstance(c, Node)]


class MathTree:
    """The elements of one ``<math>`` as an HTML parser reports them (``start``, ``data``,
    ``end``); ``done`` once its own end tag came; ``tex`` its formula."""

    def __init__(self, attrs: list[tuple[str, str | None]]) -> None:
        self.root = Node("math", {k: v or "" for k, v in attrs})
        self._open = [self.root]

    @property
    def done(self) -> bool:
        """True once ``</math>`` closed the tree."""
        return not self._open

    def start(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag.rpartition(":")[2], {k: v or "" for k, v in attrs})
        self._open[-1].children.append(node)
        self._open.append(node)

    def end(self, tag: str) -> None:
        """Close ``tag``, and any element left open inside it (HTML's leniency)."""
        name = tag.rpartition(":")[2]
        for i in range(len(self._open) - 1, -1, -1):
            if self._open[i].tag == name:
                del self._open[i:]
                return

    def data(self, text: str) -> None:
        self._open[-1].children.append(text)

    def tex(self) -> str:
        """The formula in TeX math delimiters: ``$...$``, ``$$...$$`` for
        ``display="block"``; ``""`` for an empty one."""
        body = given_tex(self.root) or " ".join(convert(self.root).split())
        if not body:
            return ""
        return f"$${body}$$" if self.root.attrs.get("display") == "block" else f"${body}$"


def given_tex(root: Node) -> str:
    """The TeX the source gives for the formula: ``alttext``, else the first TeX
    ``<annotation>``; ``""`` without one. Delimiters around it (``$...$``) are removed."""
    found = root.attrs.get("alttext", "").strip()
    if not found:
        found = next((n.text() for n in _walk(root) if n.tag == "annotation"
                      and n.attrs.get("encoding", "").lower() in _TEX_ANNOTATIONS), "")
    found = found.strip()
    for opening, closing in (("$$", "$$"), ("$", "$"), ("\\(", "\\)"), ("\\[", "\\]")):
        if len(found) > len(opening) + len(closing) and found.startswith(opening) \
                and found.endswith(closing):
            return found[len(opening):-len(closing)].strip()
    return found


def _walk(node: Node):
    yield node
    for child in node.nodes():
        yield from _walk(child)


def convert(node: Node | str) -> str:
    """One node as TeX: text escaped, an element by its ``CONVERTERS`` entry, else its
    children joined."""
    if isinstance(node, str):
        return node.translate(_INVISIBLE).strip().translate(MATH_ESCAPES)
    rule = CONVERTERS.get(node.tag, _children)
    return rule(node)


def _join(parts: list[str]) -> str:
    """TeX of consecutive parts, a space after a command that a letter or digit follows
    (``\\log n``, never ``\\logn``) and between two numbers."""
    out = ""
    for part in parts:
        if not part:
            continue
        if (_COMMAND_END.search(out) and part[0].isalnum()) or (
                out[-1:].isdigit() and part[0].isdigit()):
            out += " "  # two numbers stay two (TeX readers join "1" and "2^3" as 12^3)
        out += part
    return out


def _children(node: Node) -> str:
    return _join([convert(c) for c in node.children if isinstance(c, Node) or c.strip()])


def _group(tex: str) -> str:
    """``tex`` as one TeX argument: a single character as it is, else in braces."""
    return tex if len(tex) == 1 else f"{{{tex}}}"


def _args(node: Node, count: int) -> list[str]:
    """The TeX of the first ``count`` child elements (``""`` for each missing one)."""
    kids = [convert(k) for k in node.nodes()[:count]]
    return kids + [""] * (count - len(kids))


def _mi(node: Node) -> str:
    text = node.text().translate(_INVISIBLE)
    variant = VARIANTS.get(node.attrs.get("mathvariant", ""))
    if text in FUNCTIONS:
        return "\\" + text
    escaped = text.translate(MATH_ESCAPES)
    if variant and (variant != "mathrm" or len(text) == 1):
        return f"\\{variant}{{{escaped}}}"
    return f"\\mathrm{{{escaped}}}" if len(text) > 1 and text.isalpha() else escaped


def _mo(node: Node) -> str:
    text = node.text().translate(_INVISIBLE)
    if text in FUNCTIONS:
        return "\\" + text
    command = OPERATORS.get(text)
    if command:
        return command if command in "-|" else "\\" + command
    return text.translate(MATH_ESCAPES)


def _mtext(node: Node) -> str:
    text = re.sub(r"\s+", " ", "".join(c if isinstance(c, str) else c.text()
                                        for c in node.children))
    return f"\\text{{{text.translate(_TEXT_ESCAPES)}}}" if text.strip() else "\\ "


def _msup(node: Node) -> str:
    base, sup = _args(node, 2)
    return f"{_base(base)}^{_group(sup)}"


def _msub(node: Node) -> str:
    base, sub = _args(node, 2)
    return f"{_base(base)}_{_group(sub)}"


def _msubsup(node: Node) -> str:
    base, sub, sup = _args(node, 3)
    return f"{_base(base)}_{_group(sub)}^{_group(sup)}"


def _base(tex: str) -> str:
    """A script's base: braced unless it is one character or one command (``x``,
    ``\\alpha``), so that ``{x+1}^{2}`` scripts the whole base."""
    if len(tex) <= 1 or re.fullmatch(r"\\[A-Za-z]+(?:\{[^{}]*\})?", tex):
        return tex or "{}"
    return f"{{{tex}}}"


def _mfrac(node: Node) -> str:
    num, den = _args(node, 2)
    return f"\\frac{{{num}}}{{{den}}}"


def _msqrt(node: Node) -> str:
    return f"\\sqrt{{{_children(node)}}}"


def _mroot(node: Node) -> str:
    base, index = _args(node, 2)
    return f"\\sqrt[{index}]{{{base}}}"


def _mover(node: Node) -> str:
    kids = node.nodes()
    base, over = _args(node, 2)
    accent = ACCENTS.get(kids[1].text()) if len(kids) > 1 else None
    if accent:
        return f"\\{accent}{{{base}}}"
    if kids and kids[0].text() in LARGE_OPERATORS:
        return f"{_base(base)}^{_group(over)}"
    return f"\\overset{{{over}}}{{{base}}}"


def _munder(node: Node) -> str:
    kids = node.nodes()
    base, under = _args(node, 2)
    if kids and kids[0].text() in LARGE_OPERATORS:
        return f"{_base(base)}_{_group(under)}"
    return f"\\underset{{{under}}}{{{base}}}"


def _munderover(node: Node) -> str:
    kids = node.nodes()
    base, under, over = _args(node, 3)
    if kids and kids[0].text() in LARGE_OPERATORS:
        return f"{_base(base)}_{_group(under)}^{_group(over)}"
    return f"\\overset{{{over}}}{{\\underset{{{under}}}{{{base}}}}}"


def _mfenced(node: Node) -> str:
    opening, closing = node.attrs.get("open", "("), node.attrs.get("close", ")")
    separator = (node.attrs.get("separators", ",").strip() or ",")[0]
    inner = separator.join(convert(k) for k in node.nodes())
    return f"{opening.translate(MATH_ESCAPES)}{inner}{closing.translate(MATH_ESCAPES)}"


def _mtable(node: Node) -> str:
    rows = [" & ".join(convert(cell) for cell in row.nodes()) for row in node.nodes()]
    return "\\begin{matrix}" + " \\\\ ".join(rows) + "\\end{matrix}"


def _nothing(node: Node) -> str:
    return ""


def _semantics(node: Node) -> str:
    """The presentation (first child); annotations are the caller's (``given_tex``)."""
    kids = node.nodes()
    return convert(kids[0]) if kids else ""


# MathML element -> its TeX. Layout elements (mrow, mstyle, mpadded, merror ...) are their
# children joined, as any element not listed.
CONVERTERS: dict[str, Callable[[Node], str]] = {
    "mi": _mi, "mn": _mo, "mo": _mo, "mtext": _mtext, "ms": _mtext,
    "msup": _msup, "msub": _msub, "msubsup": _msubsup, "mfrac": _mfrac, "msqrt": _msqrt,
    "mroot": _mroot, "mover": _mover, "munder": _munder, "munderover": _munderover,
    "mfenced": _mfenced, "mtable": _mtable, "semantics": _semantics,
    "annotation": _nothing, "annotation-xml": _nothing, "mphantom": _nothing,
    "mspace": lambda node: "\\ ",
}
