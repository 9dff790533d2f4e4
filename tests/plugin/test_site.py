"""The built seed site: pages, papers.json, search index, badges, strict build, no CDN."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import unicodedata
from collections import Counter
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup
from conftest import ROOT
from slugify import slugify

from generator.build import generate
from generator.config import DigestConfig
from generator.read import read_seeds

pytestmark = pytest.mark.e2e  # builds sites or generates the seeds

RECORD_KEYS = {"id", "slug", "url", "title", "collection", "sources", "abstract", "highlight",
               "tags", "links", "code", "code_status"}
PROMISED_SLUG_PREFIXES = ("asdsv-", "layercraft-", "merge-")
_TEX_COMMAND = re.compile(r"\\[A-Za-z]+")
_WORD = re.compile(r"[A-Za-z]+")


def _papers_json(site: Path) -> list[dict]:
    return json.loads((site / "papers.json").read_text(encoding="utf-8"))


def _soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def test_one_page_per_abstract(built_site: Path, seeds_dir: Path) -> None:
    """Exactly one built page per seed abstract."""
    abstracts = read_seeds(seeds_dir).abstracts
    assert len(list((built_site / "papers").glob("*/index.html"))) == len(abstracts)


def test_papers_json_records(built_site: Path, seeds_dir: Path) -> None:
    """papers.json at the site root: one entry per abstract in input order with the
    documented keys, and the code status the seed labels (eval/labels/seeds.yml) give."""
    records = _papers_json(built_site)
    abstracts = read_seeds(seeds_dir).abstracts
    assert len(records) == len(abstracts)
    assert [r["abstract"] for r in records] == [a.text for a in abstracts]
    assert [(r["sources"][0]["file"], r["sources"][0]["abstract"]) for r in records] == [
        (a.sources[0].file, a.sources[0].abstract) for a in abstracts]
    for r in records:
        assert set(r) >= RECORD_KEYS, r["slug"]
        # no "source": it was a copy of sources[0]'s file and abstract number
        assert "source" not in r
        assert set(r["sources"][0]) == {"file", "abstract", "line", "key"}
        assert r["collection"] == "NeurIPS 2025 Papers"
        assert r["url"] == f"papers/{r['slug']}/"
        assert (built_site / r["url"] / "index.html").is_file()
        assert re.fullmatch(r"[0-9a-f]{12}", r["id"])
        assert r["code_status"] in ("available", "promised", "none")
    assert len({r["id"] for r in records}) == len(records)
    labels = yaml.safe_load((ROOT / "eval" / "labels" / "seeds.yml").read_text(encoding="utf-8"))
    status = {(label["file"], label["abstract"]): label["code_status"] for label in labels}
    first = {(r["sources"][0]["file"], r["sources"][0]["abstract"]): r for r in records}
    assert {k: r["code_status"] for k, r in first.items() if k in status} == status


def test_ids_stable_under_reorder_and_add(tmp_path: Path, seeds_dir: Path) -> None:
    """Paper ids depend only on the abstract: reordering and adding abstracts keeps them."""
    seeds = tmp_path / "seeds"
    shutil.copytree(seeds_dir, seeds)
    config = DigestConfig(seeds_dir=seeds, docs_dir=tmp_path / "docs",
                          taxonomy=ROOT / "taxonomy.yml", overrides=seeds / "overrides.yml")
    first = {p.facts.abstract.text: p.id for p in generate(config).papers}
    for f in seeds.glob("*.txt"):
        header, *paras = f.read_text(encoding="utf-8").strip().split("\n\n")
        f.write_text("\n\n".join([header, *reversed(paras)]) + "\n", encoding="utf-8")
    (seeds / "001_new.txt").write_text(
        "NeurIPS 2025 Papers\n\nA brand new abstract about bandits.\n", encoding="utf-8")
    second = generate(config).papers
    assert len(second) == len(first) + 1
    assert {p.facts.abstract.text: p.id for p in second
            if p.facts.abstract.text in first} == first
    records = json.loads((config.docs_dir / "papers.json").read_text(encoding="utf-8"))
    assert (records[0]["sources"][0]["file"], records[0]["sources"][0]["abstract"]) == (
        "000_bd956eaa9d444b4e.txt", 1)
    assert records[0]["id"] == first[records[0]["abstract"]]


def _source_words(text: str) -> set[str]:
    """Alphabetic words of an abstract: LaTeX command names and \\href targets (shown as their
    label, not as text) removed."""
    text = re.sub(r"\\href\{[^}]*\}", " ", text)
    return set(_WORD.findall(_TEX_COMMAND.sub(" ", text)))


def test_every_word_visible(built_site: Path) -> None:
    """Every word of every seed abstract appears in its page's visible text."""
    for r in _papers_json(built_site):
        soup = _soup(built_site / r["url"] / "index.html")
        abstract = soup.find(id="abstract").find("p")
        # NFKC: \\mathcal{O} is typeset as the math letter U+1D4AA, which folds to "O".
        visible = set(_WORD.findall(unicodedata.normalize("NFKC", abstract.get_text(" "))))
        for math in abstract.find_all("math"):  # $(ii)$ is <mi>i</mi><mi>i</mi>
            visible |= set(_WORD.findall(unicodedata.normalize("NFKC", math.get_text(""))))
        missing = _source_words(r["abstract"]) - visible
        assert not missing, (r["slug"], sorted(missing))


def _index(site: Path) -> list[dict]:
    return json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]


def test_search_finds_kmeans(built_site: Path) -> None:
    """The paper's one search entry (its page, abstract included) holds the readable text
    "k-means++"; so do the entries of the other papers whose abstract says it."""
    papers = json.loads((built_site / "papers.json").read_text(encoding="utf-8"))
    [url] = [p["url"] for p in papers if p["abstract"].startswith("$k$-means++ and the related")]
    hits = [d["location"] for d in _index(built_site) if "k-means++" in d["text"]]
    assert url in hits
    assert hits == [p["url"] for p in papers if "means++" in p["abstract"]]


def test_one_search_entry_per_paper(built_site: Path) -> None:
    """Material's index has one entry per paper page, its address the page's own: no entry
    for a section (the abstract, links, source), none for related papers or the cite block."""
    papers = _papers_json(built_site)
    entries = [d["location"] for d in _index(built_site) if d["location"].startswith("papers/")]
    assert sorted(entries) == sorted(p["url"] for p in papers)


def test_search_abstract_entries_readable(built_site: Path) -> None:
    """Abstract and highlight index entries hold no TeX or HTML markup from abstracts."""
    entries = [d for d in _index(built_site) if d["location"].startswith("papers/")
               and not d["location"].endswith("#source")]
    assert len(entries) >= len(_papers_json(built_site))
    for d in entries:
        for bad in ("\\(", "\\textbf", "<script", "$k$", "\\ell"):
            assert bad not in d["text"], (d["location"], bad)


def test_search_index_has_no_markup(built_site: Path) -> None:
    """No search index entry contains \\(, \\textbf or <script from abstracts."""
    for d in _index(built_site):
        for bad in ("\\(", "\\textbf", "<script"):
            assert bad not in d["text"], (d["location"], bad)


def test_search_aliases_in_the_page_entry(built_site: Path) -> None:
    """The Schrödinger-bridge paper's own entry (title, highlight, abstract) also holds
    "schrodinger" and its hyphenated words joined, as the abstract's last <sup>; no entry has
    a field besides Material's own (the index is written once, by Material)."""
    papers = json.loads((built_site / "papers.json").read_text(encoding="utf-8"))
    [url] = [p["url"] for p in papers if p["abstract"].startswith("Recent advances in flow-based")]
    entry = next(d for d in _index(built_site) if d["location"] == url)
    aliases = re.search(r"<sup>([^<]*)</sup></p>$", entry["text"]).group(1).split()
    assert "schrodinger" in aliases and "treestructured" in aliases
    assert all(set(d) <= {"location", "title", "text", "tags"} for d in _index(built_site))
    pages = {d["location"].split("#")[0] for d in _index(built_site)}
    assert not pages & {"", "tags/", "collections/", "code/"}
    assert not any(p.startswith(("tags/", "collections/")) for p in pages)


def test_strict_build_log(built_project: Path) -> None:
    """The fixture's build (mkdocs build --strict) emitted no warnings."""
    log = (built_project / "build.log").read_text(encoding="utf-8")
    assert not re.search(r"^WARNING", log, re.M)
    assert f"papers: {len(_papers_json(built_project / 'site'))} pages" in log


def test_plain_mkdocs_build_strict(built_project: Path, tmp_path: Path) -> None:
    """Plain ``mkdocs build --strict`` (generator via the plugin) exits 0 with a page per
    paper."""
    out = tmp_path / "site2"
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict",
                           "--site-dir", str(out)], cwd=built_project, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert len(list((out / "papers").glob("*/index.html"))) == len(_papers_json(out))


def test_code_badge(built_site: Path) -> None:
    """FastVID's page shows one local code badge linking its GitHub repository."""
    page = built_site / "papers" / "fastvid-dynamic-density-pruning-for-fast-video-llms"
    badges = _soup(page / "index.html").select("article a.pd-badge.pd-badge--code")
    assert [(b["class"], b["href"]) for b in badges] == [
        (["pd-badge", "pd-badge--code"], "https://github.com/LunarShen/FastVID")]
    assert badges[0].get_text(" ") == "GitHub LunarShen/FastVID"


def test_promised_badges(built_site: Path) -> None:
    """The papers whose code is promised (ASDSV, LayerCraft, MERGE among them), and only
    they, show the promised badge."""
    records = _papers_json(built_site)
    with_badge = sorted(r["slug"] for r in records
                        if _soup(built_site / r["url"] / "index.html")
                        .select("article .pd-badge--promised"))
    assert with_badge == sorted(r["slug"] for r in records if r["code_status"] == "promised")
    for prefix in PROMISED_SLUG_PREFIXES:
        assert any(s.startswith(prefix) for s in with_badge), prefix


def test_no_external_badge_or_cdn(built_site: Path) -> None:
    """No page requests shields.io or loads a script/stylesheet/font from another host."""
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) > len(_papers_json(built_site))
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "shields.io" not in text, page
        soup = BeautifulSoup(text, "html.parser")
        for tag in soup.find_all(["script", "img", "iframe"], src=True):
            assert not re.match(r"(https?:)?//", tag["src"]), (page, tag["src"])
        for tag in soup.find_all("link", href=True):
            if {"stylesheet", "preconnect", "preload"} & set(tag.get("rel", [])):
                assert not re.match(r"(https?:)?//", tag["href"]), (page, tag["href"])


def test_no_content_tabs_script(built_site: Path) -> None:
    """Material's content-tabs script is on no page (site_overrides/partials/javascripts/
    content.html renders nothing), which is right only while mkdocs.yml has no
    pymdownx.tabbed: with tabs, delete that override."""
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8").replace("!ENV", ""))
    names = [e if isinstance(e, str) else next(iter(e)) for e in config["markdown_extensions"]]
    assert "pymdownx.tabbed" not in names
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) > len(_papers_json(built_site))
    for page in pages:
        assert "__tabbed_" not in page.read_text(encoding="utf-8"), page


def test_tags_index_lists_every_tag_once(built_site: Path) -> None:
    """The tags index is one list item per tag page with its papers.json count and its
    description, by count then name (a template whitespace slip once ran all tags into one
    item)."""
    soup = _soup(built_site / "tags" / "index.html")
    items = soup.select("article li")
    pages = {d.name for d in (built_site / "tags").iterdir() if (d / "index.html").is_file()}
    counts = Counter(t for r in json.loads((built_site / "papers.json").read_text("utf-8"))
                     for t in r["tags"])
    names = [li.a.get_text() for li in items]
    assert len(items) == len(pages) == len(set(names))
    assert {li.a["href"].strip("/") for li in items} == pages
    assert names == sorted(names, key=lambda n: (-counts[n], n.casefold()))
    for li, name in zip(items, names, strict=True):
        n = counts[name]
        assert li.get_text(" ", strip=True).startswith(
            f"{name} — {n} paper{'s' if n != 1 else ''}: "), li


def test_tag_pages_count_their_papers(built_site: Path) -> None:
    """Each tag page's lead counts its papers from papers.json, in the right number
    ("1 paper tagged ...", "2 papers tagged ...")."""
    papers = json.loads((built_site / "papers.json").read_text("utf-8"))
    counts = Counter(t for r in papers for t in r["tags"])
    for li in _soup(built_site / "tags" / "index.html").select("article li"):
        name, n = li.a.get_text(), counts[li.a.get_text()]
        lead = _soup(built_site / "tags" / li.a["href"] / "index.html").select_one(
            "article p").get_text(" ", strip=True)
        assert lead.startswith(f"{n} paper{'s' if n != 1 else ''} tagged {name}"), lead


def test_tag_chips_in_material_order(built_site: Path) -> None:
    """Listings and related-paper lists show a paper's tags in the order Material shows them
    above its title (sorted by name), so the same paper never shows two orders."""
    listing = _soup(built_site / "collections" / "neurips-2025-papers" / "index.html")
    # the tags-and-badges line: the paragraph that holds them (no class: digest.css styles
    # an entry's paragraphs by place)
    metas = listing.select(".pd-entry > p:has(a.pd-tag, .pd-badges)")
    records = json.loads((built_site / "papers.json").read_text(encoding="utf-8"))
    # a paper without tags and badges has no meta line
    assert len(metas) == sum(1 for r in records if slugify(r["collection"]) == "neurips-2025-papers"
                             and (r["tags"] or r["code"] or r["hub"]
                                  or r["code_status"] == "promised"))
    for meta in metas:
        names = [a.get_text() for a in meta.select("a.pd-tag")]
        assert names == sorted(names)
    page = _soup(next((built_site / "papers").glob("fastvid-*/index.html")))
    assert [a.get_text(strip=True) for a in page.select(".md-tag")] == \
        ["Efficiency", "Multimodal", "Video"]


def test_listing_highlight_has_typeset_math(built_site: Path) -> None:
    """A listing shows each highlight with its formulas typeset (MathML), the same markup as
    the highlight on the paper page, never TeX."""
    with_math = 0
    for listing in sorted((built_site / "collections").glob("*/index.html")):
        for entry in _soup(listing).select(".pd-entry"):
            with_math += _same_highlight(entry, listing.parent)
    assert with_math  # the seeds have highlights with formulas


def _same_highlight(entry, listing_dir: Path) -> bool:
    """Assert a listing entry's highlight shows the paper page's formulas; True if any."""
    href = entry.select_one(".pd-entry__title a")["href"]
    page = _soup((listing_dir / href).resolve() / "index.html")
    shown = entry.select_one(".pd-entry > p:last-child")
    on_page = page.select_one(".admonition.abstract")
    assert [str(m) for m in shown.select("math")] == [str(m) for m in on_page.select("math")]
    assert "$" not in shown.get_text() and "\\" not in shown.get_text()
    return bool(shown.select("math"))
