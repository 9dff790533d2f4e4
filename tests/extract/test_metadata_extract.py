"""Step 2 with metadata: given beats derived (title, code, keywords), links to the paper itself,
paper ids by identifier."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from generator.config.taxonomy import load_taxonomy
from generator.extract import extract_paper, paper_id, record_id
from generator.extract.tags import assign_tags, keyword_tags
from generator.records import Abstract, Link, Metadata, Source

ROOT = Path(__file__).resolve().parents[2]
TEXT = ("Training large models is slow. We propose FastThing, a method that trains large "
        "models quickly by skipping redundant steps. It halves training time.")


@lru_cache(maxsize=1)
def _taxonomy():
    return load_taxonomy(ROOT / "taxonomy.yml")


def _paper(text: str = TEXT, **meta):
    return extract_paper(Abstract(text, "C", (Source("x.jsonl", 1, 1),), Metadata(**meta)),
                         _taxonomy())


def test_given_title_is_the_title_and_the_derived_one_is_kept() -> None:
    plain = _paper()
    given = _paper(title="Fast{Thing}: Skipping Steps in $k$-Step Training")
    assert given.title == "FastThing: Skipping Steps in k-Step Training"
    assert given.derived_title == plain.title == plain.derived_title
    assert given.name == plain.name == "FastThing"


def test_record_without_abstract() -> None:
    """A title alone makes a paper: no highlight, tags from the title, links from metadata."""
    f = _paper("", title="Reinforcement Learning for Robot Control", arxiv_id="2401.01234",
               authors=("A. B",))
    assert (f.title, f.derived_title, f.highlight) == (
        "Reinforcement Learning for Robot Control", "", "")
    assert "Reinforcement Learning" in f.tags
    assert f.paper_links == (Link("https://arxiv.org/abs/2401.01234", "arxiv"),
                             Link("https://arxiv.org/pdf/2401.01234", "pdf"))


def test_given_code_url_counts_like_one_in_the_abstract() -> None:
    f = _paper(code=("github.com/Owner/Fast.git",))
    assert [c.url for c in f.code] == ["https://github.com/Owner/Fast"]
    assert f.code_status == "available"
    assert f.links == (Link("https://github.com/Owner/Fast", "code"),)
    in_text = _paper(TEXT + " Code: https://github.com/owner/fast",
                     code=("https://github.com/Owner/Fast",))
    assert len(in_text.code) == 1  # the same repository once


def test_keywords_are_strong_tag_evidence() -> None:
    """A keyword naming a tag (its name or one of its patterns) adds keyword_weight x
    min_score to the tag's pattern score: it decides a tag the text alone does not give."""
    t = _taxonomy()
    assert keyword_tags(t, ["Federated learning", "privacy-preserving"]) >= {
        "Federated Learning"}
    assert keyword_tags(t, ["time series"]) == {"Time Series"}
    assert keyword_tags(t, []) == set()
    text = "We study a new method for a problem. It works well on several benchmarks."
    without = assign_tags(t, text, text)
    with_keyword = assign_tags(t, text, text, ["optimal transport"])
    assert "Optimal Transport" not in without and "Optimal Transport" in with_keyword


def test_paper_links_order_and_duplicates() -> None:
    f = _paper(arxiv_id="2401.01234", doi="10.1000/x", openreview_id="abcdefgh",
               pdf="https://arxiv.org/pdf/2401.01234v2", url="https://arxiv.org/abs/2401.01234")
    assert [(x.kind, x.url) for x in f.paper_links] == [
        ("arxiv", "https://arxiv.org/abs/2401.01234"), ("pdf", "https://arxiv.org/pdf/2401.01234"),
        ("doi", "https://doi.org/10.1000/x"), ("openreview",
                                              "https://openreview.net/forum?id=abcdefgh")]
    own = _paper(pdf="https://example.org/p.pdf", url="https://example.org/p")
    assert [(x.kind, x.url) for x in own.paper_links] == [
        ("pdf", "https://example.org/p.pdf"), ("page", "https://example.org/p")]


def test_record_ids() -> None:
    """Plain abstracts keep their content id; an identifier names the paper in any wording;
    a record with a title only is named by its title."""
    plain = Abstract(TEXT, "C", (Source("x.txt", 1, 3),))
    assert record_id(plain) == paper_id(TEXT)
    doi = Abstract(TEXT, "C", (), Metadata(doi="10.1000/x", arxiv_id="2401.01234"))
    reworded = Abstract(TEXT + " More.", "C", (), Metadata(doi="10.1000/x"))
    assert record_id(doi) == record_id(reworded) != paper_id(TEXT)
    assert record_id(Abstract("", "C", (), Metadata(title="A  Title"))) == record_id(
        Abstract("", "C", (), Metadata(title="a title")))


def test_authors_and_venue_as_plain_text() -> None:
    f = _paper(authors=("Hans M{\\\"u}ller", "Ann Lee"), venue="Proc. of {ICML}")
    assert f.authors == ("Hans Müller", "Ann Lee") and f.venue == "Proc. of ICML"


def test_bibtex_braces_in_titles_names_and_venues_are_case_protection() -> None:
    """Found on a .bib of real titles: ``{The ACME Team}``, ``{M{\\"u}ller}``, a protected
    quote ``{"}`` and ``{{GAN}}`` kept their braces on the page and in listings. Every brace
    of a label that is no command's argument only protects case; math keeps its braces."""
    f = _paper(title='A {"}Quoted{"} {{GAN}} for {M{\\"u}ller}\'s $x^{10}$ Law',
               authors=("{The ACME Team}", 'J. M{\\"u}ller'), venue="{NeurIPS} {W}orkshop")
    assert f.title == 'A "Quoted" GAN for Müller\'s x^10 Law'
    assert f.authors == ("The ACME Team", "J. Müller")
    assert f.venue == "NeurIPS Workshop"
    assert _paper(title="{}").title == _paper().title  # an empty title: the derived one


def test_and_others_is_et_al_not_an_author() -> None:
    """BibTeX's ``and others`` reached the page, the listings and the author statistics as an
    author named "others"."""
    f = _paper(authors=("J. Doe", "others"))
    assert (f.authors, f.et_al) == (("J. Doe",), True)
    assert _paper(authors=("J. Doe", "et al.")).authors == ("J. Doe",)
    assert _paper(authors=("J. Doe", "A. Others")).et_al is False
