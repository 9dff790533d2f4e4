"""A learned text classifier for the default tags: one logistic regression per tag over the
abstract's TF-IDF word and word-pair features, trained by ``training/train_tag_model.py`` on
the project's own labelled abstracts (``training/README.md``), never on real data it may not
ship.

The model file (``generator/data/tag_model.npz``, ``generator.config.taxonomy.BUILTIN_MODEL``)
holds the vocabulary, the IDF weights, one coefficient column and intercept per tag, and the
English stop words it was trained with.
Features are computed here exactly as scikit-learn's ``TfidfVectorizer(ngram_range=(1, 2),
sublinear_tf=True, stop_words="english")`` computes them (lower case, tokens of two or more
word characters, stop words removed before pairs are formed, ``1 + log(tf)`` times IDF, unit
L2 norm), so the product does not import scikit-learn; a test checks both agree.

It only knows the tags it was trained on; a tag a user adds to the taxonomy is decided by its
patterns alone (``generator.extract.tags``).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

_TOKEN = re.compile(r"(?u)\b\w\w+\b")  # scikit-learn's default token_pattern


@dataclass(frozen=True, slots=True)
class TagModel:
    """A loaded tag model.

    Attributes:
        tags: the tag names it scores, in column order (T).
        vocabulary: feature (word or ``"word word"``) -> row index (V).
        idf: IDF weight per feature, shape ``(V,)``.
        coef: coefficients, shape ``(V, T)``.
        intercept: shape ``(T,)``.
        stop_words: words dropped before features are formed.
        thresholds: tag -> the combined score (``generator.extract.tags``) it needs, chosen
            in training on a dev split; a tag missing here uses the taxonomy's setting.
    """

    tags: tuple[str, ...]
    vocabulary: dict[str, int]
    idf: np.ndarray
    coef: np.ndarray
    intercept: np.ndarray
    stop_words: frozenset[str]
    thresholds: dict[str, float]

    def probabilities(self, text: str) -> dict[str, float]:
        """``tag -> probability`` (0..1) that the tag fits the abstract's plain ``text``."""
        rows, weights = self._features(text)
        logits = self.intercept + weights @ self.coef[rows] if len(rows) else self.intercept
        probs = 1.0 / (1.0 + np.exp(-logits))
        return dict(zip(self.tags, probs.tolist(), strict=True))

    def features(self, text: str) -> tuple[list[int], list[float]]:
        """The text's non-zero features: row indices and their unit-norm TF-IDF weights."""
        rows, weights = self._features(text)
        return rows.tolist(), weights.tolist()

    def _features(self, text: str) -> tuple[np.ndarray, np.ndarray]:
        stop = self.stop_words
        words = [w for w in _TOKEN.findall(text.lower()) if w not in stop]
        grams = Counter(words)
        grams.update(map(" ".join, zip(words, words[1:], strict=False)))
        get = self.vocabulary.get
        rows_found: list[int] = []
        counts: list[int] = []
        for row, count in zip(map(get, grams), grams.values(), strict=True):
            if row is not None:
                rows_found.append(row)
                counts.append(count)
        if not rows_found:
            return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.float32)
        # Two flat lists convert faster than one list of pairs and its transpose.
        rows = np.array(rows_found, dtype=np.intp)
        weights = (1.0 + np.log(np.array(counts, dtype=np.float32))) * self.idf[rows]
        norm = float(np.sqrt(weights @ weights))
        return rows, weights / norm if norm else weights


@lru_cache(maxsize=4)
def load_model(path: Path) -> TagModel | None:
    """The model at ``path``, or ``None`` when there is no such file (then tags come from
    the taxonomy's patterns alone).

    Raises:
        ValueError: the file exists but is not a tag model (missing arrays, wrong shapes).
    """
    if not path.is_file():
        return None
    with np.load(path, allow_pickle=False) as data:
        try:
            features = [str(f) for f in data["features"]]
            model = TagModel(
                tags=tuple(str(t) for t in data["tags"]),
                vocabulary={f: i for i, f in enumerate(features)},
                idf=data["idf"].astype(np.float32),
                coef=data["coef"].astype(np.float32),
                intercept=data["intercept"].astype(np.float32),
                stop_words=frozenset(str(w) for w in data["stop_words"]),
                thresholds=dict(zip((str(t) for t in data["tags"]),
                                    data["thresholds"].tolist(), strict=True))
                if "thresholds" in data else {},
            )
        except KeyError as exc:
            raise ValueError(f"{path}: not a tag model (no {exc.args[0]!r} array)") from None
    if model.coef.shape != (len(features), len(model.tags)) or model.idf.shape != (
            len(features),) or model.intercept.shape != (len(model.tags),):
        raise ValueError(f"{path}: not a tag model (array shapes do not match)")
    return model
