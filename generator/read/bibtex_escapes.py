"""The escapes Zotero's BibTeX export adds to a field's plain text, undone.

Zotero stores titles and abstracts as plain text, in which an author's TeX (``$\\nabla$``,
``\\textit{...}``) is just characters; its BibTeX translator (zotero/translators,
``BibTeX.js``: ``alwaysMap`` and the ``[#$%&_]`` escape) then protects every special
character, so ``$\\nabla$`` is exported as ``\\$\\{\\textbackslash}nabla\\$``. Read as TeX,
that shows the reader ``$\\nabla$`` instead of a typeset ∇. A field holding one of
``alwaysMap``'s spellings (``{\\textbackslash}``, ``{\\textasciicircum}``, ``\\{\\vphantom{\\}}``
...) was written by such an export, and so was every field of its file (an export is one
translator's output: ``exported``), so all their escapes are undone and the text is read as
the author wrote it: ``\\$k\\$-means`` in a file that holds such a spelling anywhere is the
formula ``$k$-means``. A file without one is TeX as a person wrote it and is kept.
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


def exported(text: str) -> bool:
    """Whether ``text`` (a whole ``.bib`` file, or one field) holds one of ``alwaysMap``'s
    spellings, i.e. was written by Zotero's BibTeX export (module docstring)."""
    return "\\" in text and any(marker in text for marker in _MARKERS)


def unescape_export(value: str, export: bool | None = None) -> str:
    """``value`` with Zotero's BibTeX escapes undone when it comes from such an export,
    else ``value`` unchanged.

    Args:
        value: a field's value as the parser gives it.
        export: whether its file is an export (``exported`` of the file's text); ``None``:
            decide by the field alone.

    >>> unescape_export(r"SOCIA-\\${\\textbackslash}nabla\\$: a 10\\% gain")
    'SOCIA-$\\\\nabla$: a 10% gain'
    >>> unescape_export(r"Faster \\$k\\$-means", export=True)
    'Faster $k$-means'
    """
    if "\\" not in value or not (exported(value) if export is None else export):
        return value
    return _ESCAPE.sub(lambda m: m.group(1) or _SPELLING[m.group(0)], value)
