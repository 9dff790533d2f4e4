"""No page scrolls sideways at a phone's width (issue 13): long display and inline formulas,
long URLs and an aligned environment, built with the real site and measured in Chromium."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from browser_support import new_page, playwright, serve
from conftest import _copy_project

playwright()  # skips (or fails in CI) the whole module without Chromium
pytestmark = pytest.mark.browser

PHONE = 390
LONG = [
    # a long display formula
    r"We propose WideDisplay, bounding $$\mathcal{L}(\theta) = \sum_{i=1}^{N} \sum_{j=1}^{M} "
    r"\left( y_{ij} - f_\theta(x_{ij}) \right)^2 + \lambda_1 \|\theta\|_2^2 + \lambda_2 "
    r"\|\theta\|_1 + \lambda_3 \sum_{k=1}^{K} \mathrm{KL}(p_k \| q_k) + \lambda_4 "
    r"\mathbb{E}_{z \sim p(z)}[\log q(z)]$$ for every model.",
    # a long inline formula, and an aligned environment
    r"We propose WideInline with $f(x) = \sum_{i=1}^{n} a_i x_i + \sum_{j=1}^{m} b_j y_j + "
    r"\lambda \|w\|_2^2 + \mu \|v\|_1 \leq C + \epsilon + \delta + \gamma + \eta + \kappa$ and "
    r"\[\begin{aligned} a &= b + c + d + e + f + g \\ h &= i + j + k + l + m + n \end{aligned}\]"
    r" in the text.",
    # long URLs
    "We propose WideLinks; code at https://github.com/some-organisation-name/"
    "a-very-long-repository-name-that-does-not-fit-on-a-phone/tree/main/src/models and data "
    "at https://example.org/datasets/" + "x" * 120 + ".",
]


@pytest.fixture(scope="module")
def layout_site(tmp_path_factory) -> Path:
    """The site built from one seed file of the wide abstracts above."""
    return _built_site(tmp_path_factory.mktemp("layout") / "project",
                       "wide.txt", "Wide Papers\n\n" + "\n\n".join(LONG) + "\n")


def _built_site(project: Path, name: str, seed: str) -> Path:
    """The site of a copy of the project whose seeds are one file ``name`` holding ``seed``."""
    _copy_project(project)
    for f in (project / "seeds").glob("*.txt"):
        f.unlink()
    (project / "seeds" / name).write_text(seed, encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "generator.cli", "build"], cwd=project,
                          capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, NO_MKDOCS_2_WARNING="1"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return project / "site"


def test_no_sideways_scroll_at_390px(browser, layout_site):
    """Every paper page is as wide as a 390 px viewport; wide formulas stay in their boxes."""
    papers = json.loads((layout_site / "papers.json").read_text(encoding="utf-8"))
    assert len(papers) == len(LONG)
    with serve(layout_site) as base, new_page(browser) as page:
        page.set_viewport_size({"width": PHONE, "height": 800})
        for paper in papers:
            page.goto(base + paper["url"])
            widths = page.evaluate("""() => ({
                doc: document.documentElement.scrollWidth,
                body: document.body.scrollWidth,
                maths: document.querySelectorAll('article math').length,
                display: [...document.querySelectorAll('.pd-math--display')].map(
                    e => [e.clientWidth, e.scrollWidth]),
            })""")
            assert widths["doc"] <= PHONE and widths["body"] <= PHONE, (paper["url"], widths)
            assert widths["maths"] >= 1 or "WideLinks" in paper["abstract"]
            for client, scroll in widths["display"]:
                assert client <= PHONE  # the box fits; its content may scroll inside it
                assert scroll >= client


def test_long_inline_formula_wraps(browser, layout_site):
    """The long inline formula is split into parts that sit on more than one line."""
    papers = json.loads((layout_site / "papers.json").read_text(encoding="utf-8"))
    [url] = [p["url"] for p in papers if "WideInline" in p["abstract"]]
    with serve(layout_site) as base, new_page(browser) as page:
        page.set_viewport_size({"width": PHONE, "height": 800})
        page.goto(base + url)
        tops = page.eval_on_selector_all(
            "article p .pd-math:not(.pd-math--display)",
            "els => els.map(e => Math.round(e.getBoundingClientRect().top))")
        assert len(tops) > 1 and len(set(tops)) > 1, tops


def test_paper_page_shows_no_search_filter_values(browser, layout_site):
    """A paper page's Pagefind filter values (tags, collection, code: the hidden ``.pd-facets``)
    are in the page for Pagefind but not displayed, at 1280 and 390 px."""
    papers = json.loads((layout_site / "papers.json").read_text(encoding="utf-8"))
    with serve(layout_site) as base, new_page(browser) as page:
        for width in (1280, PHONE):
            page.set_viewport_size({"width": width, "height": 800})
            for paper in papers:
                page.goto(base + paper["url"])
                box = page.locator("article .pd-facets")
                assert box.count() == 1
                assert box.evaluate("e => [e.hidden, e.getBoundingClientRect().height, "
                                    "getComputedStyle(e).display]") == [True, 0, "none"], (
                    width, paper["url"])


# A Zotero CSV whose venue has no page of its own: its chart's labels are plain text, so a
# keyboard can reach that chart only if the chart itself takes the focus.
VENUE_CSV = ('"Title","Abstract Note","Publication Title","Publication Year"\n' + "".join(
    f'"Long Venue Paper {i}","We propose LongVenue{i}, a method for ranking papers by venue '
    f'name length.","Proceedings of the {i}th Extraordinarily Long Workshop Name on Venue '
    f'Charts at Phone Widths","2024"\n' for i in range(1, 4)))


@pytest.fixture(scope="module")
def venue_site(tmp_path_factory) -> Path:
    """The site built from ``VENUE_CSV`` alone."""
    return _built_site(tmp_path_factory.mktemp("venues") / "project", "zotero.csv", VENUE_CSV)


def test_wide_chart_scrolls_by_keyboard_at_390px(browser, venue_site):
    """At a phone's width a bar chart wider than the column scrolls inside its figure; the
    reader tabs to it and scrolls it with the arrow keys, and axe finds no scrollable region
    a keyboard cannot reach."""
    from browser_support import axe_violations

    with serve(venue_site) as base, new_page(browser) as page:
        page.set_viewport_size({"width": PHONE, "height": 800})
        page.goto(base + "stats/", wait_until="networkidle")
        chart = page.locator("figure.pd-chart:has(#chart-venues)")
        assert chart.evaluate("f => f.scrollWidth > f.clientWidth")
        assert chart.evaluate("f => f.querySelectorAll('a').length") == 0
        for _ in range(200):  # the reader's Tab presses, until the venue chart has the focus
            page.keyboard.press("Tab")
            if chart.evaluate("f => document.activeElement === f"):
                break
        assert chart.evaluate("f => document.activeElement === f")
        page.keyboard.press("ArrowRight")
        page.wait_for_function("() => document.activeElement.scrollLeft > 0")
        found = [v["id"] for v in axe_violations(page) if v["id"] == "scrollable-region-focusable"]
        assert found == []
