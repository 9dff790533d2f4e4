"""``choose_thresholds`` of ``training/train_tag_model.py``: precision first, then F-beta."""

from __future__ import annotations

import numpy as np


def test_a_threshold_under_the_precision_floor_loses_to_one_above_it(train):
    """Tag A: 6 positives score 1.0, 4 positives and 3 negatives 0.6, 20 negatives 0.1. Any
    threshold up to 0.6 has the best F-beta (0.7) but precision 10/13 = 0.77; 0.65 keeps
    the 6 sure ones (precision 1.0) and wins. Tag B: 10 positives and 5 negatives at 0.7,
    no threshold reaches precision 0.80: the best F-beta, the grid's first value, stays."""
    assert train.MIN_PRECISION == 0.80  # the figures above are worked out for this floor
    a = [1.0] * 6 + [0.6] * 4 + [0.6] * 3 + [0.1] * 20
    a_truth = [True] * 10 + [False] * 23
    b = [0.7] * 15 + [0.1] * 18
    b_truth = [True] * 10 + [False] * 23
    combined = np.array([a, b]).T
    truth = np.array([a_truth, b_truth]).T
    chosen = train.choose_thresholds(combined, truth, ["A", "B"], default=0.5)
    assert chosen == {"A": 0.65, "B": 0.30}
    f_at = {}
    for t in (0.30, 0.65):
        hit = combined[:, 0] >= t
        tp, fp, fn = (hit & truth[:, 0]).sum(), (hit & ~truth[:, 0]).sum(), (
            ~hit & truth[:, 0]).sum()
        f_at[t] = 1.49 * tp / (1.49 * tp + 0.49 * fn + fp)
    assert f_at[0.30] > f_at[0.65]  # so the floor, not F-beta, chose 0.65


def test_too_few_positives_keep_the_default(train):
    """A tag with fewer than ``MIN_DEV_POSITIVES`` dev positives keeps ``default``."""
    n = train.MIN_DEV_POSITIVES - 1
    combined = np.array([[0.9] * n + [0.1] * 10]).T
    truth = np.array([[True] * n + [False] * 10]).T
    assert train.choose_thresholds(combined, truth, ["A"], default=0.5) == {"A": 0.5}
