"""The exports people have (issue 22): reference managers' CSV and RIS, Google Scholar and
DBLP BibTeX, Semantic Scholar, OpenAlex and Crossref API results; identifiers wherever a format
hides them; delimiters and encodings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.errors import InputError
from generator.read import READERS, best_cased, read_seeds
from generator.read.bibtex import read_bibtex
from generator.read.fields import read_entry
from generator.read.jsondoc import read_json
from generator.read.jsonl import read_jsonl
from generator.read.ris import read_ris
from generator.read.tabular import read_table
from generator.read.text import parse_seed_file

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _example(name: str) -> dict:
    """The records of one example file, by title."""
    return {a.meta.title: a for a in read_seeds(EXAMPLES, "examples").abstracts
            if any(s.file == name for s in a.sources)}


# --- reference managers ---------------------------------------------------------------------

def test_zotero_csv_gives_abstract_venue_tags_and_names() -> None:
    clip = _example("zotero.csv")["Learning Transferable Visual Models From Natural Language "
                                  "Supervision"]
    m = clip.meta
    assert clip.text.startswith("Training an image encoder and a text encoder")
    assert (m.venue, clip.collection, m.year, m.date) == (
        "Proceedings of the 38th International Conference on Machine Learning", "ICML 2021",
        2021, "2021-07-01")
    assert m.authors == ("Alec Radford", "Jong Wook Kim", "Chris Hallacy")
    assert m.keywords == ("contrastive learning", "vision-language")  # Manual Tags
    assert (m.arxiv_id, m.pages, m.entry_type) == ("2103.00020", "8748-8763", "inproceedings")


def test_zotero_csv_tilde_is_about() -> None:
    sam = _example("zotero.csv")["Segment Anything"]
    assert "~1B masks" in sam.text and sam.meta.arxiv_id == "2304.02643"


def test_a_semicolon_csv_is_read() -> None:
    """What Excel writes in locales with a decimal comma: the delimiter is detected."""
    data = (b'Title;Authors;Abstract\n"A; B";Lee, Ann;"We test, carefully; twice."\n'
            b'C;Li, Bo;Plain, with commas.\n')
    parsed = read_table(data, "excel.csv", "seeds/excel.csv")
    assert [(r.meta.title, r.meta.authors, r.text) for r in parsed.records] == [
        ("A; B", ("Ann Lee",), "We test, carefully; twice."),
        ("C", ("Bo Li",), "Plain, with commas.")]


def test_a_comma_csv_with_semicolons_in_cells_stays_comma() -> None:
    data = b'title,abstract\nA,"x; y; z; w."\nB,"p; q."\n'
    assert [r.text for r in read_table(data, "x.csv", "x.csv").records] == ["x; y; z; w.",
                                                                           "p; q."]


@pytest.mark.parametrize(("header", "row", "delimiter", "cells", "value"), [
    (["title", "authors", "year", "abstract"], ["A Study", " of Things", "Ann Lee", "2020",
                                                "We study things."], ",", (1, 2),
     "A Study, of Things"),
    (["Title", "Author", "Abstract Note"], ["Lee, Ann", "X", " Y", "We test."], ";", (2, 3),
     "X; Y"),
    (["title", "abstract"], ["T", "One", " two", " three"], ",", (2, 3), "One, two, three")])
def test_a_shifted_row_names_the_value_to_quote(header: list[str], row: list[str],
                                                delimiter: str, cells: tuple[int, int],
                                                value: str) -> None:
    """A row one or more cells longer than the header (a value holding the delimiter, not
    quoted): the error names file, line, record, the cells that look like one value and how
    to write it."""
    good = delimiter.join("2021" if h == "year" else f"c{i}" for i, h in enumerate(header))
    data = "\n".join([delimiter.join(header), good, good, delimiter.join(row), good]) + "\n"
    with pytest.raises(InputError) as info:
        read_table(data.encode(), "x.csv", "seeds/x.csv")
    name = {",": "comma", ";": "semicolon"}[delimiter]
    assert str(info.value) == (
        f"seeds/x.csv:4: record 3: {len(row)} cells, but the header names {len(header)}: a "
        f'value holding a {name} must be in double quotes ("a{delimiter} b") (RFC 4180, 2.6); '
        f'cells {cells[0]} and {cells[1]} look like one value: write it as "{value}"')


def test_a_shifted_row_without_a_telling_space_still_says_what_to_do() -> None:
    with pytest.raises(InputError) as info:
        read_table(b"title,abstract\nA,B,C\n", "x.csv", "seeds/x.csv")
    assert str(info.value) == (
        "seeds/x.csv:2: record 1: 3 cells, but the header names 2: a value holding a comma "
        'must be in double quotes ("a, b") (RFC 4180, 2.6); quote that value or remove the '
        "extra cells")


def test_a_shifted_row_among_few_does_not_hide_the_delimiter() -> None:
    """With one shifted row in two, no delimiter gives every row one count and
    ``csv.Sniffer`` gives up: the header's delimiter is still found, so the error is the row's
    and not "the first row must be a header"."""
    with pytest.raises(InputError) as info:
        read_table(b"Title;Year;Abstract\nX; Y;2020;Z\n", "x.csv", "seeds/x.csv")
    assert str(info.value).startswith("seeds/x.csv:2: record 1: 4 cells, but the header "
                                      "names 3: a value holding a semicolon")


@pytest.mark.parametrize(("text", "encoding"), [
    ("Titel\n\nWir stellen ein Verfahren für Müller-Öztürk-Räume vor, das schöner ist.\n",
     "cp1252"),
    ("title,abstract\nA,Café déjà vu: the naïve coöperation of élite models.\n", "latin-1")])
def test_a_file_that_is_not_utf8_is_named_with_its_likely_encoding(text: str, encoding: str
                                                                   ) -> None:
    with pytest.raises(InputError) as info:
        parse_seed_file(text.encode(encoding), "x.txt", "seeds/x.txt")
    message = str(info.value)
    assert message.startswith("seeds/x.txt:")
    assert "it looks like cp1252" in message and "save it as UTF-8" in message


def test_ris_example() -> None:
    records = _example("references.ris")
    ppo = records["Proximal Policy Optimization Algorithms"]
    assert (ppo.meta.authors[0], ppo.meta.arxiv_id, ppo.meta.date, ppo.meta.venue) == (
        "John Schulman", "1707.06347", "2017-07-20", "arXiv")
    assert ppo.meta.keywords == ("reinforcement learning", "policy gradient")
    assert ppo.sources[0].line == 1
    gpt3 = records["Language Models are Few-Shot Learners"]
    assert (gpt3.collection, gpt3.meta.pages, gpt3.meta.doi, gpt3.meta.entry_type) == (
        "NeurIPS 2020", "1877--1901", "10.5555/3495724.3495883", "inproceedings")
    assert gpt3.sources[0].line == 15


def test_ris_authors_from_au_and_a1_tags() -> None:
    """Both tags name primary authors (RIS spec); exports and hand-merged files mix them."""
    ris = ("TY  - JOUR\r\nAU  - Hu, Edward J.\r\nA1  - Shen, Yelong\r\nAU  - Wallis, Phillip"
           "\r\nT1  - LoRA\r\nAB  - We propose LoRA.\r\nER  - \r\n")
    [record] = READERS[".ris"](ris.encode(), "x.ris", "seeds/x.ris").records
    assert record.meta.authors == ("Edward J. Hu", "Phillip Wallis", "Yelong Shen")
    ris = "TY  - JOUR\nA1  - Shen, Yelong\nT1  - LoRA\nER  - \n"
    [record] = READERS[".ris"](ris.encode(), "x.ris", "seeds/x.ris").records
    assert record.meta.authors == ("Yelong Shen",)
    ris = "TY  - JOUR\nAU  - Kim, Jun\nAU  - Lee, Ann\nA1  - Kim, Jun\nT1  - X\nER  - \n"
    [record] = READERS[".ris"](ris.encode(), "x.ris", "seeds/x.ris").records
    assert record.meta.authors == ("Jun Kim", "Ann Lee", "Jun Kim")  # two authors, one name


def test_ris_reference_without_er_is_an_error_naming_the_line() -> None:
    data = b"TY  - JOUR\nTI  - One\nTY  - JOUR\nTI  - Two\nER  - \n"
    with pytest.raises(InputError) as info:
        read_ris(data, "x.ris", "seeds/x.ris")
    assert str(info.value) == ("seeds/x.ris:3: a reference starts (TY) before the one at line "
                               "1 ended: add its 'ER  - ' line")
    with pytest.raises(InputError, match=r"^seeds/x.ris:1: the reference starting here has no"):
        read_ris(b"TY  - JOUR\nTI  - One\n", "x.ris", "seeds/x.ris")
    with pytest.raises(InputError, match=r"^seeds/x.ris: not RIS"):
        read_ris(b"title,abstract\n", "x.ris", "seeds/x.ris")


# --- Google Scholar, DBLP, classic BibTeX -----------------------------------------------------

def test_google_scholar_arxiv_entry_gives_the_id_and_merges_with_the_arxiv_record() -> None:
    records = _example("scholar.bib")
    mamba = records["Mamba: Linear-Time Sequence Modeling with Selective State Spaces"]
    assert [s.file for s in mamba.sources] == ["arxiv.atom", "scholar.bib"]
    [entry] = read_bibtex(b"@article{hu2021lora, title={Lora}, author={Hu, Edward J},\n"
                          b"  journal={arXiv preprint arXiv:2106.09685}, year={2021}}",
                          "s.bib", "s.bib").records
    assert (entry.meta.arxiv_id, entry.meta.venue, entry.collection) == (
        "2106.09685", "arXiv", "arXiv 2021")


def test_dblp_corr_entry_is_arxiv() -> None:
    attention = _example("scholar.bib")["Attention Is All You Need"]
    assert attention.meta.arxiv_id == "1706.03762"
    [entry] = read_bibtex(b"@article{d, title={T}, journal={CoRR}, volume={abs/2106.09685},"
                          b" year={2021}}", "d.bib", "d.bib").records
    assert (entry.meta.arxiv_id, entry.meta.venue) == ("2106.09685", "arXiv")
    assert entry.meta.volume == ""  # DBLP's volume only carries the arXiv id


@pytest.mark.parametrize(("name", "data"), [
    ("a.bib", b"@article{k, title={T}, journal={JMLR}, volume={24}, number={112}, year={2023}}"),
    ("a.ris", b"TY  - JOUR\nTI  - T\nJO  - JMLR\nVL  - 24\nIS  - 112\nPY  - 2023\nER  - \n"),
    ("a.json", b'[{"title": ["T"], "container-title": ["JMLR"], "volume": "24", '
               b'"issue": "112", "type": "article-journal"}]'),
    ("a.csv", b'"Title","Publication Title","Volume","Issue"\n"T","JMLR","24","112"\n'),
    ("a.json", b'{"results": [{"display_name": "T", "biblio": {"volume": "24", '
               b'"issue": "112"}, "abstract_inverted_index": {"We": [0], "study.": [1]}}]}'),
])
def test_volume_and_issue_are_read_from_every_export(name: str, data: bytes) -> None:
    """BibTeX volume/number, RIS VL/IS, CSL JSON and Crossref volume/issue, a Zotero CSV's
    Volume/Issue columns and OpenAlex's biblio: the cite block's volume and number."""
    [entry] = READERS[name[name.index("."):]](data, name, name).records
    assert (entry.meta.volume, entry.meta.number) == ("24", "112")


def test_howpublished_and_note_urls_are_kept() -> None:
    tool = _example("scholar.bib")["Transformers: State-of-the-Art Natural Language Processing"]
    assert tool.meta.url == "https://github.com/huggingface/transformers"
    [entry] = read_bibtex(b"@misc{w, title={Page}, note={Online at https://example.org/a\\_b.}}",
                          "w.bib", "w.bib").records
    assert entry.meta.url == "https://example.org/a_b"


# --- scholarly APIs ------------------------------------------------------------------------

def test_semantic_scholar_search_result() -> None:
    dpo = _example("semantic-scholar.json")[
        "Direct Preference Optimization: Your Language Model is Secretly a Reward Model"]
    m = dpo.meta
    assert (m.arxiv_id, m.pdf, m.date, dpo.collection) == (
        "2305.18290", "https://arxiv.org/pdf/2305.18290", "2023-05-29", "NeurIPS 2023")
    assert m.authors == ("Rafael Rafailov", "Archit Sharma")


def test_semantic_scholar_bare_array_keeps_its_identifiers() -> None:
    """A batch result is a bare array: its externalIds still give the arXiv id and DOI."""
    papers = [{"paperId": "abc", "title": "T", "abstract": "We test.", "venue": "",
               "externalIds": {"ArXiv": "2401.01234", "DOI": "10.1000/XYZ"},
               "journal": {"name": "Journal of Tests", "pages": "1-9"}, "year": 2024}]
    [record] = read_json(json.dumps(papers).encode(), "s2.json", "s2.json").records
    assert (record.meta.arxiv_id, record.meta.doi, record.meta.venue, record.meta.pages) == (
        "2401.01234", "10.1000/xyz", "Journal of Tests", "1-9")
    [line] = read_jsonl(json.dumps(papers[0]).encode(), "s2.jsonl", "s2.jsonl").records
    assert line.meta == record.meta


def test_openalex_work_rebuilds_its_abstract() -> None:
    fold = _example("openalex.json")["Highly accurate protein structure prediction with "
                                     "AlphaFold"]
    assert fold.text == ("A neural network predicts protein structures from their amino-acid "
                         "sequence with atomic accuracy, often competitive with an experimental "
                         "experiment.")
    m = fold.meta
    assert (m.doi, m.venue, m.pages, m.date, m.authors) == (
        "10.1038/s41586-021-03819-2", "Nature", "583--589", "2021-07-15",
        ("John Jumper", "Richard Evans"))


def test_openalex_arxiv_location_and_retraction() -> None:
    work = {"id": "https://openalex.org/W1", "display_name": "T", "is_retracted": True,
            "abstract_inverted_index": {"b": [1], "a": [0]},
            "primary_location": {"landing_page_url": "https://example.org/t", "source": None},
            "locations": [{"landing_page_url": "http://arxiv.org/abs/2401.01234v3"}]}
    [record] = read_json(json.dumps(work).encode(), "oa.json", "oa.json").records
    assert (record.text, record.meta.arxiv_id, record.meta.status, record.meta.url) == (
        "a b", "2401.01234", "retracted", "https://example.org/t")


def test_crossref_work_list_strips_jats() -> None:
    deep = _example("crossref.json")["Deep learning"]
    assert deep.text.startswith("Deep learning lets models of many processing layers")
    assert deep.text.endswith("visual object recognition & detection.")
    assert "<" not in deep.text and "Abstract" not in deep.text
    assert (deep.meta.venue, deep.meta.date, deep.meta.pages, deep.meta.authors[0]) == (
        "Nature", "2015-05-27", "436-444", "Yann LeCun")


def test_crossref_single_work_and_csl_json() -> None:
    work = {"status": "ok", "message-type": "work", "message": {
        "DOI": "10.1000/ABC", "title": ["One Work"], "container-title": ["J"],
        "issued": {"date-parts": [[2020, 2]]},
        "abstract": "<jats:p>Text <jats:sub>2</jats:sub> here.</jats:p>"}}
    [record] = read_json(json.dumps(work).encode(), "cr.json", "cr.json").records
    assert (record.meta.title, record.meta.doi, record.text, record.meta.date) == (
        "One Work", "10.1000/abc", "Text ₂ here.", "2020-02")
    csl = [{"DOI": "10.1000/abc", "title": "One Work", "container-title": "J",
            "issued": {"date-parts": [[2020, 2]]}, "author": [{"family": "Lee", "given": "A"}]}]
    [item] = read_json(json.dumps(csl).encode(), "csl.json", "csl.json").records
    assert (item.meta.title, item.meta.authors, item.meta.venue) == ("One Work", ("A Lee",), "J")


# --- identifiers wherever they hide --------------------------------------------------------

_NEW_ID = st.from_regex(r"(0[7-9]|1[0-9]|2[0-5])(0[1-9]|1[0-2])\.[0-9]{5}", fullmatch=True)


@given(_NEW_ID, st.integers(min_value=1, max_value=9))
def test_every_spelling_of_an_arxiv_id_is_one_id(number: str, version: int) -> None:
    """Property: the same arXiv id, however a format writes it, is one identifier."""
    spellings = [
        {"arxiv_id": number}, {"arxiv_id": f"arXiv:{number}v{version}"},
        {"url": f"https://arxiv.org/abs/{number}v{version}"},
        {"pdf": f"http://arxiv.org/pdf/{number}v{version}.pdf"},
        {"journal": f"arXiv preprint arXiv:{number}"},
        {"journal": "CoRR", "volume": f"abs/{number}"},
        {"extra": f"arXiv: {number}"}, {"doi": f"10.48550/arXiv.{number}"},
        {"note": f"See arXiv:{number}v{version} for the long version"},
    ]
    assert {read_entry({"title": "T", **s}).meta.arxiv_id for s in spellings} == {number}


@given(st.from_regex(r"10\.[0-9]{4,6}/[A-Za-z0-9._()-]{1,20}", fullmatch=True))
def test_every_spelling_of_a_doi_is_one_doi(doi: str) -> None:
    """Property: DOI prefixes, resolver URLs (with percent-escapes) and case: one DOI."""
    escaped = "".join(f"%{ord(c):02X}" if c in "()" else c for c in doi)
    spellings = [doi, doi.upper(), f"doi:{doi}", f"https://doi.org/{doi}",
                 f"http://dx.doi.org/{escaped}", f"https://doi.org/{escaped.upper()}"]
    assert {read_entry({"title": "T", "doi": s}).meta.doi for s in spellings} == {doi.lower()}


@pytest.mark.parametrize(("xml", "what"), [
    ('<?xml version="1.0" encoding="UTF-8"?><xml><records><record><ref-type name="Journal '
     'Article">17</ref-type><titles><title>LoRA</title></titles></record></records></xml>',
     "an EndNote XML export"),
    ('<?xml version="1.0"?>\n<!-- harvested -->\n<OAI-PMH xmlns="http://www.openarchives.org/'
     'OAI/2.0/"><ListRecords/></OAI-PMH>', "an OAI-PMH response"),
    ('<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/>', "an RDF export"),
    ('<?xml version="1.0"?>\n<!DOCTYPE PubmedArticleSet PUBLIC "-//NLM//DTD" "x.dtd">\n'
     "<PubmedArticleSet/>", "a PubMed XML export"),
])
def test_other_tools_xml_names_the_export_and_what_to_do(xml: str, what: str) -> None:
    """An XML export of another tool saved as .xml: the error says what it is and which
    export the digest reads, not only that it is no Atom feed."""
    with pytest.raises(InputError, match=rf"^seeds/x.xml: not an Atom feed .*: it is {what}"
                                         r".*; (export|fetch|save) "):
        READERS[".xml"](xml.encode(), "x.xml", "seeds/x.xml")


@pytest.mark.parametrize(("field", "pdf"), [
    (r"Online:https\://arxiv.org/pdf/2106.09685:PDF", "https://arxiv.org/pdf/2106.09685"),
    (r":Hu2021.pdf:PDF;Online:https\://arxiv.org/pdf/2106.09685v2:PDF",
     "https://arxiv.org/pdf/2106.09685v2"),
    ("Full Text:https://example.org/paper.pdf:application/pdf", "https://example.org/paper.pdf"),
    (r":C\:/Users/me/Mendeley/Hu 2021.pdf:pdf", ""),
    ("Snapshot:https://arxiv.org/abs/2106.09685:text/html", ""),
])
def test_jabref_and_mendeley_file_field_gives_a_web_pdf(field: str, pdf: str) -> None:
    bib = ("@article{Hu2021, title = {LoRA}, author = {Hu, Edward J.}, abstract = {We propose "
           "LoRA.}, file = {" + field + "}}")
    [record] = read_bibtex(bib.encode(), "x.bib", "seeds/x.bib").records
    assert record.meta.pdf == pdf


@pytest.mark.parametrize(("issued", "date"), [
    ({"date-parts": [[2021, 6, 17]]}, "2021-06-17"),
    ({"date-parts": [["2021", "6"]]}, "2021-06"),
    ({"date-parts": [[None]]}, ""),  # Crossref's unknown date
    ({"literal": "Spring 2021"}, "2021"),
    ({"raw": "2021-06-17"}, "2021-06-17"),
])
def test_csl_date_objects(issued: dict, date: str) -> None:
    item = {"type": "article-journal", "title": "LoRA", "abstract": "We propose LoRA.",
            "issued": issued}
    [record] = READERS[".json"](json.dumps([item]).encode(), "x.json", "seeds/x.json").records
    assert record.meta.date == date


def test_csl_date_text_that_names_no_single_year_is_an_error() -> None:
    item = {"title": "LoRA", "abstract": "We propose LoRA.", "issued": {"raw": "2020 or 2021"}}
    with pytest.raises(InputError, match=r"^seeds/x.json: record 1: date: '2020 or 2021' is "
                                         "not an ISO 8601 date"):
        READERS[".json"](json.dumps([item]).encode(), "x.json", "seeds/x.json")


def test_merged_title_keeps_the_spelling_with_its_capitals(tmp_path: Path) -> None:
    """Google Scholar's lowercased title, read first, and a Zotero CSV's title-cased one of
    the same paper: the page shows the capitals; a title differing in more than case is never
    chosen over the first."""
    (tmp_path / "a_scholar.bib").write_text(
        "@article{hu2021lora,\n title={Lora: Low-rank adaptation of large language models},\n"
        " author={Hu, Edward J}, year={2021}}\n", encoding="utf-8")
    (tmp_path / "b_zotero.csv").write_text(
        'Title,Author,Publication Year,Abstract Note\n"LoRA: Low-Rank Adaptation of Large '
        'Language Models","Hu, Edward J.",2021,We adapt.\n', encoding="utf-8")
    [paper] = read_seeds(tmp_path, "seeds").abstracts
    assert [s.file for s in paper.sources] == ["a_scholar.bib", "b_zotero.csv"]
    assert paper.meta.title == "LoRA: Low-Rank Adaptation of Large Language Models"
    assert best_cased("Deep Sets", ["Deep Sets", "DEEP SETS REVISITED"]) == "Deep Sets"
