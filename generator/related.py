"""Step 3b, related: the catalog -> each paper's most similar papers (site-wide, before render).

Similarity is a weighted sum of two cosine similarities computed with scikit-learn:

* text: TF-IDF (English stop words dropped, sublinear term frequency) over the plain text of
  the abstract (``generator.markup.plain_text``: no TeX, no Markdown markup);
* tags: TF-IDF over the paper's topic tags, each tag one token, so a rare shared tag
  (``Optimal Transport``) counts for more than a common one (``LLMs``).

``score = (1 - TAG_WEIGHT) * text_cosine + TAG_WEIGHT * tag_cosine``. The two L2-normalised
matrices are stacked side by side, scaled by the square roots of their weights, so one sparse
product gives the weighted sum. Scores are rounded to ``DECIMALS`` places before ranking, so
floating-point noise (summation order in another BLAS) cannot reorder near-equal papers.

Rules: a paper is never related to itself; papers with score 0 (nothing in common) are never
listed, so a paper may get fewer than ``k``; ties are broken by input order (earlier first).
The result depends only on the papers and their order: same input, same output.

Scaling: features (plain text, TF-IDF) are linear in N; exact all-pairs scoring is O(N^2)
sparse dot products (a small constant), but never O(N^2) memory. Rows are scored in blocks of
``min(BLOCK_ROWS, BLOCK_CELLS // N)`` rows: each block is one sparse product, made dense
(float32), and cut to its top ``k`` (``numpy.partition``, linear per row) before the next
block, so memory is O(nnz + BLOCK_CELLS + N * k) whatever N (scoring adds about 230 MB at
most: one block's sparse product and its dense copy). Measured on 2 CPU cores with N
synthetic papers (the 57 seed abstracts repeated, a unique token each; a worst case, since
every paper has hundreds of near-duplicates):

    N        features   top-k    total    (peak RSS of the whole process)
    5,000    3.4 s      0.5 s    4.0 s    250 MB
    10,000   6.8 s      2.0 s    8.8 s    400 MB
    20,000   13.5 s     7.0 s    20.5 s   550 MB

The features' time is almost all ``plain_text`` (about 0.6 ms per abstract); the quadratic
part stays below the linear part up to about 35,000 papers (extrapolated).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import numpy as np
from scipy import sparse
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.preprocessing import normalize

from generator.markup import plain_text
from generator.records import Paper

K = 5
TAG_WEIGHT = 0.3
DECIMALS = 6
BLOCK_ROWS = 1000
BLOCK_CELLS = 15_000_000


def related_papers(papers: tuple[Paper, ...], k: int = K,
                   tag_weight: float = TAG_WEIGHT) -> Mapping[str, tuple[str, ...]]:
    """The ``k`` most similar papers of every paper.

    Args:
        papers: the catalog, in input order (ids unique, as ``build_catalog`` makes them).
        k: how many related papers per paper (at most ``len(papers) - 1``).
        tag_weight: the share of the score that comes from tags (0 = text only).

    Returns:
        A read-only mapping ``paper id -> tuple of related paper ids``, most similar first;
        every paper of ``papers`` is a key. Never raises on empty abstracts or missing tags
        (such papers simply score 0 against the rest).
    """
    if not papers or k <= 0:
        return MappingProxyType({p.id: () for p in papers})
    matrix = _features(papers, tag_weight)
    ids = [p.id for p in papers]
    neighbours = top_k(matrix, k)
    return MappingProxyType({ids[i]: tuple(ids[j] for j in row)
                             for i, row in enumerate(neighbours)})


def _features(papers: tuple[Paper, ...], tag_weight: float) -> sparse.csr_matrix:
    """Rows with ``row_i . row_j`` equal to the weighted similarity of papers i and j."""
    texts = [p.facts.plain or plain_text(p.facts.abstract.text) for p in papers]
    tags = [p.facts.tags for p in papers]
    text = _tfidf(TfidfVectorizer(stop_words="english", sublinear_tf=True,
                                  dtype=np.float32), texts, len(papers))
    # Each tag is one token, whatever its spaces and punctuation ("Datasets & Benchmarks").
    tag = _tfidf(TfidfVectorizer(analyzer=list, lowercase=False, dtype=np.float32),
                 tags, len(papers))
    return sparse.hstack([text * np.sqrt(1.0 - tag_weight), tag * np.sqrt(tag_weight)],
                         format="csr", dtype=np.float32)


def _tfidf(vectorizer: TfidfVectorizer, docs: list, n: int) -> sparse.csr_matrix:
    """L2-normalised TF-IDF rows; an all-zero matrix when no document has any token (sklearn
    raises "empty vocabulary" then)."""
    try:
        return normalize(vectorizer.fit_transform(docs).tocsr())
    except ValueError:
        return sparse.csr_matrix((n, 1), dtype=np.float32)


def top_k(matrix: sparse.csr_matrix, k: int) -> list[tuple[int, ...]]:
    """For every row, the indices of the ``k`` other rows with the largest positive dot
    product, best first, ties to the lower index; computed block by block (module docstring).

    Args:
        matrix: one row per item (``N x features``, sparse).
        k: neighbours wanted per row.

    Returns:
        ``N`` tuples of row indices (fewer than ``k`` when fewer rows score above 0).
    """
    n = matrix.shape[0]
    k = min(k, n - 1)
    if k <= 0:
        return [() for _ in range(n)]
    columns = matrix.T.tocsc()
    rows = max(1, min(BLOCK_ROWS, BLOCK_CELLS // n))
    out: list[tuple[int, ...]] = []
    for start in range(0, n, rows):
        stop = min(n, start + rows)
        scores = (matrix[start:stop] @ columns).toarray().astype(np.float32, copy=False)
        np.round(scores, DECIMALS, out=scores)
        scores[np.arange(stop - start), np.arange(start, stop)] = -np.inf  # never itself
        # The k-th best score of each row: everything at least as good is a candidate, so
        # ties at the cut are all seen and the lower index wins (argpartition alone is not
        # stable).
        kth = np.partition(scores, n - k, axis=1)[:, n - k]
        for r in range(stop - start):
            row = scores[r]
            cand = np.flatnonzero(row >= max(kth[r], np.float32(1e-12)))
            order = np.argsort(-row[cand], kind="stable")[:k]
            out.append(tuple(int(j) for j in cand[order]))
    return out
