"""Name roles (``names.USE_CUES``, ``names.name_role``) and the choice among judged names
(an acronym over its long form, a family over its variant): one table per rule."""

import pytest

from generator.extract.names import USE_CUES, Occurrence, find_name
from generator.extract.sentences import pick_highlight, split_sentences


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
    # "built into the X platform" names where the work stands: not introduced
    ("Users struggle. ChainBuddy, an AI assistant built into the ChainForge platform, helps. "
     "ChainBuddy generates pipelines in ChainForge.", "ChainBuddy"),
]


@pytest.mark.parametrize(("text", "name"), CHOICE_TABLE)
def test_name_choice(text, name):
    assert _name(text) == name
