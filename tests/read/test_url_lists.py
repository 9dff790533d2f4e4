"""Several URLs in one value (issue 22, hostile round 3, finding 30): a BibTeX ``url`` or a
CSV cell of two URLs became one broken URL ("...1706.03762%20http://papers.nips.cc/...");
the arXiv id and the code link were lost. One rule (``split_urls``) splits them, for RIS's
``UR`` too."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.read import READERS
from generator.read.identifiers import split_urls

ARXIV, CODE = "https://arxiv.org/abs/1706.03762", "https://github.com/acme/tool"


def _read(name: str, data: str):
    (record,) = READERS[Path(name).suffix](data.encode(), name, f"seeds/{name}").records
    return record.meta


@pytest.mark.parametrize("between", [" ", "; ", ";", ", ", ",", "\n", " ; ", "\t"])
def test_csv_cell_of_two_urls(between: str) -> None:
    meta = _read("a.csv", f'title,abstract,url\nT,We study x here.,"{ARXIV}{between}{CODE}"\n')
    assert (meta.url, meta.arxiv_id, meta.code) == (ARXIV, "1706.03762", (CODE,))


@pytest.mark.parametrize("between", [" ", ", ", "; "])
def test_bibtex_url_of_two_urls(between: str) -> None:
    meta = _read("a.bib", "@misc{k, title={T}, abstract={We study x here.}, url={http://"
                 f"papers.nips.cc/paper/7181{between}http://arxiv.org/abs/1706.03762}}}}\n")
    assert (meta.url, meta.arxiv_id, meta.code) == (
        "http://papers.nips.cc/paper/7181", "1706.03762", ())


def test_json_url_list() -> None:
    meta = _read("a.jsonl", f'{{"title": "T", "abstract": "We study x.", "url": ["{ARXIV}", '
                 f'"{CODE}"]}}\n')
    assert (meta.url, meta.arxiv_id, meta.code) == (ARXIV, "1706.03762", (CODE,))


def test_ris_ur_with_a_space() -> None:
    meta = _read("a.ris", f"TY  - JOUR\nTI  - T\nUR  - {ARXIV} {CODE}\nER  - \n")
    assert (meta.url, meta.arxiv_id, meta.code) == (ARXIV, "1706.03762", (CODE,))


@pytest.mark.parametrize("url", ["https://example.org/my paper.pdf", "https://x.org/a,b;c",
                                 "https://x.org/?q=a, b"])
def test_one_url_with_a_space_or_comma_stays_one(url: str) -> None:
    assert split_urls(f"  {url} ") == [url]


_PATH = st.text(st.characters(whitelist_categories=("Ll", "Nd"), whitelist_characters="/-_.,;"),
                max_size=20)
# A path ends in a letter: a trailing ',' before a separator could belong to either side.
_URL = st.builds(lambda scheme, host, path: f"{scheme}://{host}.org/{path}x",
                 st.sampled_from(["http", "https", "HTTPS", "ftp"]),
                 st.text(st.characters(whitelist_categories=("Ll",)), min_size=1, max_size=8),
                 _PATH)


@given(st.lists(st.tuples(_URL, st.sampled_from([" ", "; ", ",", "\n", " , "])), min_size=1,
                max_size=4))
def test_urls_joined_by_any_separator_split_back(parts: list[tuple[str, str]]) -> None:
    joined = "".join(url + sep for url, sep in parts[:-1]) + parts[-1][0]
    assert split_urls(joined) == [url for url, _ in parts]
