"""The labelled arXiv set (``eval/arxiv/labels.jsonl``): arXiv ids of ``../shared/arxiv/`` with
the tags blind labellers gave them, how each label was made, and which part is held out.

Made by ``python -m evaluation.arxiv import SOURCE`` from the labellers' files (``SOURCE`` is a
folder of ``batch_NN.A.jsonl`` / ``batch_NN.B.jsonl``, one ``{"id", "tags"}`` object a line, and
optionally an adjudicated ``final.jsonl`` of the same form, given with ``--final``); see
``eval/README.md`` for how the labels were made. The file stores ids and tags, never abstracts:
the abstracts stay in ``../shared/arxiv/`` and are read by id (``read_arxiv``).

The held-out part (``heldout``) is fixed by the id alone: every doubly-labelled paper (its
labels are adjudicated, the best there are), plus the ids whose SHA-256 with ``SPLIT_SALT``
falls in the first ``HELDOUT_EXTRA`` of 100 buckets. No rule, threshold or weight is tuned on
it; ``training/`` trains and chooses thresholds on ``train`` only.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from generator.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
LABELS = ROOT / "eval" / "arxiv" / "labels.jsonl"
SPLIT_SALT = b"paper-digest arxiv split v1\0"
HELDOUT_EXTRA = 5  # of 100 hash buckets, besides the doubly-labelled papers
ARXIV_FILE = Path("arxiv") / "arxiv_cs_2024_2025.jsonl.gz"


@dataclass(frozen=True, slots=True)
class ArxivLabel:
    """One labelled arXiv paper.

    Attributes:
        id: the arXiv identifier (``2505.08803``).
        tags: the tags whose definition fits its main subject (may be empty).
        source: how the tags were made: ``single`` (one labeller), ``agreed`` (two labellers
            gave the same tags), ``adjudicated`` (two disagreed; the adjudicated tags), or
            ``pending`` (two disagreed, not adjudicated yet: labeller A's tags).
        labellers: ``("A",)`` or ``("A", "B")``.
        batch: the labelling batch (``batch_03``).
        split: ``train`` or ``heldout``.
    """

    id: str
    tags: tuple[str, ...]
    source: str
    labellers: tuple[str, ...]
    batch: str
    split: str

    def row(self) -> dict:
        """The JSON object of this label in ``labels.jsonl``."""
        return {"id": self.id, "tags": list(self.tags), "source": self.source,
                "labellers": list(self.labellers), "batch": self.batch, "split": self.split}


def split_of(arxiv_id: str, doubled: bool) -> str:
    """``heldout`` for a doubly-labelled paper or an id in the first ``HELDOUT_EXTRA`` of 100
    SHA-256 buckets; else ``train``."""
    bucket = int.from_bytes(hashlib.sha256(SPLIT_SALT + arxiv_id.encode()).digest()[:4]) % 100
    return "heldout" if doubled or bucket < HELDOUT_EXTRA else "train"


def _rows(path: Path) -> Iterator[tuple[int, dict]]:
    """``(line number, object)`` of a labeller's JSON Lines file.

    Raises:
        InputError: a line is not an object with a string ``id`` and a list of string ``tags``.
    """
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(str(path), number, f"not JSON: {exc.msg}") from None
        if not (isinstance(row, dict) and isinstance(row.get("id"), str)
                and isinstance(row.get("tags"), list)
                and all(isinstance(t, str) for t in row["tags"])):
            raise InputError(str(path), number, 'expected {"id": str, "tags": [str]}')
        yield number, row


def _tags(path: Path, known: set[str]) -> dict[str, tuple[str, ...]]:
    """``id -> tags`` of one file, tags in taxonomy order is not assumed (kept sorted).

    Raises:
        InputError: an unknown tag name, or an id twice (file and line named).
    """
    out: dict[str, tuple[str, ...]] = {}
    for number, row in _rows(path):
        unknown = [t for t in row["tags"] if t not in known]
        if unknown:
            raise InputError(str(path), number, f"unknown tag {unknown[0]!r} (not in the "
                                                "taxonomy): fix the label or the taxonomy")
        if row["id"] in out:
            raise InputError(str(path), number, f"{row['id']} is labelled twice")
        out[row["id"]] = tuple(sorted(set(row["tags"])))
    return out


def collect(source: Path, final: Path | None, known: Iterable[str]) -> list[ArxivLabel]:
    """The labels of every batch in ``source`` (``batch_NN.A.jsonl``, optional
    ``batch_NN.B.jsonl``), with ``final``'s adjudicated tags where it has the id.

    Raises:
        InputError: see ``_tags``; or ``source`` has no batch file.
    """
    names = set(known)
    adjudicated = _tags(final, names) if final is not None else {}
    firsts = sorted(source.glob("batch_*.A.jsonl"))
    if not firsts:
        raise InputError(str(source), None, "no batch_NN.A.jsonl files here")
    labels: list[ArxivLabel] = []
    for first in firsts:
        batch = first.name.split(".")[0]
        a = _tags(first, names)
        second = first.with_name(f"{batch}.B.jsonl")
        b = _tags(second, names) if second.is_file() else {}
        for arxiv_id, tags in a.items():
            labels.append(_label(arxiv_id, batch, tags, b.get(arxiv_id),
                                 adjudicated.get(arxiv_id)))
    return labels


def _label(arxiv_id: str, batch: str, a: tuple[str, ...], b: tuple[str, ...] | None,
           final: tuple[str, ...] | None) -> ArxivLabel:
    if b is None:
        return ArxivLabel(arxiv_id, final if final is not None else a, "single", ("A",),
                          batch, split_of(arxiv_id, False))
    if a == b:
        source, tags = "agreed", a
    elif final is not None:
        source, tags = "adjudicated", final
    else:
        source, tags = "pending", a
    return ArxivLabel(arxiv_id, tags, source, ("A", "B"), batch, split_of(arxiv_id, True))


def agreement(source: Path, known: Iterable[str]) -> tuple[int, int, int, int]:
    """Agreement of the two labellers on the doubly-labelled papers: ``(papers, tp, fp, fn)``
    counting labeller A's tags as the reference (micro F1 = 2tp / (2tp + fp + fn), symmetric)."""
    names = set(known)
    papers = tp = fp = fn = 0
    for second in sorted(source.glob("batch_*.B.jsonl")):
        a = _tags(second.with_name(second.name.replace(".B.", ".A.")), names)
        for arxiv_id, tags in _tags(second, names).items():
            if arxiv_id in a:
                papers += 1
                tp += len(set(tags) & set(a[arxiv_id]))
                fp += len(set(tags) - set(a[arxiv_id]))
                fn += len(set(a[arxiv_id]) - set(tags))
    return papers, tp, fp, fn


def write_labels(labels: Iterable[ArxivLabel], path: Path = LABELS) -> None:
    """Write ``labels`` as JSON Lines, sorted by id (the same labels give the same file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    rows = sorted(labels, key=lambda lab: lab.id)
    path.write_text("".join(json.dumps(lab.row(), ensure_ascii=False) + "\n" for lab in rows),
                    encoding="utf-8")


def read_labels(path: Path = LABELS, known: Iterable[str] | None = None) -> list[ArxivLabel]:
    """The labels in ``path`` (as ``write_labels`` writes them).

    Raises:
        InputError: a line is not such an object, or (with ``known``) names an unknown tag.
    """
    names = set(known) if known is not None else None
    out = []
    for number, row in _rows(path):
        if names is not None and (bad := [t for t in row["tags"] if t not in names]):
            raise InputError(str(path), number, f"unknown tag {bad[0]!r}")
        split = row.get("split") or split_of(row["id"], len(row.get("labellers", ())) > 1)
        out.append(ArxivLabel(row["id"], tuple(row["tags"]), str(row.get("source", "single")),
                              tuple(row.get("labellers", ("A",))), str(row.get("batch", "")),
                              split))
    return out


def find_arxiv(start: Path) -> Path | None:
    """``shared/arxiv/arxiv_cs_2024_2025.jsonl.gz`` in the nearest ancestor of ``start`` that
    has it (the project's ``../shared``, or a worktree's ``../../shared``), or ``None``."""
    for folder in (start.resolve(), *start.resolve().parents):
        candidate = folder / "shared" / ARXIV_FILE
        if candidate.is_file():
            return candidate
    return None


def read_arxiv(path: Path, ids: set[str] | None = None) -> dict[str, dict]:
    """``id -> record`` (``title``, ``abstract``, ``categories`` ...) of the arXiv file
    (gzip or plain JSON Lines), only the ``ids`` given when given."""
    opener = gzip.open if path.suffix == ".gz" else open
    out: dict[str, dict] = {}
    with opener(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            if ids is None or row["id"] in ids:
                out[row["id"]] = row
    return out


def main(argv: list[str] | None = None) -> int:
    """``python -m evaluation.arxiv import SOURCE [--final FILE]``: write ``labels.jsonl``."""
    from generator.config.taxonomy import load_taxonomy

    parser = argparse.ArgumentParser(prog="python -m evaluation.arxiv",
                                     description="import the blind labellers' arXiv labels")
    sub = parser.add_subparsers(dest="command", required=True)
    imp = sub.add_parser("import", help="labellers' batch files -> eval/arxiv/labels.jsonl")
    imp.add_argument("source", type=Path, help="folder of batch_NN.A.jsonl / .B.jsonl")
    imp.add_argument("--final", type=Path, default=None,
                     help="adjudicated labels (default: SOURCE/../final.jsonl when present)")
    imp.add_argument("--out", type=Path, default=LABELS)
    args = parser.parse_args(argv)
    names = load_taxonomy(ROOT / "taxonomy.yml").names
    final = args.final or (args.source.parent / "final.jsonl")
    labels = collect(args.source, final if final.is_file() else None, names)
    write_labels(labels, args.out)
    papers, tp, fp, fn = agreement(args.source, names)
    kinds = {k: sum(lab.source == k for lab in labels)
             for k in ("single", "agreed", "adjudicated", "pending")}
    held = sum(lab.split == "heldout" for lab in labels)
    print(f"wrote {args.out}: {len(labels)} papers ({held} held out); "
          + ", ".join(f"{k} {n}" for k, n in kinds.items()))
    if papers:
        print(f"agreement of the two labellers on {papers} papers: micro F1 "
              f"{2 * tp / (2 * tp + fp + fn):.3f} (P {tp / (tp + fp):.3f}, R {tp / (tp + fn):.3f}"
              " taking A as reference)")
    return 0


if __name__ == "__main__":
    sys.exit(main())


def split_rows(path: Path, split: str) -> list[dict]:
    """The records of the arXiv file at ``path`` in ``split``, sorted by the SHA-256 of the
    id: ``heldout`` (the held-out part of ``LABELS`` and every id ``split_of`` holds out),
    ``train`` (every other id) or ``all``."""
    held = {lab.id for lab in read_labels(LABELS) if lab.split == "heldout"} \
        if LABELS.is_file() else set()
    rows = []
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            out = row["id"] in held or split_of(row["id"], False) == "heldout"
            if split == "all" or (split == "heldout") == out:
                rows.append(row)
    rows.sort(key=lambda r: hashlib.sha256(r["id"].encode()).hexdigest())
    return rows


def training_pairs(root: Path, skip: int = 0) -> list[dict]:
    """The arXiv records a model may be trained on, for the scripts of ``training/``: the
    ``train`` split (``split_rows``) without its first ``skip`` (a dev split read off the
    same order).

    Raises:
        SystemExit: the arXiv file is not beside ``root`` (``find_arxiv``).
    """
    path = find_arxiv(root)
    if path is None:
        raise SystemExit("training: ../shared/arxiv/arxiv_cs_2024_2025.jsonl.gz not found")
    return split_rows(path, "train")[skip:]
