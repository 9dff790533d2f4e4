"""Issue 16, render level: the front page (bounded lists, featured cards), search aliases,
the tags index order, link kinds and the Hugging Face badge, chart value labels."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from conftest import ROOT

from generator.records import Abstract, CodeRepo, HubRef, Link, Paper, PaperFacts, Source
from generator.render.charts import Bar, bar_chart
from generator.render.pages import (
    FEATURED,
    HOME_CODE,
    card_authors,
    featured_papers,
    link_label,
    plan_site,
    render_site,
)
from generator.render.search import fold, search_aliases

SVG_NS = "{http://www.w3.org/2000/svg}"
TAGS = ("Alpha", "beta", "Gamma", "Delta")


def _paper(pid: str, tags: tuple[str, ...], status: str = "none", collection: str = "C",
           hub: tuple[HubRef, ...] = (), links: tuple[Link, ...] = ()) -> Paper:
    code = (CodeRepo(f"https://github.com/o/{pid}", "github.com", "o", pid),) \
        if status == "available" else ()
    text = f"We propose {pid}, a method."
    facts = PaperFacts(Abstract(text, collection, (Source("c.txt", 1, 1),)), pid, pid,
                       f"{pid} title", text, tags, links, code, hub, status,
                       plain=text, plain_highlight=text)
    return Paper(facts, f"{pid} title", pid, f"papers/{pid}/")


# --------------------------------------------------------------------------- search aliases
@pytest.mark.parametrize(("text", "alias"), [
    ("the Schrödinger bridge", "schrodinger"), ("Erdős–Rényi graphs", "erdos"),
    ("k-means++ seeding", "kmeans"), ("GPT-4o and Qwen2.5-VL", "gpt4o"),
    ("Qwen2.5-VL", "qwen25vl"), ("non-i.i.d. data", "noniid"),
])
def test_aliases_hold_the_plain_forms(text: str, alias: str) -> None:
    """Accents folded and compounds joined are aliases; the words themselves are not."""
    aliases = search_aliases([text])
    assert alias in aliases
    assert not set(aliases) & {w.lower() for w in re.findall(r"\w+", text)}


def test_aliases_leave_urls_and_numbers_alone() -> None:
    """No alias from a URL's host ("githubcom") or from a decimal number ("980")."""
    assert search_aliases(["reaches 98.0% at https://github.com/o/r-x today"]) == ()


def test_aliases_name_repositories_word_by_word() -> None:
    """A repository's owner and name give all their words and the joined name, even when the
    abstract holds them (the aliases sit in the page's first search entry)."""
    aliases = search_aliases(["Language grounded concepts"], ["whieya", "Language-grounded-VCL"])
    assert {"whieya", "language", "grounded", "vcl", "languagegroundedvcl"} <= set(aliases)


def test_fold() -> None:
    assert fold("Schrödinger Erdős café") == "Schrodinger Erdos cafe"


# --------------------------------------------------------------------------- front page
def test_featured_one_per_topic_code_first() -> None:
    """Cards: papers with code first, then promised; one per first tag; filled in order."""
    papers = (_paper("a", ("Alpha",)), _paper("b", ("Alpha",), "available"),
              _paper("c", ("Gamma",), "promised"), _paper("d", ("Gamma",), "available"),
              _paper("e", ("Delta",)), _paper("f", ()))
    assert [p.id for p in featured_papers(papers)] == ["b", "d", "e", "f", "c", "a"]
    assert [p.id for p in featured_papers(papers, limit=3)] == ["b", "d", "e"]


def test_card_authors_optional() -> None:
    """No authors known: an empty line (the card shows none)."""
    assert card_authors(_paper("a", ("Alpha",))) == ""


def test_card_authors_show_the_given_authors() -> None:
    """The card read an attribute records do not have and never showed a given author."""
    import dataclasses

    def with_authors(names: tuple[str, ...], et_al: bool = False) -> Paper:
        p = _paper("a", ("Alpha",))
        return dataclasses.replace(p, facts=dataclasses.replace(p.facts, authors=names,
                                                                et_al=et_al))
    assert card_authors(with_authors(("Ann Lee", "Bo Li"))) == "Ann Lee, Bo Li"
    assert card_authors(with_authors(("A", "B", "C", "D"))) == "A, B, C, et al."
    assert card_authors(with_authors(("A",), et_al=True)) == "A, et al."
    home = _home((with_authors(("Ann Lee", "Bo Li")),))
    assert '<p class="pd-card__authors">Ann Lee, Bo Li</p>' in home


def _home(papers: tuple[Paper, ...]) -> str:
    [home] = [f for f in plan_site(papers, TAGS, site_name="Digest") if f.path == "index.md"]
    return home.render()


def test_home_lists_are_bounded() -> None:
    """The front page shows FEATURED cards and HOME_CODE papers with code whatever the size
    of the digest, and counts every paper."""
    def size(n: int) -> tuple[int, int, str]:
        papers = tuple(_paper(f"p{i}", (TAGS[i % 4],), "available" if i % 3 else "none",
                              collection=f"C{i % 20}") for i in range(n))
        home = _home(papers)
        return home.count('class="pd-card"'), home.count("pd-home-list") and len(
            re.findall(r'<li><a href="papers/', home)), home
    cards, code, home = size(200)
    assert (cards, code) == (FEATURED, HOME_CODE)
    assert "200 papers in 20 collections" in home and "All 20 collections" in home
    assert len(size(1000)[2]) < 2 * len(home)


def test_home_out_of_search_with_the_nav() -> None:
    """The home page is out of search and keeps the nav sidebar: without navigation.tabs it
    is the only list of the site's pages at 1280 px."""
    home = _home((_paper("a", ("Alpha",), "available"),))
    front = home.split("---")[1]
    assert "search:\n  exclude: true" in front and "hide:\n- toc\n" in front
    assert "navigation" not in front


# --------------------------------------------------------------------------- small faults
def test_tags_index_by_count_then_name() -> None:
    """Most papers first; ties by name, case aside."""
    papers = (_paper("a", ("Gamma", "beta")), _paper("b", ("Gamma", "Delta")),
              _paper("c", ("Alpha",)))
    index = render_site(papers, TAGS)["tags/index.md"]
    assert re.findall(r"^- \[(\w+)\]", index, re.M) == ["Gamma", "Alpha", "beta", "Delta"]


def test_hub_badge_svg_and_link_kinds() -> None:
    """A Hub badge carries no inline SVG and no emoji (digest.css draws the shared logo file,
    which exists); the links list names the Hub artefact's kind."""
    links = (Link("https://huggingface.co/org/m", "data"),
             Link("https://huggingface.co/datasets/org/d", "data"),
             Link("https://huggingface.co/spaces/org/s", "project"),
             Link("https://huggingface.co/papers/2401.00001", "paper"))
    hub = (HubRef("https://huggingface.co/org/m", "model", "org/m"),)
    page = render_site((_paper("a", ("Alpha",), hub=hub, links=links),), TAGS)["papers/a/index.md"]
    assert "🤗" not in page and "<svg" not in page
    assert re.search(r'<a class="pd-badge pd-badge--hub" href="https://huggingface.co/org/m" '
                     r'title="Hugging Face model"><span>model</span><span>org/m</span></a>', page)
    css = (ROOT / "site_overrides/assets/stylesheets/digest.css").read_text(encoding="utf-8")
    (logo,) = re.findall(r'\.pd-badge--hub > :first-child::before \{[^}]*url\("([^"]+)"\)', css)
    assert (ROOT / "site_overrides/assets/stylesheets" / logo).resolve().is_file()
    assert [link_label(link) for link in links] == ["model", "dataset", "space", "paper"]
    assert re.findall(r'<span class="pd-kind">(\w+)</span>', page) == [
        "model", "dataset", "space", "paper"]


def test_bar_value_label_inside_the_box() -> None:
    """The drawn value ("40 (70%)") ends inside the SVG's width (at the generous glyph width
    the chart's layout assumes)."""
    svg = ET.fromstring(bar_chart("c", "T", "D", [Bar("Code available", 40, note="70%"),
                                                  Bar("No code", 17, note="30%")]))
    width = float(svg.get("width"))
    for text in svg.findall(f"{SVG_NS}text"):
        if text.text and text.text[0].isdigit():
            assert float(text.get("x")) + len(text.text) * 0.6 * 12 <= width, text.text
