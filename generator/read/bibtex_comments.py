"""``%`` comments in BibTeX files, as biber reads them: a ``%`` outside a field's value starts
a comment to the end of its line, between entries and inside them (``%volume = {7},``
inside an entry, a commented-out ``%@article{old, ...}``); inside a ``{...}`` or ``"..."``
value it is a literal character (``abstract = {50% fewer}``), and TeX's ``\\%`` is never
one. Classic BibTeX has no comment
character (it reads ``%@article{...}`` as an entry and stops at ``%volume`` inside one) and
bibtexparser follows it: the comment's text became a field name, swallowed the field after
it (``% note\\n title = {T}`` gave the field ``% note\\n title``: the title lost) or the
commented-out entry became a paper. ``@comment{...}`` blocks are left as they are.

``without_comments`` blanks each comment with spaces, so every line and column bibtexparser
and the error messages name stay those of the file.
"""

from __future__ import annotations

import re

# What changes the scanner's state: an entry's start, braces, parentheses, quotes, a comment
_TOKEN = re.compile(r'[@{}()"%]')
_ENTRY = re.compile(r"@[ \t]*([A-Za-z][\w:.+-]*)[ \t\r\n]*([{(])")


def without_comments(text: str) -> str:
    """``text`` with every ``%`` comment (module docstring) replaced by spaces, up to its
    line's end; a file without a ``%`` that is not TeX's ``\\%`` is returned as it is."""
    # Exports escape a value's percent sign (\%), so most files have no comment at all and
    # are not scanned (the scan reads every brace).
    at = text.find("%")
    while at >= 0 and not _comment(text, at):
        at = text.find("%", at + 1)
    if at < 0:
        return text
    chars = list(text)
    pos = 0
    while (token := _TOKEN.search(text, pos)) is not None:
        at = token.start()
        if token.group() == "%":
            pos = _blank(chars, text, at) if _comment(text, at) else at + 1
        elif token.group() == "@" and (entry := _ENTRY.match(text, at)) is not None:
            closer = "}" if entry.group(2) == "{" else ")"
            if entry.group(1).lower() == "comment":
                pos = _end_of_block(text, entry.end(), closer, None)
            else:
                pos = _end_of_block(text, entry.end(), closer, chars)
        else:
            pos = at + 1
    return "".join(chars)


def _comment(text: str, at: int) -> bool:
    """True when the ``%`` at ``at`` starts a comment: it is not TeX's ``\\%``."""
    return at == 0 or text[at - 1] != "\\"


def _blank(chars: list[str], text: str, at: int) -> int:
    """Blank the comment starting at ``at`` in ``chars``; the position after it (its line
    end)."""
    end = text.find("\n", at)
    end = len(text) if end < 0 else end
    chars[at:end] = " " * (end - at)
    return end


def _end_of_block(text: str, pos: int, closer: str, chars: list[str] | None) -> int:
    """The position after the block whose body starts at ``pos`` and ends with ``closer`` at
    its own level (``}`` or ``)``), its comments blanked in ``chars`` (none for ``None``, an
    ``@comment``); the end of ``text`` when the block never closes (bibtexparser reports
    that)."""
    depth, quoted = 1, False
    while (token := _TOKEN.search(text, pos)) is not None:
        at, char = token.start(), token.group()
        pos = at + 1
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        elif depth == 1 and char == '"':
            quoted = not quoted
        elif depth == 1 and char == "%" and not quoted and chars is not None \
                and _comment(text, at):
            pos = _blank(chars, text, at)
        if depth == 0 or (depth == 1 and char == closer == ")" and not quoted):
            return pos
    return len(text)
