"""Reading speed of the metadata formats (issue 14): N synthetic records written as JSON Lines,
BibTeX, JSON, CSV and arXiv Atom, each read by its reader, against two baselines in the same
run: the same abstracts as a ``.txt`` seed file (the plain format) and ``json.loads`` of the
JSON Lines file alone (the parse, without the field mapping).

Not a test: a measurement. Records are made here (``bench/synth.py``'s abstracts, with titles,
3-8 authors, venue, year, DOI, arXiv id, keywords and a code URL for some), never committed.

    .venv/bin/python bench/read_formats.py [--n 20000] [--repeat 3] [--formats jsonl bib] [--hash]

Prints, per format: file size, best CPU time of ``--repeat`` reads (the reader alone: bytes
in memory -> records), records per second, and the time as a multiple of the ``.txt`` read;
for the formats the build cache keeps (BibTeX, Atom), also a second read of the same file
through a saved build cache, as the next build or ``mkdocs serve`` rebuild does; after JSON
Lines, the merge of its records into papers (``merge_records``), alone and with the same papers
from the CSV file. ``--hash``: each format's reading (its records and notices) as a SHA-256
prefix, to show that a change to a reader leaves what it reads as it was (run before and
after; the same records give the same hashes).
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from synth import synthesize  # noqa: E402

from generator.infra.cache import BuildCache  # noqa: E402
from generator.read import READERS, SLOW, merge_records, read_seeds  # noqa: E402

FIRST = ["Ann", "Bo", "Chen", "Dana", "Eli", "Fatima", "Gustav", "Hana", "Ivo", "Jun", "Kofi",
         "Lena", "Mateo", "Noor", "Olga", "Pavel", "Qi", "Rosa", "Sven", "Tariq"]
LAST = ["Lee", "Müller", "García", "Nguyen", "Okafor", "Rossi", "Sato", "Silva", "Kowalski",
        "Haddad", "Ivanova", "Johansson", "Kim", "Laurent", "Moreau", "Novak", "Patel", "Quinn"]
VENUES = ["NeurIPS", "ICML", "ICLR", "CVPR", "ACL", "AAAI"]
KEYWORDS = ["large language models", "diffusion models", "reinforcement learning",
            "graph neural networks", "optimization", "federated learning", "benchmark"]


def records(n: int, seed: int = 0) -> list[dict]:
    """``n`` records with the fields a conference export has (deterministic)."""
    with tempfile.TemporaryDirectory() as tmp:
        texts = []
        for path in synthesize(n, Path(tmp), seed=seed):
            paras = path.read_text(encoding="utf-8").split("\n\n")[1:]
            texts += [p.strip() for p in paras if p.strip()]
    rng = random.Random(seed)
    out = []
    for i, text in enumerate(texts):
        name = text.split(":")[0].split()[-1] if text.startswith("We present") else f"M{i}"
        out.append({
            "title": f"{name}: A Study of Method {i} for Learning at Scale",
            "authors": [f"{rng.choice(FIRST)} {rng.choice(LAST)}"
                        for _ in range(rng.randint(3, 8))],
            "venue": rng.choice(VENUES), "year": 2015 + i % 10,
            "doi": f"10.5555/bench.{i}", "arxiv_id": f"{2100 + i % 400}.{i % 100000:05d}",
            "keywords": rng.sample(KEYWORDS, 2),
            "code": f"https://github.com/bench-lab/method-{i}" if i % 3 == 0 else None,
            "abstract": text,
        })
    return out


def as_jsonl(recs: list[dict]) -> bytes:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in recs).encode()


def as_json(recs: list[dict]) -> bytes:
    return json.dumps(recs, ensure_ascii=False, indent=1).encode()


def as_csv(recs: list[dict]) -> bytes:
    out = io.StringIO()
    w = csv.writer(out)
    w.writerow(["title", "authors", "venue", "year", "doi", "arxiv_id", "keywords", "code",
                "abstract"])
    for r in recs:
        w.writerow([r["title"], "; ".join(r["authors"]), r["venue"], r["year"], r["doi"],
                    r["arxiv_id"], "; ".join(r["keywords"]), r["code"] or "", r["abstract"]])
    return out.getvalue().encode()


def as_bib(recs: list[dict]) -> bytes:
    def tex(s: str) -> str:
        return s.replace("%", "\\%").replace("&", "\\&")

    blocks = []
    for i, r in enumerate(recs):
        authors = " and ".join(f"{a.split()[-1]}, {a.split()[0]}" for a in r["authors"])
        blocks.append(
            f"@inproceedings{{bench{i},\n  title = {{{tex(r['title'])}}},\n"
            f"  author = {{{authors}}},\n  booktitle = {{{r['venue']}}},\n"
            f"  year = {{{r['year']}}},\n  doi = {{{r['doi']}}},\n"
            f"  eprint = {{{r['arxiv_id']}}},\n  archivePrefix = {{arXiv}},\n"
            f"  keywords = {{{', '.join(r['keywords'])}}},\n"
            f"  abstract = {{{tex(r['abstract'])}}}\n}}\n")
    return "\n".join(blocks).encode()


def as_atom(recs: list[dict]) -> bytes:
    parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" '
             'xmlns:arxiv="http://arxiv.org/schemas/atom">\n<title>bench</title>\n']
    for r in recs:
        parts.append(
            f"<entry><id>http://arxiv.org/abs/{r['arxiv_id']}v1</id><title>{escape(r['title'])}"
            f"</title><summary>{escape(r['abstract'])}</summary><published>{r['year']}-01-01"
            "T00:00:00Z</published>"
            + "".join(f"<author><name>{escape(a)}</name></author>" for a in r["authors"])
            + "</entry>\n")
    parts.append("</feed>\n")
    return "".join(parts).encode()


def as_txt(recs: list[dict]) -> bytes:
    return ("Bench\n\n" + "\n\n".join(r["abstract"] for r in recs) + "\n").encode()


WRITERS = {"txt": as_txt, "jsonl": as_jsonl, "bib": as_bib, "json": as_json, "csv": as_csv,
           "atom": as_atom}


def best_of(repeat: int, fn) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.process_time()  # CPU seconds: other processes on the machine add none
        result = fn()
        best = min(best, time.process_time() - start)
    return best, result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=20000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--formats", nargs="*", default=list(WRITERS))
    ap.add_argument("--hash", action="store_true", help="print a hash of each reading")
    args = ap.parse_args()
    recs = records(args.n)
    print(f"{args.n} synthetic records, best of {args.repeat} reads each (bytes in memory)")
    print(f"{'format':>7} {'MB':>7} {'CPU s':>8} {'records/s':>10} {'x txt':>7}  note")
    data = {fmt: WRITERS[fmt](recs) for fmt in ["txt", *args.formats] if fmt in WRITERS}
    base, _ = best_of(args.repeat, lambda: READERS[".txt"](data["txt"], "b.txt", "b.txt"))
    parse, _ = best_of(args.repeat, lambda: [json.loads(line) for line in
                                             data.get("jsonl", as_jsonl(recs)).splitlines()])
    print(f"{'json.loads':>7} {'':>7} {parse:8.2f} {args.n / parse:10.0f} {parse / base:7.2f}"
          "  baseline: the JSON Lines parse alone")
    for fmt, raw in data.items():
        suffix = ".xml" if fmt == "atom" else f".{fmt}"
        seconds, parsed = (base, None) if fmt == "txt" else best_of(
            args.repeat, lambda r=raw, s=suffix: READERS[s](r, f"b{s}", f"b{s}"))
        assert parsed is None or len(parsed.records) == args.n, fmt
        note = "baseline: the .txt seed format" if fmt == "txt" else {
            "jsonl": "target <= 2x txt", "bib": "target <= 5 s at 20,000"}.get(fmt, "")
        if args.hash:
            reading = parsed or READERS[suffix](raw, f"b{suffix}", f"b{suffix}")
            note += f" [reading {hashlib.sha256(repr(reading).encode()).hexdigest()[:16]}]"
        print(f"{fmt:>7} {len(raw) / 1e6:7.1f} {seconds:8.2f} {args.n / seconds:10.0f} "
              f"{seconds / base:7.2f}  {note}")
        if fmt == "jsonl":
            merge_rows(parsed, recs, args.repeat, base)
        if suffix in SLOW:
            seconds = warm(raw, suffix, args.repeat)
            print(f"{fmt + '*':>7} {'':>7} {seconds:8.2f} {args.n / seconds:10.0f} "
                  f"{seconds / base:7.2f}  * the same file again, from the build cache")


def merge_rows(parsed, recs: list[dict], repeat: int, base: float) -> None:
    """Two rows: ``merge_records`` (step 1's merge of records into papers) over the JSON Lines
    file's records alone (no paper twice), and with the same papers from a CSV file (each
    paper two records, joined by its DOI)."""
    table = READERS[".csv"](as_csv(recs), "b.csv", "b.csv")
    for label, files in (("merge", [("b.jsonl", parsed)]),
                         ("merge2", [("b.jsonl", parsed), ("b.csv", table)])):
        seconds, seeds = best_of(repeat, lambda f=files: merge_records(f, (), []))
        assert len(seeds.abstracts) == len(recs), label
        print(f"{label:>7} {'':>7} {seconds:8.2f} {len(recs) / seconds:10.0f} "
              f"{seconds / base:7.2f}  merge_records: " + ("the JSON Lines records" if
                                                           len(files) == 1 else
                                                           "those and the CSV's, one paper each"))


def warm(raw: bytes, suffix: str, repeat: int) -> float:
    """Best time to read a folder holding ``raw`` once more through a saved build cache (the
    cache file loaded, the file hashed, its records taken from the cache)."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "seeds"
        folder.mkdir()
        (folder / f"b{suffix}").write_bytes(raw)
        first = BuildCache(Path(tmp) / "cache.pickle", "bench")
        read_seeds(folder, cache=first)
        first.save()

        def again() -> int:
            return len(read_seeds(folder, cache=BuildCache(Path(tmp) / "cache.pickle",
                                                            "bench")).abstracts)

        seconds, count = best_of(repeat, again)
        assert count == len(read_seeds(folder).abstracts)
        return seconds


if __name__ == "__main__":
    main()
