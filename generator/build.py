"""The pipeline in one place: read -> extract -> catalog -> related -> render -> write
(-> MkDocs build, run by the ``paper-digest`` plugin).

``generate`` reads and validates everything before it writes anything (as MkDocs'
``commands/build.py`` does), so bad input leaves the previous output intact. It asks the build
cache (``generator.infra.cache``) which earlier work still holds and decides what is kept.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from generator.addresses import plan_addresses, read_addresses, write_addresses
from generator.catalog import apply_overrides, build_catalog
from generator.config import DigestConfig
from generator.config.overrides import load_overrides
from generator.config.taxonomy import Taxonomy, load_taxonomy
from generator.errors import summary_lines
from generator.extract import extraction_key, record_id
from generator.extract.parallel import extract_many
from generator.infra.cache import BuildCache, Resident, fingerprint
from generator.infra.gcpause import paused
from generator.infra.lock import docs_lock
from generator.infra.memory import release_free_memory
from generator.read import SeedFile, Seeds, read_seeds, seed_files
from generator.records import Notice, Paper
from generator.render.pages import plan_site
from generator.write import WriteReport, read_manifest, write_docs

PROGRESS_EVERY = 1000


@dataclass(frozen=True, slots=True)
class DigestResult:
    """What a generate run did, for the summary and for tests.

    Attributes:
        papers: the published papers, in input order.
        files: per seed file, its name, collection and number of abstracts read.
        notices: warnings and handled conditions (``generator.errors.NOTICE_KINDS``), in
            the order found.
        report: which generated files were written, left unchanged or removed.
        seconds: wall time of the run.
        merged, differing: records merged into a paper read before, and papers whose records
            gave different abstract texts (``generator.read.Seeds``).
        redirects: old slug -> current slug, for every address a paper had before that is
            no page now (``generator.addresses``).
        headings: for each generated page whose body is finished HTML (paper pages,
            listings), its headings (``generator.render.pages.PlannedFile.headings``).
    """

    papers: tuple[Paper, ...]
    files: tuple[SeedFile, ...]
    notices: tuple[Notice, ...]
    report: WriteReport
    seconds: float
    merged: int = 0
    differing: int = 0
    redirects: Mapping[str, str] = field(default_factory=dict)
    headings: Mapping[str, Mapping[str, tuple[int, str]]] = field(default_factory=dict)

    def summary(self) -> str:
        """A human summary: papers read per file, pages written, records merged and papers
        without an abstract, code counts, unknown TeX macros (shown as words), repaired
        characters, warnings."""
        lines = [_file_line(f) for f in self.files]
        code = sum(p.facts.code_status == "available" for p in self.papers)
        promised = sum(p.facts.code_status == "promised" for p in self.papers)
        r = self.report
        bare = sum(not p.facts.abstract.text for p in self.papers)
        lines += [
            f"papers: {len(self.papers)} pages; files written {len(r.written)}, "
            f"unchanged {len(r.unchanged)}, removed {len(r.removed)}",
            *_merged_lines(self.merged, self.differing),
            *_bare_lines(bare),
            *_redirect_lines(len(self.redirects)),
            f"code: {code} with code, {promised} promised, "
            f"{len(self.papers) - code - promised} none",
            *_macro_lines(self.papers),
            *summary_lines(self.notices),
            f"time to read, extract and render: {self.seconds:.2f} s",
        ]
        return "\n".join(["read:", *lines])


def _merged_lines(merged: int, differing: int) -> list[str]:
    """The summary's ``merged:`` line, or none when no record was merged."""
    if not merged:
        return []
    line = (f"merged: {merged} record{'s' if merged != 1 else ''} joined a paper "
            "read before (same DOI, arXiv or OpenReview id, or same abstract); one page "
            "lists all their sources")
    if differing:
        line += f"; {differing} with another abstract text (the first file's kept)"
    return [line]


def _bare_lines(bare: int) -> list[str]:
    """The summary's ``without an abstract:`` line, or none when every paper has one."""
    if not bare:
        return []
    return [f"without an abstract: {bare} paper{'s' if bare != 1 else ''} (pages show "
            "their title, authors and links)"]


def _redirect_lines(count: int) -> list[str]:
    """The summary's ``redirects:`` line for ``count`` earlier addresses, or none."""
    if not count:
        return []
    tail = (" leads to the page that moved" if count == 1
            else "es lead to the pages that moved")
    return [f"redirects: {count} earlier address{tail}"]


def _macro_lines(papers: tuple[Paper, ...]) -> list[str]:
    """The summary's ``unknown TeX macros`` line (the ten most common, ``...`` for more),
    or none when every macro was known."""
    macros = Counter(m for p in papers for m in p.facts.unknown_macros)
    if not macros:
        return []
    shown = ", ".join(f"\\{name} x{n}" for name, n in macros.most_common(10))
    more = ", ..." if len(macros) > 10 else ""
    with_macros = sum(bool(p.facts.unknown_macros) for p in papers)
    return [f"unknown TeX macros shown as words: {sum(macros.values())} in "
            f"{with_macros} papers ({shown}{more})"]


def _file_line(f: SeedFile) -> str:
    """``  x.txt: 19 abstracts (NeurIPS 2025 Papers)``; ``  x.bib: 5 records, 1 without an
    abstract (NeurIPS 2023)`` for a metadata file."""
    if f.name.lower().endswith(".txt"):
        return f"  {f.name}: {f.abstracts} abstract{'s' if f.abstracts != 1 else ''} " \
               f"({f.collection})"
    bare = f", {f.without_abstract} without an abstract" if f.without_abstract else ""
    return f"  {f.name}: {f.abstracts} record{'s' if f.abstracts != 1 else ''}{bare} " \
           f"({f.collection})"


def collect(config: DigestConfig, cache: BuildCache | None = None,
            progress: Callable[[str], None] | None = None
            ) -> tuple[tuple[Paper, ...], Seeds, Taxonomy]:
    """Read, extract and catalog without writing anything.

    Args:
        config: where things are.
        cache: the build cache (asked for extracted facts by paper id, and told them).
        progress: called with a one-line message after reading and every
            ``PROGRESS_EVERY`` abstracts extracted.

    Returns:
        ``(papers, seeds, taxonomy)``: ``seeds`` as read (files, notices, merge counts).

    Raises:
        DigestError: any invalid input (seeds, taxonomy, overrides), naming file and line.
    """
    taxonomy = load_taxonomy(config.taxonomy)
    overrides = load_overrides(config.overrides)
    seeds = read_seeds(config.seeds_dir, cache=cache)
    say = progress or (lambda message: None)
    say(f"read {len(seeds.abstracts)} abstracts from {len(seeds.files)} files")
    cache = cache or BuildCache(None, "")
    ids = [record_id(a) for a in seeds.abstracts]
    keys = [extraction_key(a, pid) for a, pid in zip(seeds.abstracts, ids, strict=True)]
    # Extraction reads only the text and metadata: a cached result needs just the current
    # sources.
    facts_list = [f.replace(abstract=a) if (f := cache.facts(key)) is not None else None
                  for a, key in zip(seeds.abstracts, keys, strict=True)]
    todo = [i for i, f in enumerate(facts_list) if f is None]
    reused = len(ids) - len(todo)
    total = len(seeds.abstracts)

    def done(n: int) -> None:
        if n % PROGRESS_EVERY == 0 or n == len(todo):
            say(f"extracted {n + reused}/{total} ({reused} from the cache)")

    if not todo:
        say(f"extracted {total}/{total} ({reused} from the cache)")
    extracted = extract_many([(seeds.abstracts[i], ids[i]) for i in todo], taxonomy,
                             config.jobs, done=done)
    for i, f in zip(todo, extracted, strict=True):
        facts_list[i] = f
        cache.keep_facts(keys[i], f)
    facts = tuple(facts_list)
    facts = apply_overrides(facts, overrides, taxonomy.names, str(config.overrides))
    return build_catalog(facts), seeds, taxonomy


def _seeds_updated(seeds_dir: Path) -> datetime:
    """The newest seed file's modification time (UTC): when the digest's input last changed."""
    stamps = [p.stat().st_mtime for p in seed_files(seeds_dir)] or [0.0]
    return datetime.fromtimestamp(max(stamps), tz=timezone.utc)


def generate(config: DigestConfig | None = None,
             progress: Callable[[str], None] | None = None,
             resident: Resident | None = None) -> DigestResult:
    """Turn ``config.seeds_dir`` into Markdown pages in ``config.docs_dir``.

    ``progress`` (optional) receives one-line messages as the stages advance (files read,
    abstracts extracted, pages rendered and written), for long runs. ``resident`` (optional)
    keeps the build cache in memory for the next run of this process
    (``generator.infra.cache.Resident``: ``mkdocs serve``). A second run on the same
    docs_dir waits for the first to end (``generator.infra.lock``).

    Raises:
        DigestError: bad input or an unsafe write; the docs folder is then left untouched.
    """
    config = config or DigestConfig()
    config.docs_dir.parent.mkdir(parents=True, exist_ok=True)
    with docs_lock(config.docs_dir, progress or (lambda message: None)), paused():
        return _generate(config, progress, resident)


def _generate(config: DigestConfig, progress: Callable[[str], None] | None,
              resident: Resident | None) -> DigestResult:
    start = time.perf_counter()
    say = progress or (lambda message: None)
    manifest = read_manifest(config.docs_dir)
    cache = BuildCache(config.cache_dir / "cache.pickle" if config.cache_dir else None,
                       fingerprint(config.taxonomy), manifest.is_current, resident)
    previous = read_addresses(config.permalinks)
    papers, seeds, taxonomy = collect(config, cache, progress)
    notices = seeds.notices
    # Imported here: scikit-learn takes a second to import, and a run whose related papers
    # come from the cache needs none of it.
    from generator.related import related_index, related_key

    key = related_key(papers)
    index = cache.related(key)
    if index is not None:
        say(f"related papers unchanged for {len(papers)} papers (cache)")
    else:
        # The last run's index lets a small edit rescore a few rows.
        index = related_index(papers, previous=cache.last_related())
        cache.keep_related(key, index)
        say(f"related papers computed for {len(papers)} papers" if index.changed == len(papers)
            else f"related papers updated for {len(papers)} papers ({index.changed} changed)")
        release_free_memory()  # the scoring blocks' buffers (generator.infra.memory)
    updated = _seeds_updated(config.seeds_dir)
    addresses, redirects = plan_addresses(papers, previous, updated.date().isoformat())
    planned = plan_site(papers, taxonomy.names, config.site_name,
                        related=index.as_mapping(), updated=updated,
                        tag_descriptions=taxonomy.descriptions, site_url=config.site_url,
                        directory_urls=config.directory_urls,
                        seen={a.id: a.seen for a in addresses}, redirects=redirects)
    # Rendered before from the same inputs and still on disk: not rendered again.
    kept = [f.path for f in planned
            if f.key is not None and cache.page_is_current(f.path, f.key)]
    current = set(kept)

    def rendered() -> Iterator[tuple[str, str]]:
        """Each other file rendered in turn and handed to the writer, which stages it: no
        table of every rendered page is held."""
        for file in planned:
            if file.path not in current:
                text = file.render()
                if file.key is not None:
                    cache.keep_page(file.key, text)
                yield file.path, text

    say(f"rendering {len(planned) - len(kept)} files ({len(kept)} unchanged, from the cache)")
    report = write_docs(config.docs_dir, rendered(), kept, manifest)
    release_free_memory()  # the rendered pages' buffers, before MkDocs reads the pages
    say(f"wrote {len(report.written)} files ({len(report.unchanged)} unchanged, "
        f"{len(report.removed)} removed)")
    if config.permalinks is not None and config.record_permalinks:
        write_addresses(config.permalinks, addresses)
    try:
        cache.save()
    except OSError as exc:  # only a speed-up: the pages are written, say so and go on
        notices = (*notices, Notice(str(config.cache_dir), None,
                                    f"build cache not saved ({exc.strerror or exc})", kind="cache"))
    return DigestResult(papers, seeds.files, notices, report, time.perf_counter() - start,
                        seeds.merged, seeds.differing, redirects,
                        {f.path: f.headings for f in planned if f.headings is not None})
