"""Macros a BibTeX file's ``@preamble`` defines to print nothing, and their uses removed.

The classic sort trick (BibTeX's documentation, ``btxdoc``): ``@preamble{"\\newcommand{\\noopsort}
[1]{}"}`` and ``title = {{\\noopsort{b}}Zeta Functions}``: the argument sorts the entry and
is never printed. Read as an unknown command the argument would be shown ("bZeta ...").
A one-argument macro with an empty body (``\\newcommand``, ``\\renewcommand``,
``\\providecommand``, also starred, or ``\\def\\name#1{}``) is such a macro; each use of it,
with its braced argument, is removed from the file's text fields (and an empty group it
leaves, ``{}``), as TeX would print them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_DEFINITION = re.compile(
    r"\\(?:re)?(?:new|provide)command\*?\s*\{?\s*\\([A-Za-z]+)\s*\}?\s*\[\s*1\s*\]\s*\{\s*\}"
    r"|\\def\s*\\([A-Za-z]+)\s*#1\s*\{\s*\}")


def silent_macros(preambles: Iterable[str]) -> frozenset[str]:
    """The names (without backslash) of the one-argument macros with an empty body that
    ``preambles`` (the ``@preamble`` values, as written) define."""
    return frozenset(a or b for text in preambles for a, b in _DEFINITION.findall(text))


def without_silent(value: str, names: frozenset[str]) -> str:
    """``value`` without each use ``\\name{...}`` of a macro in ``names`` (its argument's
    braces balanced; a use without a braced argument stays), and without a ``{}`` a use
    leaves empty."""
    if not names or "\\" not in value:
        return value
    use = re.compile(r"\\(" + "|".join(sorted(names)) + r")(?![A-Za-z])\s*\{")
    out: list[str] = []
    pos = 0
    while (m := use.search(value, pos)) is not None:
        close = _closing(value, m.end() - 1)
        if close is None:
            break
        out.append(value[pos:m.start()])
        pos = close + 1
        if out[-1].endswith("{") and value.startswith("}", pos):
            out[-1] = out[-1][:-1]  # {\noopsort{b}}: the group held only the use
            pos += 1
    out.append(value[pos:])
    return "".join(out)


def _closing(text: str, start: int) -> int | None:
    """Index of the ``}`` closing the ``{`` at ``start`` (escaped braces skipped)."""
    depth = 0
    k = start
    while k < len(text):
        ch = text[k]
        if ch == "\\":
            k += 2
            continue
        depth += (ch == "{") - (ch == "}")
        if depth == 0:
            return k
        k += 1
    return None
