"""Models, benchmarks and headline numbers named in an abstract.

Heuristics from how abstracts name things: model names carry a size or version
(``Qwen2.5-Math-1.5B``, ``LLaVA-OneVision-7B``, ``R1-32B``); benchmarks are listed after
"on"/"benchmarks" or are well-known data set names (``MATH500``, ``COCO 2017``, ``VBench``);
headline numbers are a figure with ×/x/% next to a word of effect (faster, fewer, speedup ...).
"""

from __future__ import annotations

import re

from generator.extract.lexicon import FUNCTION_WORDS
from generator.infra.regex import Regex, re2_text
from generator.records import Entities

_MODEL = re.compile(
    # the lookahead finds a size suffix ("-7B") in the word before the pattern backtracks
    r"\b(?:(?=[A-Z][\w.\-]*-\d+(?:\.\d+)?[BM]\b)[A-Z][A-Za-z]*[\d.]*(?:-[A-Za-z0-9.]+)*-\d+"
    r"(?:\.\d+)?[BM]\b(?:-[A-Za-z]+)*"
    r"|(?:GPT|Llama|LLaMA|Qwen|Mistral|Gemma|Claude|DeepSeek|Phi|LLaVA|Flux|Wan|SDXL|BERT|"
    r"RoBERTa|CLIP|ViT|T5)[\w.\-]*)"
)
_BENCHMARK = re.compile(
    r"\b(?:MATH500|MATH|GSM8K|MMLU(?:-Pro)?|HumanEval|MBPP|ImageNet(?:-1[kK]|-21[kK])?|"
    r"COCO(?: 20\d\d)?|CIFAR-?10{1,2}|VBench|GPQA|StrategyQA|CommonsenseQA|TruthfulQA|"
    r"ALFWorld|CelebA(?:-HQ)?|AFHQ|DarkFace|NuminaMath|M-OWODB|S-OWODB|ARC|HellaSwag|"
    r"SQuAD|WikiText(?:-103)?|LongBench|Kinetics(?:-\d+)?|ScanNet|KITTI|nuScenes|"
    r"[A-Z][A-Za-z0-9]*-?Bench(?:_\w+)?)\b"
)
# A figure: a number or a range ("2-5", "1.77×-3.01×", "2 to 5"), with its unit; it starts
# at a digit (so the scan skips to digits), the words before it ("up to") are added after.
_FIGURE = (r"\d+(?:[.,]\d+)?(?:\s?(?:×|x|%|-fold|\s?times)(?!\w))?"
           r"(?:\s?(?:[-–—]|to)\s?\d+(?:\.\d+)?)?\s?(?:×|x|%|-fold|\s?times)(?!\w)")
_QUALIFIER = re.compile(r"(?:up to|nearly|over|about|only|around|roughly|at least|more than) $",
                        re.IGNORECASE)
_METRIC = (r"(?:BLEU|ROUGE(?:-[L12])?|F1|mAP|AP(?:50)?|mIoU|IoU|AUC|AUROC|FID|PSNR|SSIM|"
           r"top-[15](?: accuracy)?|WER|CER|EM|pass@\d+|NDCG(?:@\d+)?|MRR|Recall@\d+|dB|"
           r"points?|pp|perplexity|accuracy|success rate|win rate)")
_EFFECT = (r"(?:faster|fewer|speedups?|speed-ups?|reductions?|less|lower|higher|improvements?|"
           r"gains?|smaller|larger|of (?:video )?tokens|FLOPs|accuracy|memory|success rate|"
           r"compression|throughput|cheaper|better)")
# A figure with its effect, up to three words apart but not across a clause ("35% while
# keeping answer accuracy" is not a figure about accuracy), or a score with its metric
# ("28.4 BLEU"); and a metric with its score ("mIoU of 52.3"). A digit after a hyphenated
# word ("top-1 accuracy", "Llama-2 7B") is part of a name, never a figure.
# Words that open a clause: a figure's effect is never beyond one.
_CLAUSE_WORDS = ("while", "whereas", "but", "and", "keeping", "maintaining", "preserving",
                 "retaining")
# A figure after a comparison sign ("ℓ ≥ 2 points", "k = 10x") is a condition, not a result.
_NUMBER = re.compile(
    r"(?<![\w.])(?<!\w-)(?<![≥≤=<>≈])(?<![≥≤=<>≈]\s)"
    r"(?:" + _FIGURE + r"(?:\s(?:(?!(?:" + "|".join(_CLAUSE_WORDS) + r")\b)"
    r"\w+(?:-\w+)*\s){0,3}?" + _EFFECT + r"\b)"
    r"|\d+(?:\.\d+)?(?:[-–]\d+(?:\.\d+)?)?(?:\s?%)?\s" + _METRIC + r"(?![\w@-]))",
    re.IGNORECASE,
)
_METRIC_OF = re.compile(r"\b" + _METRIC + r"\s(?:of|score of)\s\d+(?:\.\d+)?(?:\s?%)?",
                        re.IGNORECASE)
# A comparative effect says what it compares by the noun after it ("37× less memory", "10×
# fewer parameters", "2.5% higher accuracy"), unless a clause or "than" follows.
_COMPARED = re.compile(r"(?:fewer|less|lower|higher|smaller|larger|cheaper|better)$",
                       re.IGNORECASE)
_NOT_COMPARED = FUNCTION_WORDS | frozenset(_CLAUSE_WORDS) | {"compared", "relative", "overall"}
_NEXT_WORD = re.compile(r"\s([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\b")
_OF_DIGIT = re.compile(r"of \d")


_BENCHMARK_REGEX = Regex(_BENCHMARK)  # in RE2 where it finds the same (infra.regex)


def extract_entities(plain: str) -> Entities:
    """Models, benchmarks and headline numbers in plain abstract text, each in order of first
    mention, without repeats."""
    models = _unique(m.group(0).rstrip(".-") for m in _MODEL.finditer(plain))
    benches = _unique(plain[a:b] for a, b in _BENCHMARK_REGEX.spans(plain, re2_text(plain)))
    models = tuple(m for m in models if m not in benches and len(m) > 2)
    found = [(m.start(), _qualified(plain, m)) for m in _NUMBER.finditer(plain)]
    if _OF_DIGIT.search(plain):
        found += [(m.start(), m.group(0)) for m in _METRIC_OF.finditer(plain)]
    numbers = _unique(" ".join(text.split()) for _, text in sorted(found))
    return Entities(models, benches, numbers)


def _qualified(plain: str, m: re.Match[str]) -> str:
    """A figure with the qualifier written before it ("up to 2-5x speedup") and, after a
    comparative, the noun it compares ("37× less memory"; ``_COMPARED``)."""
    q = _QUALIFIER.search(plain, max(0, m.start() - 12), m.start())
    end = m.end()
    if _COMPARED.search(m.group(0)):
        for _ in range(2):  # "less memory", "fewer labelled examples"
            word = _NEXT_WORD.match(plain, end)
            if not word or word.group(1) in _NOT_COMPARED:
                break
            end = word.end()
    return plain[q.start() if q else m.start():end]



def _unique(items) -> tuple[str, ...]:
    return tuple(dict.fromkeys(i for i in items if i))
