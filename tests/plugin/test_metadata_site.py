"""A digest of every input format: the shipped examples beside the seeds build with
``--strict`` and zero warnings, each paper shows its given title, authors and links; a bad file
leaves the previous site as it was."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from conftest import ROOT, _copy_project, run_build

from generator.read import read_seeds
from generator.render.authors import PAGE_MIN, author_key

pytestmark = pytest.mark.e2e  # builds sites

EXAMPLES = ROOT / "examples"


@pytest.fixture(scope="module")
def mixed_project(tmp_path_factory) -> Path:
    """The project with examples/* copied into seeds/, built once."""
    project = _copy_project(tmp_path_factory.mktemp("mixed") / "project")
    for path in EXAMPLES.iterdir():
        shutil.copy2(path, project / "seeds" / path.name)
    proc = run_build(project)
    if proc.returncode != 0:
        pytest.fail(f"build failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
    (project / "build.log").write_text(proc.stdout + proc.stderr, encoding="utf-8")
    return project


def _given(project: Path) -> list[dict]:
    papers = json.loads((project / "site" / "papers.json").read_text(encoding="utf-8"))
    return [p for p in papers if not p["sources"][0]["file"].endswith(".txt")]


def test_every_format_builds_strict_without_warnings(mixed_project: Path) -> None:
    """One file of each format beside the seeds: the strict build succeeds, warns about
    nothing, and its summary counts the records per file, the merged record and the paper
    without an abstract."""
    log = (mixed_project / "build.log").read_text(encoding="utf-8")
    assert "warnings: 0" in log and "WARNING" not in log
    for path in EXAMPLES.iterdir():
        assert f"  {path.name}: " in log
    merged = sum(len(p.sources) - 1 for p in read_seeds(EXAMPLES).abstracts)
    assert f"merged: {merged} records joined a paper read before" in log
    assert "without an abstract: " in log
    papers = json.loads((mixed_project / "site" / "papers.json").read_text(encoding="utf-8"))
    seeds = sum(1 for p in papers if p["sources"][0]["file"].endswith(".txt"))
    assert f"papers: {len(papers)} pages" in log and seeds < len(papers)


def test_each_paper_shows_its_given_title_authors_and_links(mixed_project: Path) -> None:
    """Every paper from a metadata file: page title = given title (plain text), byline =
    its authors, a badge per paper link, a BibTeX entry with its title and authors."""
    site = mixed_project / "site"
    given = _given(mixed_project)
    assert len(given) == len(read_seeds(EXAMPLES).abstracts)
    papers_of = Counter(author_key(a) for p in given for a in dict.fromkeys(p["authors"]))
    linked = 0
    for p in given:
        soup = BeautifulSoup((site / p["url"] / "index.html").read_text(encoding="utf-8"),
                             "html.parser")
        for mark in soup.select("h1 a.headerlink"):
            mark.decompose()
        assert soup.find("h1").get_text(strip=True) == p["title"]
        byline = soup.find("p", class_="pd-byline")
        assert byline.get_text().strip().startswith(", ".join(p["authors"]))
        # A name links to its author's page when that page exists (two papers or more).
        for link in byline.select("a.pd-author"):
            target = (site / p["url"] / link["href"] / "index.html").resolve()
            assert target.is_file() and link.get_text() in p["authors"], link
        linked += len(byline.select("a.pd-author"))
        badges = [a["href"] for a in soup.select(".pd-meta a.pd-badge--paper")]
        assert badges == [x["url"] for x in p["paper_links"]] and badges
        bibtex = soup.select_one(".pd-cite code.language-bibtex").get_text()
        assert " and ".join(p["authors"]) in bibtex.replace("{", "").replace("}", "").replace(
            "\\", "") or p["sources"][0]["file"].endswith(".bib")
        if p["doi"]:
            assert f"https://doi.org/{p['doi']}" in badges and "  doi " in bibtex
        if p["arxiv_id"]:
            assert f"https://arxiv.org/abs/{p['arxiv_id']}" in badges
            assert f"eprint        = {{{p['arxiv_id']}}}" in bibtex
    # One link per name of an author with PAGE_MIN papers or more (the examples have some).
    expected = sum(papers_of[author_key(a)] >= PAGE_MIN
                   for p in given for a in dict.fromkeys(p["authors"]))
    assert linked == expected and expected


def test_exact_pages_of_two_examples(mixed_project: Path) -> None:
    """BERT (BibTeX: TeX title, DOI, arXiv, given URL) and the merged DDPM record."""
    site = mixed_project / "site"
    by_title = {p["title"]: p for p in _given(mixed_project)}
    bert = by_title["BERT: Pre-training of Deep Bidirectional Transformers for Language "
                    "Understanding"]
    assert (bert["authors"][0], bert["venue"], bert["year"]) == ("Jacob Devlin", "NAACL-HLT",
                                                                  2019)
    assert [x["kind"] for x in bert["paper_links"]] == ["arxiv", "pdf", "doi", "page"]
    soup = BeautifulSoup((site / bert["url"] / "index.html").read_text(encoding="utf-8"),
                         "html.parser")
    assert soup.find("p", class_="pd-byline").get_text(strip=True) == (
        "Jacob Devlin, Ming-Wei Chang, Kenton Lee, Kristina Toutanova · NAACL-HLT · 2019")
    assert soup.select_one(".pd-cite code").get_text().startswith(
        "@inproceedings{devlin2019bert,\n  title         = {{BERT}: Pre-training")
    adam = by_title["Adam: A Method for Stochastic Optimization"]
    page = BeautifulSoup((site / adam["url"] / "index.html").read_text(encoding="utf-8"),
                         "html.parser")
    assert adam["abstract"] == "" and page.select_one("p.pd-no-abstract")
    assert not page.select(".admonition.abstract") and not page.find(id="abstract")
    assert page.find("meta", attrs={"name": "description"})["content"] == (
        "Adam: A Method for Stochastic Optimization · Diederik P. Kingma, Jimmy Ba · ICLR")
    ddpm = by_title["Denoising Diffusion Probabilistic Models"]
    assert [s["file"] for s in ddpm["sources"]] == ["papers.bib", "papers.jsonl"]
    assert ddpm["code_status"] == "available" and ddpm["code"][0]["repo"] == "diffusion"
    assert "Diffusion Models" in ddpm["tags"]


def test_listing_shows_authors_and_statistics_name_venues_and_authors(mixed_project) -> None:
    site = mixed_project / "site"
    given = _given(mixed_project)
    vit = next(p for p in given if p["openreview_id"] == "YicbFdNTTy")
    slug = vit["collection"].lower().replace(" ", "-")
    listing = BeautifulSoup((site / "collections" / slug / "index.html").read_text(
        encoding="utf-8"), "html.parser")
    assert listing.find("p", class_="pd-entry__authors").get_text(strip=True) == (
        "Alexey Dosovitskiy, Lucas Beyer, Alexander Kolesnikov, et al. · ICLR 2021 Oral")
    stats = BeautifulSoup((site / "stats" / "index.html").read_text(encoding="utf-8"),
                          "html.parser")
    assert stats.find(id="chart-venues") and stats.find(id="chart-authors")
    assert stats.select('[data-label="NeurIPS"][data-count]')


def test_feed_dates_papers_by_date_or_first_seen_day(mixed_project: Path) -> None:
    """Each entry is dated by its paper's given date, else by the day the permalinks file
    says it first appeared; newest first; links absolute under site_url."""
    import xml.etree.ElementTree as ET

    atom = "{http://www.w3.org/2005/Atom}"
    root = ET.parse(mixed_project / "site" / "feed.xml").getroot()
    entries = root.findall(f"{atom}entry")
    papers = {p["id"]: p for p in json.loads(
        (mixed_project / "site" / "papers.json").read_text(encoding="utf-8"))}
    seen = {a["id"]: a["seen"] for a in map(json.loads, (
        mixed_project / "permalinks.json").read_text(encoding="utf-8").splitlines()[1:])}
    assert len(entries) == len(papers) and set(seen) == set(papers)
    days = []
    for e in entries:
        p = papers[e.findtext(f"{atom}id").removeprefix("urn:paper-digest:")]
        given = (p["date"] or "").split("-")
        expected = "-".join((given + ["01", "01"])[:3]) if p["date"] else seen[p["id"]]
        assert e.findtext(f"{atom}published") == f"{expected}T00:00:00+00:00"
        assert e.find(f"{atom}link").get("href") == (
            "https://example.github.io/paper-digest/" + p["url"])
        days.append(expected)
    assert days == sorted(days, reverse=True)
    assert any(p["date"] for p in papers.values())


def test_bad_file_leaves_the_previous_site(mixed_project: Path, tmp_path: Path) -> None:
    """A malformed BibTeX entry stops the build naming file, line and entry; docs_src and
    site are left exactly as they were."""
    project = tmp_path / "p"
    shutil.copytree(mixed_project, project)
    def files() -> dict[Path, bytes]:
        return {p: p.read_bytes() for folder in ("docs_src", "site", ".paper-digest-cache/pages")
                for p in (project / folder).rglob("*") if p.is_file()}

    before = files()
    (project / "seeds" / "zz.bib").write_text("@article{ok, title={Fine}}\n\n"
                                              "@article{bad,\n  title = {T},\n  doi = {nope}\n}\n",
                                              encoding="utf-8")
    proc = run_build(project)
    assert proc.returncode == 1
    assert "seeds/zz.bib:3: entry bad: doi: 'nope' is not a DOI" in proc.stderr
    assert files() == before


def test_handled_notices_do_not_fail_a_strict_build(project_copy: Path) -> None:
    """A control character or mojibake in real input is repaired and reported, but is no
    MkDocs warning: `paper-digest build` (--strict) completes (it aborted with one warning a
    repair on the 4,400 real abstracts, 131 of them). So do the other handled conditions of
    the notice policy (issue 22): one abstract in two .txt files, an empty file, an unsure
    first line, two versions of an arXiv paper in one Atom file."""
    seeds = project_copy / "seeds"
    (seeds / "z.jsonl").write_text(
        json.dumps({"title": "Control", "abstract": "We quanti\u0002fy the gap."}) + "\n"
        + json.dumps({"title": "Mojibake", "abstract": "We study the model\u00e2\u20ac\u2122s"
                                                       " bias."}) + "\n", encoding="utf-8")
    shared = "We measure how often a shared abstract is merged into one page.\n"
    (seeds / "za.txt").write_text("Coll A\n\n" + shared, encoding="utf-8")
    (seeds / "zb.txt").write_text("Papers I liked\n\n" + shared, encoding="utf-8")
    (seeds / "zc.txt").write_bytes(b"")
    entry = ("<entry><id>http://arxiv.org/abs/2401.01234v{0}</id><updated>2024-0{0}-02T00:00:00Z"
             "</updated><title>Title v{0}</title><summary>Abstract of v{0}.</summary></entry>")
    (seeds / "zd.atom").write_text(
        '<feed xmlns="http://www.w3.org/2005/Atom"><title>q</title><id>q</id><updated>'
        '2024-03-01T00:00:00Z</updated>' + entry.format(1) + entry.format(2) + "</feed>",
        encoding="utf-8")
    proc = run_build(project_copy)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    for line in ("repaired (control characters removed, mojibake undone): 2",
                 "duplicates (the same paper twice: one page lists each source): 1",
                 "empty files (no abstracts or records): 1",
                 "first lines kept as abstracts (write '# Name' for a header): 1",
                 "older versions (an arXiv version replaced by a later one): 1"):
        assert line in proc.stdout.splitlines()
    assert ("seeds/z.jsonl:1: record 1: abstract: control characters: U+0002 at column 10 "
            "removed") in proc.stdout
    assert "warnings: 0" in proc.stdout
    assert "WARNING" not in proc.stderr
    papers = json.loads((project_copy / "site" / "papers.json").read_text(encoding="utf-8"))
    texts = {p["title"]: p["abstract"] for p in papers}
    assert texts["Control"] == "We quantify the gap."
    assert texts["Mojibake"] == "We study the model’s bias."
    assert "Title v2" in texts and "Title v1" not in texts
    # Content left unread is still a warning, and --strict still fails on it.
    (seeds / "more").mkdir()
    proc = run_build(project_copy)
    assert proc.returncode == 1 and "WARNING" in proc.stderr and "a folder: not read" in \
        proc.stderr
