"""Property tests for every reader: whatever bytes a seed file holds, reading it gives records
or an ``InputError`` naming the file, never another exception; records that are read always
make a paper page (extraction and rendering never fail on them)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.config.taxonomy import load_taxonomy
from generator.errors import InputError
from generator.read import READERS
from generator.read.fields import ALIASES

ROOT = Path(__file__).resolve().parents[2]
FIELDS = [name for names in ALIASES.values() for name in names]
# Characters that mean something to one of the formats, and a few that repairs touch.
SPECIAL = '{}"\\,;\t\n\r@#%$&<>=[]:/\x00\x08\u00c3\u00a9\ufeff'
TEXT = st.text(alphabet=st.characters(codec="utf-8") | st.sampled_from(list(SPECIAL)),
               max_size=60)
SCALAR = st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(
    allow_nan=False) | TEXT | st.sampled_from(
    ["2023", "2023-12-01", "10.1000/x", "arXiv:2401.01234v2", "https://arxiv.org/abs/2401.01234",
     "https://github.com/o/r", "https://openreview.net/forum?id=abcdefgh", "A and B", "dec"])
VALUE = st.recursive(SCALAR, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
    st.sampled_from(["value", "name", "given", "family", "date-parts"]) | TEXT, inner,
    max_size=3), max_leaves=8)
RECORD = st.dictionaries(st.sampled_from(FIELDS) | TEXT, VALUE, max_size=8)
NOTE = st.fixed_dictionaries({"id": TEXT, "content": st.dictionaries(
    st.sampled_from(FIELDS), st.fixed_dictionaries({"value": VALUE}) | VALUE, max_size=6)})
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _check(name: str, data: bytes) -> None:
    """Read ``data`` as ``seeds/<name>``: records, or an InputError naming the file. The
    records are extracted and their pages rendered."""
    try:
        parsed = READERS[Path(name).suffix](data, name, f"seeds/{name}")
    except InputError as exc:
        assert str(exc).startswith(f"seeds/{name}")
        return
    for record in parsed.records:
        _page(record)


@lru_cache(maxsize=1)
def _taxonomy():
    return load_taxonomy(ROOT / "taxonomy.yml")


def _page(record) -> None:
    from generator.catalog import build_catalog
    from generator.extract import extract_paper
    from generator.render.pages import plan_site

    facts = extract_paper(record, _taxonomy())
    papers = build_catalog((facts,))
    for file in plan_site(papers, _taxonomy().names, site_url="https://example.org/d/"):
        if file.path.startswith("papers/") or file.path == "feed.xml":
            assert file.render()


@FUZZ
@given(st.binary(max_size=300))
@pytest.mark.parametrize("name", sorted({f"x{s}" for s in READERS}))
def test_any_bytes(name: str, data: bytes) -> None:
    """Arbitrary bytes, for every reader."""
    _check(name, data)


@FUZZ
@given(st.lists(RECORD | NOTE | VALUE, max_size=4))
def test_json_lines_of_any_values(records: list) -> None:
    _check("x.jsonl", "\n".join(json.dumps(r) for r in records).encode())


@FUZZ
@given(st.lists(RECORD | NOTE, max_size=4), st.sampled_from(["list", "notes", "papers"]))
def test_json_documents_of_any_records(records: list, shape: str) -> None:
    document = records if shape == "list" else {shape: records}
    _check("x.json", json.dumps(document).encode())


@FUZZ
@given(st.lists(st.sampled_from(FIELDS) | TEXT, min_size=1, max_size=5),
       st.lists(st.lists(TEXT, max_size=6), max_size=4), st.sampled_from([",", "\t"]))
def test_tables_of_any_cells(header: list[str], rows: list[list[str]], delimiter: str) -> None:
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter)
    writer.writerow(header)
    writer.writerows(rows)
    _check("x.csv" if delimiter == "," else "x.tsv", out.getvalue().encode())


@FUZZ
@given(st.lists(st.tuples(st.sampled_from(["article", "inproceedings", "misc", "string",
                                           "comment", "preamble", "x"]),
                          TEXT, st.lists(st.tuples(st.sampled_from(FIELDS) | TEXT, TEXT),
                                         max_size=5)), max_size=3))
def test_bibtex_of_any_fields(entries: list) -> None:
    blocks = []
    for kind, key, fields in entries:
        body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields)
        blocks.append(f"@{kind}{{{key},\n{body}\n}}")
    _check("x.bib", "\n\n".join(blocks).encode())


@FUZZ
@given(st.lists(st.tuples(TEXT, TEXT, TEXT, st.lists(TEXT, max_size=3)), max_size=3))
def test_atom_of_any_entries(entries: list) -> None:
    from xml.sax.saxutils import escape

    parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/'
             'Atom" xmlns:arxiv="http://arxiv.org/schemas/atom"><title>q</title>']
    for ident, title, summary, authors in entries:
        parts.append(f"<entry><id>http://arxiv.org/abs/{escape(ident)}</id><title>"
                     f"{escape(title)}</title><summary>{escape(summary)}</summary>"
                     + "".join(f"<author><name>{escape(a)}</name></author>" for a in authors)
                     + f"<arxiv:comment>{escape(summary)}</arxiv:comment></entry>")
    parts.append("</feed>")
    _check("x.atom", "".join(parts).encode("utf-8", "surrogatepass"))
