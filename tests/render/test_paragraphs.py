"""An abstract's paragraphs and TeX structure on the page (issue 22, findings 5, 8, 32)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.render.html import paragraphs, render_html
from generator.render.pages import _ABSTRACT_P, _visible
from generator.text.markup import plain_text, tokenize

MATH = ('<span class="pd-math"><math xmlns="http://www.w3.org/1998/Math/MathML" '
        'display="inline"><mrow><msup><mn>10</mn><mn>6</mn></msup></mrow></math></span>')


def shown(text: str) -> list[str]:
    """The HTML of each paragraph of ``text`` as the paper page shows it."""
    return _visible(text, _ABSTRACT_P).split(f"</p>{_ABSTRACT_P}")


def test_blank_lines_are_paragraphs():
    assert shown("A model.\n\nIt wins.\n  \n\nBy far.") == ["A model.", "It wins.", "By far."]


def test_one_paragraph_is_unchanged():
    assert shown("One line\nand the next.") == ["One line and the next."]


def test_par_starts_a_paragraph_and_breaks_keep_words_apart():
    text = r"First about attention.\par Second after par.\\ A line.\newline After newline."
    assert shown(text) == ["First about attention.", "Second after par.  A line. After newline."]
    assert plain_text(text) == ("First about attention. Second after par. A line. "
                                "After newline.")


def test_itemize_items_are_paragraphs_with_bullets():
    text = ("We contribute:\n\\begin{itemize}\n\\item a new dataset of $10^6$ images;\n"
            "\\item a model that is fast.\n\\end{itemize}\nResults follow.")
    assert shown(text) == ["We contribute:", f"• a new dataset of {MATH} images;",
                           "• a model that is fast.", "Results follow."]
    assert plain_text(text) == ("We contribute: • a new dataset of 10^6 images; "
                                "• a model that is fast. Results follow.")


def test_enumerate_numbers_and_item_labels():
    text = (r"Steps: \begin{enumerate} \item collect, \item train \end{enumerate} and "
            r"\begin{enumerate}\item[(i)] test\end{enumerate} with \cite{smith2020}.")
    assert shown(text) == ["Steps:", "1. collect,", "2. train", "and", "(i) test",
                           "with [smith2020]."]


def test_a_blank_line_inside_a_style_stays_in_its_paragraph():
    assert shown("\\emph{a\n\nb} c") == ["<em>a  b</em> c"]


def test_nothing_visible_keeps_the_source():
    assert _visible("~\\footnote{}", _ABSTRACT_P) == '<code class="pd-tex">~\\footnote{}</code>'


WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=8)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(WORD, min_size=1, max_size=6), min_size=1, max_size=6),
       st.sampled_from(["\n\n", "\n \n", "\\par ", "\n\n\n"]))
def test_paragraphs_are_the_blank_line_separated_parts(parts, separator):
    """Words joined by spaces, paragraphs by a blank line or \\par: one HTML paragraph per
    part, holding exactly its words."""
    text = separator.join(" ".join(words) for words in parts)
    assert [render_html(p) for p in paragraphs(tokenize(text))] == [
        " ".join(words) for words in parts]


def test_markdown_bullets_and_headings_are_paragraphs():
    text = ("We propose **FastNet**, a model.\n\n- it is fast\n* it is small\n\n## Results ##\n\n"
            "It wins by `2x`.")
    assert shown(text) == ["We propose <strong>FastNet</strong>, a model.", "• it is fast",
                           "• it is small", "Results", "It wins by <code>2x</code>."]
    assert plain_text(text) == ("We propose FastNet, a model. • it is fast • it is small "
                                "Results It wins by 2x.")


def test_a_lone_dash_line_and_a_hash_inside_a_paragraph_are_prose():
    """One line starting "- " is a dash a hard wrap put there; "# of" inside a paragraph is
    "number of": both stay as written."""
    assert shown("a trade-off\n- which is fine") == ["a trade-off - which is fine"]
    assert shown("the\n# of parameters\n\nis 5") == ["the # of parameters", "is 5"]


def test_keys_and_code_are_shown_as_written_without_markdown():
    """A citation key or code with underscores or asterisks is no emphasis."""
    assert shown(r"see \cite{_a_, b_c} and `a*b*c` and \verb|x_y_| and *em*") == [
        "see [_a_, b_c] and <code>a*b*c</code> and <code>x_y_</code> and <em>em</em>"]
