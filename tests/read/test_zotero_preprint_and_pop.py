"""Identifiers where two more exports put them: Zotero's BibTeX of a preprint
(``number = {arXiv:2003.00001}``) and Publish or Perish's CSV (``ArticleURL``)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from generator.read.bibtex import read_bibtex
from generator.read.tabular import read_table

_IDS = st.tuples(st.integers(15, 25), st.integers(1, 12), st.integers(1, 99999)).map(
    lambda t: f"{t[0]:02d}{t[1]:02d}.{t[2]:05d}")


@given(_IDS)
def test_a_zotero_preprint_number_is_its_arxiv_id_not_its_issue(arxiv_id: str) -> None:
    bib = (f"@misc{{k, title = {{A Preprint}}, publisher = {{arXiv}}, number = "
           f"{{arXiv:{arxiv_id}}}, year = {{2020}}, abstract = {{We do x.}}}}\n").encode()
    [record] = read_bibtex(bib, "z.bib", "seeds/z.bib").records
    assert (record.meta.arxiv_id, record.meta.number) == (arxiv_id, "")


def test_an_issue_number_stays_the_number() -> None:
    bib = b"@article{k, title = {A}, journal = {J}, number = {4}, abstract = {We do x.}}\n"
    [record] = read_bibtex(bib, "z.bib", "seeds/z.bib").records
    assert (record.meta.arxiv_id, record.meta.number) == ("", "4")


def test_publish_or_perish_article_url_gives_the_url_and_arxiv_id() -> None:
    data = (b"Cites,Authors,Title,Year,Source,ArticleURL,Abstract\n"
            b'5,"EJ Hu, Y Shen",LoRA,2021,arXiv preprint arXiv:2106.09685,'
            b"https://arxiv.org/abs/2106.09685,We do x.\n")
    [record] = read_table(data, "pop.csv", "seeds/pop.csv").records
    assert (record.meta.url, record.meta.arxiv_id) == ("https://arxiv.org/abs/2106.09685",
                                                       "2106.09685")
