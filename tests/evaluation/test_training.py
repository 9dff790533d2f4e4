"""Tests of ``training/train_tag_model.py``: its dev figures decide tags the way the product
does, so a setting chosen on them means the same at run time."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from evaluation.project import read_labelled_file
from generator.config.taxonomy import load_taxonomy
from generator.extract import tag_inputs
from generator.extract.tags import assign_tags, matcher

pytestmark = pytest.mark.e2e  # tags every seed abstract with the shipped model

ROOT = Path(__file__).resolve().parents[2]
# Written for this test: one abstract only the fallback tags (no tag reaches its threshold),
# one no tag comes near (speech has no tag in the taxonomy).
WEAK = ["We study how students use a chatbot in an introductory programming course. Surveys "
        "of 300 students show that most rely on it for debugging. We discuss implications for "
        "teaching.",
        "We present a speech enhancement model that removes background noise from recordings "
        "in real time. Listening tests show higher quality than prior systems."]



def test_decide_gives_the_tags_assign_tags_gives(train):
    """On every seed abstract and ``WEAK``, ``decide`` over the shipped model's probabilities plus
    ``rule_strength`` (then ``implies``) equals ``assign_tags``, the fallback included."""
    taxonomy = load_taxonomy(ROOT / "taxonomy.yml")
    model = matcher(taxonomy).model
    names = list(model.tags)
    data = train.Data([], [], [], [])
    cache: dict = {}
    sources = []
    for seed in sorted((ROOT / "seeds").glob("*.txt")):
        for _, text in read_labelled_file(seed.parent, seed.name, cache)[1]:
            sources.append(text)
    sources += WEAK
    for text in sources:
        data.add(text, set(), False)
    by_name = {r.name: r for r in taxonomy.rules}
    thresholds = np.array([by_name[t].threshold if by_name[t].threshold is not None
                           else model.thresholds[t] for t in names])
    probs = np.array([[model.probabilities(t)[n] for n in names] for t in data.texts])
    combined = probs + train.rule_strength(taxonomy, data, names)
    hit, fallback = train.decide(combined, thresholds, taxonomy.max_tags, taxonomy.floor)
    expected = [assign_tags(taxonomy, *tag_inputs(text)) for text in sources]
    got = []
    for row in hit:
        tags = {names[j] for j in np.flatnonzero(row)}
        tags |= {i for t in tags for i in by_name[t].implies}
        got.append(tuple(n for n in taxonomy.names if n in tags))
    assert len(got) == len(WEAK) + sum(len(read_labelled_file(s.parent, s.name, cache)[1])
                                       for s in (ROOT / "seeds").glob("*.txt")) > len(WEAK)
    assert got == [tuple(sorted(e, key=taxonomy.names.index)) for e in expected]
    assert fallback[-2:].tolist() == [True, False] and got[-1] == ()
