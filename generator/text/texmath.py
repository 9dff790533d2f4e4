"""TeX math as authors write it -> TeX that latex2mathml converts faithfully.

latex2mathml (the converter, wrapped by ``generator.render.markdown``) knows standard LaTeX math
but not every construct or macro authors use. ``prepare_math`` rewrites those, before
conversion, into standard TeX with the same meaning:

* alignment environments (``aligned``, ``align``, ``align*``, ``alignat``, ``split``,
  ``gathered``, ``gather``, ``eqnarray``) become ``array`` with amsmath's alternating right/left
  columns, so they convert to an ``mtable`` (``cases``, ``matrix``, ``pmatrix`` ... convert as
  they are);
* ``\\mathop{\\mathrm{arg\\,min}}`` and ``\\arg\\min`` become ``\\operatorname*{...}`` (an
  operator name with limits under it), a lone ``\\arg`` an ``\\operatorname``; an operator
  name's spacing (``\\,``) becomes a thin space character, since latex2mathml's
  ``\\operatorname`` takes letters only;
* ``\\mathds``, ``\\mathbbm`` and ``\\mathbbold`` (the double-struck one) are ``\\mathbb``;
* text commands nested in a text command (``\\text{\\emph{x}}``, ``\\textbf{\\emph{\\texttt{x}}}``)
  keep the outer style with the inner text; math inside a text command
  (``\\texttt{C$\\rightarrow$Y}``) is math between text groups;
* common authors' macros with a standard meaning: operator names (``\\sgn``, ``\\tr``,
  ``\\rank`` ...), blackboard letters (``\\R``, ``\\E`` ...), ``\\eps``; references and labels
  (``\\label``, ``\\eqref`` ...) are dropped;
* a bare ``|`` (``|E|``, ``p(x|y)``) is ``\\vert``: TeX reads it as an ordinary symbol with no
  space around it, while latex2mathml writes an ``<mo>`` that browsers space as a relation in
  the middle of a formula (``O( | E | )``); ``\\left|``, ``\\big|``, ``\\|`` and array column
  specifications keep theirs;
* any other command the converter does not know becomes an upright operator name
  (``\\mymacro`` -> ``mymacro``), so it reads as a word rather than as TeX; ``unknown_commands``
  names those, for the run summary.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

_ALIGN_ENVS = ("aligned", "align", "align*", "alignat", "alignat*", "split", "gathered",
               "gather", "gather*", "eqnarray", "eqnarray*", "flalign", "flalign*",
               "multline", "multline*")
_ENV = re.compile(r"\\begin\s*\{(" + "|".join(re.escape(e) for e in _ALIGN_ENVS) + r")\}"
                  r"(?:\{\d+\})?(.*?)\\end\s*\{\1\}", re.S)
_OPERATOR_MACROS = frozenset((
    "sgn", "sign", "tr", "Tr", "trace", "diag", "rank", "poly", "polylog", "softmax", "Var",
    "Cov", "KL", "supp", "vol", "erf", "relu", "ReLU", "dist", "conv", "span", "Span", "proj",
    "prox", "clip", "card", "dom", "Diag", "Prob", "sech", "csch", "arccot", "logit",
    "sigmoid", "OPT", "opt", "cost", "err", "loss", "Unif", "Bern", "Ber", "Lip", "cl",
    "Proj", "Dir", "Mult", "Cat", "Geom", "Pois", "Exp", "Beta", "Gam"))
_BLACKBOARD = {"R": "R", "E": "E", "N": "N", "Z": "Z", "C": "C", "Q": "Q", "P": "P",
               "RR": "R", "EE": "E", "NN": "N", "ZZ": "Z", "CC": "C", "QQ": "Q", "PP": "P"}
_SYMBOL_MACROS = {"eps": r"\epsilon", "veps": r"\varepsilon", "bigO": "O",
                  "Ot": r"\tilde{O}", "tO": r"\tilde{O}", "tildeO": r"\tilde{O}"}
_DROPPED = frozenset(("label", "eqref", "ref", "cref", "Cref", "cite", "citep", "citet",
                      "autoref", "tag"))
_IGNORED = frozenset(("nonumber", "notag", "xspace", "nolimits", "displaystyle", "textstyle",
                      "scriptstyle", "scriptscriptstyle", "mathstrut", "strut", "allowbreak",
                      "protect", "relax", "nobreak", "small", "large", "normalsize",
                      "footnotesize"))
_DROPPED_GROUP = re.compile(r"\\(?:" + "|".join(_DROPPED) + r")\s*(?:\[[^\]]*\])?\{[^{}]*\}")
_DOUBLE_STRUCK = re.compile(r"\\(?:mathds|mathbbm|mathbbold|bbm)\s*(?=\{)")
_ARG_MINMAX = re.compile(r"\\arg\s*(?:\\[,;:!]|\\ )?\s*\\?(min|max)(?![A-Za-z])")
# latex2mathml's \operatorname takes letters only (it drops "\," and spaces): a thin space
# character (U+2009) keeps "arg min" apart.
_THIN = "\u2009"
_OPERATOR_SPACE = re.compile(r"\\[,;:> ]|~|\s+")
_ARG = re.compile(r"\\arg(?![A-Za-z])")
_MATHOP = re.compile(r"\\(mathop|operatorname\*?)\s*\{")
_TEXT_COMMAND = re.compile(r"\\(text|textrm|textnormal|mbox|textbf|textit|emph|texttt|textsf|"
                           r"textsc|textup|textmd|textsl)\s*\{")
_INNER_TEXT_COMMAND = re.compile(r"\\(?:text[a-z]*|emph|mbox|mathrm|mathbf|mathit|mathtt|"
                                 r"mathsf)\s*(?=\{)")
_COMMAND = re.compile(r"\\([A-Za-z]+)")
# A bare "|", or (group 1, kept) one that belongs to a delimiter command, "\|", an array's
# column specification or a \verb.
_BAR = re.compile(r"(\\begin\s*\{(?:array|tabular)\}\s*\{[^{}]*\}|\\(?:left|right|middle|"
                  r"[bB]igg?[lrm]?)\s*\||\\\||\\verb\*?(?P<d>[^\sA-Za-z]).*?(?P=d))|\|")
_TEXT_STYLE = {"text": "text", "textrm": "text", "textnormal": "text", "mbox": "text",
               "textup": "text", "textmd": "text", "textbf": "textbf", "textit": "textit",
               "emph": "textit", "textsl": "textit", "texttt": "texttt", "textsf": "textsf",
               "textsc": "text"}


@cache
def known_commands() -> frozenset[str]:
    """Command names latex2mathml converts: its command table and symbol table (read, not
    changed), plus the ones ``prepare_math`` rewrites."""
    import latex2mathml.commands as commands
    import latex2mathml.symbols_parser as symbols

    names: set[str] = set()
    for value in vars(commands).values():
        items = value if isinstance(value, dict | set | list | tuple | frozenset) else (value,)
        names.update(k[1:] for k in items if isinstance(k, str) and k.startswith("\\"))
    table = symbols.SYMBOLS or symbols.parse_symbols()
    names.update(k[1:] for k in table if k.startswith("\\"))
    return frozenset(n for n in names if n.isalpha())


@cache
def math_symbols() -> frozenset[str]:
    """Names of the commands latex2mathml's symbol table maps to one character (``alpha``,
    ``rightarrow``, ``leq`` ...) and its command table does not list (those take arguments:
    ``sqrt``, ``widehat``): math symbols that take no argument."""
    import latex2mathml.commands as commands
    import latex2mathml.symbols_parser as symbols

    table = symbols.SYMBOLS or symbols.parse_symbols()
    with_arguments: set[str] = set()
    for value in vars(commands).values():
        items = value if isinstance(value, dict | set | list | tuple | frozenset) else (value,)
        with_arguments.update(k[1:] for k in items if isinstance(k, str) and k.startswith("\\"))
    return frozenset(k[1:] for k in table if k.startswith("\\") and k[1:].isalpha()
                     and k[1:] not in with_arguments)


def _handled() -> frozenset[str]:
    return frozenset(("mathds", "mathbbm", "mathbbold", "bbm", "arg", "url", "href",
                      *_OPERATOR_MACROS, *_BLACKBOARD, *_SYMBOL_MACROS, *_DROPPED, *_IGNORED))


def unknown_commands(tex: str) -> tuple[str, ...]:
    """The command names in ``tex`` that neither latex2mathml nor ``prepare_math`` knows (they
    are shown as upright words), in order of first occurrence."""
    out: dict[str, None] = {}
    known = known_commands()
    for m in _COMMAND.finditer(tex):
        name = m.group(1)
        if name not in known and name not in _HANDLED:
            out.setdefault(name, None)
    return tuple(out)


@lru_cache(maxsize=8192)
def prepare_math(tex: str) -> str:
    """Rewrite ``tex`` (a formula without delimiters) into TeX latex2mathml converts with the
    same meaning (module docstring). Never raises; unbalanced braces are left as they are."""
    if "|" in tex:
        tex = _BAR.sub(lambda m: m.group(0) if m.group(1) else r"\vert ", tex)
    if "\\" not in tex:
        return tex
    tex = _ENV.sub(_array, tex)
    tex = _DROPPED_GROUP.sub("", tex)
    tex = _DOUBLE_STRUCK.sub(r"\\mathbb", tex)
    tex = _ARG_MINMAX.sub(r"\\operatorname*{arg" + _THIN + r"\1}", tex)
    tex = _ARG.sub(r"\\operatorname{arg}", tex)
    tex = _replace_groups(tex, _MATHOP, lambda name, body: (
        r"\operatorname*{" if name in ("mathop", "operatorname*") else r"\operatorname{")
        + _OPERATOR_SPACE.sub(_THIN, _flatten(body).strip()) + "}")
    tex = _replace_groups(tex, _TEXT_COMMAND, _text_in_math)
    known = known_commands()
    return _COMMAND.sub(lambda m: _macro(m, tex, known), tex)


_HANDLED = _handled()


def _macro(m: re.Match[str], tex: str, known: frozenset[str]) -> str:
    name = m.group(1)
    if name in known:
        return m.group(0)
    if name in _OPERATOR_MACROS:
        return rf"\operatorname{{{name}}}"
    if name in _BLACKBOARD:
        return rf"\mathbb{{{_BLACKBOARD[name]}}}"
    if name in _SYMBOL_MACROS:
        return _SYMBOL_MACROS[name] + " "
    if name in _IGNORED:
        return " "
    if name in _DROPPED:
        return ""
    return rf"\operatorname{{{name}}}"


def _array(m: re.Match[str]) -> str:
    """An alignment environment as ``array`` with right/left columns (amsmath's layout)."""
    env, body = m.group(1), m.group(2)
    body = re.sub(r"\\(?:label|tag)\s*\{[^{}]*\}|\\(?:nonumber|notag)\b", "", body)
    rows = [r for r in re.split(r"\\\\(?:\[[^\]]*\])?", body) if r.strip()]
    columns = max((r.count("&") for r in rows), default=0) + 1
    spec = "c" if env.startswith(("gather", "multline")) else ("rl" * columns)[:columns]
    return r"\begin{array}{" + spec + "}" + r" \\ ".join(rows) + r"\end{array}"


_DOLLAR = re.compile(r"(?<!\\)\$")


def _text_in_math(name: str, body: str) -> str:
    """A text command's group in math, in the outer style with the inner text (``_flatten``);
    math inside it (``\\texttt{C$\\rightarrow$Y}``, TeX's math in text in math) stays math
    between text groups, since latex2mathml reads no ``$`` inside ``\\text``."""
    style = _TEXT_STYLE[name]
    parts = _DOLLAR.split(_flatten(body))
    if len(parts) % 2 == 0:  # an odd number of "$": not math inside, keep the text whole
        parts = ["$".join(parts)]
    return "".join((f"\\{style}{{{part}}}" if part else "") if k % 2 == 0 else f"{{{part}}}"
                   for k, part in enumerate(parts)) or f"\\{style}{{}}"


def _replace_groups(tex: str, opener: re.Pattern[str], make) -> str:
    """Replace each ``opener{...}`` (balanced) with ``make(command name, content)``."""
    out: list[str] = []
    pos = 0
    while True:
        m = opener.search(tex, pos)
        if m is None:
            break
        end = _closing(tex, m.end())
        if end is None:
            break
        name = m.group(1) if m.re.groups else ""
        out.append(tex[pos:m.start()])
        out.append(make(name, tex[m.end():end]))
        pos = end + 1
    out.append(tex[pos:])
    return "".join(out)


def _closing(tex: str, start: int) -> int | None:
    """Index of the brace closing the group whose content starts at ``start``."""
    depth = 1
    i = start
    while i < len(tex):
        c = tex[i]
        if c == "\\":
            i += 2
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return None


def _flatten(body: str) -> str:
    """Text of a text command's argument with nested text commands and their braces removed
    (``\\emph{\\texttt{x}}`` -> ``x``); ``\\,`` and other spacing kept."""
    prev = None
    while prev != body:
        prev = body
        body = _replace_groups(body, re.compile(_INNER_TEXT_COMMAND.pattern + r"\{"),
                               lambda name, inner: inner)
    return body
