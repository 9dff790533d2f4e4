"""Measure how faithfully abstracts come out as text: raw TeX left on the page, and code links.

Run on rows of real abstracts (dicts with ``abstract`` and, optionally, ``urls_in_abstract``,
as in ``../shared/real/*.jsonl``)::

    python -m evaluation.text [path.jsonl ...]

Each abstract goes through what a run does to it: ``parse_seed_file`` (as the only abstract of a
seed file; inner blank lines joined, since a blank line would start a new abstract), then the
tokenizer, the HTML renderer (``generator.render.html``) and the link extractor. Figures:

* **Raw TeX.** A page *with TeX* is one whose source has a math delimiter (``$`` that is not
  currency, ``\\(``, ``\\[``) or a backslash command (``\\emph``). It *shows raw TeX* when its
  rendered abstract's visible text (MathML text included) has a backslash command or a ``$``
  that is not currency. Currency: a ``$`` followed by a digit (``$5``, ``$3.2M``), optionally
  after one space. A formula that swallowed prose (``$<$10 ... 400 characters ... $``) is
  counted apart: an inline formula of 60 or more TeX characters with four consecutive words of
  three or more letters outside ``\\text{}``.
* **Code links.** The repositories an abstract *names* are found in its raw text by a
  reference rule kept deliberately apart from the extractor: LaTeX escapes undone (``\\_``,
  ``\\~{}``, ``$\\sim$``), then every ``host/owner/repo`` of a forge (GitHub, GitLab, Gitee,
  Bitbucket, Codeberg; ``anonymous.4open.science/r/name``), with or without a scheme,
  normalised to lower-case ``host/owner/repo`` (no ``.git``, no trailing dots), owners that
  are forge pages (``features``, ``orgs`` ...) excluded. An abstract that names at least one
  is *exact* when the extractor's repositories, normalised the same way, are exactly that set
  (no repository missing, none extra, none mangled). Extra repositories on abstracts that
  name none are counted apart. The data's own ``urls_in_abstract`` (a simple regex) is
  checked against the raw text with the same rule and the disagreements counted: it misses
  schemeless URLs and cuts URLs at LaTeX escapes, so it is not the reference.

Only measures; changes nothing.
"""

from __future__ import annotations

import glob
import json
import re
import sys
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from generator.errors import DigestError
from generator.extract.links import FORGE_RESERVED_OWNERS, extract_links
from generator.read.text import parse_seed_file
from generator.render.html import render_html
from generator.text.markup import Math, Styled, Token, tokenize

DEFAULT_GLOB = "../shared/real/*.jsonl"

_TEX_SOURCE = re.compile(r"\$(?!\s?\d)|\\[(\[]|\\[A-Za-z]+")
_RAW_TEX_SHOWN = re.compile(r"\$(?!\s?\d)|\\[A-Za-z]+")
_PROSE = re.compile(r"(?:\b[A-Za-z]{3,}\b[ ,;]+){3}\b[A-Za-z]{3,}\b")
_TEXT_ARG = re.compile(r"\\(?:text[a-z]*|mbox|mathrm|operatorname)\s*\{[^{}]*\}")

_FORGES = r"github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|gitee\.com"
_NAMED_REPO = re.compile(
    rf"(?<![\w.-])(?:[a-z]+:/*\s?/*)*(?:www\.)?(?P<host>{_FORGES})/"
    r"(?P<owner>[A-Za-z0-9][\w.-]*)/(?P<repo>[\w.-]+)"
    r"|(?<![\w.-])(?:[a-z]+:/*)*(?P<anon>anonymous\.4open\.science)/r/(?P<name>[\w.-]+)",
    re.IGNORECASE)
_UNESCAPE = ((re.compile(r"\\_"), "_"), (re.compile(r"\\~\{\}|\\textasciitilde(?:\{\})?|"
                                                    r"\$\\sim\$|\\~"), "~"))


@dataclass(frozen=True, slots=True)
class TextReport:
    """Figures of one evaluation (module docstring defines each).

    Attributes:
        abstracts: rows read.
        stopped: abstracts that made reading fail (a run would stop on them).
        notices: reading notices (characters removed or repaired).
        with_tex: pages with TeX; raw_tex: those showing raw TeX; raw_tex_examples: up to 20
            ``(row number, visible fragment)`` pairs.
        runaway: inline formulas that swallowed prose.
        naming: abstracts naming a forge repository; exact: of those, extracted exactly;
            code_misses: up to 20 ``(row number, named, extracted)`` for the others.
        extra: abstracts naming none for which a repository was extracted.
        field_disagrees: abstracts whose ``urls_in_abstract`` names other repositories than
            the raw text.
        seconds: time of the whole evaluation.
    """

    abstracts: int
    stopped: int
    notices: int
    with_tex: int
    raw_tex: int
    raw_tex_examples: tuple[tuple[int, str], ...]
    runaway: int
    naming: int
    exact: int
    code_misses: tuple[tuple[int, tuple[str, ...], tuple[str, ...]], ...]
    extra: int
    field_disagrees: int
    seconds: float

    @property
    def raw_tex_share(self) -> float:
        """Share of pages with TeX that show raw TeX (0..1)."""
        return self.raw_tex / self.with_tex if self.with_tex else 0.0

    @property
    def exact_share(self) -> float:
        """Share of abstracts naming a repository whose code links are exact (0..1)."""
        return self.exact / self.naming if self.naming else 1.0

    def lines(self) -> list[str]:
        """The figures as lines of text."""
        return [
            f"abstracts: {self.abstracts}; reading stopped on {self.stopped}; "
            f"reading notices {self.notices}",
            f"raw TeX: {self.raw_tex} of {self.with_tex} pages with TeX "
            f"({100 * self.raw_tex_share:.2f}%); formulas swallowing prose: {self.runaway}",
            f"code links exact: {self.exact} of {self.naming} abstracts naming a repository "
            f"({100 * self.exact_share:.2f}%); extra repositories on {self.extra} others",
            f"urls_in_abstract disagrees with the raw text on {self.field_disagrees} abstracts",
            f"time: {self.seconds:.1f} s",
        ]


def named_repos(text: str) -> frozenset[str]:
    """The forge repositories ``text`` names, as lower-case ``host/owner/repo`` (reference rule,
    module docstring)."""
    for pattern, repl in _UNESCAPE:
        text = pattern.sub(repl, text)
    out: set[str] = set()
    for m in _NAMED_REPO.finditer(text):
        if m.group("anon"):
            name = m.group("name").rstrip(".")
            if name:
                out.add(f"anonymous.4open.science/r/{name.lower()}")
            continue
        owner, repo = m.group("owner"), m.group("repo").rstrip(".")
        repo = repo.removesuffix(".git").rstrip(".")
        if not repo or owner.lower() in FORGE_RESERVED_OWNERS:
            continue
        out.add(f"{m.group('host').lower()}/{owner.lower()}/{repo.lower()}")
    return frozenset(out)


def _has_runaway(tokens: Iterable[Token]) -> bool:
    for tok in tokens:
        if isinstance(tok, Math) and not tok.display and len(tok.tex) >= 60:
            if _PROSE.search(_TEXT_ARG.sub(" ", tok.tex)):
                return True
        elif isinstance(tok, Styled) and _has_runaway(tok.children):
            return True
    return False


def text_report(rows: Iterable[Mapping]) -> TextReport:
    """Evaluate ``rows`` (each a mapping with ``abstract`` and optionally
    ``urls_in_abstract``, a list of URLs). Never raises on a row's text."""
    from bs4 import BeautifulSoup

    start = time.perf_counter()
    counts = dict(abstracts=0, stopped=0, notices=0, with_tex=0, raw_tex=0, runaway=0,
                  naming=0, exact=0, extra=0, field_disagrees=0)
    examples: list[tuple[int, str]] = []
    misses: list[tuple[int, tuple[str, ...], tuple[str, ...]]] = []
    for number, row in enumerate(rows, start=1):
        counts["abstracts"] += 1
        source = re.sub(r"\n\s*\n", "\n", row["abstract"]).strip()
        try:
            parsed = parse_seed_file(f"Evaluation\n\n{source}\n".encode(), "eval.txt")
        except DigestError:
            counts["stopped"] += 1
            continue
        counts["notices"] += len(parsed.notices)
        text = "\n".join(t for _, t in parsed.paragraphs)
        tokens = tokenize(text)
        if _TEX_SOURCE.search(text):
            counts["with_tex"] += 1
            visible = BeautifulSoup(render_html(tokens), "html.parser").get_text()
            shown = _RAW_TEX_SHOWN.search(visible)
            if shown:
                counts["raw_tex"] += 1
                if len(examples) < 20:
                    at = shown.start()
                    examples.append((number, visible[max(0, at - 30):at + 30]))
            counts["runaway"] += _has_runaway(tokens)
        named = named_repos(row["abstract"])
        _, code, _ = extract_links(tokens)
        got = frozenset(c.url.split("://", 1)[1].lower() for c in code)
        if named:
            counts["naming"] += 1
            if got == named:
                counts["exact"] += 1
            elif len(misses) < 20:
                misses.append((number, tuple(sorted(named)), tuple(sorted(got))))
        elif got:
            counts["extra"] += 1
        if "urls_in_abstract" in row:
            field = frozenset().union(*(named_repos(u) for u in row["urls_in_abstract"]))
            counts["field_disagrees"] += field != named
    return TextReport(raw_tex_examples=tuple(examples), code_misses=tuple(misses),
                      seconds=time.perf_counter() - start, **counts)


def read_rows(paths: Iterable[Path]) -> list[dict]:
    """The JSON objects of JSON-lines files, in order."""
    rows: list[dict] = []
    for path in paths:
        with open(path, encoding="utf-8") as fh:
            rows.extend(json.loads(line) for line in fh if line.strip())
    return rows


def main(argv: list[str] | None = None) -> int:
    """``python -m evaluation.text [--details] [path.jsonl ...]``: print the figures."""
    args = list(sys.argv[1:] if argv is None else argv)
    details = "--details" in args
    args = [a for a in args if a != "--details"]
    paths = [Path(p) for p in (args or sorted(glob.glob(DEFAULT_GLOB)))]
    if not paths:
        print(f"no input: pass JSON-lines files (default {DEFAULT_GLOB})", file=sys.stderr)
        return 2
    report = text_report(read_rows(paths))
    print("\n".join(report.lines()))
    if details:
        for number, fragment in report.raw_tex_examples:
            print(f"  raw TeX, row {number}: {fragment!r}")
        for number, named, got in report.code_misses:
            print(f"  code, row {number}: named {list(named)}, extracted {list(got)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
