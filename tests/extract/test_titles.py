"""Derived titles and highlights (issue 2 items 1 and 5, issue 4 "Titles" and "Highlights")."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.extract.sentences import pick_highlight, split_sentences, without_lead
from generator.extract.titles import MAX_TITLE, _gerund, derive_title, shorten
from generator.read import read_seeds
from generator.text.markup import plain_text

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def seed_titles() -> dict[str, tuple[str | None, str, str]]:
    """Abstract opening words -> (name, title, plain highlight) for every seed abstract."""
    out = {}
    for a in read_seeds(ROOT / "seeds").abstracts:
        sentences = split_sentences(a.text)
        highlight = pick_highlight(sentences)
        name, title = derive_title(sentences, highlight)
        out[a.text[:40]] = (name, title, plain_text(highlight))
    return out


def _by_start(seed_titles, start: str):
    [hit] = [v for k, v in seed_titles.items() if k.startswith(start)]
    return hit


@pytest.mark.parametrize(("start", "name", "title"), [
    ("Video Large Language Models have", "FastVID",
     "FastVID: Dynamic Density Pruning for Fast Video LLMs"),
    ("Lorentz-equivariant neural networks", "LLoCa",
     "LLoCa: Lorentz Local Canonicalization for High-Energy Physics"),
    ("Open-World Object Detection (OWOD)", "CROWD",
     "CROWD: Combinatorial Open-World Detection for Continual Discovery"),
    ("Differentiable optimization has", "dQP",
     "dQP: Modular and Solver-Agnostic Framework for Plug-and-Play Differentiation"),
    ("Large language models (LLMs) often produ", "GRiD",
     "GRiD: Grounded Reasoning in Dependency"),
    ("Knowledge distillation (KD) is a vital", "SCAR",
     "SCAR: Distillation-Conditional Backdoor Attacks"),
    ("The diffusion inversion problem seeks", "PreciseInv",
     "PreciseInv: General-Purpose Test-Time Optimization Framework for Faithful Inversion"),
    ("Prediction with expert advice serves", None,
     "Prediction with Expert Advice: Fundamental Limits on Performance"),
])
def test_seed_titles(seed_titles, start, name, title):
    """The introduced name (bold, parenthesised, "termed X", "i.e., X") plus what it is."""
    assert _by_start(seed_titles, start)[:2] == (name, title)


def test_titles_unique_and_short(seed_titles):
    """No two seed titles are equal and none is longer than 90 characters."""
    titles = [t for _, t, _ in seed_titles.values()]
    assert len(set(titles)) == len(titles)
    assert max(map(len, titles)) <= MAX_TITLE


def test_highlight_is_the_contribution_sentence(seed_titles):
    """The highlight states the contribution, not the background opener."""
    assert _by_start(seed_titles, "Video Large Language Models have")[2] == (
        "Leveraging these insights, we propose Dynamic Density Pruning for Fast Video LLMs "
        "termed FastVID.")
    assert _by_start(seed_titles, "Can we build accurate world models")[2].startswith(
        "To bridge the gap, we propose a training-free")


@pytest.mark.parametrize(("sentence", "shown"), [
    ("Leveraging these insights, we propose FastVID.", "We propose FastVID."),
    ("To address this, we introduce $\\mathcal{G}$-Net.", "We introduce $\\mathcal{G}$-Net."),
    ("Therefore, we present a solver.", "We present a solver."),
    ("In this paper, we study bandits.", "We study bandits."),
    # kept: no back-reference, TeX or markup in the lead, a long lead, no "we" after it
    ("Unlike prior methods that rely on labels, we propose X.",
     "Unlike prior methods that rely on labels, we propose X."),
    ("Given $n$ samples from these models, we show a bound.",
     "Given $n$ samples from these models, we show a bound."),
    ("To address this, our method learns Y.", "To address this, our method learns Y."),
    ("To make these very large and very slow models much faster at test time, we prune.",
     "To make these very large and very slow models much faster at test time, we prune."),
])
def test_highlight_drops_a_lead_that_points_back(sentence, shown):
    """Shown alone, a highlight does not open with a clause about sentences the reader of a
    listing or card does not see."""
    assert without_lead(sentence) == shown


@pytest.mark.parametrize(("title", "expected"), [
    ("Broad Class of Networks Without LN Can Produce Pathologically Large Outputs for Certain "
     "Inputs Far From the Data", "Broad Class of Networks Without LN Can Produce Pathologically "
     "Large Outputs"),
    ("Non-Asymptotic Bounds Showing That Collapse Can Be Avoided Even as the Fraction of Real "
     "Data Vanishes", "Non-Asymptotic Bounds Showing That Collapse Can Be Avoided"),
    ("Short Title", "Short Title"),
])
def test_long_titles_end_on_a_whole_phrase(title, expected):
    """A title over 90 characters is cut before a joining word, never mid-phrase."""
    assert shorten(title) == expected


@pytest.mark.parametrize(("verb", "gerund"), [
    ("studies", "studying"), ("focuses", "focusing"), ("addresses", "addressing"),
    ("aims", "aiming"), ("uses", "using"), ("causes", "causing"), ("focus", "focusing"),
    ("address", "addressing"), ("map", "mapping"), ("tie", "tying"), ("leverage", "leveraging"),
])
def test_gerund_of_any_person(verb, gerund):
    """A verb after "this paper" is in the third person ("studies"): its gerund is
    "studying", never "studiesing"."""
    assert _gerund(verb) == gerund


@pytest.mark.parametrize(("text", "name", "title"), [
    # emphasis right after an introducing verb names even an ordinary capitalised word
    ("We introduce **Hydrant**, a hybrid architecture that interleaves SSM layers. It works.",
     "Hydrant", "Hydrant: Hybrid Architecture Interleaving SSM Layers"),
    # "called <long form> (ACRONYM)": the acronym is the name, the long form its descriptor
    ("We propose a method called Q-Guided Diffusion Policy (QGDP) that guides actions.",
     "QGDP", "QGDP: Q-Guided Diffusion Policy"),
    # a short symbol stays in a title, a longer formula ends it (issue 12: no formula)
    (r"We present RoboSort, a randomized algorithm that sorts $n$ items in $O(n \log n)$ "
     "expected time. It works.", "RoboSort",
     "RoboSort: Randomized Algorithm Sorting n Items"),
    # a capitalised word right after an introducing verb and before a kind of contribution
    # ("layers") is a name; the same word used in passing is not
    ("We introduce Hydrant layers for sequence models. They are fast.", "Hydrant",
     "Hydrant Layers for Sequence Models"),
    ("We study sequence models. Hydrant layers were fast.", None, "Sequence Models"),
    # the third person after "this paper", and "for the first time" before the verb
    ("Sparse coding is old. This paper studies sparse coding of audio in the wild.", None,
     "Studying Sparse Coding of Audio in the Wild"),
    ("Pruning is common. We for the first time prune diffusion transformers at scale.", None,
     "Pruning Diffusion Transformers at Scale"),
    # LaTeX emphasis names like Markdown emphasis, and math in parentheses is no acronym (a
    # new user's abstract once got the title "|V|^2: We Introduce HopFormer")
    (r"Graph neural networks struggle with long-range dependencies. We introduce "
     r"\emph{HopFormer}, a transformer over $k$-hop neighbourhoods whose attention cost is "
     r"$\mathcal{O}(|E| \cdot k)$ rather than $O(|V|^2)$. Code will be released.",
     "HopFormer", "HopFormer: Transformer over k-Hop Neighbourhoods"),
])
def test_naming_forms(text, name, title):
    sentences = split_sentences(text)
    assert derive_title(sentences, pick_highlight(sentences)) == (name, title)


@pytest.mark.parametrize(("text", "sentences"), [
    # a display formula that ends its sentence with its own period (a new user's abstract:
    # the highlight ran on into the next sentence)
    (r"We propose a method where the loss is $$\mathcal{L} = \|x\|_2^2.$$ Our method is fast.",
     [r"We propose a method where the loss is $$\mathcal{L} = \|x\|_2^2.$$",
      "Our method is fast."]),
    (r"We bound $\epsilon.$ Then it holds.", [r"We bound $\epsilon.$", "Then it holds."]),
    # a period inside a formula that does not end it splits nothing
    (r"The rate is $O(1/\sqrt{T}). x$ here. Done.", [r"The rate is $O(1/\sqrt{T}). x$ here.",
                                                     "Done."]),
])
def test_sentences_end_inside_formulas(text, sentences):
    assert split_sentences(text) == sentences
