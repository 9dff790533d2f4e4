"""Same-paper identity (issue #22): placeholder abstracts merge nothing, OpenReview replies are
no papers, the newest arXiv version leads across files, and one identifier on two clearly
different titles is two papers with a warning."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import InputError
from generator.read import _TITLE_FILLER as _FILLER
from generator.read import merge_records, read_seeds, titles_agree
from generator.read.fields import ParsedFile
from generator.read.openreview import REPLY_INVITATIONS, is_reply
from generator.read.placeholders import PLACEHOLDERS, fold, is_placeholder
from generator.records import Abstract, Metadata, Source


def _seeds(folder: Path, files: dict[str, str]):
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return read_seeds(folder, "seeds")


def _kinds(seeds) -> list[tuple[str, str]]:
    return [(n.kind, str(n)) for n in seeds.notices]


# 1. Placeholder abstracts ------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Abstract not available for this article.", "No abstract available.",
    "[No abstract available]", "Abstract: N/A", "N/A", "  no ABSTRACT available  ",
    "ABSTRACT NOT AVAILABLE", "None", "null", "Summary not available.",
])
def test_placeholder_phrasings(text: str) -> None:
    assert is_placeholder(text)


@pytest.mark.parametrize("text", [
    "", "We find that no abstract available is a common placeholder.",
    "Not available models are studied.", "NA62 results", "No abstract available. " * 5,
])
def test_texts_that_are_not_placeholders(text: str) -> None:
    assert not is_placeholder(text)


def test_placeholders_are_folded_data() -> None:
    """The list is the data file's, folded once (no phrasing lost to YAML's null)."""
    assert "no abstract available" in PLACEHOLDERS and "null" in PLACEHOLDERS
    assert all(p == fold(p) for p in PLACEHOLDERS)


@settings(max_examples=60, deadline=None)
@given(phrase=st.sampled_from(sorted(PLACEHOLDERS)),
       dress=st.sampled_from(["{}", "[{}]", "{}.", "Abstract: {}", "  {}  ", "({})"]),
       upper=st.booleans())
def test_any_listed_placeholder_in_any_dress(phrase: str, dress: str, upper: bool) -> None:
    text = dress.format(phrase.upper() if upper else phrase)
    assert is_placeholder(text)


def test_placeholder_abstracts_never_merge_two_papers(tmp_path: Path) -> None:
    """Finding 1: two DOIs, two titles, one placeholder text -> two pages, no abstract each,
    one summary-only ``placeholder`` notice per record."""
    seeds = _seeds(tmp_path, {"na.csv": (
        "title,doi,year,abstract\n"
        "First DOI Paper,10.1000/x1,2021,Abstract not available for this article.\n"
        "Second DOI Paper,10.1000/x2,2022,Abstract not available for this article.\n"
        "Third Paper,,2022,[No abstract available]\n")})
    assert [(a.meta.title, a.meta.doi, a.text) for a in seeds.abstracts] == [
        ("First DOI Paper", "10.1000/x1", ""), ("Second DOI Paper", "10.1000/x2", ""),
        ("Third Paper", "", "")]
    assert seeds.merged == 0
    assert _kinds(seeds) == [
        ("placeholder", "seeds/na.csv:2: record 1: abstract 'Abstract not available for this "
                        "article.' is a placeholder: read as none"),
        ("placeholder", "seeds/na.csv:3: record 2: abstract 'Abstract not available for this "
                        "article.' is a placeholder: read as none"),
        ("placeholder", "seeds/na.csv:4: record 3: abstract '[No abstract available]' is a "
                        "placeholder: read as none")]
    assert not any(n.warns for n in seeds.notices)
    assert [f.without_abstract for f in seeds.files] == [3]


def test_placeholder_without_a_title_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "x.csv").write_text("title,abstract\n,No abstract available.\n",
                                    encoding="utf-8")
    with pytest.raises(InputError) as exc:
        read_seeds(tmp_path, "seeds")
    assert str(exc.value) == ("seeds/x.csv:2: record 1: the abstract 'No abstract available.' "
                              "is a placeholder and there is no title: give either")


# 3. OpenReview replies -----------------------------------------------------------------------

SUBMISSION = {"id": "ghi789RST", "forum": "ghi789RST", "content": {
    "title": {"value": "A Desk Rejected Paper"}, "abstract": {"value": "We propose a method."}}}
REVIEW = {"id": "rev1", "forum": "ghi789RST", "replyto": "ghi789RST", "content": {
    "title": {"value": "Official Review of Submission1234 by Reviewer abcd"},
    "review": {"value": "This paper is weak."}}}


@pytest.mark.parametrize("first", [True, False])
def test_review_never_titles_the_submission(tmp_path: Path, first: bool) -> None:
    """Finding 3: the review before or after its submission: one page with the submission's
    title, one ``reply`` notice counting what was skipped."""
    notes = [REVIEW, SUBMISSION] if first else [SUBMISSION, REVIEW]
    seeds = _seeds(tmp_path, {"forum.json": json.dumps({"notes": notes})})
    assert [(a.meta.title, a.meta.openreview_id) for a in seeds.abstracts] == [
        ("A Desk Rejected Paper", "ghi789RST")]
    assert _kinds(seeds) == [("reply", "seeds/forum.json: 1 OpenReview reply (reviews, "
                                       "comments, decisions) skipped: not papers (record "
                                       f"{1 if first else 2})")]


def test_replies_alone_in_json_lines_are_no_pages(tmp_path: Path) -> None:
    comment = {"id": "c2", "forum": "f1", "replyto": "rev1", "invitation":
               "ICLR.cc/2023/Conference/Paper1/-/Official_Comment",
               "content": {"title": "Response to reviewer", "comment": "Thanks."}}
    decision = {"id": "d3", "forum": "f1", "invitations": [
        "ICLR.cc/2023/Conference/Submission1/-/Decision"], "content": {"title": "Paper Decision"}}
    seeds = _seeds(tmp_path, {"r.jsonl": "\n".join(json.dumps(n) for n in (
        comment, decision, SUBMISSION)) + "\n"})
    assert [a.meta.title for a in seeds.abstracts] == ["A Desk Rejected Paper"]
    assert [a.sources[0].abstract for a in seeds.abstracts] == [3]
    assert _kinds(seeds) == [("reply", "seeds/r.jsonl:1: 2 OpenReview replies (reviews, "
                                       "comments, decisions) skipped: not papers (record 1 "
                                       "and 1 more)")]


@pytest.mark.parametrize("note, reply", [
    (SUBMISSION, False), (REVIEW, True),
    ({"id": "a", "content": {"title": "T"}}, False),
    ({"id": "a", "forum": "a", "replyto": None, "content": {}}, False),
    ({"id": "a", "forum": "b", "content": {}}, True),
    ({"id": "a", "forum": "a", "invitation": "X/2023/Conference/-/Blind_Submission",
      "content": {}}, False),
    ({"id": "a", "forum": "a", "invitations": ["X/-/Submission", "X/Submission1/-/Revision"],
      "content": {}}, False),
    ({"id": "a", "forum": "a", "invitation": "X/Paper1/-/Meta_Review", "content": {}}, True),
    ({"title": "not a note"}, False), ("a string", False),
])
def test_is_reply(note: object, reply: bool) -> None:
    assert is_reply(note) is reply


@given(st.sampled_from(sorted(REPLY_INVITATIONS)), st.sampled_from(["invitation", "invitations"]))
def test_every_reply_invitation_is_a_reply(name: str, key: str) -> None:
    value = f"ICLR.cc/2024/Conference/Submission7/-/{name.title()}"
    note = {"id": "a", "forum": "a", "content": {}, key: [value] if key == "invitations" else value}
    assert is_reply(note)


# 4. Latest version across files --------------------------------------------------------------

ATOM = """<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><id>http://arxiv.org/api/q</id><title>q</title>
<updated>2024-01-01T00:00:00Z</updated>
<entry><id>http://arxiv.org/abs/2106.09685v1</id><title>LoRA v1</title>
<summary>Version one text.</summary><published>2021-06-17T00:00:00Z</published>
<updated>2021-06-17T00:00:00Z</updated><author><name>Edward Hu</name></author></entry>
<entry><id>http://arxiv.org/abs/2106.09685v2</id><title>LoRA</title>
<summary>Version two text.</summary><published>2021-06-17T00:00:00Z</published>
<updated>2021-10-16T00:00:00Z</updated><author><name>Edward Hu</name></author>
<author><name>Yelong Shen</name></author><author><name>Phillip Wallis</name></author></entry>
</feed>
"""
RIS = ("TY  - JOUR\nTI  - LoRA\nAU  - Hu, Edward\nAU  - Shen, Yelong\nAB  - The RIS text.\n"
       "UR  - https://arxiv.org/abs/2106.09685\nPY  - 2021\nER  - \n")
BIB = ("@article{hu2021lora, title={Lora}, author={Hu, Edward and Shen, Yelong and Wallis, "
       "Phillip and Allen-Zhu, Zeyuan}, journal={arXiv preprint arXiv:2106.09685}, year={2021}, "
       "abstract={The Scholar text.}}\n")


@pytest.mark.parametrize("first, name, record", [(RIS, "a_endnote.ris", "record 1"),
                                                (BIB, "a_scholar.bib", "entry hu2021lora")])
def test_versioned_atom_beats_an_unversioned_record_read_first(tmp_path: Path, first: str,
                                                               name: str, record: str) -> None:
    """Finding 4: the unversioned record read first no longer gives the page its abstract
    and authors; it is a summary-only ``version`` notice, and the texts count as differing."""
    seeds = _seeds(tmp_path, {name: first, "query.atom": ATOM})
    (paper,) = seeds.abstracts
    assert (paper.text, paper.meta.authors, paper.meta.arxiv_version) == (
        "Version two text.", ("Edward Hu", "Yelong Shen", "Phillip Wallis"), 2)
    assert [s.file for s in paper.sources] == ["query.atom", "query.atom", name]
    assert (seeds.merged, seeds.differing) == (1, 1)
    assert [k for k, _ in _kinds(seeds)] == ["version", "version"]
    assert _kinds(seeds)[1][1] == (f"seeds/{name}:1: {record}: names no version of arXiv "
                                   "2106.09685: query.atom record 2 (v2) is kept as the latest")


def test_unversioned_record_read_after_gives_no_notice(tmp_path: Path) -> None:
    seeds = _seeds(tmp_path, {"query.atom": ATOM, "z.ris": RIS})
    (paper,) = seeds.abstracts
    assert paper.text == "Version two text."
    assert [k for k, _ in _kinds(seeds)] == ["version"]


@settings(max_examples=25, deadline=None)
@given(st.permutations(["0", "1", "3", "0b"]))
def test_the_newest_version_leads_in_any_file_order(tmp_path_factory, order) -> None:
    """Property: four files of one arXiv paper (v1, v3, two without a version) in any name
    order: the page has v3's text; every record read before v3 and every older one is noted."""
    folder = tmp_path_factory.mktemp("v")
    for i, what in enumerate(order):
        url = "https://arxiv.org/abs/2106.09685" + ("" if what.startswith("0") else f"v{what}")
        (folder / f"{i}.csv").write_text(f"title,url,abstract\nLoRA,{url},Text {what}.\n",
                                         encoding="utf-8")
    seeds = read_seeds(folder, "seeds")
    (paper,) = seeds.abstracts
    assert paper.text == "Text 3."
    newest_at = order.index("3")
    noted = sorted(n.path for n in seeds.notices if n.kind == "version")
    expected = sorted(f"seeds/{i}.csv" for i, w in enumerate(order)
                      if w == "1" or (w.startswith("0") and i < newest_at))
    assert noted == expected


# 2. One identifier, two titles ----------------------------------------------------------------

CHAPTERS = """@inproceedings{p3,
  title = {Chapter One on Vision}, author = {Doe, Jane}, booktitle = {ECCV 2020}, year = 2020,
  doi = {10.1007/978-3-030-58452-8}, abstract = {We study vision with chapter one methods.}
}
@inproceedings{p4,
  title = {Chapter Two on Speech}, author = {Roe, Richard}, booktitle = {ECCV 2020}, year = 2020,
  doi = {10.1007/978-3-030-58452-8}, abstract = {We study speech with chapter two methods.}
}
"""


def test_one_doi_on_two_titles_is_two_pages_and_a_warning(tmp_path: Path) -> None:
    """Finding 2: a volume's DOI on two chapters: two pages, the first keeps the DOI, a
    ``same-id`` warning names both entries and both titles."""
    seeds = _seeds(tmp_path, {"c.bib": CHAPTERS})
    assert [(a.meta.title, a.meta.doi, a.text[:14]) for a in seeds.abstracts] == [
        ("Chapter One on Vision", "10.1007/978-3-030-58452-8", "We study visio"),
        ("Chapter Two on Speech", "", "We study speec")]
    assert seeds.merged == 0
    assert _kinds(seeds) == [("same-id", (
        "seeds/c.bib:5: entry p4 names doi 10.1007/978-3-030-58452-8, as c.bib entry p3 does, "
        "but their titles differ ('Chapter Two on Speech', 'Chapter One on Vision'): two pages, "
        "the identifier kept on the first only (if they are one paper, give them one title; "
        "else correct or remove the identifier)"))]
    assert seeds.notices[0].warns


def test_one_arxiv_id_on_two_titles_across_files(tmp_path: Path) -> None:
    """The rule holds for every identifier and across files; a third record of the first
    title still joins the first paper."""
    seeds = _seeds(tmp_path, {
        "a.csv": "title,arxiv_id,abstract\nGraph Networks for Molecules,2101.00001,Text A.\n",
        "b.csv": "title,arxiv_id,abstract\nSpeech Recognition at Scale,2101.00001,Text B.\n",
        "c.csv": "title,arxiv_id,abstract\ngraph networks for molecules,2101.00001,Text C.\n"})
    assert [(a.meta.title, a.meta.arxiv_id, [s.file for s in a.sources])
            for a in seeds.abstracts] == [
        ("Graph Networks for Molecules", "2101.00001", ["a.csv", "c.csv"]),
        ("Speech Recognition at Scale", "", ["b.csv"])]
    assert [n.kind for n in seeds.notices] == ["same-id"]


@pytest.mark.parametrize("other", [
    "LoRA: Low-Rank Adaptation of Large Language Models",
    "Lora: Low-rank adaptation of large language models",  # Google Scholar's case
    "{LoRA}: Low-Rank Adaptation of Large Language Models",
    "LoRA",  # a short title
    "LoRA: Low-Rank Adaptation of Large Language Models. A Subtitle That Matters",
    "LoRA - Low Rank Adaptation of Large Language-Models",
    "Low-Rank Adaptation of Large Language Models",  # the name dropped
    "", ])
def test_titles_of_one_paper_agree(other: str, tmp_path: Path) -> None:
    seeds = _seeds(tmp_path, {"a.csv": (
        "title,doi,abstract\nLoRA: Low-Rank Adaptation of Large Language Models,10.1000/x,A.\n"
        f'"{other}",10.1000/x,B.\n')})
    assert [a.meta.doi for a in seeds.abstracts] == ["10.1000/x"]
    assert [n.kind for n in seeds.notices] == ["duplicate"]  # one DOI twice in one file


@pytest.mark.parametrize("first, second, agree", [
    ("Chapter One on Vision", "Chapter Two on Speech", False),
    ("Deep <i>Residual</i> Learning", "Deep Residual Learning for Image Recognition", True),
    ("Pre-training of Deep Transformers", "Pretraining of Deep Transformers", True),
    ("BERT", "RoBERTa: A Robustly Optimized BERT Pretraining Approach", False),
    ("Attention Is All You Need", "Attention is all you need", True),
    ("Computer Vision – ECCV 2020", "Chapter One on Vision", False),
])
def test_titles_agree_examples(first: str, second: str, agree: bool) -> None:
    assert titles_agree(first, second) is agree
    assert titles_agree(second, first) is agree


WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=3, max_size=9)


@settings(max_examples=80, deadline=None)
@given(words=st.lists(WORDS, min_size=1, max_size=10), subtitle=st.lists(WORDS, max_size=4),
       upper=st.booleans(), punct=st.sampled_from([" ", ": ", " - ", ", "]))
def test_a_title_agrees_with_its_respellings(words, subtitle, upper, punct) -> None:
    """Property: case, punctuation between words and an appended subtitle never split."""
    title = " ".join(words)
    other = punct.join(w.upper() if upper else w for w in words)
    if subtitle:
        other += ": " + " ".join(subtitle)
    assert titles_agree(title, other)


@settings(max_examples=80, deadline=None)
@given(a=st.lists(WORDS, min_size=2, max_size=8, unique=True),
       b=st.lists(WORDS, min_size=2, max_size=8, unique=True))
def test_titles_without_a_shared_word_disagree(a, b) -> None:
    """Property: two titles with no word in common (and neither beginning the other) are two
    papers."""
    ja, jb = "".join(a), "".join(b)
    if set(a) & set(b) or ja.startswith(jb) or jb.startswith(ja) or set(a) & _FILLER or (
            set(b) & _FILLER):
        return
    assert not titles_agree(" ".join(a), " ".join(b))


def test_two_arxiv_versions_may_have_two_titles(tmp_path: Path) -> None:
    """A retitled paper: v1 and v3 of one arXiv id are one page (v3's title), no warning."""
    seeds = _seeds(tmp_path, {
        "a.csv": "title,url,abstract\nOld Name,https://arxiv.org/abs/2101.00001v1,Text 1.\n",
        "b.csv": "title,url,abstract\nBrand New,https://arxiv.org/abs/2101.00001v3,Text 3.\n"})
    assert [(a.meta.title, a.text) for a in seeds.abstracts] == [("Brand New", "Text 3.")]
    assert [n.kind for n in seeds.notices] == ["version"]


def test_an_unversioned_record_of_another_title_is_not_a_version(tmp_path: Path) -> None:
    """A BibTeX entry without a version whose arXiv id names a paper of another title (a
    mistyped id): two pages and a warning, not a silent merge into the versioned paper."""
    seeds = _seeds(tmp_path, {
        "a.csv": "title,url,abstract\nGraph Networks,https://arxiv.org/abs/2101.00001v2,T.\n",
        "b.csv": "title,arxiv_id,abstract\nSpeech Recognition at Scale,2101.00001,S.\n"})
    assert [(a.meta.title, a.meta.arxiv_id) for a in seeds.abstracts] == [
        ("Graph Networks", "2101.00001"), ("Speech Recognition at Scale", "")]
    assert [n.kind for n in seeds.notices] == ["same-id"]


# 18. A preprint and its publication ------------------------------------------------------------

DBLP = """@article{DBLP:journals/corr/abs-2106-09685,
  author = {Edward J. Hu and Yelong Shen}, title = {LoRA: Low-Rank Adaptation of Large Language
  Models}, journal = {CoRR}, volume = {abs/2106.09685}, year = {2021},
  eprinttype = {arXiv}, eprint = {2106.09685}
}
@inproceedings{DBLP:conf/iclr/HuSWALWWC22,
  author = {Edward J. Hu and Yelong Shen}, title = {LoRA: Low-Rank Adaptation of Large Language
  Models}, booktitle = {ICLR 2022}, year = {PUB}, url = {https://openreview.net/forum?id=nZeVKeeFYf9}
}
"""


@pytest.mark.parametrize("year, pages", [(2022, 1), (2023, 1), (2024, 2), (2020, 2)])
def test_dblp_corr_and_venue_entries_merge(tmp_path: Path, year: int, pages: int) -> None:
    """Finding 18: DBLP's CoRR entry (2021) and the venue's entry of one paper merge when the
    venue's year is at most 2 later (a handled ``duplicate`` naming the years); 3 years later or
    before the preprint, they stay two papers."""
    seeds = _seeds(tmp_path, {"dblp.bib": DBLP.replace("PUB", str(year))})
    assert len(seeds.abstracts) == pages
    if pages == 1:
        (paper,) = seeds.abstracts
        assert (paper.meta.arxiv_id, paper.meta.openreview_id) == ("2106.09685", "nZeVKeeFYf9")
        assert [str(n) for n in seeds.notices] == [
            "seeds/dblp.bib:6: same title and first author (a preprint and its publication: "
            f"2021, {year}) as dblp.bib entry DBLP:journals/corr/abs-2106-09685: one page lists "
            "both sources (if they are different papers, give either a DOI or an arXiv id)"]


def test_publication_read_before_its_preprint_merges(tmp_path: Path) -> None:
    first, second = DBLP.replace("PUB", "2022").split("@inproceedings")
    seeds = _seeds(tmp_path, {"a.bib": "@inproceedings" + second, "b.bib": first})
    assert [[s.file for s in a.sources] for a in seeds.abstracts] == [["a.bib", "b.bib"]]


def test_two_venue_records_of_two_years_stay_two(tmp_path: Path) -> None:
    """Neither is a preprint (a paper and its journal version years later): two papers."""
    seeds = _seeds(tmp_path, {"a.csv": "title,authors,year,venue\nSame Title,Ann Lee,2021,"
                                        "ICML\nSame Title,Ann Lee,2022,JMLR\n"})
    assert len(seeds.abstracts) == 2


# 19. A preprint's page shows its publication's venue -----------------------------------------

ARXIV_ATOM = """<feed xmlns="http://www.w3.org/2005/Atom"><entry>
<id>http://arxiv.org/abs/2106.09685v2</id><title>LoRA: Low-Rank Adaptation of Large Language
Models</title><summary>We propose LoRA.</summary><published>2021-06-17T17:37:18Z</published>
<author><name>Edward J. Hu</name></author><author><name>Yelong Shen</name></author>
</entry></feed>
"""
ICLR_BIB = """@inproceedings{hu2022lora,
  author = {Hu, Edward J. and Shen, Yelong}, title = {LoRA: Low-Rank Adaptation of Large
  Language Models}, booktitle = {International Conference on Learning Representations},
  year = {2022}, pages = {1--26}, eprint = {2106.09685}
}
"""
SCHOLAR_BIB = """@article{hu2021lora,
  title={Lora: Low-rank adaptation of large language models},
  author={Hu, Edward J and Shen, Yelong}, journal={arXiv preprint arXiv:2106.09685},
  year={2021}
}
"""
ICLR_JSONL = ('{"title": "LoRA: Low-Rank Adaptation of Large Language Models", "authors": '
              '["Edward J. Hu", "Yelong Shen"], "venue": "ICLR 2022", "date": "2022-04-25", '
              '"openreview_id": "nZeVKeeFYf9", "abstract": "We propose LoRA."}\n')


@pytest.mark.parametrize("preprint, publication, venue", [
    (("arxiv.atom", ARXIV_ATOM), ("iclr.bib", ICLR_BIB),
     ("International Conference on Learning Representations", 2022, "2022", "inproceedings",
      "hu2022lora", "1--26", "ICLR 2022")),
    (("scholar.bib", SCHOLAR_BIB), ("iclr.jsonl", ICLR_JSONL),
     ("ICLR 2022", 2022, "2022-04-25", "", "", "", "ICLR 2022")),
])
@pytest.mark.parametrize("preprint_first", [True, False])
def test_a_merged_preprint_shows_its_publications_venue(
        tmp_path: Path, preprint: tuple[str, str], publication: tuple[str, str],
        venue: tuple, preprint_first: bool) -> None:
    """Finding 21's kind: the arXiv record and the venue's record of one paper are one page
    whose venue, year, date, entry type, key, pages and collection are the publication's in
    either file order; the arXiv id stays (its badge and links)."""
    (pre_name, pre_text), (pub_name, pub_text) = preprint, publication
    first, second = ("a_", "b_") if preprint_first else ("b_", "a_")
    seeds = _seeds(tmp_path, {first + pre_name: pre_text, second + pub_name: pub_text})
    [paper] = seeds.abstracts
    m = paper.meta
    assert (m.venue, m.year, m.date, m.entry_type, m.cite_key, m.pages,
            paper.collection) == venue
    assert m.arxiv_id == "2106.09685"
    assert len(paper.sources) == 2


def test_two_venues_keep_the_first_and_a_preprint_alone_keeps_none(tmp_path: Path) -> None:
    """Only a preprint's venue gives way: of two records naming venues, the first's stands
    (as for every field); an arXiv entry alone names no venue."""
    workshop = ICLR_JSONL.replace("ICLR 2022", "ICML 2021 Workshop").replace(
        "2022-04-25", "2021-07-01").replace('"openreview_id": "nZeVKeeFYf9"',
                                            '"arxiv_id": "2106.09685"')
    seeds = _seeds(tmp_path, {"a.jsonl": workshop, "b.bib": ICLR_BIB})
    [paper] = seeds.abstracts
    assert (paper.meta.venue, paper.meta.year, paper.meta.pages, paper.collection) == (
        "ICML 2021 Workshop", 2021, "1--26", "ICML 2021 Workshop")
    (tmp_path / "a.jsonl").unlink()
    (tmp_path / "b.bib").unlink()
    seeds = _seeds(tmp_path, {"c.atom": ARXIV_ATOM})
    assert (seeds.abstracts[0].meta.venue, seeds.abstracts[0].meta.year) == ("", 2021)


def test_a_publication_without_a_date_keeps_the_pages_date(tmp_path: Path) -> None:
    undated = ICLR_BIB.replace("  year = {2022}, ", "  ").replace(
        "International Conference on Learning Representations", "Some Journal")
    seeds = _seeds(tmp_path, {"a.atom": ARXIV_ATOM, "b.bib": undated})
    [paper] = seeds.abstracts
    assert (paper.meta.venue, paper.meta.year, paper.meta.date, paper.meta.pages) == (
        "Some Journal", 2021, "2021-06-17", "1--26")


_PREPRINTS = st.lists(st.tuples(st.sampled_from(["", "arXiv"]), st.integers(2015, 2024),
                                st.sampled_from(["", "article", "misc"]),
                                st.sampled_from(["", "hu2021lora", "2106.09685"])),
                      min_size=1, max_size=3)


@settings(max_examples=60, deadline=None)
@given(_PREPRINTS, st.integers(0, 3), st.sampled_from(["", "inproceedings"]),
       st.sampled_from(["", "hu2022lora"]))
def test_any_order_of_preprints_gives_the_publications_venue(
        preprints: list, at: int, kind: str, key: str) -> None:
    """Records of one arXiv id, some of them preprints' (no venue or arXiv, any year, key and
    type) and one the publication's: the page's venue fields are the publication's, whatever
    the order; its collection too when a preprint is read first."""
    def record(i: int, meta: Metadata, collection: str) -> Abstract:
        return Abstract("We propose LoRA.", collection, (Source(f"f{i}.jsonl", 1, 1),), meta)

    publication = Metadata(title="LoRA", venue="ICLR 2022", year=2022, date="2022-04",
                           arxiv_id="2106.09685", entry_type=kind, cite_key=key, pages="1--26")
    metas = [(Metadata(title="LoRA", venue=v, year=y, date=str(y), arxiv_id="2106.09685",
                       entry_type=t, cite_key=k), f"arXiv {y}" if v else "F")
             for v, y, t, k in preprints]
    at = min(at, len(metas))
    metas.insert(at, (publication, "ICLR 2022"))
    parsed = [(f"seeds/f{i}.jsonl", ParsedFile("F", (record(i, m, c),), ()))
              for i, (m, c) in enumerate(metas)]
    [paper] = merge_records(parsed, (), []).abstracts
    m = paper.meta
    assert (m.venue, m.year, m.date, m.entry_type, m.cite_key, m.pages, m.arxiv_id) == (
        "ICLR 2022", 2022, "2022-04", kind, key, "1--26", "2106.09685")
    assert paper.collection == "ICLR 2022"
