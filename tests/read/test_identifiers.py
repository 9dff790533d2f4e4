"""Identifier normalisation (generator.read.identifiers): the documented rules, case by case."""

from __future__ import annotations

import pytest

from generator.read.identifiers import (
    arxiv_id_in_text,
    arxiv_id_of_doi,
    arxiv_version,
    doi_url,
    ids_in_url,
    parse_arxiv_id,
    parse_doi,
    parse_openreview_id,
)


@pytest.mark.parametrize(("given", "doi"), [
    ("10.1109/CVPR.2016.90", "10.1109/cvpr.2016.90"),
    ("doi:10.18653/v1/N19-1423", "10.18653/v1/n19-1423"),
    ("DOI: 10.1145/3292500.3330701", "10.1145/3292500.3330701"),
    ("https://doi.org/10.1145/3292500.3330701", "10.1145/3292500.3330701"),
    ("http://dx.doi.org/10.1002/%28SICI%291097-4571", "10.1002/(sici)1097-4571"),
    ("  10.48550/arXiv.2401.01234 ", "10.48550/arxiv.2401.01234"),
])
def test_doi_rule(given: str, doi: str) -> None:
    """Prefixes and resolver URLs go, escapes of a URL are decoded, DOIs are lower-cased."""
    assert parse_doi(given) == doi


@pytest.mark.parametrize("bad", ["", "10.12/x", "11.1234/x", "10.1234/", "10.1234/a b",
                                 "https://example.org/10.1234/x"])
def test_doi_refused(bad: str) -> None:
    """What is not 10.<4-9 digits>/<suffix without spaces> is refused, naming the value."""
    with pytest.raises(ValueError, match="is not a DOI"):
        parse_doi(bad)


@pytest.mark.parametrize(("given", "arxiv"), [
    ("2401.01234", "2401.01234"),
    ("2401.01234v3", "2401.01234"),
    ("arXiv:1706.03762", "1706.03762"),
    ("https://arxiv.org/abs/2312.00752v2", "2312.00752"),
    ("http://export.arxiv.org/abs/2312.00752", "2312.00752"),
    ("https://arxiv.org/pdf/2305.14314v1.pdf", "2305.14314"),
    ("https://arxiv.org/pdf/2305.14314", "2305.14314"),
    ("hep-th/9901001v1", "hep-th/9901001"),
    ("math.GT/0309136", "math.GT/0309136"),
    ("1412.6980", "1412.6980"),
])
def test_arxiv_rule(given: str, arxiv: str) -> None:
    """Prefix, URL and version go: every version of a paper is one paper."""
    assert parse_arxiv_id(given) == arxiv


@pytest.mark.parametrize("bad", ["", "240101234", "2401.123", "arXiv:", "cs.LG",
                                 "https://example.org/abs/2401.01234"])
def test_arxiv_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="is not an arXiv id"):
        parse_arxiv_id(bad)


@pytest.mark.parametrize(("given", "forum"), [
    ("nZeVKeeFYf9", "nZeVKeeFYf9"),
    ("https://openreview.net/forum?id=YicbFdNTTy", "YicbFdNTTy"),
    ("https://openreview.net/pdf?id=YicbFdNTTy", "YicbFdNTTy"),
    ("https://openreview.net/forum?id=abc-DEF_12&noteId=xyz", "abc-DEF_12"),
])
def test_openreview_rule(given: str, forum: str) -> None:
    assert parse_openreview_id(given) == forum


@pytest.mark.parametrize("bad", ["abc", "has space", "https://example.org/forum?id=abcdefg",
                                 "https://openreview.net/group?x=1"])
def test_openreview_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="OpenReview"):
        parse_openreview_id(bad)


def test_ids_in_paper_urls() -> None:
    """A paper URL on arXiv, doi.org or OpenReview names that identifier; others nothing."""
    assert ids_in_url("https://arxiv.org/abs/1706.03762v5") == {"arxiv_id": "1706.03762"}
    assert ids_in_url("https://doi.org/10.1109/CVPR.2016.90") == {"doi": "10.1109/cvpr.2016.90"}
    assert ids_in_url("https://openreview.net/forum?id=nZeVKeeFYf9") == {
        "openreview_id": "nZeVKeeFYf9"}
    assert ids_in_url("https://aclanthology.org/N19-1423") == {}
    assert ids_in_url("https://arxiv.org/list/cs.LG/recent") == {}


def test_arxiv_doi_names_the_arxiv_id() -> None:
    assert arxiv_id_of_doi("10.48550/arxiv.2401.01234") == "2401.01234"
    assert arxiv_id_of_doi("10.1109/cvpr.2016.90") is None


def test_doi_url_escapes_what_a_path_cannot_hold() -> None:
    """Characters such as # and < are percent-encoded in the resolver link."""
    assert doi_url("10.1109/cvpr.2016.90") == "https://doi.org/10.1109/cvpr.2016.90"
    assert doi_url("10.1000/a#b<c") == "https://doi.org/10.1000/a%23b%3Cc"


def test_arxiv_version_is_read_from_ids_and_urls() -> None:
    assert [arxiv_version(v) for v in (
        "2401.01234v2", "arXiv:2401.01234V12", "https://arxiv.org/pdf/2401.01234v3.pdf",
        "http://arxiv.org/abs/hep-th/9901001v1", "https://arxiv.org/abs/2401.01234v4?x=1",
        "2401.01234", "https://arxiv.org/abs/2401.01234", "")] == [2, 12, 3, 1, 4, 0, 0, 0]


@pytest.mark.parametrize(("text", "arxiv"), [
    ("arXiv preprint hep-th/9901001", "hep-th/9901001"),   # Google Scholar, an old-style id
    ("arXiv preprint arXiv:2106.09685", "2106.09685"),
    ("arXiv e-prints 2106.09685", "2106.09685"),
    ("see https://arxiv.org/html/2106.09689v1", "2106.09689"),  # arXiv's HTML rendering
    ("arXiv 2021", ""),
    ("a survey of 2106 papers", ""),
])
def test_arxiv_id_named_in_a_venue_or_note(text: str, arxiv: str) -> None:
    assert arxiv_id_in_text(text) == arxiv


def test_arxiv_html_page_url_names_its_paper() -> None:
    assert ids_in_url("https://arxiv.org/html/2106.09689v1") == {"arxiv_id": "2106.09689"}
