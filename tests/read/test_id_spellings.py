"""Identifier spellings of round 3 (issue 22, hostile22c findings 16, 17, 18, 26, 31): arXiv's
own citation form, a doi.org query string, an escaped old-style id, an id a spreadsheet cut
short, an ftp:// URL."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.read import READERS
from generator.read.identifiers import ShortArxivId, arxiv_version, parse_arxiv_id, parse_doi
from generator.read.venues import readable_venue


@pytest.mark.parametrize(("value", "arxiv_id", "version"), [
    ("arXiv:2106.09685v2 [cs.CL]", "2106.09685", 2), ("arXiv 1706.03762", "1706.03762", 0),
    ("2106.09685 [stat.ML]", "2106.09685", 0), ("arXiv:hep-th/9901001v1 [hep-th]",
                                                "hep-th/9901001", 1),
    ("https://arxiv.org/abs/hep-th%2F9901001", "hep-th/9901001", 0),
    ("1412.6980", "1412.6980", 0), ("0704.0001", "0704.0001", 0),  # before 2015: 4 digits
])
def test_arxiv_spellings(value: str, arxiv_id: str, version: int) -> None:
    assert (parse_arxiv_id(value), arxiv_version(value)) == (arxiv_id, version)


@given(st.integers(15, 99), st.integers(1, 12), st.integers(0, 9999))
def test_a_four_digit_number_since_2015_is_cut_short(yy: int, mm: int, n: int) -> None:
    with pytest.raises(ShortArxivId):
        parse_arxiv_id(f"{yy:02d}{mm:02d}.{n:04d}")
    assert parse_arxiv_id(f"{yy:02d}{mm:02d}.{n:04d}0") == f"{yy:02d}{mm:02d}.{n:04d}0"


@pytest.mark.parametrize("url", ["https://doi.org/10.1145/3292500.3330701?download=true",
                                 "https://doi.org/10.1145/3292500.3330701#main",
                                 "http://dx.doi.org/10.1145/3292500.3330701?x=1&y=2"])
def test_a_resolver_query_is_not_part_of_the_doi(url: str) -> None:
    assert parse_doi(url) == "10.1145/3292500.3330701"


def test_an_escaped_question_mark_is_the_dois() -> None:
    assert parse_doi("https://doi.org/10.1000/a%3Fb") == "10.1000/a?b"


def _read(name: str, data: str):
    parsed = READERS[name[name.rfind("."):]](data.encode(), name, f"seeds/{name}")
    (record,) = parsed.records
    return record.meta, [str(n) for n in parsed.notices]


def test_a_short_arxiv_id_is_a_warning_and_the_record_stays() -> None:
    meta, notices = _read("a.jsonl", '{"title": "T", "abstract": "We study x.", '
                          '"arxiv_id": 2106.1001}\n')
    assert (meta.title, meta.arxiv_id) == ("T", "")
    assert notices == ["seeds/a.jsonl:1: record 1: arxiv_id: '2106.1001' is not an arXiv id: "
                       "since 2015 the number after the dot has five digits (did a "
                       "spreadsheet drop a trailing zero? write the id as text): left out"]


def test_an_ftp_url_is_a_warning_and_the_record_stays() -> None:
    meta, notices = _read("a.bib", "@misc{u3, title={T}, abstract={We study x.}, url={ftp://"
                          "ftp.cs.example.edu/pub/paper.ps}}\n")
    assert (meta.title, meta.url) == ("T", "")
    assert notices == ["seeds/a.bib:1: entry u3: url: 'ftp://ftp.cs.example.edu/pub/paper.ps' "
                       "is an FTP address, which browsers no longer open: not linked (give its "
                       "http(s) address)"]


def test_openalex_raw_author_name_when_display_name_is_null() -> None:
    """Finding 19: an authorship OpenAlex has not identified was dropped silently."""
    work = ('[{"title": "T", "abstract_inverted_index": {"We": [0], "study": [1]}, '
            '"authorships": [{"author": {"display_name": "Edward J. Hu"}}, {"author": '
            '{"display_name": null}, "raw_author_name": "Alex Nichol"}, {"author": {}}]}]')
    meta, _ = _read("w.json", work)
    assert meta.authors == ("Edward J. Hu", "Alex Nichol")


@pytest.mark.parametrize(("venue", "read"), [
    ("arXiv.org", "arXiv"), ("ArXiv.org", "arXiv"), ("Cornell University - arXiv", "arXiv"),
    ("arXiv (Cornell University)", "arXiv"),
    ("bioRxiv (Cold Spring Harbor Laboratory)", "bioRxiv"), ("medRxiv", "medRxiv"),
    ("Journal of arXiv Studies", "Journal of arXiv Studies"), ("ICLR 2024", "ICLR 2024"),
])
def test_preprint_server_spellings_are_one_venue(venue: str, read: str) -> None:
    """Finding 36: each API spelling of a preprint server made its own collection."""
    assert readable_venue(venue) == read
