"""A paper read from a metadata file, in headless Chromium at desktop width and at 390 px: its
authors, arXiv and DOI badges, and the BibTeX cite block, all visible, inside the viewport's
width, working (links, copy button, JSON download); screenshots for review."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from browser_support import new_page, playwright, serve
from conftest import ROOT, _copy_project

from generator.render.reading_list import JSON_KEYS

sync_api = playwright()  # skips (or fails in CI) the whole module without Chromium
expect = sync_api.expect
pytestmark = pytest.mark.browser

SCREENSHOTS = Path(os.environ.get("PAPER_DIGEST_SCREENSHOTS")
                   or Path(tempfile.gettempdir()) / "paper-digest-screenshots")
WIDTHS = {"desktop": 1280, "phone": 390}


@pytest.fixture(scope="module")
def metadata_site(tmp_path_factory) -> Path:
    """The seeds plus the shipped examples, built."""
    project = _copy_project(tmp_path_factory.mktemp("metadata") / "project")
    for path in (ROOT / "examples").iterdir():
        shutil.copy2(path, project / "seeds" / path.name)
    proc = subprocess.run([sys.executable, "-m", "generator.cli", "build"], cwd=project,
                          capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, NO_MKDOCS_2_WARNING="1"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return project / "site"


@pytest.fixture(scope="module")
def bert(metadata_site: Path) -> dict:
    """papers.json's entry of the BibTeX example with authors, arXiv id and DOI."""
    papers = json.loads((metadata_site / "papers.json").read_text(encoding="utf-8"))
    return next(p for p in papers if p["doi"] and p["arxiv_id"] and p["authors"]
                and p["sources"][0]["file"].endswith(".bib"))


@pytest.mark.parametrize("viewport", list(WIDTHS))
def test_paper_with_authors_links_and_bibtex(browser, metadata_site: Path, bert: dict,
                                              viewport: str) -> None:
    width = WIDTHS[viewport]
    with serve(metadata_site) as base, new_page(browser) as page:
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(base + bert["url"], wait_until="networkidle")
        expect(page.locator("article h1")).to_contain_text(bert["title"])
        byline = page.locator("article .pd-byline")
        expect(byline).to_be_visible()
        expect(byline).to_contain_text(", ".join(bert["authors"]))
        arxiv = page.locator(f"article a.pd-badge--paper[href='https://arxiv.org/abs/"
                             f"{bert['arxiv_id']}']")
        doi = page.locator(f"article a.pd-badge--paper[href='https://doi.org/{bert['doi']}']")
        for badge, label in ((arxiv, "arXiv"), (doi, "DOI")):
            expect(badge).to_be_visible()
            expect(badge).to_contain_text(label)
            box = badge.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width
        bibtex = page.locator("article .pd-cite code.language-bibtex")
        bibtex.scroll_into_view_if_needed()
        expect(bibtex).to_be_visible()
        text = bibtex.inner_text()
        assert text.startswith("@inproceedings{devlin2019bert,")
        assert f"eprint        = {{{bert['arxiv_id']}}}" in text
        assert "author        = {Jacob Devlin and Ming-Wei Chang" in text
        # the entry wraps inside the column: neither it nor the page scrolls sideways
        sizes = page.evaluate("""() => {
            const pre = document.querySelector('.pd-cite pre');
            return {doc: document.documentElement.scrollWidth, pre: pre.scrollWidth,
                    preBox: pre.clientWidth};
        }""")
        assert sizes["doc"] <= width and sizes["pre"] <= sizes["preBox"] + 1, sizes
        reference = page.locator("article .pd-cite__reference a")
        expect(reference).to_have_attribute(
            "href", "https://example.github.io/paper-digest/" + bert["url"])
        # the downloads: the paper's reading-list record, as a reader saves it
        downloads = {}
        for kind in ("bibtex", "json"):
            with page.expect_download() as info:
                page.locator(f"article .pd-cite [data-pd-cite-export='{kind}']").click()
            downloads[kind] = info.value
        assert downloads["json"].suggested_filename == bert["slug"] + ".json"
        assert json.loads(Path(downloads["json"].path()).read_text(encoding="utf-8")) == {
            **{k: bert[k] for k in JSON_KEYS},
            "page": "https://example.github.io/paper-digest/" + bert["url"]}
        assert Path(downloads["bibtex"].path()).read_text(encoding="utf-8").strip() == \
            text.strip()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.evaluate("window.scrollTo(0, 0)")  # the sticky header back at the top
        shot = SCREENSHOTS / f"paper-metadata-{viewport}.png"
        page.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 10_000


def test_bibtex_copy_button(browser, metadata_site: Path, bert: dict) -> None:
    """Material's copy button on the BibTeX block puts the entry on the clipboard."""
    with serve(metadata_site) as base, new_page(browser) as page:
        page.context.grant_permissions(["clipboard-read", "clipboard-write"])
        page.goto(base + bert["url"], wait_until="networkidle")
        page.locator("article .pd-cite pre").hover()
        button = page.locator("article .pd-cite button.md-code__button[data-md-type=copy]")
        expect(button).to_have_count(1)
        button.click()
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied.startswith("@inproceedings{devlin2019bert,")
        assert copied.rstrip().endswith("}")
