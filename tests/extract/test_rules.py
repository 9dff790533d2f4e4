"""One table per rule registry: which rule fires on which input."""

import pytest

from evaluation.defects import KINDS, title_defects
from generator.extract.names import RULES, find_name
from generator.extract.sentences import (
    STANDALONE,
    pick_highlight,
    points_back,
    split_sentences,
    without_lead,
)
from generator.extract.titles import (
    COMPLETENESS,
    TITLE_CHECKS,
    SourceText,
    incomplete,
    title_problems,
)
from generator.infra.registry import Registry

# Each title defect check, an input on which it alone fires.
TITLE_TABLE = [
    ("opener", "However Robust Training of Graph Networks"),
    ("verb-opening", "GraphFit: Propose Robust Training of Graph Networks"),
    ("dangling", "Robust Training of Graph Networks for"),
    ("brackets", "Robust Training (of Graph Networks"),
    ("one-word", "Transformers"),
    ("formula", "Learning a Simplex K∈ℝ^d"),
    ("long", "Robust Training " + "of Very Large Graph Networks " * 4),
    ("pointer", "SpanNorm: Technique Designed to Resolve This Dilemma"),
    ("clause", "REFORMER: Framework That Is Robust"),
    ("finite-verb", "GeoDP: DP-SGD and Theoretically Derive the Impact of Noise"),
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


@pytest.mark.parametrize("title", ["Learning to Derive Proofs", "Fully Convolutional Networks",
                                   "Transformers Learn In-Context by Gradient Descent"])
def test_finite_verb_spares_purposes_adverbs_and_claims(title):
    assert "finite-verb" not in title_problems(title)


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
     ("introduced", "apposition", "marked", "contribution", "highlighted", "made-up")),
    ("Our proposed Tent adapts models at test time.", "Tent",
     ("ours", "contribution", "highlighted")),
    ("Robots need affordances. Using the pipeline, we train RoboPoint, a VLM that predicts "
     "keypoints.", "RoboPoint", ("apposition", "contribution", "highlighted", "made-up")),
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


# Highlight repairs (``STANDALONE``): a sentence, the repairs that change it, what it becomes.
STANDALONE_TABLE = [
    ("lead", "To address this issue, in this paper, we propose a spiking network for X.",
     "We propose a spiking network for X."),
    ("lead", "To address these limitations, this study proposes PHM-Bench, a benchmark.",
     "This study proposes PHM-Bench, a benchmark."),
    ("problem", "We address this gap by formalizing the Program-to-Geometry task.",
     "We formalize the Program-to-Geometry task."),
    ("problem", "This work addresses these challenges by proposing strategies for NR.",
     "This work proposes strategies for NR."),
    ("problem", "We attempt to tackle this problem and map graphs to sets.",
     "We map graphs to sets."),
    ("purpose", "We present GRID, a unified framework designed to address these challenges.",
     "We present GRID, a unified framework."),
    ("purpose", "We introduce HbBoPs, a method for prompt selection addressing these limitations.",
     "We introduce HbBoPs, a method for prompt selection."),
    ("split", "We present a new bandit model, the \\textit{cascading bandit}. This model serves "
     "as a generalization of bandits.", "We present a new bandit model, the \\textit{cascading "
     "bandit}."),
    ("split", "Prior work was studied by Smith et al. We propose SAGE, a sampler for graphs.",
     "We propose SAGE, a sampler for graphs."),
    ("split", "We present \\emph{Photoswap}, an approach to image editing.\\emph{Photoswap} first "
     "learns the concept.", "We present \\emph{Photoswap}, an approach to image editing."),
    ("connective", "First, we construct a graph of all tokens.",
     "We construct a graph of all tokens."),
    ("connective", "Moreover, the proposed sampler is unbiased.",
     "The proposed sampler is unbiased."),
    ("connective", "Specifically, our method learns a prior.", "Our method learns a prior."),
    ("connective", "In this paper we introduce GATr, an architecture for geometric data.",
     "We introduce GATr, an architecture for geometric data."),
    ("connective", "Here we present a redundancy reduction framework, termed VA-RED.",
     "We present a redundancy reduction framework, termed VA-RED."),
    ("connective", "This work, therefore, studies sparse coding.",
     "This work studies sparse coding."),
    ("means", "We attempt to take a first step in this direction by proposing CE-CDR, a framework.",
     "We propose CE-CDR, a framework."),
    ("means", "We address these limitations by using wind fields as inputs to a network.",
     "We use wind fields as inputs to a network."),
    ("means", "We forgo this dilemma by jointly improving accuracy and interpretability.",
     "We jointly improve accuracy and interpretability."),
    ("means", "We elicit the limitations of these approaches and propose solutions along four "
     "directions.", "We propose solutions along four directions."),
    ("wide-lead", "To interpret this phenomenon we prove that SGD stays close to gradient flow.",
     "We prove that SGD stays close to gradient flow."),
    ("relative", "We propose NEO-KD, a training strategy that tackles this challenge based on two "
     "ideas.", "We propose NEO-KD, a training strategy based on two ideas."),
    ("long", "We propose FragmentGPT, which integrates two core components for linker design in "
     "drug discovery: (1) a novel chemically-aware, energy-based bond cleavage " + "x " * 150
     + "model.", "We propose FragmentGPT, which integrates two core components for linker design "
     "in drug discovery."),
    ("tail", "We introduce DRES (Disfluency Removal Evaluation Suite), a controlled text-level "
     "benchmark that sets an upper bound for this task.", "We introduce DRES (Disfluency Removal "
     "Evaluation Suite), a controlled text-level benchmark that sets an upper bound."),
    ("tail", "This paper proposes bilayer Gossip Decentralised Parallel Stochastic Gradient "
     "Descent (GD PSGD), designed to address these issues in small devices.", "This paper "
     "proposes bilayer Gossip Decentralised Parallel Stochastic Gradient Descent (GD PSGD)."),
    ("wide-lead", "To overcome these challenges, here we introduce FetalCLIP, a foundation model.",
     "We introduce FetalCLIP, a foundation model."),
    ("wide-lead", "To address this challenge and fully unleash the potential of GNN in motion "
     "planning, this paper proposes GraphMP, a neural motion planner.",
     "This paper proposes GraphMP, a neural motion planner."),
    ("relative", "We introduce a Bayesian framework that overcomes these limitations.",
     "We introduce a Bayesian framework."),
    ("relative", "We propose COCO to bridge this gap and evaluate models on new scenarios.",
     "We propose COCO and evaluate models on new scenarios."),
    ("relative", "We propose SeqMatch, which tackles this problem by adaptively optimizing data.",
     "We propose SeqMatch, which adaptively optimizes data."),
    ("relative", "We build IGNN on three principles, which alleviate these dilemmas by enabling "
     "hop-wise generalization.", "We build IGNN on three principles, which enable hop-wise "
     "generalization."),
    ("connective", "In the paper, we study the rates of the estimator.",
     "We study the rates of the estimator."),
    ("phrase", "We propose a computational approach to this problem called BTO.",
     "We propose a computational approach called BTO."),
    ("phrase", "We propose a new explanation for this problem: GNNs have a bottleneck.",
     "We propose a new explanation: GNNs have a bottleneck."),
    ("long", "We propose X, a method for " + "very " * 70 + "long inputs; it runs in linear time.",
     "We propose X, a method for " + "very " * 70 + "long inputs."),
]


def test_standalone_table_covers_every_repair():
    assert sorted({name for name, _, _ in STANDALONE_TABLE}) == sorted(STANDALONE.names())


@pytest.mark.parametrize(("rule", "sentence", "shown"), STANDALONE_TABLE)
def test_standalone_repair_fires(rule, sentence, shown):
    fired, text = [], sentence
    for name, repair in zip(STANDALONE.names(), STANDALONE, strict=True):
        if repair(text) != text:
            fired.append(name)
            text = repair(text)
    assert fired == [rule]
    assert without_lead(sentence) == shown
    assert not points_back(shown)


@pytest.mark.parametrize("sentence", [
    "We show that this problem can be solved by using X.",  # a clause: its verb stays
    "We provide a rigorous answer to these questions.",  # too little would stay
    "To make these very large and very slow models much faster at test time, we prune.",
])
def test_a_repair_that_would_change_the_meaning_does_not_fire(sentence):
    assert without_lead(sentence) == sentence


def test_a_sentence_that_reads_alone_is_kept():
    sentence = "We propose Mamba, a selective state space model for long sequences."
    assert without_lead(sentence) == sentence
    assert not points_back(sentence)
    assert points_back("This dilemma remains open.") and not points_back("This work studies X.")


# Spelling of the name (``names._as_written``): an abstract and the name the title gets.
SPELLING_TABLE = [
    # a compound the bare acronym is the end of, as often as the acronym alone
    ("Regularization by denoising (RED) is a framework. We propose an asynchronous RED "
     "(Async-RED) algorithm for parallel inverse problems. Async-RED converges.", "Async-RED"),
    # a typo of a long name: the spelling the abstract uses more often
    ("We introduce a benchmark called PasticineLab for soft bodies. PlasticineLab is "
     "differentiable. PlasticineLab will be public.", "PlasticineLab"),
    # short names one letter apart are different names
    ("We propose RLIHF, reinforcement learning from implicit human feedback. Unlike RLHF and "
     "RLHF variants, RLIHF needs no labels.", "RLIHF"),
    # a sized model of a family the abstract names alone: the family
    ("We release Nile-Chat-4B, a language model for Egyptian Arabic. Nile-Chat models beat "
     "baselines; Nile-Chat-4B is open.", "Nile-Chat"),
    # naming cues of the _naming and _introduced rules: "tagged", "published as", "In X, we
    # propose", a passive after the name and its kind
    ("Imitation is hard. We propose a search-based offline method, tagged SEABO. SEABO "
     "allocates rewards.", "SEABO"),
    ("Puzzles are hard. The puzzles are published as MultiZebraLogic in nine languages.",
     "MultiZebraLogic"),
    ("Models paint well. In PixelArena, we propose using segmentation tasks to examine them.",
     "PixelArena"),
    ("Planning is hard. A strategic chain-of-thought tasking (SCoTT) approach is proposed. "
     "SCoTT divides the task.", "SCoTT"),
    # a space put back after a contribution verb
    ("Transfer is hard. To facilitate research, we proposeCausalWorld, a benchmark for causal "
     "structure. CausalWorld is open.", "CausalWorld"),
]


@pytest.mark.parametrize(("text", "name"), SPELLING_TABLE)
def test_name_as_the_abstract_writes_it(text, name):
    sentences = split_sentences(text)
    found = find_name(sentences, pick_highlight(sentences))
    assert found is not None and found.name == name


# Each completeness rule of a title against its abstract (``COMPLETENESS``): a title, and an
# abstract that goes on after the title's end, on which that rule alone fires.
COMPLETENESS_TABLE = [
    ("of-complement", "Evaluating the Faithfulness",
     "We study evaluating the faithfulness of reasoning traces in small models."),
    ("open-list", "Combining Active Learning, Data Augmentation",
     "We propose combining active learning, data augmentation and pseudo-labels for triage."),
    ("goes-on", "Benchmark for Precise Pixel",
     "We build a benchmark for precise pixel localization of surface defects."),
]


def test_completeness_table_covers_every_rule():
    assert [name for name, _, _ in COMPLETENESS_TABLE] == list(COMPLETENESS.names())


@pytest.mark.parametrize(("rule", "title", "abstract"), COMPLETENESS_TABLE)
def test_completeness_rule_fires_alone(rule, title, abstract):
    assert incomplete(title, SourceText.of(split_sentences(abstract))) == (rule,)


@pytest.mark.parametrize(("title", "abstract"), [
    ("Benchmark for Precise Pixel Localization",  # ends where the abstract's phrase ends
     "We build a benchmark for precise pixel localization of surface defects."),
    ("Benchmark for Surface Defects",  # ends where the abstract ends
     "We build a benchmark for precise pixel localization of surface defects."),
    ("Benchmark for Crack Detection",  # its end stands nowhere in the abstract
     "We build a benchmark for precise pixel localization of surface defects."),
    ("MIND: Evaluating the Faithfulness",  # the part after the name is judged, "." follows
     "We study evaluating the faithfulness. It matters."),
])
def test_a_complete_title_fires_no_completeness_rule(title, abstract):
    assert incomplete(title, SourceText.of(split_sentences(abstract))) == ()


def test_the_title_end_is_found_as_a_whole_word():
    source = SourceText.of(["Fine-grained pixel localization; coarse pixel maps."])
    assert source.after("pixel localization") == ";"
    assert source.after("pixel map") == ""  # "maps" is another word: nowhere
    assert source.after("pixel maps") == "."


# The defect detector of the evaluation (``evaluation.defects.CHECKS``): a title (and the
# abstract it was derived from) on which one kind alone fires.
_ABSTRACT = ("We propose RED-Net, a family of hybrid architectures across different scales. "
             "RED-Net is fast. We evaluate PlasticineLab and PlasticineLab twice.")
DEFECT_TABLE = [
    ("opener", "However Robust Training of Graph Networks", ""),
    ("dangling", "Robust Training of Graph Networks-", ""),
    ("brackets", "Robust Training (of Graph Networks", ""),
    ("one-word", "Transformers", ""),
    ("formula", "Learning Simplex Embeddings with x^2 Losses", ""),
    ("long", "Robust Training " + "of Very Large Graph Networks " * 4, ""),
    ("pointer", "SpanNorm: Technique Designed to Resolve This Dilemma", ""),
    ("cut", "RED-Net: Hybrid Architectures Across Different", _ABSTRACT),
    ("name-spelling", "PasticineLab: Evaluating Hybrid Architectures",
     _ABSTRACT + " PasticineLab."),
    ("name-part", "Net2: Hybrid Architectures Across Different Scales",
     "We propose RED-Net2, hybrid architectures across different scales. RED-Net2 is fast."),
    ("garbled", "RED-Net: Hybrid Architecturs Introducecontroling Scales", _ABSTRACT),
]


def test_defect_table_covers_every_kind():
    assert [kind for kind, _, _ in DEFECT_TABLE] == list(KINDS)


@pytest.mark.parametrize(("kind", "title", "abstract"), DEFECT_TABLE)
def test_defect_kind_fires_alone(kind, title, abstract):
    assert title_defects(title, abstract) == (kind,)


def test_a_clean_title_has_no_defect_against_its_abstract():
    assert title_defects("RED-Net: Hybrid Architectures Across Different Scales", _ABSTRACT) == ()
