"""Train the phrase model of the title's task or domain (``generator/data/title_phrases.json``)
on the real (title, abstract) pairs of ``../shared/arxiv/``: which noun phrases of an abstract
its authors put into their title. See ``training/README.md``.

Run from the project root with the project's environment::

    python training/train_title_phrases.py      # writes generator/data/title_phrases.json

The pairs are the train split without the held-out ids (``evaluation.arxiv``) and without the
first ``DEV`` by SHA-256 (the dev split of ``evaluation.titles``, where ``MIN_PHRASE`` is
read); the first ``--n`` of them. The candidates of an abstract are the phrases the title
step itself considers (``title_domain.phrases`` of the contribution-ordered sentences, with
the abstract's key words); a phrase is positive when the stem (first ``STEM`` letters) of
each of its words is in the authors' title. Logistic regression (scikit-learn, L2, ``C``)
over ``phrase_keys``; a key seen in fewer than ``MIN_COUNT`` phrases is dropped.
Deterministic; about half a CPU minute for 20,000 pairs.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sklearn.feature_extraction import DictVectorizer  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402

from evaluation.arxiv import training_pairs  # noqa: E402
from evaluation.titles import DEV  # noqa: E402
from generator.extract.sentences import pick_highlight, split_sentences  # noqa: E402
from generator.extract.title_domain import (  # noqa: E402
    PHRASES_FILE,
    STEM,
    key_words,
    phrase_keys,
    phrases,
)
from generator.extract.title_model import load_title_model  # noqa: E402
from generator.extract.title_spans import load_span_model, tokens  # noqa: E402
from generator.extract.titles import SourceText, by_contribution, title_text  # noqa: E402

MIN_COUNT = 20
C = 0.5


def examples(rows: list[dict]) -> tuple[list[dict[str, float]], list[int]]:
    """The feature dicts and labels of every candidate phrase of ``rows``."""
    model = load_title_model()
    spans = load_span_model()
    if model is None or spans is None:
        raise SystemExit("train_title_phrases: the title and span models are needed")
    xs, ys = [], []
    for row in rows:
        sentences = split_sentences(row["abstract"])
        if not sentences:
            continue
        texts = [title_text(s) for s in by_contribution(sentences, pick_highlight(sentences))]
        source = SourceText.of(sentences)
        keys = key_words(source.text, model)
        if not keys:
            continue
        title = {t.lower()[:STEM] for t in tokens(row["title"])}
        low = " ".join(texts).lower()
        for phrase in phrases(texts, keys, model, spans.lm.verbs):
            xs.append(dict.fromkeys(phrase_keys(phrase, low.count(phrase.text.lower())), 1.0))
            ys.append(int(all(w[:STEM] in title for w in phrase.low)))
    return xs, ys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=PHRASES_FILE)
    parser.add_argument("--n", type=int, default=20000, help="training pairs")
    args = parser.parse_args(argv)
    rows = training_pairs(ROOT, DEV)[:args.n]
    xs, ys = examples(rows)
    seen = Counter(k for x in xs for k in x)
    xs = [{k: v for k, v in x.items() if seen[k] >= MIN_COUNT} for x in xs]
    vec = DictVectorizer()
    fit = LogisticRegression(C=C, max_iter=2000).fit(vec.fit_transform(xs), ys)
    weights = {k: round(float(w), 4) for k, w in zip(vec.get_feature_names_out(),
                                                        fit.coef_[0], strict=True)
               if abs(w) >= 1e-4}
    args.out.write_text(json.dumps({"bias": round(float(fit.intercept_[0]), 4),
                                    "weights": dict(sorted(weights.items()))},
                                   separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{len(rows)} pairs, {len(xs)} phrases, {sum(ys)} in their title; {len(weights)} "
          f"keys; wrote {args.out} ({args.out.stat().st_size / 1e3:.0f} kB)")
    for key in sorted(weights, key=weights.get)[:12] + sorted(weights, key=weights.get)[-12:]:
        print(f"  {key!r}: {weights[key]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
