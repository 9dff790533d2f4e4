"""Entities named in an abstract: models, benchmarks, headline numbers (issue 4, "Beyond the
seeds"). Exact values on seed abstracts, plus the messy cases."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.extract.entities import extract_entities
from generator.read import read_seeds
from generator.text.markup import plain_text

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def seed_entities():
    return {a.text[:30]: extract_entities(plain_text(a.text))
            for a in read_seeds(ROOT / "seeds").abstracts}


def _by_start(seed_entities, start):
    [hit] = [v for k, v in seed_entities.items() if k.startswith(start)]
    return hit


@pytest.mark.parametrize(("start", "models", "benchmarks", "numbers"), [
    ("Video Large Language Models", ("LLaVA-OneVision", "LLaVA-Video", "Qwen2-VL", "Qwen2.5-VL",
                                     "LLaVA-OneVision-7B"),
     (), ("90.3% of video tokens", "98.0% of the original accuracy")),
    ("We show that reinforcement", ("Qwen2.5-Math-1.5B", "Qwen2.5-Math-7B", "Llama3.2-3B-Instruct",
                                    "DeepSeek-R1-Distill-Qwen-1.5B"),
     ("MATH500",), ("8.6% improvement", "7.0% non-format gain")),
    ("Diffusion in transformer is", ("Flux.1-dev", "Wan2.1"), ("VBench",),
     ("up to 1.77×-3.01× speedup",)),
    ("The diffusion inversion prob", (), ("COCO 2017", "DarkFace"), ()),
    ("Lorentz-equivariant neural n", (), (), ("4× faster", "10× fewer")),
])
def test_seed_entities(seed_entities, start, models, benchmarks, numbers):
    e = _by_start(seed_entities, start)
    assert (e.models, e.benchmarks, e.numbers) == (models, benchmarks, numbers)


def test_number_does_not_reach_across_a_clause():
    """"35% while keeping answer accuracy" is not a figure about accuracy; a figure right
    before its effect word is kept, each once."""
    e = extract_entities("It cuts tokens by 35% while keeping answer accuracy. It is 7.1x "
                         "faster and prunes 90.3% of video tokens, with 2.5% higher accuracy. "
                         "Again 7.1x faster.")
    assert e.numbers == ("7.1x faster", "90.3% of video tokens", "2.5% higher accuracy")


def test_benchmark_is_not_also_a_model():
    e = extract_entities("We fine-tune Llama-3-8B and test on MMLU-Pro and CIFAR-100.")
    assert e.models == ("Llama-3-8B",)
    assert e.benchmarks == ("MMLU-Pro", "CIFAR-100")


@pytest.mark.parametrize(("text", "numbers"), [
    # issue 12: ranges, units and metrics are kept whole
    ("It gives a 2-5x speedup over the baseline.", ("2-5x speedup",)),
    ("It is 2 to 5 times faster than search.", ("2 to 5 times faster",)),
    ("Our model reaches 28.4 BLEU on WMT14.", ("28.4 BLEU",)),
    ("It achieves 99.3% accuracy on MNIST.", ("99.3% accuracy",)),
    ("It raises the mIoU of 52.3 reported before.", ("mIoU of 52.3",)),
    ("A 3.2 points gain in F1.", ("3.2 points",)),
    # a digit after a hyphenated word is part of a name: "top-1", "ResNet-50", "Llama-2"
    ("It keeps 97.5% of its top-1 accuracy.", ("97.5% of its top-1 accuracy",)),
    ("Pruned ResNet-50 accuracy drops by a little.", ()),
    ("Gains of 0.8-3.1 pp across tasks.", ("0.8-3.1 pp",)),
    ("It reaches 71.0% zero-shot accuracy.", ("71.0% zero-shot accuracy",)),
    # a comparative names what it compares ("37× less" alone says nothing), not "than"
    ("It uses 37× less memory than exact sorting.", ("37× less memory",)),
    ("It needs 3x fewer labelled examples.", ("3x fewer labelled examples",)),
    ("It is 2× cheaper than search.", ("2× cheaper",)),
    # after a comparison sign a figure is a condition, not a result (ℓ ≥ 2 points sampled)
    ("When ℓ ≥ 2 points are sampled it is 3x faster.", ("3x faster",)),
    ("For k=4 points and n = 10x more data.", ()),
])
def test_numbers_keep_ranges_units_and_metrics(text, numbers):
    assert extract_entities(text).numbers == numbers
