"""Records of scholarly APIs (saved to ``.json`` or ``.jsonl``) -> flat records for
``generator.read.fields``. Each API nests what the digest reads; ``SHAPES`` recognises a
record by the keys only that API writes and flattens it:

* **Semantic Scholar** (Graph API ``paper`` objects, a search's ``{"data": [...]}``, a batch's
  bare array): ``paperId``/``externalIds``; ``externalIds.ArXiv``/``DOI`` the identifiers,
  ``openAccessPdf.url`` the PDF, ``publicationDate`` the date, ``journal.name``/``pages`` when
  no ``venue`` is given, ``journal.volume``, ``authors[].name``.
* **OpenAlex** works (``{"results": [...]}`` or one work): ``abstract_inverted_index`` (word ->
  positions) rebuilt to the abstract's text, ``display_name``, ``authorships[].author.
  display_name``, ``publication_date``, ``ids.doi``, ``primary_location.source.display_name``
  (the venue) and ``landing_page_url``/``pdf_url``, an arXiv landing page in any of
  ``locations`` (the arXiv id), ``biblio`` pages, volume and issue, ``is_retracted``.
* **Crossref** works (``{"message": {...}}`` or ``{"message": {"items": [...]}}``) and CSL JSON
  from DOI content negotiation: ``title`` and ``container-title`` as lists (the first is used;
  its HTML read as text, as OpenAlex's title and venue: ``_label``),
  the abstract's JATS XML (``<jats:p>``) read as text by the standard library's HTML parser
  (``generator.read.markup_text``), ``issued``/``published`` date parts, ``URL``, ``page``.

A record of no known shape is read as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from generator.read.markup_text import (
    ABSTRACT_HEADINGS,
    decode_entities,
    markup_label,
    markup_to_text,
)

Record = Mapping[str, object]


def _first(value: object) -> object:
    """The first element of a list (Crossref writes ``title`` and ``container-title`` as
    lists), else the value."""
    if isinstance(value, list):
        return next((v for v in value if v), None)
    return value


def _get(record: object, *path: str) -> object:
    """``record[path[0]][path[1]]...``, ``None`` where a step is missing or not an object."""
    for key in path:
        if not isinstance(record, Mapping):
            return None
        record = record.get(key)
    return record


def _label(value: object) -> object:
    """A title or venue of an API that writes HTML in them (OpenAlex, Crossref: ``Deep
    <i>Residual</i> Learning``, ``CO<sub>2</sub>``, ``Q&amp;A``) as plain text
    (``generator.read.markup_text.markup_label``); other values as they are."""
    return markup_label(value) if isinstance(value, str) else value


def is_semantic_scholar(record: Record) -> bool:
    # "in" first: an isinstance test against the Mapping ABC costs a microsecond a record.
    return "paperId" in record or ("externalIds" in record
                                   and isinstance(record["externalIds"], Mapping))


def semantic_scholar(record: Record) -> dict[str, object]:
    """A Semantic Scholar paper as a flat record (module docstring)."""
    out = {k: v for k, v in record.items()
           if k not in ("externalIds", "openAccessPdf", "journal", "authors", "url")}
    ids = record.get("externalIds") or {}
    if isinstance(ids, Mapping):
        out["arxiv_id"] = ids.get("ArXiv")
        out["doi"] = ids.get("DOI")
    out["pdf"] = _get(record, "openAccessPdf", "url")
    out["date"] = record.get("publicationDate")
    out["venue"] = record.get("venue") or _get(record, "journal", "name")
    out["pages"] = _get(record, "journal", "pages")
    out["volume"] = _get(record, "journal", "volume")
    authors = record.get("authors")
    if isinstance(authors, list):
        out["authors"] = [a.get("name") if isinstance(a, Mapping) else a for a in authors]
    # The paper's page on semanticscholar.org: its own URL when nothing better is given.
    out["url"] = record.get("url")
    return out


def is_openalex(record: Record) -> bool:
    ident = record.get("id")
    return "abstract_inverted_index" in record or "authorships" in record or (
        isinstance(ident, str) and ident.startswith("https://openalex.org/"))


def inverted_index_text(index: object) -> str:
    """OpenAlex's ``abstract_inverted_index`` (``{"word": [positions]}``) as the text: each
    word at its positions, joined by single spaces (OpenAlex keeps no other spacing)."""
    if not isinstance(index, Mapping):
        return ""
    placed: dict[int, str] = {}
    for word, positions in index.items():
        if isinstance(positions, list):
            for p in positions:
                if isinstance(p, int):
                    placed[p] = word
    return " ".join(placed[p] for p in sorted(placed))


def openalex(record: Record) -> dict[str, object]:
    """An OpenAlex work as a flat record (module docstring)."""
    primary = record.get("primary_location") or {}
    out: dict[str, object] = {
        "title": _label(record.get("title") or record.get("display_name")),
        "abstract": inverted_index_text(record.get("abstract_inverted_index")) or None,
        "authors": _openalex_authors(record.get("authorships")),
        "date": record.get("publication_date") or record.get("publication_year"),
        "doi": record.get("doi") or _get(record, "ids", "doi"),
        "venue": _label(_get(primary, "source", "display_name")),
        "url": _get(primary, "landing_page_url"),
        "pdf": _get(primary, "pdf_url"),
        "is_retracted": record.get("is_retracted"),
        "keywords": _openalex_keywords(record.get("keywords")),
        "type": record.get("type_crossref") or record.get("type"),
    }
    out["volume"] = _get(record, "biblio", "volume")
    out["number"] = _get(record, "biblio", "issue")
    first, last = _get(record, "biblio", "first_page"), _get(record, "biblio", "last_page")
    if first:
        out["pages"] = f"{first}--{last}" if last and last != first else first
    arxiv = _arxiv_landing_page([primary, *(record.get("locations") or ())])
    if arxiv:
        out["arxiv_id"] = arxiv
    return out


def _openalex_authors(authorships: object) -> list[object]:
    """The names of an OpenAlex work's ``authorships``: the author's ``display_name``, else
    the name as the paper wrote it (``raw_author_name``: OpenAlex leaves ``display_name``
    null for an author it has not identified); an authorship with neither is left out."""
    names = ((_get(a, "author", "display_name")
              or (a.get("raw_author_name") if isinstance(a, Mapping) else None))
             for a in authorships or ())
    return [n for n in names if n]


def _openalex_keywords(keywords: object) -> list[object] | None:
    """The display names of an OpenAlex work's ``keywords``; ``None`` without one."""
    return [k.get("display_name") for k in keywords or ()
            if isinstance(k, Mapping) and k.get("display_name")] or None


def _arxiv_landing_page(locations: list[object]) -> str | None:
    """The first of an OpenAlex work's locations' landing pages on arXiv (``.../abs/...``),
    or ``None``."""
    for location in locations:
        page = _get(location, "landing_page_url")
        if isinstance(page, str) and "arxiv.org/abs/" in page:
            return page
    return None


def is_crossref(record: Record) -> bool:
    return ("DOI" in record and ("container-title" in record or "issued" in record
                                 or "published" in record)) or isinstance(
        record.get("title"), list)


def crossref(record: Record) -> dict[str, object]:
    """A Crossref work or CSL JSON item as a flat record (module docstring)."""
    out = dict(record)
    out["title"] = _label(_first(record.get("title")))
    subtitle = _label(_first(record.get("subtitle")))
    if isinstance(out["title"], str) and isinstance(subtitle, str) and subtitle.strip() and \
            subtitle.strip().lower() not in out["title"].lower():
        out["title"] = f"{out['title'].rstrip()}: {subtitle.strip()}"
    # A preprint server's posted content names its server as the institution (bioRxiv).
    out["container-title"] = _label(_first(record.get("container-title"))) or _get(
        _first(record.get("institution")), "name")
    abstract = record.get("abstract")
    if isinstance(abstract, str) and "<" in abstract:
        out["abstract"] = markup_to_text(abstract, drop_heading=ABSTRACT_HEADINGS)
    for date in ("published", "posted"):
        if "issued" not in out and date in record:
            out["issued"] = record[date]
        out.pop(date, None)  # a CSL date object: "issued" is read instead
    # Crossref's update notices (Retraction Watch's data): a retraction of this work.
    if any(isinstance(u, dict) and str(u.get("type", "")).lower() == "retraction"
           for u in record.get("updated-by") or ()):
        out["retracted"] = True
    return out


# (recognise, flatten), first match wins; OpenReview notes are recognised before these.
SHAPES: tuple[tuple[Callable[[Record], bool], Callable[[Record], dict[str, object]]], ...] = (
    (is_semantic_scholar, semantic_scholar),
    (is_openalex, openalex),
    (is_crossref, crossref),
)


def flatten_scholarly(record: Record) -> Record:
    """``record`` flattened by the first of ``SHAPES`` that recognises it, else as it is but
    for HTML character references in its text (``Q&amp;A``: JSON from the web carries them;
    ``generator.read.markup_text.decode_entities``)."""
    for recognise, flatten in SHAPES:
        if recognise(record):
            return flatten(record)
    if any(type(v) is str and "&" in v and ";" in v for v in record.values()):
        return {k: decode_entities(v) if type(v) is str else v for k, v in record.items()}
    return record
