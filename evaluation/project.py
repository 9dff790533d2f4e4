"""``paper-digest eval``: score the extraction rules against the hand-labelled evaluation set.

The set lives in ``eval/`` (see ``eval/README.md``): ``labels/seeds.yml`` labels the abstracts
of the seeds folder, the other ``labels/*.yml`` those of ``eval/extra/*.txt``. Every labelled
abstract is run through ``extract_paper`` on its own and compared with its label. Figures are
given per split (``tune``, ``heldout``) and for ``all`` abstracts together.

This module only measures: it never changes extraction rules or labels.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from generator.config.taxonomy import Taxonomy, load_taxonomy
from generator.errors import InputError
from generator.extract import extract_paper
from generator.extract.sentences import NO_CUE, contribution_rank, split_sentences
from generator.infra.yamlfile import item_lines, read_yaml
from generator.read.text import parse_seed_text
from generator.records import Abstract, PaperFacts, Source

SPLITS = ("tune", "heldout")
ALL = "all"
MAX_TITLE_CHARS = 90
CODE_STATUSES = ("available", "promised", "none")
LINK_KINDS = ("code", "project", "paper", "data", "other")
SEED_LABELS = "seeds.yml"  # labels of the seeds folder; every other labels/*.yml: eval/extra/


# ----------------------------------------------------------------------------------- records


@dataclass(frozen=True, slots=True)
class Label:
    """The expected facts of one abstract (one entry of a ``labels/*.yml`` file).

    Attributes:
        file: the text file's name (a seed file, or ``tune.txt`` / ``heldout.txt``).
        abstract: 1-based abstract number within that file, counted after the header.
        origin: ``"seeds"`` (file is in the seeds folder) or ``"extra"`` (in ``eval/extra/``).
        tags: expected topic tags.
        code: expected normalised code-repository URLs.
        code_status: ``available``, ``promised`` or ``none``.
        links: expected ``(url, kind)`` pairs.
        titles: acceptable title keys; a title is acceptable if it contains one of them.
        split: ``tune`` or ``heldout``.
    """

    file: str
    abstract: int
    origin: str
    tags: tuple[str, ...]
    code: tuple[str, ...]
    code_status: str
    links: tuple[tuple[str, str], ...]
    titles: tuple[str, ...]
    split: str

    @property
    def ref(self) -> str:
        """Short reference, e.g. ``"tune.txt#3"``."""
        return f"{self.file}#{self.abstract}"


@dataclass(frozen=True, slots=True)
class Counts:
    """True positives, false positives and false negatives of a set comparison."""

    tp: int = 0
    fp: int = 0
    fn: int = 0

    def __add__(self, other: Counts) -> Counts:
        return Counts(self.tp + other.tp, self.fp + other.fp, self.fn + other.fn)

    @property
    def precision(self) -> float:
        """``tp / (tp + fp)``; 1.0 when nothing was predicted (no wrong prediction)."""
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        """``tp / (tp + fn)``; 1.0 when nothing was expected (nothing missed)."""
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0

    @property
    def f1(self) -> float:
        """Harmonic mean of precision and recall (0.0 when both are 0)."""
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


@dataclass(frozen=True, slots=True)
class TagScore:
    """One row of the per-tag table: ``support`` is the number of papers labelled with it."""

    tag: str
    counts: Counts

    @property
    def support(self) -> int:
        return self.counts.tp + self.counts.fn


@dataclass(frozen=True, slots=True)
class Case:
    """One labelled abstract next to what extraction produced for it.

    Attributes:
        label: the expected facts.
        facts: the extracted facts.
        background_highlight: the highlight is the abstract's first sentence and that sentence
            has no contribution cue (``contribution_rank == NO_CUE``).
    """

    label: Label
    facts: PaperFacts
    background_highlight: bool

    @property
    def tag_counts(self) -> Counts:
        return compare_sets(self.label.tags, self.facts.tags)

    @property
    def missing_tags(self) -> tuple[str, ...]:
        return tuple(t for t in self.label.tags if t not in self.facts.tags)

    @property
    def extra_tags(self) -> tuple[str, ...]:
        return tuple(t for t in self.facts.tags if t not in self.label.tags)

    @property
    def urls(self) -> tuple[str, ...]:
        return tuple(link.url for link in self.facts.links)

    @property
    def url_kinds(self) -> tuple[tuple[str, str], ...]:
        return tuple((link.url, link.kind) for link in self.facts.links)

    @property
    def code_urls(self) -> tuple[str, ...]:
        return tuple(repo.url for repo in self.facts.code)

    @property
    def title_ok(self) -> bool:
        return title_acceptable(self.facts.title, self.label.titles)

    @property
    def status_ok(self) -> bool:
        return self.facts.code_status == self.label.code_status

    @property
    def links_ok(self) -> bool:
        return set(self.url_kinds) == set(self.label.links)


@dataclass(frozen=True, slots=True)
class SplitReport:
    """Every figure for one split.

    Attributes:
        name: ``tune``, ``heldout`` or ``all``.
        cases: the compared abstracts, in label order.
        tags: micro-averaged tag counts over all papers.
        per_tag: one row per tag that is expected or predicted at least once, taxonomy order.
        urls: link comparison on the set of URLs.
        url_kinds: link comparison on the set of ``(url, kind)`` pairs.
        code: comparison of the sets of code-repository URLs.
        status_correct: papers whose code status equals the label.
        titles_ok: papers whose title contains an acceptable key.
        long_titles: titles longer than ``MAX_TITLE_CHARS``.
        duplicate_titles: titles shared by more than one paper of the split (each listed once).
        background_highlights: papers whose highlight is a cue-less opening sentence.
    """

    name: str
    cases: tuple[Case, ...]
    tags: Counts
    per_tag: tuple[TagScore, ...]
    urls: Counts
    url_kinds: Counts
    code: Counts
    status_correct: int
    titles_ok: int
    long_titles: tuple[str, ...]
    duplicate_titles: tuple[str, ...]
    background_highlights: int

    @property
    def papers(self) -> int:
        return len(self.cases)

    @property
    def status_accuracy(self) -> float:
        return self.status_correct / self.papers if self.papers else 1.0

    @property
    def title_acceptability(self) -> float:
        return self.titles_ok / self.papers if self.papers else 1.0

    @property
    def duplicate_count(self) -> int:
        """Titles beyond the first copy: papers minus distinct titles."""
        return self.papers - len({c.facts.title for c in self.cases})

    def worst_tags(self, n: int) -> tuple[Case, ...]:
        """The ``n`` papers with the lowest tag F1 below 1 (most wrong tags first on ties)."""
        bad = [c for c in self.cases if c.tag_counts.f1 < 1.0]
        bad.sort(key=lambda c: (c.tag_counts.f1, -(c.tag_counts.fp + c.tag_counts.fn)))
        return tuple(bad[:n])

    @property
    def bad_titles(self) -> tuple[Case, ...]:
        return tuple(c for c in self.cases if not c.title_ok)

    @property
    def bad_status(self) -> tuple[Case, ...]:
        return tuple(c for c in self.cases if not c.status_ok)

    @property
    def bad_links(self) -> tuple[Case, ...]:
        return tuple(c for c in self.cases if not c.links_ok
                     or set(c.code_urls) != set(c.label.code))


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The result of ``evaluate``: one ``SplitReport`` per split plus ``all``, and any label
    problems found (unknown tag names, bad code status, ...), which are reported, not fixed."""

    splits: tuple[SplitReport, ...]
    label_problems: tuple[str, ...]

    def split(self, name: str) -> SplitReport:
        """The report of split ``name`` (``tune``, ``heldout`` or ``all``)."""
        for report in self.splits:
            if report.name == name:
                return report
        raise KeyError(name)


# ----------------------------------------------------------------------------------- metrics


def compare_sets(expected: Iterable, got: Iterable) -> Counts:
    """Compare two collections as sets.

    Args:
        expected: the labelled items.
        got: the extracted items.

    Returns:
        ``Counts(tp, fp, fn)``: items in both, only in ``got``, only in ``expected``.
    """
    e, g = set(expected), set(got)
    return Counts(len(e & g), len(g - e), len(e - g))


def total(counts: Iterable[Counts]) -> Counts:
    """Sum of counts (micro-averaging)."""
    out = Counts()
    for c in counts:
        out = out + c
    return out


def title_acceptable(title: str, keys: Iterable[str]) -> bool:
    """True when ``title`` contains at least one of ``keys`` (case-sensitive substring)."""
    return any(key in title for key in keys)


def is_background_highlight(text: str, highlight: str) -> bool:
    """True when ``highlight`` is the first sentence of abstract ``text`` and that sentence
    carries no contribution cue (``contribution_rank(...) == NO_CUE``)."""
    sentences = split_sentences(text)
    return bool(sentences) and highlight.strip() == sentences[0] \
        and contribution_rank(sentences[0]) == NO_CUE


# ------------------------------------------------------------------------------------ inputs


def load_labels(eval_dir: Path) -> tuple[tuple[Label, ...], tuple[str, ...]]:
    """Read every ``labels/*.yml`` of ``eval_dir``: ``seeds.yml`` labels abstracts of the seeds
    folder, the other files (in name order) abstracts of ``eval/extra/``.

    Returns:
        ``(labels, problems)``: every entry in file order, and one message per suspicious
        value (invalid code status, split or link kind) found on the way.

    Raises:
        InputError (file and line of the entry): a labels file is missing, unreadable or not a
            YAML list; an entry is not a mapping, lacks ``file`` or ``abstract``, names a file
            outside its folder, has a value of the wrong type (``titles: "X"`` instead of a
            list would match any title containing one of its letters), or labels an abstract
            a second time.
    """
    labels: list[Label] = []
    problems: list[str] = []
    seen: dict[tuple[str, str, int], str] = {}
    paths = sorted((eval_dir / "labels").glob("*.yml"), key=lambda p: (p.name != SEED_LABELS,
                                                                       p.name))
    if not paths or paths[0].name != SEED_LABELS:
        paths.insert(0, eval_dir / "labels" / SEED_LABELS)  # reported as missing below
    for path in paths:
        name, where_file = path.name, str(path)
        origin = "seeds" if name == SEED_LABELS else "extra"
        data, node = read_yaml(path, where_file)
        if not isinstance(data, list):
            raise InputError(where_file, None, "expected a YAML list of labels")
        lines = item_lines(node)
        for index, entry in enumerate(data, start=1):
            line = lines[index - 1] if index <= len(lines) else None
            label = _label(entry, origin, where_file, line, index)
            key = (origin, label.file, label.abstract)
            if key in seen:
                raise InputError(where_file, line, f"entry #{index}: {label.ref} is already "
                                                   f"labelled ({seen[key]})")
            seen[key] = f"{name}:{line}"
            where = f"{name} {label.ref}"
            if label.split not in SPLITS:
                problems.append(f"{where}: unknown split {label.split!r}")
            if label.code_status not in CODE_STATUSES:
                problems.append(f"{where}: unknown code_status {label.code_status!r}")
            for url, kind in label.links:
                if kind not in LINK_KINDS:
                    problems.append(f"{where}: unknown link kind {kind!r} for {url}")
            if not label.titles:
                problems.append(f"{where}: no title keys")
            labels.append(label)
    return tuple(labels), tuple(problems)


def _label(entry: object, origin: str, path: str, line: int | None, index: int) -> Label:
    """One validated labels entry (see ``load_labels`` for the errors)."""
    def fail(why: str) -> InputError:
        return InputError(path, line, f"entry #{index}: {why}")

    if not isinstance(entry, dict):
        raise fail("expected a mapping with file, abstract, tags, ...")
    file, number = _file_and_number(entry, fail)
    links = _links(entry, fail)
    for key in ("code_status", "split"):
        if not isinstance(entry.get(key, ""), str):
            raise fail(f"{key!r} must be a string")
    return Label(file=file, abstract=number, origin=origin, tags=_strings(entry, "tags", fail),
                 code=_strings(entry, "code", fail), code_status=entry.get("code_status", "none"),
                 links=links, titles=_strings(entry, "titles", fail),
                 split=entry.get("split", ""))


def _file_and_number(entry: dict, fail: Callable[[str], InputError]) -> tuple[str, int]:
    """``(file, abstract)`` of a labels entry.

    Raises:
        InputError: ``file`` is not a plain file name, or ``abstract`` not a whole number >= 1.
    """
    file, number = entry.get("file"), entry.get("abstract")
    if not isinstance(file, str) or not file or "/" in file or "\\" in file \
            or file.startswith("."):
        raise fail(f"'file' must be a file name in the labelled folder, not {file!r}")
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise fail(f"'abstract' must be a whole number from 1, not {number!r}")
    return file, number


def _strings(entry: dict, key: str, fail: Callable[[str], InputError]) -> tuple[str, ...]:
    """The list of strings under ``key`` of a labels entry (``()`` when absent).

    Raises:
        InputError: the value is not a list of strings.
    """
    value = entry.get(key)
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise fail(f"{key!r} must be a list of strings, e.g. {key}: [\"...\"]")
    return tuple(value)


def _links(entry: dict, fail: Callable[[str], InputError]) -> tuple[tuple[str, str], ...]:
    """``(url, kind)`` of each ``links`` item of a labels entry.

    Raises:
        InputError: ``links`` is not a list of ``{url, kind}`` mappings of strings.
    """
    links = entry.get("links") or []
    if not isinstance(links, list) or not all(
            isinstance(x, dict) and isinstance(x.get("url"), str) and isinstance(x.get("kind"), str)
            for x in links):
        raise fail("'links' must be a list of {url: ..., kind: ...} mappings")
    return tuple((x["url"], x["kind"]) for x in links)


def read_labelled_file(folder: Path, file: str, cache: dict) -> list:
    path = folder / file
    if path not in cache:
        if not path.is_file():
            raise InputError(str(path), None, "labelled file not found")
        cache[path] = parse_seed_text(path.read_bytes(), path.name, str(path))
    return cache[path]


# -------------------------------------------------------------------------------- evaluation


def _tag_hit(tag: str, case: Case) -> Counts:
    """``Counts`` of one tag in one case: labelled and found, found only, labelled only."""
    wanted, got = tag in case.label.tags, tag in case.facts.tags
    return Counts(int(wanted and got), int(got and not wanted), int(wanted and not got))


def _per_tag(cases: tuple[Case, ...], taxonomy: Taxonomy) -> tuple[TagScore, ...]:
    """``TagScore`` of each tag seen in ``cases``, taxonomy order first, then the others sorted."""
    per_tag_counts: dict[str, Counts] = {}
    for case in cases:
        for tag in set(case.label.tags) | set(case.facts.tags):
            per_tag_counts[tag] = per_tag_counts.get(tag, Counts()) + _tag_hit(tag, case)
    order = list(taxonomy.names) + sorted(set(per_tag_counts) - set(taxonomy.names))
    return tuple(TagScore(t, per_tag_counts[t]) for t in order if t in per_tag_counts)


def _report(name: str, cases: tuple[Case, ...], taxonomy: Taxonomy) -> SplitReport:
    """The ``SplitReport`` named ``name`` of ``cases``."""
    titles = Counter(c.facts.title for c in cases)
    return SplitReport(
        name=name,
        cases=cases,
        tags=total(c.tag_counts for c in cases),
        per_tag=_per_tag(cases, taxonomy),
        urls=total(compare_sets((u for u, _ in c.label.links), c.urls) for c in cases),
        url_kinds=total(compare_sets(c.label.links, c.url_kinds) for c in cases),
        code=total(compare_sets(c.label.code, c.code_urls) for c in cases),
        status_correct=sum(c.status_ok for c in cases),
        titles_ok=sum(c.title_ok for c in cases),
        long_titles=tuple(c.facts.title for c in cases if len(c.facts.title) > MAX_TITLE_CHARS),
        duplicate_titles=tuple(t for t, n in titles.items() if n > 1),
        background_highlights=sum(c.background_highlight for c in cases),
    )


def evaluate(eval_dir: Path, seeds_dir: Path, taxonomy_path: Path) -> Evaluation:
    """Run extraction on every labelled abstract and compare it with its label.

    Args:
        eval_dir: the evaluation folder (``labels/`` and ``extra/``).
        seeds_dir: the seeds folder the seed labels point into.
        taxonomy_path: the taxonomy YAML used for tagging.

    Returns:
        ``Evaluation`` with reports for ``tune``, ``heldout`` and ``all``.

    Raises:
        InputError: a labels, seed or taxonomy file is missing or malformed, or a label names
            an abstract number its file does not have.
    """
    taxonomy = load_taxonomy(taxonomy_path)
    labels, problems = load_labels(eval_dir)
    known = set(taxonomy.names)
    problems = list(problems)
    cache: dict = {}
    cases: list[Case] = []
    for label in labels:
        for tag in label.tags:
            if tag not in known:
                problems.append(f"{label.ref}: tag {tag!r} is not in the taxonomy")
        folder = seeds_dir if label.origin == "seeds" else eval_dir / "extra"
        collection, paragraphs = read_labelled_file(folder, label.file, cache)
        if not 1 <= label.abstract <= len(paragraphs):
            raise InputError(str(folder / label.file), None,
                             f"label asks for abstract {label.abstract}, file has "
                             f"{len(paragraphs)}")
        line, text = paragraphs[label.abstract - 1]
        abstract = Abstract(text, collection, (Source(label.file, label.abstract, line),))
        facts = extract_paper(abstract, taxonomy)
        cases.append(Case(label, facts, is_background_highlight(text, facts.highlight)))
    for path, (_, paragraphs) in cache.items():
        n = sum(1 for lab in labels if lab.file == path.name)
        if n != len(paragraphs):
            problems.append(f"{path.name}: {len(paragraphs)} abstracts but {n} labels")
    reports = [_report(s, tuple(c for c in cases if c.label.split == s), taxonomy)
               for s in SPLITS]
    reports.append(_report(ALL, tuple(cases), taxonomy))
    return Evaluation(tuple(reports), tuple(problems))


# ----------------------------------------------------------------------------------- output


def _pct(x: float) -> str:
    return f"{x:.3f}"


def _prf(c: Counts) -> str:
    return (f"P {_pct(c.precision)}  R {_pct(c.recall)}  F1 {_pct(c.f1)}  "
            f"(tp {c.tp}, fp {c.fp}, fn {c.fn})")


def _short(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def format_report(report: SplitReport, worst: int = 5) -> str:
    """A readable multi-line report of one split.

    Args:
        report: the split's figures.
        worst: how many cases to show per failure list (the rest are counted).

    Returns:
        The text, without a trailing newline.
    """
    out = [f"=== split: {report.name} ({report.papers} abstracts) ===",
           f"tags (micro)        {_prf(report.tags)}",
           f"links (url)         {_prf(report.urls)}",
           f"links (url, kind)   {_prf(report.url_kinds)}",
           f"code links          {_prf(report.code)}",
           f"code status         accuracy {_pct(report.status_accuracy)} "
           f"({report.status_correct}/{report.papers})",
           f"titles              acceptable {_pct(report.title_acceptability)} "
           f"({report.titles_ok}/{report.papers}); > {MAX_TITLE_CHARS} chars: "
           f"{len(report.long_titles)}; duplicates: {report.duplicate_count}",
           f"background highlights  {report.background_highlights}",
           "",
           f"  {'tag':<24} {'support':>7} {'pred':>5} {'tp':>4} {'fp':>4} {'fn':>4} "
           f"{'P':>6} {'R':>6} {'F1':>6}"]
    for row in report.per_tag:
        c = row.counts
        out.append(f"  {row.tag:<24} {row.support:>7} {c.tp + c.fp:>5} {c.tp:>4} {c.fp:>4} "
                   f"{c.fn:>4} {c.precision:>6.3f} {c.recall:>6.3f} {c.f1:>6.3f}")

    def section(title: str, items: tuple[Case, ...], show) -> None:
        out.append("")
        out.append(f"{title}: {len(items)}")
        for case in items[:worst]:
            out.extend("  " + line for line in show(case))
        if len(items) > worst:
            out.append(f"  ... {len(items) - worst} more")

    worst_tags = report.worst_tags(len(report.cases))
    section("worst tag cases (lowest per-paper F1)", worst_tags, lambda c: [
        f"{c.label.ref} F1 {c.tag_counts.f1:.2f}  title: {c.facts.title}",
        f"    expected: {', '.join(c.label.tags)}",
        f"    got:      {', '.join(c.facts.tags) or '-'}",
        f"    missed: {', '.join(c.missing_tags) or '-'} | added: "
        f"{', '.join(c.extra_tags) or '-'}"])
    section("unacceptable titles", report.bad_titles, lambda c: [
        f"{c.label.ref} expected one of {list(c.label.titles)}",
        f"    got: {c.facts.title!r} (name: {c.facts.name!r})"])
    section("wrong code status", report.bad_status, lambda c: [
        f"{c.label.ref} expected {c.label.code_status}, got {c.facts.code_status}",
        f"    text end: {_short(c.facts.abstract.text[-220:], 220)}"])

    def link_lines(c: Case) -> list[str]:
        exp, got = set(c.label.links), set(c.url_kinds)
        lines = [f"{c.label.ref}"]
        lines += [f"    missed: {u} ({k})" for u, k in sorted(exp - got)]
        lines += [f"    added:  {u} ({k})" for u, k in sorted(got - exp)]
        ec, gc = set(c.label.code), set(c.code_urls)
        lines += [f"    code missed: {u}" for u in sorted(ec - gc)]
        lines += [f"    code added:  {u}" for u in sorted(gc - ec)]
        return lines

    section("link / code-link mismatches", report.bad_links, link_lines)
    if report.long_titles:
        out.append("")
        out.append(f"titles > {MAX_TITLE_CHARS} chars:")
        out.extend(f"  ({len(t)}) {t}" for t in report.long_titles)
    if report.duplicate_titles:
        out.append("")
        out.append("duplicate titles:")
        out.extend(f"  {t}" for t in report.duplicate_titles)
    return "\n".join(out)


def main(eval_dir: Path, seeds_dir: Path, taxonomy: Path, worst: int = 5) -> int:
    """Print the evaluation report for every split.

    Args:
        eval_dir, seeds_dir, taxonomy: see ``evaluate``.
        worst: how many cases to print per failure list and split.

    Returns:
        0 (the figures are information, not a pass/fail verdict; the tests assert targets).

    Raises:
        InputError: see ``evaluate``.
    """
    result = evaluate(eval_dir, seeds_dir, taxonomy)
    if result.label_problems:
        print("label problems:")
        for problem in result.label_problems:
            print(f"  {problem}")
        print()
    for report in result.splits:
        print(format_report(report, worst))
        print()
    summary = result.split("heldout")
    if not summary.papers:
        print("heldout summary: no held-out abstracts (no label has split: heldout)")
        return 0
    print(f"heldout summary: tag F1 {_pct(summary.tags.f1)}, tag P {_pct(summary.tags.precision)}, "
          f"link P/R {_pct(summary.urls.precision)}/{_pct(summary.urls.recall)}, code status "
          f"{_pct(summary.status_accuracy)}, titles {_pct(summary.title_acceptability)}")
    return 0
