"""Search aliases: the plain forms of a paper's words that readers type but the page does not
spell, so both search engines find the paper by them.

Material's search (lunr) only lower-cases: "schrodinger" does not match "Schrödinger", and its
separator splits "k-means++" into "k" and "means", so "kmeans" matches nothing. The generator
knows each paper's plain text, so the paper page carries these forms itself, in a hidden
``<sup>`` at the end of its highlight (``paper.md.j2``): Material's search plugin indexes them
with the page, in the same pass and the same index file (no second read or write of the
index). Its index keeps ``<sup>`` tags (it drops spans), so ``digest.css`` can hide the aliases
in a search result, whose snippet is then the highlight. Pagefind folds accents and joins
hyphenated words by itself, so the element is ``data-pagefind-ignore``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

# A word with its inner hyphens, pluses and dots ("k-means++", "GPT-4o", "Node.js"); the
# outer punctuation is not part of it. URLs are left out (their host names are no words).
_WORD = re.compile(r"\w+(?:[-‐‑+.]+\w+)*\+*")
_JOINERS = re.compile(r"[-‐‑+.]+")
_URL = re.compile(r"\b(?:https?://|www\.)\S+")


def fold(text: str) -> str:
    """ASCII-fold accented letters (NFKD, combining marks dropped): Schrödinger ->
    Schrodinger; letters without a decomposition (ß, ø) stay."""
    return "".join(c for c in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(c))


def search_aliases(texts: Iterable[str], names: Iterable[str] = ()) -> tuple[str, ...]:
    """The forms of the words of ``texts`` (plain text: title, abstract) that a reader may type
    and the text does not hold, and the words of ``names`` (repository owners and names, Hub
    artefacts), lower-cased, sorted, each once.

    * accents folded: ``Schrödinger`` -> ``schrodinger``;
    * a compound's parts joined: ``k-means++`` -> ``kmeans``, ``DVD-SFDA`` -> ``dvdsfda``,
      ``GPT-4o`` -> ``gpt4o``; a dotted name too (``Node.js`` -> ``nodejs``), but not a number
      (``98.0``).

    The names' words are kept even when the texts hold them: the aliases sit in the page's
    first section, whose search entry is the page's own result, while the links that spell the
    repository are in a later one ("Language-grounded-VCL" must find its paper first, not a
    paper that says "language" and "grounded" in its title).

    Returns:
        Aliases; none of those from ``texts`` is a word the texts already hold.
    """
    named: set[str] = set()
    for name in names:
        for match in _WORD.finditer(name.lower()):
            named.update(w for w in _JOINERS.split(match.group(0)) if w)
            named.add(_JOINERS.sub("", match.group(0)))
    return tuple(sorted(_text_aliases(texts) | {fold(n) for n in named} | named))


def _text_aliases(texts: Iterable[str]) -> set[str]:
    words: set[str] = set()
    aliases: set[str] = set()
    for text in texts:
        for match in _WORD.finditer(_URL.sub(" ", text)):
            word = match.group(0).lower()
            if word.isascii() and word.isalnum():  # most words: no joiner, nothing to fold
                words.add(word)
                continue
            words.update(_JOINERS.split(word))
            forms = {word}
            if _JOINERS.search(word) and not word.replace(".", "").isdigit():
                forms.add(_JOINERS.sub("", word))
            for form in list(forms):
                if not form.isascii():  # NFKD leaves ASCII as it is
                    forms.add(fold(form))
            aliases.update(f for f in forms if f != word and f.isalnum())
    return aliases - words
