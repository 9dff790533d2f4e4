"""Measure how faithfully abstracts come out as text: raw TeX left on the page, and code links.

Run on rows of real abstracts (dicts with ``abstract`` and, optionally, ``urls_in_abstract``,
as in ``../shared/real/*.jsonl``)::

    python -m evaluation.text [--details] [path.jsonl[.gz] ...]

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
* **Formulas shown as text.** Formulas the converter (latex2mathml, after
  ``generator.text.texmath.prepare_math``) fails on, so the page shows them as readable text
  instead of typeset math (no raw TeX, but no math either): pages with one, and formulas.
* **TeX outside math.** In the visible text outside formulas, links and code, each kind of
  TeX markup a reader should never see (``TEX_KINDS``): a command (``\\emph``), an escaped
  special (``\\%``, ``\\&``), TeX quotes (two backquotes or two apostrophes), a TeX dash
  (``--``), a tie between two words (``Fig~3``), a brace around one word
  (``{T}ransformer``). Pages per kind.
* **Characters lost.** The input with TeX turned to text by an independent converter
  (pylatexenc's ``LatexNodes2Text``; citations removed, a Markdown link as its label, HTML
  entities and MathJax's ``\\unicode{x2014}`` decoded) against the page's visible text
  (MathML text included), both NFKD-normalised and case-folded (accents are not compared): a
  page *loses characters* when some letter or digit occurs fewer times on the page than in
  the reference (order ignored, since MathML writes scripts and fractions in its own order).
* **URLs exact.** The URLs an abstract writes (``http(s)://`` or ``www.``, in the raw text
  after undoing LaTeX escapes, ended at a space, a quote, ``<>{}\\|^`$``, sentence
  punctuation and unbalanced closing brackets trimmed) against the extracted links (both
  compared without scheme, ``www.``, percent-escapes, trailing ``/`` or ``.git`` and case). A
  URL is *cut* when only a shorter form of it was extracted, *merged* when only a longer one,
  *missing* otherwise.

Only measures; changes nothing.
"""

from __future__ import annotations

import glob
import gzip
import html
import json
import re
import sys
import time
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from urllib.parse import unquote

from generator.errors import DigestError
from generator.extract.links import FORGE_RESERVED_OWNERS, extract_links
from generator.read.text import parse_seed_file
from generator.render.html import render_html
from generator.render.markdown import render_math
from generator.text.markup import Math, Styled, Token, Unknown, Url, tokenize

DEFAULT_GLOB = "../shared/real/*.jsonl"
EXAMPLES = 20  # examples kept per figure

_TEX_SOURCE = re.compile(r"\$(?!\s?\d)|\\[(\[]|\\[A-Za-z]+")
_RAW_TEX_SHOWN = re.compile(r"\$(?!\s?\d)|\\[A-Za-z]+")
_PROSE = re.compile(r"(?:\b[A-Za-z]{3,}\b[ ,;]+){3}\b[A-Za-z]{3,}\b")
_TEXT_ARG = re.compile(r"\\(?:text[a-z]*|mbox|mathrm|operatorname)\s*\{[^{}]*\}")
# TeX markup a reader should never see in the text outside formulas, links and code.
TEX_KINDS: dict[str, re.Pattern[str]] = {
    "command": re.compile(r"\\[A-Za-z]+"),
    "escaped special": re.compile(r"\\[%&#_${}~^]"),
    "TeX quotes": re.compile(r"``|''"),
    "TeX dash": re.compile(r"(?<![-\w/])--(?![->])|\w--\w"),
    "tie": re.compile(r"[A-Za-z.]~[\w\\]"),
    "brace group": re.compile(r"(?<![\w\\{}])\{\w+\}(?=\w)"),
}

_FORGES = r"github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|gitee\.com"
_NAMED_REPO = re.compile(
    rf"(?<![\w.-])(?:[a-z]+:/*\s?/*)*(?:www\.)?(?P<host>{_FORGES})/"
    r"(?P<owner>[A-Za-z0-9][\w.-]*)/(?P<repo>[\w.-]+)"
    r"|(?<![\w.-])(?:[a-z]+:/*)*(?P<anon>anonymous\.4open\.science)/r/(?P<name>[\w.-]+)",
    re.IGNORECASE)
_UNESCAPE = ((re.compile(r"\\_"), "_"), (re.compile(r"\\~\{\}|\\textasciitilde(?:\{\})?|"
                                                    r"\$\\sim\$|\\~"), "~"))
_URL_UNESCAPE = re.compile(r"\\([%#&])")
_WRITTEN_URL = re.compile(r"(?<![\w@.-])(?:https?://|www\.)[^\s<>\"{}\\|^`$\]]+", re.IGNORECASE)
_URL_END = ".,;:!?*_'"
_UNICODE = re.compile(r"\\unicode\s*\{\s*[xX]([0-9A-Fa-f]{1,6})\s*\}")  # MathJax's
_TEXISH = re.compile(r"[\\$~{}`%]|--|''")
_CITATION = re.compile(r"<cit\.>|<ref>")
_MD_LINK = re.compile(r"\[([^\[\]\n]*)\]\((?:https?://|www\.)[^\s()]*\)", re.IGNORECASE)


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
        fallback_pages, fallback_formulas: pages with a formula shown as text, and such
            formulas; fallback_examples: up to 20 ``(row number, TeX)``.
        tex_outside: pages per kind of ``TEX_KINDS`` seen outside formulas;
            tex_outside_examples: up to 20 ``(row number, kind, fragment)``.
        lost_pages: pages losing characters; lost_examples: up to 20 ``(row number, lost
            characters)``.
        url_pages: pages writing a URL; url_exact: of those, all URLs extracted exactly;
            url_faults: URLs per fault (``cut``, ``merged``, ``missing``); url_examples: up
            to 20 ``(row number, fault, written, extracted)``.
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
    fallback_pages: int = 0
    fallback_formulas: int = 0
    fallback_examples: tuple[tuple[int, str], ...] = ()
    tex_outside: Mapping[str, int] = field(default_factory=dict)
    tex_outside_examples: tuple[tuple[int, str, str], ...] = ()
    lost_pages: int = 0
    lost_examples: tuple[tuple[int, str], ...] = ()
    url_pages: int = 0
    url_exact: int = 0
    url_faults: Mapping[str, int] = field(default_factory=dict)
    url_examples: tuple[tuple[int, str, str, tuple[str, ...]], ...] = ()

    @property
    def raw_tex_share(self) -> float:
        """Share of pages with TeX that show raw TeX (0..1)."""
        return self.raw_tex / self.with_tex if self.with_tex else 0.0

    @property
    def exact_share(self) -> float:
        """Share of abstracts naming a repository whose code links are exact (0..1)."""
        return self.exact / self.naming if self.naming else 1.0

    @property
    def url_exact_share(self) -> float:
        """Share of abstracts writing a URL whose URLs are all extracted exactly (0..1)."""
        return self.url_exact / self.url_pages if self.url_pages else 1.0

    def lines(self) -> list[str]:
        """The figures as lines of text."""
        kinds = ", ".join(f"{k} {self.tex_outside.get(k, 0)}" for k in TEX_KINDS)
        faults = ", ".join(f"{k} {self.url_faults.get(k, 0)}" for k in ("cut", "merged",
                                                                       "missing"))
        return [
            f"abstracts: {self.abstracts}; reading stopped on {self.stopped}; "
            f"reading notices {self.notices}",
            f"raw TeX: {self.raw_tex} of {self.with_tex} pages with TeX "
            f"({100 * self.raw_tex_share:.2f}%); formulas swallowing prose: {self.runaway}",
            f"formulas shown as text: {self.fallback_formulas} on {self.fallback_pages} pages",
            f"TeX outside math, pages per kind: {kinds}",
            f"pages losing characters: {self.lost_pages}",
            f"URLs exact: {self.url_exact} of {self.url_pages} abstracts writing a URL "
            f"({100 * self.url_exact_share:.2f}%); URLs {faults}",
            f"code links exact: {self.exact} of {self.naming} abstracts naming a repository "
            f"({100 * self.exact_share:.2f}%); extra repositories on {self.extra} others",
            f"urls_in_abstract disagrees with the raw text on {self.field_disagrees} abstracts",
            f"time: {self.seconds:.1f} s",
        ]

    def detail_lines(self) -> list[str]:
        """The kept examples of each figure, one a line."""
        out = [f"  raw TeX, row {n}: {f!r}" for n, f in self.raw_tex_examples]
        out += [f"  shown as text, row {n}: {t!r}" for n, t in self.fallback_examples]
        out += [f"  TeX outside math ({k}), row {n}: {f!r}"
                for n, k, f in self.tex_outside_examples]
        out += [f"  lost, row {n}: {c!r}" for n, c in self.lost_examples]
        out += [f"  URL {k}, row {n}: written {w!r}, extracted {list(g)}"
                for n, k, w, g in self.url_examples]
        out += [f"  code, row {n}: named {list(a)}, extracted {list(b)}"
                for n, a, b in self.code_misses]
        return out


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


def written_urls(text: str) -> tuple[str, ...]:
    """The URLs ``text`` writes, compared form (reference rule, module docstring), in order."""
    for pattern, repl in _UNESCAPE:
        text = pattern.sub(repl, text)
    text = _URL_UNESCAPE.sub(r"\1", text)
    out: dict[str, None] = {}
    for m in _WRITTEN_URL.finditer(text):
        url = m.group(0)
        while url and (url[-1] in _URL_END or (url[-1] == ")" and url.count("(") < url.count(")"))
                       or (url[-1] == "]" and url.count("[") < url.count("]"))):
            url = url[:-1]
        key = url_key(url)
        if "." in key.split("/", 1)[0]:
            out.setdefault(key, None)
    return tuple(out)


def url_key(url: str) -> str:
    """A URL in the form both sides are compared in: no scheme, ``www.``, percent-escapes or
    trailing ``/``, lower-case."""
    key = re.sub(r"^[a-z]+://", "", unquote(url).strip().lower())
    return key.removeprefix("www.").rstrip("/").removesuffix(".git")


def _has_runaway(tokens: Iterable[Token]) -> bool:
    for tok in tokens:
        if isinstance(tok, Math) and not tok.display and len(tok.tex) >= 60:
            if _PROSE.search(_TEXT_ARG.sub(" ", tok.tex)):
                return True
        elif isinstance(tok, Styled) and _has_runaway(tok.children):
            return True
    return False


def _formulas(tokens: Iterable[Token]) -> Iterable[Math]:
    for tok in tokens:
        if isinstance(tok, Math):
            yield tok
        elif isinstance(tok, Styled | Unknown):
            yield from _formulas(tok.children)
        elif isinstance(tok, Url):
            yield from _formulas(tok.label)


def _alnum(text: str) -> Counter:
    # NFKD: math letters (𝒪, ℝ) are letters, and accents (MathML writes \tilde{O} as an O
    # under a ~) fall away.
    return Counter(c for c in unicodedata.normalize("NFKD", text).casefold() if c.isalnum())


class _Tally:
    """Counts and examples of one evaluation, filled row by row."""

    def __init__(self) -> None:
        self.counts: Counter = Counter()
        self.kinds: Counter = Counter()
        self.faults: Counter = Counter()
        self.examples: dict[str, list] = {}

    def example(self, figure: str, item: tuple) -> None:
        kept = self.examples.setdefault(figure, [])
        if len(kept) < EXAMPLES:
            kept.append(item)

    def page(self, number: int, source: str, tokens: tuple[Token, ...], page) -> None:
        """The page figures of one abstract: ``source`` as read, ``page`` its parsed HTML."""
        failed = [f.tex for f in _formulas(tokens)
                  if "pd-math--text" in render_math(f.tex, f.display)]
        if failed:
            self.counts["fallback_pages"] += 1
            self.counts["fallback_formulas"] += len(failed)
            self.example("fallback", (number, failed[0]))
        lost = _alnum(_reference_text(source)) - _alnum(page.get_text())
        if lost:
            self.counts["lost_pages"] += 1
            self.example("lost", (number, "".join(sorted(lost.elements()))[:40]))
        for span in page.select(".pd-math, a, code"):
            # a stand-in, so "Int-$2^n$-Softmax" does not read as the TeX dash "Int--Softmax"
            span.replace_with("\ufffc")
        prose = page.get_text()
        for kind, pattern in TEX_KINDS.items():
            m = pattern.search(prose)
            if m:
                self.kinds[kind] += 1
                self.example("tex", (number, kind, prose[max(0, m.start() - 30):m.end() + 30]))

    def urls(self, number: int, raw: str, links) -> None:
        """The URL figures of one abstract: ``raw`` as written, ``links`` as extracted."""
        written = written_urls(raw)
        if not written:
            return
        self.counts["url_pages"] += 1
        got = {url_key(link.url) for link in links}
        faults = [(w, _url_fault(w, got)) for w in written if w not in got]
        for w, fault in faults:
            self.faults[fault] += 1
            self.example("url", (number, fault, w, tuple(sorted(got))))
        self.counts["url_exact"] += not faults


def _url_fault(written: str, got: set[str]) -> str:
    if any(written.startswith(g) for g in got):
        return "cut"
    if any(g.startswith(written) for g in got):
        return "merged"
    return "missing"


@cache
def _reference_converter():
    from pylatexenc.latex2text import LatexNodes2Text

    return LatexNodes2Text(math_mode="text")


def _reference_text(source: str) -> str:
    """``source`` as text, by pylatexenc (a Markdown link shows its label, as on a page); a
    source without a character TeX gives meaning to is its own text."""
    source = html.unescape(_MD_LINK.sub(r"\1", source))  # "&#x2014;" shows as "—"
    source = _UNICODE.sub(lambda m: chr(int(m.group(1), 16)), source)
    if not _TEXISH.search(source):
        return source
    try:
        text = _reference_converter().latex_to_text(source)
        return _CITATION.sub("", text)
    except Exception:  # noqa: BLE001 - a source the reference cannot read has no reference
        return ""


def text_report(rows: Iterable[Mapping]) -> TextReport:
    """Evaluate ``rows`` (each a mapping with ``abstract`` and optionally
    ``urls_in_abstract``, a list of URLs). Never raises on a row's text."""
    from bs4 import BeautifulSoup

    start = time.perf_counter()
    counts = dict(abstracts=0, stopped=0, notices=0, with_tex=0, raw_tex=0, runaway=0,
                  naming=0, exact=0, extra=0, field_disagrees=0)
    tally = _Tally()
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
        page = BeautifulSoup(render_html(tokens), "html.parser")
        if _TEX_SOURCE.search(text):
            counts["with_tex"] += 1
            visible = page.get_text()
            shown = _RAW_TEX_SHOWN.search(visible)
            if shown:
                counts["raw_tex"] += 1
                if len(examples) < EXAMPLES:
                    at = shown.start()
                    examples.append((number, visible[max(0, at - 30):at + 30]))
            counts["runaway"] += _has_runaway(tokens)
        links, code, _ = extract_links(tokens)
        tally.urls(number, row["abstract"], links)
        tally.page(number, text, tokens, page)
        named = named_repos(row["abstract"])
        got = frozenset(c.url.split("://", 1)[1].lower() for c in code)
        if named:
            counts["naming"] += 1
            if got == named:
                counts["exact"] += 1
            elif len(misses) < EXAMPLES:
                misses.append((number, tuple(sorted(named)), tuple(sorted(got))))
        elif got:
            counts["extra"] += 1
        if "urls_in_abstract" in row:
            field_repos = frozenset().union(*(named_repos(u) for u in row["urls_in_abstract"]))
            counts["field_disagrees"] += field_repos != named
    ex = tally.examples
    return TextReport(
        raw_tex_examples=tuple(examples), code_misses=tuple(misses),
        seconds=time.perf_counter() - start, **counts,
        fallback_pages=tally.counts["fallback_pages"],
        fallback_formulas=tally.counts["fallback_formulas"],
        fallback_examples=tuple(ex.get("fallback", ())), tex_outside=dict(tally.kinds),
        tex_outside_examples=tuple(ex.get("tex", ())), lost_pages=tally.counts["lost_pages"],
        lost_examples=tuple(ex.get("lost", ())), url_pages=tally.counts["url_pages"],
        url_exact=tally.counts["url_exact"], url_faults=dict(tally.faults),
        url_examples=tuple(ex.get("url", ())))


def read_rows(paths: Iterable[Path]) -> list[dict]:
    """The JSON objects of JSON-lines files (``.gz``: gzip-compressed, as the arXiv set of
    ``../shared/arxiv/`` is), in order.

    Raises:
        ValueError: a line that is not JSON, naming the file and line.
    """
    rows: list[dict] = []
    for path in paths:
        opener = gzip.open if str(path).endswith(".gz") else open
        with opener(path, "rt", encoding="utf-8") as fh:
            for line_no, line in enumerate(fh, start=1):
                if not line.strip():
                    continue
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError as err:
                    raise ValueError(f"{path}:{line_no}: not a JSON object ({err.msg}); "
                                     "each line must be one abstract's JSON object") from err
    return rows


def main(argv: list[str] | None = None) -> int:
    """``python -m evaluation.text [--details] [--limit N] [path.jsonl[.gz] ...]``: print the
    figures (``--limit N``: only the first N rows)."""
    args = list(sys.argv[1:] if argv is None else argv)
    details = "--details" in args
    args = [a for a in args if a != "--details"]
    limit = None
    if "--limit" in args:
        at = args.index("--limit")
        limit = int(args[at + 1])
        del args[at:at + 2]
    paths = [Path(p) for p in (args or sorted(glob.glob(DEFAULT_GLOB)))]
    if not paths:
        print(f"no input: pass JSON-lines files (default {DEFAULT_GLOB})", file=sys.stderr)
        return 2
    report = text_report(read_rows(paths)[:limit])
    print("\n".join(report.lines()))
    if details:
        print("\n".join(report.detail_lines()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
