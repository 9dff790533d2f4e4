"""Train the title model (``generator/data/title_model.json``) on the real (title, abstract)
pairs of ``../shared/arxiv/``, never its held-out ids (``evaluation.arxiv``: the held-out part
of the labelled set, and every id in its hash buckets). See ``training/README.md``.

Run from the project root with the project's environment::

    python training/train_title_model.py      # writes generator/data/title_model.json

Two steps: word statistics over the word-statistics part of the pairs (``title`` and ``end``
log-odds, ``generator.extract.title_model``), then, on ``FIT_PAIRS`` other pairs, every
title candidate the extractor makes is scored against the authors' title (F-beta of their content
word stems) and the feature weights are fitted to that by least squares. Deterministic.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from evaluation.arxiv import training_pairs  # noqa: E402
from generator.extract.links import extract_links  # noqa: E402
from generator.extract.names import find_name  # noqa: E402
from generator.extract.sentences import pick_highlight, split_sentences  # noqa: E402
from generator.extract.title_model import FEATURES, MODEL_FILE, TitleModel  # noqa: E402
from generator.extract.titles import (  # noqa: E402
    FUNCTION_WORDS,
    MAX_CANDIDATES,
    repair,
    title_candidates,
    title_problems,
)
from generator.text.markup import plain_text, tokenize  # noqa: E402

MIN_COUNT = 20  # abstracts a word must occur in to get statistics
FIT_PAIRS = 3000  # pairs the feature weights are fitted on (the others give word statistics)
RIDGE = 1.0
# A word that ends fewer than this share of the titles holding it is one a phrase is cut at.
MIN_END_SHARE = 0.04
# Smoothing of the end share: a word seen in few titles is presumed not to end one (0.2 in 8).
END_PRIOR = (0.2, 8.0)
_WORD = re.compile(r"[a-z][a-z0-9'-]*")


def stems(text: str) -> set[str]:
    """Content-word stems (first five letters) of ``text``."""
    return {w[:5] for w in _WORD.findall(text.lower()) if w not in FUNCTION_WORDS and len(w) > 2}


BETA = 2.0  # recall weighs more: raters found short generic titles too vague


def overlap(candidate: str, title: str) -> float:
    """F-beta (``BETA``) of the content-word stems of ``candidate`` against the authors'
    ``title``."""
    a, b = stems(candidate), stems(title)
    common = len(a & b)
    if not common:
        return 0.0
    p, r = common / len(a), common / len(b)
    return (1 + BETA ** 2) * p * r / (BETA ** 2 * p + r)


def pairs() -> tuple[list[dict], list[dict]]:
    """(word-statistics pairs, fitting pairs) of the arXiv file without the held-out ids
    (``evaluation.arxiv.training_pairs``); the fitting pairs are the ``FIT_PAIRS`` whose ids
    sort first by SHA-256."""
    rows = training_pairs(ROOT)
    return rows[FIT_PAIRS:], rows[:FIT_PAIRS]


def word_statistics(rows: list[dict]) -> tuple[dict[str, list[float]], float]:
    """``word -> [title log-odds, end log-odds]`` and the ``min_end`` log-odds."""
    in_abstract: Counter[str] = Counter()
    in_both: Counter[str] = Counter()
    in_title: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    for row in rows:
        title = " ".join(row["title"].split())
        abstract_words = set(_WORD.findall(plain_text(row["abstract"]).lower()))
        title_words = _WORD.findall(title.lower())
        in_abstract.update(abstract_words)
        in_both.update(abstract_words & set(title_words))
        in_title.update(set(title_words))
        for part in title.split(": "):  # "Name: descriptor": both parts end a phrase
            last = _WORD.findall(part.lower())
            if last:
                ends[last[-1]] += 1
    words = {}
    for w, n in in_abstract.items():
        if n < MIN_COUNT:
            continue
        both = in_both[w]
        end = (ends[w] + END_PRIOR[0]) / (in_title[w] + END_PRIOR[1])
        words[w] = [round(math.log((both + 1) / (n - both + 1)), 3), round(math.log(end), 3)]
    return words, math.log(MIN_END_SHARE)


def candidates(row: dict) -> tuple[list[tuple[str, str]], str | None]:
    """The repaired, defect-free ``(kind, title)`` candidates of one abstract, and its name."""
    text = row["abstract"]
    sentences = split_sentences(text)
    highlight = pick_highlight(sentences)
    links, _, _ = extract_links(tokenize(text), ())
    found = find_name(sentences, highlight, [link.url for link in links])
    out = []
    for n, (kind, cand) in enumerate(title_candidates(found, sentences, highlight)):
        if n >= MAX_CANDIDATES:
            break
        title = cand if not title_problems(cand) else repair(cand)
        if title and not title_problems(title):
            out.append((kind, title))
    return out, found.name if found else None


def fit_weights(rows: list[dict], words: dict[str, list[float]], min_end: float
                ) -> dict[str, float]:
    """Least-squares weights of ``FEATURES`` predicting each candidate's ``overlap``."""
    model = TitleModel({w: v[0] for w, v in words.items()}, {w: v[1] for w, v in words.items()},
                       tuple(0.0 for _ in FEATURES), min_end)
    x, y = [], []
    for row in rows:
        found, name = candidates(row)
        for kind, title in found:
            if model.cut(title):
                continue
            x.append(model.features(kind, title, name))
            y.append(overlap(title, row["title"]))
    a, b = np.array(x), np.array(y)
    weights = np.linalg.solve(a.T @ a + RIDGE * np.eye(a.shape[1]), a.T @ b)
    print(f"fitted on {len(y)} candidates of {len(rows)} abstracts; mean overlap {b.mean():.3f}")
    return {f: round(float(w), 4) for f, w in zip(FEATURES, weights, strict=True)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=MODEL_FILE)
    args = parser.parse_args(argv)
    stats_rows, fit_rows = pairs()
    words, min_end = word_statistics(stats_rows)
    print(f"word statistics: {len(stats_rows)} pairs, {len(words)} words")
    weights = fit_weights(fit_rows, words, min_end)
    args.out.write_text(json.dumps({"min_end": round(min_end, 4), "weights": weights,
                                    "words": dict(sorted(words.items()))},
                                   separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.1f} MB); weights {weights}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
