"""Blind rating of derived titles: raters see an abstract and one title, not knowing whether it
is the authors' own or derived, and score it (1-5, acceptable yes/no).

``python -m evaluation.rating make OUT_DIR`` writes ``OUT_DIR/titles.jsonl`` (``DERIVED``
derived titles of held-out arXiv abstracts and ``REAL`` authors' titles of other held-out
abstracts as a control, one ``{"key", "abstract", "title"}`` a line, shuffled) and
``OUT_DIR/keys.json`` (key -> ``[arXiv id, "derived" | "real"]``, never shown to raters).
``--round _round2`` makes a later round (``titles_round2.jsonl``, ``keys_round2.json``) of
held-out ids no earlier round used. ``python -m evaluation.rating make-dev OUT_DIR --round
_dev1`` writes a tuning round instead: ``DEV_DERIVED`` derived titles of abstracts of the dev
split (``evaluation.titles.records``, what the rules may be tuned on) that no earlier
``keys_dev*.json`` holds, no real controls. ``python -m evaluation.rating score OUT_DIR [--round
_round2]`` reads the raters' ``scores_*.jsonl`` (``{"key",
"score", "acceptable"}`` a line) and prints the acceptable share and mean score of each kind.
``python -m evaluation.rating keep OUT_DIR --round _round2`` copies a finished round's keys and
scores (ids, kinds, scores and reasons: no abstract, no title) into ``eval/rating/`` of the
project, so later rounds on another machine still draw ids no round used and ``score
eval/rating --round _round2`` reproduces the figure; ``titles*.jsonl`` (abstracts) stay in
OUT_DIR.
The ids come from the abstracts no model or rule is fitted on: the held-out part of
``eval/arxiv/labels.jsonl`` and the unlabelled arXiv ids of the held-out hash buckets
(``evaluation.arxiv.split_of``, which ``training/`` also leaves out); keys and order from a
seeded generator (the seed and the round suffix), so the same labels, arXiv file and suffix give the
same files.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

from evaluation.arxiv import LABELS, find_arxiv, read_arxiv, read_labels, split_of
from evaluation.titles import records as split_records
from generator.config.taxonomy import load_taxonomy
from generator.extract import extract_paper
from generator.records import Abstract, Source

ROOT = Path(__file__).resolve().parent.parent
KEPT = ROOT / "eval" / "rating"
DERIVED, REAL = 200, 40
DEV_DERIVED = 100
SEED = 25


def make(out: Path, suffix: str = "") -> int:
    """Write ``titles{suffix}.jsonl`` and ``keys{suffix}.json`` into ``out`` (module
    docstring), of held-out ids that no earlier ``keys*.json`` in ``out`` holds."""
    rated = _rated(out, "keys*.json")
    path = find_arxiv(ROOT)
    if path is None:
        raise SystemExit("rating: ../shared/arxiv/arxiv_cs_2024_2025.jsonl.gz not found")
    records = read_arxiv(path)
    labels = read_labels(LABELS)
    labelled = {lab.id for lab in labels}
    held = sorted({lab.id for lab in labels if lab.split == "heldout"}
                  | {i for i in records if i not in labelled and split_of(i, False) == "heldout"}
                  - rated)
    if len(held) < DERIVED + REAL:
        raise SystemExit(f"rating: {len(held)} held-out ids, {DERIVED + REAL} needed")
    rng = random.Random(f"{SEED}{suffix}")
    chosen = rng.sample(held, DERIVED + REAL)
    kinds = ["derived"] * DERIVED + ["real"] * REAL
    return _write(out, suffix, rng, [(i, records[i], k) for i, k in zip(chosen, kinds,
                                                                           strict=True)])


def make_dev(out: Path, suffix: str) -> int:
    """Write ``titles{suffix}.jsonl`` and ``keys{suffix}.json`` into ``out``: ``DEV_DERIVED``
    derived titles of dev-split abstracts (module docstring) that no ``keys_dev*.json`` in
    ``out`` holds; the seed depends on ``suffix``, so each round draws other ids."""
    rated = _rated(out, "keys_dev*.json")
    path = find_arxiv(ROOT)
    if path is None:
        raise SystemExit("rating: ../shared/arxiv/arxiv_cs_2024_2025.jsonl.gz not found")
    pool = sorted(r.key for r in split_records(path, "dev", None) if r.key not in rated)
    if len(pool) < DEV_DERIVED:
        raise SystemExit(f"rating: {len(pool)} unrated dev ids, {DEV_DERIVED} needed")
    rng = random.Random(f"{SEED}{suffix}")
    records = read_arxiv(path)
    return _write(out, suffix, rng, [(i, records[i], "derived")
                                     for i in rng.sample(pool, DEV_DERIVED)])


def _rated(out: Path, pattern: str) -> set[str]:
    """The arXiv ids of every round whose keys file matches ``pattern``, in ``out`` and in the
    kept rounds of ``eval/rating/``."""
    return {v[0] for folder in (out, KEPT) for path in folder.glob(pattern)
            for v in json.loads(path.read_text(encoding="utf-8")).values()}


def keep(out: Path, suffix: str) -> int:
    """Copy ``keys{suffix}.json`` and every ``scores{suffix}_*.jsonl`` of ``out`` into
    ``eval/rating/`` (module docstring). Raises ``SystemExit`` when the round has no keys or
    no scores."""
    keys = out / f"keys{suffix}.json"
    scores = sorted(out.glob(f"scores{suffix}_[A-Z]*.jsonl"))
    if not keys.is_file() or not scores:
        raise SystemExit(f"rating: {out} has no keys{suffix}.json or no scores{suffix}_*.jsonl")
    KEPT.mkdir(parents=True, exist_ok=True)
    for path in (keys, *scores):
        (KEPT / path.name).write_bytes(path.read_bytes())
        print(f"kept {KEPT / path.name}")
    return 0


def _write(out: Path, suffix: str, rng: random.Random, chosen: list[tuple[str, dict, str]]
           ) -> int:
    """Write the rating files of ``chosen`` (``(arXiv id, record, "derived" | "real")``):
    the derived title or the authors' one, under keys from ``rng``, shuffled."""
    taxonomy = load_taxonomy(ROOT / "taxonomy.yml")
    items = []
    for arxiv_id, row, kind in chosen:
        if kind == "derived":
            title = extract_paper(Abstract(row["abstract"], "arXiv", (Source(arxiv_id, 1, 1),)),
                                  taxonomy).title
        else:
            title = " ".join(row["title"].split())
        items.append((f"t{rng.getrandbits(48):012x}", arxiv_id, kind, row["abstract"], title))
    rng.shuffle(items)
    out.mkdir(parents=True, exist_ok=True)
    with (out / f"titles{suffix}.jsonl").open("w", encoding="utf-8") as fh:
        for key, _, _, abstract, title in items:
            fh.write(json.dumps({"key": key, "abstract": abstract, "title": title},
                                ensure_ascii=False) + "\n")
    (out / f"keys{suffix}.json").write_text(json.dumps(
        {key: [arxiv_id, kind] for key, arxiv_id, kind, _, _ in items}, indent=1) + "\n",
        encoding="utf-8")
    print(f"wrote {out / f'titles{suffix}.jsonl'} ({len(items)} titles) and "
          f"{out / f'keys{suffix}.json'}")
    return 0


def score(out: Path, suffix: str = "") -> int:
    """Print the acceptable share and mean score of derived and real titles of one round
    (``keys{suffix}.json`` and its ``scores{suffix}_*.jsonl``)."""
    keys = json.loads((out / f"keys{suffix}.json").read_text(encoding="utf-8"))
    rated: dict[str, list[tuple[float, bool]]] = {"derived": [], "real": []}
    files = sorted(out.glob(f"scores{suffix}_[A-Z]*.jsonl"))
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            row = json.loads(line)
            if row.get("key") not in keys:
                raise SystemExit(f"{path}:{number}: unknown key {row.get('key')!r}")
            yes = row["acceptable"] in (True, "yes", "y", 1)
            rated[keys[row["key"]][1]].append((float(row["score"]), yes))
    print(f"ratings from {len(files)} file(s)")
    for kind, got in rated.items():
        if got:
            ok = sum(y for _, y in got)
            print(f"{kind:8} {ok}/{len(got)} acceptable ({100 * ok / len(got):.1f}%), "
                  f"mean score {sum(s for s, _ in got) / len(got):.2f} of 5")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evaluation.rating",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("make", "make-dev", "score", "keep"))
    parser.add_argument("folder", type=Path)
    parser.add_argument("--round", default="", help="a later round's suffix, e.g. _round2")
    args = parser.parse_args(argv)
    if args.command == "make":
        return make(args.folder, args.round)
    if args.command == "make-dev":
        if not args.round.startswith("_dev"):
            raise SystemExit("rating: make-dev needs --round _devK (K = 1, 2, ...)")
        return make_dev(args.folder, args.round)
    if args.command == "keep":
        return keep(args.folder, args.round)
    return score(args.folder, args.round)


if __name__ == "__main__":
    sys.exit(main())
