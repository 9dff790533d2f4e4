"""One record of a metadata file (a JSON object, a CSV row, a BibTeX entry, an arXiv or
OpenReview entry already flattened by its reader) -> the abstract and its ``Metadata``.

Field names are matched case-insensitively, with ``-`` and spaces read as ``_``; the first
name of each row of ``ALIASES`` that the record has is used; other fields are ignored (exports
carry many). One small function cleans each kind of value (as Pelican's
``METADATA_PROCESSORS`` do):

* text (title, venue, ...): a string (a number too, for ``year``), whitespace runs collapsed;
* the abstract: lines stripped, runs of blank lines kept as one (inner paragraphs), control
  characters and mojibake repaired as in ``.txt`` files (``generator.read.clean``);
* names: ``generator.read.names`` (a list, or one string in the forms exports write); a
  reading that may be wrong is a warning naming the record;
* keywords: a list of strings, or one string split at ``;``, else at ``,``;
* the venue: OpenReview's ``venueid`` and arXiv as exports name it read as venues
  (``generator.read.venues``); the status a record states (``generator.read.status``);
* dates: ISO 8601 (``2023``, ``2023-12``, ``2023-12-10``, a date-time), CSL JSON's
  ``{"date-parts": [[2023, 12, 10]]}``; a BibTeX-style ``month`` completes a ``year``; a
  record with neither takes its year from a venue that names one (``ICLR 2021 Oral``);
* URLs: http(s) only, normalised by ``generator.text.urls``; a URL on arXiv, doi.org or
  OpenReview also gives that identifier; without one, a URL in ``howpublished``, a note or
  ``extra``;
* identifiers: ``generator.read.identifiers``, also where exports hide them (``_identifiers``).

A value of the wrong kind raises ``FieldError`` naming the field; the reader adds the file and
the record.
"""

from __future__ import annotations

import contextlib
import datetime
import functools
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from generator.errors import InputError, value_kind
from generator.read.clean import Repair, needs_repair, repair_text
from generator.read.copyright import without_copyright
from generator.read.dates import AmbiguousDate, loose_year, written_date
from generator.read.identifiers import (
    ShortArxivId,
    arxiv_id_in_text,
    arxiv_id_of_doi,
    arxiv_version,
    ids_in_url,
    parse_arxiv_id,
    parse_doi,
    parse_openreview_id,
    split_urls,
    url_in_text,
    urls_in_text,
)
from generator.read.names import read_names
from generator.read.placeholders import is_placeholder
from generator.read.status import read_status, title_without_label
from generator.read.text import collection_from_filename
from generator.read.venues import collection_of_venue, readable_venue
from generator.records import Abstract, Metadata, Notice, Source
from generator.text.markup import plain_label
from generator.text.urls import code_repo, normalize_url

# Record attribute -> the field names that fill it, first match wins.
ALIASES: dict[str, tuple[str, ...]] = {
    # IEEE Xplore's CSV "Document Title", Web of Science's "Article Title", Springer's "Item
    # Title", Notion's database "Name" (its title property): last, so a "title" wins.
    "title": ("title", "paper_title", "document_title", "article_title", "item_title", "name"),
    "abstract": ("abstract", "summary", "abstract_text", "paper_abstract", "abstract_note"),
    # Editors only when no author is given: an edited book's names (BibTeX @book, CSL JSON).
    # Scopus's "Author full names" ("He, Kaiming (57209604000); ...") before its "Authors"
    # ("He K.; ...").
    "authors": ("author_full_names", "authors", "author", "author_names", "creators", "editor",
                "editors"),
    "venue": ("venue", "booktitle", "journal", "conference", "container_title",
              "journal_ref", "publication_title", "source_title", "journaltitle"),
    "collection": ("collection",),
    "year": ("year", "publication_year"),
    "month": ("month",),
    "date": ("date", "published", "publication_date", "pub_date", "issued"),
    # Papers with Code's dumps: url_abs/paper_url_abs is the paper's page, paper_url its own.
    # Publish or Perish's CSV names the paper's page "ArticleURL".
    "url": ("url", "url_abs", "paper_url_abs", "paper_url", "article_url", "articleurl", "link",
            "html_url", "abs_url"),
    "pdf": ("pdf", "pdf_url", "pdf_link", "url_pdf", "paper_url_pdf"),
    "doi": ("doi", "item_doi"),  # Springer's CSV "Item DOI"
    "arxiv_id": ("arxiv_id", "arxiv", "arxivid", "eprint", "paper_arxiv_id"),
    "openreview_id": ("openreview_id", "openreview", "forum"),
    "code": ("code", "code_url", "github", "repository", "repo", "code_link", "repo_url"),
    "keywords": ("keywords", "keyword", "manual_tags", "author_keywords", "tags",
                 "automatic_tags", "tasks"),  # tasks: Papers with Code's
    "entry_type": ("entry_type", "entrytype", "type", "item_type"),
    "cite_key": ("cite_key", "citation_key", "citekey"),
    "pages": ("pages", "page"),
    "page_start": ("page_start", "start_page", "first_page"),  # Scopus, OpenAlex's biblio
    "page_end": ("page_end", "end_page", "last_page"),
    "venueid": ("venueid", "venue_id"),
    "status": ("status", "publication_status"),
    "retracted": ("is_retracted", "retracted"),
    "comment": ("comment", "comments", "arxiv_comment", "note", "notes", "annote"),
    # A record's own id: an arXiv id when it is one (the arXiv API's and Kaggle's arXiv
    # metadata name it "id"); any other id (OpenAlex, a database row) is not read.
    "record_id": ("id",),
    # Where exports hide a URL or an arXiv id (Better BibTeX, Zotero's "Extra", DBLP).
    "howpublished": ("howpublished",),
    "extra": ("extra",),
    "volume": ("volume",),
    "number": ("number", "issue", "journal_issue"),
}
_FIELD_OF = {name: attr for attr, names in ALIASES.items() for name in reversed(names)}
# CSL JSON item types (Zotero, Mendeley exports) -> BibTeX entry types.
_CSL_TYPES = {"paper-conference": "inproceedings", "article-journal": "article",
              "chapter": "incollection", "book": "book", "thesis": "phdthesis",
              "report": "techreport", "manuscript": "unpublished", "article": "misc",
              "webpage": "misc", "dataset": "misc", "software": "misc",
              # Zotero's item types (its CSV export's "Item Type")
              "conferencepaper": "inproceedings", "journalarticle": "article",
              "booksection": "incollection", "preprint": "misc", "computerprogram": "software",
              "posted-content": "misc", "proceedings-article": "inproceedings",
              "journal-article": "article", "book-chapter": "incollection"}
BIBTEX_TYPES = frozenset(("article", "book", "booklet", "conference", "inbook", "incollection",
                          "inproceedings", "manual", "mastersthesis", "misc", "phdthesis",
                          "proceedings", "techreport", "unpublished", "online", "software",
                          "dataset", "report", "thesis"))
_MONTHS = {m: i for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug",
                                       "sep", "oct", "nov", "dec"), start=1)}
_ISO_DATE = re.compile(r"(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(?:[T ][0-9:.]+(?:Z|[+-][0-9:]+)?)?")
_VENUE_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
_YEAR = re.compile(r"\d{4}")
# (a character the separator holds, the separator): the first one found splits. The pattern
# is searched only where its character is: one starting with \s* has no literal prefix, so
# re tries it at every position.
_SPLIT_WORDS = ((";", re.compile(r"\s*;\s*")), (",", re.compile(r"\s*,\s*")))


class FieldError(ValueError):
    """A field's value cannot be used: ``field`` names it, the message says why."""

    def __init__(self, field: str, why: str) -> None:
        super().__init__(f"{field}: {why}")
        self.field = field


@dataclass(frozen=True, slots=True)
class Entry:
    """One record of a metadata file, cleaned.

    Attributes:
        text: the abstract (``""`` when the record has none).
        meta: everything else the record gives.
        collection: the record's own ``collection`` field, or ``""``.
        repairs: the characters repaired in the abstract and title, for notices.
        doubts: fields read in a way that may be wrong (``"authors: read 'Hu, Edward, Shen,
            Yelong' as 4 names; ..."``), for warnings.
        dates: year or date fields read loosely (``"year: 'in press' is a publication
            status, not a year: read without a year"``), for summary-only notices.
    """

    text: str
    meta: Metadata
    collection: str
    repairs: tuple[tuple[str, Repair], ...]
    doubts: tuple[str, ...] = ()
    dates: tuple[str, ...] = ()


def field_names(record: Mapping[str, object]) -> dict[str, object]:
    """``{attribute: value}`` for the fields of ``record`` that ``ALIASES`` knows (first alias
    wins; ``None`` and empty strings count as absent).

    Raises:
        FieldError: two names of the record are one field name (``Title`` and ``title``).
    """
    plan = _plan(tuple(record))
    if plan is None:
        return _field_names_one_by_one(record)
    # The plan runs from the last-ranked alias to the first: a present name of higher rank
    # is assigned later and wins; an absent one leaves the lower-ranked value.
    return {attr: value for key, attr in plan
            if (value := record[key]) is not None and value != ""}


@functools.lru_cache(maxsize=1024)  # a file's records share their field names
def _plan(keys: tuple) -> tuple[tuple[str, str], ...] | None:
    """``(name, attribute)`` for the names of a record that ``ALIASES`` knows, in reverse
    alias rank order (the first-ranked name last); ``None`` when two names are one field
    name (``Title`` and ``title``: an error only when both have a value, which
    ``_field_names_one_by_one`` decides)."""
    seen: set[tuple[str, int]] = set()
    known = []
    for key in keys:
        hit = _alias(key) if isinstance(key, str) else None
        if hit is None:
            continue
        if hit in seen:
            return None
        seen.add(hit)
        known.append((hit[1], key, hit[0]))
    return tuple((key, attr) for _, key, attr in sorted(known, key=lambda k: k[0],
                                                        reverse=True))


def _field_names_one_by_one(record: Mapping[str, object]) -> dict[str, object]:
    """``field_names`` for a record that may name a field twice."""
    found: dict[str, tuple[int, object]] = {}
    names: dict[tuple[str, int], str] = {}
    for key, value in record.items():
        if value is None or value == "" or not isinstance(key, str):
            continue
        hit = _alias(key)
        if hit is None:
            continue
        if hit in names:  # "title" and "Title": one field given twice
            raise FieldError(key, f"field given twice (as {names[hit]!r} and {key!r})")
        names[hit] = key
        if hit[0] not in found or hit[1] < found[hit[0]][0]:
            found[hit[0]] = (hit[1], value)
    return {attr: value for attr, (_, value) in found.items()}


@functools.lru_cache(maxsize=4096)  # a file's records share their field names
def _alias(key: str) -> tuple[str, int] | None:
    """``(attribute, rank among its aliases)`` of a field name, or ``None``."""
    name = key.strip().lower().replace("-", "_").replace(" ", "_")
    attr = _FIELD_OF.get(name)
    return None if attr is None else (attr, ALIASES[attr].index(name))


def read_entry(record: Mapping[str, object], clean: bool = False) -> Entry:
    """Clean one record (module docstring for the rules). ``clean``: the caller has shown
    that no text of the record needs a repair (``generator.read.clean.json_needs_repair`` of
    its line), so none is looked for.

    Raises:
        FieldError: a field has a value of the wrong kind (names the field); the record has
            neither a title nor an abstract.
    """
    repairs: list[tuple[str, Repair]] = []
    doubts: list[str] = []
    f = field_names(record)
    # Every field, not only the title and abstract: a control character in an author's name
    # or a venue reached the feed, which XML cannot carry (lxml raised), and the page. One
    # search over all of a record's text tells the common record that needs none.
    if not clean and needs_repair("\n".join(_strings([v for k, v in f.items()
                                                       if k != "abstract"]))):
        f = {attr: (value if attr == "abstract" else _repaired(value, attr, repairs))
             for attr, value in f.items()}
    text = _abstract(f.get("abstract"), repairs, clean)
    # A status label ("RETRACTED: ...") is read as the status, not shown as the title.
    title = title_without_label(_text(f, "title"))
    if not title and not text:
        raise FieldError("title", "the record has neither a title nor an abstract")
    ids = _identifiers(f, doubts)
    dates: list[str] = []
    year, date = _date(f, dates)
    venue = _text(f, "venue") or _text(f, "venueid")
    arxiv_id = ids.get("arxiv_id", "")
    # Positional, in the order of Metadata's fields (each named in the comment): nineteen
    # keyword arguments cost a frozen dataclass's __init__ several times its own work.
    meta = Metadata(
        title,  # title
        _names(f.get("authors"), "authors", doubts),  # authors
        readable_venue(venue) if venue else "",  # venue
        year,  # year
        date,  # date
        ids.pop("url", ""),  # url
        ids.pop("pdf", ""),  # pdf
        ids.get("doi", ""),  # doi
        arxiv_id,  # arxiv_id
        ids.get("openreview_id", ""),  # openreview_id
        _arxiv_version(f, arxiv_id),  # arxiv_version
        (*_urls(f.get("code"), "code"), *_note_repositories(f)),  # code
        _words(f.get("keywords")),  # keywords
        _entry_type(f.get("entry_type")),  # entry_type
        _text(f, "cite_key"),  # cite_key
        _pages(f),  # pages
        _volume(f, arxiv_id),  # volume
        _number(f, arxiv_id),  # number
        read_status(f),  # status
    )
    return Entry(text, meta, _text(f, "collection"), tuple(repairs), tuple(doubts),
                 tuple(dates))


def _pages(f: Mapping[str, object]) -> str:
    """The pages as given, else ``page_start``-``page_end`` (``"770--778"``, BibTeX's range
    dash, as the RIS reader writes ``SP``-``EP``), else the first page alone."""
    pages = _text(f, "pages")
    if pages or "page_start" not in f:
        return pages
    start, end = _text(f, "page_start"), _text(f, "page_end")
    return f"{start}--{end}" if start and end and end != start else start


def _number(f: Mapping[str, object], arxiv_id: str) -> str:
    """The issue number as given, unless it only carries the arXiv id (Zotero writes a
    preprint's ``number = {arXiv:2003.00001}``)."""
    number = _text(f, "number")
    return "" if arxiv_id and arxiv_id in number else number


def _volume(f: Mapping[str, object], arxiv_id: str) -> str:
    """The volume as given, unless it only carries the arXiv id (DBLP writes CoRR papers'
    ``volume = {abs/2106.09685}``)."""
    volume = _text(f, "volume")
    return "" if arxiv_id and arxiv_id in volume else volume


def _strings(values) -> list[str]:
    """The strings of ``values``: strings, and those of lists and name objects in them."""
    out: list[str] = []
    for value in values:
        if type(value) is str or isinstance(value, str):
            out.append(value)
        elif isinstance(value, list | dict):
            for item in (value.values() if isinstance(value, dict) else value):
                if isinstance(item, str):
                    out.append(item)
                elif isinstance(item, list | dict):
                    out.extend(_strings([item]))
    return out


def _repaired(value: object, attr: str, repairs: list[tuple[str, Repair]]) -> object:
    """``value`` with the text in it repaired (``repair_text``): a string, or the strings of
    a list or name object (``{"given": ...}``); other values as they are."""
    if isinstance(value, str):
        fixed, found = repair_text(value)
        repairs += [(attr, r) for r in found]
        return fixed
    if isinstance(value, list):
        return [_repaired(v, attr, repairs) for v in value]
    if isinstance(value, dict):
        return {k: _repaired(v, attr, repairs) for k, v in value.items()}
    return value


def collection_name(meta: Metadata, own: str, default: str) -> str:
    """The collection a record belongs to: its own ``collection`` field, else its venue's
    (``generator.read.venues.collection_of_venue``: one name per venue and year, ``NIPS`` +
    2023 -> ``NeurIPS 2023``), else ``default`` (the file's name)."""
    if own:
        return own
    if meta.venue:
        return _venue_collection(meta.venue, meta.year)
    return default


@functools.lru_cache(maxsize=4096)  # a file's records share a few venues
def _venue_collection(venue: str, year: int | None) -> str:
    return collection_of_venue(plain_label(venue), year)


def _text(fields: Mapping[str, object], attr: str) -> str:
    value = fields.get(attr)
    if value is None:
        return ""
    if type(value) is str:  # the common case first: most fields are text
        return " ".join(value.split())
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise FieldError(attr, f"expected text, got {value_kind(value)}")
    return " ".join(str(value).split())


def _abstract(value: object, repairs: list[tuple[str, Repair]], clean: bool = False) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise FieldError("abstract", f"expected text, got {value_kind(value)}")
    if "\n" not in value and "\r" not in value:  # one line (most exports): nothing to join
        text = value.strip()
        if not clean and needs_repair(text):
            text, found = repair_text(text)
            repairs += [("abstract", r) for r in found]
        return text
    lines = [line.strip() for line in value.replace("\r\n", "\n").replace("\r", "\n")
             .split("\n")]
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()
    if not clean:
        text, found = repair_text(text)
        repairs += [("abstract", r) for r in found]
    return text


def _names(value: object, attr: str, doubts: list[str]) -> tuple[str, ...]:
    """Author names (``generator.read.names``); a doubt about the reading is appended to
    ``doubts`` as ``"<attr>: <why>"``."""
    try:
        read = read_names(value)
    except ValueError as exc:
        raise FieldError(attr, str(exc)) from None
    if read.doubt:
        doubts.append(f"{attr}: {read.doubt}")
    return read.names


def _split(text: str, separators: tuple[tuple[str, re.Pattern[str]], ...]) -> tuple[str, ...]:
    text = " ".join(text.split())
    for char, sep in separators:
        if char in text and sep.search(text):
            return tuple(part for part in sep.split(text) if part)
    return (text,) if text else ()


def _words(value: object) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return _split(value, _SPLIT_WORDS)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        words = tuple(map(_word, value))
        return words if all(words) else tuple(w for w in words if w)
    raise FieldError("keywords", f"expected a list of text or text, got {value_kind(value)}")


@functools.lru_cache(maxsize=4096)  # keywords recur across a file's records
def _word(text: str) -> str:
    return " ".join(text.split())


def _urls(value: object, attr: str) -> tuple[str, ...]:
    if isinstance(value, str):  # one URL (most records that give one)
        return (_url(value, attr),) if value.strip() else ()
    items = value
    if items is None:
        return ()
    if not isinstance(items, list) or not all(isinstance(v, str) for v in items):
        raise FieldError(attr, f"expected a URL or a list of URLs, got {value_kind(value)}")
    return tuple(dict.fromkeys(_url(v, attr) for v in items if v.strip()))


def _note_repositories(f: Mapping[str, object]) -> tuple[str, ...]:
    """The code repositories (``generator.text.urls.code_repo``) a note, Zotero's ``extra`` or
    ``howpublished`` links ("code at https://github.com/o/r"): reference managers keep a
    paper's code link there; other URLs of a note give ``url`` (``_identifiers``)."""
    out = []
    for attr in ("comment", "extra", "howpublished"):
        if attr in f and "://" in (text := _text(f, attr)):
            out.extend(url for url in urls_in_text(text) if code_repo(url) is not None)
    # A url field of several URLs: a repository after the first is the code ('<paper>;
    # <repository>', as RIS's UR). The first is the paper's url, whatever it is.
    more = _url_values(f, "url")[1:] if "url" in f else ()
    out.extend(url for u in more if (url := _url(u, "url")) and code_repo(url) is not None)
    return tuple(out)


def _url(value: str, attr: str) -> str:
    url = normalize_url(value)
    if url is None:
        raise FieldError(attr, f"{value.strip()[:80]!r} is not an http(s) URL")
    return url


def _arxiv_version(f: Mapping[str, object], arxiv_id: str) -> int:
    """The version the record's arXiv id, or an arXiv URL of the same paper, names
    (``arxiv_version``); ``0`` without an arXiv id or a version."""
    if not arxiv_id:
        return 0
    for attr in ("arxiv_id", "url", "pdf"):
        value = " ".join(_url_values(f, attr)) if attr != "arxiv_id" else _text(f, attr)
        # The id itself names no version (``parse_arxiv_id`` removed it): most records.
        if value and value != arxiv_id and arxiv_id in value and (
                version := arxiv_version(value)):
            return version
    return 0


_ID_PARSERS = (("doi", parse_doi), ("arxiv_id", parse_arxiv_id),
               ("openreview_id", parse_openreview_id))


def _identifiers(f: Mapping[str, object], doubts: list[str]) -> dict[str, str]:
    """``url``, ``pdf``, ``doi``, ``arxiv_id``, ``openreview_id``: given ones first, then
    what the URLs name; without a URL, one written in ``howpublished``, a note or Zotero's
    ``extra``; without an arXiv id, one a venue (``arXiv preprint arXiv:2106.09685``), DBLP's
    ``volume`` (``abs/2106.09685``), ``extra`` (``arXiv: 2106.09685``) or a note names; the
    arXiv id of an arXiv DOI. An arXiv id cut short (``ShortArxivId``) and an ``ftp://``
    address (no browser opens one) are left out, each a warning in ``doubts``."""
    out = _given_ids(f, doubts)
    for attr in ("url", "pdf"):
        values = _url_values(f, attr)
        if values and values[0].lower().startswith("ftp://"):
            doubts.append(f"{attr}: {values[0][:80]!r} is an FTP address, which browsers no "
                          "longer open: not linked (give its http(s) address)")
            values = [v for v in values if not v.lower().startswith("ftp://")]
        if values:
            out[attr] = _url(values[0], attr)
            for value in values:  # a later URL's arXiv id or DOI too (``split_urls``)
                _add_url_ids(out, _url(value, attr))
    if "url" not in out and (url := _url_in_notes(f)):
        out["url"] = url
        _add_url_ids(out, url)
    if "arxiv_id" not in out and (arxiv := _arxiv_id_elsewhere(f, out.get("doi", ""))):
        out["arxiv_id"] = arxiv
    return out


def _url_values(f: Mapping[str, object], attr: str) -> list[str]:
    """The URLs the field ``attr`` gives: a text split where it holds several
    (``split_urls``), or a list of texts; ``[]`` without one.

    Raises:
        FieldError: the value is neither text nor a list of texts."""
    value = f.get(attr)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return [u for v in value for u in split_urls(v)]
    return split_urls(_text(f, attr)) if value is not None else []


def _given_ids(f: Mapping[str, object], doubts: list[str]) -> dict[str, str]:
    """The ``doi``, ``arxiv_id`` and ``openreview_id`` fields a record gives, normalized.

    Raises:
        FieldError: one that does not parse (names the field and why)."""
    out: dict[str, str] = {}
    for attr, parse in _ID_PARSERS:
        value = _text(f, attr) if attr in f else ""
        if value:
            try:
                out[attr] = parse(value)
            except ShortArxivId as exc:  # the rest of the record is sound: keep it
                doubts.append(f"{attr}: {exc}: left out")
            except ValueError as exc:
                raise FieldError(attr, str(exc)) from None
    return out


def _add_url_ids(out: dict[str, str], url: str) -> None:
    """Add to ``out`` the identifiers ``url`` names that ``out`` has not already."""
    for key, found in ids_in_url(url).items():
        out.setdefault(key, found)


def _url_in_notes(f: Mapping[str, object]) -> str:
    """The first URL written in ``howpublished`` (classic BibTeX's ``{\\url{...}}``), a
    note or Zotero's ``extra``; ``""`` without one."""
    for attr in ("howpublished", "comment", "extra"):
        url = url_in_text(_text(f, attr)) if attr in f else ""
        if url:
            return url
    return ""


def _arxiv_id_elsewhere(f: Mapping[str, object], doi: str) -> str:
    """A record without an arXiv id field: the one its own ``id`` is, or a venue, DBLP's
    volume, Zotero's ``number`` (``arXiv:2003.00001``, its preprints' mapping), ``extra`` or a
    note names, or its arXiv DOI's; ``""`` without one."""
    if "record_id" in f:
        with contextlib.suppress(ValueError):
            return parse_arxiv_id(_text(f, "record_id"))
    for attr in ("venue", "volume", "number", "extra", "comment", "howpublished"):
        found = arxiv_id_in_text(_text(f, attr)) if attr in f else ""
        if found:
            return found
    return (arxiv_id_of_doi(doi) or "") if doi else ""


def _date(f: Mapping[str, object], notes: list[str]) -> tuple[int | None, str]:
    """``(year, ISO date)`` from ``date`` (or ``year`` and ``month``); a value read loosely
    (``generator.read.dates.loose_year``: "in press", "2021--2022") is described in
    ``notes``."""
    date = _parse_date(f["date"], notes) if "date" in f else ""
    year_text = _year_text(f, notes)
    if not year_text and not date and "year" not in f and (
            m := _VENUE_YEAR.search(_text(f, "venue") or _text(f, "venueid"))):
        year_text = m.group(0)  # "ICLR 2021 Oral" names its year
    if year_text:
        if not date:
            date = year_text
            month = _month(_text(f, "month"))
            if month:
                date += f"-{month:02d}"
        elif not date.startswith(year_text):
            raise FieldError("year", f"{year_text} contradicts the date {date}")
    return (int(date[:4]) if date else None), date


def _year_text(f: Mapping[str, object], notes: list[str]) -> str:
    """The ``year`` field as four digits, ``""`` when absent or a status ("in press").

    Raises:
        FieldError: neither a year of the calendar nor what ``loose_year`` reads (says what
            to write).
    """
    year_text = _text(f, "year")
    if not year_text or (_YEAR.fullmatch(year_text) and _calendar_date(year_text)):
        return year_text
    loose = loose_year(year_text)
    if loose is None and (day := _written_year(year_text)):  # "27-30 June 2016" (IEEE's RIS)
        notes.append(f"year: {year_text!r} is a date: read as {day[:4]}")
        return day[:4]
    if loose is None or (loose.year and not _calendar_date(loose.year)):
        raise FieldError("year", f"{year_text!r} is not a year: write four digits (2021), "
                                 "a range (2021--2022) or a status such as 'in press'")
    notes.append(f"year: {loose.how}")
    return loose.year


def _written_year(text: str) -> str:
    """``written_date`` of ``text``, ``""`` when it is none (or an ambiguous slash date)."""
    with contextlib.suppress(AmbiguousDate):
        return written_date(text) or ""
    return ""


def _parse_date(value: object, notes: list[str]) -> str:
    if isinstance(value, dict):  # CSL JSON: {"date-parts": [[2023, 12, 10]]}
        value = _csl_date(value)
        if not value:
            return ""
    if isinstance(value, int) and not isinstance(value, bool) and 1000 <= value <= 9999:
        value = str(value)
    if not isinstance(value, str):
        raise FieldError("date", f"expected an ISO 8601 date, got {value_kind(value)}")
    m = _ISO_DATE.fullmatch(value.strip())
    if m is not None and _calendar_date(*m.groups()):
        return "-".join(p for p in m.groups() if p)
    return _written_date(value, notes)


def _written_date(value: str, notes: list[str]) -> str:
    """A date that is no ISO 8601 date: as exports write it (``written_date``), else a
    status or a range of years (``loose_year``, described in ``notes``).

    Raises:
        FieldError: none of these (names the forms read), or an ambiguous slash date.
    """
    try:
        written = written_date(value)  # "June 2021", "2021/06/17", "17.06.2021" ...
    except AmbiguousDate as exc:
        raise FieldError("date", f"{exc}: write the ISO form (YYYY-MM-DD)") from None
    if written is None and (loose := loose_year(value)) is not None and (
            not loose.year or _calendar_date(loose.year)):
        notes.append(f"date: {loose.how}")
        return loose.year
    if written is None:
        raise FieldError("date", f"{value.strip()[:40]!r} is not an ISO 8601 date "
                                 "(YYYY, YYYY-MM or YYYY-MM-DD, a day of the calendar) nor "
                                 "a written one ('June 2021', '17 June 2021', '2021/06/17')")
    return written


def _csl_date(value: dict) -> str:
    """A CSL JSON date object as text for ``_parse_date``: its ``date-parts`` (``[[2023,
    12, 10]]``, numbers or digit strings) as ISO 8601, else its ``raw`` or ``literal`` text
    (``"2023-12-10"``; a text that names one year, ``"Spring 2021"``, as that year); ``""``
    for parts that name no year (Crossref writes ``[[null]]`` for an unknown date).

    Raises:
        FieldError: none of these (names the shape expected)."""
    parts = value.get("date-parts")
    first = parts[0] if isinstance(parts, list) and parts else None
    if _numeric_parts(first):
        nums = [int(p) for p in first[:3]]
        return "-".join([f"{nums[0]:04d}", *(f"{n:02d}" for n in nums[1:])])
    text = next((value[k] for k in ("raw", "literal") if isinstance(value.get(k), str)), None)
    if text is not None:
        return _csl_text_date(text)
    if isinstance(first, list) and all(p is None for p in first):
        return ""
    raise FieldError("date", "expected {\"date-parts\": [[year, month, day]]}")


def _numeric_parts(first: object) -> bool:
    """True for CSL ``date-parts``' first entry when it is a non-empty list whose first
    three parts are numbers or digit strings."""
    return (isinstance(first, list) and bool(first)
            and all(isinstance(p, int | str) and str(p).isdigit() for p in first[:3]))


def _csl_text_date(text: str) -> str:
    """A CSL ``raw`` or ``literal`` date: the text itself when it is ISO 8601 or names no
    single year, else that year (``"Spring 2021"`` -> ``"2021"``)."""
    years = _VENUE_YEAR.findall(text)
    return text if _ISO_DATE.fullmatch(text.strip()) or len(set(years)) != 1 else years[0]


@functools.lru_cache(maxsize=4096)  # a file's records share their years and days
def _calendar_date(year: str, month: str | None = None, day: str | None = None) -> bool:
    """True when the parts name a day, month or year of the calendar (no 2023-02-31, no
    year 0000: the feed and the pages turn them into ``datetime.date``)."""
    try:
        datetime.date(int(year), int(month or 1), int(day or 1))
    except ValueError:
        return False
    return True


def _month(text: str) -> int | None:
    """A BibTeX month: ``12``, ``dec``, ``December``; ``None`` when empty or unknown."""
    if text.isdigit() and 1 <= int(text) <= 12:
        return int(text)
    return _MONTHS.get(text[:3].lower()) if text else None


def _entry_type(value: object) -> str:
    """A BibTeX entry type, lower-case; CSL JSON types are mapped; anything else (a generic
    ``type`` field may mean ``poster``) is not an entry type: ``""``."""
    if not isinstance(value, str):
        return ""
    name = value.strip().lower()
    if name in BIBTEX_TYPES:
        return name
    return _CSL_TYPES.get(name, "")


@dataclass(frozen=True, slots=True)
class ParsedFile:
    """One input file read: the collection its records fall back to (the header, or a name
    made from the file name), its records (one ``Source`` each) and the notices of what was
    repaired while reading it."""

    collection: str
    records: tuple[Abstract, ...]
    notices: tuple[Notice, ...]


def to_abstract(record: Mapping[str, object], source: Source, default: str, shown: str,
                notices: list[Notice], clean: bool = False) -> Abstract:
    """``read_entry`` of one record of the file ``shown``, as an ``Abstract`` with its
    ``source`` and collection (``collection_name``); repairs are appended to ``notices``.
    ``clean``: as for ``read_entry``.

    Raises:
        InputError: the record's fields cannot be used (names the file, the line when known,
            the record, the field and why).
    """
    try:
        entry = read_entry(record, clean)
    except FieldError as exc:
        raise InputError(shown, source.line, f"{source.describe(line=False)}: {exc}") from None
    for field, repair in entry.repairs:
        what = ("control characters" if repair.kind == "control"
                else "mojibake repaired (ftfy)")
        notices.append(Notice(shown, source.line, f"{source.describe(line=False)}: {field}: "
                                                  f"{what}: {repair.detail}",
                              kind="repair"))
    notices.extend(Notice(shown, source.line, f"{source.describe(line=False)}: {doubt}")
                   for doubt in entry.doubts)
    notices.extend(Notice(shown, source.line, f"{source.describe(line=False)}: {how}",
                          kind="date") for how in entry.dates)
    text, line = without_copyright(entry.text)
    if line:  # a publisher's line, not the authors' text
        notices.append(Notice(shown, source.line, f"{source.describe(line=False)}: {line!r} "
                                                  "removed from the abstract", kind="copyright"))
    if is_placeholder(text):  # no abstract; as a text it would merge unrelated papers
        if not entry.meta.title:
            raise InputError(shown, source.line, f"{source.describe(line=False)}: the abstract "
                             f"{text!r} is a placeholder and there is no title: give either")
        notices.append(Notice(shown, source.line, f"{source.describe(line=False)}: abstract "
                                                  f"{text!r} is a placeholder: read as none",
                              kind="placeholder"))
        text = ""
    return Abstract(text, collection_name(entry.meta, entry.collection, default),
                    (source,), entry.meta)


Convert = Callable[[Mapping[str, object], Source, str, str, list[Notice]], Abstract]


def parsed_records(items: Iterable[tuple[Mapping[str, object], Source]], name: str, shown: str,
                   convert: Convert = to_abstract) -> ParsedFile:
    """The ``ParsedFile`` of a metadata file from its records, in file order: each
    ``(fields, source)`` pair made an ``Abstract`` by ``convert`` (``to_abstract``, or
    ``json_record`` for JSON), in the collection made from the file ``name``; the repairs'
    notices in the order found. What every record reader shares after its own parse.

    Raises:
        InputError: what ``convert`` raises for a record (file, line or record named).
    """
    default = collection_from_filename(name)
    notices: list[Notice] = []
    records = tuple(convert(fields, source, default, shown, notices) for fields, source in items)
    return ParsedFile(default, records, tuple(notices))
