"""The task or domain a derived title must name (``generator.extract.title_domain``): which
rule fires on which input (inputs written for the test)."""

from __future__ import annotations

import pytest

import generator.extract.title_domain as title_domain
from generator.extract.sentences import pick_highlight, split_sentences
from generator.extract.title_domain import (
    MIN_PHRASE,
    Phrase,
    PhraseModel,
    complements,
    domain_keys,
    key_words,
    phrase_keys,
    phrases,
    stems,
)
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


def test_a_hyphenated_word_holds_the_stem_of_each_part():
    assert stems("D3T: Dual-Domain Teacher") == {"d3t", "dual-", "domai", "teach"}


def test_phrases_hold_a_key_word_and_know_where_they_stand():
    model = _model(warfarin=1.0, dosing=0.5, safer=-4.0)
    texts = split_sentences(ABSTRACT)
    # "logged clinical records" opens on a participle; "safer warfarin dosing" loses its
    # lead word and is then the first phrase again
    assert list(phrases(texts, ["clinical", "warfarin"], model)) == [
        Phrase("Warfarin dosing", ("warfarin", "dosing"), "", 0, 1),
        Phrase("clinical baseline", ("clinical", "baseline"), "the", 2, 0),
    ]


def test_phrase_keys_name_each_feature():
    phrase = Phrase("clinical records", ("clinical", "records"), "logged", 1, 0)
    assert phrase_keys(phrase, 5) == ("S=clinical", "E=records", "L=2", "P=-", "R=1", "K=0",
                                      "C=3")


def test_the_phrase_model_ranks_complements_and_drops_unlikely_ones(monkeypatch):
    model = _model(warfarin=1.0, dosing=0.5, safer=-4.0)
    learned = PhraseModel({"E=baseline": 2.0}, 0.0)
    monkeypatch.setattr(title_domain, "load_phrase_model", lambda: learned)
    got = complements("Offline Policy Learning and Evaluation", split_sentences(ABSTRACT),
                      ["clinical", "warfarin"], model)
    assert got == [("for", "clinical baseline"), ("for", "Warfarin dosing")]  # 2.0, then 0.0
    learned = PhraseModel({"E=dosing": MIN_PHRASE - 1.0}, 0.0)
    monkeypatch.setattr(title_domain, "load_phrase_model", lambda: learned)
    got = complements("Offline Policy Learning and Evaluation", split_sentences(ABSTRACT),
                      ["clinical", "warfarin"], model)
    assert got == [("for", "clinical baseline")]  # "Warfarin dosing" is below MIN_PHRASE
