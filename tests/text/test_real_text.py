"""Real text, faithfully (issue 13): each fault's kind, with the issue's examples and inputs of
the same kinds written here (never copied from real data); plus property tests for the
general rules and the real-data figures when ``../shared/real/`` is present."""

from __future__ import annotations

import glob
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from conftest import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.build import generate
from generator.config import DigestConfig
from generator.errors import InputError
from generator.extract.links import extract_links
from generator.read.clean import repair_text
from generator.read.text import parse_seed_file
from generator.render.html import render_html
from generator.render.markdown import render_math
from generator.text.markup import Math, Styled, Text, Unknown, Url, plain_text, tokenize
from generator.text.urls import normalize_url

INLINE = '<math xmlns="http://www.w3.org/1998/Math/MathML" display="inline"><mrow>{}</mrow></math>'


def visible(source: str) -> str:
    """The abstract's visible text on its page, as a reader sees it."""
    return soup(source).get_text()


def soup(source: str) -> BeautifulSoup:
    return BeautifulSoup(render_html(tokenize(source)), "html.parser")


# -- 1. reading -----------------------------------------------------------------------------
@pytest.mark.parametrize(("raw", "text", "detail"), [
    ("quanti\x02fying", "quantifying", "U+0002 at column 7 removed"),
    ("the $\x08eta$-smooth case", "the $\\beta$-smooth case", "U+0008 at column 6 -> \\b"),
    ("a $\x0crac{1}{2}$ step", "a $\\frac{1}{2}$ step", "U+000C at column 4 -> \\f"),
    ("models\x00 thereby", "models thereby", "U+0000 at column 7 removed"),
    ("bell\x07 rings", "bell rings", "U+0007 at column 5 removed"),
    ("del\x7f and c1\x85", "del and c1", "U+007F at column 4 removed, U+0085 at column 12 removed"),
])
def test_control_characters(raw: str, text: str, detail: str) -> None:
    """Control characters are removed, or mapped back to the TeX escape a C string ate."""
    fixed, repairs = repair_text(raw)
    assert fixed == text
    assert [(r.line, r.kind, r.detail) for r in repairs] == [(1, "control", detail)]


@pytest.mark.parametrize(("raw", "text"), [
    ("the modelâ€™s output", "the model’s output"),
    ("a â€œquotedâ€\x9d word", "a “quoted” word"),
    ("10 Ã— faster", "10 × faster"),
    ("Schrã¶dinger", "Schrã¶dinger"),  # not mojibake of anything: left alone
    ("naïve café – “fine”", "naïve café – “fine”"),  # correct text is never touched
])
def test_mojibake(raw: str, text: str) -> None:
    """UTF-8 read as Windows-1252 is repaired by ftfy; correct text is left as it is."""
    assert repair_text(raw)[0] == text


def test_repairs_are_notices_and_never_stop_a_run() -> None:
    """Each repaired line is a notice naming file and line; nothing raises."""
    data = "Coll\n\nFirst \x02line.\nsecond â€™ line\n\nSecond.\n".encode()
    parsed = parse_seed_file(data, "a.txt", "seeds/a.txt")
    assert parsed.paragraphs == ((3, "First line.\nsecond ’ line"), (6, "Second."))
    assert [str(n) for n in parsed.notices] == [
        "seeds/a.txt:3: control characters: U+0002 at column 7 removed",
        "seeds/a.txt:4: mojibake repaired (ftfy): 'â€™' -> '’'"]


def test_non_utf8_still_stops_with_its_place() -> None:
    """A file that is not UTF-8 keeps today's clear error."""
    with pytest.raises(InputError, match=r"seeds/a.txt:3: not valid UTF-8 \(byte offset 8\)"):
        parse_seed_file(b"Coll\n\nab\xff\n", "a.txt", "seeds/a.txt")


@pytest.mark.e2e
def test_whole_run_completes_with_bad_characters(tmp_path: Path) -> None:
    """A run over abstracts with controls and mojibake writes every page and reports them."""
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "a.txt").write_bytes("Coll\n\nWe propose A\x00B for the $\x08eta$ case.\n\n"
                                  "We study the modelâ€™s bias with \\name.\n".encode())
    result = generate(DigestConfig(seeds_dir=seeds, docs_dir=tmp_path / "docs",
                                   taxonomy=ROOT / "taxonomy.yml",
                                   overrides=seeds / "overrides.yml", cache_dir=None))
    assert len(result.papers) == 2
    assert [n.line for n in result.notices] == [3, 5]
    assert result.papers[0].facts.abstract.text == "We propose AB for the $\\beta$ case."
    summary = result.summary()
    assert "unknown TeX macros shown as words: 1 in 1 papers (\\name x1)" in summary
    # files are named from the seeds folder's own name (generator.errors.shown_path)
    assert f"{seeds.name}/a.txt:5: mojibake repaired (ftfy): 'â€™' -> '’'" in summary


# -- 2. math delimiters ---------------------------------------------------------------------
@pytest.mark.parametrize(("src", "tex", "text"), [
    ("85.2$\\pm$0.3", "\\pm", "85.2±0.3"),
    ("256$\\times$256", "\\times", "256×256"),
    ("$\\sim$10x", "\\sim", "~10x"),
    ("2.2$\\mu$m", "\\mu", "2.2μm"),
    ("$>$16K", ">", ">16K"),
    ("[KLL$^+$23]", "^+", "[KLL+23]"),
    ("$ k $-NN", " k ", "k-NN"),
    ("$<$10 ms", "<", "<10 ms"),
    ("rate $O(1/\\sqrt{T})$.", "O(1/\\sqrt{T})", "rate O(1/T)."),  # √ drawn by <msqrt>
])
def test_dollar_pairs_like_tex(src: str, tex: str, text: str) -> None:
    """A closing $ before a digit, and spaces inside, still make a formula."""
    assert [t.tex for t in tokenize(src) if isinstance(t, Math)] == [tex]
    assert visible(src).replace("\u2062", "") == text


@pytest.mark.parametrize("src", [
    "costs $5", "costs $5 and $10 per hour", "a $5M budget", "from $3 to $4.",
    "US$ 20 and $30", "pay $5 or $10, $15",
])
def test_currency_stays_text(src: str) -> None:
    """Amounts of money are never formulas."""
    assert tokenize(src) == (Text(src),)


def test_no_formula_swallows_prose() -> None:
    """A $ whose partner is a sentence away does not turn the prose into italics."""
    src = ("Latency drops to $<$10 ms. We then test many settings on real data and report "
           "the results. The bound holds for $n$ samples.")
    maths = [t.tex for t in tokenize(src) if isinstance(t, Math)]
    assert maths == ["<", "n"]
    stray = "A lone $ sign then a long stretch of ordinary prose words here and $x$."
    assert [t.tex for t in tokenize(stray) if isinstance(t, Math)] == ["x"]


def test_unconvertible_formula_is_readable_text() -> None:
    """A formula the converter cannot handle is readable text, never $...$ source."""
    html = render_math(r"\frac{1}{", False)
    assert html.startswith('<span class="pd-math pd-math--text">')
    assert "$" not in html and "\\frac" not in html


# -- 3. LaTeX text commands -----------------------------------------------------------------
@pytest.mark.parametrize(("src", "text"), [
    ('Schr{\\"o}dinger', "Schrödinger"),
    ("Lu{\\'\\i}sa", "Luísa"),
    ("{T}ransformer and {B}ayesian", "Transformer and Bayesian"),
    ("{\\em both} and {\\bf bold} and {\\it it}", "both and bold and it"),
    ("1\\textsuperscript{st} and H\\textsubscript{2}O", "1st and H2O"),
    ("\\textcolor{red}{x} and \\colorbox{yellow}{y}", "x and y"),
    ("{\\ttfamily code} and \\ttfamily plain", "code and plain"),
    ("\\textquotedblleft q\\textquotedblright{} and \\textquoteleft s\\textquoteright",
     "“q” and ‘s’"),
    ("\\ie it and \\eg, this and \\etal.", "i.e. it and e.g., this and et al."),
    ("our \\name is fast", "our name is fast"),
    ("the \\mymacro{Arg} works", "the Arg works"),
    ("\\romannumeral 3) case", "iii) case"),
    ("{: onclick=alert(1)} and {a, b}", "{: onclick=alert(1)} and {a, b}"),
])
def test_text_commands(src: str, text: str) -> None:
    """Text commands become their meaning; braces that only group disappear; others stay."""
    assert visible(src) == text
    assert plain_text(src) == text


def test_styles_of_text_commands() -> None:
    """Font switches and super/subscripts keep their style as HTML elements."""
    s = soup("{\\em both} {\\bf b} {\\ttfamily t} 1\\textsuperscript{st} H\\textsubscript{2}O")
    assert [e.name + ":" + e.get_text() for e in s.find_all(["em", "strong", "code", "sup",
                                                              "sub"])] == [
        "em:both", "strong:b", "code:t", "sup:st", "sub:2"]


def test_footnote_text_kept_and_its_url_extracted() -> None:
    """A footnote's text stays (in parentheses) and its URL is a link."""
    src = "Code is available\\footnote{At https://github.com/o/r.} online."
    assert visible(src) == "Code is available (At https://github.com/o/r.) online."
    links, code, _ = extract_links(tokenize(src))
    assert [c.url for c in code] == ["https://github.com/o/r"]


def test_unknown_macros_are_counted() -> None:
    """Unknown macros, in text and in math, are named for the run summary."""
    from generator.text.markup import unknown_macros

    assert unknown_macros(tokenize("our \\name and $\\mymath{x} + \\sgn(y)$")) == (
        "name", "mymath")
    assert tokenize("our \\name.")[1] == Unknown("name", (Text("name"),))


@pytest.mark.parametrize(("tex", "inner"), [
    (r"\text{\emph{vector set search}}", "<mtext>vector&#x000A0;set&#x000A0;search</mtext>"),
    (r"\textbf{\emph{\texttt{SurCo}}}", '<mtext mathvariant="bold">SurCo</mtext>'),
])
def test_nested_text_commands_in_math(tex: str, inner: str) -> None:
    """Text commands nested in math keep the outer style and the inner text."""
    assert render_math(tex, False) == f'<span class="pd-math">{INLINE.format(inner)}</span>'


def test_formula_of_only_text_is_text() -> None:
    """``$\\textit{...}$`` and ``$\\url{...}$`` are text with a style or a link."""
    assert tokenize("$\\textit{independent and identically distributed}$ data") == (
        Styled("em", (Text("independent and identically distributed"),)), Text(" data"))
    assert [t for t in tokenize("at $\\url{https://github.com/o/r}$.") if isinstance(t, Url)] \
        == [Url("https://github.com/o/r", (Text("https://github.com/o/r"),))]


# -- 4. math conversion ---------------------------------------------------------------------
def test_aligned_is_a_table() -> None:
    """``aligned`` rows become mtable rows; no & is shown and rows stay apart."""
    html = render_math(r"\begin{aligned} a &= b \\ c &= d \end{aligned}", True)
    s = BeautifulSoup(html, "html.parser")
    assert [[td.get_text() for td in tr.find_all("mtd")] for tr in s.find_all("mtr")] == [
        ["a", "=b"], ["c", "=d"]]
    assert "&amp;" not in html and "&" not in s.get_text()


@pytest.mark.parametrize("env", ["align*", "cases", "matrix", "pmatrix", "bmatrix"])
def test_matrix_like_environments_are_tables(env: str) -> None:
    """Every matrix-like environment is a MathML table of two rows."""
    s = BeautifulSoup(render_math(rf"\begin{{{env}}} a & b \\ c & d \end{{{env}}}", True),
                      "html.parser")
    assert len(s.find_all("mtr")) == 2


@pytest.mark.parametrize("tex", [r"\mathop{\mathrm{arg\,min}}_\theta f",
                                 r"\arg\min_x f(x)", r"\operatorname*{arg\,min}_x f"])
def test_operator_names_are_mathml(tex: str) -> None:
    """Operator names with limits are one <mo>, with no markup or TeX shown as text."""
    html = render_math(tex, False)
    s = BeautifulSoup(html, "html.parser")
    assert s.find("msub").find("mo").get_text() == "arg\u2009min"
    assert "&lt;" not in html and "\\" not in s.get_text()


@pytest.mark.parametrize("tex", [r"\mathds{1}", r"\mathbbm{1}"])
def test_double_struck_one(tex: str) -> None:
    """``\\mathds{1}``/``\\mathbbm{1}`` keep their double-struck style."""
    assert '<mn mathvariant="double-struck">1</mn>' in render_math(tex, False)


def test_broken_conversion_is_never_escaped_markup() -> None:
    """An element inside a token element (the converter's \\mathop output) is refused."""
    from generator.render.markdown import _sanitize_mathml

    assert _sanitize_mathml("<math><mo><mrow><mi>x</mi></mrow></mo></math>") is None


# -- 5. Markdown ----------------------------------------------------------------------------
@pytest.mark.parametrize(("src", "label"), [
    ("[GitHub repository](https://github.com/o/r)", "GitHub repository"),
    ("[https://github.com/o/r](https://github.com/o/r)", "https://github.com/o/r"),
    ("[our *code*](www.github.com/o/r)", "our code"),
])
def test_markdown_links(src: str, label: str) -> None:
    """``[text](url)`` is one link with its text; its URL is extracted once."""
    s = soup(src)
    [a] = s.find_all("a")
    assert (a.get_text(), a["href"]) == (label, "https://github.com/o/r")
    assert s.get_text() == label
    links, code, _ = extract_links(tokenize(src))
    assert [link.url for link in links] == ["https://github.com/o/r"]
    assert [(c.owner, c.repo) for c in code] == [("o", "r")]


@pytest.mark.parametrize("src", ["A*-based search and D*-Lite", "snake_case and other_name",
                                 "A*-search and IDA*-style", "the D*- and A*-variants",
                                 "run_time_ms and my_var_", "p* = 0.5 and q*"])
def test_emphasis_markers_inside_identifiers_are_literal(src: str) -> None:
    """Markers that CommonMark's flanking rules do not let open or close stay literal."""
    s = soup(src)
    assert not s.find_all(["em", "strong"])
    assert s.get_text() == src


def test_author_emphasis_still_works() -> None:
    """Real emphasis keeps working next to literal markers."""
    s = soup("*fast* A*-search and **C**ombinato**r**ial")
    assert [e.get_text() for e in s.find_all(["em", "strong"])] == ["fast", "C", "r"]


# -- 6. links -------------------------------------------------------------------------------
GH = "https://github.com/o/r"


@pytest.mark.parametrize(("src", "links", "code"), [
    ("Our code is at github.com/o/r.", [(GH, "code")], [GH]),
    ("See https://https://github.com/o/r", [(GH, "code")], [GH]),
    ("See http://https://github.com/o/r", [(GH, "code")], [GH]),
    ("available athttps://github.com/o/r", [(GH, "code")], [GH]),
    ("released at https: //github.com/o/r.", [(GH, "code")], [GH]),
    ("at $\\url{https://github.com/o/r}$", [(GH, "code")], [GH]),
    ("code\\footnote{\\url{https://github.com/o/r}}", [(GH, "code")], [GH]),
    ("at \\url{https://github.com/o/r.", [(GH, "code")], [GH]),
    ("page http://host.edu/$\\sim$alice/x", [("http://host.edu/~alice/x", "other")], []),
    ("page http://host.edu/\\~{}bob/", [("http://host.edu/~bob/", "other")], []),
    ("page \\url{http://host.edu/\\~{}bob}", [("http://host.edu/~bob", "other")], []),
    ("https://github.com/features/copilot", [("https://github.com/features/copilot", "other")],
     []),
    ("https://github.com/advisories/GHSA-abcd-1234-wxyz",
     [("https://github.com/advisories/GHSA-abcd-1234-wxyz", "other")], []),
    ("https://github.com/orgs/x/repositories",
     [("https://github.com/orgs/x/repositories", "other")], []),
    ("https://github.com/topics/llm", [("https://github.com/topics/llm", "other")], []),
    ("https://github.com/o/r/blob/main/README.md",
     [("https://github.com/o/r/blob/main/README.md", "code")], [GH]),
    ("https://github.com/o/r/pull/12 and https://github.com/o/r/issues/3",
     [("https://github.com/o/r/pull/12", "code")], [GH]),
    ("https://github.com/o/r/wiki", [("https://github.com/o/r/wiki", "code")], [GH]),
    ("https://gitlab.com/g/sub/p/-/blob/main/x.py",
     [("https://gitlab.com/g/sub/p/-/blob/main/x.py", "code")], ["https://gitlab.com/g/sub/p"]),
    ("https://gitlab.com/g/p/tree/master", [("https://gitlab.com/g/p/tree/master", "code")],
     ["https://gitlab.com/g/p"]),
    ("https://gitlab.inria.fr/team/proj/-/tree/main",
     [("https://gitlab.inria.fr/team/proj/-/tree/main", "code")],
     ["https://gitlab.inria.fr/team/proj"]),
    ("https://gitee.com/o/r", [("https://gitee.com/o/r", "code")], ["https://gitee.com/o/r"]),
    ("https://huggingface.co/papers/2401.12345",
     [("https://huggingface.co/papers/2401.12345", "paper")], []),
    ("https://huggingface.co/docs/transformers/index",
     [("https://huggingface.co/docs/transformers/index", "other")], []),
    ("https://huggingface.co/blog/post", [("https://huggingface.co/blog/post", "other")], []),
    ("https://anonymous.4open.science/r/Name-1A2B/",
     [("https://anonymous.4open.science/r/Name-1A2B", "code")],
     ["https://anonymous.4open.science/r/Name-1A2B"]),
    ("https://anonymous.4open.science/r/Name-1A2B/src/main.py",
     [("https://anonymous.4open.science/r/Name-1A2B/src/main.py", "code")],
     ["https://anonymous.4open.science/r/Name-1A2B"]),
    ("*https://github.com/o/r*.", [(GH, "code")], [GH]),
    ("http://Example.ORG:80/a/./b/../c", [("http://example.org/a/c", "other")], []),
])
def test_link_kinds(src: str, links: list, code: list) -> None:
    """Each spelling gives exactly these normalised links, kinds and repositories."""
    got_links, got_code, _ = extract_links(tokenize(src))
    assert [(link.url, link.kind) for link in got_links] == links
    assert [c.url for c in got_code] == code


@pytest.mark.e2e
def test_anonymous_mirror_is_code(tmp_path: Path) -> None:
    """An anonymised code link gives code status available and a badge without owner."""
    from generator.config.taxonomy import load_taxonomy
    from generator.extract import extract_paper
    from generator.records import Abstract, Source

    facts = extract_paper(Abstract("We propose X. Code: https://anonymous.4open.science/r/X-1.",
                                   "C", (Source("a.txt", 1, 3),)),
                          load_taxonomy(ROOT / "taxonomy.yml"))
    assert facts.code_status == "available"
    assert [(c.host, c.owner, c.repo) for c in facts.code] == [
        ("anonymous.4open.science", "", "X-1")]


def test_rendered_href_is_the_extracted_url() -> None:
    """The link a reader clicks goes where the extracted link goes (one URL model)."""
    for src in ("https://https://github.com/o/r", "github.com/o/r", "http://h.org/\\~{}bob"):
        [a] = soup(src).find_all("a")
        [link], _, _ = extract_links(tokenize(src))
        assert a["href"] == normalize_url(a["href"]) == link.url


# -- properties -----------------------------------------------------------------------------
SEGMENT = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789-_", min_size=1, max_size=12)


@settings(max_examples=120, deadline=None)
@given(owner=SEGMENT.filter(lambda s: s[0].isalnum()),
       # GFM drops a trailing "_" or "-" from a bare URL: a repository name ends otherwise
       repo=SEGMENT.filter(lambda s: s[-1].isalnum()),
       deep=st.sampled_from(["", "/", ".git", "/tree/main/src", "/blob/x/y.py", "/pull/3",
                             "/issues/7", "/wiki", "#readme", "?tab=readme"]),
       spelling=st.sampled_from(["https://github.com/", "http://www.github.com/", "github.com/",
                                 "www.github.com/", "https://https://github.com/",
                                 "\\url{https://github.com/"]),
       end=st.sampled_from([".", ",", ")", " and more.", ""]))
def test_any_spelling_of_a_repository_resolves_to_it(owner, repo, deep, spelling, end):
    """However a repository URL is written, exactly that repository is extracted."""
    from generator.text.urls import RESERVED_OWNERS

    if owner in RESERVED_OWNERS["github.com"] or repo.strip(".") in ("", "git"):
        return
    url = spelling + owner + "/" + repo + deep + ("}" if spelling.startswith("\\url") else "")
    _, code, _ = extract_links(tokenize(f"Code at {url}{end}"))
    assert [(c.owner, c.repo) for c in code] == [(owner, repo.removesuffix(".git"))], url


MATH_BITS = st.sampled_from(["x", "\\alpha", "^2", "_i", "+", "=", "\\pm", "\\times", "<", ">",
                             "\\sim", " ", "1", "\\frac{1}{2}", "\\mathcal{O}", "(", ")"])
PROSE = st.sampled_from(["We show", "that the", "method works", "on real data.", "It is",
                         "The results", "improve by", "costs $5", "and $10", "per hour."])


@settings(max_examples=80, deadline=None)
@given(st.lists(st.one_of(PROSE, st.lists(MATH_BITS, min_size=1, max_size=6).filter(
    # stripped: "$1 $" is currency by design ("$5 and $10")
    lambda b: "".join(b).strip()).map(lambda b: "$" + "".join(b).strip() + "$")),
    min_size=1, max_size=12))
def test_formulas_never_swallow_prose_and_tex_never_shows(parts):
    """Whatever the mix of prose, currency and formulas: no formula holds a sentence's words,
    and no backslash command or formula dollar is visible."""
    import re

    src = " ".join(parts)
    for tok in tokenize(src):
        if isinstance(tok, Math):
            assert not re.search(r"\b(show|method|results|works|real|costs|hour)\b", tok.tex)
    shown = visible(src)
    assert not re.search(r"\\[A-Za-z]", shown), (src, shown)
    assert not re.search(r"\$(?!\s?\d)", shown), (src, shown)


# -- real data ------------------------------------------------------------------------------
REAL = sorted(glob.glob(str(ROOT.parent / "shared" / "real" / "*.jsonl")))


@pytest.mark.e2e
@pytest.mark.skipif(not REAL, reason="../shared/real/ is not here")
def test_real_data_targets() -> None:
    """On the real abstracts: no abstract stops reading, raw TeX on at most 0.5% of the
    pages with TeX, code links exact for at least 99.5% of abstracts naming a repository."""
    from evaluation.text import read_rows, text_report

    report = text_report(read_rows(Path(p) for p in REAL))
    assert report.stopped == 0
    assert report.raw_tex_share <= 0.005, report.raw_tex_examples
    assert report.exact_share >= 0.995, report.code_misses
    assert report.extra == 0


@pytest.mark.parametrize(("tex", "bars"), [
    (r"O(|E|)", 2), (r"p(x|y)", 1), (r"\sum_i |w_i| \le 1", 2)])
def test_a_bare_bar_is_an_ordinary_symbol(tex: str, bars: int) -> None:
    """TeX spaces a bare ``|`` as an ordinary symbol (none), so MathML shows it as an
    identifier, never an ``<mo>`` a browser spaces as a relation (``O( | E | )``)."""
    s = BeautifulSoup(render_math(tex, False), "html.parser")
    assert [mi.get_text() for mi in s.find_all("mi") if mi.get_text() == "|"] == ["|"] * bars
    assert [mo for mo in s.find_all("mo") if mo.get_text() == "|"] == []


@pytest.mark.parametrize("tex", [r"\left| x \right|", r"\bigl| x \bigr|",
                                 r"\begin{array}{c|c} a & b \end{array}"])
def test_delimiter_bars_stay_operators(tex: str) -> None:
    """Bars of ``\\left``/``\\big`` stay stretchy fences; an array's column rule stays a rule."""
    s = BeautifulSoup(render_math(tex, True), "html.parser")
    assert not [mi for mi in s.find_all("mi") if mi.get_text() == "|"]
    assert "|" not in "".join(t.get_text() for t in s.find_all("mtd"))


# -- 5. kinds found on the arXiv set (issue m25): inputs written here ----------------------
@pytest.mark.parametrize(("src", "text", "urls"), [
    ("Data at \\href{https://example.org/d_1}.", "Data at https://example.org/d_1.",
     ["https://example.org/d_1"]),
    ("Code at \\href{https://github.com/o/r} and more.",
     "Code at https://github.com/o/r and more.", ["https://github.com/o/r"]),
    ("Code at \\href{https://github.com/o/r}{our repo}.", "Code at our repo.",
     ["https://github.com/o/r"]),
])
def test_href_without_label_shows_its_url(src: str, text: str, urls: list) -> None:
    """``\\href{url}`` missing its label is a link showing the URL, never ``\\href{``."""
    assert visible(src) == text
    assert [link.url for link in extract_links(tokenize(src))[0]] == urls


@pytest.mark.parametrize(("src", "text"), [
    ("Results hold.\\footnote{Code is on our site", "Results hold. (Code is on our site)"),
    ("We show \\emph{strong gains", "We show strong gains"),
    ("We show \\textbf{strong {gains} here", "We show strong gains here"),
    ("As shown \\cite{key and the rest", "As shown cite{key and the rest"),
])
def test_argument_left_open_runs_to_the_end(src: str, text: str) -> None:
    """A shown argument whose brace never closes (an abstract cut short) keeps its text and
    hides the command; a dropped one (a citation) is never taken to the end, losing nothing."""
    assert visible(src) == text
    assert plain_text(src) == text


@pytest.mark.parametrize(("src", "url"), [
    ("released at \\https://github.com/o/r.", "https://github.com/o/r"),
    ("see \\http://example.org/a, then", "http://example.org/a"),
    ("see \\www.example.org/a page", "https://www.example.org/a"),
])
def test_backslash_before_a_url_is_dropped(src: str, url: str) -> None:
    """A backslash typed before a URL means nothing: the URL is a link, no ``\\`` shows."""
    assert "\\" not in visible(src)
    assert [link.url for link in extract_links(tokenize(src))[0]] == [url]


@pytest.mark.parametrize(("tex", "inner"), [
    (r"{\texttt{A$\rightarrow$B}}", '<mtext mathvariant="monospace">A</mtext><mrow><mo>'
     '&#x02192;</mo></mrow><mtext mathvariant="monospace">B</mtext>'),
    (r"\text{if $n$ odd}", "<mtext>if&#x000A0;</mtext><mrow><mi>n</mi></mrow>"
     "<mtext>&#x000A0;odd</mtext>"),
])
def test_math_inside_text_inside_math_is_math(tex: str, inner: str) -> None:
    """TeX's math inside a text command inside a formula is typeset as math between text
    (latex2mathml reads no ``$`` in ``\\text``: the formula was shown as empty text)."""
    html = render_math(tex, False)
    assert "pd-math--text" not in html
    assert inner in html


@pytest.mark.parametrize(("src", "text", "formulas"), [
    ("weighted (L,\\lambda,\\mu)-based rules", "weighted (L,λ,μ)-based rules", 2),
    ("as {\\delta}-robust sets and Net-{\\alpha}, then", "as δ-robust sets and Net-α, then", 2),
    ("the \\alpha value \\rightarrow good", "the α value → good", 2),
    ("a \\mymacro{x} and \\mu{y}", "a x and y", 0),  # with an argument: an author's macro
    ("a rate of 1/\\sqrt T here", "a rate of 1/sqrt T here", 0),  # takes an argument: no symbol
])
def test_math_symbol_outside_math_is_the_symbol(src: str, text: str, formulas: int) -> None:
    """A math symbol command written outside ``$`` shows the symbol, typeset (not its name)."""
    assert visible(src) == text
    assert plain_text(src) == text
    assert sum(isinstance(t, Math) for t in tokenize(src)) == formulas


@pytest.mark.parametrize(("src", "text", "url"), [
    ("Code at \\url{https://github.com/o/R.} now", "Code at https://github.com/o/R. now",
     "https://github.com/o/R"),
    ("see \\url{https://example.org/a_b/}.", "see https://example.org/a_b/.",
     "https://example.org/a_b/"),
    ("at \\href{this link} {https://github.com/o/r}.", "at this link.", "https://github.com/o/r"),
    ("at \\href{https://github.com/o/r}{https://github.com/o/r}.", "at https://github.com/o/r.",
     "https://github.com/o/r"),
])
def test_url_command_keeps_sentence_punctuation_out(src: str, text: str, url: str) -> None:
    """``\\url{..x.}``: the sentence's "." is text after the link, not part of the URL; an
    ``\\href`` whose arguments are swapped (label first) links its URL."""
    assert visible(src) == text
    assert [link.url for link in extract_links(tokenize(src))[0]] == [url]


def test_text_report_new_figures() -> None:
    """The evaluation's figures on rows written here: a faithful page counts nothing; a
    written URL extracted exactly counts as exact; hyphens around a formula are no TeX dash."""
    from evaluation.text import text_report, url_key, written_urls

    rows = [{"abstract": "We use Int-$2^{n}$-Softmax with $\\alpha$ and \\lambda."},
            {"abstract": "Code: \\url{https://github.com/o/R.} and www.example.org/a_b)."},
            {"abstract": "Plain text, 3 words."}]
    report = text_report(rows)
    assert (report.abstracts, report.fallback_pages, report.lost_pages) == (3, 0, 0)
    assert report.tex_outside == {}
    assert (report.url_pages, report.url_exact, report.url_faults) == (1, 1, {})
    assert written_urls(rows[1]["abstract"]) == ("github.com/o/r", "example.org/a_b")
    assert url_key("HTTPS://www.Example.org/a%5Fb/") == "example.org/a_b"
