"""Step 1, read: the seeds folder -> ``Abstract`` records.

Each seed file is read by the reader of its format, chosen by its extension (``READERS``):
``.txt`` plain abstracts (``generator.read.text``), ``.jsonl`` and ``.json`` records
(``jsonl``, ``jsondoc``; OpenReview notes in either: ``openreview``), ``.csv`` and ``.tsv``
tables (``tabular``), ``.bib`` BibTeX (``bibtex``), ``.atom`` and ``.xml`` Atom feeds such
as arXiv API results (``atom``), ``.ris`` RIS (``ris``); scholarly APIs' JSON (Semantic
Scholar, OpenAlex, Crossref) in ``.json``/``.jsonl`` (``scholarly``). Every record's fields
are mapped to one ``Metadata`` by ``generator.read.fields``. Other files (``overrides.yml``,
a README) are not read; a subfolder or a file of another extension is a warning
(``unread_files``).

Across files, records of one paper become one ``Abstract`` listing every source
(``merge_records``): records that share a DOI, arXiv id or OpenReview id, or whose abstracts
are the same text up to whitespace. Nothing is dropped silently; a file that cannot be read
raises ``InputError`` naming the file and line (or record), before anything is written.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from generator.errors import InputError, shown_path
from generator.read.atom import read_atom
from generator.read.bibtex import read_bibtex
from generator.read.clean import decode
from generator.read.exports import NOT_READ_ADVICE, recognise_export
from generator.read.fields import ParsedFile
from generator.read.jsondoc import read_json
from generator.read.jsonl import read_jsonl
from generator.read.placeholders import few_words
from generator.read.ris import read_ris
from generator.read.tabular import read_table
from generator.read.text import parse_seed_file
from generator.records import Abstract, Metadata, Notice, Source
from generator.text.markup import plain_label


def read_text(data: bytes, name: str, shown: str) -> ParsedFile:
    """A ``.txt`` seed file (``generator.read.text``) as a ``ParsedFile``: one record per
    abstract, in the header's collection; a metadata export saved as ``.txt``
    (``generator.read.exports``) is read by its format's reader, with a ``format`` notice.

    Raises:
        InputError: not UTF-8, or an export paper-digest does not read (Web of Science,
            MEDLINE), named with the export to choose instead; the format reader's errors.
    """
    export = recognise_export(decode(data, shown))
    if export is not None:
        if not export.reader:
            raise InputError(shown, 1, f"this is {export.name}, not abstracts: "
                                       f"{export.advice}")
        parsed = READERS[export.reader](data, name, shown)
        notice = Notice(shown, None, f"holds {export.name}, not plain abstracts: read as "
                                     f"{export.reader} ({export.advice} to say so)",
                        kind="format")
        return dataclasses.replace(parsed, notices=(notice, *parsed.notices))
    parsed = parse_seed_file(data, name, shown)
    return ParsedFile(parsed.collection, tuple(
        Abstract(text, parsed.collection, (Source(name, number, line),))
        for number, (line, text) in enumerate(parsed.paragraphs, start=1)), parsed.notices)


Reader = Callable[[bytes, str, str], ParsedFile]
READERS: dict[str, Reader] = {
    ".txt": read_text, ".jsonl": read_jsonl, ".json": read_json, ".csv": read_table,
    ".tsv": read_table, ".bib": read_bibtex, ".atom": read_atom, ".xml": read_atom,
    ".ris": read_ris,
}


@dataclass(frozen=True, slots=True)
class SeedFile:
    """Summary of one seed file: its name, collection(s), how many abstracts or records it held
    and how many of those had no abstract."""

    name: str
    collection: str
    abstracts: int
    without_abstract: int = 0


@dataclass(frozen=True, slots=True)
class Seeds:
    """Everything read from a seeds folder.

    Attributes:
        abstracts: distinct papers in input order (file name order, then position).
        files: one summary per seed file, in the same order.
        notices: warnings (repaired characters, empty files, duplicates), in the order they
            were found.
        merged: records that joined another file's record of the same paper (same
            identifier or same abstract text).
        differing: papers whose records gave different abstract texts (the first is kept).
    """

    abstracts: tuple[Abstract, ...]
    files: tuple[SeedFile, ...]
    notices: tuple[Notice, ...]
    merged: int = 0
    differing: int = 0


def seed_files(seeds_dir: Path) -> list[Path]:
    """The files of ``seeds_dir`` a reader exists for, sorted by name (hidden files aside)."""
    return sorted(p for p in seeds_dir.iterdir()
                  if p.suffix.lower() in READERS and not p.name.startswith(".") and p.is_file())


# Files a seeds folder holds beside the seeds: the overrides file (YAML), a README or licence.
_NOT_SEEDS = (".yml", ".yaml")
_NOT_SEED_NAMES = ("readme", "license", "licence", "copying")


def unread_files(seeds_dir: Path, label: str) -> list[Notice]:
    """A warning for each entry of ``seeds_dir`` that no reader takes and that is not known to
    sit beside seeds (hidden files, YAML such as ``overrides.yml``, a README or licence):
    a subfolder (``seeds/iclr/*.txt``: not read) or a file of another extension
    (``papers.ndjson``, ``refs.bibtex``, ``abstracts.md``), or a seed name that is no regular
    file (a broken symbolic link). Without it, such a folder builds a digest without those
    papers and says nothing."""
    notices = []
    for path in sorted(seeds_dir.iterdir()):
        name = path.name
        if name.startswith(".") or name.lower().startswith(_NOT_SEED_NAMES):
            continue
        shown = f"{label.rstrip('/')}/{name}"
        if path.is_dir():
            notices.append(Notice(shown, None, "a folder: not read (only the files directly "
                                               "in the seeds folder are)", kind="unread"))
        elif path.suffix.lower() in READERS and not path.is_file():
            # A broken link (or a socket, a FIFO) would otherwise drop its papers unnoticed.
            what = (f"a link to {os.readlink(path)}, which does not exist" if path.is_symlink()
                    else "not a regular file")
            notices.append(Notice(shown, None, f"{what}: not read (fix or remove it)",
                                  kind="unread"))
        elif path.suffix.lower() not in READERS and path.suffix.lower() not in _NOT_SEEDS:
            advice = NOT_READ_ADVICE.get(path.suffix.lower())
            notices.append(Notice(shown, None, "not read: no reader for "
                                  f"{path.suffix or 'a file without an extension'!s} ("
                                  + ", ".join(sorted(READERS)) + ")"
                                  + (f"; {advice}" if advice else ""), kind="unread"))
    return notices


# Formats whose parser costs about a millisecond a record (bibtexparser's and feedparser's
# pure-Python scanners): a file read before with the same bytes is taken from the build cache.
SLOW = frozenset((".bib", ".atom", ".xml", ".ris"))


def read_seeds(seeds_dir: Path, label: str | None = None, cache=None) -> Seeds:
    """Read every seed file of ``seeds_dir`` (``seed_files``) into papers.

    Args:
        seeds_dir: the folder of seed files.
        label: how to name the folder in messages (default: ``shown_path``: relative
            to the working folder when inside it, ``seeds/x.bib``, else the folder's own
            name, never an absolute ``--seeds`` path).
        cache: the build cache (``generator.infra.cache.BuildCache``), asked for the records
            of a ``SLOW`` format's file by a hash of its bytes, and told them; ``None``: none.

    Returns:
        ``Seeds``; records of one paper are one ``Abstract`` whose ``sources`` lists every
        occurrence (``merge_records``).

    Raises:
        InputError: the folder is missing, or a file cannot be read (its reader's errors).
    """
    label = label or shown_path(seeds_dir)
    if not seeds_dir.is_dir():
        raise InputError(label, None, "seeds folder not found")
    files: list[SeedFile] = []
    notices: list[Notice] = unread_files(seeds_dir, label)
    parsed: list[tuple[str, ParsedFile]] = []
    for path in seed_files(seeds_dir):
        shown = f"{label.rstrip('/')}/{path.name}"
        result = _read_file(path, shown, cache)
        notices.extend(result.notices)
        if not result.records:
            notices.append(Notice(shown, None, "no abstracts (empty or header-only file)"
                                  if path.suffix.lower() == ".txt" else "no records",
                                  kind="empty"))
        collections = list(dict.fromkeys(r.collection for r in result.records))
        shown_collections = ", ".join(collections[:3]) + (", ..." if len(collections) > 3
                                                          else "")
        files.append(SeedFile(path.name, shown_collections or result.collection,
                              len(result.records), sum(not r.text for r in result.records)))
        parsed.append((shown, result))
    return merge_records(parsed, tuple(files), notices)


def _read_file(path: Path, shown: str, cache) -> ParsedFile:
    """One file read by its reader, or its records from the cache (``SLOW`` formats)."""
    data = path.read_bytes()
    suffix = path.suffix.lower()
    if cache is None or suffix not in SLOW:
        return READERS[suffix](data, path.name, shown)
    key = hashlib.sha256(f"{suffix}\0{path.name}\0{shown}\0".encode() + data).hexdigest()
    found = cache.parsed(key)
    if found is None:
        found = READERS[suffix](data, path.name, shown)
        cache.keep_parsed(key, found)
    return found


def merge_records(parsed: Sequence[tuple[str, ParsedFile]], files: tuple[SeedFile, ...],
                  notices: list[Notice]) -> Seeds:
    """One ``Abstract`` per paper from the records of every file, in input order.

    Records are one paper when they share an identifier (``Metadata.identifiers``) or their
    abstracts are the same text up to whitespace, directly or through a third record, or,
    failing both, when their given titles, years and first authors match (``title_key``) and
    they name no two different DOIs or arXiv ids (a handled ``duplicate`` notice says so). The
    paper keeps the first record's collection and first non-empty abstract; its metadata is
    the first non-empty value of each field in input order (keywords and code URLs: all of
    them, once each), where records naming two or more arXiv versions are in order newest
    first (``_newest_version_first``). A repeat within one file, or a plain abstract repeated
    in another ``.txt`` file, is also a ``Notice`` (a likely copy-and-paste slip); the same
    paper in a metadata file and any other file is what merging is for, counted in
    ``Seeds.merged``.
    """
    groups: list[list[Abstract]] = []
    parent: list[int] = []
    by_key: dict[str, int] = {}

    def root(g: int) -> int:
        while parent[g] != g:
            parent[g] = parent[parent[g]]
            g = parent[g]
        return g

    titles: dict[int, list[str]] = {}  # root group -> the distinct titles of its records
    merged = 0
    # Records an identifier or their text placed: their title keys (``title_key``, a costly
    # fold) are computed only once a later record is looked up by title, most often never.
    pending: list[tuple[Metadata, int]] = []
    spaced: dict[int, str] = {}  # id(record) -> its text, whitespace runs as one space
    for shown, result in parsed:
        for record in result.records:
            record, keys = _without_clashes(shown, record, by_key, root, titles, groups,
                                            notices)
            if record.text:
                text = spaced.setdefault(id(record), " ".join(record.text.split()))
                if not _text_clashes(shown, record, text, by_key, root, titles, groups,
                                     notices):
                    keys.append(text)
            found = sorted({root(by_key[k]) for k in keys if k in by_key})
            by_title = titled = None
            if not found:  # only now can a title decide: the keys put off are needed
                _put_titles(pending, by_key)
                by_title = title_key(record.meta)
                titled = _by_title(record.meta, by_title, by_key, groups, root)
            if titled:
                found = [titled[0]]
            if found:
                g = found[0]
                for other in found[1:]:
                    parent[other] = g
                _keep_titles(titles, g, found[1:], record.meta.title)
                merged += 1
                notice = _merge_notice(shown, record, groups[g][0], titled)
                if notice is not None:
                    notices.append(notice)
                groups[g].append(record)
            else:
                g = len(groups)
                parent.append(g)
                groups.append([record])
                _keep_titles(titles, g, (), record.meta.title)
            for k in keys:
                by_key.setdefault(k, g)
            if by_title:
                by_key.setdefault(by_title, g)
                by_key.setdefault(_loose(by_title), g)
            elif found:  # placed by an identifier or its text: its title key can wait
                pending.append((record.meta, g))
    abstracts, differing = _one_per_paper(_members(groups, root), parsed, spaced, notices)
    return Seeds(tuple(abstracts), files, tuple(notices), merged, differing)



def _members(groups: list[list[Abstract]], root: Callable[[int], int]
             ) -> list[list[Abstract]]:
    """The records of each paper: the groups joined under their root (``root``), in the
    order of each root's first group."""
    members: dict[int, list[Abstract]] = {}
    for g in range(len(groups)):
        members.setdefault(root(g), []).extend(groups[g])
    return list(members.values())


def _merge_notice(shown: str, record: Abstract, first: Abstract,
                  titled: tuple[int, str] | None) -> Notice | None:
    """The notice for ``record`` joining the paper whose first record is ``first``: a title
    match's (``titled``: what ``_by_title`` found), else a repeat's (``_repeat_notice``)."""
    if titled:
        return _title_match_notice(shown, record, first, titled[1])
    return _repeat_notice(shown, record, first)

def _one_per_paper(members: list[list[Abstract]], parsed: Sequence[tuple[str, ParsedFile]],
                   spaced: dict[int, str], notices: list[Notice]
                   ) -> tuple[list[Abstract], int]:
    """One ``Abstract`` per list of records of one paper (``merge_records``), and how many
    papers had differing abstract texts (``spaced``: each record's text, whitespace runs as
    one space, by ``id``)."""
    shown_of = {r.sources[0].file: shown for shown, result in parsed for r in result.records}
    abstracts = []
    differing = 0
    for records in members:
        if len(records) > 1:  # one record's texts cannot differ (most papers: skip a split)
            records = _newest_version_first(records, shown_of, notices)
            newest = records[0].meta.arxiv_version
            texts = {spaced[id(r)] for r in records
                     if r.text and r.meta.arxiv_version in (0, newest)}
            differing += len(texts) > 1
        text = next((r.text for r in records if r.text), "")
        meta, collection = merge_metadata([r.meta for r in records]), records[0].collection
        if len(records) > 1:
            meta, collection = _as_published(meta, collection, records)
        abstracts.append(Abstract(text, collection,
                                  tuple(s for r in records for s in r.sources), meta))
    return abstracts, differing


# Where a paper appeared. Of a preprint and its publication (an arXiv entry or Google Scholar's
# "arXiv preprint" BibTeX, and the venue's record), these come from the records naming a
# venue other than arXiv only: a cite block of ICLR's venue with the preprint's key, year or
# @article type would cite neither. The arXiv id, links, title and abstract merge as before.
VENUE_FIELDS = ("venue", "year", "date", "entry_type", "cite_key", "pages", "volume",
                "number")


def _is_preprint_venue(meta: Metadata) -> bool:
    """True for a record that names no venue but arXiv: an arXiv entry (no journal ref), an
    export's "arXiv preprint arXiv:..." (read as ``arXiv``), a plain ``.txt`` abstract."""
    return meta.venue in ("", "arXiv")


def _as_published(meta: Metadata, collection: str, records: Sequence[Abstract]
                  ) -> tuple[Metadata, str]:
    """``meta`` (merged from ``records``) with ``VENUE_FIELDS`` merged from the records that
    name a venue other than arXiv alone, and the first of those records' collection when the
    first record is a preprint's (``_is_preprint``: a ``.txt`` file's header stands); as given
    when no record names such a venue, or every one does. The year and date stay the merged
    ones when those records give neither (the page stays dated)."""
    published = [r for r in records if not _is_preprint_venue(r.meta)]
    if not published or len(published) == len(records):
        return meta, collection
    venue = merge_metadata([r.meta for r in published])
    dated = venue.year or venue.date
    meta = meta.replace(**{name: getattr(venue, name) for name in VENUE_FIELDS
                           if dated or name not in ("year", "date")})
    first = records[0].meta
    if _is_preprint(first) and _is_preprint_venue(first):
        collection = published[0].collection
    return meta, collection


def title_key(meta: Metadata) -> str | None:
    """The key under which records without a shared identifier are one paper: the given
    title (letters and digits only, case and accents folded, TeX braces gone), the year and
    the first author's last name, as ``"title:<title>|<year>|<name>"``; ``None`` when the
    record lacks a title, a year or an author. The rule is reference managers' own (Zotero's
    duplicate detection compares titles, years and creators' last names): exports without
    ids - Google Scholar's BibTeX, a Zotero CSV - of the same paper are then one page, while
    two papers that share a title but not their first author or year stay two."""
    if not (meta.title and meta.year and meta.authors):
        return None
    title = _folded(meta.title)
    surname = _folded(meta.authors[0]).rsplit(" ", 1)[-1]
    return f"title:{title}|{meta.year}|{surname}" if title and surname else None


def _put_titles(pending: list[tuple[Metadata, int]], by_key: dict[str, int]) -> None:
    """Each pending record's ``title_key`` into ``by_key`` (``setdefault``, in input order, as
    if put there when the record was placed); ``pending`` emptied."""
    for meta, g in pending:
        key = title_key(meta)
        if key:
            by_key.setdefault(key, g)
            by_key.setdefault(_loose(key), g)
    pending.clear()


def _loose(key: str) -> str:
    """The ``title_key`` without its year: ``"loose:<title>|<name>"``."""
    title, _, rest = key.partition("|")
    return f"loose:{title.partition(':')[2]}|{rest.partition('|')[2]}"


# A preprint's year and its publication's: ICLR 2022 papers were on arXiv (CoRR) in 2021.
PREPRINT_YEARS = 2


def _by_title(meta: Metadata, key: str | None, by_key: dict[str, int],
              groups: list[list[Abstract]], root: Callable[[int], int]
              ) -> tuple[int, str] | None:
    """The paper a record without a shared identifier or text joins by its title, and why:
    ``(group, "")`` for its ``title_key``; ``(group, years)`` for the same title and first
    author when one record is a preprint (an arXiv id, venue ``arXiv``: DBLP's CoRR entry)
    and the other is not, the preprint's year at most ``PREPRINT_YEARS`` before the other's;
    ``None`` otherwise, or when they name two different DOIs or arXiv ids (``_ids_differ``)."""
    if not key:
        return None
    if key in by_key:
        g = root(by_key[key])
        return None if _ids_differ(meta, groups[g]) else (g, "")
    loose = _loose(key)
    if loose not in by_key:
        return None
    g = root(by_key[loose])
    mine = _is_preprint(meta)
    for r in groups[g]:
        if _is_preprint(r.meta) != mine and r.meta.year and not _ids_differ(meta, groups[g]):
            first, then = (meta.year, r.meta.year) if mine else (r.meta.year, meta.year)
            if 0 < then - first <= PREPRINT_YEARS:
                return g, f"{first}, {then}"
    return None


def _is_preprint(meta: Metadata) -> bool:
    """True for a record of an arXiv preprint: an arXiv id, or its venue read as ``arXiv``."""
    return bool(meta.arxiv_id) or meta.venue == "arXiv"


def _folded(text: str) -> str:
    """``text`` as lower-case ASCII letters and digits, single spaces (``{BERT}: Pre-training``
    -> ``bert pre training``; ``Müller`` -> ``muller``)."""
    plain = plain_label(text)
    if not plain.isascii():  # NFKD leaves ASCII as it is: most titles and names skip it
        plain = unicodedata.normalize("NFKD", plain).encode("ascii", "ignore").decode()
    return " ".join(_NOT_ALNUM.sub(" ", plain.lower()).split())


_NOT_ALNUM = re.compile(r"[^a-z0-9]+")


def _ids_differ(meta: Metadata, records: Sequence[Abstract]) -> bool:
    """True when ``meta`` and one of ``records`` name different DOIs or arXiv ids: two papers
    that share a title, year and first author (a paper and its erratum, two parts)."""
    return any(mine and theirs and mine != theirs
               for r in records
               for mine, theirs in ((meta.doi, r.meta.doi), (meta.arxiv_id, r.meta.arxiv_id)))


def _keep_titles(titles: dict[int, list[str]], g: int, joined: Sequence[int], title: str
                 ) -> None:
    """``titles[g]``: the distinct titles of group ``g``, of the groups ``joined`` to it (their
    entries removed) and ``title`` (``""``: none)."""
    mine = titles.setdefault(g, [])
    for other in joined:
        mine.extend(t for t in titles.pop(other) if t not in mine)
    if title and title not in mine:
        mine.append(title)


def _without_clashes(shown: str, record: Abstract, by_key: dict[str, int],
                     root: Callable[[int], int], titles: dict[int, list[str]],
                     groups: list[list[Abstract]], notices: list[Notice]
                     ) -> tuple[Abstract, list[str]]:
    """``record`` and its identifiers (``Metadata.identifiers``) as given when each of them
    that names a paper read before names one whose titles agree with the record's
    (``titles_agree``); else the record without those identifiers (and the rest), and a
    ``same-id`` warning naming both records appended to ``notices``: a DOI, arXiv or
    OpenReview id on two clearly different titles (a book's DOI on its chapters, a
    mistyped id) would otherwise merge two papers and lose one. The paper read first keeps
    the identifier. Records naming two versions of one arXiv id never clash
    (``_other_version``)."""
    title, keys = record.meta.title, list(record.meta.identifiers())
    if not title or not any(k in by_key for k in keys):  # most records: no paper to agree with
        return record, keys
    clashing = {}
    for key in keys:
        g = root(by_key[key]) if key in by_key else -1
        if g >= 0 and title not in titles[g] and not any(
                titles_agree(title, t) for t in titles[g]) and not (
                key.startswith("arxiv:") and _other_version(record, groups[g])):
            clashing[key.partition(":")[0]] = (key, g)
    if not clashing:
        return record, keys
    meta = record.meta.replace(**dict.fromkeys(
        (_ID_FIELDS[scheme] for scheme in clashing), ""))
    key, g = next(iter(clashing.values()))
    s0, s1 = groups[g][0].sources[0], record.sources[0]
    notices.append(Notice(
        shown, s1.line, f"{s1.describe(line=False)} names {key.replace(':', ' ', 1)}, as "
        f"{s0.file} {s0.describe(line=False)} does, but their titles differ ({title!r}, "
        f"{titles[g][0]!r}): two pages, the identifier kept on the first only (if they are "
        "one paper, give them one title; else correct or remove the identifier)",
        kind="same-id"))
    return record.replace(meta=meta), list(meta.identifiers())


def _text_clashes(shown: str, record: Abstract, text: str, by_key: dict[str, int],
                  root: Callable[[int], int], titles: dict[int, list[str]],
                  groups: list[list[Abstract]], notices: list[Notice]) -> bool:
    """True when ``text`` (``record``'s abstract, spaced) is a paper's read before whose
    titles clearly differ from the record's (``titles_agree``; for a text of a few words,
    ``few_words``, titles that are not one: ``_same_title``), and a ``same-text`` warning
    naming both records appended to ``notices``: a text two different titles share ("See
    PDF.", a boilerplate) does not make them one paper, as an identifier does not
    (``_without_clashes``)."""
    title = record.meta.title
    if not title or text not in by_key:
        return False
    g = root(by_key[text])
    # A text of a few words ("See PDF.") says little of which paper it is: the titles must
    # then be one, up to case, punctuation and a subtitle; else they must only agree.
    agree = _same_title if few_words(text) else titles_agree
    if not titles[g] or title in titles[g] or any(agree(title, t) for t in titles[g]):
        return False
    s0, s1 = groups[g][0].sources[0], record.sources[0]
    shown_text = text if len(text) <= 60 else text[:57] + "..."
    notices.append(Notice(
        shown, s1.line, f"{s1.describe(line=False)} has the abstract of {s0.file} "
        f"{s0.describe(line=False)} ({shown_text!r}), but their titles differ ({title!r}, "
        f"{titles[g][0]!r}): two pages (if the text is no abstract, remove it; if they are "
        "one paper, give them one title)", kind="same-text"))
    return True


def _same_title(first: str, second: str) -> bool:
    """True when ``first`` and ``second``, folded (``_folded``), are one or one begins the
    other (a subtitle dropped)."""
    a, b = _folded(first), _folded(second)
    return a.startswith(b) or b.startswith(a)


def _other_version(record: Abstract, records: Sequence[Abstract]) -> bool:
    """True when ``record`` and one of ``records`` name two arXiv versions: a paper may be
    retitled between versions, so their titles need not agree."""
    mine = record.meta.arxiv_version
    return bool(mine) and any(r.meta.arxiv_version not in (0, mine) for r in records)


_ID_FIELDS = {"doi": "doi", "arxiv": "arxiv_id", "openreview": "openreview_id"}
# Words that say nothing of which paper a title names.
_TITLE_FILLER = frozenset((
    "a", "an", "and", "are", "as", "at", "by", "for", "from", "in", "into", "is", "it", "its",
    "of", "on", "or", "the", "to", "toward", "towards", "via", "using", "with"))


def titles_agree(first: str, second: str) -> bool:
    """True unless ``first`` and ``second`` are clearly titles of two papers: they agree when
    either is empty, when folded (``_folded``: case, accents, TeX braces, punctuation aside)
    one is the other or begins it (a subtitle dropped; spaces aside, so "Pre-training" is
    "Pretraining"), or when at least half of the shorter one's words (``_TITLE_FILLER`` and
    single letters aside, so a stray ``<i>`` tag counts for nothing) are words of the other.
    "Chapter One on Vision" and "Chapter Two on Speech" share one word of three: two papers."""
    if not first or not second or first == second:
        return True
    a, b = _folded(first), _folded(second)
    joined_a, joined_b = a.replace(" ", ""), b.replace(" ", "")
    if not joined_a or not joined_b or joined_a.startswith(joined_b) or joined_b.startswith(
            joined_a):
        return True
    words_a, words_b = ({w for w in x.split() if len(w) > 1 and w not in _TITLE_FILLER}
                        for x in (a, b))
    fewer = min(len(words_a), len(words_b))
    return not fewer or fewer > 1 and 2 * len(words_a & words_b) >= fewer


def _title_match_notice(shown: str, record: Abstract, first: Abstract, years: str) -> Notice:
    """The handled notice for records merged by their titles alone (``_by_title``; ``years``:
    a preprint's and its publication's, or ``""`` for one year)."""
    s0, s1 = first.sources[0], record.sources[0]
    what = (f"same title and first author (a preprint and its publication: {years})" if years
            else "same title, year and first author")
    return Notice(shown, s1.line, f"{what} as {s0.file} "
                                  f"{s0.describe(line=False)}: one page lists both sources "
                                  "(if they are different papers, give either a DOI or an "
                                  "arXiv id)", kind="duplicate")


def _newest_version_first(records: list[Abstract], shown_of: dict[str, str],
                          notices: list[Notice]) -> list[Abstract]:
    """The records of one paper with its newest arXiv version first, so that its abstract,
    title and authors win (``merge_records`` takes the first non-empty value), wherever that
    version was read and whatever the file order; each record of an older version is a handled
    ``version`` notice, and so is each record naming no version that was read before it (a
    RIS or BibTeX export read before an Atom file's ``v2``: it would have given the page its
    text). Records as given when none names a version or the first is of the newest. Of two
    records of the newest version, the first in input order leads."""
    newest = max(records, key=lambda r: r.meta.arxiv_version)  # the first of the highest
    top = newest.meta.arxiv_version
    if not top or records[0].meta.arxiv_version == top and all(
            r.meta.arxiv_version in (0, top) for r in records):
        return records
    where = newest.sources[0]
    at = f"{where.file} {where.describe(line=False)} (v{top})"
    for i, r in enumerate(records):
        s = r.sources[0]
        if 0 < r.meta.arxiv_version < top:
            what = (f"arXiv {r.meta.arxiv_id}v{r.meta.arxiv_version} is an older version of "
                    f"{at}: the latest is kept")
        elif r.meta.arxiv_version == 0 and i < records.index(newest):
            what = (f"names no version of arXiv {r.meta.arxiv_id or newest.meta.arxiv_id}: "
                    f"{at} is kept as the latest")
        else:
            continue
        notices.append(Notice(shown_of.get(s.file, s.file), s.line,
                              f"{s.describe(line=False)}: {what}", kind="version"))
    return [newest, *(r for r in records if r is not newest)]


def _repeat_notice(shown: str, record: Abstract, first: Abstract) -> Notice | None:
    """The warning for a repeated record, or ``None`` for the same paper listed in another
    metadata file."""
    s0, s1 = first.sources[0], record.sources[0]
    plain = all(s.file.lower().endswith(".txt") for s in (s0, s1))
    if s0.file != s1.file and not plain:
        return None
    return Notice(shown, s1.line, f"duplicate of {s0.file} {s0.describe(line=False)}; one page "
                                  "lists both sources",
                  kind="duplicate")


def merge_metadata(metas: Sequence[Metadata]) -> Metadata:
    """The first non-empty value of each field; keywords and code: every value once; of
    titles that differ only in case, the spelling with the most capitals (``best_cased``)."""
    if len(metas) == 1:
        return metas[0]
    values = {}
    for name in _METADATA_FIELDS:
        if name in ("keywords", "code"):
            values[name] = tuple(dict.fromkeys(v for m in metas for v in getattr(m, name)))
        elif not (value := getattr(metas[0], name)):  # the first record's value, when given
            values[name] = next((v for m in metas if (v := getattr(m, name))), value)
        else:
            values[name] = value
    if values["title"]:
        values["title"] = best_cased(values["title"], [m.title for m in metas])
    return Metadata(**values)


def best_cased(title: str, titles: Sequence[str]) -> str:
    """Of ``titles`` equal to ``title`` but for case, the one with the most capital letters
    (the first of equals): Google Scholar's BibTeX lowercases all but a title's first letter
    ("Lora: Low-rank adaptation of large language models"), so the spelling that kept its
    acronyms and title case is the authors' ("LoRA: Low-Rank Adaptation of Large Language
    Models"). A title that differs in anything but case is never chosen over the first."""
    folded = title.casefold()
    same = [t for t in titles if t.casefold() == folded]
    return max(same, key=lambda t: sum(ch.isupper() for ch in t), default=title)


_METADATA_FIELDS = tuple(f.name for f in dataclasses.fields(Metadata))
