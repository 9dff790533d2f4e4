"""Name roles (``names.USE_CUES``, ``names.name_role``), the choice among judged names (an
acronym over its long form, a family over its variant) and where a name may come from (the
prose as written, not a formula or a slug): one table per rule."""

import pytest

from generator.extract.links import extract_links
from generator.extract.names import USE_CUES, Occurrence, find_name
from generator.extract.sentences import pick_highlight, split_sentences
from generator.extract.titles import derive_title
from generator.text.markup import tokenize


def _occurrence(sentence: str, name: str) -> Occurrence:
    at = sentence.index(name)
    return Occurrence(0, sentence[:at], sentence[at + len(name):], False, False)


# Each use cue, a sentence and a name on which it alone fires.
USE_TABLE = [
    ("using", "We align captions using the pretrained CLIP encoder.", "CLIP"),
    ("built-on", "Our detector is built on top of YOLOv8 for speed.", "YOLOv8"),
    ("evaluated-on", "Experiments on the KITTI and nuScenes sets show gains.", "nuScenes"),
    ("compared", "Our kernel is twice as fast than FlashAttention in practice.",
     "FlashAttention"),
    ("such-as", "Large models such as GPT-4 hallucinate.", "GPT-4"),
    ("existing", "Existing NeRF methods are slow.", "NeRF"),
    ("extends", "We extend DreamerV3 to offline data.", "DreamerV3"),
    ("variants", "Many LoRA variants exist.", "LoRA"),
]


def test_use_table_covers_every_cue():
    assert [cue for cue, _, _ in USE_TABLE] == list(USE_CUES.names())


@pytest.mark.parametrize(("cue", "sentence", "name"), USE_TABLE)
def test_use_cue_fires_alone(cue, sentence, name):
    occ = _occurrence(sentence, name)
    fired = [n for n, c in zip(USE_CUES.names(), USE_CUES, strict=True) if c.fires(occ)]
    assert fired == [cue]


@pytest.mark.parametrize(("sentence", "name"), [
    ("We propose LoRA-X, a low-rank adapter.", "LoRA-X"),
    ("Our Llama-1B LAWCAT variant is fast.", "LAWCAT"),  # one variant: the paper's own
    ("LAWCAT achieves state-of-the-art results.", "LAWCAT"),
])
def test_no_use_cue_fires_on_an_introduced_name(sentence, name):
    occ = _occurrence(sentence, name)
    assert not any(c.fires(occ) for c in USE_CUES)


def _name(text: str) -> str | None:
    sentences = split_sentences(text)
    found = find_name(sentences, pick_highlight(sentences))
    return found.name if found else None


# Abstracts and the name the title opens with (None: no name), one per role or choice rule.
CHOICE_TABLE = [
    # a decisive use cue outweighs an introducing verb: "existing X" is a field term
    ("Federated domain generalization (FedDG) is studied widely. Existing FedDG methods "
     "ignore prompts. We propose FedDG for prompt aggregation.", None),
    # a name the abstract only uses, with results but no introduction: not the paper's name
    ("Agents need tools. We build an application using LangGraph. Experiments follow. "
     "LangGraph achieves fast results.", None),
    # a long form's capitalised part and its acronym: one name, the acronym
    ("Models forget. To address this, we propose Continual Consistency Diffusion (CCD), a "
     "\\textbf{Continual Consistency Diffusion} framework. CCD is fast.", "CCD"),
    # a family and its variant: the family
    ("Evaluation is slow. We introduce Collective Test-Time Scaling (CTTS). We further "
     "propose CTTS-MM, a framework for agents. CTTS-MM outperforms baselines.", "CTTS"),
    # a new version is the paper's name, not the family's
    ("We propose VARGPT, a model. Here we present VARGPT-v1.1, an improved model. "
     "VARGPT-v1.1 outperforms VARGPT.", "VARGPT-v1.1"),
    # a marked-up phrase holding a parenthesis is a name and its acronym, not one name
    ("Clinical variables interact over time. We propose $\\textbf{Chain-of-Influence (CoI)}$, "
     "an interpretable deep learning framework for tracing influence.", "Chain-of-Influence"),
    # "built into the X platform" names where the work stands: not introduced
    ("Users struggle. ChainBuddy, an AI assistant built into the ChainForge platform, helps. "
     "ChainBuddy generates pipelines in ChainForge.", "ChainBuddy"),
]


@pytest.mark.parametrize(("text", "name"), CHOICE_TABLE)
def test_name_choice(text, name):
    assert _name(text) == name


def _derived(text: str) -> tuple[str | None, str]:
    sentences = split_sentences(text)
    urls = [link.url for link in extract_links(tokenize(text), ())[0]]
    return derive_title(sentences, pick_highlight(sentences), urls)


# Where a name may come from: the abstract's prose as the reader sees it written. An abstract,
# the name its title opens with, and a word that must not stand in its title.
SPELT_TABLE = [
    # a word that stands only inside a formula is no name ("mT" of "d\sqrt{mT}")
    ("Clustering of bandits is studied. In this work we propose two robust algorithms for "
     "misspecified user models. We prove regret upper bounds of "
     "$O(\\epsilon_*T\\sqrt{md\\log T} + d\\sqrt{mT}\\log T)$ for our algorithms.", None, "mT"),
    # a repository slug in lower case is no name as written ("s5rl")
    ("Transformers are slow for long inputs. We propose a sparse attention for reinforcement "
     "learning tasks. We provide code at https://github.com/luchris/s5rl.", None, "s5rl"),
    # a repository name written with its capitals is
    ("Transformers are slow for long inputs. We propose a sparse attention for reinforcement "
     "learning tasks. We provide code at https://github.com/luchris/SparseRL.", "SparseRL",
     None),
]


@pytest.mark.parametrize(("text", "name", "absent"), SPELT_TABLE)
def test_a_name_is_written_in_the_prose(text, name, absent):
    found, title = _derived(text)
    assert found == name
    assert title.startswith(f"{name}: ") if name else absent.lower() not in title.lower()


def test_a_coined_name_keeps_its_case_at_the_start_of_a_title():
    found, title = _derived(
        "Cells are complex. This paper presents scI2CL, a new single-cell multi-omics fusion "
        "framework based on intra- and inter-omics contrastive learning, to learn "
        "representations for downstream tasks. scI2CL surpasses eight methods.")
    assert found == "scI2CL" and title.startswith("scI2CL: ")


def test_an_expansion_spelt_by_its_capitals_shows_as_words():
    text = ("Geometry problems are hard for models. We propose the Geometry Problem sOlver with "
            "natural Language Description (GOLD) model for math word problems. GOLD "
            "outperforms prior solvers on two benchmarks.")
    sentences = split_sentences(text)
    found = find_name(sentences, pick_highlight(sentences))
    assert (found.name, found.long_form) == (
        "GOLD", "Geometry Problem solver with natural Language Description")
