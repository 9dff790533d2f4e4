"""Defects of a derived title, by kind: the detector ``paper-digest eval`` and ``--real`` report
and ``python -m evaluation.titles`` counts on held-out arXiv abstracts.

Each kind is a named check (``CHECKS``, in report order) of the title alone or of the title
against the abstract it was derived from (``Subject``). The checks are written from the raters'
reasons for rejecting a title (README, "Blind rating"), independently of the extractor's own
rules where they can be: ``cut`` asks the title model's end statistics and the abstract, not the
candidate rules.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from generator.extract.lexicon import FUNCTION_WORDS, OPENING_WORDS, POINTING_WORDS
from generator.extract.names import TYPO_LENGTH, inner_letter_apart
from generator.extract.title_model import load_title_model
from generator.extract.titles import MAX_TITLE
from generator.text.markup import plain_text

_BRACKETS = {")": "(", "]": "[", "}": "{"}
_FORMULA = re.compile(r"[=<>≤≥^_\\{}$∑∏∫∈∉∀∃→←⇒⇔≈≠±∞]")
_EDGES = re.compile(r"^\W+|\W+$")
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_SOURCE_WORD = re.compile(r"[a-z0-9][a-z0-9'-]*")
def _bare(word: str) -> str:
    return _EDGES.sub("", word).lower()


def _is_name(head: str) -> bool:
    """``head`` (the part of a title before ``": "``) looks like a coined name: one word of
    two or more characters with a capital after its first letter, a digit, or all capitals."""
    core = head.replace("-", "")
    return " " not in head and len(core) >= 2 and (
        any(c.isupper() for c in core[1:]) or any(c.isdigit() for c in core))


@dataclass(frozen=True)
class Subject:
    """A derived title and the abstract (source text) it was derived from ("" when unknown:
    the checks against the abstract then find nothing)."""

    title: str
    abstract: str = ""

    @cached_property
    def words(self) -> list[str]:
        return self.title.split()

    @cached_property
    def plain(self) -> str:
        return " ".join(plain_text(self.abstract).split()) if self.abstract else ""

    @cached_property
    def lower(self) -> str:
        return self.plain.lower()

    @cached_property
    def head(self) -> str:
        head, sep, _ = self.title.partition(": ")
        return head if sep and _is_name(head) else ""


def _dangling(s: Subject) -> bool:
    last = s.words[-1] if s.words else ""
    return last.endswith(("(", "[", "{", "-")) or re.search(r"\(\w{0,3}$", last) is not None \
        or _bare(last) in FUNCTION_WORDS


def _unbalanced(s: Subject) -> bool:
    stack: list[str] = []
    for ch in s.title:
        if ch in "([{":
            stack.append(ch)
        elif ch in _BRACKETS and (not stack or stack.pop() != _BRACKETS[ch]):
            return True
    return bool(stack)


def _pointer(s: Subject) -> bool:
    return any(_bare(w) in POINTING_WORDS for w in s.words)


def _cut(s: Subject) -> bool:
    """Ends mid-phrase: on a word authors' titles almost never end on (``TitleModel.cut``),
    or where the abstract goes on with a word ending titles far more often
    (``TitleModel.continued``: "Hybrid Architectures Across Different | scales")."""
    model = load_title_model()
    if model is None or not s.words:
        return False
    if model.cut(s.title):
        return True
    return model.continued(s.title, s.lower)


def _name_spelling(s: Subject) -> bool:
    """The name the title opens with is not in the abstract as written, or the abstract
    spells it otherwise more often (one letter more or less: "PasticineLab" once,
    "PlasticineLab" twice)."""
    if not s.head or not s.plain:
        return False
    tokens = re.findall(r"[\w][\w+.-]*[\w+]|\w", s.plain)
    if s.head not in s.plain:
        return True
    count = sum(t == s.head for t in tokens)
    return len(s.head) >= TYPO_LENGTH and any(
        inner_letter_apart(t, s.head) and sum(u == t for u in tokens) > count
        for t in set(tokens))


def _name_part(s: Subject) -> bool:
    """The name the title opens with is, in the abstract, mostly the end of a longer hyphenated
    name ("RED" of "Async-RED"; a suffix such as "Goedel-Prover-SFT" names a variant)."""
    if not s.head or not s.plain:
        return False
    name = re.escape(s.head)
    alone = len(re.findall(rf"(?<![\w-]){name}(?![\w-])", s.plain))
    within = len(re.findall(rf"[A-Za-z0-9]+-{name}(?![\w-])", s.plain))
    return within > 0 and within >= alone


_LINK_WORDS = frozenset(("for", "in", "on", "of"))


def _is_fragment(bare: str) -> bool:
    """A one-letter word other than "a"."""
    return len(bare) == 1 and bare != "a"


def _fragment(bare: str, nxt: str, s: Subject) -> bool:
    """A one-letter fragment the abstract does not have before the next word ``nxt``
    ("S NAP" of "S{\\small NAP}")."""
    return _is_fragment(bare) and bool(nxt) and f"{bare} {nxt}" not in s.lower


def _unseen_stem(bare: str, nxt: str, s: Subject) -> bool:
    """A word (not a fragment) whose first four letters (of its stem: "Adding": "add",
    "Setting": "set") the abstract never has; a stem of three letters or fewer, whole."""
    if _is_fragment(bare):
        return False  # judged by ``_fragment`` alone
    stem = bare[:-3] if bare.endswith("ing") and len(bare) > 4 else bare
    if stem != bare and len(stem) > 2 and stem[-1] == stem[-2]:
        stem = stem[:-1]
    return len(stem) > 3 and stem[:4] not in s.lower or len(stem) <= 3 and stem not in s.lower


def _run_together(bare: str, nxt: str, s: Subject) -> bool:
    """Two words run together ("Introducecontroling"): over 14 letters, not an "-ing" form,
    and in the abstract neither as written nor without its final "s"."""
    return len(bare) > 14 and bare not in s.lower and bare.rstrip("s") not in s.lower \
        and not bare.endswith("ing")


# The word rules of ``_garbled``: (name, check of a bare word, the next bare word or "", and
# the ``Subject``); a word any rule accepts makes the title garbled.
GARBLED_RULES: tuple[tuple[str, Callable[[str, str, Subject], bool]], ...] = (
    ("fragment", _fragment),
    ("unseen-stem", _unseen_stem),
    ("run-together", _run_together),
)


def _garbled(s: Subject) -> bool:
    """A word no rule could have made from the abstract: a word of the title (after the
    name, which may be spelt apart; the ``_LINK_WORDS`` that join a descriptor and its task
    are made by rules) that one of the ``GARBLED_RULES`` accepts."""
    if not s.lower:
        return False
    words = s.words[1:] if s.head else s.words
    for i, word in enumerate(words):
        bare = _bare(word)
        if not bare or not bare[0].isalpha() or bare in _LINK_WORDS:
            continue  # "for", "in": a rule joins phrases with them though the abstract may not
        nxt = _bare(words[i + 1]) if i + 1 < len(words) else ""
        if any(rule(bare, nxt, s) for _, rule in GARBLED_RULES):
            return True
    return False


# The kinds, in report order: (name, check of a ``Subject``).
CHECKS: tuple[tuple[str, Callable[[Subject], bool]], ...] = (
    ("opener", lambda s: bool(s.words) and _bare(s.words[0]) in OPENING_WORDS),
    ("dangling", _dangling),
    ("brackets", _unbalanced),
    ("one-word", lambda s: len(s.words) <= 1),
    ("formula", lambda s: _FORMULA.search(s.title) is not None),
    ("long", lambda s: len(s.title) > MAX_TITLE),
    ("pointer", _pointer),
    ("cut", _cut),
    ("name-spelling", _name_spelling),
    ("name-part", _name_part),
    ("garbled", _garbled),
)
KINDS = tuple(name for name, _ in CHECKS)


def title_defects(title: str, abstract: str = "") -> tuple[str, ...]:
    """The defect kinds (``KINDS``) of a derived ``title``, in report order; ``abstract``
    (source text) enables the checks against the abstract (``cut``'s second half,
    ``name-spelling``, ``name-part``, ``garbled``).

    ``opener``: opens with one of the ``OPENING_WORDS`` (discourse words, pronouns);
    ``dangling``: ends on one of the ``FUNCTION_WORDS``, an open bracket or a hyphen;
    ``brackets``: unbalanced; ``one-word``; ``formula``: a math operator or TeX character;
    ``long``: over ``MAX_TITLE`` characters; ``pointer``: a word pointing back at unseen text
    (``POINTING_WORDS``); ``cut``: ends mid-phrase (``_cut``); ``name-spelling``,
    ``name-part``, ``garbled``: see their checks.
    """
    subject = Subject(title, abstract)
    return tuple(name for name, check in CHECKS if check(subject))
