"""Atom feeds (``.atom``, ``.xml``): arXiv API results saved to a file (``export.arxiv.org/api/
query?...``), parsed by feedparser; each ``<entry>`` is one record. Any Atom feed reads the
same way; arXiv's extension elements add to it.

What an entry gives (field names of ``generator.read.fields``): ``title``, ``summary`` (the
abstract), ``author`` names, ``published`` (the first version's date), the ``alternate`` link
(``url``) and the link titled ``pdf``; from arXiv: the id (``<id>http://arxiv.org/abs/
2401.01234v2</id>``, version dropped), ``arxiv:doi``, ``arxiv:journal_ref`` (the venue) and
repository URLs written in ``arxiv:comment`` ("Code: https://github.com/...": ``code``).
A title or summary of ``type="html"`` or ``type="xhtml"`` (RFC 4287, 3.1) is markup, not
text: it is read as the text a browser shows (tags removed, entities decoded, paragraphs and
line breaks kept, scripts and styles dropped), so the page shows no raw HTML.

Several versions of one paper (an API query matching ``v1`` and ``v2``): the latest is kept,
with its title, abstract and authors; each older one is a handled notice (``kind="version"``).
An ``arxiv:comment`` saying the paper was withdrawn gives its status
(``generator.read.status``).

A document that is not well-formed XML or not a feed stops the run with its line; an entry
arXiv wrote to report a failed query (``<id>...api/errors...</id>``) stops it with arXiv's
message.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable

import feedparser
from feedparser.exceptions import CharacterEncodingOverride

from generator.errors import InputError
from generator.read.fields import ParsedFile, to_abstract
from generator.read.markup_text import markup_to_text
from generator.read.text import collection_from_filename
from generator.records import Abstract, Notice, Source
from generator.text.markup import Url, tokenize
from generator.text.urls import classify

# XML documents of other tools that users save as .xml: (root element, what the file is,
# what to do), the root's name without a namespace prefix.
OTHER_XML = (
    ("xml", "an EndNote XML export", "export the library as RIS (EndNote: File > Export, "
     "'RefMan (RIS) Export') and save it as .ris"),
    ("OAI-PMH", "an OAI-PMH response (arXiv's bulk metadata)", "fetch the papers from the "
     "arXiv API (export.arxiv.org/api/query returns Atom) or convert them to JSON Lines"),
    ("RDF", "an RDF export (Zotero RDF)", "export the collection as BibTeX, RIS or CSV"),
    ("PubmedArticleSet", "a PubMed XML export", "save the results as a citation file (RIS)"),
    ("rss", "an RSS feed", "use the site's Atom feed, or convert the items to JSON Lines"),
)
_ROOT = re.compile(rb"<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)")


def _other_xml(data: bytes) -> str:
    """``": it is ... : do ..."`` for an XML document of another tool (``OTHER_XML``), by
    the name of its root element; ``""`` for any other."""
    head = re.sub(rb"<\?.*?\?>|<!--.*?-->|<!DOCTYPE[^>]*>", b"", data[:4096], flags=re.DOTALL)
    m = _ROOT.search(head)
    root = m.group(2).decode("ascii", "replace") if m else ""
    return next((f": it is {what}; {todo}" for name, what, todo in OTHER_XML if name == root),
                "")


def read_atom(data: bytes, name: str, shown: str) -> ParsedFile:
    """Read one Atom file.

    Args:
        data: the file's bytes (the XML declaration names their encoding; UTF-8 without).
        name: the file name (``Source.file``; the default collection comes from it).
        shown: how messages name the file.

    Raises:
        InputError: not well-formed XML, not a feed, an arXiv error entry, or an entry whose
            fields cannot be used (file, line of the document's error, record, field named).
    """
    # A BytesIO, never the bytes themselves: feedparser may read a string as a URL or path.
    parsed = feedparser.parse(io.BytesIO(data), sanitize_html=False,
                              resolve_relative_uris=False)
    error = parsed.get("bozo_exception")
    if parsed.get("bozo") and not isinstance(error, CharacterEncodingOverride):
        line = error.getLineNumber() if hasattr(error, "getLineNumber") else None
        if line is not None and not data.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<?xml"):
            line = max(1, line - 1)  # feedparser puts an XML declaration line before it
        why = error.getMessage() if hasattr(error, "getMessage") else str(error)
        raise InputError(shown, line, f"not well-formed XML: {why}")
    if not parsed.get("version", "").startswith("atom"):
        raise InputError(shown, None, "not an Atom feed (an arXiv API result is one)"
                         + _other_xml(data))
    default = collection_from_filename(name)
    records: list[Abstract] = []
    notices: list[Notice] = []
    for number, entry in enumerate(parsed.entries, start=1):
        source = Source(name, number, None)
        if "/api/errors" in entry.get("id", ""):
            raise InputError(shown, None, f"{source.describe()}: the arXiv API reported an "
                                          f"error: {' '.join(entry.get('summary', '').split())}")
        records.append(to_abstract(_fields(entry), source, default, shown, notices))
    versions = [_version(entry) for entry in parsed.entries]
    return ParsedFile(default, _latest(records, versions, shown, notices), tuple(notices))


_VERSION = re.compile(r"v(\d+)$")


def _version(entry: dict) -> tuple[int, str]:
    """``(arXiv version, updated stamp)`` of an entry: ``(2, "2024-02-01T...")`` for
    ``<id>http://arxiv.org/abs/2401.01234v2</id>``; version 0 when the id names none."""
    m = _VERSION.search(entry.get("id", ""))
    return (int(m.group(1)) if m else 0), entry.get("updated") or entry.get("published") or ""


def _latest(records: list[Abstract], versions: list[tuple[int, str]], shown: str,
            notices: list[Notice]) -> tuple[Abstract, ...]:
    """One record per arXiv id: of several versions of a paper (an API query returns each
    version it matches), the latest (highest ``vN``, then the latest ``updated``) is kept at
    the first one's place, with its newer title, abstract and authors; each older one is a
    handled ``version`` notice. Its sources stay listed on the page."""
    best: dict[str, int] = {}
    for i, record in enumerate(records):
        key = record.meta.arxiv_id
        if not key:
            continue
        j = best.setdefault(key, i)
        if versions[i] > versions[j]:
            best[key] = i
    # Every version's sources by arXiv id, gathered once (a scan per id was quadratic).
    sources_of: dict[str, list[Source]] = {}
    for record in records:
        if record.meta.arxiv_id:
            sources_of.setdefault(record.meta.arxiv_id, []).extend(record.sources)
    out: list[Abstract] = []
    placed: set[str] = set()
    for i, record in enumerate(records):
        key = record.meta.arxiv_id
        if not key or key not in best:
            out.append(record)
            continue
        keep = best[key]
        if i != keep:
            older = versions[i][0]
            notices.append(Notice(shown, None, f"{record.sources[0].describe()}: arXiv "
                                  f"{key}{f'v{older}' if older else ''} is an older version "
                                  f"of record {records[keep].sources[0].abstract} (v"
                                  f"{versions[keep][0]}): the latest is kept", kind="version"))
        if key not in placed:
            placed.add(key)
            latest = records[keep]
            sources = sources_of[key]
            out.append(latest.replace(sources=(latest.sources[0], *(
                s for s in sources if s != latest.sources[0]))))
    return tuple(out)


# arXiv's announcement feeds (rss.arxiv.org/atom/<category>): the summary opens with
# "arXiv:<id>v<n> Announce Type: <type>" and "Abstract:", the creators are one
# "First Last, First Last" list, the id is "oai:arXiv.org:<id>v<n>".
_ANNOUNCED = re.compile(r"arXiv:\S+\s+Announce Type:\s*\S+\s*Abstract:\s*")
_OAI_ID = "oai:arXiv.org:"


def _fields(entry: dict) -> dict[str, object]:
    """One feed entry as a flat record (module docstring)."""
    authors = [a.get("name") for a in entry.get("authors", ()) if a.get("name")]
    abstract = _text(entry, "summary")
    if entry.get("arxiv_announce_type"):
        authors, abstract = _announced(authors, abstract)
    record: dict[str, object] = {
        "title": _text(entry, "title"),
        "abstract": abstract,
        "authors": authors,
        "date": (entry.get("published") or entry.get("updated") or "")[:10] or None,
        "doi": entry.get("arxiv_doi"),
        "venue": entry.get("arxiv_journal_ref"),
        "keywords": None,
    }
    _add_links(record, entry.get("links", ()))
    ident = entry.get("id", "")
    if "arxiv.org/abs/" in ident:
        record["arxiv_id"] = ident
    elif ident.startswith(_OAI_ID):
        record["arxiv_id"] = ident[len(_OAI_ID):]
    record["code"] = _repositories(entry.get("arxiv_comment") or "")
    record["comment"] = entry.get("arxiv_comment")
    return record



def _announced(authors: list[str], abstract: str | None) -> tuple[list[str], str | None]:
    """An announcement feed entry's authors (one ``"First Last, First Last"`` name split in
    names) and abstract (without its ``arXiv:... Announce Type: ... Abstract:`` opening)."""
    authors = [n.strip() for a in authors for n in a.split(",") if n.strip()]
    if abstract:
        abstract = abstract[m.end():] if (m := _ANNOUNCED.match(abstract)) else abstract
    return authors, abstract


def _add_links(record: dict[str, object], links: Iterable[dict]) -> None:
    """Set ``record``'s ``pdf`` (a link titled ``pdf`` or of PDF type) and ``url`` (an
    ``alternate`` link) from the entry's links, the first of each."""
    for link in links:
        if link.get("title") == "pdf" or link.get("type") == "application/pdf":
            record.setdefault("pdf", link.get("href"))
        elif link.get("rel") == "alternate":
            record.setdefault("url", link.get("href"))

_MARKUP = ("text/html", "application/xhtml+xml")


def _text(entry: dict, key: str) -> str | None:
    """An Atom text construct as text: ``type="text"`` as given, HTML and XHTML as the text
    they show (``markup_to_text``; a title as a label: superscripts without a Unicode form as
    TeX math)."""
    detail = entry.get(f"{key}_detail") or {}
    value = entry.get(key)
    if value is None or detail.get("type") not in _MARKUP:
        return value
    return markup_to_text(value, plain=key != "summary")


def _repositories(comment: str) -> list[str]:
    """The code repositories an arXiv comment links ("Code: https://github.com/o/r")."""
    out: list[str] = []
    for token in tokenize(comment):
        if isinstance(token, Url) and (web := classify(token.raw)) and web.repo is not None:
            out.append(web.repo.url)
    return out
