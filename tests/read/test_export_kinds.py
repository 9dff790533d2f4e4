"""Export kinds a new-user trial found losing data: Zotero's escaped BibTeX, one key for two
Google Scholar entries, an arXiv metadata file's ``id``, a code link in a note."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.read import READERS
from generator.read.bibtex_escapes import unescape_export


def _read(name: str, data: str):
    return READERS[Path(name).suffix](data.encode("utf-8"), name, f"seeds/{name}")


# (as Zotero's BibTeX.js exports it, the text it stored)
ZOTERO = [
    (r"SOCIA-\${\textbackslash}nabla\$", r"SOCIA-$\nabla$"),
    (r"\${\textbackslash}mathcal\{\vphantom{\}}O\vphantom{\{}\}({\textbackslash}varepsilon"
     r"{\textasciicircum}\{\vphantom{\}}-8\vphantom{\{}\})\$", r"$\mathcal{O}(\varepsilon^{-8})$"),
    (r"{\textbackslash}textit\{entity fidelity\}, 10\% of {\textbar}E{\textbar}",
     r"\textit{entity fidelity}, 10% of |E|"),
    (r"a {\textless} b {\textgreater} c {\textasciitilde}3x, R\&D \#1 x\_i",
     "a < b > c ~3x, R&D #1 x_i"),
    (r"{\textbackslash}\_ stays an escape", r"\_ stays an escape"),
]


@pytest.mark.parametrize(("exported", "stored"), ZOTERO)
def test_zotero_escapes_undone(exported: str, stored: str) -> None:
    assert unescape_export(exported) == stored


@pytest.mark.parametrize("tex", [r"costs \$5 \& more", r"$\nabla$ and \{x\}", "plain"])
def test_tex_a_person_wrote_is_kept(tex: str) -> None:
    """Without one of Zotero's own spellings, a field is TeX as written."""
    assert unescape_export(tex) == tex


@given(st.text(alphabet="ab $\\{}|<>~^#%&_", max_size=40))
def test_zotero_round_trip(stored: str) -> None:
    """Whatever Zotero stored comes back from its export (escaped as BibTeX.js does),
    once the export holds one of alwaysMap's spellings (a backslash ensures one)."""
    stored = "\\" + stored
    always = {"|": r"{\textbar}", "<": r"{\textless}", ">": r"{\textgreater}",
              "~": r"{\textasciitilde}", "^": r"{\textasciicircum}", "\\": r"{\textbackslash}",
              "{": r"\{\vphantom{\}}", "}": r"\vphantom{\{}\}"}
    exported = "".join(always.get(c, "\\" + c if c in "#$%&_" else c) for c in stored)
    assert unescape_export(exported) == stored


def test_zotero_bibtex_abstract_and_title_read_as_stored() -> None:
    parsed = _read("lib.bib", "@article{socia,\n"
                   "  title = {{SOCIA}-\\${\\textbackslash}nabla\\$: Simulators},\n"
                   "  abstract = {A rate of \\${\\textbackslash}mathcal\\{\\vphantom{\\}}O"
                   "\\vphantom{\\{}\\}(n)\\$.},\n  year = {2025}\n}\n")
    (record,) = parsed.records
    assert record.meta.title == "{SOCIA}-$\\nabla$: Simulators"
    assert record.text == "A rate of $\\mathcal{O}(n)$."


def test_a_zotero_file_is_unescaped_in_every_field() -> None:
    """A field with no alwaysMap spelling of its own (``\\$k\\$``) is unescaped too when
    another field of the file has one: the file is one export (a trial's ``$k$-means`` showed
    as raw TeX); the same field in a file a person wrote stays as written."""
    simple = "@article{km,\n  title = {Faster \\$k\\$-means},\n  year = {2025}\n}\n"
    marked = ("@article{socia,\n  title = {{SOCIA}-\\${\\textbackslash}nabla\\$},\n"
              "  year = {2025}\n}\n\n")
    titles = [r.meta.title for r in _read("zotero.bib", marked + simple).records]
    assert titles == ["{SOCIA}-$\\nabla$", "Faster $k$-means"]
    assert [r.meta.title for r in _read("mine.bib", simple).records] == ["Faster \\$k\\$-means"]


def test_two_entries_with_one_key_are_both_read() -> None:
    """Google Scholar gives two papers the same key; both are read, the second renamed as
    JabRef and Better BibTeX do, with a notice that does not stop a strict build."""
    bib = ("@article{zhang2025towards,\n title={Towards Robust Agents},\n year={2025}\n}\n\n"
           "@article{zhang2025towards,\n title={Towards Faster Decoding},\n year={2025}\n}\n\n"
           "@article{zhang2025towardsa,\n title={Towards Cheap Search},\n year={2025}\n}\n\n"
           "@article{zhang2025towards,\n title={Towards Better Proofs},\n year={2025}\n}\n")
    parsed = _read("s.bib", bib)
    assert [(r.meta.title, r.meta.cite_key, r.sources[0].line) for r in parsed.records] == [
        ("Towards Robust Agents", "zhang2025towards", 1),
        ("Towards Faster Decoding", "zhang2025towardsb", 6),
        ("Towards Cheap Search", "zhang2025towardsa", 11),
        ("Towards Better Proofs", "zhang2025towardsc", 16)]
    assert [str(n) for n in parsed.notices] == [
        "seeds/s.bib:6: entry zhang2025towards has the key of the entry at line 1: both are "
        "read, this one is cited as zhang2025towardsb",
        "seeds/s.bib:16: entry zhang2025towards has the key of the entry at line 1: both are "
        "read, this one is cited as zhang2025towardsc"]
    assert not any(n.warns for n in parsed.notices)


@pytest.mark.parametrize(("record_id", "arxiv_id"), [
    ("2505.08803", "2505.08803"), ("2505.08803v2", "2505.08803"),
    ("http://arxiv.org/abs/2505.08803v1", "2505.08803"), ("hep-th/9901001", "hep-th/9901001"),
    ("https://openalex.org/W2741809807", ""), ("rJxX8T4Kvr", ""), ("17", "")])
def test_a_records_own_id_is_its_arxiv_id_when_it_is_one(record_id: str, arxiv_id: str) -> None:
    """arXiv's metadata (the API, Kaggle's snapshot) names the arXiv id ``id``; another
    database's id is not read as one."""
    line = f'{{"id": "{record_id}", "title": "T", "abstract": "We study a thing."}}\n'
    (record,) = _read("a.jsonl", line).records
    assert record.meta.arxiv_id == arxiv_id


def test_an_arxiv_id_field_wins_over_the_records_id() -> None:
    line = '{"id": "2505.08803", "arxiv_id": "2401.00001", "title": "T"}\n'
    (record,) = _read("a.jsonl", line).records
    assert record.meta.arxiv_id == "2401.00001"


@pytest.mark.parametrize(("name", "data"), [
    ("z.csv", 'Title,Abstract Note,Url,Notes\nT,We study a thing.,https://example.org/t,'
              '"code at https://github.com/durand/Iteration, slides at https://example.org/s"\n'),
    ("z.ris", "TY  - JOUR\nTI  - T\nAB  - We study a thing.\nUR  - https://example.org/t\n"
              "N1  - Code: https://github.com/durand/Iteration.\nER  - \n"),
    ("z.bib", "@misc{t, title={T}, url={https://example.org/t},\n"
              " note={Code at \\url{https://github.com/durand/Iteration}}}\n"),
])
def test_a_code_link_in_a_note_is_the_papers_code(name: str, data: str) -> None:
    """Reference managers keep a paper's code link in a note; the paper's own URL stays."""
    (record,) = _read(name, data).records
    assert record.meta.code == ("https://github.com/durand/Iteration",)
    assert record.meta.url == "https://example.org/t"
