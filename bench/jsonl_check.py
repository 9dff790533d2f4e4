"""The guard for a change that must not change what the JSON readers read (issue 22: a
speed-up of the JSON Lines reader). Not a test, not a timing: every record and every notice
of a set of inputs, read by ``generator.read``'s ``.jsonl`` and ``.json`` readers, hashed per
input (``repr`` of the ``ParsedFile``, or the ``InputError``'s message for an input that stops
the run), to compare two trees.

Inputs (nothing of them is written into the repository):

* the first ``--n`` records of ``../shared/arxiv/`` as they are (one JSON Lines file) and as
  ``bench/convert_formats.py`` converts them (JSON Lines and JSON);
* ``../shared/real/*.jsonl`` as they are;
* ``examples/*.jsonl`` and ``examples/*.json``;
* ``bench/read_formats.py``'s 20,000 synthetic records;
* with ``--tests FILE``: every input the tests of ``tests/read`` (and the hostile-input
  regressions) gave the two readers, captured by ``--capture FILE`` (a pickle outside the
  repository: it holds the tests' inputs, made by the tests themselves);
* ``HOSTILE`` and ``BYTES``: lines and files made here to hit the readers' edge cases (a name given twice at the top,
  in ``content`` and deeper; ``Title`` and ``title``; escapes that decode to control
  characters, colons or quotes; NaN; a bare value; an OpenReview note; CRLF and a BOM;
  Latin-1, cut UTF-8, UTF-16).

    .venv/bin/python bench/jsonl_check.py --capture /tmp/inputs.pickle   # run the tests once
    .venv/bin/python bench/jsonl_check.py --root OLD --tests /tmp/inputs.pickle --out /tmp/a.json
    .venv/bin/python bench/jsonl_check.py --tests /tmp/inputs.pickle --against /tmp/a.json

``--against`` prints every input whose reading differs and exits 1 when one does.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import pickle
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

HOSTILE = [
    '{"title": "A", "abstract": "x", "title": "B"}',
    '{"title": "A", "abstract": "x", "unread": 1, "unread": 2}',
    '{"id": "n1", "content": {"title": "A", "title": "B", "abstract": "x"}}',
    '{"id": "n1", "content": {"title": {"value": "A"}, "abstract": {"value": "x", "value": "y"}}}',
    '{"title": "A", "abstract": "x", "authors": [{"name": "P", "name": "Q"}]}',
    '{"title": "A", "Title": "B", "abstract": "x"}',
    '{"title": "A", "Title": "", "abstract": "x"}',
    '{"title": "A", "abstract": "x\\u003a y", "title": "C"}',
    '{"title": "A\\u0007", "abstract": "x\\u0000 y\\b"}',
    '{"title": "A", "abstract": "\\u00c3\\u00a9t\\u00c3\\u00a9"}',
    '{"title": "A", "abstract": "caf\u00c3\u00a9 \u0007"}',
    '{"title": "A: b", "abstract": "x: y", "doi": "10.1/a:b", "url": "https://a.org/x:y"}',
    '{"title": "A", "abstract": "x", "year": NaN}',
    '[1, 2]', '"text"', '{"title": "A"', '{"title": "A"} {"title": "B"}',
    '{"title": "A", "abstract": "x", "authors": "Hu, Edward J.; King, Jr."}',
    '{"title": "A", "abstract": "x", "keywords": "a; b, c", "code": ["https://github.com/a/b"]}',
    '{"title": "A", "abstract": "x", "doi": "nope"}',
    '{"title": "A", "abstract": "x", "year": "20x7"}',
    '{"title": "A", "abstract": "x", "date": {"date-parts": [[2023, 2, 31]]}}',
    '{"title": "A", "abstract": "x", "note": "code at https://github.com/o/r, withdrawn"}',
    '{"title": "A", "abstract": "x", "venueid": "ICLR.cc/2023/Conference/Desk_Rejected_Submission"}',
    '{"title": ["A"], "abstract": "x"}', '{"abstract": ""}', '{"title": null, "abstract": null}',
    '{"title": "A", "abstract": "line one\\n\\n\\n\\nline two\\r\\nthree"}',
    '{"paperId": "p", "externalIds": {"ArXiv": "2106.09685"}, "title": "A", "abstract": "x"}',
    '{"DOI": "10.1/x", "title": ["A"], "container-title": ["J"], "abstract": "<jats:p>x</jats:p>"}',
    '{"title": "A", "abstract": "x", "\\u0074itle": "B"}',
    '{"title": "A", "abstract": "x", "ti\\"tle": "B", "a:b": 1}',
]

# Files that are not UTF-8, or UTF-8 with a BOM or carriage returns.
BYTES = [b'{"title": "ok", "abstract": "y"}\n{"title": "caf\xe9", "abstract": "x"}\n',
         b'{"title": "ok", "abstract": "y\xc3"}\n', '\ufeff{"title": "A"}'.encode("utf-16"),
         b'{"title": "A", "abstract": "x"}\r{"title": "B", "abstract": "y"}\r\n',
         b'\n  \n\t\n{"title": "A", "abstract": "x"}  \n \u00a0\n'.replace(b"\\u00a0", "\u00a0".encode()),
         b' {"title": "A", "abstract": "x"}\n{"title": "B", "abstract": "\\\\b \\\\\\b"}\n']


def inputs(n: int, tests: Path | None) -> list[tuple[str, str, bytes]]:
    """``(suffix, name, bytes)`` of every input (module docstring)."""
    sys.path.insert(0, str(HERE))
    import convert_formats
    import read_formats

    out: list[tuple[str, str, bytes]] = []
    with gzip.open(convert_formats.SHARED / "arxiv" / "arxiv_cs_2024_2025.jsonl.gz") as f:
        raw = b"".join(line for _, line in zip(range(n), f))
    out.append((".jsonl", "arxiv.jsonl", raw))
    recs = convert_formats.load("arxiv", n)
    out.append((".jsonl", "converted.jsonl", convert_formats.as_jsonl(recs).encode()))
    out.append((".json", "converted.json", convert_formats.as_json(recs).encode()))
    for path in sorted((convert_formats.SHARED / "real").glob("*.jsonl")):
        out.append((".jsonl", path.name, path.read_bytes()))
    for path in sorted((HERE.parent / "examples").glob("*.json*")):
        out.append((path.suffix, path.name, path.read_bytes()))
    out.append((".jsonl", "bench.jsonl", read_formats.as_jsonl(read_formats.records(20000))))
    for i, line in enumerate(HOSTILE):
        out.append((".jsonl", f"hostile{i}.jsonl", ('{"title": "ok", "abstract": "y"}\n'
                                                   + line + "\n").encode()))
    out.append((".jsonl", "crlf.jsonl", "\ufeff".encode() + "\r\n".join(HOSTILE[16:22]).encode()))
    for i, data in enumerate(BYTES):
        out.append((".jsonl", f"bytes{i}.jsonl", data))
    if tests is not None:
        out += pickle.loads(tests.read_bytes())
    return out


def readings(root: Path, items: list[tuple[str, str, bytes]]) -> dict[str, str]:
    """``{input: SHA-256 prefix of its reading}`` with the readers of the tree ``root``."""
    from generator.errors import InputError
    from generator.read.jsondoc import read_json
    from generator.read.jsonl import read_jsonl

    assert Path(sys.modules["generator"].__file__).is_relative_to(root), root
    out: dict[str, str] = {}
    for number, (suffix, name, data) in enumerate(items):
        reader = read_jsonl if suffix == ".jsonl" else read_json
        try:
            reading = repr(reader(data, name, f"seeds/{name}"))
        except InputError as exc:
            reading = f"InputError: {exc}"
        except Exception as exc:  # noqa: BLE001 - a crash is a reading to compare too
            reading = f"{type(exc).__name__}: {exc}"
        out[f"{number}:{name}"] = hashlib.sha256(reading.encode()).hexdigest()[:16]
    return out


def capture(out: Path) -> int:
    """Run the tests of ``tests/read`` and the hostile-input regressions once, keeping every
    input they give ``read_jsonl`` and ``read_json`` (directly or through ``read_seeds``)."""
    import pytest

    seen: list[tuple[str, str, bytes]] = []

    class Plugin:
        @staticmethod
        def pytest_configure(config) -> None:
            import generator.read as read
            import generator.read.jsondoc as jsondoc
            import generator.read.jsonl as jsonl

            def keep(suffix, reader):
                def wrapped(data, name, shown):
                    seen.append((suffix, name, bytes(data)))
                    return reader(data, name, shown)
                return wrapped

            jsonl.read_jsonl = read.READERS[".jsonl"] = keep(".jsonl", jsonl.read_jsonl)
            jsondoc.read_json = read.READERS[".json"] = keep(".json", jsondoc.read_json)

    root = HERE.parent
    pytest.main(["-q", "-x", "-m", "not e2e", "-p", "no:cacheprovider", str(root / "tests/read"),
                 str(root / "tests/test_hostile_regressions.py")], plugins=[Plugin()])
    unique = list(dict.fromkeys(seen))
    out.write_bytes(pickle.dumps(unique))
    return len(unique)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=HERE.parent, help="the tree whose readers read")
    ap.add_argument("--n", type=int, default=30000, help="records of ../shared/arxiv/")
    ap.add_argument("--tests", type=Path, help="the inputs --capture kept")
    ap.add_argument("--capture", type=Path, help="run the tests and keep their inputs here")
    ap.add_argument("--out", type=Path, help="write the hashes here (JSON)")
    ap.add_argument("--against", type=Path, help="compare with hashes written by --out")
    args = ap.parse_args()
    if args.capture:
        print(f"{capture(args.capture)} distinct inputs kept in {args.capture}")
        return
    root = args.root.resolve()
    sys.path.insert(0, str(root))
    import generator  # noqa: F401 - from ``root``, before the benchmarks import theirs

    hashes = readings(root, inputs(args.n, args.tests))
    total = hashlib.sha256(json.dumps(hashes, sort_keys=True).encode()).hexdigest()[:16]
    print(f"{len(hashes)} inputs read, all readings {total}")
    if args.out:
        args.out.write_text(json.dumps(hashes, indent=0))
    if args.against:
        before = json.loads(args.against.read_text())
        differ = [k for k in before.keys() | hashes.keys() if before.get(k) != hashes.get(k)]
        for key in sorted(differ):
            print(f"differs: {key}")
        print(f"{len(differ)} of {len(hashes)} inputs read differently")
        sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
