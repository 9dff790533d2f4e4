"""The reading list's records: what a starred paper exports as BibTeX, RIS and JSON.

A reader stars papers on cards and paper pages (``site_overrides/assets/javascripts/
reading-list.js`` keeps the paper ids in ``localStorage``); the "Reading list" page loads the
records of those papers and offers the three files. The records are built here, from the same
metadata as the cite block of a paper page:

* ``bibtex``: ``generator.render.cite.bibtex_entry``, the entry the page shows;
* ``ris``: the same fields as RIS (written by rispy): ``TY`` from the BibTeX type (``CONF``
  for a paper in proceedings, ``JOUR`` for an article, ``GEN`` otherwise), ``TI``, ``AU`` per
  author (plain text), ``PY``, ``DA`` (``YYYY/MM/DD/``, what the date gives), ``T2`` the venue
  (a plain abstract: its collection), ``DO``, ``UR`` (the cite block's URL), ``N1``
  ``arXiv:<id>``, ``ID`` the citation key, ``KW`` the keywords;
* ``json``: the citation fields of the paper's ``papers.json`` entry (same keys) plus its
  page address.

They are written as scripts, not JSON files (``records/<two hex digits>.js``: the papers
whose id starts with those digits, so the page loads only what the list holds), because a
browser refuses ``fetch`` on ``file://`` but runs a ``<script>``.
"""

from __future__ import annotations

import json
import re

import rispy
from rispy.writer import RisWriter

from generator.read.identifiers import openreview_url
from generator.records import Paper
from generator.render.cite import bibtex_entry, cite_key, page_address

RECORDS_DIR = "data/records"
JSON_KEYS = ("id", "title", "authors", "venue", "year", "date", "doi", "arxiv_id",
             "openreview_id", "collection", "tags", "keywords")
_RIS_TYPES = {"inproceedings": "CONF", "conference": "CONF", "article": "JOUR",
              "incollection": "CHAP", "book": "BOOK", "phdthesis": "THES",
              "mastersthesis": "THES", "techreport": "RPRT"}


class _EntryWriter(RisWriter):
    """RIS without the entry number rispy puts before each record (``1.``): the reading list
    joins records one by one."""

    def set_header(self, count: int) -> str:
        return ""


def ris_entry(p: Paper, site_url: str | None) -> str:
    """The paper's RIS record (module docstring), ending in ``ER  -`` and a newline."""
    f = p.facts
    meta = f.abstract.meta
    kind = meta.entry_type or ("inproceedings" if meta.venue else "misc")
    url = _ris_url(p, site_url)
    record = {
        "type_of_reference": _RIS_TYPES.get(kind, "GEN"),
        "title": p.title,
        "authors": list(f.authors),
        "year": str(meta.year) if meta.year else "",
        "date": _ris_date(meta.date),
        "secondary_title": f.venue or ("" if meta.title else f.abstract.collection),
        "volume": meta.volume,
        "number": meta.number,
        **_page_fields(meta.pages),
        "doi": meta.doi,
        "urls": [url] if url else [],
        "notes": [f"arXiv:{meta.arxiv_id}"] if meta.arxiv_id else [],
        "id": cite_key(p),
        "keywords": list(meta.keywords),
    }
    record = {k: v for k, v in record.items() if v}
    return rispy.dumps([record], implementation=_EntryWriter).lstrip("\n")



def _ris_url(p: Paper, site_url: str | None) -> str:
    """The record's ``UR``: the paper's own URL, else its OpenReview forum, else its page on
    the site (with ``site_url`` only); ``""`` without any."""
    meta = p.facts.abstract.meta
    return meta.url or (openreview_url(meta.openreview_id) if meta.openreview_id else "") or (
        page_address(p, site_url) if site_url else "")


def _ris_date(date: str) -> str:
    """RIS ``DA`` of an ISO date, ``YYYY/MM/DD/`` with missing parts empty (``2023``
    becomes ``2023///``); ``""`` without a date."""
    parts = date.split("-") if date else []
    return "/".join(parts + [""] * (3 - len(parts))) + "/" if parts else ""

def _page_fields(pages: str) -> dict[str, str]:
    """RIS ``SP`` and ``EP`` (rispy's ``start_page``, ``end_page``) of a page range as given
    (``"12--20"``, ``"12-20"``, ``"e1234"``)."""
    first, _, last = re.sub(r"\s*(?:--?|\u2013|\u2014)\s*", "\0", pages.strip()).partition("\0")
    return {"start_page": first, "end_page": last}


def export_record(p: Paper, entry: dict, site_url: str | None) -> dict:
    """The reading list's record of a paper: ``url`` (site-relative), ``bibtex``, ``ris`` and
    ``json`` (module docstring); ``entry`` is its papers.json entry. The title is
    ``json["title"]`` only (reading-list.js reads it there): not a second copy in the record."""
    data = {k: entry[k] for k in JSON_KEYS}
    data["page"] = page_address(p, site_url)
    return {"url": p.url, "bibtex": bibtex_entry(p, site_url), "ris": ris_entry(p, site_url),
            "json": data}


def record_groups(papers: tuple[Paper, ...]) -> dict[str, list[Paper]]:
    """``{path: papers}``: which records each script holds (the papers whose id starts with
    its two hex digits), in path order."""
    groups: dict[str, list[Paper]] = {}
    for p in papers:
        groups.setdefault(f"{RECORDS_DIR}/{p.id[:2]}.js", []).append(p)
    return dict(sorted(groups.items()))


def record_script(papers: list[Paper], entries: dict[str, dict], site_url: str | None) -> str:
    """The script of one group (``record_groups``): ``pdReadingRecords({id: record, ...})``."""
    records = {p.id: export_record(p, entries[p.id], site_url) for p in papers}
    return "pdReadingRecords(" + json.dumps(records, ensure_ascii=False,
                                            separators=(",", ":")) + ");\n"


def record_chunks(papers: tuple[Paper, ...], entries: dict[str, dict],
                  site_url: str | None) -> dict[str, str]:
    """``{path: script}``: every paper's record, in files by the first two hex digits of its
    id (``record_groups``, ``record_script``)."""
    return {path: record_script(group, entries, site_url)
            for path, group in record_groups(papers).items()}
