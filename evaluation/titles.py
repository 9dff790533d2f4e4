"""Derived titles and highlights against the authors' titles of real arXiv abstracts: the
automatic proxy tracked on a held-out split that no rule, threshold or weight is tuned on.

    python -m evaluation.titles [--split heldout|dev|all] [--n N] [--worst K]

``heldout`` is every id of ``../shared/arxiv/`` in the held-out hash buckets
(``evaluation.arxiv.split_of``, about 5%) or in the held-out part of ``eval/arxiv/labels.jsonl``
(the title model never trains on them either); ``dev`` is the first ``DEV`` of the other ids
by SHA-256 (what the rules may be tuned on; the title model's fitting pairs); ``all`` is every
record. Prints ROUGE-1 and ROUGE-L F1 of the derived titles against the authors' titles, the
defects by kind (``evaluation.defects``), method-name retention and the highlight figures of
the real-data report, then ``--worst`` examples of each defect kind.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from evaluation.arxiv import find_arxiv, split_rows
from evaluation.real import RealRecord, format_real, real_report
from generator.config.taxonomy import load_taxonomy

ROOT = Path(__file__).resolve().parent.parent
DEV = 3000
_TOKEN = re.compile(r"[a-z0-9]+")


def tokens(text: str) -> list[str]:
    """Lower-case letter-digit runs of ``text`` (the ROUGE tokens; no stemming, no stop
    words)."""
    return _TOKEN.findall(text.lower())


def rouge_1(candidate: str, reference: str) -> float:
    """ROUGE-1 F1 (Lin 2004): unigram overlap of ``candidate`` and ``reference``, clipped by
    count; 0.0 when either is empty."""
    a, b = tokens(candidate), tokens(reference)
    if not a or not b:
        return 0.0
    counts: dict[str, int] = {}
    for t in b:
        counts[t] = counts.get(t, 0) + 1
    hit = 0
    for t in a:
        if counts.get(t, 0) > 0:
            counts[t] -= 1
            hit += 1
    return 2 * hit / (len(a) + len(b))


def rouge_l(candidate: str, reference: str) -> float:
    """ROUGE-L F1 (Lin 2004, beta 1): longest common subsequence of the tokens."""
    a, b = tokens(candidate), tokens(reference)
    if not a or not b:
        return 0.0
    prev = [0] * (len(b) + 1)
    for x in a:
        row = [0]
        for j, y in enumerate(b):
            row.append(prev[j] + 1 if x == y else max(prev[j + 1], row[j]))
        prev = row
    lcs = prev[-1]
    return 2 * lcs / (len(a) + len(b))


def records(path: Path, split: str, n: int | None) -> list[RealRecord]:
    """The arXiv records of ``split`` (module docstring), the first ``n`` by SHA-256 of the id
    (all when ``n`` is ``None``)."""
    rows = split_rows(path, "train" if split == "dev" else split)
    if split == "dev":
        rows = rows[:DEV]
    rows = rows[:n] if n else rows
    return [RealRecord(r["id"], "arXiv", " ".join(r["title"].split()), r["abstract"], False)
            for r in rows]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evaluation.titles",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--split", choices=("heldout", "dev", "all"), default="heldout")
    parser.add_argument("--n", type=int, default=None, help="at most this many records")
    parser.add_argument("--worst", type=int, default=5)
    args = parser.parse_args(argv)
    path = find_arxiv(ROOT)
    if path is None:
        raise SystemExit("titles: ../shared/arxiv/arxiv_cs_2024_2025.jsonl.gz not found")
    chosen = records(path, args.split, args.n)
    taxonomy = load_taxonomy(ROOT / "taxonomy.yml")
    report = real_report(chosen, taxonomy)
    cases = report.venues[-1].cases
    r1 = sum(rouge_1(c.facts.title, c.record.title) for c in cases) / max(1, len(cases))
    rl = sum(rouge_l(c.facts.title, c.record.title) for c in cases) / max(1, len(cases))
    print(f"titles of arXiv split '{args.split}': {len(cases)} abstracts")
    print(f"ROUGE-1 F {r1:.3f}  ROUGE-L F {rl:.3f}  (derived title vs the authors' title)")
    print(format_real(report, taxonomy.names, args.worst))
    return 0


if __name__ == "__main__":
    sys.exit(main())
