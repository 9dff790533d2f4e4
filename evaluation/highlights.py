"""Shown highlights before and after ``extract.highlight.shown_highlight``, in one run:

    python -m evaluation.highlights [--arxiv N] [--split train|heldout] [--no-real]
                                    [--examples K] [FILE ...]

Reads the real-data files (default ``../shared/real/*.jsonl``, as ``paper-digest eval --real``)
and the first ``N`` abstracts by SHA-256 of an arXiv split (``evaluation.arxiv.split_rows``:
``train``, the split rules may be looked at and tuned on, the default; ``heldout``, which no
rule is tuned on); ``N`` is 5,000 by default, 0 skips the arXiv file (``--no-real`` the real
files). For each set it prints, for the highlight as shown before (the chosen sentence after
the ``RANKING_REPAIRS`` alone) and after (``shown_highlight``): how many point back
(``points_back``), span two or more sentences (``evaluation.real.sentence_count``) or have over
``LONG_HIGHLIGHT`` characters, how many changed, and the CPU seconds each took; then ``K``
changed examples.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from evaluation.arxiv import find_arxiv, split_rows
from evaluation.real import LONG_HIGHLIGHT, default_paths, read_real, sentence_count
from generator.extract.highlight import shown_highlight
from generator.extract.sentences import (
    RANKING_REPAIRS,
    STANDALONE,
    pick_highlight,
    points_back,
    split_sentences,
)
from generator.text.markup import plain_text

ROOT = Path(__file__).resolve().parent.parent


def shown_before(sentences: Sequence[str], chosen: str) -> str:
    """The highlight as shown before ``shown_highlight``: ``chosen`` after the
    ``RANKING_REPAIRS`` only (``sentences`` unused: the signature of ``shown_highlight``)."""
    for name in RANKING_REPAIRS:
        chosen = STANDALONE[name](chosen)
    return chosen


def figures(shown: Sequence[str]) -> tuple[int, int, int]:
    """``(pointing back, 2+ sentences, over LONG_HIGHLIGHT characters)`` of plain highlights."""
    return (sum(points_back(s) for s in shown), sum(sentence_count(s) > 1 for s in shown),
            sum(len(s) > LONG_HIGHLIGHT for s in shown))


def _run(step: Callable[[Sequence[str], str], str], picked: list[tuple[list[str], str]]
         ) -> tuple[list[str], float]:
    start = time.process_time()
    shown = [plain_text(step(sentences, chosen)) for sentences, chosen in picked]
    return shown, time.process_time() - start


def report(name: str, texts: Sequence[str], examples: int) -> list[str]:
    """The lines printed for one set of abstracts (module docstring)."""
    picked = [(s, pick_highlight(s)) for s in map(split_sentences, texts)]
    before, cpu_before = _run(shown_before, picked)
    after, cpu_after = _run(shown_highlight, picked)
    n = max(1, len(texts))
    out = [f"=== {name}: {len(texts)} abstracts ==="]
    for label, shown, cpu in (("before", before, cpu_before), ("after ", after, cpu_after)):
        back, multi, long = figures(shown)
        out.append(f"{label}  pointing back {back} ({100 * back / n:.2f}%)  2+ sentences {multi}"
                   f"  > {LONG_HIGHLIGHT} ch {long} ({100 * long / n:.2f}%)  CPU {cpu:.2f} s")
    changed = [(b, a) for b, a in zip(before, after, strict=True) if b != a]
    out.append(f"changed {len(changed)} ({100 * len(changed) / n:.1f}%)")
    for b, a in changed[:examples]:
        out += [f"  - {b}", f"  + {a}"]
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evaluation.highlights",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--arxiv", type=int, default=5000, help="arXiv train abstracts (0: none)")
    parser.add_argument("--split", choices=("train", "heldout"), default="train")
    parser.add_argument("--no-real", action="store_true", help="skip the real-data files")
    parser.add_argument("--examples", type=int, default=0)
    args = parser.parse_args(argv)
    paths = () if args.no_real else tuple(args.files) or default_paths(ROOT)
    lines: list[str] = []
    if paths:
        records = read_real(paths)
        lines += report("real " + ", ".join(p.name for p in paths),
                        [r.abstract for r in records], args.examples)
    arxiv = find_arxiv(ROOT) if args.arxiv else None
    if arxiv is not None:
        rows = split_rows(arxiv, args.split)[: args.arxiv]
        lines += report(f"arXiv {args.split}, first {len(rows)}", [r["abstract"] for r in rows],
                        args.examples)
    print("\n".join(lines) if lines else "highlights: no real data found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
