"""Tokens -> HTML for paper pages and listings (generator.render.html): the one renderer of an
abstract, whose HTML MkDocs shows as it is."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from test_properties import abstracts
from test_render_cases import assert_safe_html

from generator.render.html import render_html
from generator.text.markup import tokenize


@pytest.mark.parametrize(("source", "expected"), [
    ("Plain words & <tags> stay text.", "Plain words &amp; &lt;tags&gt; stay text."),
    ("Code at https://github.com/a/b.",
     'Code at <a href="https://github.com/a/b">https://github.com/a/b</a>.'),
    ('Say "x" | a=b [d](e) 1.5 - # ^ &amp; \\', 'Say "x" | a=b [d](e) 1.5 - # ^ &amp;amp; \\'),
    ('"x" [d](e) \\*', '&quot;x&quot; [d](e) \\*'),
    ("!!! note", "!!! note"),
    ("# not a heading", "# not a heading"),
    ("1. not a list", "1. not a list"),
    (r"\textbf{Bold} and \emph{it}", "<strong>Bold</strong> and <em>it</em>"),
    # Authors' Markdown emphasis, by CommonMark's rules (seeds: CROWD, PreciseInv, dQP).
    ("An *author's* emphasis", "An <em>author's</em> emphasis"),
    ("**C**ombinato**r**ial", "<strong>C</strong>ombinato<strong>r</strong>ial"),
    ("***PreciseInv***, a", "<em><strong>PreciseInv</strong></em>, a"),
    ("responses _as_ representations", "responses <em>as</em> representations"),
    ("A*-search and D*-Lite; snake_case_name", "A*-search and D*-Lite; snake_case_name"),
    # emphasis around a link and a formula: the tokens stand inside it
    ("*see https://a.org/x_y_z now*",
     '<em>see <a href="https://a.org/x_y_z">https://a.org/x_y_z</a> now</em>'),
    ("a \ue001 b *c*", "a \ue001 b <em>c</em>"),
])
def test_exact_html(source: str, expected: str) -> None:
    assert render_html(tokenize(source)) == expected


def test_math_is_the_pages_mathml() -> None:
    """A formula is the MathML span of render_math, also inside emphasis."""
    got = render_html(tokenize(r"when $\ell = \Theta(\log k)$ holds"))
    assert got.startswith('when <span class="pd-math"><math ') and got.endswith("</span> holds")
    assert render_html(tokenize(r"*when $\ell$ holds*")).startswith(
        '<em>when <span class="pd-math"><math ')


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(abstracts())
def test_hostile_abstracts_give_safe_html(case: tuple[str, list[str]]) -> None:
    """Any abstract: safe HTML (no element or attribute it did not put there), and none of
    the renderer's stand-in characters left behind."""
    source, _ = case
    got = render_html(tokenize(source))
    assert_safe_html(got)
    assert sorted(c for c in got if "\ue000" <= c <= "\uf8ff") == sorted(
        c for c in source if "\ue000" <= c <= "\uf8ff")


def test_front_matter_reads_back_as_mkdocs_reads_it() -> None:
    """GeneratedPage reads its front matter with read_front_matter (libyaml): the same
    meta and body as MkDocs' own reader gives for the generator's pages."""
    from mkdocs.utils.meta import get_data

    from generator.render.pages import front_matter, read_front_matter

    page = front_matter({"title": 'A: "b" <c> #d', "description": "x\ny", "tags": ["T: 1"],
                         "search": {"exclude": True}}) + "\n<h1 id=\"a\">A</h1>\n"
    meta, body = read_front_matter(page)
    assert (body, meta) == get_data(page)
    assert meta["tags"] == ["T: 1"] and body == '<h1 id="a">A</h1>\n'
    assert read_front_matter("<p>no front matter</p>") == ({}, "<p>no front matter</p>")


def test_toc_tokens_nest_headings_by_level() -> None:
    """GeneratedPage's table of contents: each heading under the nearest earlier one of a
    lower level, in page order."""
    from generator.plugin.page import toc_tokens

    got = toc_tokens({"t": (1, "T"), "a": (2, "A"), "a1": (3, "A1"), "b": (2, "B"),
                      "u": (1, "U")})
    assert [(x["id"], [(y["id"], [z["id"] for z in y["children"]]) for y in x["children"]])
            for x in got] == [("t", [("a", ["a1"]), ("b", [])]), ("u", [])]
