"""``paper-digest eval --real``: how extraction does on real abstracts nobody here wrote.

Input: any JSON Lines file whose records have ``title`` (the real, published title) and
``abstract``; optional ``venue``, ``index`` (the record's key is ``venue#index``, else
``file#line``) and ``paper_url`` (a Datasets & Benchmarks track paper is recognised by
``Datasets_and_Benchmarks`` in it, as in the NeurIPS proceedings' addresses). The default is
``../shared/real/*.jsonl`` beside the project, when present.

The report needs no labels: method-name retention against the real title, title defects by
kind, untagged papers, highlight length and sentence count, tag counts, per venue. With a
labels file (``--labels``; see ``eval/README.md`` for its format and why it is kept outside the
repository) it adds tag precision/recall/F1 and name accuracy per split.

Only measures; never changes rules. Figures are computed from the records, never stored.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from evaluation.defects import title_defects
from evaluation.project import Counts, compare_sets
from generator.config.taxonomy import Taxonomy
from generator.errors import InputError
from generator.extract import extract_paper
from generator.extract.sentences import points_back
from generator.extract.titles import carries_name as carries
from generator.read.clean import repair_text
from generator.records import Abstract, PaperFacts, Source

DATASETS_TAG = "Datasets & Benchmarks"
_DB_TRACK = "Datasets_and_Benchmarks"
SPLITS = ("tune", "train", "heldout")  # tune: the real sample's; train: the arXiv set's
# The labelled real sample: the 400 records whose keys sort first by SHA-256 of this salt
# plus the key; of those, about 2 in 5 (by a second hash) are held out. A rule, not a list,
# so the sample can be drawn again from the data without storing anything about it.
SAMPLE_SALT = b"paper-digest real sample v1\0"
SPLIT_SALT = b"paper-digest real split v1\0"
SAMPLE_SIZE = 400
LONG_HIGHLIGHT = 400  # characters of plain text

_NAME_TOKEN = re.compile(r"[A-Za-z0-9][\w.+\-²]*")


@dataclass(frozen=True, slots=True)
class RealRecord:
    """One real abstract with its published title.

    Attributes:
        key: ``venue#index`` (or ``file#line`` when the record has neither).
        venue: the record's ``venue`` (or the file's name).
        title: the real title.
        abstract: the abstract as given (raw).
        datasets_track: the record is a Datasets & Benchmarks track paper.
    """

    key: str
    venue: str
    title: str
    abstract: str
    datasets_track: bool


@dataclass(frozen=True, slots=True)
class RealLabel:
    """The adjudicated labels of one record of the labelled sample.

    Attributes:
        key: the record's key.
        tags: the tags whose definition fits the paper's main subject (may be empty).
        name: the name the abstract gives the paper's own contribution, or ``None``.
        split: ``tune`` or ``heldout``.
    """

    key: str
    tags: tuple[str, ...]
    name: str | None
    split: str


@dataclass(frozen=True, slots=True)
class RealCase:
    """A real record next to what extraction made of it."""

    record: RealRecord
    facts: PaperFacts
    defects: tuple[str, ...]
    title_name: str | None  # the method name of the real title, when the abstract uses it
    highlight_sentences: int


@dataclass(frozen=True, slots=True)
class VenueReport:
    """The label-free figures for one venue (or ``all``).

    Attributes:
        venue: the venue, or ``all``.
        cases: the compared records.
        named: records whose real title opens with a name the abstract uses.
        kept: of those, records whose derived title carries the name.
        defects: defect kind -> records with it (a record may have several kinds).
        defective: records with at least one defect.
        untagged: records with no tag.
        long_highlights: highlights over ``LONG_HIGHLIGHT`` characters.
        multi_sentence: highlights that span more than one sentence.
        pointing: highlights that point back at text the reader has not seen (``points_back``).
        datasets_track: Datasets & Benchmarks track records, and how many got that tag.
        tag_counts: tag -> records with it.
    """

    venue: str
    cases: tuple[RealCase, ...]
    named: int
    kept: int
    defects: dict[str, int]
    defective: int
    untagged: int
    long_highlights: int
    multi_sentence: int
    pointing: int
    datasets_track: tuple[int, int]
    tag_counts: dict[str, int] = field(default_factory=dict)

    @property
    def papers(self) -> int:
        return len(self.cases)


@dataclass(frozen=True, slots=True)
class LabelReport:
    """Tag and name figures for one split of the labelled sample.

    Attributes:
        split: ``tune``, ``heldout`` or ``all``.
        papers: labelled records found in the data.
        tags: micro-averaged tag counts.
        per_tag: tag -> counts.
        names: records labelled with a name, and how many derived titles carry it.
        untagged: labelled records that got no tag.
        no_label_tag: records whose labels give no tag (no definition fits them).
        missed: records whose labels give a tag that got none (the untagged that a tagger
            agreeing with the labellers would not leave).
    """

    split: str
    papers: int
    tags: Counts
    per_tag: dict[str, Counts]
    names: tuple[int, int]
    untagged: int = 0
    no_label_tag: int = 0
    missed: int = 0


@dataclass(frozen=True, slots=True)
class RealReport:
    """Everything ``real_report`` measured: per venue plus ``all``, labelled splits, speed."""

    venues: tuple[VenueReport, ...]
    labels: tuple[LabelReport, ...]
    ms_per_abstract: float


# ------------------------------------------------------------------------------------ input


def _json_lines(path: Path) -> Iterator[tuple[int, object]]:
    """``(line number, parsed value)`` for every non-blank line of a JSON Lines file.

    Raises:
        InputError: the file cannot be read as UTF-8, or a line is not JSON (line named).
    """
    try:
        raw = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
        lines = raw.decode("utf-8").splitlines()
    except (OSError, UnicodeDecodeError, EOFError, gzip.BadGzipFile) as exc:
        raise InputError(str(path), None, f"cannot read: {exc}") from None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            yield number, json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(str(path), number, f"not JSON: {exc.msg}") from None


def read_real(paths: Iterable[Path]) -> tuple[RealRecord, ...]:
    """Read JSON Lines files of real abstracts (module docstring for the fields); any other file
    the digest reads (another format, or JSON Lines whose first record has no top-level
    ``title`` and ``abstract``, such as OpenReview notes) gives its records with a title and an
    abstract (``_records_of``).

    Raises:
        InputError: a file is missing, a line is not a JSON object, or a record lacks a
            string ``title`` or ``abstract`` (file and line named).
    """
    records: list[RealRecord] = []
    for path in paths:
        rows = list(_json_lines(path)) if path.name.lower().endswith(
            (".jsonl", ".jsonl.gz")) else []
        if not rows or not (isinstance(rows[0][1], dict) and isinstance(
                rows[0][1].get("title"), str) and isinstance(rows[0][1].get("abstract"), str)):
            records += _records_of(path)  # another format, or notes with a "content" object
            continue
        for number, row in rows:
            if not isinstance(row, dict) or not all(
                    isinstance(row.get(k), str) for k in ("title", "abstract")):
                raise InputError(str(path), number,
                                 "expected an object with string 'title' and 'abstract'")
            venue = str(row.get("venue") or path.name)
            key = _key(row, venue, path, number)
            # The characters as a digest reads them (generator.read.clean: control characters
            # and mojibake repaired), so the report measures what a site would show.
            records.append(RealRecord(key, venue, repair_text(row["title"])[0],
                                      repair_text(row["abstract"])[0],
                                      _DB_TRACK in str(row.get("paper_url", ""))))
    return tuple(records)


def _key(row: dict, venue: str, path: Path, number: int) -> str:
    """A record's key: its arXiv ``id`` (so the arXiv labels find it), else ``venue#index``,
    else ``file#line``."""
    if isinstance(row.get("id"), str) and row["id"]:
        return row["id"]
    if "index" in row and "venue" in row:
        return f"{venue}#{row['index']}"
    return f"{path.name}#{number}"


def _records_of(path: Path) -> list[RealRecord]:
    """The records of a seed file of any other format the digest reads (BibTeX, JSON, CSV,
    Atom, OpenReview: ``generator.read``) that give both a title and an abstract, keyed
    ``<file name>#<record number>``; the venue is the record's collection.

    Raises:
        InputError: the file is missing or its reader refuses it.
    """
    from generator.read import READERS

    reader = READERS.get(path.suffix.lower())
    if reader is None:
        raise InputError(str(path), None, "not a format paper-digest reads")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InputError(str(path), None, f"cannot read: {exc}") from None
    return [RealRecord(f"{path.name}#{r.sources[0].abstract}", r.collection, r.meta.title,
                       r.text, _DB_TRACK in r.meta.url)
            for r in reader(data, path.name, str(path)).records if r.text and r.meta.title]


def sample_split(key: str) -> str:
    """The split of a labelled record: ``heldout`` for about 2 keys in 5 (by SHA-256)."""
    digest = hashlib.sha256(SPLIT_SALT + key.encode("utf-8")).digest()
    return "heldout" if digest[0] % 5 < 2 else "tune"


def draw_sample(records: Sequence[RealRecord], size: int = SAMPLE_SIZE) -> tuple[RealRecord, ...]:
    """The labelled sample: the ``size`` records whose keys sort first by SHA-256 with
    ``SAMPLE_SALT`` (independent of file order and of every rule)."""
    return tuple(sorted(records, key=lambda r: hashlib.sha256(
        SAMPLE_SALT + r.key.encode("utf-8")).hexdigest())[:size])


def read_labels(path: Path, taxonomy_names: Iterable[str]) -> tuple[RealLabel, ...]:
    """Read a labels file: JSON Lines of ``{"key", "tags", "name"}`` (``split`` optional,
    else ``sample_split(key)``).

    Raises:
        InputError: unreadable file, a line that is not such an object, an unknown tag name
            or a key labelled twice (file and line named).
    """
    known = set(taxonomy_names)
    out: list[RealLabel] = []
    seen: set[str] = set()
    for number, row in _json_lines(path):
        tags = row.get("tags") if isinstance(row, dict) else None
        if not isinstance(row, dict) or not isinstance(row.get("key"), str) or not isinstance(
                tags, list) or not all(isinstance(t, str) for t in tags):
            raise InputError(str(path), number, "expected {\"key\": str, \"tags\": [str], "
                                                "\"name\": str or null}")
        unknown = [t for t in tags if t not in known]
        if unknown:
            raise InputError(str(path), number, f"unknown tag {unknown[0]!r}")
        if row["key"] in seen:
            raise InputError(str(path), number, f"{row['key']} is labelled twice")
        seen.add(row["key"])
        name = row.get("name")
        out.append(RealLabel(row["key"], tuple(tags), name if isinstance(name, str) else None,
                             row.get("split") or sample_split(row["key"])))
    return tuple(out)


# ---------------------------------------------------------------------------------- metrics


def title_name(title: str, abstract: str) -> str | None:
    """The method name a real title opens with (``UniPC: ...``), when the abstract uses it.

    A name is the part before the first ``": "``, at most three words and 40 characters, that
    looks coined: one of its words has a capital after the first letter, a digit, or is all
    capitals, or it is a single capitalised word (``Mamba``). The abstract must contain it as
    written (case-sensitive, whole word).
    """
    head, sep, _ = title.partition(": ")
    head = head.strip()
    if not sep or not head or len(head) > 40 or len(head.split()) > 3:
        return None
    words = head.split()
    coined = any(_coined(w) for w in words) or (len(words) == 1 and head[:1].isupper())
    if not coined or not _NAME_TOKEN.fullmatch(words[0]):
        return None
    return head if re.search(rf"(?<![\w-]){re.escape(head)}(?![\w-])", abstract) else None


def _coined(word: str) -> bool:
    core = word.replace("-", "")
    return (any(c.isupper() for c in core[1:]) or any(c.isdigit() for c in core)
            or (core.isupper() and len(core) >= 2))


# A sentence boundary inside a highlight, found independently of the extractor's splitter:
# a full stop, question or exclamation mark after a lower-case word of 3+ letters (not an
# abbreviation), then optional space and a capitalised word.
_INNER_BOUNDARY = re.compile(r"(?<![A-Z])[a-z]{3,}[)\]]?[.!?]\s*(?=[A-Z][a-z])")
_ABBREVIATION_END = re.compile(r"\b(?:etc|resp|approx|e\.g|i\.e|al|vs|cf|fig|eq|sec)\.\s*$",
                               re.I)


def sentence_count(text: str) -> int:
    """Sentences in a highlight: 1 plus the inner boundaries ``_INNER_BOUNDARY`` finds."""
    inner = [m for m in _INNER_BOUNDARY.finditer(text)
             if not _ABBREVIATION_END.search(text[: m.end()])]
    return 1 + len(inner) if text.strip() else 0


# ---------------------------------------------------------------------------------- report


def real_report(records: Sequence[RealRecord], taxonomy: Taxonomy,
                labels: Sequence[RealLabel] = ()) -> RealReport:
    """Extract every record and measure (see the module docstring)."""
    cases: list[RealCase] = []
    start = time.perf_counter()
    facts_list = [extract_paper(Abstract(r.abstract, r.venue, (Source(r.key, 1, 1),)), taxonomy)
                  for r in records]
    ms = (time.perf_counter() - start) * 1000 / max(1, len(records))
    for record, facts in zip(records, facts_list, strict=True):
        cases.append(RealCase(record, facts, title_defects(facts.title, record.abstract),
                              title_name(record.title, record.abstract),
                              sentence_count(facts.plain_highlight)))
    venues = sorted({c.record.venue for c in cases})
    reports = [_venue_report(v, [c for c in cases if c.record.venue == v]) for v in venues]
    reports.append(_venue_report("all", cases))
    by_key = {c.record.key: c for c in cases}
    label_reports = []
    for split in (*SPLITS, "all"):
        chosen = [lab for lab in labels if (split == "all" or lab.split == split)
                  and lab.key in by_key]
        label_reports.append(_label_report(split, chosen, by_key))
    return RealReport(tuple(reports), tuple(label_reports), ms)


def _highlight_counts(cases: list[RealCase]) -> dict[str, int]:
    """``long_highlights``, ``multi_sentence`` and ``pointing`` of a ``VenueReport``."""
    return {"long_highlights": sum(len(c.facts.plain_highlight) > LONG_HIGHLIGHT for c in cases),
            "multi_sentence": sum(c.highlight_sentences > 1 for c in cases),
            "pointing": sum(points_back(c.facts.plain_highlight) for c in cases)}


def _venue_report(venue: str, cases: list[RealCase]) -> VenueReport:
    """The ``VenueReport`` of the ``cases`` of one venue (or ``all``)."""
    named = [c for c in cases if c.title_name]
    defects: Counter[str] = Counter(k for c in cases for k in c.defects)
    track = [c for c in cases if c.record.datasets_track]
    return VenueReport(
        venue=venue, cases=tuple(cases), named=len(named),
        kept=sum(carries(c.facts.title, c.title_name) for c in named),
        defects=dict(defects), defective=sum(bool(c.defects) for c in cases),
        untagged=sum(not c.facts.tags for c in cases),
        **_highlight_counts(cases),
        datasets_track=(len(track), sum(DATASETS_TAG in c.facts.tags for c in track)),
        tag_counts=dict(Counter(t for c in cases for t in c.facts.tags)))


def _label_report(split: str, labels: list[RealLabel], by_key: dict[str, RealCase]
                  ) -> LabelReport:
    per_tag: dict[str, Counts] = {}
    total = Counts()
    named = kept = 0
    for label in labels:
        got = by_key[label.key].facts
        total = total + compare_sets(label.tags, got.tags)
        for tag in set(label.tags) | set(got.tags):
            per_tag[tag] = per_tag.get(tag, Counts()) + compare_sets(
                [tag] if tag in label.tags else [], [tag] if tag in got.tags else [])
        if label.name:
            named += 1
            kept += carries(got.title, label.name)
    untagged = [lab for lab in labels if not by_key[lab.key].facts.tags]
    return LabelReport(split, len(labels), total, per_tag, (named, kept), len(untagged),
                       sum(not lab.tags for lab in labels), sum(bool(lab.tags) for lab in untagged))


# ---------------------------------------------------------------------------------- output


def _share(n: int, d: int) -> str:
    return f"{n}/{d} ({100 * n / d:.1f}%)" if d else "0/0"


def _venue_lines(v: VenueReport, taxonomy_names: Sequence[str]) -> list[str]:
    """The text block of one venue (or ``all``), a blank line first."""
    out = ["", f"=== real: {v.venue} ({v.papers} abstracts) ===",
           f"method name kept      {_share(v.kept, v.named)} of titles 'Name: ...' "
           f"whose name the abstract uses",
           f"title defects         {_share(v.defective, v.papers)}: " + (", ".join(
               f"{k} {n}" for k, n in sorted(v.defects.items())) or "none"),
           f"untagged              {_share(v.untagged, v.papers)}",
           f"highlights > {LONG_HIGHLIGHT} ch  {_share(v.long_highlights, v.papers)}; "
           f"spanning 2+ sentences {_share(v.multi_sentence, v.papers)}; "
           f"pointing back {_share(v.pointing, v.papers)}"]
    if v.datasets_track[0]:
        out.append(f"D&B track tagged      {_share(v.datasets_track[1], v.datasets_track[0])}")
    out.append("tags                  " + ", ".join(
        f"{t} {v.tag_counts[t]}" for t in taxonomy_names if t in v.tag_counts))
    return out


def _label_lines(lab: LabelReport, taxonomy_names: Sequence[str]) -> list[str]:
    """The text block of one labelled split, a blank line first (none when it is empty)."""
    if not lab.papers:
        return []
    c = lab.tags
    out = ["", f"=== labelled sample: {lab.split} ({lab.papers} abstracts) ===",
           f"tags (micro)   P {c.precision:.3f}  R {c.recall:.3f}  F1 {c.f1:.3f}  "
           f"(tp {c.tp}, fp {c.fp}, fn {c.fn})",
           f"labelled name in title  {_share(lab.names[1], lab.names[0])}",
           f"untagged       {_share(lab.untagged, lab.papers)}; the labels give none "
           f"{_share(lab.no_label_tag, lab.papers)}; untagged although labelled "
           f"{_share(lab.missed, lab.papers)}",
           "tags below precision 0.70 on 20+ predictions: " + (", ".join(
               f"{t} {c.precision:.2f} ({c.tp + c.fp})" for t, c in lab.per_tag.items()
               if c.tp + c.fp >= 20 and c.precision < 0.70) or "none"),
           f"  {'tag':<24} {'support':>7} {'pred':>5} {'P':>6} {'R':>6} {'F1':>6}"]
    for tag in taxonomy_names:
        t = lab.per_tag.get(tag)
        if t:
            out.append(f"  {tag:<24} {t.tp + t.fn:>7} {t.tp + t.fp:>5} "
                       f"{t.precision:>6.3f} {t.recall:>6.3f} {t.f1:>6.3f}")
    return out


def _worst_lines(everything: VenueReport, worst: int) -> list[str]:
    """The first ``worst`` titles of each defect kind, then of names not kept."""
    out: list[str] = []
    kinds = sorted({k for c in everything.cases for k in c.defects})
    for kind in kinds:
        bad = [c for c in everything.cases if kind in c.defects][:worst]
        out += ["", f"titles with defect '{kind}' (first {len(bad)}):"]
        out += [f"  {c.record.key}: {c.facts.title}" for c in bad]
    missed = [c for c in everything.cases if c.title_name
              and not carries(c.facts.title, c.title_name)][:worst]
    if missed:
        out += ["", f"method name not kept (first {len(missed)}):"]
        out += [f"  {c.record.key}: wanted {c.title_name!r}, got {c.facts.title}"
                for c in missed]
    return out


def format_real(report: RealReport, taxonomy_names: Sequence[str], worst: int = 5) -> str:
    """The report as text: one block per venue and ``all``, then the labelled splits, then
    the worst titles of ``all`` (``worst`` of each defect kind)."""
    out: list[str] = [f"extraction: {report.ms_per_abstract:.2f} ms per abstract (one process)"]
    for v in report.venues:
        out += _venue_lines(v, taxonomy_names)
    for lab in report.labels:
        out += _label_lines(lab, taxonomy_names)
    out += _worst_lines(report.venues[-1], worst)
    return "\n".join(out)


def default_paths(root: Path) -> tuple[Path, ...]:
    """``../shared/real/*.jsonl`` beside the project root ``root``, sorted (may be empty)."""
    return tuple(sorted((root.resolve().parent / "shared" / "real").glob("*.jsonl")))


def default_labels(root: Path) -> Path:
    """Where the labelled sample's labels are looked for by default:
    ``../real-labels/labels.jsonl`` beside the project root (outside the repository)."""
    return root.resolve().parent / "real-labels" / "labels.jsonl"


def main(paths: Sequence[Path], taxonomy: Taxonomy, labels: Path | None, worst: int = 5,
         only_labelled: bool = False) -> int:
    """Print the real-data report for ``paths`` (and ``labels`` when the file exists; and the
    arXiv labels of ``eval/arxiv/labels.jsonl`` for the records whose ``id`` they have);
    ``only_labelled``: of the records with a label only.

    Returns:
        0 (figures are information; tests assert the targets).

    Raises:
        InputError: see ``read_real`` and ``read_labels``.
    """
    from evaluation.arxiv import LABELS
    from evaluation.arxiv import read_labels as read_arxiv_labels

    records = read_real(paths)
    given = read_labels(labels, taxonomy.names) if labels and labels.is_file() else ()
    keys = {r.key for r in records}
    arxiv = tuple(RealLabel(lab.id, lab.tags, None, lab.split)
                  for lab in read_arxiv_labels(LABELS, taxonomy.names) if lab.id in keys
                  ) if LABELS.is_file() else ()
    labelled = (*given, *arxiv)
    if only_labelled:
        wanted = {lab.key for lab in labelled}
        records = tuple(r for r in records if r.key in wanted)
    print(f"real-data report: {len(records)} abstracts from "
          f"{', '.join(str(p) for p in paths)}" + (f"; labels: {labels}" if given else "")
          + (f"; arXiv labels: {len(arxiv)} of {LABELS}" if arxiv else ""))
    print(format_real(real_report(records, taxonomy, labelled), taxonomy.names, worst))
    return 0
