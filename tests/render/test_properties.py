"""Property-based tests: generated hostile abstracts through tokenize, render and generate."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import markdown
import pytest
import yaml
from bs4 import BeautifulSoup
from conftest import MD_EXTENSIONS, ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_render_cases import assert_safe_html

from generator.build import generate
from generator.config import DigestConfig
from generator.extract import paper_id
from generator.render.html import render_html
from generator.text.markup import plain_text, tokenize

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéöüßλ中文",
                min_size=2, max_size=10)
# Fragments whose visible words are not checked (markup, math, specials, URLs).
NOISE = st.sampled_from([
    "$x^2$", r"\(a_1 * b_2\)", "$$\\sum_i x_i$$", r"\[x<y\]", "$", "$5M", "`", "``", "''",
    "<", ">", "&", "*", "_", "**", "---", "--", "~", r"\%", r"\&", r"\_", r"\#", r"\cite{k1}",
    r'\"o', "<script>", "</script>", "<img src=x onerror=alert(1)>", "<iframe>", "{:", "}",
    "[x](javascript:alert(1))", "![i](data:x)", "https://github.com/a/b.",
    "javascript:alert(1)", "data:text/html,x", "vbscript:x", "<https://x.org/p>", r"\unknown",
    "{", "|", "#", "1.", "-", ">", "\u00a0", "🚀", "×", "“", "\\", "\t", "\n---\n", "\n",
    r"\ell_{2,1}", "${", "$\\frac{1}{", "&amp;", "&#60;", "<!--", "-->", "\\href{x}{",
])


@st.composite
def abstracts(draw) -> tuple[str, list[str]]:
    """An abstract source and the words that must stay visible."""
    parts: list[str] = []
    words: list[str] = []
    for _ in range(draw(st.integers(1, 25))):
        kind = draw(st.integers(0, 4))
        if kind <= 1:
            w = draw(WORDS)
            parts.append(w)
            words.append(w)
        elif kind == 2:
            w = draw(WORDS)
            cmd = draw(st.sampled_from([r"\emph", r"\textbf", r"\textit", r"\text"]))
            parts.append(f"{cmd}{{{w}}}")
            words.append(w)
        else:
            parts.append(draw(NOISE))
    text = " ".join(parts)
    return text, words


def _visible(html: str) -> str:
    return BeautifulSoup(html, "html.parser").get_text(" ")


@SETTINGS
@given(abstracts())
def test_render_never_crashes_and_is_safe(case: tuple[str, list[str]]) -> None:
    """tokenize/render never raise, output is safe HTML and every plain word is visible."""
    text, words = case
    plain_text(text)
    html = render_html(tokenize(text))
    assert_safe_html(html)
    visible = _visible(html)
    for w in words:
        # A word between two stray "$" may be a formula (TeX pairs them), whose letters
        # MathML sets one element each.
        assert w in visible or w in visible.replace(" ", ""), (w, text, html)


def _page_body(md: str) -> tuple[dict, str]:
    m = re.match(r"---\n(.*?\n)---\n", md, re.S)
    assert m, md[:200]
    return yaml.safe_load(m.group(1)), md[m.end():]


@pytest.mark.e2e
@SETTINGS
@given(st.lists(abstracts(), min_size=1, max_size=4))
def test_generate_pages(cases: list[tuple[str, list[str]]]) -> None:
    """generate never crashes, writes one safe page per distinct abstract with all words."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        seeds = root / "seeds"
        seeds.mkdir()
        texts = [t for t, _ in cases]
        body = "\n\n".join(t.replace("\n\n", "\n") for t in texts)
        (seeds / "gen.txt").write_text("Generated Papers\n\n" + body + "\n", encoding="utf-8")
        config = DigestConfig(seeds_dir=seeds, docs_dir=root / "docs",
                              taxonomy=ROOT / "taxonomy.yml", overrides=seeds / "overrides.yml")
        result = generate(config)
        pages = sorted((config.docs_dir / "papers").glob("*/index.md"))
        distinct = {a.text for p in result.papers for a in [p.facts.abstract]}
        assert len(pages) == len(result.papers) == len(distinct)
        words_by_id: dict[str, list[str]] = {}
        for text, words in cases:
            for para in [p for p in re.split(r"\n\s*\n", text.replace("\n\n", "\n")) if p]:
                words_by_id.setdefault(paper_id(para), []).extend(
                    w for w in words if w in para)
        for page in pages:
            meta, md = _page_body(page.read_text(encoding="utf-8"))
            assert set(meta) == {"title", "description", "tags", "paper_id", "collection",
                                 "template", "hide"}
            assert meta["hide"] == ["toc"]
            html = markdown.markdown(md, extensions=MD_EXTENSIONS)
            assert_safe_html(html)
            soup = BeautifulSoup(html, "html.parser")
            abstract = soup.find(id="abstract").find("p").get_text(" ")
            for w in words_by_id.get(meta["paper_id"], []):
                assert w in abstract or w in abstract.replace(" ", ""), (w, page.name)
