"""MathML inside JATS and HTML abstracts (issue 22, markup inside abstracts): Crossref's
``<mml:math>`` and HTML's ``<math>`` were flattened to their text (``x2`` for x²); they are the
TeX the page typesets."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from latex2mathml.converter import convert as tex_to_mathml

from generator.read import READERS
from generator.read.markup_text import markup_to_text

MML = 'xmlns:mml="http://www.w3.org/1998/Math/MathML"'


@pytest.mark.parametrize(("math", "tex"), [
    ("<msup><mi>x</mi><mn>2</mn></msup>", "$x^2$"),
    ("<msub><mi>x</mi><mi>i</mi></msub>", "$x_i$"),
    ("<msubsup><mi>x</mi><mi>i</mi><mn>2</mn></msubsup>", "$x_i^2$"),
    ("<mfrac><mn>1</mn><mi>n</mi></mfrac>", r"$\frac{1}{n}$"),
    ("<msqrt><mi>d</mi><mo>+</mo><mn>1</mn></msqrt>", r"$\sqrt{d+1}$"),
    ("<mroot><mi>x</mi><mn>3</mn></mroot>", r"$\sqrt[3]{x}$"),
    ("<mrow><mi>O</mi><mo>(</mo><mi>n</mi><mi>log</mi><mi>n</mi><mo>)</mo></mrow>",
     r"$O(n\log n)$"),
    ("<mi>ε</mi><mo>≤</mo><mn>0.1</mn><mtext> for all </mtext><mi>i</mi>",
     r"$ε\leq 0.1\text{ for all }i$"),
    ("<msup><mrow><mo>(</mo><mi>a</mi><mo>+</mo><mi>b</mi><mo>)</mo></mrow><mn>2</mn></msup>",
     "${(a+b)}^2$"),
    ("<munderover><mo>∑</mo><mrow><mi>i</mi><mo>=</mo><mn>1</mn></mrow><mi>n</mi></munderover>"
     "<msub><mi>x</mi><mi>i</mi></msub>", r"$\sum_{i=1}^nx_i$"),
    ('<msup><mi mathvariant="double-struck">R</mi><mi>d</mi></msup>', r"$\mathbb{R}^d$"),
    ("<mover><mi>x</mi><mo>^</mo></mover><mo>=</mo><mn>5</mn><mo>%</mo>", r"$\hat{x}=5\%$"),
    ("<mi>f</mi><mo>&ApplyFunction;</mo><mo>(</mo><mi>x</mi><mo>)</mo>", "$f(x)$"),
])
def test_mathml_elements_become_tex(math: str, tex: str) -> None:
    assert markup_to_text(f"<p>a <math>{math}</math> b</p>") == f"a {tex} b"
    prefixed = re.sub(r"<(/?)(m[a-z]+)", r"<\1mml:\2", math)
    assert markup_to_text(f"<jats:p>a <mml:math {MML}>{prefixed}</mml:math> b</jats:p>") == \
        f"a {tex} b"


def test_the_sources_own_tex_is_preferred() -> None:
    assert markup_to_text('<p><math alttext="x^{2}"><mi>x</mi><mn>2</mn></math></p>') == \
        "$x^{2}$"
    annotated = ("<mml:math><mml:semantics><mml:mrow><mml:mi>k</mml:mi></mml:mrow>"
                 '<mml:annotation encoding="application/x-tex">k \\geq 2</mml:annotation>'
                 "</mml:semantics></mml:math>")
    assert markup_to_text(f"<jats:p>for {annotated}.</jats:p>") == "for $k \\geq 2$."
    assert markup_to_text('<p><math display="block" alttext="$a$"><mi>a</mi></math></p>') == \
        "$$a$$"


def test_a_crossref_abstract_with_mathml_reads_as_tex() -> None:
    """The hostile-input Crossref work: ``x+F(x)`` in MathML beside a JATS italic and sup."""
    work = {"DOI": "10.1109/cvpr.2016.90", "title": ["Deep Residual Learning"],
            "container-title": ["CVPR"], "issued": {"date-parts": [[2016]]},
            "abstract": "<jats:title>Abstract</jats:title><jats:p>We use <jats:italic>residual"
                        "</jats:italic> learning with <mml:math><mml:mi>x</mml:mi><mml:mo>+"
                        "</mml:mo><mml:mi>F</mml:mi><mml:mo>(</mml:mo><mml:mi>x</mml:mi>"
                        "<mml:mo>)</mml:mo></mml:math> and 10<jats:sup>6</jats:sup> images."
                        "</jats:p>"}
    parsed = READERS[".json"](json.dumps({"message": work}).encode(), "cr.json",
                              "seeds/cr.json")
    assert parsed.records[0].text == "We use residual learning with $x+F(x)$ and 10⁶ images."


def test_a_title_with_mathml_keeps_its_script() -> None:
    assert markup_to_text("Deep <mml:math><mml:msub><mml:mi>L</mml:mi><mml:mn>2</mml:mn>"
                          "</mml:msub></mml:math> Nets", plain=True) == "Deep $L_2$ Nets"


def test_an_unclosed_math_element_keeps_its_text() -> None:
    assert markup_to_text("<p>Open <math><mi>x</mi><mo>+</mo><mn>1</mn>") == "Open $x+1$"


_TOKENS = st.one_of(st.sampled_from("abcxyz").map(lambda c: f"<mi>{c}</mi>"),
                    st.integers(0, 99).map(lambda n: f"<mn>{n}</mn>"))
_TREES = st.recursive(_TOKENS, lambda kids: st.one_of(
    st.tuples(kids, kids).map(lambda p: f"<msup>{p[0]}{p[1]}</msup>"),
    st.tuples(kids, kids).map(lambda p: f"<msub>{p[0]}{p[1]}</msub>"),
    st.tuples(kids, kids).map(lambda p: f"<mfrac>{p[0]}{p[1]}</mfrac>"),
    st.lists(kids, min_size=1, max_size=3).map(lambda k: f"<mrow>{''.join(k)}</mrow>"),
    kids.map(lambda k: f"<msqrt>{k}</msqrt>")), max_leaves=8)
_LEAF = re.compile(r"<m[in]>([^<]*)</m[in]>")


@settings(max_examples=80, deadline=None)
@given(st.lists(_TREES, min_size=1, max_size=3))
def test_the_tex_typesets_the_same_symbols_in_order(trees: list[str]) -> None:
    """Any tree of scripts, fractions, roots and rows: the TeX it becomes, typeset again by
    the page's TeX reader (latex2mathml), has the same numbers and letters in the same order,
    and the same count of each script and fraction."""
    math = "".join(trees)
    text = markup_to_text(f"<math>{math}</math>")
    assert text.startswith("$") and text.endswith("$")
    again = tex_to_mathml(text[1:-1])
    assert _LEAF.findall(again) == _LEAF.findall(math)
    for tag in ("mfrac", "msqrt"):
        assert again.count(f"<{tag}>") == math.count(f"<{tag}>")
    scripts = again.count("<msup>") + again.count("<msub>") + 2 * again.count("<msubsup>")
    assert scripts == math.count("<msup>") + math.count("<msub>")
