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
