"""The task or domain a derived title must name (``generator.extract.title_domain``): which
rule fires on which input (inputs written for the test)."""

from __future__ import annotations

import pytest

from generator.extract.sentences import pick_highlight, split_sentences
from generator.extract.title_domain import complements, domain_keys, key_words
from generator.extract.title_model import TitleModel, load_title_model
from generator.extract.titles import derive_title

ABSTRACT = ("Warfarin dosing is hard to get right. We study offline policy learning and "
            "evaluation from logged clinical records. Our offline policy reaches safer warfarin "
            "dosing than the clinical baseline on patient data.")


def _model(**title: float) -> TitleModel:
    return TitleModel(title, {}, tuple(), 0.0)


def test_key_words_are_repeated_title_words_by_weight():
    model = _model(warfarin=1.0, dosing=0.5, offline=0.0, clinical=-1.0, hard=-5.0)
    # counts: warfarin 2, dosing 2, offline 2, clinical 2, policy 2 (unknown: no key word)
    assert key_words(ABSTRACT, model) == ["warfarin", "dosing", "offline", "clinical"]


KEYS = ["warfarin", "dosing", "offline", "clinical"]


@pytest.mark.parametrize(("title", "keys"), [
    ("Offline Policy Learning and Evaluation", KEYS),        # names neither of the first two
    ("Offline Learning of Warfarin Doses", []),              # names the first
    ("Dosing Policies Learned Offline Twice", []),           # the second, by stem
    ("Offline Policy Learning for Clinical Records", []),     # says what for
    ("WARD: Offline Warfarin Dosing", ["clinical"]),         # bare: the key words it lacks
    ("WARD: Offline Policy Learning Across Many Records", KEYS),  # not bare: as any title
])
def test_domain_keys(title, keys):
    assert domain_keys(title, KEYS) == keys


def test_no_key_word_asks_for_nothing():
    assert domain_keys("Offline Policy Learning", []) == []


def test_complements_are_whole_noun_runs_holding_the_key_word():
    model = _model(warfarin=1.0, dosing=0.5, safer=-4.0)
    sentences = split_sentences(ABSTRACT)
    got = complements("Offline Policy Learning and Evaluation", sentences,
                      ["warfarin", "dosing"], model)
    # "safer" is dropped as a lead word rarer in titles than LEAD_ODDS; both runs are the
    # same phrase, kept once; "in"/"on" not written before it, so "for"
    assert got == [("for", "Warfarin dosing")]


def test_a_run_sharing_a_word_with_the_title_is_no_complement():
    model = _model(warfarin=1.0, dosing=0.5)
    assert complements("Warfarin Dosing Policies", split_sentences(ABSTRACT),
                       ["warfarin", "dosing"], model) == []


def test_a_vague_title_gets_its_domain_with_the_shipped_models():
    if load_title_model() is None:
        pytest.skip("no title model file")
    text = ("Operators lose revenue when customer churn goes unnoticed. We present a "
            "lightweight gradient boosting pipeline. On call records of two operators, it "
            "predicts customer churn earlier than deep baselines.")
    sentences = split_sentences(text)
    assert derive_title(sentences, pick_highlight(sentences)) == \
        (None, "Lightweight Gradient Boosting Pipeline for Customer Churn")
