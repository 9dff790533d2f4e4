"""Tokenise an abstract's mixed LaTeX / Markdown / Unicode source into inline tokens.

Shared by extraction (which needs plain text) and rendering (which needs safe Markdown), so it
sits below both steps. Rules come from how authors write abstracts for OpenReview/arXiv:

* math: ``$$..$$``, ``\\[..\\]``, ``\\(..\\)``, ``$..$`` and the display environments
  (``equation``, ``align`` ...). Single ``$`` pair the way TeX pairs them, left to right (so
  ``85.2$\\pm$0.3``, ``$\\sim$10x`` and ``$ k $-NN`` are formulas), but a pair is a formula
  only when its content can be one (``_is_formula``): not empty, no blank line, no sentence
  boundary, no run of prose words, and not currency (``costs $5 and $10``: a content that
  starts with a digit and ends with a space). A ``$`` left open at the very end of an abstract
  before a short formula (``with N ($K``: a scrape cut short) opens that formula. Otherwise
  the opening ``$`` is a dollar sign and pairing goes on from the next one. ``\\$`` is a
  dollar sign. A formula that holds only text (``\\textit{..}``, ``\\url{..}``) is text.
* links: ``\\href{url}{text}``, ``\\url{url}``, Markdown ``[text](url)``, ``<url>`` autolinks
  and bare URLs (``http(s)://`` even glued to a word, ``www.``, and the hosts authors write
  without a scheme, ``generator.text.urls.KNOWN_SCHEMELESS``) are atomic tokens; a tilde written
  the LaTeX way and ``\\_`` ``\\%`` ``\\#`` ``\\&`` belong to a bare URL (``generator.text.urls``
  repairs and normalises what was written).
* LaTeX text commands outside math become their meaning: styles (``TEXT_COMMANDS``), font
  switches in a group (``{\\em x}``, ``{\\bf x}``, ``{\\ttfamily x}``: ``FONT_SWITCHES``),
  ``\\textsuperscript``/``\\textsubscript``, ``\\textcolor`` (the colour dropped), escaped
  specials and symbols (``SYMBOLS``), TeX quotes and dashes, ``~``, accents (also inside
  braces, ``Schr{\\"o}dinger``, ``Lu{\\'\\i}sa``, via pylatexenc), abbreviation macros
  (``\\ie`` -> ``i.e.``: ``ABBREVIATIONS``); a footnote's text is kept in parentheses (its URLs
  are links); a brace group that only groups (``{T}ransformer``) loses its braces; citations
  and labels are dropped. Any other command (an author's macro, ``\\name``) is an ``Unknown``
  token that shows its argument, or its name without the backslash: never raw TeX.
* Markdown emphasis written by the author (``*x*``, ``**x**``, ``***x***``, ``_x_``) is kept
  as emphasis markers in ``Text``; everything else is literal text.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml
from pylatexenc.latex2text import LatexNodes2Text

from generator.infra.regex import CASE_EXOTIC
from generator.text.texmath import math_symbols, prepare_math, unknown_commands
from generator.text.urls import KNOWN_SCHEMELESS


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
    """A LaTeX-styled span: ``style`` is ``em``, ``strong``, ``code``, ``sup`` or ``sub``;
    ``verbatim`` (code) and ``literal`` (plain) hold one ``Text`` shown exactly as written, no
    Markdown read in it (``\\verb``, a code span, a citation key such as ``a_b_c``)."""

    style: str
    children: tuple


@dataclass(frozen=True, slots=True)
class Url:
    """A URL as written (still raw: see ``generator.text.urls`` for normalising) and the
    text shown for it (``\\href``'s second argument, or the URL itself)."""

    raw: str
    label: tuple


@dataclass(frozen=True, slots=True)
class Unknown:
    """A command the tokenizer does not know (an author's macro): ``name`` without the
    backslash, and what is shown for it (its argument's tokens, or the name as text)."""

    name: str
    children: tuple


Token = Text | Math | Styled | Url | Unknown

# Commands whose braced argument is kept with a style ("" = plain) or dropped (None).
TEXT_COMMANDS: dict[str, str | None] = {
    "emph": "em", "textit": "em", "textsl": "em", "it": "em", "em": "em", "sl": "em",
    "textbf": "strong", "bf": "strong", "textsc": "", "textrm": "", "textsf": "", "text": "",
    "mbox": "", "textnormal": "", "underline": "", "texttt": "code", "mathrm": "",
    "textup": "", "textmd": "", "uline": "", "hl": "", "sout": "", "st": "",
    "textsuperscript": "sup", "textsubscript": "sub", "ensuremath": "", "tt": "code",
    "label": None, "vspace": None, "hspace": None,
    "vspace*": None, "hspace*": None, "footnotemark": None, "thanks": None,
}
# Citations and cross-references: their keys stay visible between these brackets (the
# bibliography and the numbers are not in the abstract; deleting them broke the sentence:
# "see Table~\ref{t} and \eqref{e}." read "see Table and.").
REFERENCES: dict[str, str] = {
    "cite": "[]", "citep": "[]", "citet": "[]", "citealp": "[]", "citealt": "[]",
    "citeauthor": "[]", "citeyear": "[]", "citeyearpar": "[]", "parencite": "[]",
    "textcite": "[]", "autocite": "[]", "nocite": "[]", "ref": "[]", "autoref": "[]",
    "cref": "[]", "Cref": "[]", "pageref": "[]", "nameref": "[]", "eqref": "()",
}
# Breaks: a paragraph (a blank line in the text, so the page shows a new paragraph) or a
# line (a line break, shown as a space): TeX's own spacing, never words glued together.
BREAKS: dict[str, str] = {"par": "\n\n", "newline": "\n", "linebreak": "\n"}
# List environments: each \item starts a paragraph with its marker (an enumerate's number,
# an \item[...]'s own label, else a bullet).
LISTS = frozenset(("itemize", "enumerate", "description"))
# Commands with a first argument that is dropped and a second that is shown.
TWO_ARGUMENTS = frozenset(("textcolor", "colorbox", "fcolorbox", "foreignlanguage"))
# Commands whose argument is kept as a parenthetical remark.
FOOTNOTES = frozenset(("footnote", "footnotetext"))
# Font switches: inside a group they style the rest of it ({\em both}); elsewhere, dropped.
FONT_SWITCHES: dict[str, str] = {
    "em": "em", "it": "em", "itshape": "em", "sl": "em", "slshape": "em",
    "bf": "strong", "bfseries": "strong", "tt": "code", "ttfamily": "code",
    "rm": "", "rmfamily": "", "sf": "", "sffamily": "", "sc": "", "scshape": "",
    "upshape": "", "mdseries": "", "normalfont": "", "small": "", "large": "", "Large": "",
    "footnotesize": "", "scriptsize": "", "tiny": "", "normalsize": "", "huge": "",
    "Huge": "", "LARGE": "", "noindent": "", "centering": "", "xspace": "",
    "relax": "", "protect": "", "nobreak": "", "unskip": "",
    "ignorespaces": "", "hfill": "", "smallskip": "", "medskip": "", "bigskip": "",
}
# Escaped specials and symbol commands that stand for a character.
SYMBOLS: dict[str, str] = {
    "%": "%", "&": "&", "_": "_", "#": "#", "$": "$", "{": "{", "}": "}", " ": " ",
    ",": "\u2009", ";": " ", ":": " ", "!": "", "\\": " ", "/": "", "@": "", "-": "",
    "textendash": "–", "textemdash": "—", "ldots": "…", "dots": "…", "textellipsis": "…",
    "LaTeX": "LaTeX", "TeX": "TeX", "textasciitilde": "~", "times": "×",
    "textquotedblleft": "“", "textquotedblright": "”", "textquoteleft": "‘",
    "textquoteright": "’", "lq": "‘", "rq": "’", "textquotedbl": '"', "guillemotleft": "«",
    "guillemotright": "»", "textbackslash": "\\", "textbar": "|", "textless": "<",
    "textgreater": ">", "textregistered": "®", "texttrademark": "™", "copyright": "©",
    "textcopyright": "©", "S": "§", "P": "¶", "dag": "†", "ddag": "‡", "textdagger": "†",
    "textdaggerdbl": "‡", "textbullet": "•", "textdegree": "°", "pounds": "£",
    "euro": "€", "textperthousand": "‰", "checkmark": "✓", "quad": " ", "qquad": " ",
    "enspace": " ", "thinspace": "\u2009", "textasciicircum": "^", "textunderscore": "_",
    "pm": "±", "textpm": "±", "textmu": "µ", "textonehalf": "½", "textsection": "§",
}
# Abbreviation macros papers define (\newcommand{\ie}{i.e.\xspace}) and what they print.
ABBREVIATIONS: dict[str, str] = {
    "ie": "i.e.", "Ie": "I.e.", "eg": "e.g.", "Eg": "E.g.", "etal": "et al.", "wrt": "w.r.t.",
    "Wrt": "W.r.t.", "iid": "i.i.d.", "cf": "cf.", "Cf": "Cf.", "etc": "etc.", "vs": "vs.",
    "aka": "a.k.a.", "viz": "viz.", "resp": "resp.", "st": "s.t.", "dof": "d.o.f.",
}
JOURNAL_MACROS_FILE = Path(__file__).resolve().parent.parent / "data" / "journal_macros.yml"


@lru_cache(maxsize=1)
def journal_macros() -> dict[str, str]:
    """The AAS journal macros (``\\apj`` -> ``ApJ``) of ``JOURNAL_MACROS_FILE``, read once.

    Raises:
        OSError, yaml.YAMLError: the packaged data file is missing or broken.
    """
    data = yaml.safe_load(JOURNAL_MACROS_FILE.read_text(encoding="utf-8"))
    return {str(k): str(v) for k, v in data["journals"].items()}


ACCENTS = "'`^\"~=.uvHckbdrt"
_OPENING_QUOTES = ("“", "‘", "«")
_LETTER_COMMANDS = ("i", "j", "ss", "o", "O", "aa", "AA", "ae", "AE", "oe", "OE", "l", "L")

# A bare URL's characters: no space, quote, angle bracket, backtick, brace, pipe, caret,
# backslash or dollar, except the LaTeX escapes that stand for URL characters.
_URL_CHARS = (r"(?:[^\s<>\"`{}|\\^$]|\\[_%#&]|\\~(?:\{\})?|\\textasciitilde(?:\{\})?|"
              r"\$\s*\\sim\s*\$|\{\\sim\})")
_SCHEMELESS_HOSTS = "|".join(re.escape(h) for h in KNOWN_SCHEMELESS)
_SCHEME = r"https?:\s?//"
_BARE_URL = re.compile(rf"(?:{_SCHEME}|www\.|(?:{_SCHEMELESS_HOSTS})/){_URL_CHARS}+",
                       re.IGNORECASE)
# Sentence punctuation after a bare URL belongs to the sentence (GFM autolink rule).
_URL_TRAILING = ".,;:!?'\"*_"
_AUTOLINK = re.compile(r"<((?:https?://|www\.)[^\s<>]+)>", re.IGNORECASE)
# CommonMark inline link with an http(s) or www destination: [label](url).
_MD_LINK = re.compile(r"\[([^\[\]\n]{1,300})\]\(\s*((?:https?://|www\.)[^\s()<>]*"
                      r"(?:\([^\s()<>]*\)[^\s()<>]*)*)\s*\)", re.IGNORECASE)
# Characters at which a token or a TeX ligature may start; everything else is plain text. A
# scheme starts a URL even glued to a word ("athttps://"); www. and bare hosts only at a word
# start.
_SPECIAL = re.compile(rf"[\\$<`'~{{}}\-\[]|{_SCHEME}|(?<![\w@./-])(?:www\.|"
                      rf"(?:{_SCHEMELESS_HOSTS})/)", re.IGNORECASE)
# ``_SPECIAL`` without its URL branches, for a text in which no URL can start (``_special``):
# a bare character class, which ``re`` scans for without trying the branches at each offset.
_SPECIAL_CHARS = re.compile(r"[\\$<`'~{}\-\[]")
_URL_STARTS = ("http", "www.", *(f"{h.lower()}/" for h in KNOWN_SCHEMELESS))


def _special(src: str) -> re.Pattern[str]:
    """The pattern that finds where a token may start in ``src``: ``_SPECIAL``, or
    ``_SPECIAL_CHARS`` when ``src`` holds none of the ``_URL_STARTS`` that every match of a
    URL branch contains (searched in ``str.lower``, which folds case as ``re.IGNORECASE`` does
    unless a character of ``CASE_EXOTIC`` is there); both then find the same offsets."""
    if src.isascii() or not any(c in src for c in CASE_EXOTIC):
        low = src.lower()
        if not any(start in low for start in _URL_STARTS):
            return _SPECIAL_CHARS
    return _SPECIAL
_COMMAND = re.compile(r"\\([A-Za-z]+\*?|.)")
_MATH_ENV = re.compile(r"\\begin\{(equation|equation\*|align|align\*|gather|gather\*|"
                       r"multline|multline\*|displaymath|eqnarray|eqnarray\*)\}(.*?)"
                       r"\\end\{\1\}", re.S)
# Returned by ``_command`` for a dropped command (citation, label).
_DROPPED = Text("")
# Prose inside a $...$ pair: three words of two or more letters in a row, outside commands
# and their text arguments (a formula's multi-letter names are commands or stand alone); or a
# sentence boundary.
_PROSE = re.compile(r"(?<![\\A-Za-z])[A-Za-z]{2,}[ ,;]+[A-Za-z]{2,}[ ,;]+[A-Za-z]{2,}(?![A-Za-z])"
                    r"|[.!?]\s+[A-Z][a-z]")
# Groups whose words are text, not a formula's names: skipped by the prose test; a formula
# that is nothing but text-mode groups is text (``$\\textit{a b c}$``).
_PROSE_FREE = re.compile(r"\\(?:text[a-z]*|mbox|mathrm|mathsf|mathtt|mathbf|mathit|mathcal|"
                         r"operatorname\*?|emph|url|href)\s*\{")
_TEXT_MODE = re.compile(r"\\(?:text[a-z]*|mbox|emph)\s*\{")
_LINKS = re.compile(r"\\(?:url|href)\s*\{")
_COMMAND_WORD = re.compile(r"\\[A-Za-z]+")
_BRACE_WORD = re.compile(r"[\w\-'.’`]+")
# A group of one TeX sign (ACL Anthology's "95{\%}", once its escape is undone "95{%}";
# BibTeX's protected quote {"}): its braces only group too.
_BRACE_SIGN = re.compile(r"[`'\"%&#!?]{1,2}")


@lru_cache(maxsize=1024)
def tokenize(source: str) -> tuple[Token, ...]:
    """Split abstract source into tokens.

    Args:
        source: the abstract text (any mix of LaTeX, Markdown and Unicode).

    Returns:
        A tuple of ``Text``, ``Math``, ``Styled``, ``Url`` and ``Unknown`` tokens;
        concatenating their text reproduces every word of the source (nothing is lost except
        citation keys and TeX markup itself). Never raises: unbalanced braces and stray ``$``
        are kept as text.
    """
    try:
        return tuple(_merge(_Scanner(_markdown_blocks(_outer_group(source))).run()))
    except RecursionError:  # hundreds of nested \\textbf{: keep the source as literal text
        return (Text(source),)


# Markdown's bullet list items and ATX headings, each on a line of its own (JSON and scraped
# abstracts write them: "a model.\n\n- it is fast\n- it is small\n\n## Results").
_BULLET = re.compile(r"^[ \t]*[-*+][ \t]+(?=\S)", re.MULTILINE)
# A heading is a paragraph of one line ("# of parameters" inside a paragraph is prose).
_HEADING = re.compile(r"(?:\A|(?<=\n\n))[ \t]*#{1,6}[ \t]+(\S[^\n]*?)[ \t#]*"
                      r"(?=\n[ \t]*\n|\s*\Z)")


def _markdown_blocks(source: str) -> str:
    """``source`` with its Markdown list items as paragraphs starting with ``•`` and its
    headings as paragraphs of their own text, when it has two bullet lines or more, or a
    heading (one line starting ``- `` is more likely a dash a hard line wrap put there)."""
    if "\n" not in source or not ("- " in source or "* " in source or "+ " in source
                                  or "#" in source):
        return source
    if len(_BULLET.findall(source)) >= 2:
        source = _BULLET.sub("\n\n• ", source)
    return _HEADING.sub(lambda m: f"\n\n{m.group(1)}\n\n", source)


def _outer_group(source: str) -> str:
    """``source`` without braces around all of it (NASA ADS writes every abstract as
    ``abstract = "{We present ...}"``): such a group only groups, unless its content starts
    with a command, whose scope it is (``{\\em all of it}``)."""
    text = source.strip()
    if text.startswith("{") and _matching_brace(text, 0) == len(text) - 1 \
            and not text.startswith("{\\"):
        return text[1:-1]
    return source


def _is_formula(content: str) -> bool:
    """Whether the content of a ``$...$`` pair can be a formula (module docstring)."""
    if not content.strip() or "\n\n" in content:
        return False
    if content.lstrip()[:1].isdigit() and content[-1].isspace():
        return False  # "$5 and $10", "$5M budget gives $", "US$ 20 and $30": currency
    return not _PROSE.search(_COMMAND_WORD.sub(" ", _strip_groups(content, _PROSE_FREE)))


def _strip_groups(tex: str, opener: re.Pattern[str]) -> str:
    """``tex`` without each ``opener{...}`` group (balanced braces; ``\\href``'s two)."""
    out: list[str] = []
    pos = 0
    while (m := opener.search(tex, pos)) is not None:
        close = _matching_brace(tex, m.end() - 1)
        if close is None:
            break
        if m.group(0).startswith("\\href") and tex.startswith("{", close + 1):
            close = _matching_brace(tex, close + 1) or close
        out.append(tex[pos:m.start()] + " ")
        pos = close + 1
    out.append(tex[pos:])
    return "".join(out)


def _closing_dollar(src: str, start: int, braces: bool = True) -> int | None:
    """Index of the ``$`` that closes a formula opened just before ``start``: the next
    unescaped one outside braces (``$\\textbf{$x$ y}$``: the inner pair is inside a group),
    or, with ``braces`` false, the next unescaped one; ``None`` at a blank line."""
    depth = 0
    k = start
    while k < len(src):
        ch = src[k]
        if ch == "\\":
            k += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth = max(depth - 1, 0)
        elif ch == "$" and (depth == 0 or not braces):
            return k
        elif ch == "\n" and src.startswith("\n\n", k):
            return None
        k += 1
    return None


_PAIRS = ((re.compile(r"\\left(?![A-Za-z])"), re.compile(r"\\right(?![A-Za-z])")),
          (re.compile(r"\\begin\{"), re.compile(r"\\end\{")))


def _balanced(tex: str) -> bool:
    """True when ``tex``'s unescaped braces pair up, in order, and so do its ``\\left`` and
    ``\\right`` and its ``\\begin`` and ``\\end``: TeX a typesetter reads as written."""
    depth = 0
    k = 0
    while k < len(tex):
        ch = tex[k]
        if ch == "\\":
            k += 2
            continue
        depth += (ch == "{") - (ch == "}")
        if depth < 0:
            return False
        k += 1
    return depth == 0 and all(len(a.findall(tex)) == len(b.findall(tex)) for a, b in _PAIRS)


def _ascii_arrow(src: str, i: int) -> bool:
    """True when the run of dashes at ``i`` is part of an ASCII arrow (``-->``, ``<--``,
    ``<-->``, ``--->``), which authors write for an arrow, or opens an HTML comment
    (``<!--``, also one never closed): not TeX's en or em dash."""
    end = i + len(src[i:]) - len(src[i:].lstrip("-"))
    return src[end:end + 1] == ">" or src[i - 1:i] == "<" or src[i - 2:i] == "<!"


class _Scanner:
    """A single left-to-right pass over one string (a command's argument gets its own)."""

    def __init__(self, src: str) -> None:
        self.src, self.i = src, 0
        self.open_quote = False  # a TeX `single quote' is open
        self.items: list[int] = []  # per open enumerate: items so far (-1: not numbered)

    def run(self) -> list[Token]:
        """The tokens of ``self.src``, left to right. Plain characters gather in a buffer
        (flushed as one ``Text``); at a character that can start a token the rules are tried
        in order: a brace group, math, a URL, a command; when none applies the character is
        text (``_char``: TeX dashes, quotes and ties become their characters)."""
        out: list[Token] = []
        src = self.src
        special = _special(src)
        buf: list[str] = []

        def flush() -> None:
            if buf:
                out.append(Text("".join(buf)))
                buf.clear()

        while self.i < len(src):
            # Fast path: copy the run of ordinary characters up to the next one that can start
            # a token (most of an abstract), instead of trying every rule at every character.
            m = special.search(src, self.i)
            stop = m.start() if m else len(src)
            if stop > self.i:
                buf.append(src[self.i:stop])
                self.i = stop
                continue
            c = src[self.i]
            if c == "{":
                group = self._group()
                if group is not None:
                    flush()
                    out.extend(group)
                    continue
                buf.append(c)
                self.i += 1
                continue
            tok = self._math() or self._url() or (self._command() if c == "\\" else None)
            if tok is None and c == "`":
                tok = self._code_span()
            if tok is None:
                buf.append(self._char(c))
                continue
            if tok is _DROPPED:
                _drop_trailing_space(buf)
                tok = ""
            flush()
            if tok != "":
                if isinstance(tok, list):
                    out.extend(tok)
                else:
                    out.append(tok)
        flush()
        return out

    # -- pieces ------------------------------------------------------------------------
    def _char(self, c: str) -> str:
        """The text of the character ``c`` at ``self.i`` that starts no token, moving past
        it (and past the TeX ligature or HTML comment it opens: ``_CHAR_RULES``)."""
        i = self.i
        self.i = i + 1
        if c == "-" and not self.src.startswith("--", i):
            # A hyphen ("multi-modal"), the commonest of these characters: no rule lookup.
            return c
        rule = _CHAR_RULES.get(c)
        return c if rule is None else rule(self, self.src, i)

    def _lt(self, src: str, i: int) -> str:
        if src.startswith("<!--", i) and (end := src.find("-->", i + 4)) > 0:
            # An HTML comment is shown as the author wrote it (raw HTML is text), its
            # dashes never TeX's: '<!-- x -->', not '<!– x –>'.
            self.i = end + 3
            return src[i:self.i]
        return "<"

    def _dash(self, src: str, i: int) -> str:
        if not src.startswith("--", i):
            return "-"
        if _ascii_arrow(src, i):
            run = len(src[i:]) - len(src[i:].lstrip("-"))
            self.i = i + run
            return src[i:self.i]
        if src.startswith("---", i):
            self.i = i + 3
            return "—"
        self.i = i + 2
        return "–"

    def _backquote(self, src: str, i: int) -> str:
        if src.startswith("``", i):
            self.i = i + 2
            return "“"
        self.open_quote = True
        return "‘"

    def _quote(self, src: str, i: int) -> str:
        if src.startswith("''", i):
            self.i = i + 2
            return "”"
        nxt = src[i + 1:i + 2]
        if self.open_quote and not nxt.isalpha():
            self.open_quote = False
            return "’"
        return "'"

    def _tilde(self, src: str, i: int) -> str:
        return " " if is_tie(src, i) else "~"

    def _group(self) -> list[Token] | None:
        """A TeX group ``{...}`` at ``self.i`` whose braces only group: its content starts
        with a command (``{\\em x}``, ``{\\"o}``) or is one word (``{T}ransformer``). Other
        braces (``{: attr}``, ``{a, b}``) and unbalanced ones stay text (``None``)."""
        src, i = self.src, self.i
        end = _matching_brace(src, i)
        if end is None:
            return None
        content = src[i + 1:end]
        if not (content.startswith("\\") or _BRACE_WORD.fullmatch(content)
                or _BRACE_SIGN.fullmatch(content)):
            return None
        m = _COMMAND.match(content)
        self.i = end + 1
        if m and m.group(1) in FONT_SWITCHES:
            style = FONT_SWITCHES[m.group(1)]
            inner = _merge(_Scanner(content[m.end():].lstrip()).run())
            return [Styled(style, tuple(inner))] if style and inner else inner
        return _merge(_Scanner(content).run())

    def _math(self) -> Math | list | None:
        src, i = self.src, self.i
        for opener, closer, display in (("$$", "$$", True), ("\\[", "\\]", True),
                                        ("\\(", "\\)", False)):
            if src.startswith(opener, i):
                end = src.find(closer, i + len(opener))
                if end > i + len(opener):
                    self.i = end + len(closer)
                    return self._formula(src[i + len(opener):end].strip(), display,
                                         src[i:self.i])
                return None
        if src.startswith("\\begin{", i):
            m = _MATH_ENV.match(src, i)
            if m:
                self.i = m.end()
                # equation: its body; align, gather ...: the environment (texmath makes a
                # table of it). Both are source text, as sentence splitting needs.
                single = m.group(1).rstrip("*") in ("equation", "displaymath")
                return Math(m.group(2).strip() if single else m.group(0), True)
            return None
        if src[i] == "$" and not (i > 0 and src[i - 1] == "\\"):
            return self._dollar()
        return None

    def _dollar(self) -> Math | list | None:
        """The formula a ``$`` at ``self.i`` opens, if any (module docstring)."""
        src, i = self.src, self.i
        end = _closing_dollar(src, i + 1)
        if end is not None and _is_formula(src[i + 1:end]):
            self.i = end + 1
            return self._formula(src[i + 1:end], False, src[i:self.i])
        if end is None:
            # '$\frac{a}{b$': the closing '$' sits inside a brace the formula never closes.
            # Its source is shown as written; read as text, '\frac{a}' lost its command.
            end = _closing_dollar(src, i + 1, braces=False)
            if end is not None and not _balanced(src[i + 1:end]) \
                    and _is_formula(src[i + 1:end]):
                self.i = end + 1
                return [Text(src[i:self.i])]
        tail = src[i + 1:]
        if end is None and 0 < len(tail) <= 12 and not tail[0].isdigit() \
                and not any(c.isspace() for c in tail):
            self.i = len(src)  # "... with N ($K" cut short: the formula it began
            return Math(tail, False)
        return None

    def _formula(self, tex: str, display: bool, source: str) -> Math | list:
        """A formula; or, when it only wraps text (``\\textit{...}``, ``\\url{...}``: text
        commands, punctuation), its tokens as text; or, when its TeX does not parse (braces,
        ``\\left``/``\\right`` or ``\\begin``/``\\end`` unpaired: ``_balanced``), its
        ``source`` (delimiters too) as text, as written: a typesetter's guess at the
        missing brace (``\\frac{a}{b`` as a/b) would change the content."""
        if not _balanced(tex):
            return [Text(source)]
        if not display and ("\\text" in tex or "\\url" in tex or "\\href" in tex
                            or "\\emph" in tex or "\\mbox" in tex):
            rest = _strip_groups(_strip_groups(tex, _TEXT_MODE), _LINKS)
            if not rest.strip(" .,;:~()[]"):
                return _merge(_Scanner(tex).run()) or [Text("")]
        return Math(tex, display)

    def _url(self) -> Url | None:
        src, i = self.src, self.i
        if src[i] == "<":
            m = _AUTOLINK.match(src, i)
            if m:
                self.i = m.end()
                return Url(m.group(1), (Text(m.group(1)),))
            return None
        if src[i] == "[":
            m = _MD_LINK.match(src, i)
            if m:
                self.i = m.end()
                return Url(m.group(2), tuple(_merge(_Scanner(m.group(1)).run())))
            return None
        m = _BARE_URL.match(src, i)
        if m:
            raw = _trim_url(m.group(0))
            self.i = i + len(raw)
            return Url(raw, (Text(_url_label(raw)),))
        return None

    def _command(self) -> Token | list | str | None:
        """The command at ``self.i`` (``\\name``) as tokens, ``""`` when it prints nothing,
        or ``None`` to keep it literally. The first handler of ``_COMMAND_HANDLERS`` that
        claims the name and finds its arguments decides; a handler that finds no argument
        (``_PASS``) lets the next one try, as TeX would read ``\\em`` without a group."""
        m = _COMMAND.match(self.src, self.i)
        if not m:
            return None
        name, after = m.group(1), m.end()
        for claims, handle in _COMMAND_HANDLERS:
            if claims(name):
                result = handle(self, name, after)
                if result is not _PASS:
                    return result
        return None  # any other escaped character: kept literally, nothing lost

    def _link_command(self, name: str, after: int) -> Token | None:
        """``\\url{target}``, ``\\href{target}{label}``; a never-closed ``\\url{https://x``
        keeps its URL; an ``\\href{target}`` without its label shows the URL, as ``\\url``."""
        src = self.src
        url = self._braced(after)
        if url is None and name == "url" and src.startswith("{", after):
            bare = _BARE_URL.match(src, after + 1)
            if bare:
                raw = _trim_url(bare.group(0))
                self.i = after + 1 + len(raw)
                return Url(raw, (Text(_url_label(raw)),))
        if url is None:
            return None
        target, end = url
        label = self._braced(end) if name == "href" else None
        if label is not None and _is_written_url(label[0]) and not _is_written_url(target):
            target, label = label[0], (target, label[1])  # \\href{this link}{https://...}
        if label is None:
            self.i = end
            kept = _trim_url(target.strip())  # "\\url{https://x/y.}": the "." ends the sentence
            tail = target.strip()[len(kept):]
            if not kept:
                return Text(target)
            link = Url(kept, (Text(_url_label(kept)),))
            return [link, Text(tail)] if tail else link
        self.i = label[1]
        return Url(target, tuple(_merge(_Scanner(label[0]).run())))

    def _footnote(self, name: str, after: int) -> list | str | None:
        """A footnote's text, in parentheses where it stood (``_argument``: also one left
        open)."""
        arg = self._argument(self._skip_optional(after))
        if arg is None:
            return None
        self.i = arg[1]
        inner = _merge(_Scanner(arg[0]).run())
        return [Text(" ("), *inner, Text(")")] if inner else ""

    def _second_argument(self, name: str, after: int) -> list | None:
        """``\\textcolor{red}{text}`` and kin: the second argument is the text."""
        first = self._braced(after)
        second = self._braced(first[1]) if first else None
        if second is None:
            return None
        self.i = second[1]
        return _merge(_Scanner(second[0]).run())

    def _text_command(self, name: str, after: int) -> Token | list | object:
        """``\\emph{x}``, ``\\textbf{x}`` ...: the argument, styled (``TEXT_COMMANDS``); a
        shown argument left open runs to the end (``_argument``), a dropped one is never
        taken that far."""
        style = TEXT_COMMANDS[name]
        start = self._skip_optional(after)
        arg = self._braced(start) if style is None else self._argument(start)
        if arg is None:
            return _PASS
        self.i = arg[1]
        if style is None:
            return _DROPPED
        inner = _merge(_Scanner(arg[0]).run())
        return Styled(style, tuple(inner)) if style else inner

    def _escaped_url(self, name: str, after: int) -> Url | object:
        """``\\https://x``: a backslash typed before a URL (nothing in TeX) is dropped."""
        m = _BARE_URL.match(self.src, self.i + 1)
        if m is None:
            return _PASS
        raw = _trim_url(m.group(0))
        self.i += 1 + len(raw)
        return Url(raw, (Text(_url_label(raw)),))

    def _reference(self, name: str, after: int) -> Styled | object:
        """``\\cite{a,b}`` -> ``[a, b]``, ``\\eqref{e}`` -> ``(e)`` (``REFERENCES``); the
        optional arguments (``\\cite[p.~3]{x}``) go."""
        arg = self._braced(self._skip_optional(self._skip_optional(after)))
        if arg is None:
            return _PASS
        self.i = arg[1]
        keys = ", ".join(k.strip() for k in arg[0].split(",") if k.strip())
        if not keys:
            return _DROPPED
        brackets = REFERENCES[name]
        return Styled("literal", (Text(brackets[0] + keys + brackets[1]),))

    def _break(self, name: str, after: int) -> Text:
        """``\\par``, ``\\newline``: a paragraph or line break (``BREAKS``)."""
        self.i = self._skip_space(after)
        return Text(BREAKS[name])

    def _list_environment(self, name: str, after: int) -> Text | object:
        """``\\begin{itemize}`` / ``\\end{enumerate}`` ...: a paragraph break; an
        enumerate's items are counted from here."""
        arg = self._braced(after)
        if arg is None or arg[0] not in LISTS:
            return _PASS
        self.i = self._skip_space(arg[1])
        if name == "begin":
            self.items.append(0 if arg[0] == "enumerate" else -1)
        elif self.items:
            self.items.pop()
        return Text("\n\n")

    def _item(self, name: str, after: int) -> Text:
        """``\\item``: a new paragraph with the item's marker: its ``[label]``, else the
        enumerate's next number, else a bullet."""
        label = self._skip_optional(after)
        self.i = self._skip_space(label)
        if label > after:
            return Text("\n\n" + plain_text(self.src[after + 1:label - 1]) + " ")
        if self.items and self.items[-1] >= 0:
            self.items[-1] += 1
            return Text(f"\n\n{self.items[-1]}. ")
        return Text("\n\n• ")

    def _verb(self, name: str, after: int) -> Styled | object:
        """``\\verb|text|``: the text as code, exactly as written between the delimiters."""
        if after >= len(self.src) or self.src[after].isalpha() or self.src[after].isspace():
            return _PASS
        end = self.src.find(self.src[after], after + 1)
        if end < 0:
            return _PASS
        self.i = end + 1
        return Styled("verbatim", (Text(self.src[after + 1:end]),))

    def _code_span(self) -> Styled | None:
        """A Markdown code span written with single backticks (`` `2x` ``): code, when the
        next backtick, before any ``'`` (which would close a TeX quote `` `x' ``) or blank
        line, is a single one too; ``None`` leaves the backtick to TeX's quote rules."""
        src, i = self.src, self.i
        if src.startswith("``", i):
            return None
        end = src.find("`", i + 1)
        if end < 0 or src.startswith("``", end):
            return None
        content = src[i + 1:end]
        if not content.strip() or "'" in content or "\n\n" in content:
            return None
        self.i = end + 1
        return Styled("verbatim", (Text(content),))

    def _font_switch(self, name: str, after: int) -> str:
        """``\\bf x`` outside a group: the switch is dropped."""
        self.i = self._skip_space(after)
        return ""

    def _symbol(self, name: str, after: int) -> Text:
        src = self.src
        self.i = after + 2 if name.isalpha() and src.startswith("{}", after) else after
        if SYMBOLS[name] in _OPENING_QUOTES:  # TeX drops the space after a control word
            self.i = self._skip_space(self.i)
        return Text(SYMBOLS[name])

    def _abbreviation(self, name: str, after: int) -> Text:
        self.i = after + 2 if self.src.startswith("{}", after) else after
        if self.src.startswith(".", self.i):  # "\etc." must not print "etc.."
            return Text(ABBREVIATIONS[name].rstrip("."))
        return Text(ABBREVIATIONS[name])

    def _accent(self, name: str, after: int) -> Text:
        """``\\'e``, ``\\"{o}``, ``\\'\\i``: the accented letter (pylatexenc)."""
        src, arg_end = self.src, after
        if src.startswith("{", arg_end):
            close = _matching_brace(src, arg_end)
            arg_end = close + 1 if close is not None else arg_end
        elif src.startswith(("\\i", "\\j"), arg_end):  # an accent on a dotless i
            arg_end += 2
        elif arg_end < len(src) and src[arg_end].isalpha():
            arg_end += 1
        snippet = src[self.i:arg_end]
        self.i = arg_end
        return Text(_latex_text(snippet))

    def _letter(self, name: str, after: int) -> Text:
        """``\\ss``, ``\\o`` ...: the letter; the space ending the control word goes."""
        self.i = after + 1 if self.src.startswith(" ", after) else after
        return Text(_latex_text("\\" + name))

    def _roman_numeral(self, name: str, after: int) -> Text | object:
        n = re.match(r"\s*(\d+)", self.src[after:])
        if not n:
            return _PASS
        self.i = after + n.end()
        return Text(_roman(int(n.group(1))))

    def _math_symbol(self, name: str, after: int) -> Math | object:
        """``\\lambda``, ``{\\delta}``-environments, ``\\rightarrow`` written outside ``$``: the
        symbol the author meant, as a formula (TeX would stop; the name is no word)."""
        if self._braced(after) is not None:
            return _PASS  # an argument: an author's macro of that name
        self.i = after
        return Math("\\" + name, False)

    def _journal(self, name: str, after: int) -> Text:
        """``\\apj``: the journal's abbreviation (``journal_macros``)."""
        self.i = after + 2 if self.src.startswith("{}", after) else after
        return Text(journal_macros()[name])

    def _macro(self, name: str, after: int) -> Unknown:
        return self._unknown(name.rstrip("*"), after)

    def _unknown(self, name: str, after: int) -> Unknown:
        """An author's macro: its braced arguments' tokens, or its name as text."""
        args: list[Token] = []
        end = after
        while (arg := self._braced(end)) is not None and len(args) < 3:
            if args:
                args.append(Text(" "))
            args.extend(_merge(_Scanner(arg[0]).run()))
            end = arg[1]
        self.i = end
        if args:
            return Unknown(name, tuple(_merge(args)))
        if self.i < len(self.src) and self.src.startswith("{}", self.i):
            self.i += 2
        return Unknown(name, (Text(name),))

    def _skip_space(self, j: int) -> int:
        while j < len(self.src) and self.src[j] in " \t":
            j += 1
        return j

    def _skip_optional(self, j: int) -> int:
        """Past an optional ``[...]`` argument at ``j``, if there is one."""
        if self.src.startswith("[", j):
            close = self.src.find("]", j)
            if close > 0:
                return close + 1
        return j

    def _argument(self, start: int) -> tuple[str, int] | None:
        """``_braced``, or, for a ``{`` at ``start`` that never closes (an abstract cut short,
        an author's typo), the rest of the source: TeX reads such a runaway argument to the
        end, and its text must not show as ``\\footnote{``."""
        arg = self._braced(start)
        j = self._skip_space(start)
        if arg is None and self.src.startswith("{", j):
            return self.src[j + 1:], len(self.src)
        return arg

    def _braced(self, start: int) -> tuple[str, int] | None:
        """Return (content, index after closing brace) of a balanced ``{...}`` at ``start``."""
        j = self._skip_space(start)
        if j >= len(self.src) or self.src[j] != "{":
            return None
        close = _matching_brace(self.src, j)
        return None if close is None else (self.src[j + 1:close], close + 1)


# The characters that TeX or HTML give a meaning as text -> the ``_Scanner`` method that
# reads them at a position (a TeX dash, quote or tie becomes its character; an HTML comment
# stays as written); every other character is itself.
_CHAR_RULES: dict[str, Callable[[_Scanner, str, int], str]] = {
    "<": _Scanner._lt,
    "-": _Scanner._dash,
    "`": _Scanner._backquote,
    "'": _Scanner._quote,
    "~": _Scanner._tilde,
}


def _drop_trailing_space(buf: list[str]) -> None:
    """Strip the white space (a ``~`` read as a space too) that ends the buffered text: a
    citation/reference was removed, so "work~\\cite{x}." reads "work." and not "work ."."""
    while buf and buf[-1] != buf[-1].rstrip():
        buf[-1] = buf[-1].rstrip()
        if not buf[-1]:
            buf.pop()


def _matching_brace(src: str, j: int) -> int | None:
    """Index of the ``}`` closing the ``{`` at ``j`` (escaped braces skipped), or ``None``."""
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
                return k
        k += 1
    return None


def _roman(n: int) -> str:
    out = ""
    for value, letters in ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"),
                           (90, "xc"), (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"),
                           (4, "iv"), (1, "i")):
        while n >= value:
            out, n = out + letters, n - value
    return out



# A tie joins the word or closing punctuation before it to what follows: "Fig.~3",
# "et al.~[4]", "Section~\ref{x}", "}~\cite". A "~" after a space, an opening bracket or at
# the start, or before a space, is the text's own sign for "about" ("~3x", "(~1B)", " ~ 10").
_TIE_LEFT = re.compile(r"[\w.,;:)\]}'’]")
_TIE_RIGHT = re.compile(r"\\(?:[cC]ite[a-z]*|[a-z]*ref|footnote)\b")


def is_tie(src: str, i: int) -> bool:
    """True when the ``~`` at ``src[i]`` is TeX's tie (a non-breaking space), False when it is
    the character itself (read as "approximately"). The rule (README "Input format"): a tie
    is written between two non-space characters, the first a word character or closing
    punctuation (``_TIE_LEFT``), or before a reference command (``~\\cite{x}``)."""
    if _TIE_RIGHT.match(src, i + 1):
        return True
    before = src[i - 1:i]
    after = src[i + 1:i + 2]
    return bool(before) and bool(_TIE_LEFT.match(before)) and bool(after) \
        and not after.isspace()

def _url_label(raw: str) -> str:
    """How a URL as written is shown: its LaTeX escapes and tilde spellings undone."""
    label = re.sub(r"\\([_%#&])", r"\1", raw)
    return re.sub(r"\$\s*\\sim\s*\$|\{\\sim\}|\\textasciitilde(?:\{\})?|\\~(?:\{\})?", "~",
                  label)


def _is_written_url(text: str) -> bool:
    """Whether ``text`` is one URL as written (a scheme, ``www.`` or a known host first)."""
    m = _BARE_URL.match(text.strip())
    return m is not None and m.end() == len(text.strip())


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
    return _converter(False).latex_to_text(snippet)


@lru_cache(maxsize=2)
def _converter(math: bool) -> LatexNodes2Text:
    """One pylatexenc converter per mode, made once: building one sets up its whole macro
    database, which cost more than the conversion itself."""
    return LatexNodes2Text(math_mode="text") if math else LatexNodes2Text()


_PASS = object()  # a command handler found no argument: the next handler may claim it

# (claims the command name, handler) in the order TeX's reading needs: a text command with
# its argument before the same name as a bare switch, known names before author macros.
_COMMAND_HANDLERS = (
    (lambda n: n in ("href", "url"), _Scanner._link_command),
    (FOOTNOTES.__contains__, _Scanner._footnote),
    (TWO_ARGUMENTS.__contains__, _Scanner._second_argument),
    (REFERENCES.__contains__, _Scanner._reference),
    (BREAKS.__contains__, _Scanner._break),
    (lambda n: n in ("begin", "end"), _Scanner._list_environment),
    (lambda n: n == "item", _Scanner._item),
    (lambda n: n in ("verb", "verb*"), _Scanner._verb),
    (TEXT_COMMANDS.__contains__, _Scanner._text_command),
    (FONT_SWITCHES.__contains__, _Scanner._font_switch),
    (SYMBOLS.__contains__, _Scanner._symbol),
    (ABBREVIATIONS.__contains__, _Scanner._abbreviation),
    (lambda n: len(n) == 1 and n in ACCENTS, _Scanner._accent),
    (lambda n: n in _LETTER_COMMANDS, _Scanner._letter),
    (lambda n: n == "romannumeral", _Scanner._roman_numeral),
    (lambda n: n in ("http", "https", "www"), _Scanner._escaped_url),
    (lambda n: n in math_symbols(), _Scanner._math_symbol),
    (lambda n: n in journal_macros(), _Scanner._journal),
    (lambda n: len(n) > 1 and n.rstrip("*").isalpha(), _Scanner._macro),
)


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
        # and it drops the norm bars \\| (its own \\lVert gives them). A bare bar is text
        # here (prepare_math's \\vert is for MathML's spacing).
        tex = prepare_math(tex).replace("\\operatorname*", "\\operatorname").replace(
            "\\vert ", "|")
        tex = _NORM_BARS.sub("‖", _MATH_WORD_SPACE.sub(r"\1\\ ", tex))
        return _latex_math_text(tex).strip()
    except Exception:  # noqa: BLE001 - any parser failure: show the source, lose nothing
        return tex


@lru_cache(maxsize=4096)
def _latex_math_text(tex: str) -> str:
    return _converter(True).latex_to_text(tex)


def strip_emphasis(text: str) -> str:
    """Remove Markdown emphasis markers: ``**CROWD**`` -> ``CROWD``,
    ``**C**ombinato**r**ial`` -> ``Combinatorial``."""
    if "*" not in text and "_" not in text:
        return text  # both patterns need a marker: most text has none, skip the four scans
    prev = None
    while prev != text:
        prev = text
        text = _INTRAWORD_STRONG.sub(r"\1", text)
        text = _EMPHASIS.sub(r"\2", text)
    return text


def unknown_macros(tokens: tuple[Token, ...] | list[Token]) -> tuple[str, ...]:
    """Names of the commands shown as words because nothing knows them: ``Unknown`` tokens and
    math commands unknown to the converter (``generator.texmath.unknown_commands``), in order
    of first occurrence, each once."""
    out: dict[str, None] = {}
    for tok in tokens:
        if isinstance(tok, Unknown):
            out.setdefault(tok.name, None)
            out.update(dict.fromkeys(unknown_macros(tok.children)))
        elif isinstance(tok, Math):
            out.update(dict.fromkeys(unknown_commands(tok.tex)))
        elif isinstance(tok, Styled):
            out.update(dict.fromkeys(unknown_macros(tok.children)))
        elif isinstance(tok, Url):
            out.update(dict.fromkeys(unknown_macros(tok.label)))
    return tuple(out)


def to_plain(tokens: tuple[Token, ...] | list[Token]) -> str:
    """Plain Unicode text of tokens: math as readable text, URLs as written, no markup."""
    parts: list[str] = []
    for tok in tokens:
        if isinstance(tok, Text):
            parts.append(tok.value)
        elif isinstance(tok, Math):
            parts.append(math_to_text(tok.tex))
        elif isinstance(tok, Styled | Unknown):
            parts.append(to_plain(tok.children))
        elif isinstance(tok, Url):
            parts.append(to_plain(tok.label))
    return strip_emphasis("".join(parts))


@lru_cache(maxsize=1024)
def plain_text(source: str) -> str:
    """``to_plain(tokenize(source))`` with whitespace runs collapsed to single spaces.
    Cached: extraction asks for the plain text of the same sentences several times."""
    return " ".join(to_plain(tokenize(source)).split())


_TEX_CHARS = re.compile(r"[\\{}$~^_%&*`\[]")


def plain_label(source: str) -> str:
    """A name, venue or title as plain text (``M{\\"u}ller`` -> ``Müller``, TeX's dashes
    ``--``/``---`` as – and — whether or not the label holds other TeX: arXiv's titles write
    them so); text without a character TeX or Markdown gives meaning to is returned with its
    whitespace collapsed (most names: ``plain_text`` costs about 20 µs each).

    In a label every brace outside math that is not a command's argument only groups (BibTeX's
    case protection: ``{The ACME Team}``, ``{{GAN}}s``, ``{M{\\"u}ller}``, a protected quote
    ``{"}``), so it goes (``_ungroup``) before the text is read as in abstracts, where a
    brace group of prose (``{a, b}``) stays."""
    if not _TEX_CHARS.search(source) and "--" not in source:
        return " ".join(source.split())
    return plain_text(_ungroup(source) if "{" in source else source)


def _ungroup(tex: str) -> str:
    """``tex`` without the braces of groups that are no command's argument and do not start
    with a command (``{\\em x}`` keeps its scope, ``{\\"u}`` its accent), outside ``$...$``."""
    out: list[str] = []
    drop: set[int] = set()  # indexes of closing braces whose opening one was dropped
    math = False
    i = 0
    while i < len(tex):
        c = tex[i]
        if c == "\\":
            out.append(tex[i:i + 2])
            i += 2
            continue
        if c == "$":
            math = not math
        elif c == "{" and not math and not tex.startswith("\\", i + 1):
            before = "".join(out).rstrip()
            argument = bool(re.search(r"(\\[A-Za-z]+\*?|[\]}^_])$", before))
            end = _matching_brace(tex, i)
            if not argument and end is not None:
                drop.add(end)
                i += 1
                continue
        elif c == "}" and i in drop:
            i += 1
            continue
        out.append(c)
        i += 1
    return "".join(out)
