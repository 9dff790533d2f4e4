"""Placeholder abstracts: the texts databases write in an abstract field that holds none
("Abstract not available for this article.", "[No abstract available]", "Abstract: N/A"),
listed once in ``generator/data/placeholder_abstracts.yml``. ``is_placeholder`` tells one;
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


def is_placeholder(text: str) -> bool:
    """True when ``text`` is a listed placeholder (``PLACEHOLDERS``), folded (``fold``), also
    after a leading ``Abstract`` label (``"Abstract: N/A"``); False for ``""`` and for any text
    longer than ``LONGEST`` characters."""
    if not text or len(text) > LONGEST:
        return False
    folded = fold(text)
    if folded in PLACEHOLDERS:
        return True
    label, _, rest = folded.partition(" ")
    return label in ("abstract", "summary") and rest in PLACEHOLDERS
