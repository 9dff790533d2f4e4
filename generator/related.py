"""Step 3b, related: the catalog -> each paper's most similar papers (site-wide, before render).

Similarity is a weighted sum of two cosine similarities computed with scikit-learn:

* text: TF-IDF (English stop words dropped, sublinear term frequency) over the plain text of
  the abstract (``generator.text.markup.plain_text``: no TeX, no Markdown markup);
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
block, so memory is O(nnz + BLOCK_CELLS + N * k) whatever N. Measured times and memory at
N = 5,000 to 20,000 are in bench/README.md.

Updating (incremental builds): ``related_index`` can start from the previous run's
``RelatedIndex`` and gives exactly the result of a full computation with less work. A paper's
feature row depends only on its own text and tags and on the document frequencies (df) of its
words and tags (N fixed), so after an edit the rows that changed are those of edited papers and
of papers containing a word or tag whose df changed (``changed``). Every other row ``i`` keeps
all its scores except those against changed rows: if none of its previous ``k`` neighbours
changed, its new neighbours are the best ``k`` of those previous neighbours (with their stored
scores) and the changed rows (scored anew); otherwise, and for the changed rows themselves, the
row is scored in full. The scores of a row are computed the same way in both paths (its own
sparse row times the columns, in its own term order), so they are bit-identical. When N, the
order of the papers, ``k`` or the weight differ, or more than a quarter of the rows changed,
everything is computed in full. Either way, the word counts of abstracts the previous index
knows (by id) are reused, so only edited abstracts are analysed; counts are assembled with
sorted columns, the same for reused and new rows.
"""

from __future__ import annotations

import functools
import hashlib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

import numpy as np

from generator.records import NO_METADATA, Paper
from generator.text.markup import plain_text

if TYPE_CHECKING:
    from scipy import sparse
    from sklearn.feature_extraction.text import TfidfVectorizer


@dataclass(frozen=True, slots=True)
class RelatedIndex:
    """The related-papers result plus what an update needs (kept in the build cache; this
    module imports scikit-learn only where it computes, so unpickling it stays cheap).

    Attributes:
        ids: paper ids, in catalog order (N).
        keys: what identifies each paper's compared text (``text_key``), same order.
        tags: each paper's tags, same order.
        vocabulary: the words of all abstracts, sorted (the TF-IDF columns).
        word_rows, word_columns, word_counts: each abstract's word counts, a CSR matrix
            ``N x len(vocabulary)`` as its three arrays (kept as plain arrays so that loading
            the cache does not import SciPy).
        tag_df: tag -> number of papers carrying it.
        neighbours: ``N x k`` int32 row indices, best first, ``-1`` where fewer than ``k``.
        scores: ``N x k`` float32 scores of those neighbours (rounded, ``related.DECIMALS``).
        k: neighbours per paper; tag_weight: the tag share of the score.
        changed: papers whose feature row differed from the previous index (all N after a
            full computation); they, and papers that had one of them as a neighbour, were
            scored in full, the rest only against them. For progress reports.
    """

    ids: tuple[str, ...]
    keys: tuple[str, ...]
    tags: tuple[tuple[str, ...], ...]
    vocabulary: tuple[str, ...]
    word_rows: np.ndarray
    word_columns: np.ndarray
    word_counts: np.ndarray
    tag_df: Mapping[str, int]
    neighbours: np.ndarray
    scores: np.ndarray
    k: int
    tag_weight: float
    changed: int

    def as_mapping(self) -> Mapping[str, tuple[str, ...]]:
        """Read-only ``paper id -> tuple of related paper ids``, most similar first."""
        ids = self.ids
        return MappingProxyType({ids[i]: tuple(ids[j] for j in row if j >= 0)
                                 for i, row in enumerate(self.neighbours.tolist())})

K = 5
TAG_WEIGHT = 0.3
DECIMALS = 6
BLOCK_ROWS = 1000
BLOCK_CELLS = 4_000_000
# Above this share of changed rows an update costs about as much as a full computation.
UPDATE_MAX_CHANGED = 0.25
# scikit-learn's word analysis: lower case, tokens of 2+ word characters, English stop words
# dropped (the defaults of its TfidfVectorizer).
@functools.cache
def _analyze():
    """scikit-learn's word analyzer (imported on first use: loading the build cache, which
    holds ``RelatedIndex`` records, must not import scikit-learn)."""
    from sklearn.feature_extraction.text import TfidfVectorizer


    return TfidfVectorizer(stop_words="english").build_analyzer()


def paper_text(p: Paper) -> str:
    """The plain text a paper is compared by: its abstract, or its given title when it has
    no abstract (a metadata record with a title only)."""
    if p.facts.abstract.text or not p.facts.abstract.meta.title:
        return p.facts.plain or plain_text(p.facts.abstract.text)
    return p.title


def text_key(p: Paper) -> str:
    """What identifies the text ``paper_text`` gives: the paper id of a plain abstract (a hash
    of that text); for a paper with metadata, whose id may name a DOI that keeps it through
    edits, a hash of the text itself."""
    if p.facts.abstract.meta == NO_METADATA:
        return p.id
    return "t" + hashlib.sha1(paper_text(p).encode("utf-8")).hexdigest()


def related_key(papers: tuple[Paper, ...]) -> str:
    """SHA-256 over what ``related_index`` reads: each paper's id, ``text_key`` and tags, in
    catalog order (the build cache's key for the result)."""
    h = hashlib.sha256()
    for p in papers:
        key = text_key(p)
        h.update(f"{p.id}\t{key if key != p.id else ''}\t{'|'.join(p.facts.tags)}\n".encode())
    return h.hexdigest()


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
    return related_index(papers, k, tag_weight).as_mapping()


def related_index(papers: tuple[Paper, ...], k: int = K, tag_weight: float = TAG_WEIGHT,
                  previous: RelatedIndex | None = None) -> RelatedIndex:
    """Like ``related_papers``, as a ``RelatedIndex``; updated from ``previous`` (the last
    run's index) when that is valid and cheaper (module docstring: Updating), with the same
    result as a full computation. An edited text is recognised by its new ``text_key``."""
    ids = tuple(p.id for p in papers)
    keys = tuple(text_key(p) for p in papers)
    tags = tuple(tuple(p.facts.tags) for p in papers)
    n = len(papers)
    k = max(0, min(k, n - 1))
    vocabulary, counts = _word_counts(papers, previous)
    matrix, words, labels = _features(papers, vocabulary, counts, tag_weight)
    columns = matrix.T.tocsc()
    changed = _changed_rows(previous, keys, tags, words, labels, matrix, k, tag_weight)
    if changed is None:
        neighbours, scores = _score_all(matrix, columns, k)
        count = n
    else:
        neighbours, scores = _update(previous, matrix, columns, changed, k)
        count = len(changed)
    return RelatedIndex(ids, keys, tags, tuple(vocabulary), counts.indptr, counts.indices,
                        counts.data, {t: df for t, (_, df) in labels.items()}, neighbours,
                        scores, k, tag_weight, count)


def _word_counts(papers: tuple[Paper, ...], previous: RelatedIndex | None
                 ) -> tuple[list[str], sparse.csr_matrix]:
    """The sorted vocabulary and an ``N x len(vocabulary)`` int32 matrix of word counts
    (columns sorted in every row). Abstracts whose id ``previous`` knows reuse its counts;
    only the others are analysed."""
    from scipy import sparse

    n = len(papers)
    fresh, kept_new, kept_old = _split_known(papers, previous)
    old_part, used, old_words = None, np.zeros(0, dtype=np.int64), []
    if previous is not None and kept_old:
        old_part, used, old_words = _kept_counts(previous, kept_old)
    vocabulary = sorted(set(old_words).union(*(c.keys() for _, c in fresh)))
    index = {w: j for j, w in enumerate(vocabulary)}
    rows: list = []
    cols: list = []
    vals: list = []
    if old_part is not None:
        remap = np.zeros(len(previous.vocabulary), dtype=np.int64)
        remap[used] = [index[w] for w in old_words]
        rows.append(np.asarray(kept_new, dtype=np.int64)[old_part.row])
        cols.append(remap[old_part.col])
        vals.append(old_part.data)
    for i, counter in fresh:
        rows.append(np.full(len(counter), i, dtype=np.int64))
        cols.append(np.fromiter((index[w] for w in counter), dtype=np.int64, count=len(counter)))
        vals.append(np.fromiter(counter.values(), dtype=np.int32, count=len(counter)))
    joined = [np.concatenate(a) if a else np.zeros(0, dtype=np.int64) for a in (rows, cols, vals)]
    counts = sparse.csr_matrix((joined[2].astype(np.int32), (joined[0], joined[1])),
                               shape=(n, len(vocabulary)), dtype=np.int32)
    counts.sort_indices()
    return vocabulary, counts



def _split_known(papers: tuple[Paper, ...], previous: RelatedIndex | None
                 ) -> tuple[list[tuple[int, Counter]], list[int], list[int]]:
    """``(fresh, kept_new, kept_old)``: the word counts of the papers whose text ``previous``
    does not know, by row; and for the others their rows now and in ``previous``."""
    known = {} if previous is None else {key: i for i, key in enumerate(previous.keys)}
    fresh: list[tuple[int, Counter]] = []
    kept_new: list[int] = []
    kept_old: list[int] = []
    for i, p in enumerate(papers):
        j = known.get(text_key(p))
        if j is None:
            fresh.append((i, Counter(_analyze()(paper_text(p)))))
        else:
            kept_new.append(i)
            kept_old.append(j)
    return fresh, kept_new, kept_old


def _kept_counts(previous: RelatedIndex, kept_old: list[int]
                 ) -> tuple[sparse.coo_matrix, np.ndarray, list[str]]:
    """``previous``'s word counts of the rows ``kept_old`` (in that order), the columns they
    use (sorted) and those columns' words."""
    from scipy import sparse

    old_part = sparse.csr_matrix(
        (previous.word_counts, previous.word_columns, previous.word_rows),
        shape=(len(previous.ids), len(previous.vocabulary)))[kept_old].tocoo()
    used = np.unique(old_part.col)
    return old_part, used, [previous.vocabulary[j] for j in used.tolist()]

def _features(papers: tuple[Paper, ...], vocabulary: list[str], counts: sparse.csr_matrix,
              tag_weight: float) -> tuple[sparse.csr_matrix, dict[str, tuple[int, int]],
                                          dict[str, tuple[int, int]]]:
    """Rows with ``row_i . row_j`` equal to the weighted similarity of papers i and j, and for
    each word and each tag its ``(column, document frequency)``."""
    from scipy import sparse
    from sklearn.feature_extraction.text import TfidfTransformer, TfidfVectorizer
    from sklearn.preprocessing import normalize

    n = len(papers)
    if vocabulary:
        text = normalize(TfidfTransformer(sublinear_tf=True).fit_transform(
            counts.astype(np.float32)).tocsr())
    else:  # no abstract has a word
        text = sparse.csr_matrix((n, 1), dtype=np.float32)
    df = np.bincount(counts.indices, minlength=len(vocabulary)).tolist()
    words = {w: (j, df[j]) for j, w in enumerate(vocabulary)}
    # Each tag is one token, whatever its spaces and punctuation ("Datasets & Benchmarks").
    tag, labels = _tfidf(TfidfVectorizer(analyzer=list, lowercase=False, dtype=np.float32),
                         [p.facts.tags for p in papers], n)
    matrix = sparse.hstack([text * np.sqrt(1.0 - tag_weight), tag * np.sqrt(tag_weight)],
                           format="csr", dtype=np.float32)
    offset = text.shape[1]  # the tag columns follow the text columns
    return matrix, words, {t: (col + offset, df) for t, (col, df) in labels.items()}


def _tfidf(vectorizer: TfidfVectorizer, docs: list, n: int
           ) -> tuple[sparse.csr_matrix, dict[str, tuple[int, int]]]:
    """L2-normalised TF-IDF rows and each token's ``(column, document frequency)``; an
    all-zero matrix when no document has any token (sklearn raises "empty vocabulary" then)."""
    from scipy import sparse
    from sklearn.preprocessing import normalize

    try:
        weights = vectorizer.fit_transform(docs).tocsr()
    except ValueError:
        return sparse.csr_matrix((n, 1), dtype=np.float32), {}
    counts = np.bincount(weights.indices, minlength=weights.shape[1]).tolist()
    return normalize(weights), {t: (c, counts[c]) for t, c in vectorizer.vocabulary_.items()}


def _changed_rows(previous: RelatedIndex | None, keys: tuple[str, ...],
                  tags: tuple[tuple[str, ...], ...], words: dict[str, tuple[int, int]],
                  labels: dict[str, tuple[int, int]], matrix: sparse.csr_matrix, k: int,
                  tag_weight: float) -> np.ndarray | None:
    """Sorted indices of the rows whose features differ from ``previous``'s, or ``None`` when
    the previous index cannot be updated (full computation)."""
    from scipy import sparse

    n = len(keys)
    if not _updatable(previous, n, k, tag_weight):
        return None
    rows = {i for i in range(n) if keys[i] != previous.keys[i] or tags[i] != previous.tags[i]}
    if len(rows) > UPDATE_MAX_CHANGED * n:
        return None
    moved = _moved_columns(previous, words, labels)
    if moved:  # every paper containing such a word or tag
        rows.update(sparse.csc_matrix(matrix[:, sorted(moved)]).indices.tolist())
    if len(rows) > UPDATE_MAX_CHANGED * n:
        return None
    return np.array(sorted(rows), dtype=np.int64)



def _updatable(previous: RelatedIndex | None, n: int, k: int, tag_weight: float) -> bool:
    """True when ``previous`` was computed for ``n`` papers with the same ``k`` (not 0) and
    ``tag_weight``: only then can its rows be updated."""
    return not (previous is None or len(previous.keys) != n or previous.k != k or k == 0
                or previous.tag_weight != tag_weight)


def _moved_columns(previous: RelatedIndex, words: dict[str, tuple[int, int]],
                   labels: dict[str, tuple[int, int]]) -> list[int]:
    """The columns of the words, then the tags, whose document frequency differs from
    ``previous``'s (their IDF weight moved)."""
    old_df = dict(zip(previous.vocabulary, np.bincount(
        previous.word_columns, minlength=len(previous.vocabulary)).tolist(), strict=True))
    moved = [words[t][0] for t in _df_changes(old_df, words) if t in words]
    moved += [labels[t][0] for t in _df_changes(previous.tag_df, labels) if t in labels]
    return moved

def _df_changes(old: Mapping[str, int], new: Mapping[str, tuple[int, int]]) -> list[str]:
    """Tokens whose document frequency differs (present in only one of the two included)."""
    return [t for t in old.keys() | new.keys()
            if old.get(t) != (new[t][1] if t in new else None)]


def _score_all(matrix: sparse.csr_matrix, columns: sparse.csc_matrix, k: int
               ) -> tuple[np.ndarray, np.ndarray]:
    """Neighbours and scores of every row, block by block (module docstring: Scaling)."""
    n = matrix.shape[0]
    neighbours = np.full((n, k), -1, dtype=np.int32)
    scores = np.full((n, k), -np.inf, dtype=np.float32)
    if k <= 0:
        return neighbours, scores
    step = max(1, min(BLOCK_ROWS, BLOCK_CELLS // n))
    for start in range(0, n, step):
        rows = np.arange(start, min(n, start + step))
        neighbours[rows], scores[rows] = _score_rows(matrix, columns, rows, k)
    return neighbours, scores


def _score_rows(matrix: sparse.csr_matrix, columns: sparse.csc_matrix, rows: np.ndarray,
                k: int) -> tuple[np.ndarray, np.ndarray]:
    """For the given rows: the ``k`` other rows with the largest positive dot product, best
    first, ties to the lower index, as ``(len(rows) x k indices, -1 padded; their scores)``."""
    n = matrix.shape[0]
    scores = (matrix[rows] @ columns).toarray().astype(np.float32, copy=False)
    np.round(scores, DECIMALS, out=scores)
    scores[np.arange(len(rows)), rows] = -np.inf  # never itself
    # The k-th best score of each row: everything at least as good is a candidate, so ties at
    # the cut are all seen and the lower index wins (argpartition alone is not stable).
    kth = np.partition(scores, n - k, axis=1)[:, n - k]
    neighbours = np.full((len(rows), k), -1, dtype=np.int32)
    best = np.full((len(rows), k), -np.inf, dtype=np.float32)
    for r in range(len(rows)):
        row = scores[r]
        cand = np.flatnonzero(row >= max(kth[r], np.float32(1e-12)))
        order = cand[np.argsort(-row[cand], kind="stable")[:k]]
        neighbours[r, :len(order)] = order
        best[r, :len(order)] = row[order]
    return neighbours, best


def _update(previous: RelatedIndex, matrix: sparse.csr_matrix, columns: sparse.csc_matrix,
            changed: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """The previous neighbours, updated for the ``changed`` rows (module docstring)."""
    neighbours, scores = previous.neighbours.copy(), previous.scores.copy()
    if not len(changed):
        return neighbours, scores
    is_changed = np.zeros(matrix.shape[0], dtype=bool)
    is_changed[changed] = True
    redo = is_changed | (is_changed[neighbours] & (neighbours >= 0)).any(axis=1)
    full = np.flatnonzero(redo)
    neighbours[full], scores[full] = _score_rows(matrix, columns, full, k)
    keep = np.flatnonzero(~redo)
    # Scores of the kept rows against the changed rows: each kept row times the changed
    # columns, computed as in _score_rows (the row's own terms, in order).
    against = (matrix[keep] @ columns[:, changed]).toarray().astype(np.float32, copy=False)
    np.round(against, DECIMALS, out=against)
    for r, i in enumerate(keep.tolist()):
        hits = np.flatnonzero(against[r] >= np.float32(1e-12))
        if not len(hits):
            continue
        cand = np.concatenate([neighbours[i][neighbours[i] >= 0], changed[hits]])
        vals = np.concatenate([scores[i][neighbours[i] >= 0], against[r, hits]])
        order = np.lexsort((cand, -vals))[:k]  # best score first, then the lower index
        neighbours[i] = -1
        scores[i] = -np.inf
        neighbours[i, :len(order)] = cand[order]
        scores[i, :len(order)] = vals[order]
    return neighbours, scores
