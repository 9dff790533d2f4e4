"""Placeholder abstracts: the texts databases write in an abstract field that holds none
("Abstract not available for this article.", "[No abstract available]", "Abstract: N/A"),
listed once in ``generator/data/placeholder_abstracts.yml``, and any text with no sentence in
it (``has_no_sentence``: pandas' ``nan``, ``-``, ``#N/A``, a bare ``Abstract:`` label),
a rule rather than more phrases. ``is_placeholder`` tells one;
``generator.read.fields.to_abstract`` reads such a record as one without an abstract, so that
two papers never become one page by sharing the placeholder (README "One paper, several
files").
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

PLACEHOLDER_FILE = Path(__file__).resolve().parent.parent / "data" / "placeholder_abstracts.yml"


def _load(path: Path) -> frozenset[str]:
    """The folded placeholders of ``path`` (``ValueError`` naming the file when its
    ``placeholders`` is not a list of texts)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    value = data.get("placeholders") if isinstance(data, dict) else None
    if not isinstance(value, list) or not all(isinstance(p, str) and fold(p) for p in value):
        raise ValueError(f"{path}: 'placeholders' must be a list of texts with letters")
    return frozenset(fold(p) for p in value)


_WORDS = re.compile(r"[a-z0-9]+")
# The longest placeholder is a few words: a longer text is an abstract and is not folded.
LONGEST = 80


def fold(text: str) -> str:
    """``text`` as its lower-case letter and digit runs, one space apart (``"[No abstract
    available.]"`` -> ``"no abstract available"``)."""
    return " ".join(_WORDS.findall(text.casefold()))


PLACEHOLDERS: frozenset[str] = _load(PLACEHOLDER_FILE)


_LETTER_RUN = re.compile(r"[^\W\d_]+")
_LABELS = ("abstract", "summary")
# The tokens data tools write for a missing value (pandas' nan, R's NA, SQL's NULL,
# JavaScript's undefined): no word of a text (Excel's #N/A is a listed placeholder, 'n a').
_NA_TOKENS = frozenset(("na", "nan", "none", "null", "nil", "undefined"))


def has_no_sentence(text: str) -> bool:
    """True when ``text`` holds no word of letters beyond a leading ``Abstract``/``Summary``
    label and missing-value tokens (``_NA_TOKENS``): ``"nan"``, ``"-"``, ``"#N/A"``,
    ``"Abstract: "``, ``"10.5"``, ``"..."``. Such a text has no sentence, so no abstract,
    whatever a database or a data tool writes there."""
    words = [w.casefold() for w in _LETTER_RUN.findall(text)]
    if words and words[0] in _LABELS:
        words = words[1:]
    return all(w in _NA_TOKENS for w in words)


# Fewer words of letters than this make no sentence of an abstract's, though a record may hold
# them ("See PDF.", "Coming soon"): such a text is kept, but names no paper by itself.
SENTENCE_WORDS = 3


def few_words(text: str) -> bool:
    """True when ``text`` holds fewer than ``SENTENCE_WORDS`` words of letters (a run of
    letters; in a script written without spaces, CJK or Thai, each letter counts as one)."""
    count = 0
    for word in _LETTER_RUN.findall(text):
        count += len(_UNSPACED.findall(word)) or 1
        if count >= SENTENCE_WORDS:
            return False
    return True


_UNSPACED = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


def is_placeholder(text: str) -> bool:
    """True when ``text`` is a listed placeholder (``PLACEHOLDERS``), folded (``fold``), also
    after a leading ``Abstract`` label (``"Abstract: N/A"``), or has no sentence
    (``has_no_sentence``); False for ``""`` and for any text longer than ``LONGEST``
    characters."""
    if not text or len(text) > LONGEST:
        return False
    if has_no_sentence(text):
        return True
    folded = fold(text)
    if folded in PLACEHOLDERS:
        return True
    label, _, rest = folded.partition(" ")
    return label in ("abstract", "summary") and rest in PLACEHOLDERS
