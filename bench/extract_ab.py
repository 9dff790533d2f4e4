"""Extraction speed of two source trees compared in one run: CPU milliseconds per abstract of
``extract_paper`` on unseen arXiv abstracts, the two trees measured in alternation so that the
load of a shared machine (which changes the figures by a factor of two within minutes) weighs
on both alike.

    .venv/bin/python bench/extract_ab.py BASE_ROOT [OTHER_ROOT] [--rounds 16] [--size 100]

Each tree runs in its own process (its own imports and caches), warmed up on ``WARM_UP``
abstracts none of the measured ones; then in each round both extract the same ``--size``
abstracts, never seen before by either, the order of the two swapped every round. Prints each
tree's mean and the median of the per-round ratios OTHER / BASE (OTHER defaults to this tree).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
WARM_UP = 200  # abstracts extracted before the first round, none of them measured


def worker(root: Path, rounds: int, size: int) -> int:
    """Extract round ``k``'s abstracts for each ``k`` read from stdin, print CPU ms per
    abstract; ``ready`` once warmed up."""
    sys.path.insert(0, str(root))
    import generator
    from bench.extract_real import sample
    from evaluation.arxiv import find_arxiv
    from generator.config.taxonomy import load_taxonomy
    from generator.extract import extract_paper
    from generator.records import Abstract, Source
    if not Path(generator.__file__).resolve().is_relative_to(root):
        raise SystemExit(f"bench: imported {generator.__file__}, not the code of {root}")
    path = find_arxiv(root)
    if path is None:
        raise SystemExit("bench: ../shared/arxiv/arxiv_cs_2024_2025.jsonl.gz not found")
    texts = sample(path, rounds * size + WARM_UP)
    taxonomy = load_taxonomy(root / "taxonomy.yml")
    abstracts = [Abstract(t, "arXiv", (Source(f"a{i}", 1, 1),)) for i, t in enumerate(texts)]
    for a in abstracts[rounds * size:]:
        extract_paper(a, taxonomy)
    print("ready", flush=True)
    for line in sys.stdin:
        chunk = abstracts[int(line) * size:(int(line) + 1) * size]
        start = time.process_time()
        for a in chunk:
            extract_paper(a, taxonomy)
        print((time.process_time() - start) * 1000 / size, flush=True)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", type=Path)
    parser.add_argument("other", type=Path, nargs="?", default=HERE)
    parser.add_argument("--rounds", type=int, default=16)
    parser.add_argument("--size", type=int, default=100)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker(args.base.resolve(), args.rounds, args.size)
    roots = {"base": args.base.resolve(), "other": args.other.resolve()}
    procs = {name: subprocess.Popen(
        [sys.executable, __file__, str(root), "--worker", "--rounds", str(args.rounds),
         "--size", str(args.size)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        for name, root in roots.items()}
    for proc in procs.values():
        if proc.stdout.readline().strip() != "ready":
            raise SystemExit("bench: a worker failed to start (see its error above)")
    ms: dict[str, list[float]] = {name: [] for name in procs}
    for k in range(args.rounds):
        for name in (("base", "other") if k % 2 == 0 else ("other", "base")):
            procs[name].stdin.write(f"{k}\n")
            procs[name].stdin.flush()
            ms[name].append(float(procs[name].stdout.readline()))
    for proc in procs.values():
        proc.stdin.close()
        proc.wait()
    ratios = [o / b for b, o in zip(ms["base"], ms["other"], strict=True)]
    print(f"CPU ms per unseen abstract, {args.rounds} rounds of {args.size}, alternating")
    for name, root in roots.items():
        print(f"{name:5} {statistics.mean(ms[name]):6.2f}  {root}")
    print(f"median ratio other/base {statistics.median(ratios):.3f} "
          f"(rounds: {' '.join(f'{r:.2f}' for r in ratios)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
