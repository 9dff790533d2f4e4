"""The learned title span scorer (issue 25 item 4: candidate phrases scored by a model trained
on real (title, abstract) pairs)."""

from __future__ import annotations

import json

import pytest

from generator.extract.sentences import pick_highlight, split_sentences
from generator.extract.title_model import after_key, load_title_bounds
from generator.extract.title_spans import (
    MAX_SPAN,
    SpanModel,
    TitleLM,
    load_span_model,
    span_ends,
    tokens,
)
from generator.extract.titles import derive_title, title_problems

SENTENCE = ("We propose LogFormer, a unified Transformer-based framework for log anomaly "
            "detection that requires no labels, and evaluate it on three benchmarks.")


def _spans(text: str, verbs: frozenset[str] = frozenset()) -> set[str]:
    toks = tokens(text)
    return {" ".join(toks[i:j]) for i, ends in span_ends(toks, verbs) for j in ends}


def test_spans_are_phrases_without_clause_or_pointer():
    """Spans cross no punctuation, open on no function word, end on none, hold no clause
    word, pronoun or listed verb."""
    spans = _spans(SENTENCE, frozenset({"requires"}))
    assert "Transformer-based framework for log anomaly detection" in spans
    assert "log anomaly detection" in spans
    assert "framework for" not in spans  # ends on a function word
    assert "for log anomaly detection" not in spans  # opens on one
    assert not any("," in s or "that" in s.split() or "it" in s.split() for s in spans)
    assert not any("requires" in s.split() for s in spans)
    assert max(len(s.split()) for s in spans) <= MAX_SPAN


def test_running_sums_equal_the_feature_sum():
    """``spans`` ranks by the same score ``score`` computes from ``span_keys``."""
    model = load_span_model()
    assert model is not None
    toks = tokens(SENTENCE)
    for name in (None, "LogFormer"):
        got = list(model._sentence_spans(toks, 1, name))
        assert len(got) == sum(len(ends) for _, ends in span_ends(toks, model.lm.verbs))
        for score, i, j in got:
            assert score == pytest.approx(model.score(toks, i, j, 1, name), abs=1e-9)


def test_best_span_names_the_contribution_and_its_task():
    """Of the spans of a contribution sentence, the shipped weights put the complete
    descriptive phrase first, not a fragment cut before its object."""
    model = load_span_model()
    best = model.spans([SENTENCE], "LogFormer", top=3)
    assert best[0].text.endswith("log anomaly detection")
    assert best[0].score > best[1].score or best[0].score == best[1].score


def test_toy_weights_choose_the_span(tmp_path):
    """A model file is read as written: a weight on an inner word picks the span holding it."""
    path = tmp_path / "spans.json"
    path.write_text(json.dumps({"bias": 0.0, "form": 0.0, "weights": {"I=anomaly": 1.0,
                                                                      "L=2": 0.5},
                                "lm": {"start": {}, "end": {}, "pair": {}, "verbs": []}}))
    model = load_span_model(path)
    assert model == SpanModel({"I=anomaly": 1.0, "L=2": 0.5}, 0.0,
                              TitleLM({}, {}, {}, frozenset()), 0.0)
    assert model.spans(["log anomaly detection works"], None, top=1)[0].text in (
        "log anomaly", "anomaly detection")


def test_bad_model_file_names_the_file(tmp_path):
    path = tmp_path / "spans.json"
    path.write_text('{"weights": {}}')
    with pytest.raises(ValueError, match="spans.json: not a title span model"):
        load_span_model(path)
    assert load_span_model(tmp_path / "missing.json") is None


def test_boundary_table_reads_by_word_shape_and_mark(tmp_path):
    path = tmp_path / "bounds.json"
    path.write_text(json.dumps({"after": {"of": -2.0, "#noun": -3.0, "(": 2.0}}))
    bounds = load_title_bounds(path)
    assert [bounds.goes_on(t) for t in ("of", "localization", "(", "is", None)] == \
        [True, True, False, False, False]
    assert (after_key("localization", {"of"}), after_key("Pixel", {"of"})) == ("#noun", "#Cap")
    assert after_key("Of", {"of"}) == "of"


def test_bad_boundary_table_names_the_file(tmp_path):
    path = tmp_path / "bounds.json"
    path.write_text('{"after": [1]}')
    with pytest.raises(ValueError, match="bounds.json: not a title boundary table"):
        load_title_bounds(path)
    assert load_title_bounds(tmp_path / "missing.json") is None


def _title(text: str) -> tuple[str | None, str]:
    sentences = split_sentences(text)
    return derive_title(sentences, pick_highlight(sentences))


def test_a_bare_descriptor_gets_its_task():
    """A long form that only spells the name out gets the task the abstract gives after
    "for" ("FU: Federated Unlearning" said nothing of what it is for)."""
    name, title = _title("Clients of a federation may ask to be forgotten. We propose Federated "
                         "Unlearning (FU), a protocol for removing client contributions from "
                         "trained global models. It is exact.")
    assert name == "FU"
    assert title.startswith("FU: Federated Unlearning for ")
    assert "Client Contributions" in title
    assert not title_problems(title)


def test_no_span_opens_on_a_participle():
    """A span the scorer likes but that opens on a participle ("Used in Agentic AI") is no
    title: the rules' title stays."""
    _, title = _title("Language models are used in agentic AI. We study how such agents behave "
                      "under pressure. Agentic AI is growing fast.")
    assert not title.lower().startswith("used")
    assert not title_problems(title)
