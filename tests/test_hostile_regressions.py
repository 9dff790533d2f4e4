"""Regressions found by a hostile-input session (each a reproduction that once failed)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import markdown
import pytest
from bs4 import BeautifulSoup

from generator import cli
from generator.build import generate
from generator.config import DigestConfig
from generator.config.taxonomy import load_taxonomy
from generator.errors import InputError
from generator.read.text import parse_seed_file
from generator.render.html import render_html
from generator.render.pages import _collection_slugs
from generator.text.markup import Text, tokenize

ROOT = Path(__file__).resolve().parents[1]
EXTENSIONS = ["admonition", "attr_list", "md_in_html", "pymdownx.details",
              "pymdownx.superfences"]


def _generate(tmp: Path, files: dict[str, str]) -> DigestConfig:
    seeds = tmp / "seeds"
    seeds.mkdir(parents=True)
    for name, text in files.items():
        (seeds / name).write_text(text, encoding="utf-8")
    config = DigestConfig(seeds_dir=seeds, docs_dir=tmp / "docs", taxonomy=ROOT / "taxonomy.yml",
                          overrides=seeds / "overrides.yml", cache_dir=None)
    generate(config)
    return config


def test_control_character_is_removed_with_a_notice():
    """A NUL (or other C0 control) is removed and reported with file, line and column; it
    no longer stops the run (issue 13)."""
    parsed = parse_seed_file(b"H\n\nWe propose a method. a\x00b\n", "a.txt", "seeds/a.txt")
    assert parsed.paragraphs == ((3, "We propose a method. ab"),)
    assert [str(n) for n in parsed.notices] == [
        "seeds/a.txt:3: control characters: U+0000 at column 23 removed"]


def test_tag_name_with_markup_is_rejected(tmp_path):
    """Material prints tag names unescaped, so a name with < > " ` is a taxonomy error."""
    path = tmp_path / "taxonomy.yml"
    path.write_text("tags:\n  - name: '<script>x</script>'\n", encoding="utf-8")
    with pytest.raises(InputError, match="contains a line break or one of < > \" `"):
        load_taxonomy(path)


@pytest.mark.parametrize("source", ["***", "___", "- - -", '!!! danger "X"', "??? note",
                                    '=== "Tab"'])
def test_block_markers_stay_text(source):
    """A paragraph that is only a thematic break or an admonition/tab marker stays text."""
    soup = BeautifulSoup(f"<p>{render_html(tokenize(source))}</p>", "html.parser")
    assert [t.name for t in soup.find_all(True)] == ["p"]
    assert soup.get_text() == source


def test_deep_nesting_does_not_crash():
    """600 nested \\textbf{ come back as literal text instead of a RecursionError."""
    source = "\\textbf{" * 600 + "x" + "}" * 600
    assert tokenize(source) == (Text(source),)


def test_colliding_collection_slugs_are_distinct():
    """Collections whose names slugify alike, or look like a later page, get distinct files."""
    assert _collection_slugs(["AI & ML", "AI ML", "AI-ML", "AI page 2"]) == {
        "AI & ML": "ai-ml", "AI ML": "ai-ml-2", "AI-ML": "ai-ml-3", "AI page 2": "ai-page-2-c"}


def test_wordless_abstract_gets_a_title(tmp_path):
    """An abstract that is only a label still gets a title, a page and a feed entry."""
    config = _generate(tmp_path, {"a.txt": "H\n\n\\label{a}\n"})
    [page] = (config.docs_dir / "papers").glob("*/index.md")
    assert "title: Untitled abstract " in page.read_text(encoding="utf-8")
    assert "<entry>" in (config.docs_dir / "feed.xml").read_text(encoding="utf-8")


def test_seed_file_name_cannot_inject(tmp_path):
    """A backtick in a seed file's name cannot close a code span and inject HTML."""
    name = "a` <img src=x onerror=alert(1)> `b.txt"
    config = _generate(tmp_path, {name: "H\n\nWe propose a method for training models.\n"})
    [page] = (config.docs_dir / "papers").glob("*/index.md")
    html = markdown.markdown(page.read_text(encoding="utf-8").split("---\n", 2)[2],
                             extensions=EXTENSIONS)
    soup = BeautifulSoup(html, "html.parser")
    assert soup.find("img") is None
    assert name in soup.get_text()


def test_build_without_the_plugin_says_so(tmp_path, monkeypatch, capsys):
    """`paper-digest build` with an mkdocs.yml that does not list the plugin would build a
    site without papers: refused, naming the fix."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    start = text.index("  - paper-digest:")
    end = text.index("  - search:")
    (tmp_path / "mkdocs.yml").write_text(text[:start] + text[end:], encoding="utf-8")
    (tmp_path / "site_overrides").mkdir()
    (tmp_path / "docs_src").mkdir()
    monkeypatch.chdir(tmp_path)
    assert cli.main(["build"]) == 1
    assert "does not list the paper-digest plugin (plugins: - paper-digest)" in \
        capsys.readouterr().err


def test_operator_names_get_thin_spaces():
    """\\log n is typeset with TeX's thin spaces around the operator name, not as "logn"."""
    from generator.render.markdown import render_math

    mathml = render_math(r"O(\sqrt{n}\log n)", False)
    assert ('</msqrt><mspace width="0.1667em"></mspace><mi>log</mi>'
            '<mspace width="0.1667em"></mspace><mi>n</mi>') in mathml


def test_abstract_of_only_a_tex_tie_is_shown_not_lost(tmp_path):
    """An abstract "x~\\footnote{}" (a tie and an empty footnote) renders to nothing visible:
    the page shows its source instead of an empty Abstract section (found by the hypothesis
    page property with "~\\cite{y}", which now shows its key; a lone "~" is now the
    character itself, "about")."""
    config = _generate(tmp_path, {"a.txt": "X\n\n~\\footnote{}\n"})
    [page] = (config.docs_dir / "papers").glob("*/index.md")
    body = page.read_text(encoding="utf-8").split("---\n", 2)[2]
    soup = BeautifulSoup(markdown.markdown(body, extensions=[*EXTENSIONS, "toc"]),
                         "html.parser")
    abstract = soup.find(id="abstract").find("p")
    abstract.find("sup", class_="pd-aliases").decompose()  # hidden, for search only
    assert abstract.get_text() == "~\\footnote{}"
    assert abstract.code["class"] == ["pd-tex"]


_MATHML_INLINE = ('<span class="pd-math"><math xmlns="http://www.w3.org/1998/Math/MathML" '
                  'display="inline"><mrow>{}</mrow></math></span>')


@pytest.mark.parametrize(("tex", "inner"), [
    # latex2mathml copies \text{} verbatim: a live <script> before the sanitiser
    (r"\text{<script>alert(1)</script>}",
     "<mtext>&lt;script&gt;alert(1)&lt;/script&gt;</mtext>"),
    # href on a MathML element is a link in Firefox (javascript: included): dropped
    (r"\href{javascript:alert(1)}{x}", "<mrow><mrow><mi>x</mi></mrow></mrow>"),
    (r"\style{position:fixed}{x}", "<mrow><mi>x</mi></mrow>"),
    (r"\class{md-header}{x}", "<mrow><mi>x</mi></mrow>"),
    # a closing </span> in an attribute value would end the pd-math span early
    (r"\color{red</span>}{x}", '&lt;mstyle mathcolor&#61;"red&lt;/span&gt;"&gt;<mrow><mi>x</mi>'
                               '</mrow>&lt;/mstyle&gt;'),
    (r"\text{a>b}", "<mtext>a&gt;b</mtext>"),
    (r"\text{a<b}", "<mtext>a&lt;b</mtext>"),
    (r"\text{\&}", "<mtext>&amp;</mtext>"),
    (r"\verb|<b>|", '<mtext mathvariant="monospace">&lt;b&gt;</mtext>'),
    # a MathML tag typed inside text stays text (token elements hold text only)
    (r"\text{<mi>x}", "<mtext>&lt;mi&gt;x</mtext>"),
    # ordinary formulas come through unchanged
    (r"\text{90.3\%}", "<mtext>90.3%</mtext>"),
    (r"x^2", "<msup><mi>x</mi><mn>2</mn></msup>"),
])
def test_math_markup_from_tex_is_sanitised(tex, inner):
    """TeX cannot inject HTML or attributes through latex2mathml (found by a review of the
    raw-HTML passthrough; the injection predates it)."""
    from generator.render.markdown import render_math

    assert render_math(tex, False) == _MATHML_INLINE.format(inner)


def test_abstract_with_script_in_tex_builds_no_script(tmp_path):
    """End to end: the paper page's body (finished HTML, shown as it is) has the script as
    text, not markup."""
    config = _generate(tmp_path, {"a.txt": "X\n\nWe prove that $\\text{<script>alert(1)"
                                           "</script>}$ holds for every model.\n"})
    [page] = (config.docs_dir / "papers").glob("*/index.md")
    body = page.read_text(encoding="utf-8").split("---\n", 2)[2]
    soup = BeautifulSoup(body, "html.parser")
    assert soup.find("script") is None
    # a formula of only \text{} is text (issue 13): the script is visible as text
    assert "<script>alert(1)</script>" in soup.find(id="abstract").find("p").get_text()


def test_generate_without_mkdocs_yml_uses_the_default_site_name(tmp_path, monkeypatch):
    """`paper-digest generate` in a folder without mkdocs.yml once failed with a TypeError
    (the default site name was read from the dataclass, a slot descriptor)."""
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "a.txt").write_text("X\n\nWe prove a bound for every model.\n", encoding="utf-8")
    shutil.copy2(ROOT / "taxonomy.yml", tmp_path / "taxonomy.yml")
    monkeypatch.chdir(tmp_path)
    assert cli.main(["generate", "--seeds", "seeds", "--docs", "docs"]) == 0
    home = (tmp_path / "docs" / "index.md").read_text(encoding="utf-8")
    assert "\n# Paper digest\n" in home
    assert "description: 1 paper, 0 with code\n" in home


def test_tilde_meaning_about_survives_to_the_page_and_papers_json(tmp_path):
    """"~3x" and a given title "Training on ~1B Tokens Is Enough" keep their "~" in the page
    title, the highlight, the abstract and papers.json; "Fig.~2" is a tie (issue 22)."""
    record = {"title": "Training on ~1B Tokens Is Enough",
              "abstract": "We train on ~1B tokens and are ~3x faster than prior work (Fig.~2)."}
    config = _generate(tmp_path, {"t.jsonl": json.dumps(record) + "\n"})
    [paper] = json.loads((config.docs_dir / "papers.json").read_text(encoding="utf-8"))
    assert paper["title"] == "Training on ~1B Tokens Is Enough"
    assert "~3x faster" in paper["highlight"] or "~1B tokens" in paper["highlight"]
    page = (config.docs_dir / "papers" / paper["slug"] / "index.md").read_text(encoding="utf-8")
    body = page.split("---\n", 2)[2]
    html = BeautifulSoup(markdown.markdown(body, extensions=[*EXTENSIONS, "toc"]),
                         "html.parser")
    assert html.find("h1").get_text().startswith("Training on ~1B Tokens Is Enough")
    abstract = html.find("p", class_="pd-abstract").get_text()
    assert abstract == "We train on ~1B tokens and are ~3x faster than prior work (Fig. 2)."
