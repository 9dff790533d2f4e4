"""The escapes Zotero's BibTeX export adds to a field's plain text, undone.

Zotero stores titles and abstracts as plain text, in which an author's TeX (``$\\nabla$``,
``\\textit{...}``) is just characters; its BibTeX translator (zotero/translators,
``BibTeX.js``: ``alwaysMap`` and the ``[#$%&_]`` escape) then protects every special
character, so ``$\\nabla$`` is exported as ``\\$\\{\\textbackslash}nabla\\$``. Read as TeX,
that shows the reader ``$\\nabla$`` instead of a typeset ∇. A field holding one of
``alwaysMap``'s spellings (``{\\textbackslash}``, ``{\\textasciicircum}``, ``\\{\\vphantom{\\}}``
...) was written by such an export, so all of its escapes are undone and the text is read as
the author wrote it. A field without one is TeX as a person wrote it and is kept.
"""

from __future__ import annotations

import re

# alwaysMap of BibTeX.js: character -> its export spelling (older versions write "\{" "\}").
_ALWAYS_MAP = {
    "|": r"{\textbar}", "<": r"{\textless}", ">": r"{\textgreater}",
    "~": r"{\textasciitilde}", "^": r"{\textasciicircum}", "\\": r"{\textbackslash}",
    "{": r"\{\vphantom{\}}", "}": r"\vphantom{\{}\}",
}
_MARKERS = tuple(_ALWAYS_MAP.values())
_SPELLING = {spelling: char for char, spelling in _ALWAYS_MAP.items()}
# One pass, longest spellings first, so an unescaped "\" never starts another escape.
_ESCAPE = re.compile("|".join(re.escape(s) for s in sorted(_SPELLING, key=len, reverse=True))
                     + r"|\\([#$%&_{}])")


def unescape_export(value: str) -> str:
    """``value`` with Zotero's BibTeX escapes undone when it holds one of its ``alwaysMap``
    spellings (module docstring), else ``value`` unchanged.

    >>> unescape_export(r"SOCIA-\\${\\textbackslash}nabla\\$: a 10\\% gain")
    'SOCIA-$\\\\nabla$: a 10% gain'
    """
    if "\\" not in value or not any(marker in value for marker in _MARKERS):
        return value
    return _ESCAPE.sub(lambda m: m.group(1) or _SPELLING[m.group(0)], value)
