"""Papers with Code's dumps (issue 22, hostile round 3, finding 10): the links file
(``links-between-papers-and-code.json``) lost its code link and arXiv id, so the same paper
from ``papers-with-abstracts.json`` made a second page; that file's ``url_abs``/``url_pdf``
and ``tasks`` were ignored."""

from __future__ import annotations

import json
from pathlib import Path

from generator.read import read_seeds

PWC = "https://paperswithcode.com/paper/lora-low-rank-adaptation-of-large-language"
TITLE = "LoRA: Low-Rank Adaptation of Large Language Models"
LINK = {"paper_url": PWC, "paper_title": TITLE, "paper_arxiv_id": "2106.09685",
        "paper_url_abs": "https://arxiv.org/abs/2106.09685v2",
        "paper_url_pdf": "https://arxiv.org/pdf/2106.09685v2.pdf",
        "repo_url": "https://github.com/microsoft/LoRA", "is_official": True,
        "mentioned_in_paper": True, "framework": "pytorch"}
PAPER = {"paper_url": PWC, "arxiv_id": "2106.09685", "title": TITLE,
         "abstract": "We propose Low-Rank Adaptation, or LoRA, which freezes the weights.",
         "url_abs": "https://arxiv.org/abs/2106.09685v2",
         "url_pdf": "https://arxiv.org/pdf/2106.09685v2.pdf", "proceeding": "iclr-2022-4",
         "authors": ["Edward J. Hu", "Yelong Shen"], "tasks": ["Language Modelling"],
         "date": "2021-06-17", "methods": [{"name": "LoRA"}]}


def _seeds(folder: Path, files: dict[str, list]):
    for name, records in files.items():
        (folder / name).write_text(json.dumps(records), encoding="utf-8")
    return read_seeds(folder, "seeds")


def test_links_file_keeps_code_and_arxiv_id(tmp_path: Path) -> None:
    (paper,) = _seeds(tmp_path, {"links.json": [LINK]}).abstracts
    m = paper.meta
    assert (m.title, m.arxiv_id, m.code, m.url, m.pdf) == (
        TITLE, "2106.09685", ("https://github.com/microsoft/LoRA",),
        "https://arxiv.org/abs/2106.09685v2", "https://arxiv.org/pdf/2106.09685v2.pdf")


def test_links_and_abstracts_are_one_paper(tmp_path: Path) -> None:
    seeds = _seeds(tmp_path, {"a_links.json": [LINK], "b_papers.json": [PAPER]})
    (paper,) = seeds.abstracts
    assert seeds.merged == 1
    assert [s.file for s in paper.sources] == ["a_links.json", "b_papers.json"]
    m = paper.meta
    assert (m.code, m.keywords, m.url, m.authors) == (
        ("https://github.com/microsoft/LoRA",), ("Language Modelling",),
        "https://arxiv.org/abs/2106.09685v2", ("Edward J. Hu", "Yelong Shen"))
    assert paper.text == PAPER["abstract"]


def test_the_pwc_page_is_the_url_only_without_the_papers_own(tmp_path: Path) -> None:
    record = {k: v for k, v in PAPER.items() if k not in ("url_abs", "url_pdf")}
    (paper,) = _seeds(tmp_path, {"p.json": [record]}).abstracts
    assert (paper.meta.url, paper.meta.pdf) == (PWC, "")
