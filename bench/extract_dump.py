"""Extraction output, dumped and compared: the guard for a change that must not change it
(a speed-up, a word list moved into the lexicon).

    .venv/bin/python bench/extract_dump.py --out /tmp/before.jsonl [--n 2000]
    ... change the code ...
    .venv/bin/python bench/extract_dump.py --out /tmp/after.jsonl --against /tmp/before.jsonl

Writes one JSON line per abstract (the seeds of ``seeds/``, then the first ``--n`` abstracts of
``../shared/arxiv/`` in the order of ``bench/extract_real.py``): its sentences, the name with its
long form, score and evidence, the highlight as picked and as shown, the derived title, the
tags and the entities. Keep ``--out`` outside the repository (the abstracts' text stays in
``../shared``). With ``--against``, prints each record that differs and the count; exit status
1 when any does.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from extract_real import sample  # noqa: E402

from evaluation.arxiv import find_arxiv  # noqa: E402
from generator.config.taxonomy import load_taxonomy  # noqa: E402
from generator.extract import extract_paper  # noqa: E402
from generator.extract.names import find_name  # noqa: E402
from generator.extract.sentences import pick_highlight, split_sentences  # noqa: E402
from generator.read import read_seeds  # noqa: E402
from generator.records import Abstract, Source  # noqa: E402


def records(abstracts: list[Abstract], taxonomy) -> list[dict]:
    """What extraction makes of each abstract, as JSON-ready dicts."""
    out = []
    for a in abstracts:
        sentences = split_sentences(a.text)
        highlight = pick_highlight(sentences)
        name = find_name(sentences, highlight, [])
        facts = extract_paper(a, taxonomy)
        out.append({
            "id": facts.id,
            "sentences": sentences,
            "name": name and [name.name, name.long_form, name.score, list(name.evidence)],
            "facts_name": facts.name,
            "highlight": highlight,
            "shown": facts.highlight,
            "title": facts.title,
            "derived": facts.derived_title,
            "tags": list(facts.tags),
            "entities": [list(facts.entities.models), list(facts.entities.benchmarks),
                         list(facts.entities.numbers)],
            "code_status": facts.code_status,
        })
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--against", type=Path, default=None)
    parser.add_argument("--n", type=int, default=2000)
    args = parser.parse_args()
    taxonomy = load_taxonomy(ROOT / "taxonomy.yml")
    abstracts = list(read_seeds(ROOT / "seeds").abstracts)
    path = find_arxiv(ROOT)
    if path is None:
        raise SystemExit("bench: ../shared/arxiv/arxiv_cs_2024_2025.jsonl.gz not found")
    abstracts += [Abstract(t, "arXiv", (Source(f"a{i}", 1, 1),))
                  for i, t in enumerate(sample(path, args.n))]
    rows = records(abstracts, taxonomy)
    args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows),
                        encoding="utf-8")
    print(f"{len(rows)} abstracts ({len(rows) - args.n} seeds) -> {args.out}")
    if args.against is None:
        return 0
    before = [json.loads(line) for line in args.against.read_text(encoding="utf-8").splitlines()]
    if len(before) != len(rows):
        print(f"differs: {len(before)} records before, {len(rows)} now")
        return 1
    changed = 0
    for old, new in zip(before, rows, strict=True):
        keys = [k for k in new if old.get(k) != new[k]]
        if keys:
            changed += 1
            print(f"{new['id']}:")
            for k in keys:
                print(f"  {k}: {old.get(k)!r}\n  {' ' * len(k)}  -> {new[k]!r}")
    print(f"{changed} of {len(rows)} records differ")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
