"""A metadata export saved as ``.txt`` (issue 22, hostile round 3, findings 1-3): Web of
Science's ``savedrecs.txt``, PubMed's MEDLINE download, a BibTeX or RIS file saved as text
became pages whose "abstract" was the raw tagged export. Now each is read by its format's
reader with a ``format`` notice, or is an error saying which export to choose."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.errors import InputError, notice_warns
from generator.read import READERS, read_seeds
from generator.read.exports import recognise_export

BIB = ("% Encoding: UTF-8\n\n@InProceedings{He2016,\n  title = {Deep Residual Learning},\n"
       "  abstract = {We present a residual learning framework.},\n  year = {2016},\n}\n")
RIS = ("TY  - CONF\nTI  - Deep Residual Learning\nAB  - We present a residual learning "
       "framework.\nPY  - 2016\nER  - \n")
TABLE = "title\tabstract\nDeep Residual Learning\tWe present a residual learning framework.\n"
CSV = 'Title,Abstract,Year\n"Deep Residual Learning","We present a framework.",2016\n'
WOS_PLAIN = "FN Clarivate Analytics Web of Science\nVR 1.0\nPT J\nAU He, K\nTI Deep\nER\n\nEF\n"
WOS_TAB = "PT\tAU\tTI\tAB\tPY\nJ\tHe, K\tDeep\tWe present.\t2016\n"
MEDLINE = "PMID- 31234567\nOWN - NLM\nSTAT- MEDLINE\nTI  - A deep learning model.\n"


def _read(text: str):
    return READERS[".txt"](text.encode(), "savedrecs.txt", "seeds/savedrecs.txt")


@pytest.mark.parametrize(("text", "ext"), [(BIB, ".bib"), (RIS, ".ris"), (TABLE, ".csv"),
                                           (CSV, ".csv")])
def test_a_readable_export_is_read_by_its_reader(text: str, ext: str) -> None:
    parsed = _read(text)
    (record,) = parsed.records
    assert record.meta.title == "Deep Residual Learning"
    assert record.text.startswith("We present a")
    first = parsed.notices[0]
    assert first.kind == "format" and not notice_warns("format")
    assert str(first) == (f"seeds/savedrecs.txt: holds {recognise_export(text).name}, not "
                          f"plain abstracts: read as {ext} (rename it to {ext}"
                          + (" (or .tsv when tab-separated)" if ext == ".csv" else "")
                          + " to say so)")


@pytest.mark.parametrize(("text", "what", "advice"), [
    (WOS_PLAIN, "a Web of Science plain-text export", "Export > BibTeX"),
    (WOS_PLAIN.split("\n", 2)[2], "a Web of Science plain-text export", "Export > BibTeX"),
    (WOS_TAB, "a Web of Science tab-delimited export", "Export > BibTeX"),
    (MEDLINE, "PubMed's MEDLINE format", "export BibTeX or RIS from there"),
])
def test_an_export_not_read_is_an_error_saying_what_to_export(text, what, advice) -> None:
    with pytest.raises(InputError) as caught:
        _read(text)
    assert (caught.value.path, caught.value.line) == ("seeds/savedrecs.txt", 1)
    assert caught.value.why.startswith(f"this is {what}")
    assert advice in caught.value.why


def test_wos_tab_as_tsv_names_the_export(tmp_path) -> None:
    (tmp_path / "savedrecs.tsv").write_text(WOS_TAB)
    with pytest.raises(InputError, match="this is a Web of Science tab-delimited export"):
        read_seeds(tmp_path, "seeds")


def test_nbib_unread_warning_says_what_to_do(tmp_path) -> None:
    (tmp_path / "pubmed.nbib").write_text(MEDLINE)
    (notice,) = read_seeds(tmp_path, "seeds").notices
    assert notice.kind == "unread"
    assert str(notice).endswith("; paper-digest does not read it: import it into a reference "
                                "manager (Zotero, Mendeley and EndNote read it) and export "
                                "BibTeX or RIS from there")


@pytest.mark.parametrize("text", [
    "ICLR 2021\n\nWe propose a method, a model; and a title | abstract.\n",
    "# Title, Abstract\n\nWe propose x.\n",
    "Title\tAbstract\n",  # one line: still a table (a header only)
])
def test_abstracts_stay_abstracts(text: str) -> None:
    expected = None if not text.startswith("Title\t") else "a table with a header row"
    found = recognise_export(text)
    assert (found and found.name) == expected


_PROSE = st.text(st.characters(whitelist_categories=("Ll", "Lu", "Nd", "Zs", "Po", "Pd")),
                 min_size=1, max_size=200)


@given(st.lists(_PROSE, min_size=1, max_size=4), st.sampled_from(["We ", "# ", "ICLR 2021 "]))
def test_prose_paragraphs_are_never_an_export(paragraphs: list[str], opening: str) -> None:
    """A file opening with prose or a heading, then any letters, digits, spaces, dashes and
    sentence punctuation, never reads as an export, whatever the words."""
    assert recognise_export(opening + "\n\n".join(paragraphs)) is None
