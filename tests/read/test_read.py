"""Step 1, read: seed file parsing, notices, errors and duplicate handling."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.errors import InputError
from generator.read import read_seeds
from generator.read.text import collection_from_filename, parse_seed_file, parse_seed_text
from generator.records import Abstract, Notice, Source


def _write(folder: Path, name: str, data: bytes) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes(data)
    return path


def test_lf_file_with_header() -> None:
    """A short first line is the collection; each paragraph is one abstract with its line."""
    coll, paras = parse_seed_text(b"My Papers\n\nFirst one.\n\nSecond\nline two.\n", "x.txt")
    assert coll == "My Papers"
    assert paras == [(3, "First one."), (5, "Second\nline two.")]


def test_crlf_and_cr_line_ends() -> None:
    """CRLF and bare CR line ends parse exactly like LF."""
    lf = parse_seed_text(b"Coll\n\nAlpha text.\n\nBeta text.\n", "x.txt")
    assert parse_seed_text(b"Coll\r\n\r\nAlpha text.\r\n\r\nBeta text.\r\n", "x.txt") == lf
    assert parse_seed_text(b"Coll\r\rAlpha text.\r\rBeta text.\r", "x.txt") == lf


def test_utf8_bom_ignored() -> None:
    """A UTF-8 BOM does not become part of the collection name."""
    coll, paras = parse_seed_text("\ufeffColl\n\nSchrödinger bridge.\n".encode(), "x.txt")
    assert coll == "Coll"
    assert paras == [(3, "Schrödinger bridge.")]


def test_trailing_spaces_stripped() -> None:
    """Trailing spaces and tabs of every line are removed."""
    _, paras = parse_seed_text(b"Coll  \n\nA line.   \t\nNext line.  \n", "x.txt")
    assert paras == [(3, "A line.\nNext line.")]


def test_runs_of_blank_lines() -> None:
    """Several blank lines separate two abstracts once; line numbers stay exact."""
    _, paras = parse_seed_text(b"Coll\n\n\n\nOne.\n\n\n\n\nTwo.\n\n\n", "x.txt")
    assert paras == [(5, "One."), (10, "Two.")]


def test_whitespace_only_separator_lines() -> None:
    """A line of only spaces and tabs separates abstracts like an empty line."""
    _, paras = parse_seed_text(b"Coll\n \t \nOne.\n   \nTwo.\n\t\nThree.\n", "x.txt")
    assert paras == [(3, "One."), (5, "Two."), (7, "Three.")]


def test_no_header_collection_from_file_name() -> None:
    """Without a short first line, the collection comes from the file name."""
    long_first = b"This is an abstract that goes on.\nIt has two lines so it is no header.\n"
    coll, paras = parse_seed_text(long_first + b"\nSecond abstract.\n", "iclr_2026-papers.txt")
    assert coll == "ICLR 2026 Papers"
    assert paras == [(1, "This is an abstract that goes on.\nIt has two lines so it is no "
                         "header."), (4, "Second abstract.")]


@pytest.mark.parametrize(("name", "collection"), [
    ("neurips_2025.papers.txt", "NeurIPS 2025 Papers"),   # a series' short name as spelt
    ("arxiv_2025.jsonl", "arXiv 2025"),                    # as a preprint venue reads
    ("lab-journal_club.txt", "Lab Journal Club"),
])
def test_collection_from_filename(name: str, collection: str) -> None:
    """File-name-derived collection: separators become spaces, words capitalised, venue
    names spelt as the venue table spells them."""
    assert collection_from_filename(name) == collection


def test_empty_file_gives_notice_and_no_abstracts(tmp_path: Path) -> None:
    """An empty file yields no abstracts and one summary notice naming it (handled, no
    warning: a strict build goes on)."""
    _write(tmp_path, "empty.txt", b"")
    seeds = read_seeds(tmp_path, "seeds")
    assert seeds.abstracts == ()
    assert seeds.notices == (Notice("seeds/empty.txt", None,
                                    "no abstracts (empty or header-only file)", kind="empty"),)
    assert not seeds.notices[0].warns
    assert seeds.files[0].abstracts == 0


def test_header_only_file_gives_notice_and_no_abstracts(tmp_path: Path) -> None:
    """A file with only a header line yields no abstracts and one notice."""
    _write(tmp_path, "h.txt", b"NeurIPS 2025 Papers\n\n\n")
    seeds = read_seeds(tmp_path, "seeds")
    assert seeds.abstracts == ()
    assert [str(n) for n in seeds.notices] == [
        "seeds/h.txt: no abstracts (empty or header-only file)"]
    assert seeds.files[0].collection == "NeurIPS 2025 Papers"


def test_invalid_utf8_error_names_file_line_offset(tmp_path: Path) -> None:
    """Undecodable bytes raise InputError with file, line and byte offset."""
    _write(tmp_path, "bad.txt", b"Header\n\nabc\n\xff def\n")
    with pytest.raises(InputError) as info:
        read_seeds(tmp_path, "seeds")
    # one stray byte in an ASCII file: no encoding guessed, the byte named
    assert str(info.value) == (
        "seeds/bad.txt:4: not valid UTF-8 (byte offset 12): invalid start byte: byte 0xFF at "
        "column 1 ('ÿ' in cp1252) is a stray byte in a file that is otherwise valid UTF-8: "
        "retype that character at line 4, column 1, and save the file as UTF-8")
    assert info.value.line == 4


def test_invalid_utf8_truncated_sequence(tmp_path: Path) -> None:
    """A truncated multi-byte sequence on line 3 is reported at its own offset."""
    _write(tmp_path, "t.txt", b"H\n\nSchr\xc3")
    with pytest.raises(InputError) as info:
        read_seeds(tmp_path, "s")
    assert str(info.value) == "s/t.txt:3: not valid UTF-8 (byte offset 7): unexpected end of data"


def test_missing_folder(tmp_path: Path) -> None:
    """A missing seeds folder is an InputError."""
    with pytest.raises(InputError, match="seeds folder not found"):
        read_seeds(tmp_path / "nope")


def test_duplicate_within_file(tmp_path: Path) -> None:
    """The same abstract twice in a file: one record, two sources, one summary notice."""
    _write(tmp_path, "a.txt", b"Coll\n\nSame text here.\n\nOther.\n\nSame   text\nhere.\n")
    seeds = read_seeds(tmp_path, "seeds")
    assert seeds.abstracts == (
        Abstract("Same text here.", "Coll", (Source("a.txt", 1, 3), Source("a.txt", 3, 7))),
        Abstract("Other.", "Coll", (Source("a.txt", 2, 5),)),
    )
    assert seeds.notices == (Notice("seeds/a.txt", 7,
                                    "duplicate of a.txt abstract 1; one page lists both sources",
                                    kind="duplicate"),)
    assert not seeds.notices[0].warns


def test_duplicate_across_files(tmp_path: Path) -> None:
    """The same abstract in two files: one record listing both files, one notice."""
    _write(tmp_path, "a.txt", b"Coll A\n\nShared abstract.\n")
    _write(tmp_path, "b.txt", b"Coll B\n\nFirst of b.\n\nShared abstract.\n")
    seeds = read_seeds(tmp_path, "seeds")
    assert [a.text for a in seeds.abstracts] == ["Shared abstract.", "First of b."]
    assert seeds.abstracts[0].sources == (Source("a.txt", 1, 3), Source("b.txt", 2, 5))
    assert seeds.abstracts[0].collection == "Coll A"
    assert [str(n) for n in seeds.notices] == [
        "seeds/b.txt:5: duplicate of a.txt abstract 1; one page lists both sources"]
    assert [(f.name, f.abstracts) for f in seeds.files] == [("a.txt", 1), ("b.txt", 2)]


def test_only_txt_files_sorted(tmp_path: Path) -> None:
    """Only *.txt files are read, in file-name order."""
    _write(tmp_path, "b.txt", b"C\n\nFrom b.\n")
    _write(tmp_path, "a.txt", b"C\n\nFrom a.\n")
    _write(tmp_path, "notes.md", b"C\n\nIgnored.\n")
    assert [a.text for a in read_seeds(tmp_path).abstracts] == ["From a.", "From b."]


def test_real_seeds(seeds_dir: Path, tmp_path: Path) -> None:
    """The project's plain-text seeds: per file, its header as the collection and one abstract
    per paragraph starting on the paragraph's line; no notices. Expected values come from a
    plain split of each file on blank lines; the .txt files are read on their own, so a
    user's metadata files beside them do not change what is compared."""
    texts = sorted(seeds_dir.glob("*.txt"))
    assert texts, "no .txt seed files"
    for path in texts:
        shutil.copyfile(path, tmp_path / path.name)
    seeds = read_seeds(tmp_path, "seeds")
    expected, lines = [], []
    for path in texts:
        text = path.read_text(encoding="utf-8")
        header, *paragraphs = [p for p in text.split("\n\n") if p.strip()]
        expected.append((len(paragraphs), header.strip()))
        lines += [text[:text.index(p)].count("\n") + 1 for p in paragraphs]
    assert [(f.abstracts, f.collection) for f in seeds.files] == expected
    assert len(seeds.abstracts) == sum(n for n, _ in expected)
    assert seeds.notices == ()
    assert [s.line for a in seeds.abstracts for s in a.sources] == lines


# Issue 16: a first paragraph that reads like an abstract is never taken as the collection.
REAL_HEADERS = ["ICLR 2021", "NeurIPS 2023 Datasets and Benchmarks Track",
                "Proceedings of the 40th International Conference on Machine Learning",
                "Advances in Neural Information Processing Systems 36 (NeurIPS 2023)",
                "CVPR 2025: accepted papers", "ICML 2024 — Oral papers", "arXiv cs.LG — week 12",
                "ACL 2024 Findings", "Proc. ICML 2021", "LLM reading list",
                "my favourite diffusion papers", "Lab journal club, March 2026",
                "Evaluation Extra (tune)", "Scaling laws for sparse mixture-of-experts"]
ONE_LINE_ABSTRACTS = [
    "We propose TinyMath, a 1B model that matches GPT-4 on GSM8K: "
    "https://github.com/example/tinymath",
    "TinyMath matches GPT-4 on GSM8K with a 1B model.",
    "TinyMath: a 1B model matching GPT-4 on GSM8K",
    "Code: github.com/example/tinymath",
    "Sparse attention at $O(n \\log n)$ cost",
    "graph neural networks over-smooth; we fix it",
]


@pytest.mark.parametrize("header", REAL_HEADERS)
def test_conference_names_are_headers(header: str) -> None:
    """Real-looking collection names stay the collection, with no notice."""
    parsed = parse_seed_file(f"{header}\n\nAn abstract.\n".encode(), "x.txt")
    assert (parsed.collection, parsed.paragraphs, parsed.notices) == (
        header, ((3, "An abstract."),), ())


@pytest.mark.parametrize("first", ONE_LINE_ABSTRACTS)
def test_one_line_abstract_is_not_a_header(first: str) -> None:
    """A one-line first paragraph with a URL, TeX, a verb, a full stop or many lower-case
    words is an abstract: the file's name names the collection, and no paper is lost."""
    parsed = parse_seed_file(f"{first}\n\nSecond abstract.\n".encode(), "iclr_2026.txt")
    assert parsed.collection == "ICLR 2026"
    assert parsed.paragraphs == ((1, first), (3, "Second abstract."))
    assert parsed.notices == ()


@pytest.mark.parametrize(("first", "why"), [
    ("Papers We Loved", "'We' reads as part of a sentence"),
    ("NeurIPS 2025 Papers.", "ends with a full stop"),
    ("Papers I liked", "'I' reads as part of a sentence"),
    ("Diffusion models are slow", "'are' reads as part of a sentence"),
])
def test_unsure_first_line_kept_with_a_notice(first: str, why: str) -> None:
    """When the reader cannot tell, the paragraph is kept as an abstract and a notice names
    the file, the line and how to make it a header."""
    parsed = parse_seed_file(f"\n{first}\n\nSecond.\n".encode(), "x.txt", "seeds/x.txt")
    assert parsed.collection == "X"
    assert parsed.paragraphs == ((2, first), (4, "Second."))
    [notice] = parsed.notices
    assert (notice.path, notice.line) == ("seeds/x.txt", 2)
    assert why in notice.message and "'# Name'" in notice.message


def test_markdown_heading_is_always_the_header() -> None:
    """``# Name`` makes any wording the collection's name, without the marks."""
    parsed = parse_seed_file(b"# We Loved These Papers #\n\nOne.\n", "x.txt")
    assert (parsed.collection, parsed.paragraphs, parsed.notices) == (
        "We Loved These Papers", ((3, "One."),), ())


def test_tinymath_example_reaches_the_site(tmp_path: Path) -> None:
    """The issue's example: the abstract is read (one page), not taken as the collection."""
    _write(tmp_path, "tiny.txt", b"We propose TinyMath, a 1B model that matches GPT-4 on "
           b"GSM8K: https://github.com/example/tinymath\n\nA second abstract.\n")
    seeds = read_seeds(tmp_path, "seeds")
    assert [a.text[:18] for a in seeds.abstracts] == ["We propose TinyMat", "A second abstract."]
    assert {a.collection for a in seeds.abstracts} == {"Tiny"}
    assert seeds.notices == ()
