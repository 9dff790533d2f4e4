"""One table per rule registry: which rule fires on which input."""

import pytest

from generator.extract.names import RULES, find_name
from generator.extract.sentences import pick_highlight, split_sentences
from generator.extract.titles import TITLE_CHECKS, title_problems
from generator.infra.registry import Registry

# Each title defect check, an input on which it alone fires.
TITLE_TABLE = [
    ("opener", "However Robust Training of Graph Networks"),
    ("dangling", "Robust Training of Graph Networks for"),
    ("brackets", "Robust Training (of Graph Networks"),
    ("one-word", "Transformers"),
    ("formula", "Learning a Simplex K∈ℝ^d"),
    ("long", "Robust Training " + "of Very Large Graph Networks " * 4),
    ("pointer", "SpanNorm: Technique Designed to Resolve This Dilemma"),
    ("clause", "REFORMER: Framework That Leverages ChatGPT"),
    ("generic", "VERUS-LM: Framework"),
    ("used", "VERUS-LM: AR-LSAT Dataset"),
]


def test_title_table_covers_every_check():
    assert [name for name, _ in TITLE_TABLE] == list(TITLE_CHECKS.names())


@pytest.mark.parametrize(("rule", "title"), TITLE_TABLE)
def test_title_check_fires_alone(rule, title):
    assert title_problems(title) == (rule,)


def test_a_clean_title_fires_no_check():
    assert title_problems("Mamba: Linear-Time Sequence Modeling with Selective State Spaces") == ()


# Name rules: an abstract, the name found, and the rules that gave it evidence, in order.
NAME_TABLE = [
    ("Sorting is hard. We propose a method called QuickMerge for sorting lists. QuickMerge "
     "outperforms baselines.", "QuickMerge",
     ("naming", "introduced", "results", "subject", "repeated", "contribution", "highlighted",
      "made-up")),
    ("Graph models are limited. We introduce the Copula Graph Neural Network (CopulaGNN), "
     "which models correlations.", "CopulaGNN",
     ("acronym", "contribution", "highlighted", "made-up")),
    ("We propose Hopper, which uses a multi-hop transformer for video reasoning. Hopper "
     "achieves state-of-the-art results.", "Hopper",
     ("introduced", "subject", "repeated", "contribution", "highlighted")),
    ("We evaluate on ImageNet and COCO. We introduce \\textsc{SurCo}, a solver. Code: "
     "https://github.com/a/SurCo", "SurCo",
     ("introduced", "marked", "contribution", "highlighted", "made-up")),
    ("Our proposed Tent adapts models at test time.", "Tent",
     ("ours", "contribution", "highlighted")),
]


@pytest.mark.parametrize(("text", "name", "evidence"), NAME_TABLE)
def test_name_rules_fire(text, name, evidence):
    sentences = split_sentences(text)
    found = find_name(sentences, pick_highlight(sentences))
    assert (found.name, found.evidence) == (name, evidence)
    known = [rule_name for rule_name, _ in RULES]
    assert list(evidence) == sorted(evidence, key=known.index)  # in registry order


def test_registry_orders_by_priority_and_replaces_by_name():
    reg: Registry[str] = Registry()
    reg.register("b", "second", 10)
    reg.register("a", "first", 20)
    reg.register("c", "third", 10)
    assert list(reg) == ["a", "b", "c"]
    assert reg.names() == ("first", "second", "third")
    reg.register("B", "second", 30)
    assert list(reg) == ["B", "a", "c"] and reg["second"] == "B"
    reg.deregister("first")
    assert "first" not in reg and len(reg) == 2
    with pytest.raises(KeyError):
        reg.deregister("first")
