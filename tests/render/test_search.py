"""Search aliases for math and the "did you mean" vocabulary (generator/render/search.py)."""

from __future__ import annotations

import json

from generator.render.search import math_aliases, search_aliases, vocabulary
from generator.text.markup import plain_text

TEX = (r"A regret of $O(\sqrt{T})$ under $\epsilon$-differential privacy with "
       r"$\left(\varepsilon, \lambda\right)$ and $\mathbf{x}$.")


def test_math_aliases_name_commands_letters_and_symbols() -> None:
    """TeX command names (not layout ones), Greek letters with their names and plain letter,
    and math symbols by their TeX names."""
    plain = plain_text(TEX)
    assert math_aliases(TEX, plain) == {
        "sqrt", "epsilon", "varepsilon", "lambda", "ε", "λ"}
    assert math_aliases("", "bound √n for θ and ϕ") == {"sqrt", "theta", "θ", "phi", "φ"}


def test_search_aliases_carry_the_math_names() -> None:
    """A paper's aliases hold the names of its math beside the joined and folded forms."""
    aliases = search_aliases([plain_text(TEX)], tex=TEX)
    assert {"sqrt", "epsilon", "ε", "εdifferential"} <= set(aliases)
    assert "left" not in aliases and "mathbf" not in aliases


def test_vocabulary_words_counts_and_names() -> None:
    """Words of titles, names and authors, each once with the number of papers using it;
    compounds whole, joined and split; names listed apart; sorted."""
    data = json.loads(vocabulary([
        ("PaLM-E: An Embodied Multimodal Language Model", "PaLM-E", ("Danny Drieß",)),
        ("Language Models are Few-Shot Learners", None, ("Tom Brown",)),
    ]))
    words = dict(zip(data["words"], data["counts"], strict=True))
    assert data["words"] == sorted(data["words"])
    assert words["language"] == 2 and words["palm-e"] == 1 and words["palme"] == 1
    assert words["few-shot"] == 1 and words["fewshot"] == 1 and words["shot"] == 1
    assert words["drieß"] == 1 and "an" not in words  # two letters are too short
    assert data["names"] == ["palm", "palm-e", "palme"]



def test_vocabulary_names_from_a_title_lead() -> None:
    """A title's one word before its colon counts as a method name's word where no name was
    extracted ("LaFTer: ..."); a lead of two words does not ("Diffusion Models: ...")."""
    data = json.loads(vocabulary([
        ("LaFTer: Label-Free Tuning of Zero-shot Classifiers", None, ()),
        ("Diffusion Models: A Survey", None, ()),
    ]))
    assert data["names"] == ["lafter"]
    assert {"lafter", "diffusion", "models", "label-free"} <= set(data["words"])
