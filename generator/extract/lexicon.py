"""The extraction lexicon: the word lists the title, name and highlight rules share, each once,
read from the data file ``generator/data/lexicon.yml`` (what each list is for is written
there).

Attributes (all ``frozenset[str]`` unless said otherwise): ``FUNCTION_WORDS``,
``OPENING_WORDS``, ``MINOR_WORDS``, ``STOP_WORDS``, ``POINTING_WORDS``, ``GENERIC_WORDS``,
``CLAUSE_WORDS``, ``NOT_ACTIONS``, ``COMMON_NAMES``, ``COMMON_WORDS``; ``CONTRIBUTION_VERBS``
(``str``): a regex alternation of the contribution-verb stems, ``(?:propos|introduc|...)``,
matching the stem only (a caller adds ``\\w*``).
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

LEXICON_FILE = Path(__file__).resolve().parent.parent / "data" / "lexicon.yml"


def _load(path: Path) -> dict[str, list[str]]:
    """The lists of the lexicon file (``ValueError`` naming the file when one is missing or not
    a list of strings)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    for key in _LISTS:
        value = data.get(key) if isinstance(data, dict) else None
        if not isinstance(value, list) or not all(isinstance(w, str) for w in value):
            raise ValueError(f"{path}: '{key}' must be a list of words")
    return data


_LISTS = ("contribution_verbs", "function_words", "opening_words", "minor_words", "stop_words",
          "pointing_words", "generic_words", "clause_words", "not_actions", "common_names",
          "common_words")
_DATA = _load(LEXICON_FILE)

FUNCTION_WORDS = frozenset(_DATA["function_words"])
OPENING_WORDS = frozenset(_DATA["opening_words"])
MINOR_WORDS = frozenset(_DATA["minor_words"])
STOP_WORDS = frozenset(_DATA["stop_words"])
POINTING_WORDS = frozenset(_DATA["pointing_words"])
GENERIC_WORDS = frozenset(_DATA["generic_words"])
CLAUSE_WORDS = frozenset(_DATA["clause_words"])
NOT_ACTIONS = frozenset(_DATA["not_actions"])
COMMON_NAMES = frozenset(_DATA["common_names"])
COMMON_WORDS = frozenset(_DATA["common_words"])
CONTRIBUTION_VERBS = "(?:" + "|".join(re.escape(v).replace(r"\ ", r"\s+")
                                      for v in _DATA["contribution_verbs"]) + ")"
