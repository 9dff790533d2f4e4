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

import re
from collections import Counter
from collections.abc import Sequence

from generator.extract.lexicon import FUNCTION_WORDS, GENERIC_WORDS
from generator.extract.title_model import TitleModel
from generator.extract.title_spans import NEVER, is_word, tokens

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
        odds = model.title.get(w, MIN_ODDS - 1)
        if n >= MIN_REPEATS and odds >= MIN_ODDS and len(w) > 2 and \
                w not in FUNCTION_WORDS and w not in GENERIC_WORDS:
            weight[w] = n * (odds + ODDS_SHIFT)
    return sorted(weight, key=lambda w: (-weight[w], w))


def stems(text: str) -> set[str]:
    """The first ``STEM`` letters of each lower-case word of ``text``."""
    return {w[:STEM] for w in _WORD.findall(text.lower())}


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


def complements(title: str, sentences: Sequence[str], keys: Sequence[str],
                model: TitleModel, verbs: frozenset[str] = frozenset()
                ) -> list[tuple[str, str]]:
    """``(link, phrase)`` that would add the domain to ``title``, best first: the phrases of
    ``sentences`` (title text) that hold the first key word of ``keys``, among the spans
    noun runs (``_noun_runs``: whole runs of content words, none of the finite ``verbs``),
    without leading words of title log-odds below ``LEAD_ODDS``, of ``MIN_WORDS`` to
    ``MAX_WORDS`` words, not opening on a lower-case participle or adverb, sharing
    no stem with ``title``; the one holding the most of the first four key words first,
    then the one whose words ``model`` finds most often in titles (mean ``title``
    log-odds), then the first in the text. ``link`` is "for", or "in"/"on" when the
    abstract writes that word right before it."""
    key = keys[0]
    top = {k[:STEM] for k in keys[:4]}
    have = stems(title)
    found: dict[str, tuple[tuple[int, float, int], str]] = {}
    for sentence in sentences:
        if key not in sentence.lower():
            continue
        toks = tokens(sentence)
        for i, j in _noun_runs(toks, verbs):
            while i < j and model.title.get(toks[i].lower(), 0.0) < LEAD_ODDS:
                i += 1  # "careful", "novel", "significant": not what a title names
            low = [w.lower() for w in toks[i:j]]
            if not MIN_WORDS <= j - i <= MAX_WORDS or not any(w.startswith(key) for w in low) or \
                    toks[i].endswith(_NO_OPENING):
                continue
            held = {w[:STEM] for w in low}
            phrase = " ".join(toks[i:j])
            if held & have or phrase in found:
                continue
            before = toks[i - 1].lower() if i else ""
            odds = sum(model.title.get(w, MIN_ODDS) for w in low) / len(low)
            found[phrase] = ((-len(held & top), -odds, len(found)),
                             before if before in _PREPOSITIONS else "for")
    return [(link, phrase) for phrase, (_, link) in sorted(found.items(), key=lambda f: f[1][0])]


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
