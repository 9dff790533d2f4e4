"""Tokens -> HTML for paper pages and listings: byte for byte what Python-Markdown makes of the
Markdown renderer's output."""

from __future__ import annotations

import markdown
import pytest
from conftest import MD_EXTENSIONS
from hypothesis import HealthCheck, given, settings
from test_properties import abstracts
from test_render_cases import assert_safe_html

from generator.render.html import render_html
from generator.render.markdown import render_paragraph
from generator.text.markup import tokenize


def _reference(source: str) -> str:
    """Python-Markdown with the site's extensions, the ``<p>`` wrapper removed."""
    out = markdown.markdown(render_paragraph(tokenize(source)), extensions=MD_EXTENSIONS)
    return out[3:-4] if out.startswith("<p>") and out.endswith("</p>") else out


@pytest.mark.parametrize(("source", "expected"), [
    ("Plain words & <tags> stay text.", "Plain words &amp; &lt;tags&gt; stay text."),
    ("Code at https://github.com/a/b.",
     'Code at <a href="https://github.com/a/b">https&#58;//github.com/a/b</a>.'),
    ('Say "x" | a=b [d] 1.5 - # ^ & <b>',
     'Say "x" &#124; a&#61;b [d] 1.5 - # &#94; &amp; &lt;b&gt;'),
    ("!!! note", "&#33;!! note"),
    ("??? note", "&#63;?? note"),
    ("# not a heading", "# not a heading"),
    ("1. not a list", "1. not a list"),
    (r"\textbf{Bold} and \emph{it}", "<strong>Bold</strong> and <em>it</em>"),
    ("An *author's* emphasis", "An <em>author's</em> emphasis"),
    ("A*-search and D*-Lite", "A*-search and D*-Lite"),
])
def test_exact_html(source: str, expected: str) -> None:
    assert render_html(tokenize(source)) == expected


def test_math_is_the_pages_mathml() -> None:
    """A formula is the same MathML span the paper page shows."""
    got = render_html(tokenize(r"when $\ell = \Theta(\log k)$ holds"))
    assert got.startswith('when <span class="pd-math"><math ') and got.endswith("</span> holds")
    assert got == _reference(r"when $\ell = \Theta(\log k)$ holds")


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(abstracts())
def test_same_as_python_markdown(case: tuple[str, list[str]]) -> None:
    """On hostile abstracts: safe HTML, byte for byte what Python-Markdown gives for the page
    (the paper page hands it to MkDocs in place of the Markdown)."""
    source, _ = case
    got = render_html(tokenize(source))
    assert_safe_html(got)
    assert got == _reference(source)
