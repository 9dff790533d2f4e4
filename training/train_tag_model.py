"""Train the tag model (``generator/data/tag_model.npz``) on the project's own labelled
abstracts: ``training/corpus.jsonl`` and the tune split of ``eval/`` (never its held-out
split). See ``training/README.md``.

Run from the project root with the project's environment::

    python training/train_tag_model.py            # writes generator/data/tag_model.npz
    python training/train_tag_model.py --check    # 5-fold cross-validation figures only

Deterministic: the same corpus gives the same file.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS, TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import KFold, cross_val_predict

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from evaluation.project import load_labels, read_labelled_file  # noqa: E402
from generator.config.taxonomy import BUILTIN_MODEL, load_taxonomy  # noqa: E402
from generator.text.markup import plain_text  # noqa: E402

# Regularisation strength: chosen by cross-validation on the corpus (C in 1, 2, 4, 8, 16:
# 4 was best on micro-F1) and kept.
C = 4.0
MIN_DF = 2  # a feature must occur in two abstracts: one-off words and pairs are noise
# Coefficients smaller than this are stored as zero (they change no probability by more than
# a rounding error, and zeros compress); every feature stays, since all count in the norm.
PRUNE = 0.02


def corpus(root: Path) -> tuple[list[str], list[set[str]]]:
    """Plain texts and tag sets: ``training/corpus.jsonl`` and the eval tune split."""
    texts: list[str] = []
    tags: list[set[str]] = []
    with (root / "training" / "corpus.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            texts.append(plain_text(row["text"]))
            tags.append(set(row["tags"]))
    labels, _ = load_labels(root / "eval")
    cache: dict = {}
    for label in labels:
        if label.split != "tune":
            continue
        folder = root / "seeds" if label.origin == "seeds" else root / "eval" / "extra"
        _, paragraphs = read_labelled_file(folder, label.file, cache)
        texts.append(plain_text(paragraphs[label.abstract - 1][1]))
        tags.append(set(label.tags))
    return texts, tags


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="cross-validate only")
    parser.add_argument("--out", type=Path, default=BUILTIN_MODEL)
    args = parser.parse_args(argv)
    names = list(load_taxonomy(ROOT / "taxonomy.yml").names)
    texts, tags = corpus(ROOT)
    vectorizer = TfidfVectorizer(ngram_range=(1, 2), min_df=MIN_DF, sublinear_tf=True,
                                 stop_words="english", dtype=np.float64)
    matrix = vectorizer.fit_transform(texts)
    trained = [t for t in names if sum(t in s for s in tags) >= 5]
    print(f"corpus: {len(texts)} abstracts, {matrix.shape[1]} features, "
          f"{len(trained)} of {len(names)} tags with 5+ examples")
    coef = np.zeros((matrix.shape[1], len(trained)))
    intercept = np.zeros(len(trained))
    tp = fp = fn = 0
    for j, tag in enumerate(trained):
        y = np.array([tag in s for s in tags])
        model = LogisticRegression(C=C, max_iter=5000, class_weight="balanced")
        if args.check:
            folds = KFold(5, shuffle=True, random_state=0)
            pred = cross_val_predict(model, matrix, y, cv=folds, method="predict_proba")[:, 1]
            hit = pred >= 0.5
            tp, fp, fn = tp + int((hit & y).sum()), fp + int((hit & ~y).sum()), \
                fn + int((~hit & y).sum())
            continue
        model.fit(matrix, y)
        coef[:, j] = model.coef_[0]
        intercept[j] = model.intercept_[0]
    if args.check:
        p, r = tp / (tp + fp), tp / (tp + fn)
        print(f"5-fold micro P {p:.3f} R {r:.3f} F1 {2 * p * r / (p + r):.3f}")
        return 0
    coef[np.abs(coef) < PRUNE] = 0.0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(args.out, tags=np.array(trained, dtype=str),
                        features=vectorizer.get_feature_names_out().astype(str),
                        idf=vectorizer.idf_.astype(np.float32), coef=coef.astype(np.float32),
                        intercept=intercept.astype(np.float32),
                        stop_words=np.array(sorted(ENGLISH_STOP_WORDS), dtype=str))
    print(f"wrote {args.out} ({matrix.shape[1]} features, "
          f"{args.out.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
