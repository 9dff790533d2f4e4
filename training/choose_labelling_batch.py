"""Choose arXiv abstracts for a labelling batch that fills the tag model's weak tags.

For each tag named, the unlabelled records of a seeded sample of the arXiv file (train hash
buckets only, never an id already in ``eval/arxiv/labels.jsonl``) whose strength under the
shipped model (combined score / threshold, as ``generator.extract.tags`` computes it) is
nearest 1: where the model is least sure, so a label there moves its boundary most. The
predictions only choose which abstracts to label; the blind labeller's tags are the labels.

Run from the project root (writes ``{"id", "abstract"}`` lines, the labellers' batch format)::

    python training/choose_labelling_batch.py OUT.jsonl --tags "Architectures,Reasoning" \
        --per-tag 25 --sample 6000
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from evaluation.arxiv import LABELS, find_arxiv, read_labels, split_of  # noqa: E402
from generator.config.taxonomy import load_taxonomy  # noqa: E402
from generator.extract import tag_inputs  # noqa: E402
from generator.extract.tags import matcher, tag_scores  # noqa: E402

SALT = b"g25 batch\0"  # the sample is the records first by SHA-256 of salt + id


def sample(path: Path, skip: set[str], size: int) -> list[dict]:
    """``size`` records of the arXiv file in train hash buckets and not in ``skip``, the
    first by ``SALT``ed SHA-256 of the id (deterministic)."""
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        rows = [r for r in map(json.loads, fh)
                if r["id"] not in skip and split_of(r["id"], False) == "train"]
    rows.sort(key=lambda r: hashlib.sha256(SALT + r["id"].encode()).digest())
    return rows[:size]


def strengths(records: list[dict], tags: list[str]) -> np.ndarray:
    """``(len(records), len(tags))``: each tag's combined score over its threshold."""
    taxonomy = load_taxonomy(ROOT / "taxonomy.yml")
    model = matcher(taxonomy).model
    by_name = {r.name: r for r in taxonomy.rules}
    out = np.zeros((len(records), len(tags)))
    for i, record in enumerate(records):
        plain, head = tag_inputs(record["abstract"])
        probs, scores = model.probabilities(plain), tag_scores(taxonomy, plain, head)
        for j, tag in enumerate(tags):
            rule = by_name[tag]
            threshold = rule.threshold if rule.threshold is not None else model.thresholds.get(
                tag, taxonomy.threshold)
            out[i, j] = (probs[tag] + taxonomy.rule_weight * min(
                scores.get(tag, 0.0) / rule.min_score, 2.0)) / threshold
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--tags", required=True, help="comma-separated tag names")
    parser.add_argument("--per-tag", type=int, default=25)
    parser.add_argument("--sample", type=int, default=6000)
    args = parser.parse_args(argv)
    tags = [t.strip() for t in args.tags.split(",")]
    skip = {lab.id for lab in read_labels(LABELS)}
    records = sample(find_arxiv(ROOT), skip, args.sample)
    strength = strengths(records, tags)
    chosen: dict[str, dict] = {}
    for j in range(len(tags)):
        nearest = np.argsort(np.abs(np.log(np.maximum(strength[:, j], 1e-6))), kind="stable")
        fresh = [records[i] for i in nearest if records[i]["id"] not in chosen]
        chosen.update((r["id"], r) for r in fresh[:args.per_tag])
    order = sorted(chosen, key=lambda i: hashlib.sha256(b"g25 order\0" + i.encode()).digest())
    args.out.write_text("".join(json.dumps({"id": i, "abstract": chosen[i]["abstract"]},
                                           ensure_ascii=False) + "\n" for i in order),
                        encoding="utf-8")
    print(f"wrote {args.out}: {len(order)} abstracts for {', '.join(tags)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
