"""Extraction speed on real abstracts: CPU milliseconds per abstract of ``extract_paper`` on one
core, on N real arXiv abstracts of ``../shared/arxiv/``, with its steps measured in the same
run (plain text, the name, the title, the tags) and the ratio of the whole to the plain-text
floor (converting the abstract's markup, which every step needs).

    .venv/bin/python bench/extract_real.py [--n 2000] [--arxiv FILE]

Prints one table; figures are CPU time (``time.process_time``), best of ``--repeat`` runs,
after one warm-up pass (caches of compiled patterns and the models loaded). That warm-up
also fills the caches keyed by text (the plain text of an abstract, of a sentence), which a
build, extracting each abstract once, never hits across abstracts; so the last row measures
one pass of ``extract_paper`` over the N abstracts unseen, after a warm-up on ``WARM_UP``
others (models loaded and patterns compiled, the caches holding other texts).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from evaluation.arxiv import find_arxiv  # noqa: E402
from generator.config.taxonomy import load_taxonomy  # noqa: E402
from generator.extract import extract_paper, headline  # noqa: E402
from generator.extract.names import find_name  # noqa: E402
from generator.extract.sentences import pick_highlight, split_sentences  # noqa: E402
from generator.extract.tags import assign_tags  # noqa: E402
from generator.extract.titles import derive_title  # noqa: E402
from generator.records import Abstract, Source  # noqa: E402
from generator.text.markup import plain_text  # noqa: E402


def sample(path: Path, n: int) -> list[str]:
    """The ``n`` abstracts whose ids sort first by SHA-256 (a fixed, spread sample)."""
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh]
    rows.sort(key=lambda r: hashlib.sha256(r["id"].encode()).hexdigest())
    return [r["abstract"] for r in rows[:n]]


def cpu_ms(step, items, repeat: int) -> float:
    """Best CPU milliseconds per item of ``step`` over ``items``."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for item in items:
            step(item)
        best = min(best, (time.process_time() - start) * 1000 / len(items))
    return best


WARM_UP = 200  # abstracts extracted before the first pass, none of them among the N


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--arxiv", type=Path, default=None)
    args = parser.parse_args()
    path = args.arxiv or find_arxiv(ROOT)
    if path is None:
        raise SystemExit("bench: ../shared/arxiv/arxiv_cs_2024_2025.jsonl.gz not found")
    texts = sample(path, args.n + WARM_UP)
    taxonomy = load_taxonomy(ROOT / "taxonomy.yml")
    abstracts = [Abstract(t, "arXiv", (Source(f"a{i}", 1, 1),)) for i, t in enumerate(texts)]
    for a in abstracts[args.n:]:  # warm-up on other abstracts
        extract_paper(a, taxonomy)
    texts, abstracts = texts[:args.n], abstracts[:args.n]
    first_pass = cpu_ms(lambda a: extract_paper(a, taxonomy), abstracts, 1)
    parsed = []
    for text in texts:
        sentences = split_sentences(text)
        parsed.append((sentences, pick_highlight(sentences), plain_text(text)))
    for a in abstracts:  # warm-up
        extract_paper(a, taxonomy)
    steps = {
        "plain text (floor)": (lambda t: plain_text(t), texts),
        "sentences + highlight": (lambda t: pick_highlight(split_sentences(t)), texts),
        "name (find_name)": (lambda p: find_name(p[0], p[1]), parsed),
        "title (derive_title, with name)": (lambda p: derive_title(p[0], p[1]), parsed),
        "tags (assign_tags)": (lambda p: assign_tags(taxonomy, p[2], headline(
            "", p[1], p[0])), parsed),
        "extract_paper (all fields)": (lambda a: extract_paper(a, taxonomy), abstracts),
    }
    results = {name: cpu_ms(step, items, args.repeat) for name, (step, items) in steps.items()}
    results["extract_paper, first pass (unseen)"] = first_pass
    floor = results["plain text (floor)"]
    print(f"extraction on {len(texts)} real arXiv abstracts, CPU ms per abstract, one core")
    print(f"{'step':34} {'ms':>7} {'x floor':>8}")
    for name, ms in results.items():
        print(f"{name:34} {ms:7.2f} {ms / floor:8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
