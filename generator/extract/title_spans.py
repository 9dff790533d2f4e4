"""Title phrases chosen from the abstract's own words by a learned span scorer.

A candidate is a run of words (a *span*) of one of the abstract's contribution sentences that
crosses no punctuation, two to ``MAX_SPAN`` words long. Its score is a sum of weights, one per
feature key (``span_keys``):

* ``S=``/``E=``: the span's first and last word (``novel`` seldom starts a title,
  ``capabilities`` seldom ends one unless ``of ...`` follows),
* ``P=``/``N=``: the word or mark just before and just after it (a span followed by ``of`` was
  cut mid-phrase; one after ``propose a`` is the contribution),
* ``I=``: each word inside it (task and domain nouns are what titles hold),
* ``L=``: its length, ``R=``: the contribution rank of its sentence, ``X=``: whether it holds
  or follows the paper's name,

each word key both by the lower-case word (``=word``) and by its shape (``#Acro``, ``#ing``
...), so a word too rare for its own weight still counts by its form. The weights are fitted
by ``training/train_title_model.py`` to how well each span of real arXiv abstracts matches the
authors' title (F-beta of content-word stems, recall weighted): a learned stand-in for "names
the contribution and its task or domain, and ends where a phrase ends". The sum decomposes over
positions, so every span of a sentence is scored in one pass of running sums.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from generator.extract.lexicon import CLAUSE_WORDS, FUNCTION_WORDS, OPENING_WORDS, POINTING_WORDS

SPANS_FILE = Path(__file__).resolve().parent.parent / "data" / "title_spans.json"
MAX_SPAN = 14  # words; the arXiv titles' 95th percentile
MIN_SPAN = 2
# Contribution sentences whose spans compete (highlight first); a third one costs time and
# gained nothing on the dev split.
SENTENCES = 2
TOKEN = re.compile(r"\w(?:[\w'’+\-./]*[\w+])?|[^\w\s]")
_SHAPES = (
    (re.compile(r"[A-Z]{2,}[a-z]{0,2}s?|[A-Z][a-z]+[A-Z]\w*"), "#Acro"),  # LLMs, GPT, DeepSeek
    (re.compile(r".*\d.*"), "#num"),
    (re.compile(r"[A-Z].*"), "#Cap"),
    (re.compile(r".*-.*"), "#hyph"),
    (re.compile(r".*ing"), "#ing"),
    (re.compile(r".*ed"), "#ed"),
    (re.compile(r".*ly"), "#ly"),
    (re.compile(r".*(?:tion|sion|ment|ness|ity|ance|ence)s?"), "#noun"),
    (re.compile(r".*(?:ive|al|ous|ic|able|ible|ful)"), "#adj"),
    (re.compile(r".*s"), "#s"),
)


@lru_cache(maxsize=16384)
def shape(word: str) -> str:
    """The shape class of ``word`` (the first ``_SHAPES`` pattern it matches, else ``#w``)."""
    for pattern, name in _SHAPES:
        if pattern.fullmatch(word):
            return name
    return "#w"


@lru_cache(maxsize=1024)
def tokens(text: str) -> tuple[str, ...]:
    """Words (letters, digits, inner hyphens, dots, apostrophes, a trailing ``+``) and single
    marks of ``text``."""
    return tuple(TOKEN.findall(text))


def is_word(token: str) -> bool:
    """``token`` is a word, not a mark."""
    return token[:1].isalnum() or token[:1] == "_"


_NO_START = FUNCTION_WORDS | OPENING_WORDS
_NO_END = FUNCTION_WORDS
# A span holding one points back or is a clause.
NEVER = POINTING_WORDS | CLAUSE_WORDS | frozenset((
    "while", "whereas", "when", "than", "because", "if", "whether", "although", "though",
    "since", "so", "thus", "hence", "namely"))


def span_ends(toks: Sequence[str], verbs: frozenset[str] = frozenset()
              ) -> Iterator[tuple[int, list[int]]]:
    """``(i, [j, ...])``: the spans ``toks[i:j]`` a title may be made of (training and
    extraction enumerate the same ones): words only, ``MIN_SPAN`` to ``MAX_SPAN`` of them, not
    opening with a function or discourse word (``_NO_START``), not ending on a function word,
    holding no pronoun or clause word (``NEVER``) and none of the finite ``verbs`` (a span
    holding "requires" or "involves" is a clause, not a title)."""
    low = [t.lower() if is_word(t) else "" for t in toks]
    for i, first in enumerate(low):
        if not first or first in _NO_START or first in NEVER or first in verbs:
            continue
        ends = []
        for j in range(i + 1, min(len(toks), i + MAX_SPAN) + 1):
            last = low[j - 1]
            if not last or last in NEVER or last in verbs:
                break
            if j - i >= MIN_SPAN and last not in _NO_END:
                ends.append(j)
        if ends:
            yield i, ends


def _context(token: str | None) -> str:
    """The key of a neighbouring token: a lower-case word, a mark, or ``^`` (none)."""
    return "^" if token is None else token.lower()


@dataclass(frozen=True, slots=True)
class Span:
    """One candidate phrase.

    Attributes:
        text: the words as written in the abstract, joined by single spaces.
        score: the span model's score (higher is more title-like).
        rank: the contribution rank of its sentence (0: the highlight).
        before: the lower-case token before it (``""`` at the sentence's start).
    """

    text: str
    score: float
    rank: int
    before: str


def word_keys(role: str, word: str) -> tuple[str, str]:
    """The two feature keys of ``word`` in ``role`` (``S``, ``E``, ``I``): by identity and
    by shape."""
    return f"{role}={word.lower()}", f"{role}{shape(word)}"


def span_keys(toks: Sequence[str], i: int, j: int, rank: int, name: str | None,
              lm: TitleLM) -> list[tuple[str, float]]:
    """The features of the span ``toks[i:j]`` (all words) of a sentence of contribution rank
    ``rank`` in a paper named ``name`` (or ``None``), as ``(key, value)``: the indicator keys
    of the module docstring (value 1) and the title-likeness of its words under ``lm``
    (``TitleLM.features``). The training script fits a weight per key; ``SpanModel.spans``
    sums the same weights by running sums."""
    before = toks[i - 1] if i > 0 else None
    after = toks[j] if j < len(toks) else None
    keys = [*word_keys("S", toks[i]), *word_keys("E", toks[j - 1]),
            f"P={_context(before)}", f"N={_context(after)}",
            f"L={j - i}", f"R={min(rank, 2)}"]
    for k in range(i, j):
        keys.extend(word_keys("I", toks[k]))
    keys.extend(_name_keys(toks, i, j, name))
    low = [t.lower() for t in toks[i:j]]
    return [(k, 1.0) for k in keys] + list(zip(LM_KEYS, lm.features(low), strict=True))


LM_KEYS = ("T^", "T$", "T2", "Tmin")


@dataclass(frozen=True, slots=True)
class TitleLM:
    """How much more often words and word pairs occur in titles than in abstracts: log
    ratios of their relative frequencies in the arXiv titles and abstracts, clipped to
    ``[-LM_CLIP, LM_CLIP]``; a pair or word not listed counts 0.

    Attributes:
        start: lower-case word -> log ratio of opening a title (part) to occurring in an
            abstract.
        end: the same for ending one.
        pair: ``"w1 w2"`` -> log ratio of the adjacent pair in titles to abstracts ("we
            propose", "achieves state-of-the-art" are far rarer in titles).
        verbs: lower-case words that are finite verbs in the abstracts (mostly after "which",
            "it", "can", "to" ...: ``training/train_title_spans.py``); no span holds one.
    """

    start: dict[str, float]
    end: dict[str, float]
    pair: dict[str, float]
    verbs: frozenset[str] = frozenset()

    def form(self, low: Sequence[str]) -> float:
        """How title-like the lower-case words ``low`` read: start + end + mean pair +
        least pair (``features``)."""
        start, end, pairs, least = self.features(low)
        return start + end + pairs / max(1, len(low) - 1) + least

    def features(self, low: Sequence[str]) -> tuple[float, float, float, float]:
        """``(start, end, sum of pairs, least pair or 0)`` of the lower-case words ``low``."""
        pairs = [self.pair.get(f"{a} {b}", 0.0) for a, b in zip(low, low[1:], strict=False)]
        return (self.start.get(low[0], 0.0), self.end.get(low[-1], 0.0), sum(pairs),
                min(0.0, *pairs))


LM_CLIP = 4.0


def _name_keys(toks: Sequence[str], i: int, j: int, name: str | None) -> list[str]:
    """``X=in`` when the span holds the name, ``X=after`` when the name is among the three
    tokens before it (an appositive: "NAME, a framework for ..."), ``X=none`` for a paper
    without a name."""
    if name is None:
        return ["X=none"]
    keys = []
    if name in toks[i:j]:
        keys.append("X=in")
    if name in toks[max(0, i - 3):i]:
        keys.append("X=after")
    return keys


@dataclass(frozen=True, slots=True)
class SpanModel:
    """The fitted weights of the span scorer.

    Attributes:
        weights: feature key (``span_keys``) -> weight; a key absent here weighs 0.
        bias: added to every span's score.
        lm: the title-likeness tables of the words (``TitleLM``).
        form: the weight of ``TitleLM.form`` in the score: the fitted weights predict
            overlap with the authors' title, which hardly tells a cut or clausal span from
            a phrase; this adds how title-like its words read.
    """

    weights: dict[str, float]
    bias: float
    lm: TitleLM
    form: float
    _cache: dict[str, tuple[float, float, float]] = field(default_factory=dict, compare=False,
                                                         repr=False)
    _context_cache: dict[str, tuple[float, float]] = field(default_factory=dict, compare=False,
                                                          repr=False)
    _length_weights: list[float] = field(default_factory=list, compare=False, repr=False)

    def ranked(self, sentences: Sequence[str], name: str | None) -> list[Ranked]:
        """Every span of ``sentences`` (plain text, best contribution sentence first; their
        order is their rank; the first ``SENTENCES``) as ``(score, rank, i, j, tokens)``,
        best first (``top_spans`` reads them)."""
        scored: list[Ranked] = []
        add = scored.append
        for rank, sentence in enumerate(sentences[:SENTENCES]):
            toks = tokens(sentence)
            for score, i, j in self._sentence_spans(toks, rank, name):
                add((score, rank, i, j, toks))
        scored.sort(key=lambda s: -s[0])
        return scored

    def spans(self, sentences: Sequence[str], name: str | None, top: int = 12) -> list[Span]:
        """The ``top`` best spans of ``sentences`` (``ranked``), one per distinct text."""
        return top_spans(self.ranked(sentences, name), top)

    def score(self, toks: Sequence[str], i: int, j: int, rank: int, name: str | None) -> float:
        """The score of the span ``toks[i:j]`` (``span_keys``' weights, the bias and
        ``form`` times the title-likeness ``TitleLM.form``): what ``ranked`` ranks by."""
        w = self.weights.get
        return self.bias + sum(w(k, 0.0) * v for k, v in span_keys(toks, i, j, rank, name,
                                                                    self.lm)) + \
            self.form * self.lm.form([t.lower() for t in toks[i:j]])

    def _roles(self, word: str) -> tuple[float, float, float]:
        """The summed identity and shape weights of ``word`` as first (``S``), last (``E``)
        and inner (``I``) word; cached per word."""
        got = self._cache.get(word)
        if got is None:
            w = self.weights.get
            got = self._cache[word] = tuple(w(a, 0.0) + w(b, 0.0) for a, b in
                                            (word_keys(r, word) for r in "SEI"))
        return got

    def _lengths(self) -> list[float]:
        """The ``L=n`` weight of each span length ``n`` (0 to ``MAX_SPAN``); made once."""
        if not self._length_weights:
            w = self.weights.get
            self._length_weights.extend(w(f"L={n}", 0.0) for n in range(MAX_SPAN + 1))
        return self._length_weights

    def _context(self, low: str) -> tuple[float, float]:
        """The weights of ``P=low`` and ``N=low`` (``low``: a lower-case token, or ``^`` for
        none); cached per token, as ``_roles`` is."""
        got = self._context_cache.get(low)
        if got is None:
            w = self.weights.get
            got = self._context_cache[low] = (w(f"P={low}", 0.0), w(f"N={low}", 0.0))
        return got

    def _token_tables(self, toks: Sequence[str], t_end: float) -> tuple[
            list[str], list[tuple[float, float, float]], list[float],
            list[tuple[float, float]], list[float]]:
        """Per token of one sentence, for ``_sentence_spans``: its lower case, its role
        weights (``_roles``; zeros for punctuation), the pair weight with the next token, its
        context weights (``_context``; one more entry, for no token) and the score a span
        ending at it gets (``t_end``: the end-of-title language model's weight)."""
        lm = self.lm
        low = [t.lower() for t in toks]
        roles = [self._roles(t) if is_word(t) else (0.0, 0.0, 0.0) for t in toks]
        pairs = [lm.pair.get(f"{a} {b}", 0.0) for a, b in zip(low, low[1:], strict=False)]
        context = [self._context(t) for t in low]
        context.append(self._context("^"))  # the key of no token, before or after
        tail = [roles[n][1] + context[n + 1][1] + (t_end + self.form) * lm.end.get(low[n], 0.0)
                for n in range(len(toks))]
        return low, roles, pairs, context, tail

    def _sentence_spans(self, toks: Sequence[str], rank: int, name: str | None
                        ) -> Iterator[tuple[float, int, int]]:
        """``(score, i, j)`` of every span of one sentence (``span_ends``), the score as
        ``score`` computes it, by running sums over the words."""
        w = self.weights.get
        lm = self.lm
        t_start, t_end, t_pair, t_min = (w(k, 0.0) for k in LM_KEYS)
        fixed = self.bias + w(f"R={min(rank, 2)}", 0.0) + \
            (w("X=none", 0.0) if name is None else 0.0)
        low, roles, pairs, context, tail = self._token_tables(toks, t_end)
        length = self._lengths()
        named = [t == name for t in toks]
        x_in = w("X=in", 0.0)
        for i, ends in span_ends(toks, lm.verbs):
            head = fixed + roles[i][0] + context[i - 1 if i else -1][0] \
                + _name_bonus(w, toks, i, name) + (t_start + self.form) * lm.start.get(low[i], 0.0)
            total, pair_sum, least, has_name, at = 0.0, 0.0, 0.0, False, i
            for j in ends:
                for n in range(at, j):
                    total += roles[n][2]
                    has_name = has_name or named[n]
                for p in pairs[max(i, at - 1):j - 1]:
                    pair_sum += p
                    least = min(least, p)
                at = j
                yield (head + total + tail[j - 1] + length[j - i] + t_pair * pair_sum
                       + t_min * least + self.form * (pair_sum / max(1, j - i - 1) + least)
                       + (x_in if has_name else 0.0)), i, j


Ranked = tuple[float, int, int, int, Sequence[str]]


def top_spans(ranked: Sequence[Ranked], top: int, after: frozenset[str] | None = None
              ) -> list[Span]:
    """The first ``top`` distinct texts of ``ranked`` (``SpanModel.ranked``) as ``Span``;
    only spans right after one of the lower-case words ``after`` when it is given."""
    best: dict[str, Span] = {}
    for score, rank, i, j, toks in ranked:
        before = toks[i - 1].lower() if i else ""
        if after is not None and before not in after:
            continue
        text = " ".join(toks[i:j])
        if text not in best:
            best[text] = Span(text, score, rank, before)
            if len(best) == top:
                break
    return list(best.values())


def _name_bonus(w, toks: Sequence[str], i: int, name: str | None) -> float:
    return w("X=after", 0.0) if name is not None and name in toks[max(0, i - 3):i] else 0.0


@lru_cache(maxsize=2)
def load_span_model(path: Path = SPANS_FILE) -> SpanModel | None:
    """The span model at ``path``, or ``None`` when there is none.

    Raises:
        ValueError: the file is not a span model.
    """
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    try:
        lm = data["lm"]
        return SpanModel({str(k): float(v) for k, v in data["weights"].items()},
                         float(data["bias"]), TitleLM(lm["start"], lm["end"], lm["pair"],
                                                        frozenset(lm["verbs"])),
                         float(data["form"]))
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        raise ValueError(f"{path}: not a title span model ({exc})") from None
