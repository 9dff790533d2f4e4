"""Step 1, read: hostile and real-world input to the metadata readers, each a fault found by
feeding them real exports (issue 14's formats): markup in Atom text constructs, JSON that is
not RFC 8259 JSON, a field named twice, cells over the csv module's own size guard, TeX in
BibTeX identifier fields, ``crossref``, and syntax errors that name the entry."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import InputError
from generator.read import READERS


def _read(name: str, data: bytes | str):
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return READERS[Path(name).suffix](raw, name, f"seeds/{name}")


def _one(name: str, data: bytes | str):
    parsed = _read(name, data)
    assert len(parsed.records) == 1
    return parsed.records[0]


def _fails(name: str, data: bytes | str) -> str:
    with pytest.raises(InputError) as err:
        _read(name, data)
    return str(err.value)


ATOM = ('<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>x</id>{title}{summary}</entry>'
        '</feed>')


def test_atom_html_and_xhtml_text_constructs_are_read_as_text() -> None:
    """type="html" and type="xhtml" (RFC 4287, 3.1) hold markup: the record gets the text a
    browser shows (entities decoded, tags and scripts gone, paragraphs kept), never tags."""
    html = ATOM.format(
        title='<title type="html">A &lt;b&gt;bold&lt;/b&gt; &amp;amp; plain</title>',
        summary=('<summary type="html">&lt;p&gt;We &lt;i&gt;do&lt;/i&gt; $x &amp;lt; y$.'
                 '&lt;br&gt;Next line.&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;'
                 '&lt;p&gt;Second  paragraph.&lt;/p&gt;</summary>'))
    record = _one("x.atom", html)
    assert record.meta.title == "A bold & plain"
    assert record.text == "We do $x < y$.\nNext line.\n\nSecond paragraph."
    xhtml = ATOM.format(title="<title>T</title>", summary=(
        '<summary type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">We <b>do</b> '
        'x &amp; y.</div></summary>'))
    assert _one("x.atom", xhtml).text == "We do x & y."
    # Plain text (arXiv's kind) stays as written, angle brackets and all.
    text = ATOM.format(title="<title>x &lt; y &lt;b&gt;</title>",
                       summary="<summary>a &amp;lt; b</summary>")
    record = _one("x.atom", text)
    assert (record.meta.title, record.text) == ("x < y <b>", "a &lt; b")


@pytest.mark.parametrize(("name", "data"), [
    ("x.json", '[{"title": NaN, "abstract": "We do x."}]'),
    ("x.json", '[{"title": "A", "abstract": "We do x.", "year": Infinity}]'),
    ("x.jsonl", '{"title": "A", "abstract": "We do x.", "year": -Infinity}\n'),
])
def test_json_nan_and_infinity_are_not_json(name: str, data: str) -> None:
    """Python's json accepts NaN and Infinity; RFC 8259 does not, and a title "nan" is no
    title: the file is reported, with its line for JSON Lines."""
    message = _fails(name, data)
    where = "seeds/x.jsonl:1: " if name == "x.jsonl" else "seeds/x.json: "
    assert message.startswith(where + "not JSON: ")
    assert "is not a JSON value" in message


@pytest.mark.parametrize(("name", "data", "message"), [
    ("x.json", '[{"title": "A", "abstract": "x"}, {"title": "A", "Title": "B"}]',
     "seeds/x.json: record 2: Title: field given twice (as 'title' and 'Title')"),
    ("x.jsonl", '{"title": "A"}\n{"title": "A", "doi": "10.1/a", "doi": "10.1/b"}\n',
     "seeds/x.jsonl:2: record 2: field given twice: doi"),
    ("x.json", '{"notes": [{"id": "abcdEFGH12", "content": {"title": "A", "title": "B"}}]}',
     "seeds/x.json: record 1: field given twice: content.title"),
    ("x.csv", "title,abstract,Title\nA,x,B\n",
     "seeds/x.csv:1: the header names column 'Title' twice (columns 1 and 3)"),
    ("x.tsv", "abstract\tpaper title\tpaper-title\nx\tA\tB\n",
     "seeds/x.tsv:1: the header names column 'paper-title' twice (columns 2 and 3)"),
])
def test_a_field_named_twice_is_an_error(name: str, data: str, message: str) -> None:
    """json keeps the last of two values and a CSV header may repeat a column: which one did
    the writer mean? Reported with file, line and record, as BibTeX's "field given twice"."""
    assert _fails(name, data) == message


def test_a_repeated_field_the_digest_ignores_is_fine() -> None:
    assert _one("x.json", '[{"title": "A", "misc_field": 1, "misc_field": 2}]').meta.title == "A"
    assert _one("x.csv", "title,misc,misc\nA,x,y\n").meta.title == "A"


@pytest.mark.parametrize("name", ["x.csv", "x.tsv"])
def test_a_cell_over_the_csv_modules_guard_is_read(name: str) -> None:
    """The csv module refuses cells over 131,072 characters by default; a long abstract (or
    a full-text column the digest ignores) is still valid CSV."""
    sep = "," if name == "x.csv" else "\t"
    long = "word " * 40_000
    record = _one(name, f"title{sep}abstract{sep}fulltext\nA{sep}We do x.{sep}\"{long}\"\n")
    assert (record.meta.title, record.text) == ("A", "We do x.")
    assert _one(name, f"title{sep}abstract\nA{sep}\"{long}\"\n").text == long.strip()


def test_bibtex_identifier_fields_lose_tex_braces_and_escapes() -> None:
    """year, month, doi, eprint, url hold no markup: ``{{2023}}``, ``{Dec}``, ``\\_``."""
    record = _one("x.bib", r"""@article{a, title={A}, year={{2023}}, month={{Dec}},
        doi={10.1000/abc\_def}, eprint={{2401.01234}}, archivePrefix={{arXiv}},
        url={https://example.org/a\_b\%20c}, abstract={We do {x}.}}""")
    assert (record.meta.year, record.meta.date) == (2023, "2023-12")
    assert record.meta.doi == "10.1000/abc_def"
    assert record.meta.arxiv_id == "2401.01234"
    assert record.meta.url == "https://example.org/a_b%20c"
    assert record.text == "We do {x}."  # the abstract keeps its TeX


def test_bibtex_crossref_gives_the_venue_not_the_identity() -> None:
    """An entry takes the venue fields it lacks from the entry its crossref names (the
    volume's title as booktitle), never its DOI or URL; the volume itself is no paper."""
    parsed = _read("x.bib", """
@inproceedings{p1, title={First}, crossref={NeurIPS23}, abstract={We do x.}}
@inproceedings{p2, title={Second}, crossref={neurips23}, booktitle={Own venue},
               abstract={We do y.}}
@proceedings{NeurIPS23, title={Advances in Neural Information Processing Systems 36},
             year={2023}, publisher={Curran}, doi={10.5555/volume}, url={https://x.org/v}}
""")
    first, second = parsed.records
    assert [r.meta.title for r in parsed.records] == ["First", "Second"]
    assert first.meta.venue == "Advances in Neural Information Processing Systems 36"
    assert first.meta.year == 2023 and second.meta.year == 2023
    assert second.meta.venue == "Own venue"
    assert first.meta.doi == second.meta.doi == "" and first.meta.url == ""
    assert first.collection == "NeurIPS 2023"  # one collection name per venue and year
    # A cross-referenced entry with an abstract of its own is a paper too.
    both = _read("x.bib", "@article{a, title={A}, crossref={b}, abstract={x}}\n"
                          "@article{b, title={B}, journal={J}, abstract={y}}\n")
    assert [r.meta.venue for r in both.records] == ["J", "J"]


@pytest.mark.parametrize(("data", "message"), [
    ("@article{k1, title={A}, abstract={one}}\n@article{k2, title={B},\n abstract={We {do}\n"
     "@article{k3, title={C}, abstract={three}}\n",
     "seeds/x.bib:2: entry k2: BibTeX syntax: a '{' or '\"' in a value is not closed before "
     "the next entry (line 4)"),
    ('@article{k1, title="A, abstract={one}}\n',
     "seeds/x.bib:1: entry k1: BibTeX syntax: a '{' or '\"' in a value is not closed before "
     "the end of the file"),
])
def test_bibtex_unclosed_value_names_the_entry(data: str, message: str) -> None:
    """A brace left open (real abstracts have them: "a new{asynchronous") names the entry it
    is in and where the parser gave up, not only "Unexpected block start"."""
    assert _fails("x.bib", data) == message


def test_bibtex_field_names_are_case_insensitive() -> None:
    """``title`` and ``Title`` are one BibTeX field: given twice, as bibtexparser reports a
    repeated ``title``."""
    assert _fails("x.bib", "@article{a, title={A}, Title={B}, abstract={x}}") == (
        "seeds/x.bib:1: entry a: field given twice: title")


@pytest.mark.parametrize(("field", "value"), [
    ("date", '"2023-02-31"'), ("date", '"0000"'), ("date", '"2023-00"'), ("year", '"0000"'),
    ("issued", '{"date-parts": [[2023, 2, 30]]}'),
])
def test_a_date_must_be_a_day_of_the_calendar(field: str, value: str) -> None:
    """2023-02-31 matched the date pattern and stopped the run with a traceback in the feed
    (datetime); it is a field error naming the record instead."""
    message = _fails("x.json", f'[{{"title": "A", "abstract": "x", "{field}": {value}}}]')
    assert message.startswith("seeds/x.json: record 1: ")
    assert "is not" in message and ("ISO 8601 date" in message or "not a year" in message)


def test_url_fields_need_a_host_name() -> None:
    assert _fails("x.json", '[{"title": "A", "url": "https://exa mple.com/x"}]') == (
        "seeds/x.json: record 1: url: 'https://exa mple.com/x' is not an http(s) URL")


def test_files_no_reader_takes_are_warnings(tmp_path: Path) -> None:
    """A subfolder of seeds or a file of another extension was skipped without a word: the
    digest silently lacked those papers. Files known to sit beside seeds stay quiet."""
    from generator.read import read_seeds

    (tmp_path / "iclr").mkdir()
    (tmp_path / "iclr" / "a.txt").write_text("We propose X, it works.\n", encoding="utf-8")
    for name in ("papers.ndjson", "refs.bibtex", "overrides.yml", "README.md", "LICENSE",
                 ".hidden.md", "noext"):
        (tmp_path / name).write_text("x", encoding="utf-8")
    (tmp_path / "b.TXT").write_text("We propose Y, it works.\n", encoding="utf-8")
    seeds = read_seeds(tmp_path, "seeds")
    assert [a.text for a in seeds.abstracts] == ["We propose Y, it works."]
    readers = ".atom, .bib, .csv, .json, .jsonl, .ris, .tsv, .txt, .xml"
    assert [str(n) for n in seeds.notices] == [
        "seeds/iclr: a folder: not read (only the files directly in the seeds folder are)",
        f"seeds/noext: not read: no reader for a file without an extension ({readers})",
        f"seeds/papers.ndjson: not read: no reader for .ndjson ({readers})",
        f"seeds/refs.bibtex: not read: no reader for .bibtex ({readers})"]


@pytest.mark.parametrize("name", ["x.txt", "x.jsonl", "x.json", "x.csv", "x.tsv", "x.bib"])
@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32"])
def test_utf16_and_utf32_files_say_so(name: str, encoding: str) -> None:
    """Excel's "Unicode text" export is UTF-16: "invalid start byte at offset 0" did not say
    what to do. Every text format (one decoder) names the encoding and the fix."""
    data = "title\tabstract\nA\tWe do x.\n".encode(encoding)
    if encoding == "utf-16-be":
        data = b"\xfe\xff" + data
    wide = "UTF-32" if encoding == "utf-32" else "UTF-16"
    assert _fails(name, data) == (f"seeds/{name}: not UTF-8 but {wide} (it starts with a "
                                  f"{wide} byte-order mark): save it as UTF-8")


def test_bibtex_concatenation_is_joined() -> None:
    """``booktitle = neur # " 2023"`` reached the page as ``neur # " 2023"``: bibtexparser 2
    keeps concatenations as written. Parts joined; braces keep a literal ``#``."""
    record = _one("x.bib", r"""@string{neur = "NeurIPS"}
@string{Pre = {Proc. of } # Neur}
@inproceedings{a, title={A}, booktitle = pre # " 2023", year = 2023, month = dec # "~15",
  keywords = {x # y}, abstract = {We do \# x.}}""")
    assert record.meta.venue == "Proc. of NeurIPS 2023"
    assert record.meta.date == "2023-12"
    assert record.meta.keywords == ("x # y",)
    assert record.text == r"We do \# x."
    assert _one("x.bib", "@article{a, title = {A} # undefined # 1, abstract = {x}}"
                ).meta.title == "Aundefined1"


def test_control_characters_are_repaired_in_every_field() -> None:
    """Only the title and abstract were repaired: a NUL in an author's name reached the feed,
    where lxml raised (a traceback, no pages). Every text field is repaired and reported."""
    parsed = _read("x.jsonl", '{"title": "T", "abstract": "We do x.", "authors": ["Ann\\u0000 '
                              'Lee", {"given": "B\\u0001o", "family": "Li"}], "venue": '
                              '"Conf\\u0002 X", "keywords": ["deep\\u0003"]}\n')
    [record] = parsed.records
    assert record.meta.authors == ("Ann Lee", "Bo Li")
    assert (record.meta.venue, record.meta.keywords) == ("Conf X", ("deep",))
    assert [n.message for n in parsed.notices] == [
        "record 1: authors: control characters: U+0000 at column 4 removed",
        "record 1: authors: control characters: U+0001 at column 2 removed",
        "record 1: venue: control characters: U+0002 at column 5 removed",
        "record 1: keywords: control characters: U+0003 at column 5 removed"]
    assert [n.kind for n in parsed.notices] == ["repair"] * 4
    assert not any(n.warns for n in parsed.notices)


@pytest.mark.e2e  # the whole pipeline
def test_control_characters_in_metadata_do_not_break_the_feed(tmp_path: Path) -> None:
    from generator.build import generate
    from generator.config import DigestConfig

    root = Path(__file__).resolve().parents[2]
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "a.bib").write_text("@article{a, title={T}, author={Ann\x00 Lee and Bo\x01b Li}, "
                                 "journal={J\x02}, year=2023, abstract={We do x.}}\n",
                                 encoding="utf-8")
    config = DigestConfig(seeds_dir=seeds, docs_dir=tmp_path / "docs",
                          taxonomy=root / "taxonomy.yml", overrides=seeds / "overrides.yml",
                          cache_dir=None)
    result = generate(config)
    assert result.papers[0].facts.authors == ("Ann Lee", "Bob Li")
    feed = (tmp_path / "docs" / "feed.xml").read_text(encoding="utf-8")
    assert "<name>Ann Lee</name>" in feed and "<name>Bob Li</name>" in feed


@pytest.mark.parametrize("name", ["x.json", "x.jsonl"])
def test_lone_surrogates_from_json_escapes_are_removed(name: str) -> None:
    """JSON may escape a lone surrogate ("\\ud800"); Python keeps it, and hashing the paper id
    or writing the page as UTF-8 raised UnicodeEncodeError (a traceback)."""
    line = '{"title": "Sur\\ud800rogate", "abstract": "We do \\udfff x.", "authors": ["A\\ud83d"]}'
    parsed = _read(name, f"[{line}]" if name == "x.json" else line + "\n")
    [record] = parsed.records
    assert (record.meta.title, record.text, record.meta.authors) == (
        "Surrogate", "We do  x.", ("A",))
    assert sorted(n.message.split(": ", 1)[1] for n in parsed.notices) == [
        "abstract: control characters: U+DFFF at column 7 removed",
        "authors: control characters: U+D83D at column 2 removed",
        "title: control characters: U+D800 at column 4 removed"]
    record.text.encode("utf-8")
    # A pair written as two escapes is one character (json joins it), kept.
    pair = _one("x.json", '[{"title": "\\ud83d\\ude00 Smile", "abstract": "x"}]')
    assert pair.meta.title == "\U0001F600 Smile"


def test_bibtex_fields_cut_off_by_an_early_brace_are_a_warning() -> None:
    """``booktitle = {Conf } }`` closes the entry: BibTeX skips the rest as text between
    entries, and the abstract after it was lost without a word. JabRef's ``%`` header and
    prose between entries stay quiet."""
    parsed = _read("x.bib", "% Encoding: UTF8\n\n@article{a, title={A}, booktitle={Conf } },\n"
                            "  abstract={We propose eta nets.}}\n\nSee the paper = good.\n")
    assert [r.text for r in parsed.records] == [""]
    assert [str(n) for n in parsed.notices] == [
        "seeds/x.bib:4: text between entries that reads like a field (abstract = ...) is not "
        "read: was an entry closed early by a '}'?"]
    assert parsed.notices[0].warns and parsed.notices[0].kind == "stray-field"


def test_a_short_csv_row_is_a_warning() -> None:
    """A line break outside quotes split an abstract: its rest became a record of its own,
    titled with the rest of the abstract, without a word."""
    parsed = _read("x.csv", "title,abstract,year\nA,We do x,2020\nand y.\nB,We do z.,2021\n"
                            "C,We do w.\n")
    assert [r.meta.title for r in parsed.records] == ["A", "and y.", "B", "C"]
    assert [str(n) for n in parsed.notices] == [
        "seeds/x.csv:3: record 2: 1 cell, but the header names 3 (read as empty; a line break "
        "in an unquoted cell?)",
        "seeds/x.csv:5: record 4: 2 cells, but the header names 3 (read as empty; a line "
        "break in an unquoted cell?)"]


@pytest.mark.parametrize(("name", "data", "message"), [
    ("x.jsonl", '[\n {"title": "A"}\n]\n', "seeds/x.jsonl:1: not JSON: Expecting value "
     "(column 2); the file is one JSON document, not one object per line: name it .json"),
    ("x.json", '{"title": "A"}\n{"title": "B"}\n', "seeds/x.json:2: not JSON: Extra data "
     "(column 1); the file holds one JSON object per line (JSON Lines): name it .jsonl"),
    ("x.json", '{"title": "A"} x', "seeds/x.json:1: not JSON: Extra data (column 16)"),
])
def test_json_and_json_lines_swapped_say_so(name: str, data: str, message: str) -> None:
    """An API response saved as .jsonl, or JSON Lines saved as .json: the error says which."""
    assert _fails(name, data) == message
