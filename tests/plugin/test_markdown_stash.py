"""The raw-HTML passthrough (``generator.plugin.markdown_stash``) changes speed, never output."""

from __future__ import annotations

import json
import shutil

import markdown
import pytest

from generator.plugin.markdown_stash import GeneratedHtmlExtension
from tests.conftest import MD_EXTENSIONS

RELATED = ('<ul class="pd-related" data-search-exclude>\n'
           '<li class="pd-related__item"><a class="pd-related__title" href="../../papers/a/">A'
           '</a> <span class="pd-related__tags"><a class="pd-tag" href="../../tags/llms/">LLMs'
           '</a></span></li>\n'
           '<li class="pd-related__item"><a class="pd-related__title" href="../../papers/b/">B'
           '</a></li>\n</ul>')
MATH = ('<span class="pd-math"><math xmlns="http://www.w3.org/1998/Math/MathML" '
        'display="inline"><mrow><mi>k</mi><mo>&#x0003D;</mo><mn>2</mn></mrow></math></span>')
DISPLAY = MATH.replace('"pd-math"', '"pd-math pd-math--display"')

CASES = {
    "related list": f"## Related papers\n\n{RELATED}\n\n## Source\n\n- x",
    "block before a markdown div": (
        '# T\n\n<p class="pd-meta" data-search-exclude><span class="pd-badges"><a href="x">'
        'y</a></span></p>\n\n<div class="admonition abstract" markdown>\n<p class="admonition-'
        'title" data-search-exclude>Highlight</p>\n\nWe show *this*.\n\n</div>\n\n## Abstract'),
    "block at the end, no newline": f"text\n\n{RELATED}",
    "math inside a paragraph": f"For {MATH}-means and {DISPLAY} we *show* it.",
    "math alone": f"{MATH}\n\nnext",
    "math in a list item": f"- **Headline numbers:** {MATH}; 3%",
    "markdown attribute: parsed, not passed": (
        '<div class="pd-tag-listing" markdown>\n\n*emphasis*\n\n</div>'),
    "unbalanced block: left to Python-Markdown": (
        '<div class="pd-entry">\n<div>inner</div>\n<p>open</p>\n\n</div>'),
    "no pd- class": '<div class="other">\n<p>x</p>\n</div>',
    "hand-written text naming a pd- class": "Style it with `pd-badge` or <b>pd-x</b>.",
    "blank line inside the element": f"{RELATED[:60]}\n\n{RELATED[60:]}",
}


def _convert(source: str, passthrough: bool) -> tuple[str, int]:
    extensions = [*MD_EXTENSIONS, *([GeneratedHtmlExtension()] if passthrough else [])]
    md = markdown.Markdown(extensions=extensions)
    return md.convert(source), md.htmlStash.html_counter


@pytest.mark.parametrize("name", CASES)
def test_same_html_with_and_without_passthrough(name):
    assert _convert(CASES[name], True)[0] == _convert(CASES[name], False)[0]


@pytest.mark.parametrize(("name", "left"), [
    # the list reaches Python-Markdown as one placeholder: no tag left for its HTML parser
    ("related list", ["## Related papers", "", "", "\x02wzxhzdk:0\x03", "", "", "## Source",
                      "", "- x"]),
    # the badge paragraph is passed; the admonition (markdown attribute) is left to md_in_html
    ("block before a markdown div", ["# T", "", "", "\x02wzxhzdk:0\x03", "", "",
                                     '<div class="admonition abstract" markdown>']),
    # each math span is one placeholder, instead of eight inline tags
    ("math inside a paragraph", ["For \x02wzxhzdk:0\x03-means and \x02wzxhzdk:1\x03 we *show* "
                                 "it."]),
    # an inline element at a line start is not a block
    ("math alone", ["\x02wzxhzdk:0\x03", "", "next"]),
    ("unbalanced block: left to Python-Markdown", CASES[
        "unbalanced block: left to Python-Markdown"].split("\n")),
])
def test_generated_html_reaches_markdown_as_placeholders(name, left):
    md = markdown.Markdown(extensions=[GeneratedHtmlExtension()])
    lines = md.preprocessors["paper_digest_html"].run(CASES[name].split("\n"))
    assert lines[:len(left)] == left


# A hand-written page with the generator's class names in places where Python-Markdown must
# do its own work (a reviewer's cases): the passthrough is off for such pages.
NOTES = """# Notes

`<span class="pd-math">x</span>` in code.

    <span class="pd-math">*x*</span>

a <span class="pd-math">*b* `c`</span> d

<p class="pd-a">x</p>
*y*
<p>z</p>

<div class="pd-a"/>
*x*
</div>
"""


@pytest.mark.e2e
def test_passthrough_only_on_generated_pages_and_output_unchanged(built_project, tmp_path,
                                                                   monkeypatch):
    """In a real build the passthrough stashes HTML on generated pages and is off on a
    hand-written one; every file of the site is byte for byte the same without it."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    import generator.plugin.markdown_stash as stash

    project = tmp_path / "project"
    shutil.copytree(built_project, project, ignore=shutil.ignore_patterns("site"))
    (project / "docs_src" / "notes.md").write_text(NOTES, encoding="utf-8")
    seen: dict[str, tuple[bool, int]] = {}
    run = stash.GeneratedHtml.run

    def recording(self, lines):
        before = self.md.htmlStash.html_counter
        out = run(self, lines)
        seen[lines[0]] = (self.extension.active, self.md.htmlStash.html_counter - before)
        return out

    monkeypatch.setattr(stash.GeneratedHtml, "run", recording)
    monkeypatch.setenv("NO_MKDOCS_2_WARNING", "1")
    monkeypatch.chdir(project)
    site = project / "site"
    build(load_config(str(project / "mkdocs.yml"), site_dir=str(site)))
    assert seen["# Notes"] == (False, 0)
    fastvid = next(k for k in seen if k.startswith("# FastVID"))
    # the reading list's Save button, badges, the highlight box, the abstract (its formula
    # inside), the links, named entities, related papers, source, cite block and
    # previous/next: the whole body
    assert seen[fastvid] == (True, 10)
    assert sum(active for active, _ in seen.values()) == len(seen) - 2  # notes.md, about.md

    # The same build with the preprocessor doing nothing: every line left to Python-Markdown.
    monkeypatch.setattr(stash.GeneratedHtml, "run", lambda self, lines: lines)
    plain = tmp_path / "plain"
    build(load_config(str(project / "mkdocs.yml"), site_dir=str(plain)))
    files = sorted(p.relative_to(site) for p in site.rglob("*") if p.is_file())
    assert sorted(p.relative_to(plain) for p in plain.rglob("*") if p.is_file()) == files
    papers = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    assert len([f for f in files if f.parts[0] == "papers" and f.suffix == ".html"]) == len(papers)
    different = [str(f) for f in files if f.suffix != ".gz"
                 and (site / f).read_bytes() != (plain / f).read_bytes()]
    assert different == []
