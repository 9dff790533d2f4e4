"""The extraction lexicon: the word lists the title, name and highlight rules share, each once,
read from the data file ``generator/data/lexicon.yml`` (what each list is for is written
there), and the two helpers that turn a list into a pattern: ``forms`` (a list with its
inflections, by lemminflect) and ``alternation`` (a regex group of a list).

Attributes: the membership lists as ``frozenset[str]``: ``FUNCTION_WORDS``, ``OPENING_WORDS``,
``MINOR_WORDS``, ``STOP_WORDS``, ``POINTING_WORDS``, ``GENERIC_WORDS``, ``CLAUSE_WORDS``,
``NOT_ACTIONS``, ``COMMON_NAMES``, ``COMMON_WORDS``; the lists rules build patterns of, as
``tuple[str, ...]`` in file order, named as the file's keys in capitals (``PROPOSAL_VERBS``,
``PROBLEM_NOUNS``, ...), and ``INTRODUCING_VERBS`` (the proposal and making verbs, then the
file's ``contribution_verbs``); and
``CONTRIBUTION_VERBS`` (``str``): a regex alternation of the stems of ``INTRODUCING_VERBS``
(``(?:propos|introduc|...)``: what their inflections share, ``stem``), matching the stem only
(a caller adds ``\\w*``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

import yaml
from lemminflect import getInflection, getLemma

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


_LISTS = ("proposal_verbs", "making_verbs", "contribution_verbs", "naming_verbs", "finding_verbs",
          "not_statements", "own_work_nouns", "paper_nouns", "kind_nouns", "component_nouns",
          "problem_nouns",
          "prior_work_nouns", "pointing_determiners", "pointing_pronouns",
          "pointing_possessives", "back_reference_leads", "leading_connectives",
          "paper_kinds", "pointed_nouns", "secondary_openers",
          "problem_openers", "addressing_verbs", "trying_verbs", "purpose_verbs",
          "abbreviations", "glued_subjects",
          "function_words", "opening_words", "minor_words", "stop_words",
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

PROPOSAL_VERBS = tuple(_DATA["proposal_verbs"])
MAKING_VERBS = tuple(_DATA["making_verbs"])
INTRODUCING_VERBS = PROPOSAL_VERBS + MAKING_VERBS + tuple(_DATA["contribution_verbs"])
NAMING_VERBS = tuple(_DATA["naming_verbs"])
FINDING_VERBS = tuple(_DATA["finding_verbs"])
NOT_STATEMENTS = tuple(_DATA["not_statements"])
OWN_WORK_NOUNS = tuple(_DATA["own_work_nouns"])
PAPER_NOUNS = tuple(_DATA["paper_nouns"])
KIND_NOUNS = tuple(_DATA["kind_nouns"])
COMPONENT_NOUNS = frozenset(_DATA["component_nouns"])
PROBLEM_NOUNS = tuple(_DATA["problem_nouns"])
PRIOR_WORK_NOUNS = tuple(_DATA["prior_work_nouns"])
POINTING_DETERMINERS = tuple(_DATA["pointing_determiners"])
POINTING_PRONOUNS = tuple(_DATA["pointing_pronouns"])
POINTING_POSSESSIVES = tuple(_DATA["pointing_possessives"])
BACK_REFERENCE_LEADS = tuple(_DATA["back_reference_leads"])
LEADING_CONNECTIVES = tuple(_DATA["leading_connectives"])
PAPER_KINDS = tuple(_DATA["paper_kinds"])
POINTED_NOUNS = tuple(_DATA["pointed_nouns"])
SECONDARY_OPENERS = tuple(_DATA["secondary_openers"])
PROBLEM_OPENERS = tuple(_DATA["problem_openers"])
ADDRESSING_VERBS = tuple(_DATA["addressing_verbs"])
TRYING_VERBS = tuple(_DATA["trying_verbs"])
PURPOSE_VERBS = tuple(_DATA["purpose_verbs"])
ABBREVIATIONS = tuple(_DATA["abbreviations"])
GLUED_SUBJECTS = tuple(_DATA["glued_subjects"])


def inflect(word: str, tag: str) -> tuple[str, ...]:
    """The forms of ``word`` (a base form; of two words the first inflects: "put forward")
    for the Penn Treebank ``tag`` (``VBZ`` proposes, ``VBD`` proposed, ``VBN`` built, ``VBG``
    proposing, ``NNS`` difficulties), by lemminflect's lexicon and, for a word it does not
    know, its rules; empty when it has none."""
    head, sep, rest = word.partition(" ")
    return tuple(f + sep + rest for f in getInflection(head, tag=tag))


def forms(words: Iterable[str], *tags: str, base: bool = True) -> tuple[str, ...]:
    """``words`` (unless not ``base``) followed by their forms for each of ``tags``
    (``inflect``), each once."""
    words = tuple(words)
    return tuple(dict.fromkeys((*(words if base else ()),
                                *(f for t in tags for w in words for f in inflect(w, t)))))


def stem(word: str) -> str:
    """What the forms of a verb share at the start (``propos`` of propose, proposes,
    proposed, proposing; ``buil`` of build, built), the rest of a two-word verb kept (``put
    forward``)."""
    head, sep, rest = word.partition(" ")
    found = forms((head,), "VBZ", "VBD", "VBN", "VBG")
    shared = head
    while not all(f.startswith(shared) for f in found):
        shared = shared[:-1]
    return shared + sep + rest


def alternation(words: Iterable[str]) -> str:
    """A non-capturing regex group matching any of ``words`` as written (escaped; a space
    matches any whitespace), the longest first."""
    escaped = (re.escape(w).replace(r"\ ", r"\s+") for w in
               sorted(dict.fromkeys(words), key=lambda w: (-len(w), w)))
    return "(?:" + "|".join(escaped) + ")"


@lru_cache(maxsize=1024)
def base_of_gerund(gerund: str) -> str:
    """The verb of an ``-ing`` form, by lemminflect (``proposing`` -> ``propose``, ``mapping``
    -> ``map``, ``formalising`` -> ``formalise``); the word itself when lemminflect has no
    verb for it."""
    found = getLemma(gerund, upos="VERB")
    return found[0] if found else gerund


CONTRIBUTION_VERBS = "(?:" + "|".join(re.escape(stem(v)).replace(r"\ ", r"\s+")
                                      for v in INTRODUCING_VERBS) + ")"
