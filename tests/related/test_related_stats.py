"""Related papers (generator.related) and the statistics page (generator.render.charts)."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections import Counter
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest
from bs4 import BeautifulSoup
from conftest import ROOT, SEEDS

from generator.build import collect
from generator.config import DigestConfig
from generator.records import Abstract, Paper, PaperFacts, Source
from generator.related import related_papers
from generator.render.charts import Bar, bar_chart, data_table, heat_map

SVG_NS = "{http://www.w3.org/2000/svg}"
# The charts as written by generator.render.charts (raw HTML passes through Markdown as is).
_CHART_SVG = re.compile(r'<svg xmlns="http://www.w3.org/2000/svg" class="pd-chart__svg.*?</svg>',
                        re.DOTALL)


def _paper(pid: str, text: str, tags: tuple[str, ...] = ()) -> Paper:
    abstract = Abstract(text, "C", (Source("c.txt", 1, 1),))
    facts = PaperFacts(abstract, pid, None, pid, text, tags, (), (), (), "none")
    return Paper(facts, pid, pid, f"papers/{pid}/")


HAND = (
    _paper("gnn-mol", "Graph neural networks predict molecule properties.", ("Graph Learning",)),
    _paper("gnn-prot", "Graph neural networks fold protein structures.", ("Graph Learning",)),
    _paper("diff-img", "Diffusion models generate images.", ("Generative Models",)),
    _paper("diff-mol", "Diffusion models generate molecule conformations.",
           ("Generative Models",)),
    _paper("rl-robot", "Reinforcement learning controls robots."),
)


@pytest.fixture(scope="module")
def seed_papers() -> tuple[Paper, ...]:
    """The seed catalog (read, extract, catalog; nothing written)."""
    config = DigestConfig(seeds_dir=SEEDS, taxonomy=ROOT / "taxonomy.yml",
                          overrides=SEEDS / "overrides.yml")
    return collect(config)[0]


def _soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


# --------------------------------------------------------------------------- related
def test_related_hand_made_order() -> None:
    """Shared words rank papers; a paper sharing nothing gets (and is) nothing."""
    assert dict(related_papers(HAND, k=3)) == {
        "gnn-mol": ("gnn-prot", "diff-mol"),
        "gnn-prot": ("gnn-mol",),
        "diff-img": ("diff-mol",),
        "diff-mol": ("diff-img", "gnn-mol"),
        "rl-robot": (),
    }


def test_related_ties_by_input_order_and_tags_weigh_in() -> None:
    """Equal text similarity: the earlier paper first; a shared tag outranks that order."""
    papers = (_paper("t0", "alpha beta", ("X",)), _paper("t1", "alpha gamma"),
              _paper("t2", "alpha delta", ("X",)))
    assert related_papers(papers, k=2, tag_weight=0.0)["t0"] == ("t1", "t2")
    assert related_papers(papers, k=2)["t0"] == ("t2", "t1")
    same = tuple(_paper(f"s{i}", "alpha beta") for i in range(4))
    assert dict(related_papers(same, k=5)) == {
        "s0": ("s1", "s2", "s3"), "s1": ("s0", "s2", "s3"),
        "s2": ("s0", "s1", "s3"), "s3": ("s0", "s1", "s2")}


def test_related_edge_cases() -> None:
    """No papers, one paper, and papers with no words or tags at all: no error, no links."""
    assert dict(related_papers(())) == {}
    assert dict(related_papers(HAND[:1])) == {"gnn-mol": ()}
    assert dict(related_papers((_paper("a", "the"), _paper("b", "")))) == {"a": (), "b": ()}


def test_related_deterministic_and_never_itself(seed_papers) -> None:
    """Same input twice, same output; every paper gets 5 others, none itself, no repeats."""
    first = related_papers(seed_papers)
    assert dict(first) == dict(related_papers(seed_papers))
    assert list(first) == [p.id for p in seed_papers]
    ids = {p.id for p in seed_papers}
    for pid, rel in first.items():
        assert len(rel) == 5 and len(set(rel)) == 5, pid
        assert pid not in rel
        assert set(rel) <= ids


def test_related_is_read_only(seed_papers) -> None:
    """The result cannot be changed by a later step."""
    rel = related_papers(seed_papers)
    with pytest.raises(TypeError):
        rel["x"] = ()  # type: ignore[index]


def test_paper_pages_show_five_related_links(built_site: Path) -> None:
    """Every paper page lists exactly 5 related papers, before "Source", all existing pages,
    with their tags linking to existing tag pages."""
    records = json.loads((built_site / "papers.json").read_text(encoding="utf-8"))
    tags = {r["url"]: r["tags"] for r in records}
    for r in records:
        page = built_site / r["url"]
        soup = _soup(page / "index.html")
        links = soup.select("article ul.pd-related > li > a")
        assert len(links) == 5, r["slug"]
        headings = [h.get("id") for h in soup.select("article h2")]
        assert headings.index("related-papers") == headings.index("source") - 1, r["slug"]
        for a in links:
            target = (page / a["href"]).resolve()
            assert (target / "index.html").is_file(), a["href"]
            assert target != page.resolve()
            item = a.find_parent("li")
            chips = [c.get_text() for c in item.select(":scope > span > a")]  # tag links
            # shown sorted by name, as Material sorts the chips above a page title
            assert chips == sorted(tags[target.relative_to(built_site.resolve()).as_posix() + "/"])
            for c in item.select("a.pd-tag"):
                assert ((page / c["href"]).resolve() / "index.html").is_file(), c["href"]


# --------------------------------------------------------------------------- statistics
def test_stats_page_charts(built_site: Path) -> None:
    """Four accessible SVG charts, each followed by its data table; tag, code and
    collection bars carry the exact counts of papers.json; heat-map cells the co-occurrence."""
    records = json.loads((built_site / "papers.json").read_text(encoding="utf-8"))
    soup = _soup(built_site / "stats" / "index.html")
    svgs = soup.select("article svg[role=group]")
    assert [s["id"] for s in svgs] == ["chart-tags", "chart-code", "chart-collections",
                                       "chart-cooccurrence"]
    for svg in svgs:
        title, desc = svg.find("title", recursive=False), svg.find("desc", recursive=False)
        assert title and title.get_text() and desc and desc.get_text()
        assert svg["aria-labelledby"] == f"{svg['id']}-title {svg['id']}-desc"
        alt = svg.find_parent("figure").find_next_sibling()
        assert alt.select_one("details.pd-chart-data table tbody tr"), svg["id"]

    tag_counts = Counter(t for r in records for t in r["tags"])
    bars = {b["data-label"]: int(b["data-count"]) for b in svgs[0].select("rect.pd-bar")}
    assert {t: n for t, n in bars.items() if n} == dict(tag_counts)
    assert sum(bars.values()) == sum(len(r["tags"]) for r in records)
    code = {b["data-label"]: int(b["data-count"]) for b in svgs[1].select("rect.pd-bar")}
    status = Counter(r["code_status"] for r in records)
    assert code == {"Code available": status["available"], "Code promised": status["promised"],
                    "No code": status["none"]}
    colls = {b["data-label"]: int(b["data-count"]) for b in svgs[2].select("rect.pd-bar")}
    assert colls == Counter(r["collection"] for r in records)

    pairs = Counter()
    for r in records:
        for a, b in combinations(r["tags"], 2):
            pairs[a, b] += 1
            pairs[b, a] += 1
        for a in r["tags"]:
            pairs[a, a] += 1
    cells = {(c["data-row"], c["data-col"]): int(c["data-count"])
             for c in svgs[3].select("rect.pd-cell")}
    assert cells == dict(pairs)


def test_stats_svgs_are_xml_and_linked(built_site: Path) -> None:
    """The charts parse as XML (as the generator writes them into the page: the built page
    is minified HTML), their links resolve, and the home page and the navigation link the
    statistics page."""
    html = (built_site.parent / ".paper-digest-cache" / "pages" / "stats" / "index.md"
            ).read_text(encoding="utf-8")
    raw = _CHART_SVG.findall(html)
    assert len(raw) == 4
    for svg in raw:
        root = ET.fromstring(svg)
        assert root.tag == f"{SVG_NS}svg" and root.get("role") == "group"
        assert root.find(f"{SVG_NS}title").text
        for a in root.iter(f"{SVG_NS}a"):
            target = (built_site / "stats" / a.get("href")).resolve() / "index.html"
            assert target.is_file(), a.get("href")
    home = _soup(built_site / "index.html")
    assert home.select_one('article a[href="stats/"]')
    nav = home.select(".md-nav--primary > .md-nav__list > .md-nav__item > .md-nav__link")
    assert [a.get_text(strip=True) for a in nav].count("Statistics") == 1


def test_stats_page_not_in_search(built_site: Path) -> None:
    """Chart labels and related titles are excluded from the search index (no false hits)."""
    index = json.loads((built_site / "search" / "search_index.json").read_text("utf-8"))
    docs = index["docs"]
    stats = [d for d in docs if d["location"].startswith("stats/")]
    assert len(stats) == 5  # the page and its four chart sections, text only
    for doc in stats:
        assert "Learning Theory" not in doc["text"] and "<svg" not in doc["text"]
    # one entry per paper (issue 23): the related papers' section is out of it, and has none
    assert not [d for d in docs if "#related" in d["location"]]
    papers = json.loads((built_site / "papers.json").read_text("utf-8"))
    entries = {d["location"]: d["text"] for d in docs}
    assert all("Related papers" not in entries[p["url"]] for p in papers)


# --------------------------------------------------------------------------- charts unit
def test_bar_chart_escapes_and_scales() -> None:
    """Labels are escaped, the longest bar spans the plot, a zero bar has width 0."""
    svg = bar_chart("c", "T <1>", "D & d", [Bar("A & <b>", 4, href="../x/?a=1&b=2"),
                                            Bar("B", 2), Bar("C", 0)])
    root = ET.fromstring(svg)
    rects = root.findall(f"{SVG_NS}rect")
    assert [r.get("data-count") for r in rects] == ["4", "2", "0"]
    assert rects[0].get("data-label") == "A & <b>"
    assert float(rects[1].get("width")) * 2 == pytest.approx(float(rects[0].get("width")), 0.01)
    assert float(rects[2].get("width")) == 0
    assert root.find(f"{SVG_NS}title").text == "T <1>"
    assert root.find(f"{SVG_NS}a").get("href") == "../x/?a=1&b=2"
    assert "\n\n" not in svg


def test_heat_map_and_table() -> None:
    """Zero cells are not drawn; the diagonal is outlined; the table escapes its cells."""
    root = ET.fromstring(heat_map("h", "T", "D", ["a", "b"], [[3, 1], [1, 0]]))
    cells = {(c.get("data-row"), c.get("data-col")): c for c in root.iter(f"{SVG_NS}rect")
             if c.get("class") == "pd-cell"}
    assert sorted(cells) == [("a", "a"), ("a", "b"), ("b", "a")]
    assert cells["a", "a"].get("fill") == "none"
    table = ET.fromstring(data_table("S", ["x"], [["<&>"]]))
    assert table.find("table/tbody/tr/td").text == "<&>"


# --------------------------------------------------------------------------- related: update
def _catalog(seed_papers, copies: int = 7) -> tuple[Paper, ...]:
    """``copies`` variants of every seed abstract (a distinct word each), with its tags."""
    return tuple(_paper(f"{p.id}-{c}", f"{p.facts.plain} Variant{c}x{n}.", p.facts.tags)
                 for c in range(copies) for n, p in enumerate(seed_papers))


def _edit(papers, at: int, text=None, tags=None):
    p = papers[at]
    new = _paper(p.id + "-edited" if text is not None else p.id,
                 p.facts.abstract.text if text is None else text,
                 p.facts.tags if tags is None else tags)
    return papers[:at] + (new,) + papers[at + 1:]


def _longest_word(text: str) -> str:
    return max(re.findall(r"[a-z]{6,}", text), key=len)


def _without_longest(text: str) -> str:
    return re.sub(rf"\b{_longest_word(text)}\b", "", text)


def _holding(papers, word: str) -> int:
    """How many papers' texts hold ``word`` (lower case) as a whole word."""
    return sum(bool(re.search(rf"\b{word}\b", p.facts.abstract.text.lower())) for p in papers)


def _tagged(papers, tags) -> int:
    return sum(bool(set(p.facts.tags) & set(tags)) for p in papers)


# (name, change, rows the update must score anew): the edited rows, plus the rows holding a
# word or tag whose document frequency changed (generator/related.py); a full computation
# when over a quarter changed.
@pytest.mark.parametrize(("name", "change", "updated"), [
    ("a rare word added",
     lambda ps: _edit(ps, 100, text=ps[100].facts.abstract.text + " zygote"), lambda ps: 1),
    ("a word removed", lambda ps: _edit(ps, 7, text=_without_longest(ps[7].facts.abstract.text)),
     lambda ps: _holding(ps, _longest_word(ps[7].facts.abstract.text))),
    ("the same text under a new id",
     lambda ps: _edit(ps, 250, text=ps[250].facts.abstract.text), lambda ps: 1),
    ("tags changed", lambda ps: _edit(ps, 3, tags=("Optimal Transport",)),
     lambda ps: _tagged(ps, (*ps[3].facts.tags, "Optimal Transport"))),
    ("two papers swapped", lambda ps: ps[:10] + (ps[11], ps[10]) + ps[12:], lambda ps: 2),
    ("a common word added: full computation",
     lambda ps: _edit(ps, 5, text=ps[5].facts.abstract.text + " model"), len),
])
def test_related_update_equals_full_computation(seed_papers, name, change, updated) -> None:
    """Starting from the previous run's index gives exactly (neighbours and scores) what a full
    computation gives, and scores only the changed rows anew when few changed."""
    from generator.related import related_index

    before = _catalog(seed_papers)
    previous = related_index(before)
    after = change(before)
    update = related_index(after, previous=previous)
    full = related_index(after)
    assert full.changed == len(after)
    assert np.array_equal(update.neighbours, full.neighbours), name
    assert np.array_equal(update.scores, full.scores), name
    assert dict(update.as_mapping()) == dict(related_papers(after))
    expected = updated(before)
    assert 0 < expected < len(before) / 4 or expected == len(before), (name, expected)
    assert update.changed == expected


def test_related_update_falls_back_when_order_or_size_changes(seed_papers) -> None:
    from generator.related import related_index

    before = _catalog(seed_papers, copies=2)
    previous = related_index(before)
    assert related_index(before[1:], previous=previous).changed == len(before) - 1
    assert related_index(before, k=3, previous=previous).changed == len(before)
    same = related_index(before, previous=previous)
    assert same.changed == 0 and np.array_equal(same.neighbours, previous.neighbours)
