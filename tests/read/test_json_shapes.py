"""JSON answers of the APIs researchers query, in the shapes they come in (issue 22, hostile
input): CSL JSON for one DOI (content negotiation: one object, no array) stopped the run;
a Semantic Scholar batch answer with ``null`` for an id the API did not find stopped it too."""

from __future__ import annotations

import json

import pytest

from generator.errors import InputError, notice_warns
from generator.read.jsondoc import read_json

# CSL JSON as doi.org answers with Accept: application/vnd.citationstyles.csl+json
# (Crossref's and DataCite's shapes; field names as they give them).
CROSSREF_CSL = {"DOI": "10.1109/cvpr.2016.90", "type": "paper-conference", "page": "770-778",
                "title": "Deep Residual Learning for Image Recognition",
                "author": [{"given": "Kaiming", "family": "He"},
                           {"given": "Xiangyu", "family": "Zhang"}],
                "container-title": "2016 IEEE Conference on Computer Vision and Pattern "
                                   "Recognition (CVPR)",
                "issued": {"date-parts": [[2016, 6]]}}
DATACITE_CSL = {"type": "article", "DOI": "10.48550/ARXIV.2106.09685",
                "author": [{"family": "Hu", "given": "Edward J."}],
                "issued": {"date-parts": [[2021]]}, "publisher": "arXiv",
                "abstract": "We propose LoRA, which freezes the weights.",
                "title": "LoRA: Low-Rank Adaptation of Large Language Models"}


def _read(document: object):
    return read_json(json.dumps(document).encode(), "x.json", "seeds/x.json")


@pytest.mark.parametrize("document", [CROSSREF_CSL, DATACITE_CSL])
def test_one_csl_json_object_is_one_record(document: dict) -> None:
    [record] = _read(document).records
    assert record.meta.title == document["title"]
    assert record.meta.doi == document["DOI"].lower()
    assert record.meta.authors[0] == f"{document['author'][0]['given']} " \
                                     f"{document['author'][0]['family']}"


def test_an_object_without_a_record_field_is_still_an_error() -> None:
    with pytest.raises(InputError) as info:
        _read({"status": "ok", "total": 3})
    assert str(info.value).startswith("seeds/x.json: expected a JSON array of records")


def test_null_records_of_a_batch_answer_are_skipped_with_a_notice() -> None:
    paper = {"paperId": "a1", "title": "A Paper", "abstract": "We study x.",
             "externalIds": {"ArXiv": "2106.09685"}}
    parsed = _read([paper, None, dict(paper, paperId="b2", title="B Paper",
                                      externalIds={}), None])
    assert [(r.meta.title, r.sources[0].abstract) for r in parsed.records] == [
        ("A Paper", 1), ("B Paper", 3)]
    assert [(str(n), notice_warns(n.kind)) for n in parsed.notices] == [
        ("seeds/x.json: records 2, 4 null, no paper (an API's answer for an id it did not "
         "find): skipped", False)]


def _crossref(**work) -> dict:
    base = {"DOI": "10.1000/a1", "type": "journal-article", "title": ["Main Title"],
            "author": [{"given": "John", "family": "Smith"}],
            "abstract": "<jats:p>We do x.</jats:p>"}
    return {"status": "ok", "message": {"items": [dict(base, **work)]}}


def test_crossref_subtitle_is_part_of_the_title() -> None:
    [record] = _read(_crossref(subtitle=["A Subtitle That Matters"],
                               **{"container-title": ["J"]})).records
    assert record.meta.title == "Main Title: A Subtitle That Matters"
    [same] = _read(_crossref(title=["Main Title: A Subtitle"], subtitle=["A Subtitle"],
                             **{"container-title": ["J"]})).records
    assert same.meta.title == "Main Title: A Subtitle"


def test_crossref_retraction_notice_makes_the_status() -> None:
    [record] = _read(_crossref(**{"container-title": ["J"], "updated-by": [
        {"DOI": "10.1000/r1", "type": "retraction", "source": "retraction-watch"}]})).records
    assert record.meta.status == "retracted"
    [corrected] = _read(_crossref(**{"container-title": ["J"], "updated-by": [
        {"DOI": "10.1000/c1", "type": "correction"}]})).records
    assert corrected.meta.status == ""


def test_crossref_posted_content_has_its_date_and_server() -> None:
    [record] = _read(_crossref(type="posted-content", posted={"date-parts": [[2023, 5, 2]]},
                               institution=[{"name": "bioRxiv"}])).records
    assert (record.meta.date, record.meta.venue, record.collection) == (
        "2023-05-02", "bioRxiv", "bioRxiv 2023")
