"""Real records converted to every input format the digest reads, read back and compared, and
optionally built (issue 22's round-trip target).

Not a test: a check at scale on real text. The records are ``../shared/real/*.jsonl`` or the
first N of ``../shared/arxiv/arxiv_cs_2024_2025.jsonl.gz`` (never copied into the repository);
the files are written to a temporary folder (``--out``, default under /tmp). Neither source has
authors, so each record gets one to four made-up names (deterministic; some with non-ASCII
letters and particles) to carry through every format.

    .venv/bin/python bench/convert_formats.py --source arxiv --n 2000 [--build]

For each format: how many records were read back, and how many differ from the record
written in title, abstract (whitespace runs compared as one space: RIS, OpenAlex's inverted
index and HTML cannot carry line breaks), authors or identifiers (DOI, arXiv id, OpenReview
id); the warnings and handled notices of reading it as a seeds folder; with ``--build``, ``paper-digest build`` of a project whose seeds are that one file,
its exit status and its warning count.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import io
import json
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.read import READERS, read_seeds  # noqa: E402
from generator.read.clean import repair_text  # noqa: E402

# ../shared beside the checkout (a worktree sits one level deeper: ../../shared)
SHARED = next((p for p in (ROOT.parent / "shared", ROOT.parent.parent / "shared")
               if p.is_dir()), ROOT.parent / "shared")
FIRST = ["Ann", "Bo", "Chen", "Dana", "José", "Fatima", "Gustav", "Hana", "Ivo", "Jun", "Kofi",
         "Zoë", "Mateo", "Noor", "Olga"]
LAST = ["Lee", "Müller", "García", "Nguyen", "Okafor", "van der Berg", "Sato", "Silva",
        "Kowalski", "Haddad", "Ivanova", "Johansson", "Kim", "de la Cruz"]


def load(source: str, n: int) -> list[dict]:
    """``n`` records ``{title, abstract, authors, arxiv_id, openreview_id, venue, date}``."""
    rng = random.Random(22)
    out = []
    if source == "arxiv":
        with gzip.open(SHARED / "arxiv" / "arxiv_cs_2024_2025.jsonl.gz", "rt",
                       encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                out.append({"title": r["title"], "abstract": r["abstract"],
                            "arxiv_id": r["id"], "openreview_id": "", "venue": "",
                            "date": r["published"][:10]})
                if len(out) >= n:
                    break
    else:
        for path in sorted((SHARED / "real").glob("*.jsonl")):
            for line in path.read_text(encoding="utf-8").splitlines():
                r = json.loads(line)
                forum = (r.get("paper_url") or "").partition("id=")[2]
                out.append({"title": r["title"], "abstract": r["abstract"], "arxiv_id": "",
                            "openreview_id": forum, "venue": r["venue"], "date": ""})
        out = out[:n]
    for r in out:
        r["authors"] = [f"{rng.choice(FIRST)} {rng.choice(LAST)}"
                        for _ in range(rng.randint(1, 4))]
    return out


def _url(r: dict) -> str:
    if r["arxiv_id"]:
        return f"https://arxiv.org/abs/{r['arxiv_id']}"
    return f"https://openreview.net/forum?id={r['openreview_id']}" if r["openreview_id"] else ""


def _family_first(name: str) -> str:
    """``"Ann van der Berg"`` -> ``"van der Berg, Ann"`` (the first word is the given name)."""
    given, _, family = name.partition(" ")
    return f"{family}, {given}"


def as_jsonl(recs):
    return "".join(json.dumps(_plain(r), ensure_ascii=False) + "\n" for r in recs)


def _plain(r: dict) -> dict:
    return {k: v for k, v in {"title": r["title"], "authors": r["authors"], "venue": r["venue"],
                              "date": r["date"], "arxiv_id": r["arxiv_id"],
                              "openreview_id": r["openreview_id"],
                              "abstract": r["abstract"]}.items() if v}


def as_json(recs):
    return json.dumps([_plain(r) for r in recs], ensure_ascii=False, indent=1)


def _table(recs, delimiter: str, zotero: bool) -> str:
    out = io.StringIO()
    w = csv.writer(out, delimiter=delimiter)
    if zotero:  # Zotero's CSV export: its column names, names "Family, Given; ..."
        w.writerow(["Key", "Item Type", "Author", "Title", "Publication Title", "Url",
                    "Abstract Note", "Date", "Manual Tags"])
        for i, r in enumerate(recs):
            w.writerow([f"K{i}", "preprint", "; ".join(_family_first(a) for a in r["authors"]),
                        r["title"], r["venue"], _url(r), r["abstract"], r["date"], ""])
    else:
        w.writerow(["title", "authors", "venue", "date", "url", "abstract"])
        for r in recs:
            w.writerow([r["title"], "; ".join(r["authors"]), r["venue"], r["date"], _url(r),
                        r["abstract"]])
    return out.getvalue()


def _bib_value(text: str) -> str:
    """A value in braces: a brace the text does not balance is escaped (TeX's ``\\{``)."""
    depth, out = 0, []
    for c in text:
        if c == "{":
            depth += 1
        elif c == "}":
            if depth == 0:
                out.append("\\}")
                continue
            depth -= 1
        out.append(c)
    return "".join(out) + "}" * depth


def as_bib(recs):
    blocks = []
    for i, r in enumerate(recs):
        fields = [("title", r["title"]), ("author", " and ".join(
            _family_first(a) for a in r["authors"])), ("booktitle", r["venue"]),
            ("date", r["date"]), ("url", _url(r)), ("abstract", r["abstract"])]
        if r["arxiv_id"]:
            fields += [("eprint", r["arxiv_id"]), ("archivePrefix", "arXiv")]
        body = ",\n".join(f"  {k} = {{{_bib_value(v)}}}" for k, v in fields if v)
        blocks.append(f"@misc{{r{i},\n{body}\n}}\n")
    return "\n".join(blocks)


def _xml(text: str) -> str:
    """Text as XML 1.0 can hold it: escaped, control characters repaired (XML has none)."""
    return escape(repair_text(text)[0])


def as_atom(recs):
    parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">'
             '<title>convert</title><id>urn:convert</id><updated>2025-01-01T00:00:00Z</updated>\n']
    for i, r in enumerate(recs):
        ident = f"http://arxiv.org/abs/{r['arxiv_id']}v1" if r["arxiv_id"] else f"urn:r:{i}"
        link = f'<link rel="alternate" href="{escape(_url(r))}"/>' if _url(r) else ""
        date = f"<published>{r['date']}T00:00:00Z</published>" if r["date"] else ""
        parts.append(f"<entry><id>{ident}</id><title>{_xml(r['title'])}</title>{link}{date}"
                     f"<summary>{_xml(r['abstract'])}</summary>"
                     + "".join(f"<author><name>{_xml(a)}</name></author>"
                               for a in r["authors"]) + "</entry>\n")
    return "".join(parts) + "</feed>\n"


def _one_line(text: str) -> str:
    """Text on one line, as a RIS tag holds it (repaired first: splitting at a no-break space
    would leave half of a mojibake pair behind)."""
    return " ".join(repair_text(text)[0].split())


def as_ris(recs):
    lines = []
    for r in recs:
        lines += ["TY  - GEN", f"TI  - {' '.join(r['title'].split())}",
                  *(f"AU  - {_family_first(a)}" for a in r["authors"]),
                  *([f"T2  - {r['venue']}"] if r["venue"] else []),
                  *([f"DA  - {r['date'].replace('-', '/')}"] if r["date"] else []),
                  *([f"UR  - {_url(r)}"] if _url(r) else []),
                  f"AB  - {_one_line(r['abstract'])}", "ER  - ", ""]
    return "\n".join(lines)


def as_semantic_scholar(recs):
    return json.dumps({"total": len(recs), "offset": 0, "data": [
        {"paperId": f"{i:040x}", "title": r["title"], "abstract": r["abstract"],
         "venue": r["venue"], "publicationDate": r["date"] or None,
         "externalIds": {"ArXiv": r["arxiv_id"] or None},
         "url": _url(r) or None,
         "authors": [{"authorId": str(j), "name": a} for j, a in enumerate(r["authors"])]}
        for i, r in enumerate(recs)]}, ensure_ascii=False)


def as_openalex(recs):
    def inverted(text: str) -> dict:
        index: dict[str, list[int]] = {}
        for pos, word in enumerate(text.split()):
            index.setdefault(word, []).append(pos)
        return index

    return json.dumps({"meta": {"count": len(recs)}, "results": [
        {"id": f"https://openalex.org/W{i}", "display_name": r["title"], "title": r["title"],
         "publication_date": r["date"] or None,
         "authorships": [{"author": {"display_name": a}} for a in r["authors"]],
         "abstract_inverted_index": inverted(repair_text(r["abstract"])[0]),
         "primary_location": {"landing_page_url": _url(r) or None,
                              "source": {"display_name": r["venue"]} if r["venue"] else None}}
        for i, r in enumerate(recs)]}, ensure_ascii=False)


def as_crossref(recs):
    return json.dumps({"status": "ok", "message-type": "work-list", "message": {"items": [
        {"DOI": f"10.5555/convert.{i}", "title": [r["title"]], "type": "posted-content",
         "container-title": [r["venue"]] if r["venue"] else [],
         "author": [{"given": a.partition(" ")[0], "family": a.partition(" ")[2]}
                    for a in r["authors"]],
         **({"issued": {"date-parts": [[int(x) for x in r["date"].split("-")]]}}
            if r["date"] else {}),
         "URL": _url(r) or None,
         "abstract": f"<jats:p>{_xml(r['abstract'])}</jats:p>"}
        for i, r in enumerate(recs)]}}, ensure_ascii=False)


# file name -> writer: every reader of generator.read.READERS, and the API shapes it reads.
WRITERS = {
    "records.jsonl": as_jsonl, "records.json": as_json,
    "records.csv": lambda recs: _table(recs, ",", False),
    "excel.csv": lambda recs: _table(recs, ";", False),
    "records.tsv": lambda recs: _table(recs, "\t", False),
    "zotero.csv": lambda recs: _table(recs, ",", True),
    "records.bib": as_bib, "records.atom": as_atom, "records.xml": as_atom,
    "records.ris": as_ris, "semantic-scholar.json": as_semantic_scholar,
    "openalex.json": as_openalex, "crossref.json": as_crossref,
}


def compare(name: str, recs: list[dict], data: bytes) -> tuple[int, list[str]]:
    """``(records read, differences)`` of one converted file read by its reader. A BibTeX
    value is compared with what BibTeX can hold (``_bib_value``: an unbalanced brace of the
    source text escaped), and every text as repaired (control characters removed, mojibake
    undone: what every reader does, and reports; 131 lines of the real abstracts)."""
    escape_braces = _bib_value if name.endswith(".bib") else (lambda text: text)

    def carried(text: str) -> str:
        return repair_text(escape_braces(text))[0]

    parsed = READERS[Path(name).suffix](data, name, name)
    diffs = []
    for r, a in zip(recs, parsed.records, strict=False):
        m = a.meta
        got = (" ".join(m.title.split()), " ".join(a.text.split()), m.authors, m.arxiv_id,
               m.openreview_id)
        want = (" ".join(carried(r["title"]).split()), " ".join(carried(r["abstract"]).split()),
                tuple(r["authors"]), r["arxiv_id"], r["openreview_id"])
        if got != want:
            diffs.append(f"{name} record {a.sources[0].abstract}: " + "; ".join(
                f"{field}: {w!r:.80} -> {g!r:.80}" for field, g, w in zip(
                    ("title", "abstract", "authors", "arxiv_id", "openreview_id"), got, want)
                if g != w))
    return len(parsed.records), diffs


def notices(name: str, data: bytes, out: Path) -> tuple[int, int]:
    """``(warnings, handled notices)`` of reading a seeds folder holding only ``data``: the
    part of a build's warnings that depends on the format."""
    folder = out / f"seeds-{name.replace('.', '-')}"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    (folder / name).write_bytes(data)
    found = read_seeds(folder).notices
    shutil.rmtree(folder)
    return sum(n.warns for n in found), sum(not n.warns for n in found)


def build(name: str, data: bytes, out: Path) -> tuple[int, int]:
    """``(exit status, warnings)`` of ``paper-digest build`` with ``data`` as the only seed."""
    project = out / f"project-{name.replace('.', '-')}"
    shutil.rmtree(project, ignore_errors=True)
    shutil.copytree(ROOT, project, ignore=shutil.ignore_patterns(
        ".venv", ".git", "site", ".paper-digest-cache", "seeds", "node_modules", "__pycache__"))
    (project / "seeds").mkdir()
    (project / "seeds" / name).write_bytes(data)
    proc = subprocess.run([sys.executable, "-m", "generator.cli", "build"], cwd=project,
                          capture_output=True, text=True)
    warnings = proc.stderr.count("WARNING")
    if proc.returncode or warnings:  # what stopped or warned, for the reader of the table
        print("\n".join(f"    {line}" for line in proc.stderr.splitlines()
                        if "WARNING" in line or "rror" in line), file=sys.stderr)
    shutil.rmtree(project, ignore_errors=True)
    return proc.returncode, warnings


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", choices=("real", "arxiv"), default="real")
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--build", action="store_true")
    ap.add_argument("--formats", nargs="*", default=list(WRITERS))
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    recs = load(args.source, args.n)
    out = args.out or Path(tempfile.mkdtemp(prefix="convert-", dir="/tmp"))
    out.mkdir(parents=True, exist_ok=True)
    print(f"{len(recs)} {args.source} records -> {out}")
    print(f"{'file':>22} {'MB':>6} {'read':>6} {'differ':>6} {'warn':>5} {'handled':>7}"
          + ("  build rc warnings" if args.build else ""))
    total = 0
    for name in args.formats:
        data = WRITERS[name](recs).encode("utf-8")
        (out / name).write_bytes(data)
        read, diffs = compare(name, recs, data)
        warned, handled = notices(name, data, out)
        total += len(diffs) + (read != len(recs)) + warned
        line = f"{name:>22} {len(data) / 1e6:6.1f} {read:6d} {len(diffs):6d} {warned:5d} " \
               f"{handled:7d}"
        if args.build:
            rc, warnings = build(name, data, out)
            total += rc != 0 or warnings != 0
            line += f"  {rc:8d} {warnings:8d}"
        print(line, flush=True)
        for d in diffs[:3]:
            print("    " + d)
    print("all equal" if total == 0 else f"{total} problems")


if __name__ == "__main__":
    main()
