"""Train the title span scorer (``generator/data/title_spans.json``, read by
``generator.extract.title_spans``) on real (title, abstract) pairs of ``../shared/arxiv/``:
never its held-out ids, and never the ``DEV`` pairs ``python -m evaluation.titles --split dev``
measures on (the pairs after them by SHA-256 of the id). See ``training/README.md``.

Run from the project root with the project's environment::

    python training/train_title_spans.py      # writes generator/data/title_spans.json

Two steps. First the title-likeness tables (``TitleLM``: how much more often a word opens or
ends a title, or a word pair occurs, in the titles than in the abstracts; and the finite verbs)
from every training pair but the first ``PAIRS``. Then, on those ``PAIRS``, every span the
training enumerates (``span_ends`` over the ``SENTENCES`` best contribution sentences) is a
row; its target (``target``) is the F-beta (``BETA``) of its words against the authors'
title without the paper's name (the extractor puts ``Name: `` in front), plus ``EDGE`` for
each end it shares with a part of the title. Spans are sampled (those that overlap the title
first, up to ``KEEP``), and a ridge regression over the feature keys (``span_keys``; a word
key seen in fewer than ``MIN_KEY`` rows is dropped, its shape key stays) gives the weights.
Deterministic.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import sys
from collections import Counter
from pathlib import Path

import numpy as np
from scipy import sparse
from sklearn.linear_model import Ridge

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from evaluation.arxiv import training_pairs  # noqa: E402
from evaluation.titles import DEV  # noqa: E402
from generator.extract.lexicon import FUNCTION_WORDS  # noqa: E402
from generator.extract.links import extract_links  # noqa: E402
from generator.extract.names import find_name  # noqa: E402
from generator.extract.sentences import pick_highlight, split_sentences  # noqa: E402
from generator.extract.title_spans import (  # noqa: E402
    LM_CLIP,
    SPANS_FILE,
    TitleLM,
    is_word,
    span_ends,
    span_keys,
    tokens,
)
from generator.extract.titles import by_contribution, title_text  # noqa: E402
from generator.text.markup import tokenize  # noqa: E402

PAIRS = 1500  # abstracts the weights are fitted on (5,000 did worse on the dev split)
KEEP = 120  # spans per abstract at most
BETA = 1.5  # recall weighs more: raters found short titles without the task too vague
MIN_KEY = 5
ALPHA = 3.0
EDGE = 0.15
# Contribution sentences whose spans are training rows: one more than extraction searches
# (``title_spans.SENTENCES``), so the weights see the rank-2 sentences too.
SENTENCES = 3
# Weight of the title-likeness of a span's words (``SpanModel.form``), chosen by reading the
# dev split's titles (``python -m evaluation.titles --split dev``), not fitted.
FORM = 0.03
MIN_LM = 20  # occurrences a word or pair needs in titles and abstracts together
# A word is a finite verb when at least VERB_SHARE of its occurrences follow one of VERB_CUES.
VERB_CUES = ("which", "that", "it", "can", "may", "will", "to", "also", "not", "should",
             "could", "would", "must", "cannot", "who", "often", "further", "then")
VERB_SHARE = 0.3
MIN_PAIR_RATIO = 0.7  # a pair nearer than this to 0 is not stored (it counts 0)


def items(words: list[str]) -> set[str]:
    """What overlap counts: the first five letters of each lower-case word (function words
    too, so a span that opens with "we propose" or ends on "to" loses)."""
    return {w.lower()[:5] for w in words}


def target(span: list[str], parts: list[list[str]], goal: set[str]) -> float:
    """F-beta of ``span``'s words against the title's, plus ``EDGE`` for each of its first
    and last word that opens or ends a part of the title (title parts are split at ``: ``):
    a span that ends where the authors' phrase ends was not cut."""
    score = f_beta(items(span), goal)
    if score:
        first, last = span[0].lower(), span[-1].lower()
        score += EDGE * (any(p[0] == first for p in parts) + any(p[-1] == last for p in parts))
    return score


def f_beta(span: set[str], title: set[str]) -> float:
    """F-beta of two stem sets (0.0 when they share none)."""
    common = len(span & title)
    if not common:
        return 0.0
    p, r = common / len(span), common / len(title)
    return (1 + BETA ** 2) * p * r / (BETA ** 2 * p + r)


def _words(text: str) -> list[str]:
    return [t.lower() for t in tokens(text) if is_word(t)]


def _log_ratio(a: int, a_total: int, b: int, b_total: int) -> float:
    r = math.log((a + 0.5) / a_total) - math.log((b + 0.5) / b_total)
    return round(max(-LM_CLIP, min(LM_CLIP, r)), 2)


def _title_counts(rows: list[dict]) -> tuple[Counter[str], Counter[str], Counter[str]]:
    """``(first words, last words, word pairs)`` of the title parts (``Name: part``) of ``rows``."""
    t_start: Counter[str] = Counter()
    t_end: Counter[str] = Counter()
    t_pair: Counter[str] = Counter()
    for row in rows:
        for part in " ".join(row["title"].split()).split(": "):
            words = _words(part)
            if words:
                t_start[words[0]] += 1
                t_end[words[-1]] += 1
                t_pair.update(f"{a} {b}" for a, b in zip(words, words[1:], strict=False))
    return t_start, t_end, t_pair


def _abstract_counts(rows: list[dict]) -> tuple[Counter[str], Counter[str]]:
    """``(words, word pairs)`` of the abstracts of ``rows``; pairs do not cross punctuation."""
    a_word: Counter[str] = Counter()
    a_pair: Counter[str] = Counter()
    for row in rows:
        for sentence in split_sentences(row["abstract"]):
            for piece in re.split(r"[^\w\s'’+\-./]", title_text(sentence)):
                words = _words(piece)
                a_word.update(words)
                a_pair.update(f"{a} {b}" for a, b in zip(words, words[1:], strict=False))
    return a_word, a_pair


def _pair_ratios(t_pair: Counter[str], a_pair: Counter[str]) -> dict[str, float]:
    """Log ratios (title against abstract) of the word pairs seen ``MIN_LM`` times or more,
    kept when at least ``MIN_PAIR_RATIO`` in size."""
    npt, npa = sum(t_pair.values()), sum(a_pair.values())
    pair = {}
    for b in a_pair.keys() | t_pair.keys():
        if a_pair[b] + t_pair[b] >= MIN_LM:
            r = _log_ratio(t_pair[b], npt, a_pair[b], npa)
            if abs(r) >= MIN_PAIR_RATIO:
                pair[b] = r
    return pair


def _verbs(a_word: Counter[str], a_pair: Counter[str]) -> frozenset[str]:
    """Content words of the abstracts that follow a ``VERB_CUES`` word in ``VERB_SHARE`` of
    their ``MIN_LM`` or more occurrences."""
    return frozenset(w for w, n in a_word.items() if n >= MIN_LM and w not in FUNCTION_WORDS
                     and sum(a_pair[f"{c} {w}"] for c in VERB_CUES) >= VERB_SHARE * n)


def title_lm(rows: list[dict]) -> TitleLM:
    """The title-likeness tables (``TitleLM``) of the titles and abstracts of ``rows``:
    words and pairs seen ``MIN_LM`` times or more in both together."""
    t_start, t_end, t_pair = _title_counts(rows)
    a_word, a_pair = _abstract_counts(rows)
    ns, nw = sum(t_start.values()), sum(a_word.values())
    start = {w: _log_ratio(t_start[w], ns, a_word[w], nw) for w in a_word
             if a_word[w] + t_start[w] >= MIN_LM}
    end = {w: _log_ratio(t_end[w], ns, a_word[w], nw) for w in a_word
           if a_word[w] + t_end[w] >= MIN_LM}
    return TitleLM(start, end, _pair_ratios(t_pair, a_pair), _verbs(a_word, a_pair))


def _title_goal(row: dict, name: str | None) -> tuple[list[list[str]], set[str]]:
    """``(the word lists of the title parts without the name, their items)`` of ``row``."""
    title = " ".join(row["title"].split())
    if name:
        title = title.replace(name, " ")
    parts = [[t.lower() for t in tokens(p) if is_word(t)] for p in title.split(": ")]
    parts = [p for p in parts if p]
    return parts, items([w for p in parts for w in p])


def examples(row: dict, rng: random.Random, lm: TitleLM
             ) -> list[tuple[list[tuple[str, float]], float]]:
    """``(features, target)`` of the sampled spans of one abstract."""
    text = row["abstract"]
    sentences = split_sentences(text)
    highlight = pick_highlight(sentences)
    links, _, _ = extract_links(tokenize(text), ())
    found = find_name(sentences, highlight, [link.url for link in links])
    name = found.name if found else None
    parts, goal = _title_goal(row, name)
    if not goal:
        return []
    out = []
    for rank, sentence in enumerate(by_contribution(sentences, highlight)[:SENTENCES]):
        toks = tokens(title_text(sentence))
        for i, ends in span_ends(toks, lm.verbs):
            out.extend((i, j, toks, rank, target(toks[i:j], parts, goal)) for j in ends)
    rng.shuffle(out)
    out.sort(key=lambda e: e[4] == 0.0)  # the spans that match first, then a sample of others
    return [(span_keys(toks, i, j, rank, name, lm), y) for i, j, toks, rank, y in out[:KEEP]]


def _key_index(data: list[tuple[list[tuple[str, float]], float]]) -> dict[str, int]:
    """Column of each feature key kept for the fit: seen ``MIN_KEY`` times, or of a kind
    (``#``, no ``=``, ``L``/``R``/``X``) kept whatever its count."""
    counts = Counter(k for keys, _ in data for k, _ in keys)
    return {k: n for n, k in enumerate(sorted(k for k, c in counts.items()
                                              if c >= MIN_KEY or "#" in k or "=" not in k
                                              or k[0] in "LRX"))}


def _design(data: list[tuple[list[tuple[str, float]], float]], index: dict[str, int]
            ) -> sparse.csr_matrix:
    """The sparse float32 design matrix (one row a span, one column a key of ``index``)."""
    indptr, cols, values = [0], [], []
    for keys, _ in data:
        for k, v in keys:
            if k in index:
                cols.append(index[k])
                values.append(v)
        indptr.append(len(cols))
    return sparse.csr_matrix((np.array(values, dtype=np.float32), cols, indptr),
                             shape=(len(data), len(index)))


def fit(rows: list[dict], lm: TitleLM) -> tuple[dict[str, float], float]:
    """Ridge weights of the feature keys over the sampled spans of ``rows``, and the bias."""
    rng = random.Random(25)
    data = [e for row in rows for e in examples(row, rng, lm)]
    index = _key_index(data)
    x = _design(data, index)
    y = np.array([t for _, t in data])
    model = Ridge(alpha=ALPHA, solver="sparse_cg").fit(x, y)
    print(f"fitted on {len(data)} spans of {len(rows)} abstracts, {len(index)} keys; "
          f"mean target {y.mean():.3f}, R^2 {model.score(x, y):.3f}")
    weights = {k: round(float(model.coef_[n]), 4) for k, n in index.items()
               if abs(model.coef_[n]) >= 0.0005}
    return weights, round(float(model.intercept_), 4)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=SPANS_FILE)
    parser.add_argument("--pairs", type=int, default=PAIRS)
    args = parser.parse_args(argv)
    rows = training_pairs(ROOT, DEV)
    lm = title_lm(rows[args.pairs:])
    print(f"title-likeness: {len(rows) - args.pairs} pairs, {len(lm.pair)} word pairs, "
          f"{len(lm.verbs)} verbs")
    weights, bias = fit(rows[:args.pairs], lm)
    tables = {"start": dict(sorted(lm.start.items())), "end": dict(sorted(lm.end.items())),
              "pair": dict(sorted(lm.pair.items())), "verbs": sorted(lm.verbs)}
    args.out.write_text(json.dumps({"bias": bias, "form": FORM,
                                    "weights": dict(sorted(weights.items())), "lm": tables},
                                   separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.2f} MB, {len(weights)} weights)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
