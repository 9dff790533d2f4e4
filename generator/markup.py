"""Tokenise an abstract's mixed LaTeX / Markdown / Unicode source into inline tokens.

Shared by extraction (which needs plain text) and rendering (which needs safe Markdown), so it
sits below both steps. Rules come from how authors write abstracts for OpenReview/arXiv:

* math: ``$$..$$``, ``\\[..\\]``, ``\\(..\\)`` and ``$..$``. A single ``$`` opens math only when a
  non-space follows it and a closing ``$`` exists that has a non-space before it and no digit
  after it (Pandoc's ``tex_math_dollars`` rule), so ``costs $3 and $4`` stays text; ``\\$`` is a
  dollar sign.
* links: ``\\href{url}{text}``, ``\\url{url}``, ``<url>`` autolinks and bare ``http(s)://`` /
  ``www.`` URLs are atomic tokens (nothing inside a URL is interpreted).
* LaTeX text commands outside math become their meaning (``TEXT_COMMANDS``): emphasis, escaped
  specials, TeX quotes and dashes, ``~``, accents (via pylatexenc); citations are dropped.
* Markdown emphasis written by the author (``*x*``, ``**x**``, ``***x***``, ``_x_``) is kept
  as emphasis markers in ``Text``; everything else is literal text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from pylatexenc.latex2text import LatexNodes2Text


@dataclass(frozen=True, slots=True)
class Text:
    """Literal text; may contain the author's Markdown emphasis markers ``*`` and ``_``."""

    value: str


@dataclass(frozen=True, slots=True)
class Math:
    """A formula: TeX source without delimiters; ``display`` for ``$$``/``\\[``."""

    tex: str
    display: bool


@dataclass(frozen=True, slots=True)
class Styled:
    """A LaTeX-styled span: ``style`` is ``em``, ``strong`` or ``code``."""

    style: str
    children: tuple


@dataclass(frozen=True, slots=True)
class Url:
    """A URL as written (still raw: see ``generator.extract.links`` for normalising) and the
    text shown for it (``\\href``'s second argument, or the URL itself)."""

    raw: str
    label: tuple


Token = Text | Math | Styled | Url

# Commands whose braced argument is kept with a style ("" = plain) or dropped (None).
TEXT_COMMANDS: dict[str, str | None] = {
    "emph": "em", "textit": "em", "textsl": "em", "it": "em",
    "textbf": "strong", "bf": "strong", "textsc": "", "textrm": "", "textsf": "", "text": "",
    "mbox": "", "textnormal": "", "underline": "", "texttt": "code", "mathrm": "",
    "cite": None, "citep": None, "citet": None, "citealp": None, "ref": None, "eqref": None,
    "label": None, "footnote": None, "autoref": None, "cref": None, "Cref": None,
}
# Escaped specials and symbol commands that stand for a character.
SYMBOLS: dict[str, str] = {
    "%": "%", "&": "&", "_": "_", "#": "#", "$": "$", "{": "{", "}": "}", " ": " ",
    ",": "\u2009", ";": " ", "\\": " ", "textendash": "–", "textemdash": "—", "ldots": "…",
    "dots": "…", "LaTeX": "LaTeX", "TeX": "TeX", "textasciitilde": "~", "times": "×",
}
ACCENTS = "'`^\"~=.uvHckbdrt"

_URL_CHARS = r"(?:[^\s<>\"`{}|\\^]|\\_)"
_BARE_URL = re.compile(r"(?:https?://|www\.)" + _URL_CHARS + r"+", re.IGNORECASE)
# Sentence punctuation after a bare URL belongs to the sentence (GFM autolink rule).
_URL_TRAILING = ".,;:!?'\"*_"
_AUTOLINK = re.compile(r"<((?:https?://|www\.)[^\s<>]+)>", re.IGNORECASE)
# Characters at which a token or a TeX ligature may start; everything else is plain text.
_SPECIAL = re.compile(r"[\\$<`'~{}\-]|(?<![^\W_])(?:https?://|www\.)", re.IGNORECASE)
_COMMAND = re.compile(r"\\([A-Za-z]+|.)")
# Returned by ``_command`` for a dropped command (citation, label, footnote).
_DROPPED = Text("")
_DOLLAR_CLOSE = re.compile(r"(?<=[^\s\\])\$(?!\d)")
_BARE_DOLLAR = re.compile(r"(?<!\\)\$")


@lru_cache(maxsize=1024)
def tokenize(source: str) -> tuple[Token, ...]:
    """Split abstract source into tokens.

    Args:
        source: the abstract text (any mix of LaTeX, Markdown and Unicode).

    Returns:
        A tuple of ``Text``, ``Math``, ``Styled`` and ``Url`` tokens; concatenating their text
        reproduces every word of the source (nothing is lost except citation keys and TeX
        markup itself). Never raises: unbalanced braces and stray ``$`` are kept as text.
    """
    try:
        return tuple(_merge(_Scanner(source).run()))
    except RecursionError:  # hundreds of nested \\textbf{: keep the source as literal text
        return (Text(source),)


class _Scanner:
    """A single left-to-right pass; ``run`` stops at ``stop`` (a closing brace) when nested."""

    def __init__(self, src: str) -> None:
        self.src, self.i = src, 0
        self.open_quote = False  # a TeX `single quote' is open

    def run(self, nested: bool = False) -> list[Token]:
        out: list[Token] = []
        src = self.src
        buf: list[str] = []

        def flush() -> None:
            if buf:
                out.append(Text("".join(buf)))
                buf.clear()

        while self.i < len(src):
            # Fast path: copy the run of ordinary characters up to the next one that can start
            # a token (most of an abstract), instead of trying every rule at every character.
            m = _SPECIAL.search(src, self.i)
            stop = m.start() if m else len(src)
            if stop > self.i:
                buf.append(src[self.i:stop])
                self.i = stop
                continue
            c = src[self.i]
            if nested and c == "}":
                self.i += 1
                flush()
                return out
            if nested and c == "{":
                self.i += 1
                flush()
                out.extend(self.run(nested=True))
                continue
            tok = self._math() or self._url() or (self._command() if c == "\\" else None)
            if tok is not None:
                if tok is _DROPPED:
                    # A citation/reference was removed: drop the space (or ``~``) before it
                    # too, so "work~\\cite{x}." reads "work." and not "work ." (issue 3:
                    # citations "removed cleanly").
                    while buf and buf[-1] != buf[-1].rstrip():
                        buf[-1] = buf[-1].rstrip()
                        if not buf[-1]:
                            buf.pop()
                    tok = ""
                flush()
                if tok != "":
                    if isinstance(tok, list):
                        out.extend(tok)
                    else:
                        out.append(tok)
                continue
            buf.append(self._char(c))
        flush()
        return out

    # -- pieces ------------------------------------------------------------------------
    def _char(self, c: str) -> str:
        src, i = self.src, self.i
        self.i += 1
        if c == "-" and src.startswith("--", i):
            if src.startswith("---", i):
                self.i = i + 3
                return "—"
            self.i = i + 2
            return "–"
        if c == "`":
            if src.startswith("``", i):
                self.i = i + 2
                return "“"
            self.open_quote = True
            return "‘"
        if c == "'":
            if src.startswith("''", i):
                self.i = i + 2
                return "”"
            nxt = src[i + 1:i + 2]
            if self.open_quote and not nxt.isalpha():
                self.open_quote = False
                return "’"
        if c == "~":
            return " "
        return c

    def _math(self) -> Math | None:
        src, i = self.src, self.i
        for opener, closer, display in (("$$", "$$", True), ("\\[", "\\]", True),
                                        ("\\(", "\\)", False)):
            if src.startswith(opener, i):
                end = src.find(closer, i + len(opener))
                if end > i + len(opener):
                    self.i = end + len(closer)
                    return Math(src[i + len(opener):end].strip(), display)
                return None
        if src[i] == "$" and i + 1 < len(src) and not src[i + 1].isspace():
            if i > 0 and src[i - 1] == "\\":
                return None
            m = _DOLLAR_CLOSE.search(src, i + 1)
            # An unescaped "$" inside the span means this "$" is a dollar sign, not an opener:
            # "a $5M budget gives $O(n)$" must not swallow "5M budget gives $O(n)" as one
            # formula (issue 3: non-math dollars stay dollars).
            if m and "\n\n" not in src[i:m.start()] and not _BARE_DOLLAR.search(
                    src, i + 1, m.start()):
                self.i = m.end()
                return Math(src[i + 1:m.start()], False)
        return None

    def _url(self) -> Url | None:
        src, i = self.src, self.i
        if src[i] == "<":
            m = _AUTOLINK.match(src, i)
            if m:
                self.i = m.end()
                return Url(m.group(1), (Text(m.group(1)),))
            return None
        if src[i] in "hHwW" and (i == 0 or not src[i - 1].isalnum()):
            m = _BARE_URL.match(src, i)
            if m:
                raw = _trim_url(m.group(0))
                self.i = i + len(raw)
                return Url(raw, (Text(raw.replace("\\_", "_")),))
        return None

    def _command(self) -> Token | list | str | None:
        src, i = self.src, self.i
        m = _COMMAND.match(src, i)
        if not m:
            return None
        name = m.group(1)
        if name in ("href", "url"):
            url = self._braced(m.end())
            if url is None:
                return None
            target, end = url
            if name == "url":
                self.i = end
                return Url(target, (Text(target.replace("\\_", "_")),))
            label = self._braced(end)
            if label is None:
                return None
            self.i = label[1]
            return Url(target, tuple(_merge(_Scanner(label[0]).run())))
        if name in TEXT_COMMANDS:
            arg = self._braced(m.end())
            style = TEXT_COMMANDS[name]
            if arg is None:
                if name in ("it", "bf"):  # {\bf x} style switches: drop the switch
                    self.i = m.end()
                    return ""
                return None
            self.i = arg[1]
            if style is None:
                return _DROPPED
            inner = _merge(_Scanner(arg[0]).run())
            return Styled(style, tuple(inner)) if style else inner
        if name in SYMBOLS:
            self.i = m.end()
            return Text(SYMBOLS[name])
        if len(name) == 1 and name in ACCENTS:
            arg_end = m.end()
            if src.startswith("{", arg_end):
                close = src.find("}", arg_end)
                arg_end = close + 1 if close > 0 else arg_end
            elif arg_end < len(src) and src[arg_end].isalpha():
                arg_end += 1
            snippet = src[i:arg_end]
            self.i = arg_end
            return Text(_latex_text(snippet))
        if name in ("i", "j", "ss", "o", "O", "aa", "AA", "ae", "AE", "oe", "OE", "l", "L"):
            self.i = m.end()
            if self.i < len(src) and src[self.i] == " ":
                self.i += 1
            return Text(_latex_text("\\" + name))
        return None  # unknown command: kept literally, nothing lost

    def _braced(self, start: int) -> tuple[str, int] | None:
        """Return (content, index after closing brace) of a balanced ``{...}`` at ``start``."""
        src = self.src
        j = start
        while j < len(src) and src[j] in " \t":
            j += 1
        if j >= len(src) or src[j] != "{":
            return None
        depth, k = 0, j
        while k < len(src):
            ch = src[k]
            if ch == "\\":
                k += 2
                continue
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    return src[j + 1:k], k + 1
            k += 1
        return None


def _trim_url(raw: str) -> str:
    """Drop trailing sentence punctuation and unbalanced closing brackets from a bare URL."""
    while raw:
        last = raw[-1]
        if last in _URL_TRAILING or (last == ")" and raw.count("(") < raw.count(")")) or (
            last == "]" and raw.count("[") < raw.count("]")
        ):
            raw = raw[:-1]
        else:
            break
    return raw


@lru_cache(maxsize=512)
def _latex_text(snippet: str) -> str:
    return LatexNodes2Text().latex_to_text(snippet)


def _merge(tokens: list[Token]) -> list[Token]:
    out: list[Token] = []
    for tok in tokens:
        if isinstance(tok, Text) and out and isinstance(out[-1], Text):
            out[-1] = Text(out[-1].value + tok.value)
        elif not (isinstance(tok, Text) and not tok.value):
            out.append(tok)
    return out


# -- plain text ---------------------------------------------------------------------------
_EMPHASIS = re.compile(r"(?<![\w*])(\*{1,3}|_{1,3})(?=\S)(.+?)(?<=\S)\1(?![\w*])")
_INTRAWORD_STRONG = re.compile(r"\*\*(\w+?)\*\*")
_MATH_WORD_SPACE = re.compile(r"(\\[A-Za-z]+)\s+(?=[A-Za-z0-9\\])")
_NORM_BARS = re.compile(r"(?<!\\)\\\|")


def math_to_text(tex: str) -> str:
    """Readable Unicode for a formula: ``\\ell \\geq 2`` -> ``ℓ ≥ 2``, ``k`` -> ``k``.

    Uses pylatexenc's LaTeX-to-text converter; unconvertible input is returned as written.
    """
    try:
        # pylatexenc swallows the space after a command word (\\log k -> logk): keep one;
        # and it drops the norm bars \\| (its own \\lVert gives them).
        tex = _NORM_BARS.sub("‖", _MATH_WORD_SPACE.sub(r"\1\\ ", tex))
        return _latex_math_text(tex).strip()
    except Exception:  # noqa: BLE001 - any parser failure: show the source, lose nothing
        return tex


@lru_cache(maxsize=4096)
def _latex_math_text(tex: str) -> str:
    return LatexNodes2Text(math_mode="text").latex_to_text(tex)


def strip_emphasis(text: str) -> str:
    """Remove Markdown emphasis markers: ``**CROWD**`` -> ``CROWD``,
    ``**C**ombinato**r**ial`` -> ``Combinatorial``."""
    prev = None
    while prev != text:
        prev = text
        text = _INTRAWORD_STRONG.sub(r"\1", text)
        text = _EMPHASIS.sub(r"\2", text)
    return text


def to_plain(tokens: tuple[Token, ...] | list[Token]) -> str:
    """Plain Unicode text of tokens: math as readable text, URLs as written, no markup."""
    parts: list[str] = []
    for tok in tokens:
        if isinstance(tok, Text):
            parts.append(tok.value)
        elif isinstance(tok, Math):
            parts.append(math_to_text(tok.tex))
        elif isinstance(tok, Styled):
            parts.append(to_plain(tok.children))
        elif isinstance(tok, Url):
            parts.append(to_plain(tok.label))
    return strip_emphasis("".join(parts))


@lru_cache(maxsize=1024)
def plain_text(source: str) -> str:
    """``to_plain(tokenize(source))`` with whitespace runs collapsed to single spaces.
    Cached: extraction asks for the plain text of the same sentences several times."""
    return " ".join(to_plain(tokenize(source)).split())
