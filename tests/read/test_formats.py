"""Step 1, read: the metadata formats (JSON Lines, JSON, CSV/TSV, BibTeX, Atom, OpenReview), the
field mapping, merging across files and the errors that name file and record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.errors import InputError
from generator.read import READERS, read_seeds
from generator.read.fields import FieldError, read_entry
from generator.records import Metadata

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def _read(name: str, data: bytes | str):
    """One file read by the reader of its extension, shown as ``seeds/<name>``."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return READERS[Path(name).suffix](raw, name, f"seeds/{name}")


def _one(name: str, data: str):
    parsed = _read(name, data)
    assert len(parsed.records) == 1
    return parsed.records[0]


@pytest.fixture(scope="module")
def examples():
    """The shipped examples, read as one seeds folder: title -> Abstract."""
    return {a.meta.title: a for a in read_seeds(EXAMPLES, "examples").abstracts}


def test_every_example_file_has_a_reader() -> None:
    """examples/ ships one file per format, and each is read by its extension's reader."""
    suffixes = {p.suffix for p in EXAMPLES.iterdir()}
    assert suffixes == {".jsonl", ".json", ".csv", ".tsv", ".bib", ".atom", ".ris"}
    assert suffixes <= set(READERS)


def test_json_lines_example(examples) -> None:
    ddpm = examples["Denoising Diffusion Probabilistic Models"]
    assert ddpm.meta.authors == ("Jonathan Ho", "Ajay Jain", "Pieter Abbeel")
    assert (ddpm.meta.arxiv_id, ddpm.meta.year) == ("2006.11239", 2020)
    assert ddpm.meta.code == ("https://github.com/hojonathanho/diffusion",)
    assert ddpm.meta.keywords == ("diffusion models", "image generation")
    assert ddpm.collection == "NeurIPS 2020"
    gan = examples["Generative Adversarial Nets"]
    assert gan.meta.arxiv_id == "1406.2661"  # from the arXiv URL
    assert gan.meta.url == "https://arxiv.org/abs/1406.2661"


def test_csl_json_example(examples) -> None:
    """CSL JSON names (author given/family, container-title, issued, URL, keyword) map too."""
    t = examples["Attention Is All You Need"]
    assert t.meta.authors[0] == "Ashish Vaswani" and t.meta.authors[6] == "Łukasz Kaiser"
    assert len(t.meta.authors) == 8
    assert (t.meta.venue, t.meta.year, t.meta.date) == ("NeurIPS", 2017, "2017")
    assert t.meta.entry_type == "inproceedings"
    assert t.meta.keywords == ("attention", "machine translation")
    assert t.sources[0].describe() == "record 1"


def test_csv_and_tsv_examples(examples) -> None:
    resnet = examples["Deep Residual Learning for Image Recognition"]
    assert resnet.meta.doi == "10.1109/cvpr.2016.90"
    assert resnet.meta.authors == ("Kaiming He", "Xiangyu Zhang", "Shaoqing Ren", "Jian Sun")
    assert resnet.sources[0].describe() == "record 1 (line 2)"
    adam = examples["Adam: A Method for Stochastic Optimization"]
    assert adam.text == "" and adam.meta.arxiv_id == "1412.6980"
    bn = examples["Batch Normalization: Accelerating Deep Network Training by Reducing "
                  "Internal Covariate Shift"]
    assert (bn.meta.date, bn.collection) == ("2015-02-11", "ICML 2015")


def test_bibtex_example(examples) -> None:
    """TeX stays in the fields; names are first-name-first; eprint is the arXiv id."""
    bert = examples["{BERT}: Pre-training of Deep Bidirectional Transformers for Language "
                    "Understanding"]
    assert bert.meta.authors == ("Jacob Devlin", "Ming-Wei Chang", "Kenton Lee",
                                 "Kristina Toutanova")
    assert (bert.meta.doi, bert.meta.arxiv_id) == ("10.18653/v1/n19-1423", "1810.04805")
    assert (bert.meta.entry_type, bert.meta.cite_key) == ("inproceedings", "devlin2019bert")
    assert "\\emph{BERT}" in bert.text and "7.7\\%" in bert.text
    assert bert.sources[0].describe() == "entry devlin2019bert (line 3)"


def test_atom_example(examples) -> None:
    """arXiv's id (version dropped), published date, PDF link and the comment's repository."""
    mamba = examples["Mamba: Linear-Time Sequence Modeling with Selective State Spaces"]
    assert (mamba.meta.arxiv_id, mamba.meta.date) == ("2312.00752", "2023-12-01")
    assert mamba.meta.authors == ("Albert Gu", "Tri Dao")
    assert mamba.meta.code == ("https://github.com/state-spaces/mamba",)
    assert mamba.meta.pdf == "https://arxiv.org/pdf/2312.00752v2"
    assert "\n" in mamba.text and "  " not in mamba.text  # lines kept, stripped
    qlora = examples["QLoRA: Efficient Finetuning of Quantized LLMs"]
    assert qlora.collection == "NeurIPS 2023"  # arxiv:journal_ref


def test_openreview_examples(examples) -> None:
    """v2 (content.title.value) and v1 (content.title) notes; forum id, absolute PDF, dates."""
    lora = examples["LoRA: Low-Rank Adaptation of Large Language Models"]
    assert lora.meta.openreview_id == "nZeVKeeFYf9"
    assert lora.meta.pdf == "https://openreview.net/pdf?id=nZeVKeeFYf9"
    assert (lora.meta.date, lora.collection) == ("2022-01-28", "ICLR 2022")  # poster: no collection
    assert lora.meta.code == ("https://github.com/microsoft/LoRA",)
    vit = examples["An Image is Worth 16x16 Words: Transformers for Image Recognition at Scale"]
    assert vit.meta.openreview_id == "YicbFdNTTy"
    assert vit.meta.year == 2021  # named by the venue "ICLR 2021 Oral"; cdate is not used
    assert len(vit.meta.authors) == 12


def test_same_paper_in_two_files_is_one_record(examples) -> None:
    """DDPM is in papers.bib (no abstract) and papers.jsonl (abstract, code): one record, the
    .bib first (file order), both sources, metadata from both."""
    seeds = read_seeds(EXAMPLES, "examples")
    ddpm = examples["Denoising Diffusion Probabilistic Models"]
    assert [s.file for s in ddpm.sources] == ["papers.bib", "papers.jsonl"]
    assert ddpm.meta.cite_key == "ho2020denoising" and ddpm.meta.code
    assert ddpm.text.startswith("We show that diffusion probabilistic models")
    # DDPM (papers.bib, papers.jsonl); Mamba and Attention (arxiv.atom / papers.json and the
    # Google Scholar and DBLP entries of scholar.bib, by their arXiv ids)
    assert seeds.merged == 3 and seeds.differing == 0 and seeds.notices == ()
    assert len(seeds.abstracts) == sum(f.abstracts for f in seeds.files) - seeds.merged


def test_field_aliases_and_kinds() -> None:
    """Aliases, case and separators of field names; authors and keywords as strings."""
    e = read_entry({"Paper-Title": " A  title ", "Summary": "Text.", "Author":
                    "Ann Lee and Bo Chen", "Keyword": "a; b", "Code URL":
                    "github.com/o/r", "Month": "dec", "Year": "2023", "forum": "abcdefgh"})
    assert (e.meta.title, e.text) == ("A title", "Text.")
    assert e.meta.authors == ("Ann Lee", "Bo Chen")
    assert e.meta.keywords == ("a", "b")
    assert e.meta.code == ("https://github.com/o/r",)
    assert (e.meta.date, e.meta.openreview_id) == ("2023-12", "abcdefgh")
    # "Family, Given" between semicolons (Zotero, RIS) is put given name first
    assert read_entry({"title": "T", "authors": "A; Lee, Bo"}).meta.authors == ("A", "Bo Lee")
    assert read_entry({"title": "T", "authors": "Ann Lee, Bo Li"}).meta.authors == (
        "Ann Lee", "Bo Li")
    assert read_entry({"title": "T", "authors": "He, Kaiming"}).meta.authors == ("Kaiming He",)
    assert read_entry({"title": "T", "date": {"date-parts": [[2020, 5, 1]]}}).meta.date == \
        "2020-05-01"
    assert read_entry({"title": "T", "date": "2020-05-01T10:00:00Z"}).meta.date == "2020-05-01"
    assert read_entry({"title": "T", "type": "poster"}).meta.entry_type == ""
    assert read_entry({"title": "T", "doi": "https://doi.org/10.48550/arXiv.2401.01234"}
                      ).meta.arxiv_id == "2401.01234"


@pytest.mark.parametrize(("record", "message"), [
    ({"abstract": ["a"]}, "abstract: expected text, got a list"),
    ({"title": {"x": 1}}, "title: expected text, got an object"),
    ({"title": "T", "authors": 3}, "authors: expected a list of names or text, got a number"),
    ({"title": "T", "year": "20x3"}, "year: '20x3' is not a year"),
    ({"title": "T", "date": "10/12/2023"}, "date: '10/12/2023' may be 2023-10-12 or 2023-12-10"),
    ({"title": "T", "date": "next spring"}, "date: 'next spring' is not an ISO 8601 date"),
    ({"title": "T", "date": "2023-13-01"}, "is not an ISO 8601 date"),
    ({"title": "T", "year": 2022, "date": "2023-01-01"}, "year: 2022 contradicts the date"),
    ({"title": "T", "url": "file:///x"}, "url: 'file:///x' is not an http(s) URL"),
    ({"title": "T", "doi": "12345"}, "doi: '12345' is not a DOI"),
    ({"abstract": "   ", "authors": ["A"]}, "neither a title nor an abstract"),
    ({"title": "T", "authors": [{"id": 3}]}, "a name object needs"),
])
def test_field_errors_name_the_field(record: dict, message: str) -> None:
    with pytest.raises(FieldError, match=message.replace("(", r"\(").replace(")", r"\)")):
        read_entry(record)


def test_record_errors_name_file_line_and_record() -> None:
    """The reader adds file, line (when the format has lines) and record to a field error."""
    with pytest.raises(InputError) as err:
        _read("x.jsonl", '{"title": "A"}\n\n{"title": "B", "doi": "nope"}\n')
    assert str(err.value) == "seeds/x.jsonl:3: record 2: doi: 'nope' is not a DOI " \
                             "(10.<registrant>/<suffix>)"
    with pytest.raises(InputError) as err:
        _read("x.json", '[{"title": "A"}, {"title": 7.5, "abstract": 1}]')
    assert str(err.value) == "seeds/x.json: record 2: abstract: expected text, got a number"
    with pytest.raises(InputError) as err:
        _read("x.bib", "@article{k1, title={A}}\n\n@article{k2,\n  year={soon}}\n")
    assert str(err.value).startswith("seeds/x.bib:3: entry k2: ")
    with pytest.raises(InputError) as err:
        _read("x.csv", "title,year\nA,2020\n\"B\nC\",x\n")
    assert str(err.value) == ("seeds/x.csv:3: record 2: year: 'x' is not a year: write four "
                              "digits (2021), a range (2021--2022) or a status such as 'in press'")


@pytest.mark.parametrize(("name", "data", "message"), [
    ("x.jsonl", '{"title": "A"}\n{"title": "B"\n', "seeds/x.jsonl:2: not JSON: Expecting"),
    ("x.jsonl", '["a"]\n', "seeds/x.jsonl:1: record 1: expected a JSON object, got list"),
    ("x.json", '{"label": "A", "count": 1}', "seeds/x.json: expected a JSON array of records"),
    ("x.json", '[\n{"title": "A"},\n]', "seeds/x.json:3: not JSON: Expecting value"),
    ("x.json", '[1]', "seeds/x.json: record 1: expected a JSON object, got int"),
    ("x.csv", "label,size\na,b\n", "seeds/x.csv:1: the first row must be a header naming"),
    ("x.csv", "title\nA,B\n", "seeds/x.csv:2: record 1: 2 cells, but the header names 1: a "
                                "value holding a comma must be in double quotes"),
    ("x.tsv", 'title\n"A\n', "seeds/x.tsv:2: not TSV: unexpected end of data"),
    ("x.bib", "@article{a, title={A}, title={B}}\n", "seeds/x.bib:1: entry a: field given "
                                                     "twice: title"),
    ("x.bib", "@article{a, title={A}\n@article{b, title={B}}\n",
     "seeds/x.bib:1: entry a: BibTeX syntax: a '{' or '\"' in a value is not closed before the "
     "next entry (line 2)"),
    ("x.atom", "<feed>\n<entry>\n<id>x</entry>", "seeds/x.atom:3: not well-formed XML: "
                                                 "mismatched tag"),
    ("x.atom", '<?xml version="1.0"?>\n<feed>\n<entry>\n<id>x</entry>',
     "seeds/x.atom:4: not well-formed XML: mismatched tag"),
    ("x.xml", "<html><body>hi</body></html>", "seeds/x.xml: not an Atom feed"),
    ("x.jsonl", b'{"title": "\xff"}\n', "seeds/x.jsonl:1: not valid UTF-8 (byte offset 11)"),
])
def test_file_errors(name: str, data: str | bytes, message: str) -> None:
    """A file that cannot be read names itself, the line when known, and what is wrong."""
    with pytest.raises(InputError) as err:
        _read(name, data)
    assert str(err.value).startswith(message)


def test_arxiv_error_entry_stops_the_run() -> None:
    feed = ('<feed xmlns="http://www.w3.org/2005/Atom"><title>q</title><entry>'
            '<id>http://arxiv.org/api/errors#incorrect_id_format_for_1234</id><title>Error'
            '</title><summary>incorrect id format for 1234</summary></entry></feed>')
    with pytest.raises(InputError, match="the arXiv API reported an error: incorrect id format"):
        _read("q.atom", feed)


def test_openreview_note_shapes() -> None:
    """v1 and v2 notes give the same record; a bare note object is read as a one-note file."""
    v1 = {"id": "abcdefg1", "content": {"title": "T", "abstract": "A.", "authors": ["X Y"],
                                        "venue": "ICLR 2021 Poster"}}
    v2 = {"id": "abcdefg1", "forum": "abcdefg1", "content": {k: {"value": v} for k, v in
                                                              v1["content"].items()}}
    r1 = _one("a.jsonl", json.dumps(v1))
    r2 = _one("b.json", json.dumps(v2))
    assert r1.meta == r2.meta and r1.text == r2.text == "A."
    assert r1.meta.openreview_id == "abcdefg1" and r1.meta.year == 2021
    assert _one("c.json", json.dumps({"notes": [v2], "count": 1})).meta == r1.meta


def test_record_without_abstract_and_repairs() -> None:
    """A title alone is a record; control characters and mojibake are repaired with notices
    naming file, line, record and field."""
    parsed = _read("x.jsonl", '{"title": "Only a title"}\n{"abstract": "Sch\\u00c3\\u00b6n '
                              '$\\u0008eta$."}\n')
    assert parsed.records[0].text == "" and parsed.records[0].meta.title == "Only a title"
    assert parsed.records[1].text == "Schön $\\beta$."
    assert [str(n) for n in parsed.notices] == [
        "seeds/x.jsonl:2: record 2: abstract: mojibake repaired (ftfy): 'Ã¶' -> 'ö'",
        "seeds/x.jsonl:2: record 2: abstract: control characters: U+0008 at column 8 -> \\b"]


def test_csv_quoted_cells_and_line_numbers() -> None:
    """Quoted cells hold commas, quotes and line breaks; a record is named by the line it
    starts on; blank rows are skipped."""
    parsed = _read("x.csv", 'title,abstract\n\n"A, ""quoted""","one\ntwo"\nB,three\n')
    assert [r.meta.title for r in parsed.records] == ['A, "quoted"', "B"]
    assert [r.text for r in parsed.records] == ["one\ntwo", "three"]
    assert [r.sources[0].line for r in parsed.records] == [3, 5]


def test_bibtex_strings_comments_and_other_archives() -> None:
    """@string macros resolve, comments are skipped, an eprint of another archive is no
    arXiv id, braces protect a name from splitting."""
    bib = ('@string{nips = "NeurIPS"}\n@comment{ignore me}\nfree text\n'
           '@misc{k, title = "A", booktitle = nips, author = {{Google Research} and Doe, J.},\n'
           ' eprint = {2401.01234}, archivePrefix = {HAL}}\n')
    r = _one("x.bib", bib)
    assert (r.meta.title, r.meta.venue) == ("A", "NeurIPS")
    assert r.meta.authors == ("{Google Research}", "J. Doe")
    assert r.meta.arxiv_id == ""


def test_collection_rules() -> None:
    """Own collection field > venue (+ year unless named) > the file's name."""
    assert _one("my-file.jsonl", '{"title": "T"}').collection == "My File"
    assert _one("x.jsonl", '{"title": "T", "venue": "ICML", "year": 2020}').collection == \
        "ICML 2020"
    assert _one("x.jsonl", '{"title": "T", "venue": "ICML 2019", "year": 2020}').collection \
        == "ICML 2019"
    assert _one("x.jsonl", '{"title": "T", "venue": "{ICML}"}').collection == "ICML"
    assert _one("x.jsonl", '{"title": "T", "venue": "ICML", "collection": "Mine"}'
                ).collection == "Mine"


def test_merging_rules(tmp_path: Path) -> None:
    """Same identifier in two files: one paper, no warning; same DOI twice in one file: one
    paper and a warning; a .txt abstract equal to a record's abstract joins that record."""
    (tmp_path / "a.jsonl").write_text(
        '{"title": "P", "doi": "10.1000/X", "abstract": "Some text here."}\n'
        '{"title": "P again", "doi": "10.1000/x"}\n', encoding="utf-8")
    (tmp_path / "b.bib").write_text("@article{k, title={P}, author={Doe, Jane}, "
                                    "doi={https://doi.org/10.1000/x}}\n", encoding="utf-8")
    (tmp_path / "c.txt").write_text("Header\n\nSome   text\nhere.\n", encoding="utf-8")
    seeds = read_seeds(tmp_path, "seeds")
    assert len(seeds.abstracts) == 1
    paper = seeds.abstracts[0]
    assert [s.file for s in paper.sources] == ["a.jsonl", "a.jsonl", "b.bib", "c.txt"]
    assert paper.meta.authors == ("Jane Doe",) and paper.meta.title == "P"
    assert [str(n) for n in seeds.notices] == [
        "seeds/a.jsonl:2: duplicate of a.jsonl record 1; one page lists both sources"]
    assert seeds.merged == 3
    assert [f.abstracts for f in seeds.files] == [2, 1, 1]


def test_metadata_identifiers_order() -> None:
    assert Metadata(doi="10.1/x", arxiv_id="1", openreview_id="o").identifiers() == (
        "doi:10.1/x", "arxiv:1", "openreview:o")


def test_other_files_are_not_read(tmp_path: Path) -> None:
    """Only known extensions are read: overrides.yml, README.md and hidden files are not."""
    for name in ("overrides.yml", "README.md", ".hidden.jsonl"):
        (tmp_path / name).write_text("not a seed", encoding="utf-8")
    (tmp_path / "a.jsonl").write_text('{"title": "T"}\n', encoding="utf-8")
    assert [f.name for f in read_seeds(tmp_path).files] == ["a.jsonl"]
