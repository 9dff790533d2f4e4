"""Faithful values (issue 22): what a record says is what the page shows — "~" meaning
"about", given titles, venues as one collection, a paper's status, BibTeX syntax errors
reported, pages cited, feed dates from the paper."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import datetime, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.catalog import build_catalog
from generator.errors import InputError
from generator.read.bibtex import read_bibtex
from generator.read.fields import read_entry
from generator.read.jsondoc import read_json
from generator.read.venues import (
    collection_of_venue,
    readable_venue,
    readable_venueid,
    series_of_venue,
)
from generator.records import Abstract, Metadata, PaperFacts, Source
from generator.render.cite import bibtex_entry
from generator.render.feed import render_feed
from generator.render.pages import byline_parts
from generator.text.markup import plain_label, plain_text

ATOM = "{http://www.w3.org/2005/Atom}"


def _facts(title: str, meta: Metadata, collection: str = "C", pid: str = "0123456789ab",
           text: str = "Some text.", file: str = "x.jsonl") -> PaperFacts:
    return PaperFacts(abstract=Abstract(text, collection, (Source(file, 1, 1),), meta),
                      id=pid, name=None, title=title, highlight=text, tags=(), links=(),
                      code=(), hub=(), code_status="none", plain=text, authors=meta.authors,
                      venue=meta.venue)


# --- "~": a tie only between TeX neighbours --------------------------------------------

@pytest.mark.parametrize(("written", "shown"), [
    ("Training on ~1B Tokens Is Enough", "Training on ~1B Tokens Is Enough"),
    ("~3x faster", "~3x faster"),
    ("costs ~ 10 GPU hours", "costs ~ 10 GPU hours"),
    ("a small (~2%) drop", "a small (~2%) drop"),
    ("by 2.8%~4.5% on", "by 2.8%~4.5% on"),
    ("Fig.~3 shows", "Fig. 3 shows"),
    ("et al.~[4]", "et al. [4]"),
    ("Section~2 and 3.5~GB", "Section 2 and 3.5 GB"),
    ("prior work~\\cite{x}.", "prior work [x]."),
])
def test_tilde_is_about_unless_it_ties_tex(written: str, shown: str) -> None:
    assert plain_label(written) == shown


@pytest.mark.parametrize(("written", "shown"), [
    ("Tuning for Trustworthiness -- Balancing", "Tuning for Trustworthiness – Balancing"),
    ("Pages 12--20 --- and $x$", "Pages 12–20 — and x"),
    ("Self-Supervised Learning", "Self-Supervised Learning"),
])
def test_tex_dashes_in_a_label_with_or_without_other_tex(written: str, shown: str) -> None:
    assert plain_label(written) == shown


@given(st.from_regex(r"[0-9]{1,4}(\.[0-9])?(x|B|M|%| GB)?", fullmatch=True),
       st.sampled_from(["", "with ", "(", "of about "]))
def test_tilde_before_a_number_after_a_space_or_bracket_is_kept(amount: str, before: str
                                                                ) -> None:
    """Property: "~" opening a word (start, after a space or an opening bracket) stays, in
    the abstract's plain text as in a title."""
    text = f"{before}~{amount} faster"
    assert plain_label(text) == text
    assert plain_text(text) == text


@given(st.sampled_from(["Fig.", "Table", "Section", "Eq.", "et al.", "Appendix"]),
       st.from_regex(r"[0-9]{1,3}|\[[0-9]{1,2}\]", fullmatch=True))
def test_tilde_between_a_word_and_its_number_is_a_tie(word: str, number: str) -> None:
    assert plain_label(f"{word}~{number}") == f"{word} {number}"


# --- given titles ------------------------------------------------------------------------

def test_two_papers_with_one_given_title_keep_it_and_differ_in_address() -> None:
    title = "Graph Neural Networks: A Survey"
    papers = build_catalog((_facts(title, Metadata(title=title), "C1", "aaaaaa000000"),
                            _facts(title, Metadata(title=title), "C26 Collide", "bbbbbb000000")))
    assert [p.title for p in papers] == [title, title]
    assert [p.slug for p in papers] == ["graph-neural-networks-a-survey",
                                        "graph-neural-networks-a-survey-c26-collide"]


def test_a_derived_title_twice_is_still_told_apart() -> None:
    """No author chose a derived title: the second one names its collection."""
    papers = build_catalog((_facts("Same", Metadata(), "A"), _facts("Same", Metadata(), "B",
                                                                   "bbbbbb000000")))
    assert [p.title for p in papers] == ["Same", "Same (B)"]


# --- venues --------------------------------------------------------------------------------

@pytest.mark.parametrize(("venue", "year", "collection"), [
    ("NeurIPS 2023", None, "NeurIPS 2023"),
    ("Advances in Neural Information Processing Systems 36", 2023, "NeurIPS 2023"),
    ("NIPS 2023", None, "NeurIPS 2023"),
    ("Advances in Neural Information Processing Systems", 2017, "NeurIPS 2017"),
    ("NeurIPS 2023 Datasets and Benchmarks Track", None, "NeurIPS 2023 Datasets and Benchmarks"),
    ("ICLR 2022 Poster", None, "ICLR 2022"),
    ("ICLR 2023 notable top 5%", None, "ICLR 2023"),
    ("Proceedings of the 40th International Conference on Machine Learning", 2023, "ICML 2023"),
    ("Findings of the Association for Computational Linguistics: EMNLP 2023", None,
     "EMNLP 2023 Findings"),
    ("ICLR.cc/2023/Conference/Desk_Rejected_Submission", None, "ICLR 2023"),
    ("Journal of Obscure Results", 2020, "Journal of Obscure Results 2020"),
    ("Proceedings of the eighteenth annual ACM-SIAM symposium on Discrete algorithms", 2007,
     "SODA 2007"),
    ("2024 IEEE International Conference on Robotics and Automation (ICRA)", None, "ICRA 2024"),
    ("IEEE/CVF Winter Conference on Applications of Computer Vision", 2024, "WACV 2024"),
    # The APIs' own names: Semantic Scholar's venue, OpenAlex's source, Zotero's biblatex.
    ("Computer Vision and Pattern Recognition", 2016, "CVPR 2016"),
    ("arXiv (Cornell University)", 2021, "arXiv 2021"),
    ("arXiv:2103.03404 [cs]", 2021, "arXiv 2021"),
    ("arXiv preprint arXiv:2106.09685 [cs.LG]", 2021, "arXiv 2021"),
    ("Pattern Recognition", 2021, "Pattern Recognition 2021"),
])
def test_one_collection_name_per_venue(venue: str, year: int | None, collection: str) -> None:
    assert collection_of_venue(venue, year) == collection


@pytest.mark.parametrize(("venue", "series"), [
    ("International Conference on Machine Learning", "ICML"),
    ("Proceedings of the 41st International Conference on Machine Learning", "ICML"),
    ("ICML 2024", "ICML"),
    ("Advances in Neural Information Processing Systems 36", "NeurIPS"),
    ("NeurIPS 2023 Datasets and Benchmarks Track", "NeurIPS"),
    ("ICLR.cc/2023/Conference/Desk_Rejected_Submission", "ICLR"),
    ("arXiv preprint arXiv:2106.09685", "arXiv"),
    ("Journal of Obscure Results", "Journal of Obscure Results"),
])
def test_statistics_count_a_venue_written_two_ways_once(venue: str, series: str) -> None:
    assert series_of_venue(venue) == series


@pytest.mark.parametrize(("venue", "shown"), [
    ("Submitted to ICLR 2024", "ICLR 2024"),
    ("Under review for TMLR", "TMLR"),
    ("under review as a conference paper at ICLR 2024", "ICLR 2024"),
    ("Submitted to", "Submitted to"),  # nothing after it: kept as written
    ("Physical Review Letters", "Physical Review Letters"),
])
def test_an_undecided_submission_shows_the_venue_it_was_submitted_to(venue, shown) -> None:
    assert readable_venue(venue) == shown


def test_venueid_reads_as_a_venue() -> None:
    assert readable_venueid("NeurIPS.cc/2023/Track/Datasets_and_Benchmarks") == \
        "NeurIPS 2023 Datasets and Benchmarks"
    assert readable_venueid("ICLR.cc/2023/Conference/Withdrawn_Submission") == "ICLR 2023"
    assert readable_venueid("Some Journal") == "Some Journal"


# --- status ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("record", "status"), [
    ({"venueid": "ICLR.cc/2023/Conference/Desk_Rejected_Submission"}, "desk-rejected"),
    ({"venueid": "ICLR.cc/2023/Conference/Withdrawn_Submission"}, "withdrawn"),
    ({"venue": "ICLR 2023 Conference Withdrawn Submission"}, "withdrawn"),
    ({"venueid": "ICLR.cc/2023/Conference/Rejected_Submission"}, "rejected"),
    ({"is_retracted": True}, "retracted"),
    ({"comment": "This paper has been withdrawn by the author due to an error"}, "withdrawn"),
    ({"status": "Retracted"}, "retracted"),
    ({"venue": "ICLR 2023"}, ""),
    ({"is_retracted": False, "comment": "10 pages, 3 figures"}, ""),
    # not (yet) decided: OpenReview's venueid and venue, ICLR's footer
    ({"venueid": "ICLR.cc/2024/Conference/Submission"}, "under review"),
    ({"venueid": "TMLR/Under_Review"}, "under review"),
    ({"venue": "Submitted to ICLR 2024"}, "under review"),
    ({"venue": "Under review for TMLR"}, "under review"),
    ({"venue": "Under review as a conference paper at ICLR 2024"}, "under review"),
    ({"venueid": "ICLR.cc/2024/Conference/Rejected_Submission",
      "venue": "Submitted to ICLR 2024"}, "rejected"),  # the decision wins
    ({"venue": "Physical Review Letters"}, ""),
    ({"venue": "ACM Computing Surveys (Review Articles)"}, ""),
    ({"venueid": "ICLR.cc/2024/Conference"}, ""),
])
def test_status_is_read_from_every_field_that_states_it(record: dict, status: str) -> None:
    entry = read_entry({"title": "T", **record})
    assert entry.meta.status == status


def test_openreview_withdrawn_note_shows_venue_status_and_no_anonymous_author() -> None:
    note = ('{"notes": [{"id": "abcdef12", "forum": "abcdef12", "content": {'
            '"title": {"value": "T"}, "authors": {"value": ["Anonymous"]}, '
            '"venue": {"value": "ICLR 2023 Conference Withdrawn Submission"}, '
            '"venueid": {"value": "ICLR.cc/2023/Conference/Withdrawn_Submission"}}}]}')
    [record] = read_json(note.encode(), "or.json", "seeds/or.json").records
    assert (record.meta.venue, record.meta.status, record.meta.authors, record.collection) == (
        "ICLR 2023", "withdrawn", (), "ICLR 2023")
    facts = _facts("T", record.meta)
    assert byline_parts(facts, record.meta) == ["ICLR 2023", "Withdrawn"]


@pytest.mark.parametrize("names", [["Anonymous"], "Anonymous", ["Anonymous Authors"],
                                   "Ann Lee; Anonymous"])
def test_anonymous_is_no_author(names) -> None:
    expected = ("Ann Lee",) if "Ann" in str(names) else ()
    assert read_entry({"title": "T", "authors": names}).meta.authors == expected


# --- BibTeX syntax ------------------------------------------------------------------------

def test_bibtex_missing_comma_is_an_error_with_its_line() -> None:
    text = (b"@inproceedings{ok, title={Fine}, year={2020}}\n\n"
            b"@inproceedings{broken2023,\n  title = {A Broken Entry}\n"
            b"  booktitle = {ICML 2023},\n  year = {2023},\n}\n")
    with pytest.raises(InputError) as info:
        read_bibtex(text, "refs.bib", "seeds/refs.bib")
    assert str(info.value) == (
        "seeds/refs.bib:4: entry broken2023: title: BibTeX syntax: “{A Broken Entry} "
        "booktitle = {ICML 2023}” is not one value (a ',' is missing before 'booktitle')")


def test_bibtex_syntax_error_quotes_the_value_as_written() -> None:
    """The message shows TeX as the file has it (no doubled backslashes) and cuts a long
    value at a word, never mid-word."""
    text = (b'@article{k,\n  title = {On M{\\"u}ller Spaces}\n  author = {A. Author and '
            b"B. Author and C. Author and D. Author and E. Author and F. Author and G. "
            b"Author},\n}\n")
    with pytest.raises(InputError) as info:
        read_bibtex(text, "refs.bib", "seeds/refs.bib")
    message = str(info.value)
    assert '“{On M{\\"u}ller Spaces} author = {A. Author and B. Author and C. Author and D.' \
        ' …”' in message


@pytest.mark.parametrize("value", ['"A Broken" booktitle = "ICML"', "{A} {B}"])
def test_bibtex_value_that_is_not_one_value_is_an_error(value: str) -> None:
    with pytest.raises(InputError, match=r"refs.bib:1: entry k: title: BibTeX syntax"):
        read_bibtex(f"@misc{{k, title = {value}}}\n".encode(), "refs.bib", "refs.bib")


def test_bibtex_concatenations_and_macros_are_still_values() -> None:
    text = b'@string{nips = "NeurIPS"}\n@misc{k, title={T}, booktitle = nips # " 2023", ' \
           b'month = dec, year = 2023}\n'
    [record] = read_bibtex(text, "refs.bib", "refs.bib").records
    assert (record.meta.venue, record.meta.date) == ("NeurIPS 2023", "2023-12")


# --- cite block and feed ------------------------------------------------------------------

def test_cite_block_keeps_pages() -> None:
    meta = Metadata(title="T", authors=("Ann Lee",), venue="J", year=2020, pages="12-20",
                    entry_type="article")
    [paper] = build_catalog((_facts("T", meta),))
    assert "  pages   = {12--20},\n" in bibtex_entry(paper, None)


def test_bibtex_pages_are_read_and_written_back_as_given() -> None:
    [record] = read_bibtex(b"@article{k, title={T}, journal={J}, year=2020, pages={1--9}}",
                           "x.bib", "x.bib").records
    [paper] = build_catalog((_facts("T", record.meta, file="x.bib"),))
    assert record.meta.pages == "1--9"
    assert "pages   = {1--9}" in bibtex_entry(paper, None)


def test_feed_updated_is_the_papers_date_not_the_build_time() -> None:
    dated = _facts("Dated", Metadata(title="Dated", date="2023-05-17"), pid="aaaaaa000000")
    undated = _facts("Undated", Metadata(title="Undated"), pid="bbbbbb000000")
    built = datetime(2026, 1, 1, tzinfo=timezone.utc)
    root = ET.fromstring(render_feed(build_catalog((dated, undated)), "D", built))
    stamps = {e.find(f"{ATOM}title").text: e.find(f"{ATOM}updated").text
              for e in root.iter(f"{ATOM}entry")}
    assert stamps == {"Dated": "2023-05-17T00:00:00+00:00",
                      "Undated": "2026-01-01T00:00:00+00:00"}
