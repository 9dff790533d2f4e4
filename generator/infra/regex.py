"""Regular expressions run by RE2 (google-re2) where RE2 provably finds exactly the matches
Python's ``re`` finds, and by ``re`` everywhere else.

Python's ``re`` backtracks and has no literal-prefix optimisation for a pattern that starts
with a group or an alternation (``\\b(upper|lower) bound``), so such a pattern is tried at every
offset of a text; RE2 runs one automaton over the text. They agree when:

* the pattern's source is ASCII, uses only the ``IGNORECASE`` flag (besides the implicit
  ``UNICODE``), compiles in RE2 (no lookaround, backreference, comment, possessive or atomic
  group: RE2 refuses those) and holds none of the constructs the two read differently: ``$``
  (``re`` also matches before a final newline), ``[:`` (a POSIX class in RE2, a nested set in
  ``re``), ``{,`` (``{0,n}`` in ``re``, a literal in RE2), ``\\Z`` and ``\\`` + digit
  (backreferences and octal escapes);
* the text has no character that ``re`` counts as a word character, a digit or a space and
  RE2 does not: none outside ASCII that is ``\\w`` or ``\\s`` for ``re`` (letters, digits,
  non-ASCII spaces; the letters that fold to ASCII ones, such as the Kelvin sign and the long
  s, are among them), no ``\\v`` or ``\\x1c``-``\\x1f`` (spaces for
  ``re`` only) and no lone surrogate (not UTF-8). The other characters (dashes, quotes,
  operators, ``×``) are neither word, digit nor space and have no case in both engines, so
  ``\\w``, ``\\d``, ``\\s``, ``\\b``, classes and case folding agree;
* no match is empty (``finditer`` steps past an empty match differently): a text where RE2
  finds an empty match is matched by ``re`` instead.

Both engines then pick the leftmost match and, at one offset, the first alternative and the
greedy or lazy length Perl's rules give, so ``finditer`` yields the same spans. When the
``re2`` module is missing (no wheel for the platform), every pattern runs in ``re``, with the
same results.
"""

from __future__ import annotations

import re
from functools import lru_cache

try:
    import re2
except ImportError:  # pragma: no cover - exercised by forcing ``engine=False`` in tests
    re2 = None

_FLAGS_OK = re.IGNORECASE | re.UNICODE
# The characters that re.IGNORECASE matches to an ASCII letter although str.lower() does not
# give that letter (long s, dotless i), or that str.lower() turns into two characters (capital
# I with dot, so offsets would shift); found by trying every code point (a test does). A text
# without them can be searched for a pattern's ASCII letters in its str.lower().
CASE_EXOTIC = ("\u017f", "\u0130", "\u0131")
_READ_DIFFERENTLY = re.compile(r"\$|\[:|\{,|\\Z|\\\d")
# Characters on which the engines' classes differ (module docstring), found by re's own
# classes: non-ASCII word characters, non-ASCII spaces, the ASCII controls only re counts as
# space, lone surrogates.
_READ_APART = re.compile(r"[^\W\x00-\x7f]|[^\S\x00-\x7f]|[\x0b\x1c-\x1f\ud800-\udfff]")
# The only characters of ``_READ_APART`` that ASCII text can hold: one character class, which
# ``re`` scans for quickly, where the alternation above is tried at every offset.
_READ_APART_ASCII = re.compile(r"[\x0b\x1c-\x1f]")


def re2_available() -> bool:
    """True when the ``re2`` module (PyPI ``google-re2``) is installed."""
    return re2 is not None


@lru_cache(maxsize=16)  # one abstract's plain text is asked for by tags, code status, entities
def re2_text(text: str) -> str | bytes | None:
    """``text`` as RE2 reads it like ``re`` does, or ``None`` when it holds a character the
    engines read apart (module docstring). ASCII text comes as bytes, whose offsets are the
    text's (RE2 then needs no offset conversion)."""
    ascii_text = text.isascii()
    if (_READ_APART_ASCII if ascii_text else _READ_APART).search(text) is not None:
        return None
    return text.encode("ascii") if ascii_text else text


class Regex:
    """A compiled ``re`` pattern and, where the module docstring's conditions on the pattern
    hold, its RE2 twin; ``spans`` gives ``re``'s ``finditer`` spans either way."""

    __slots__ = ("pattern", "twin")

    def __init__(self, pattern: re.Pattern[str], engine: bool = True) -> None:
        """``engine=False``: never use RE2 (the reference path, and what a platform without
        ``google-re2`` runs)."""
        self.pattern = pattern
        self.twin = _twin(pattern) if engine else None

    def spans(self, text: str, raw: str | bytes | None) -> list[tuple[int, int]]:
        """``[(start, end), ...]`` of ``self.pattern.finditer(text)``.

        Args:
            text: the text.
            raw: ``re2_text(text)``, computed once per text by the caller.
        """
        if self.twin is not None and raw is not None:
            found = [m.span() for m in self.twin.finditer(raw)]
            if all(start != end for start, end in found):
                return found
        return [m.span() for m in self.pattern.finditer(text)]

    def search(self, text: str, raw: str | bytes | None) -> bool:
        """Whether ``self.pattern.search(text)`` finds a match."""
        if self.twin is not None and raw is not None:
            found = self.twin.search(raw)
            if found is None or found.start() != found.end():
                return found is not None
        return self.pattern.search(text) is not None


def _twin(pattern: re.Pattern[str]):
    """RE2's compilation of ``pattern`` when it may stand in for it, else ``None``."""
    source = pattern.pattern
    if (re2 is None or not isinstance(source, str) or not source.isascii()
            or pattern.flags & ~_FLAGS_OK or _READ_DIFFERENTLY.search(source)):
        return None
    options = re2.Options()
    options.case_sensitive = not pattern.flags & re.IGNORECASE
    options.log_errors = False
    try:
        return re2.compile(source, options)
    except re2.error:
        return None
