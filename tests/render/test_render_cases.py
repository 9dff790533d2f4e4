"""Faithful and safe text (issue 3): one case per kind, at Markdown and HTML level."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup
from conftest import _copy_project

from generator.render.html import render_html
from generator.text.markup import tokenize

UNSAFE_SCHEMES = ("javascript:", "data:", "vbscript:")

# The theme logo file name, read from the project's mkdocs.yml (one fact in one place).
LOGO = next(line.split(":", 1)[1].strip().rsplit("/", 1)[-1]
            for line in (Path(__file__).resolve().parents[2] / "mkdocs.yml").read_text(
                encoding="utf-8").splitlines() if line.strip().startswith("logo:"))


def unsafe_href(tag, value: object) -> bool:
    """A link target that could run or show injected content: a script or ``data:`` scheme
    (no page links a ``data:`` URL: the cite block's JSON download is a file)."""
    return str(value).strip().lower().startswith(UNSAFE_SCHEMES)


MATH_SPAN = '<span class="pd-math">'
MATH_OPEN = MATH_SPAN + '<math xmlns="http://www.w3.org/1998/Math/MathML" display="inline">'
MATH_CLOSE = "</math></span>"


def html_of(text: str) -> str:
    """The HTML the generator renders for an abstract (generator.render.html), which the
    page shows as it is."""
    return render_html(tokenize(text))


def assert_safe_html(html: str) -> None:
    """No script/iframe/img/object/embed elements, no on* attributes, no unsafe hrefs."""
    soup = BeautifulSoup(html, "html.parser")
    assert not soup.find_all(["script", "iframe", "img", "object", "embed", "style"])
    for tag in soup.find_all(True):
        for attr, value in tag.attrs.items():
            assert not attr.lower().startswith("on"), (tag, attr)
            if attr.lower() in ("href", "src", "action", "formaction", "xlink:href"):
                assert not unsafe_href(tag, value), (tag, value)


# (id, abstract source, exact expected HTML, expected visible text)
CASES = [
    ("emph", r"\emph{x} \textit{y} \textbf{z}", "<em>x</em> <em>y</em> <strong>z</strong>",
     "x y z"),
    ("escaped-specials", r"50\% \& a\_b \#1", "50% &amp; a_b #1", "50% & a_b #1"),
    ("tex-quotes", "``quoted'' and `quoted'", "“quoted” and ‘quoted’", "“quoted” and ‘quoted’"),
    ("dashes", "a---b a--b", "a—b a–b", "a—b a–b"),
    ("cite-ref-kept", r"see~\cite{foo, bar} and \ref{t}, \eqref{e}.",
     "see [foo, bar] and [t], (e).", "see [foo, bar] and [t], (e)."),
    ("cite-optional-label-dropped", r"as in~\citep[p.~3]{k}\label{x}.", "as in [k].",
     "as in [k]."),
    ("verb", r"run \verb|grep -r| now", "run <code>grep -r</code> now", "run grep -r now"),
    ("markdown-code-span", "wins by `2x` and `a' quote", "wins by <code>2x</code> and ‘a’ quote",
     "wins by 2x and ‘a’ quote"),
    ("line-breaks", r"a.\newline B.\linebreak C", "a. B. C", "a. B. C"),
    ("tilde-space", "Fig.~1", "Fig. 1", "Fig. 1"),
    ("accent", r'Schr\"odinger and Erd\H{o}s', "Schrödinger and Erdős",
     "Schrödinger and Erdős"),
    ("stray-backtick", "a ` stray backtick here", "a ‘ stray backtick here",
     "a ‘ stray backtick here"),
    ("dollar-money", "a $5M budget", "a $5M budget", "a $5M budget"),
    ("dollar-costs", "costs $3 and $4", "costs $3 and $4", "costs $3 and $4"),
    ("dollar-then-math", "a $5M budget gives $k$ wins",
     f"a $5M budget gives {MATH_OPEN}<mrow><mi>k</mi></mrow>{MATH_CLOSE} wins",
     "a $5M budget gives k wins"),
    ("escaped-dollar", r"pay \$5 now", "pay $5 now", "pay $5 now"),
    ("unicode", "Schrödinger — “q” × 中文 🚀", "Schrödinger — “q” × 中文 🚀",
     "Schrödinger — “q” × 中文 🚀"),
    ("raw-html", "<script>alert(1)</script> <img src=x onerror=alert(1)> <iframe src=x>",
     "&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt; &lt;iframe "
     "src=x&gt;",
     "<script>alert(1)</script> <img src=x onerror=alert(1)> <iframe src=x>"),
    ("js-url", "javascript:alert(1) and <javascript:alert(1)>",
     "javascript:alert(1) and &lt;javascript:alert(1)&gt;",
     "javascript:alert(1) and <javascript:alert(1)>"),
    ("data-vbscript", "data:text/html,hi vbscript:msgbox(1)",
     "data:text/html,hi vbscript:msgbox(1)", "data:text/html,hi vbscript:msgbox(1)"),
    ("href-js", r"\href{javascript:alert(1)}{click me}", "click me", "click me"),
    ("md-link", "[x](javascript:alert(1)) and ![i](data:image/png,x)",
     "[x](javascript:alert(1)) and ![i](data:image/png,x)",
     "[x](javascript:alert(1)) and ![i](data:image/png,x)"),
    ("md-ref-link", "[x][1]\n[1]: javascript:alert(1)", "[x][1] [1]: javascript:alert(1)",
     "[x][1] [1]: javascript:alert(1)"),
    ("attr-list", "word {: onclick=alert(1)}", "word {: onclick=alert(1)}",
     "word {: onclick=alert(1)}"),
    ("attr-list-heading", "Title {#id .cls onmouseover=alert(1)}",
     "Title {#id .cls onmouseover=alert(1)}",
     "Title {#id .cls onmouseover=alert(1)}"),
    ("yaml-lines", "x\n---\ntitle: evil\n---\n# head", "x — title: evil — # head",
     "x — title: evil — # head"),
    ("heading-start", "# not heading", "# not heading", "# not heading"),
    ("list-start", "- not list", "- not list", "- not list"),
    ("ordered-start", "1. not list", "1. not list", "1. not list"),
    ("quote-start", "> not quote", "&gt; not quote", "> not quote"),
    ("entity", "AT&amp;T &lt;b&gt;", "AT&amp;amp;T &amp;lt;b&amp;gt;", "AT&amp;T &lt;b&gt;"),
    ("md-emphasis", "**LayerCraft** *Sinkhorn bridge* ***PreciseInv*** **C**ombinato**r**ial",
     "<strong>LayerCraft</strong> <em>Sinkhorn bridge</em> <em><strong>PreciseInv</strong></em> "
     "<strong>C</strong>ombinato<strong>r</strong>ial",
     "LayerCraft Sinkhorn bridge PreciseInv Combinatorial"),
    ("https-link", "Code: https://github.com/a/b.",
     "Code: <a href=\"https://github.com/a/b\">https://github.com/a/b</a>.",
     "Code: https://github.com/a/b."),
    ("link-quote-attr", 'https://x.org/a"onclick="alert(1)',
     "<a href=\"https://x.org/a\">https://x.org/a</a>\"onclick=\"alert(1)",
     'https://x.org/a"onclick="alert(1)'),
    # an author's macro in math reads as an upright word, never as raw TeX
    ("unknown-math-macro", r"Bad $\foo{x}$ here.",
     f"Bad {MATH_OPEN}<mrow><mo>foo</mo><mrow><mi>x</mi></mrow></mrow>{MATH_CLOSE} here.",
     "Bad foox here."),
    ("unknown-math-macro-html", r"Bad $\foo{<b>}$",
     f"Bad {MATH_OPEN}<mrow><mo>foo</mo><mrow><mo>&#x0003C;</mo><mi>b</mi><mo>&#x0003E;</mo>"
     f"</mrow></mrow>{MATH_CLOSE}", "Bad foo<b>"),
]


@pytest.mark.parametrize(("src", "expected", "text"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_html_and_text(src: str, expected: str, text: str) -> None:
    """Each input kind gives the exact HTML, the exact visible text and safe HTML."""
    html = html_of(src)
    assert html == expected
    assert_safe_html(html)
    assert BeautifulSoup(html, "html.parser").get_text() == text


def test_markdown_emphasis_elements() -> None:
    """Author emphasis becomes strong/em elements, bold-letter acronyms included."""
    soup = BeautifulSoup(html_of("**LayerCraft** *Sinkhorn bridge* ***PreciseInv*** "
                                 "**C**ombinato**r**ial"), "html.parser")
    assert [s.get_text() for s in soup.find_all("strong")] == ["LayerCraft", "PreciseInv",
                                                                "C", "r"]
    assert [e.get_text() for e in soup.find_all("em")] == ["Sinkhorn bridge", "PreciseInv"]


def test_tex_emphasis_elements() -> None:
    """\\emph and \\textit give <em>, \\textbf gives <strong>."""
    soup = BeautifulSoup(html_of(r"\emph{x} \textit{y} \textbf{z}"), "html.parser")
    assert [e.get_text() for e in soup.find_all("em")] == ["x", "y"]
    assert [e.get_text() for e in soup.find_all("strong")] == ["z"]


MATH_CASES = [
    ("dollar", r"Let $x^2$ be.", False),
    ("paren", r"Let \(x^2\) be.", False),
    ("double-dollar", r"Let $$x^2$$ be.", True),
    ("bracket", r"Let \[x^2\] be.", True),
]


@pytest.mark.parametrize(("src", "display"), [c[1:] for c in MATH_CASES],
                         ids=[c[0] for c in MATH_CASES])
def test_math_to_mathml(src: str, display: bool) -> None:
    """All four delimiters become server-side MathML (no script, no network)."""
    html = html_of(src)
    soup = BeautifulSoup(html, "html.parser")
    maths = soup.find_all("math")
    assert len(maths) == 1
    assert maths[0]["display"] == ("block" if display else "inline")
    assert maths[0].find("msup") is not None
    assert [m.get_text() for m in maths[0].find_all(["mi", "mn"])] == ["x", "2"]
    assert soup.get_text() == "Let x2 be."
    assert "http" not in html.replace("http://www.w3.org/1998/Math/MathML", "")
    assert_safe_html(html)


@pytest.mark.parametrize(("src", "tokens"), [
    (r"$a_1 * b_2$", ["a", "1", "*", "b", "2"]),
    (r"$\ell_{2,1}$", ["ℓ", "2", ",", "1"]),
    (r"$x<y$", ["x", "<", "y"]),
    (r"$a_1 * b_2$ and $c_3 * d_4$", ["a", "1", "*", "b", "2", "c", "3", "*", "d", "4"]),
    (r"$k$-means++", ["k"]),
])
def test_math_untouched_by_markdown(src: str, tokens: list[str]) -> None:
    """Markdown never touches math content: every symbol survives into the MathML."""
    soup = BeautifulSoup(html_of(src), "html.parser")
    assert not soup.find_all(["em", "strong", "code"])
    got = [t.get_text() for m in soup.find_all("math") for t in m.find_all(["mi", "mn", "mo"])]
    assert got == tokens


def test_kmeans_text() -> None:
    """``$k$-means++`` reads "k-means++" in the HTML text."""
    assert BeautifulSoup(html_of("$k$-means++ works"), "html.parser").get_text() == \
        "k-means++ works"


# -- the same kinds through the full build ------------------------------------------------
HOSTILE = [
    "<script>alert('x')</script> is shown as text by the HostileScript paper.",
    "We study <img src=x onerror=alert(1)> images and <iframe src=javascript:alert(1)></iframe>"
    " frames in HostileImage.",
    "Visit [click](javascript:alert(1)) or ![img](data:text/html,x) and "
    r"\href{vbscript:msgbox(1)}{here} for HostileLink.",
    "HostileAttr is a method {: onclick=alert(1) } with attributes {#x onmouseover=alert(2)}.",
    "HostileYaml: a method\n---\ntitle: injected\ntags: [evil]\n---\nwith front matter lines.",
    "title: \"Injected\" # comment\nHostileColon: key: value pairs and 'quotes' \"here\".",
    r"We propose $\ell_{2,1}$ regularisation with $a_1 * b_2$ and $x<y$ in MathHeavy, "
    r"plus \(O(k \log n)\) and \[\sum_i x_i\] at a $5M budget that costs $3 and $4.",
]


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory) -> Path:
    """A full build (generate + mkdocs build --strict) of a seed file of hostile abstracts."""
    project = _copy_project(tmp_path_factory.mktemp("hostile") / "project")
    for f in (project / "seeds").glob("*.txt"):
        f.unlink()
    (project / "seeds" / "hostile.txt").write_text(
        "Hostile Papers\n\n" + "\n\n".join(HOSTILE) + "\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "generator.cli", "build"], cwd=project,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return project


def _pages(project: Path) -> list[Path]:
    return sorted((project / "site" / "papers").glob("*/index.html"))


def test_hostile_build_one_page_each(hostile_site: Path) -> None:
    """Every hostile abstract gets exactly one page."""
    assert len(_pages(hostile_site)) == len(HOSTILE)


def test_hostile_pages_front_matter(hostile_site: Path) -> None:
    """Every generated page's front matter parses and holds only the generator's keys."""
    pages = sorted((hostile_site / ".paper-digest-cache" / "pages" / "papers").glob("*/index.md"))
    assert len(pages) == len(HOSTILE)
    for md in pages:
        text = md.read_text(encoding="utf-8")
        m = re.match(r"---\n(.*?\n)---\n", text, re.S)
        assert m, md
        meta = yaml.safe_load(m.group(1))
        assert set(meta) == {"title", "description", "tags", "paper_id", "collection",
                             "template", "hide"}
        assert meta["hide"] == ["toc"]
        assert meta["collection"] == "Hostile Papers"
        assert "evil" not in meta["tags"]
        assert meta["title"] != "Injected"


def test_hostile_pages_content_safe(hostile_site: Path) -> None:
    """The article of every built paper page has no injected element, on* attribute or href."""
    for page in _pages(hostile_site):
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        article = soup.find("article")
        assert article is not None
        assert_safe_html(str(article))


def test_hostile_pages_whole_page_safe(hostile_site: Path) -> None:
    """No element anywhere on a built page (head and header included) is injected."""
    for page in _pages(hostile_site):
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        for tag in soup.find_all(True):
            assert not any(a.lower().startswith("on") for a in tag.attrs), (page, tag)
            assert not unsafe_href(tag, tag.get("href", "")), (page, tag)
        assert not soup.find_all("iframe"), page
        # The one image a page may hold is the theme's logo (mkdocs.yml theme.logo), never
        # one from an abstract.
        assert [img.get("src", "").rsplit("/", 1)[-1] for img in soup.find_all("img")
                if img.get("alt") != "logo" or not img.get("src", "").endswith(LOGO)] == [], page
        for script in soup.find_all("script"):
            assert "alert" not in script.get_text(), page


def test_hostile_text_visible(hostile_site: Path) -> None:
    """Raw HTML and link syntax from abstracts is visible as text in the built page."""
    texts = "\n".join(BeautifulSoup(p.read_text(encoding="utf-8"), "html.parser")
                      .find("article").get_text(" ") for p in _pages(hostile_site))
    for fragment in ("<script>alert('x')</script>", "<img src=x onerror=alert(1)>",
                     "[click](javascript:alert(1))", "![img](data:text/html,x)",
                     "{: onclick=alert(1) }", "title: injected", "$5M budget",
                     "costs $3 and $4"):
        assert fragment in texts, fragment


def test_hostile_math_built(hostile_site: Path) -> None:
    """Math in the full build is MathML; no TeX delimiters survive in the visible text."""
    page = next(p for p in _pages(hostile_site)
                if "MathHeavy" in p.read_text(encoding="utf-8"))
    soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
    abstract = soup.find(id="abstract").find("p")
    assert len(abstract.find_all("math")) == 5
    assert "\\(" not in abstract.get_text() and "\\ell" not in abstract.get_text()


@pytest.mark.parametrize(("src", "text"), [
    # norm bars: pylatexenc drops \| (a new user's highlight lost them)
    (r"$\|x - y\|_2^2$", "‖x - y‖_2^2"),
    (r"$\left\| f \right\|$", "‖ f ‖"),
    (r"$\lVert x \rVert$", "‖ x ‖"),
    (r"$|x|$", "|x|"),
])
def test_plain_text_of_norms(src: str, text: str) -> None:
    from generator.text.markup import plain_text

    assert plain_text(src) == text
