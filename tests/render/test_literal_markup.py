"""Markup the abstract renderer shows as the author wrote it (issue 22, hostile input): an HTML
comment is text (raw HTML is text), never given TeX's dashes (``<!– x –>``); an ASCII arrow
(``-->``, ``CUDA <--> HIP`` in ``../shared/arxiv/``) stays an arrow."""

from __future__ import annotations

import pytest

from generator.render.html import render_html
from generator.text.markup import plain_label, plain_text, tokenize


@pytest.mark.parametrize(("source", "html", "plain"), [
    ("We do x <!-- hidden note --> and y.", "We do x &lt;!-- hidden note --&gt; and y.",
     "We do x <!-- hidden note --> and y."),
    ("<!--a -- b--> then a -- b", "&lt;!--a -- b--&gt; then a – b", "<!--a -- b--> then a – b"),
    ("open <!-- never closed -- here", "open &lt;!-- never closed – here",
     "open <!-- never closed – here"),
    ("CUDA <--> HIP, sex-->education, A ---> B <-- C",
     "CUDA &lt;--&gt; HIP, sex--&gt;education, A ---&gt; B &lt;-- C",
     "CUDA <--> HIP, sex-->education, A ---> B <-- C"),
    ("pages 1--9, a --- b, x -> y", "pages 1–9, a — b, x -&gt; y", "pages 1–9, a — b, x -> y"),
])
def test_html_comments_and_arrows_are_shown_as_written(source: str, html: str, plain: str
                                                       ) -> None:
    assert render_html(tokenize(source)) == html
    assert plain_text(source) == plain
    assert plain_label(source) == plain


@pytest.mark.parametrize("source", [
    r"$\frac{a}{b$", r"$x^{2$", r"$a}b$", r"$$\frac{a}{b$$", r"\(\frac{a}{b\)", r"\[x^{2\]",
    r"$\left( x$", r"$\begin{cases} x$",
])
def test_math_whose_tex_does_not_parse_is_shown_as_its_source(source: str) -> None:
    """'$\\frac{a}{b$' rendered '$a{b$' (the command and a brace lost); a typesetter's guess
    ('\\(\\frac{a}{b\\)' as a/b) changes the content too."""
    text = f"Before {source} after."
    expected = source.replace("&", "&amp;").replace("<", "&lt;")
    assert render_html(tokenize(text)) == f"Before {expected} after."
    assert plain_text(text) == text


@pytest.mark.parametrize(("source", "plain"), [
    (r"$\frac{a}{b}$", "a/b"), (r"$\left( x \right)$", "( x )"), (r"$\{x\}$", "{x}"),
    ("costs $5 {and $10", "costs $5 {and $10"),
])
def test_balanced_math_and_money_are_read_as_before(source: str, plain: str) -> None:
    assert plain_text(source) == plain
