"""Search aliases: the plain forms of a paper's words that readers type but the page does not
spell, so both search engines find the paper by them.

Material's search (lunr) only lower-cases: "schrodinger" does not match "Schrödinger", and its
separator splits "k-means++" into "k" and "means", so "kmeans" matches nothing. The generator
knows each paper's plain text, so the paper page carries these forms itself, in a hidden
``<sup>`` at the end of its abstract (``paper.md.j2``), which both engines index with the
page: Material's search plugin in the same pass and the same index file (no second read or
write of the index), Pagefind beside the page's text. Material's index keeps ``<sup>`` tags
(it drops spans), so ``digest.css`` can hide the aliases in a search result; at the end of
the text, Pagefind's excerpt shows them only when nothing else on the page matched.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable

# A word with its inner hyphens, pluses and dots ("k-means++", "GPT-4o", "Node.js"); the
# outer punctuation is not part of it. URLs are left out (their host names are no words).
_WORD = re.compile(r"\w+(?:[-‐‑+.]+\w+)*\+*")
_JOINERS = re.compile(r"[-‐‑+.]+")
_URL = re.compile(r"\b(?:https?://|www\.)\S+")
# Where the "did you mean" vocabulary is written, relative to the site root.
VOCABULARY = "search/vocabulary.json"


def fold(text: str) -> str:
    """ASCII-fold accented letters (NFKD, combining marks dropped): Schrödinger ->
    Schrodinger; letters without a decomposition (ß, ø) stay."""
    return "".join(c for c in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(c))


def search_aliases(texts: Iterable[str], names: Iterable[str] = (),
                   tex: str = "") -> tuple[str, ...]:
    """The forms of the words of ``texts`` (plain text: title, abstract) that a reader may type
    and the text does not hold, and the words of ``names`` (repository owners and names, Hub
    artefacts), lower-cased, sorted, each once.

    * accents folded: ``Schrödinger`` -> ``schrodinger``;
    * a compound's parts joined: ``k-means++`` -> ``kmeans``, ``DVD-SFDA`` -> ``dvdsfda``,
      ``GPT-4o`` -> ``gpt4o``; a dotted name too (``Node.js`` -> ``nodejs``), but not a number
      (``98.0``).

    * the names of the math of ``tex`` (the abstract as given) and of the texts' Greek letters
      and symbols (``math_aliases``): ``sqrt``, ``epsilon``, ``ε``.

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
    texts = tuple(texts)
    maths = math_aliases(tex, " ".join(texts)) if tex or not " ".join(texts).isascii() else set()
    return tuple(sorted(_text_aliases(texts) | {fold(n) for n in named} | named | maths))


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


# TeX commands that only lay out or style math: their names are no terms a reader searches
# for ("left", "text" would match every paper that uses them).
_LAYOUT_COMMANDS = frozenset([
    "left", "right", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr", "middle",
    "text", "textbf", "textit", "textrm", "texttt", "mathrm", "mathbf", "mathit", "mathcal",
    "mathbb", "mathsf", "mathtt", "mathfrak", "boldsymbol", "bm", "operatorname", "emph",
    "displaystyle", "scriptstyle", "limits", "nolimits", "quad", "qquad", "frac", "dfrac",
    "tfrac", "cdot", "cdots", "ldots", "dots", "vdots", "ddots", "hat", "tilde", "bar", "vec",
    "overline", "underline", "widehat", "widetilde", "mbox", "label", "begin", "end"
])
_TEX_COMMAND = re.compile(r"\\([A-Za-z]{2,})")
# Math symbols a reader spells by their TeX name; Greek letters get theirs from Unicode.
_SYMBOL_NAMES = {"√": "sqrt", "∞": "infty", "∇": "nabla", "∂": "partial", "∑": "sum",
                 "∏": "prod", "∫": "int", "≤": "leq", "≥": "geq", "≈": "approx"}


def math_aliases(tex: str, plain: str) -> set[str]:
    """What a reader types for an abstract's math: the TeX command names of ``tex`` (the
    abstract as given: ``\\sqrt``, ``\\epsilon`` -> ``sqrt``, ``epsilon``; layout commands
    such as ``\\left``, ``\\mathbf`` left out) and, for the Greek letters and math symbols of
    ``plain`` (its plain text), their names and plain letter (``ϵ`` -> ``epsilon``, ``ε``;
    ``√`` -> ``sqrt``), lower-cased."""
    out = {m.group(1).lower() for m in _TEX_COMMAND.finditer(tex)
           if m.group(1) not in _LAYOUT_COMMANDS}
    for char in set(plain):
        if char in _SYMBOL_NAMES:
            out.add(_SYMBOL_NAMES[char])
        elif "\u0370" <= char <= "\u03ff" and unicodedata.category(char).startswith("L"):
            letter = unicodedata.normalize("NFKC", char).lower()  # ϵ -> ε, ϕ -> φ
            words = unicodedata.name(char, "").lower().split()
            name = next((w for w in reversed(words) if w != "symbol"), "")
            out.update(f for f in (letter, "lambda" if name == "lamda" else name) if f)
    return out


def vocabulary(papers: Iterable[tuple[str, str | None, Iterable[str]]]) -> str:
    """The digest's own vocabulary, for "did you mean" in the search box
    (``site_overrides/assets/javascripts/search-suggest.js``): the words of every paper's title,
    method name and author names, lower-cased and accent-folded, with the number of papers
    using each; and which of them are words of a method name or of a title's one-word lead
    before its colon (a misspelt name is the likeliest typo, and a name is no English word
    that an abstract may hold in another spelling).

    Args:
        papers: ``(title, method name or None, author names)`` per paper.

    Returns:
        Compact JSON ``{"words": [...], "counts": [...], "names": [...]}``, words sorted (a
        reader's prefix is found by binary search), each word of three or more characters
        once; compounds are kept whole, joined and split ("palm-e", "palme", "palm").
    """
    counts: dict[str, int] = {}
    names: set[str] = set()
    for title, name, authors in papers:
        words: set[str] = set()
        for text in (title, *authors):
            words |= _forms(text)
        named = _forms(name or "") | _forms(_title_lead(title))
        names |= named
        for word in words | named:
            counts[word] = counts.get(word, 0) + 1
    ordered = sorted(counts)
    return json.dumps({"words": ordered, "counts": [counts[w] for w in ordered],
                       "names": sorted(names)},
                      ensure_ascii=False, separators=(",", ":")) + "\n"


def _title_lead(title: str) -> str:
    """The one word before a title's colon ("LaFTer" of "LaFTer: Label-Free Tuning ..."), by
    the "Name: subtitle" convention that names a method even where the method-name extractor
    found none; "" otherwise."""
    lead, colon, _ = title.partition(":")
    return lead.strip() if colon and len(lead.split()) == 1 else ""


def _forms(text: str) -> set[str]:
    """The words of ``text`` (lower-cased, folded) of three or more characters and not only
    digits, each compound whole, joined and split."""
    words: set[str] = set()
    for match in _WORD.finditer(fold(text).lower()):
        word = match.group(0)
        words.update((word, _JOINERS.sub("", word), *_JOINERS.split(word)))
    return {w for w in words if len(w) >= 3 and not w.isdigit()}
