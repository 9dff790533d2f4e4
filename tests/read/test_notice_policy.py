"""The notice policy (issue 22, README "Notices"): what a run reports as a warning (a strict
build stops) and what it handles and only lists in its summary."""

from __future__ import annotations

from pathlib import Path

from generator.errors import NOTICE_KINDS, summary_lines
from generator.read import read_seeds
from generator.records import Notice

ATOM_HEAD = ('<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom" '
             'xmlns:arxiv="http://arxiv.org/schemas/atom"><title>q</title><id>q</id>'
             '<updated>2024-03-01T00:00:00Z</updated>')


def arxiv_entry(version: int, title: str, summary: str, authors: list[str], updated: str,
                comment: str = "", number: str = "2401.01234") -> str:
    """One arXiv API ``<entry>`` of version ``version``."""
    names = "".join(f"<author><name>{a}</name></author>" for a in authors)
    note = f"<arxiv:comment>{comment}</arxiv:comment>" if comment else ""
    return (f"<entry><id>http://arxiv.org/abs/{number}v{version}</id><updated>{updated}"
            f"</updated><published>2024-01-02T00:00:00Z</published><title>{title}</title>"
            f"<summary>{summary}</summary>{names}{note}</entry>")


def _kinds(seeds) -> list[tuple[str, bool]]:
    return [(n.kind, n.warns) for n in seeds.notices]


def test_the_same_abstract_in_two_txt_files_is_handled(tmp_path: Path) -> None:
    """Merged into one page listing both files; reported, not a warning."""
    (tmp_path / "a.txt").write_text("Coll A\n\nShared abstract.\n", encoding="utf-8")
    (tmp_path / "b.txt").write_text("Coll B\n\nShared abstract.\n", encoding="utf-8")
    seeds = read_seeds(tmp_path, "seeds")
    assert [len(a.sources) for a in seeds.abstracts] == [2]
    assert _kinds(seeds) == [("duplicate", False)]


def test_an_empty_file_and_an_unsure_header_are_handled(tmp_path: Path) -> None:
    """An empty file yields nothing and says so; an unsure first line is kept as an abstract
    (its own page, nothing lost) and says how to make it a header."""
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "liked.txt").write_text("Papers I liked\n\nWe propose a method.\n",
                                        encoding="utf-8")
    seeds = read_seeds(tmp_path, "seeds")
    assert [a.text for a in seeds.abstracts] == ["Papers I liked", "We propose a method."]
    assert _kinds(seeds) == [("empty", False), ("header", False)]


def test_two_arxiv_versions_in_one_atom_file_are_one_page_of_the_latest(tmp_path: Path) -> None:
    """The arXiv API returns v1 and v2 of a paper: one record, with v2's title, abstract and
    authors, both entries as sources, one handled ``version`` notice."""
    (tmp_path / "q.atom").write_text(
        ATOM_HEAD + arxiv_entry(1, "Old Title", "Old abstract.", ["Ann Lee"],
                                "2024-01-02T00:00:00Z")
        + arxiv_entry(2, "New Title", "New abstract.", ["Ann Lee", "Bo Li"],
                      "2024-02-02T00:00:00Z") + "</feed>", encoding="utf-8")
    seeds = read_seeds(tmp_path, "seeds")
    [paper] = seeds.abstracts
    assert (paper.text, paper.meta.title, paper.meta.authors) == (
        "New abstract.", "New Title", ("Ann Lee", "Bo Li"))
    assert [s.abstract for s in paper.sources] == [2, 1]
    assert [str(n) for n in seeds.notices] == [
        "seeds/q.atom: record 1: arXiv 2401.01234v1 is an older version of record 2 (v2): "
        "the latest is kept"]
    assert _kinds(seeds) == [("version", False)]


def test_the_latest_version_wins_whatever_the_order(tmp_path: Path) -> None:
    """v3 listed first, then v1: v3 is kept."""
    (tmp_path / "q.atom").write_text(
        ATOM_HEAD + arxiv_entry(3, "Third", "Third abstract.", ["C"], "2024-03-01T00:00:00Z")
        + arxiv_entry(1, "First", "First abstract.", ["A"], "2024-01-01T00:00:00Z")
        + "</feed>", encoding="utf-8")
    [paper] = read_seeds(tmp_path, "seeds").abstracts
    assert (paper.meta.title, paper.text) == ("Third", "Third abstract.")


def test_lost_or_misplaced_content_still_warns(tmp_path: Path) -> None:
    """A subfolder (its files are not read), a short CSV row (cells misplaced?) and BibTeX
    text between entries that reads like a field (fields cut off) are warnings."""
    (tmp_path / "sub").mkdir()
    (tmp_path / "t.csv").write_text("title,venue,abstract\nA,B\n", encoding="utf-8")
    (tmp_path / "r.bib").write_text("@misc{a, title={A}}\n  abstract = {lost},\n}\n",
                                    encoding="utf-8")
    seeds = read_seeds(tmp_path, "seeds")
    assert _kinds(seeds) == [("unread", True), ("stray-field", True), ("short-row", True)]


def test_every_kind_has_a_policy_and_unknown_kinds_warn() -> None:
    """The policy is one table; a kind it does not list is a warning (never silently
    handled)."""
    assert {k for k, v in NOTICE_KINDS.items() if not v.warns} == {
        "repair", "duplicate", "key", "placeholder", "reply", "version", "empty", "null",
        "preamble", "separator", "heading", "header", "cache", "copyright",
        "date", "format"}
    assert Notice("x", None, "m", kind="something new").warns


def test_summary_lists_handled_kinds_then_warnings() -> None:
    notices = (Notice("s/a.txt", 3, "duplicate of a.txt abstract 1", kind="duplicate"),
               Notice("s/sub", None, "a folder: not read", kind="unread"),
               Notice("s/e.txt", None, "no abstracts", kind="empty"))
    assert summary_lines(notices) == [
        "duplicates (the same paper twice: one page lists each source): 1",
        "  duplicate: s/a.txt:3: duplicate of a.txt abstract 1",
        "empty files (no abstracts or records): 1",
        "  empty: s/e.txt: no abstracts",
        "warnings: 1",
        "  warning: s/sub: a folder: not read"]


def _jsonl_v2() -> str:
    return ('{"title": "New Title", "abstract": "New abstract.", "authors": ["Ann Lee", '
            '"Bo Li"], "arxiv_id": "arXiv:2401.01234v2"}\n')


def test_the_newest_version_wins_across_files_in_either_order(tmp_path: Path) -> None:
    """v1 in an Atom file, v2 in a JSON Lines file: one page with v2's abstract, title and
    authors, and one handled ``version`` notice naming v1's record, whichever file is read
    first (file names order the reading)."""
    v1 = ATOM_HEAD + arxiv_entry(1, "Old Title", "Old abstract.", ["Ann Lee"],
                                 "2024-01-02T00:00:00Z") + "</feed>"
    for atom, jsonl in (("a.atom", "b.jsonl"), ("b.atom", "a.jsonl")):
        folder = tmp_path / atom
        folder.mkdir()
        (folder / atom).write_text(v1, encoding="utf-8")
        (folder / jsonl).write_text(_jsonl_v2(), encoding="utf-8")
        seeds = read_seeds(folder, "seeds")
        [paper] = seeds.abstracts
        assert (paper.text, paper.meta.title, paper.meta.authors, paper.meta.arxiv_version
                ) == ("New abstract.", "New Title", ("Ann Lee", "Bo Li"), 2), atom
        assert [s.file for s in paper.sources] == [jsonl, atom]
        assert [str(n) for n in seeds.notices] == [
            f"seeds/{atom}: record 1: arXiv 2401.01234v1 is an older version of {jsonl} "
            "record 1 (v2): the latest is kept"]
        assert _kinds(seeds) == [("version", False)]
        assert seeds.differing == 0


def test_a_record_without_a_version_does_not_displace_the_newest(tmp_path: Path) -> None:
    """A BibTeX entry naming v3 in ``eprint``, an unversioned JSON Lines record and an Atom
    v1: v3's abstract wins; the unversioned record, read first, is a ``version`` notice too
    (issue #22: it would have given the page its text). The titles agree (one word of two
    shared): a wholly different title without a version would be a ``same-id`` warning."""
    (tmp_path / "a.jsonl").write_text(
        '{"title": "Plain Title", "abstract": "Unversioned abstract.", "arxiv_id": "2401.01234"}\n',
        encoding="utf-8")
    (tmp_path / "b.atom").write_text(
        ATOM_HEAD + arxiv_entry(1, "Old Title", "Old abstract.", ["Ann Lee"],
                                "2024-01-02T00:00:00Z") + "</feed>", encoding="utf-8")
    (tmp_path / "c.bib").write_text(
        "@article{lee24,\n  title = {Third Title},\n  author = {Lee, Ann},\n"
        "  eprint = {2401.01234v3},\n  archivePrefix = {arXiv},\n"
        "  abstract = {Third abstract.}\n}\n", encoding="utf-8")
    seeds = read_seeds(tmp_path, "seeds")
    [paper] = seeds.abstracts
    assert (paper.text, paper.meta.title, paper.meta.arxiv_version) == (
        "Third abstract.", "Third Title", 3)
    assert [s.file for s in paper.sources] == ["c.bib", "a.jsonl", "b.atom"]
    assert [str(n) for n in seeds.notices] == [
        "seeds/a.jsonl:1: record 1: names no version of arXiv 2401.01234: c.bib entry lee24 "
        "(v3) is kept as the latest",
        "seeds/b.atom: record 1: arXiv 2401.01234v1 is an older version of c.bib entry lee24 "
        "(v3): the latest is kept"]


ZOTERO_HEAD = '"Item Type","Title","Author","Publication Year","Abstract Note","DOI"\n'


def _zotero_row(title: str, authors: str, year: int, doi: str = "") -> str:
    return f'"conferencePaper","{title}","{authors}","{year}","",{doi!r}\n'.replace("'", '"')


def test_the_same_paper_without_ids_in_two_exports_is_one_page(tmp_path: Path) -> None:
    """A Zotero CSV and a Google Scholar BibTeX entry of one paper, neither with a DOI or an
    arXiv id: same title (up to case, TeX braces and punctuation), year and first author's
    last name -> one page listing both sources, with a handled notice naming the first."""
    (tmp_path / "a.csv").write_text(ZOTERO_HEAD + _zotero_row(
        "Few-Shot Calibration of Vision-Language Models", "Müller, Lena; Singh, Arjun", 2024),
        encoding="utf-8")
    (tmp_path / "b.bib").write_text(
        "@inproceedings{muller2024few,\n  title={Few-shot calibration of {Vision-Language} "
        "models},\n  author={M{\\\"u}ller, Lena and Singh, Arjun},\n  booktitle={ICML},\n"
        "  year={2024}\n}\n", encoding="utf-8")
    seeds = read_seeds(tmp_path, "seeds")
    [paper] = seeds.abstracts
    assert [s.file for s in paper.sources] == ["a.csv", "b.bib"]
    assert seeds.merged == 1
    assert _kinds(seeds) == [("duplicate", False)]
    assert "same title, year and first author as a.csv" in seeds.notices[0].message


def test_a_shared_title_alone_does_not_merge(tmp_path: Path) -> None:
    """Two papers may share a title: another first author, another year, or two different
    DOIs keep them apart, silently."""
    rows = [("Graph Neural Networks: A Survey", "Lee, Ann", 2020, ""),
            ("Graph Neural Networks: A Survey", "Kim, Bo", 2020, ""),
            ("Graph Neural Networks: A Survey", "Lee, Ann", 2021, ""),
            ("Deep Sets Revisited", "Lee, Ann", 2022, "10.1000/one"),
            ("Deep Sets Revisited", "Lee, Ann", 2022, "10.1000/two")]
    (tmp_path / "a.csv").write_text(ZOTERO_HEAD + "".join(_zotero_row(*r) for r in rows),
                                    encoding="utf-8")
    seeds = read_seeds(tmp_path, "seeds")
    assert len(seeds.abstracts) == len(rows)
    assert seeds.merged == 0 and seeds.notices == ()


def test_broken_link_to_a_seed_file_warns(tmp_path: Path) -> None:
    """A seed name whose link points nowhere is named, with its target, as not read: its
    papers would otherwise be missing from the digest without a word."""
    (tmp_path / "a.txt").write_text("Coll\n\nAn abstract about graphs.\n", encoding="utf-8")
    (tmp_path / "gone.bib").symlink_to(tmp_path / "missing" / "refs.bib")
    seeds = read_seeds(tmp_path, "seeds")
    unread = [n for n in seeds.notices if n.kind == "unread"]
    assert [(n.path, n.warns) for n in unread] == [("seeds/gone.bib", True)]
    assert unread[0].message == (f"a link to {tmp_path / 'missing' / 'refs.bib'}, which does not "
                                 "exist: not read (fix or remove it)")
    assert len(seeds.abstracts) == 1
