"""The task or domain a derived title must name, and the phrase that adds it when it does not.

Blind raters rejected most derived titles for missing the task or domain ("Offline Policy
Learning and Evaluation" for a paper on warfarin dosing). The abstract's *key words* are the
words it repeats that authors put in their titles: each content word occurring at least
``MIN_REPEATS`` times, weighted by its count times its title log-odds
(``TitleModel.title``, learned from the arXiv (title, abstract) pairs) shifted by
``ODDS_SHIFT``. A title holding none of the ``TOP`` first key words (by stem), or a bare
``Name: Descriptor``, misses the domain (``domain_keys``); it gets `` for X`` (or `` in X`` /
`` on X`` when the abstract says so), X the best short phrase of the abstract holding the
first key word it lacks (``complements``).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from generator.extract.lexicon import COMPONENT_NOUNS, FUNCTION_WORDS, GENERIC_WORDS
from generator.extract.title_model import TitleModel
from generator.extract.title_spans import NEVER, is_word, tokens

PHRASES_FILE = Path(__file__).resolve().parent.parent / "data" / "title_phrases.json"
_WORD = re.compile(r"[a-z][a-z0-9'-]*")
MIN_REPEATS = 2
ODDS_SHIFT = 3.0  # title log-odds run from about -6 to 3; this keeps every key word's weight > 0
MIN_ODDS = -2.0  # a word rarer in titles than this ("approach", "results") is no key word
TOP = 2
MIN_WORDS, MAX_WORDS = 2, 4  # words of the added phrase ("for Knowledge" says nothing)
LEAD_ODDS = -3.0  # a run's leading words rarer in titles than this are dropped
_NO_OPENING = ("ed", "ly")  # "described in", "efficiently": no phrase opens so
STEM = 5  # letters that make two words one ("segmentation", "segmenting")
_PREPOSITIONS = ("for", "in", "on")  # what joins the phrase when the abstract uses it before


def key_words(text: str, model: TitleModel) -> list[str]:
    """The abstract's key words (module docstring), best first.

    Args:
        text: the abstract's plain text.
        model: the title model whose ``title`` log-odds weigh the words.

    Returns:
        Lower-case words; empty when no content word repeats.
    """
    weight = {}
    for w, n in Counter(_WORD.findall(text.lower())).items():
        if n < MIN_REPEATS:
            continue  # most words occur once: no look-up for them
        odds = model.title.get(w, MIN_ODDS - 1)
        if odds >= MIN_ODDS and len(w) > 2 and w not in FUNCTION_WORDS and \
                w not in GENERIC_WORDS:
            weight[w] = n * (odds + ODDS_SHIFT)
    return sorted(weight, key=lambda w: (-weight[w], w))


def stems(text: str) -> set[str]:
    """The first ``STEM`` letters of each lower-case word of ``text``, and of each part of a
    hyphenated one ("Dual-Domain" holds "domain")."""
    return {p[:STEM] for w in _WORD.findall(text.lower()) for p in (w, *w.split("-")[1:]) if p}


def domain_keys(title: str, keys: Sequence[str]) -> list[str]:
    """The key words (of ``keys``, best first) a phrase added to ``title`` should hold, or
    none when the title needs none: a title that says what for ("for") needs none; a
    ``Name: Descriptor`` whose descriptor has at most ``BARE_WORDS`` words says what the
    method is, not what for, and gets the key words it does not hold ("HPS: Hard Preference
    Sampling"); any other title gets all when it holds none of the ``TOP`` first (by their
    first ``STEM`` letters), else none."""
    if not keys or " for " in title.lower():
        return []
    have = stems(title)
    head, sep, descriptor = title.partition(": ")
    if sep and len(descriptor.split()) <= BARE_WORDS:
        return [k for k in keys if k[:STEM] not in have]
    return list(keys) if not have & {k[:STEM] for k in keys[:TOP]} else []


BARE_WORDS = 4


class Phrase(NamedTuple):
    """A noun phrase of the abstract that could name the task or domain.

    Attributes:
        text: the phrase as written (title text).
        low: its lower-case words.
        before: the lower-case token before it in its sentence ("" at the start).
        rank: the contribution rank of its sentence (0 = the highlight).
        key: the index in ``keys`` of the first key word it holds (0 = the best).
    """

    text: str
    low: tuple[str, ...]
    before: str
    rank: int
    key: int


def phrases(sentences: Sequence[str], keys: Sequence[str], model: TitleModel,
            verbs: frozenset[str] = frozenset()) -> Iterator[Phrase]:
    """The noun phrases of ``sentences`` (title text, best contribution sentence first) that
    hold one of the first ``PHRASE_KEYS`` of ``keys`` (``key_words``): the whole noun runs
    (``_noun_runs``: content words, none of the finite ``verbs``) without leading words of
    title log-odds below ``LEAD_ODDS`` ("careful", "novel"), of ``MIN_WORDS`` to
    ``MAX_WORDS`` words, not opening on a lower-case participle or adverb; each text once,
    at its first place."""
    wanted = [k for k in keys[:PHRASE_KEYS]]
    seen: set[str] = set()
    for rank, sentence in enumerate(sentences):
        low_sentence = sentence.lower()
        if not any(k in low_sentence for k in wanted):
            continue
        toks = tokens(sentence)
        for i, j in _noun_runs(toks, verbs):
            found = _run_phrase(toks, i, j, wanted, model, rank)
            if found is None or found.text in seen:
                continue
            seen.add(found.text)
            yield found


def _run_phrase(toks: Sequence[str], i: int, j: int, wanted: list[str], model: TitleModel,
                rank: int) -> Phrase | None:
    """The phrase of the noun run ``toks[i:j]`` of the sentence of contribution rank
    ``rank``, its weak leading words dropped (``phrases``' rules), or ``None`` when what is
    left has too few or too many words, opens on a participle or adverb, or holds none of
    the ``wanted`` key words."""
    while i < j and model.title.get(toks[i].lower(), 0.0) < LEAD_ODDS:
        i += 1
    if not MIN_WORDS <= j - i <= MAX_WORDS or toks[i].endswith(_NO_OPENING):
        return None
    low = tuple(w.lower() for w in toks[i:j])
    key = next((n for n, k in enumerate(wanted) if any(w.startswith(k) for w in low)), None)
    if key is None:
        return None
    return Phrase(" ".join(toks[i:j]), low, toks[i - 1].lower() if i else "", rank, key)


PHRASE_KEYS = 4


def phrase_keys(phrase: Phrase, count: int) -> tuple[str, ...]:
    """The feature keys of ``phrase`` for the phrase model (``PhraseModel``): its first
    (``S=``) and last (``E=``) word, its length (``L=``), the word before it when it is a
    preposition (``P=``), its sentence's rank (``R=``, 0-2), the key word it holds (``K=``)
    and how often it occurs in the abstract (``C=``, ``count`` capped at 3)."""
    return (f"S={phrase.low[0]}", f"E={phrase.low[-1]}", f"L={len(phrase.low)}",
            f"P={phrase.before if phrase.before in _BEFORE else '-'}",
            f"R={min(phrase.rank, 2)}", f"K={phrase.key}", f"C={min(count, 3)}")


_BEFORE = frozenset(("for", "in", "on", "of", "to", "with", "via", "from", "and", "a", "the"))


@dataclass(frozen=True, slots=True)
class PhraseModel:
    """How likely authors put a noun phrase of their abstract into their title: a logistic
    model over ``phrase_keys`` (``training/train_title_phrases.py``, fitted on arXiv
    (title, abstract) pairs: a phrase is positive when its authors' title holds the stem of
    each of its words).

    Attributes:
        weights: feature key -> weight; a key absent here weighs 0.
        bias: added to every phrase's sum.
    """

    weights: dict[str, float]
    bias: float

    def score(self, phrase: Phrase, count: int) -> float:
        """The log-odds that the authors' title holds ``phrase`` (which occurs ``count``
        times in the abstract)."""
        w = self.weights.get
        return self.bias + sum(w(k, 0.0) for k in phrase_keys(phrase, count))


@lru_cache(maxsize=2)
def load_phrase_model(path: Path = PHRASES_FILE) -> PhraseModel | None:
    """The phrase model at ``path``, or ``None`` when there is none (complements are then
    ranked by their key words and title log-odds).

    Raises:
        ValueError: the file is not a phrase model.
    """
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return PhraseModel({str(k): float(v) for k, v in data["weights"].items()},
                           float(data["bias"]))
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        raise ValueError(f"{path}: not a title phrase model ({exc})") from None


MIN_PHRASE = -2.2  # phrase-model log-odds a complement needs (read off the dev split)


def complements(title: str, sentences: Sequence[str], keys: Sequence[str],
                model: TitleModel, verbs: frozenset[str] = frozenset()
                ) -> list[tuple[str, str]]:
    """``(link, phrase)`` that would add the domain to ``title``, best first: the
    ``phrases`` of ``sentences`` (title text) holding one of the first key words of
    ``keys`` (without a phrase model: the first), sharing no stem with ``title`` and not
    ending on a component noun (``COMPONENT_NOUNS``: "Student Model"), ranked by the
    phrase model (``PhraseModel.score``; none below ``MIN_PHRASE``), or without one by the
    most of the first four key words held, then the mean ``title`` log-odds of their
    words; then the first in the text. ``link`` is "for", or "in"/"on" when the abstract
    writes that word right before it."""
    top = {k[:STEM] for k in keys[:4]}
    have = stems(title)
    learned = load_phrase_model()
    text = " ".join(sentences).lower()
    found: list[tuple[tuple[float, float, int], str, str]] = []
    for phrase in phrases(sentences, keys if learned is not None else keys[:1], model, verbs):
        held = stems(phrase.text)
        if held & have or _component(phrase.low[-1]):
            continue
        if learned is not None:
            score = learned.score(phrase, text.count(phrase.text.lower()))
            if score < MIN_PHRASE:
                continue
            rank: tuple[float, float, int] = (-score, 0.0, len(found))
        else:
            odds = sum(model.title.get(w, MIN_ODDS) for w in phrase.low) / len(phrase.low)
            rank = (-len(held & top), -odds, len(found))
        link = phrase.before if phrase.before in _PREPOSITIONS else "for"
        found.append((rank, link, phrase.text))
    return [(link, text) for _, link, text in sorted(found)]


def _component(word: str) -> bool:
    """``word`` (lower case) is one of the ``COMPONENT_NOUNS``, or its plural: a phrase
    ending on it names what a method is built from, not the task or domain."""
    return word in COMPONENT_NOUNS or word.endswith("s") and word[:-1] in COMPONENT_NOUNS


def _noun_runs(toks: Sequence[str], verbs: frozenset[str]) -> list[tuple[int, int]]:
    """``(i, j)`` of each maximal run ``toks[i:j]`` of words that are neither function words,
    nor finite ``verbs``, nor pointing or clause words (``title_spans.span_ends``' rules):
    the whole noun phrase, never a piece of one ("latent BEV" of "latent BEV maps")."""
    runs, start = [], None
    for k, tok in enumerate([*toks, "."]):
        low = tok.lower()
        inside = is_word(tok) and low not in FUNCTION_WORDS and low not in verbs and \
            low not in NEVER
        if inside and start is None:
            start = k
        elif not inside and start is not None:
            runs.append((start, k))
            start = None
    return runs
