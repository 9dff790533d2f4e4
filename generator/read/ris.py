"""RIS (``.ris``): the citation format of Mendeley, EndNote, Zotero and publishers' "download
citation" buttons, parsed by rispy. Each reference (``TY  -`` ... ``ER  -``) is one record,
named by its number and the line its ``TY`` tag is on.

What a reference gives (``RIS_FIELDS``: RIS tag -> the field of ``generator.read.fields``;
the first tag present wins): ``TI``/``T1`` the title, ``AB``/``N2`` the abstract, ``AU`` and
``A1`` the authors (``Family, Given``; a reference using both lists AU's names, then A1's),
``T2``/``JF``/``JO``/``J2``/``BT`` the venue, ``PY``/``Y1``
the year and ``DA`` the date (``2021/06/17/`` read as ``2021-06-17``), ``DO`` the DOI,
``UR`` the URLs (the first is the paper's page; a DOI, arXiv or OpenReview URL among them
also gives that identifier), ``L1`` a PDF, ``KW`` the keywords, ``SP``-``EP`` the pages,
``VL`` the volume, ``IS`` the issue number,
``N1`` the note (an arXiv id or a withdrawal written there is read), ``ID`` the citation
key, ``TY`` the type (``JOUR`` -> ``article``, ``CONF``/``CPAPER`` -> ``inproceedings``, ...).

A file without a ``TY`` tag, a reference that starts before the previous one ended (its
``ER`` missing: rispy would join the two) or one that never ends stops the run, naming the
line.
"""

from __future__ import annotations

import re

import rispy

from generator.errors import InputError
from generator.read.clean import decode
from generator.read.fields import ParsedFile, parsed_records
from generator.records import Source

# record field -> rispy's names of the RIS tags that fill it, first present wins
RIS_FIELDS: dict[str, tuple[str, ...]] = {
    "title": ("title", "primary_title", "translated_title"),
    "abstract": ("abstract", "notes_abstract"),
    "authors": ("authors", "first_authors"),
    "venue": ("secondary_title", "alternate_title3", "journal_name", "alternate_title1",
              "alternate_title2"),
    "year": ("year", "publication_year"),
    "date": ("date",),
    "doi": ("doi",),
    "keywords": ("keywords",),
    "comment": ("notes", "note"),
    "cite_key": ("id",),
    "volume": ("volume",),
    "number": ("number",),
}
# RIS reference types -> BibTeX entry types (RIS spec, "Reference Types")
RIS_TYPES = {"JOUR": "article", "JFULL": "article", "MGZN": "article", "CONF": "inproceedings",
             "CPAPER": "inproceedings", "BOOK": "book", "CHAP": "incollection",
             "THES": "phdthesis", "RPRT": "techreport", "UNPB": "unpublished",
             "MANSCPT": "unpublished", "COMP": "software", "DATA": "dataset", "ELEC": "misc",
             "WEB": "misc", "GEN": "misc", "EJOUR": "article", "INPR": "article"}
_TAG = re.compile(r"^([A-Z][A-Z0-9])  -(?: |$)")
_RIS_DATE = re.compile(r"(\d{4})(?:[/-](\d{1,2})?(?:[/-](\d{1,2})?)?)?")


def read_ris(data: bytes, name: str, shown: str) -> ParsedFile:
    """Read one ``.ris`` file.

    Args:
        data: the file's bytes.
        name: the file name (``Source.file``; the default collection comes from it).
        shown: how messages name the file.

    Raises:
        InputError: not UTF-8, not RIS, a reference not closed by ``ER`` before the next
            starts or the file ends, or a reference whose fields cannot be used.
    """
    text = decode(data, shown)
    starts = _reference_lines(text, shown)
    references = rispy.loads(text, skip_unknown_tags=True)
    return parsed_records(((_fields(reference), Source(name, number, line)) for number, (
        line, reference) in enumerate(zip(starts, references, strict=True), start=1)),
        name, shown)


def _reference_lines(text: str, shown: str) -> list[int]:
    """The line of each reference's ``TY`` tag, checking that every reference ends with
    ``ER`` before the next starts (rispy joins such references without a word)."""
    starts: list[int] = []
    open_at: int | None = None
    for number, line in enumerate(text.split("\n"), start=1):
        m = _TAG.match(line.lstrip("\ufeff"))
        if m is None:
            continue
        tag = m.group(1)
        if tag == "TY":
            if open_at is not None:
                raise InputError(shown, number, f"a reference starts (TY) before the one at "
                                                f"line {open_at} ended: add its 'ER  - ' line")
            open_at = number
            starts.append(number)
        elif tag == "ER":
            open_at = None
    if open_at is not None:
        raise InputError(shown, open_at, "the reference starting here has no 'ER  - ' line")
    if not starts and text.strip():
        raise InputError(shown, None, "not RIS: no 'TY  - ' line (each reference starts with "
                                      "one)")
    return starts


def _fields(reference: dict) -> dict[str, object]:
    """One rispy reference as a flat record (module docstring)."""
    record: dict[str, object] = {}
    for attr, names in RIS_FIELDS.items():
        value = next((reference[n] for n in names if reference.get(n)), None)
        if value is not None:
            record[attr] = value
    # AU and A1 both name primary authors (RIS spec): a reference that uses both (AU for
    # some authors, A1 for others, as hand-edited and merged exports do) lists every one.
    names = [n for tag in RIS_FIELDS["authors"] for n in reference.get(tag) or ()]
    if names:  # not deduplicated: two authors may share a name
        record["authors"] = names
    if "year" in record and isinstance(record["year"], str):
        record["year"] = record["year"][:4]
    if isinstance(record.get("date"), str):
        record["date"] = _date(record["date"]) or None
    if isinstance(record.get("comment"), list):
        record["comment"] = " ".join(record["comment"])
    urls = [u for u in reference.get("urls") or () if u.strip()]
    if urls:
        record["url"] = urls[0]
        arxiv = next((u for u in urls if "arxiv.org/" in u), None)
        if arxiv:
            record["arxiv_id"] = arxiv
    pdf = reference.get("file_attachments1")
    if isinstance(pdf, str) and pdf.startswith(("http://", "https://")):
        record["pdf"] = pdf
    first, last = reference.get("start_page"), reference.get("end_page")
    if first:
        record["pages"] = f"{first}--{last}" if last and last != first else first
    record["entry_type"] = RIS_TYPES.get(str(reference.get("type_of_reference", "")).upper(), "")
    return record


def _date(value: str) -> str:
    """``2021/06/17/`` or ``2021/06//`` -> ISO 8601 (``2021-06-17``, ``2021-06``)."""
    m = _RIS_DATE.match(value.strip())
    if m is None:
        return ""
    year, month, day = m.groups()
    parts = [year] + ([f"{int(month):02d}"] if month else [])
    if month and day:
        parts.append(f"{int(day):02d}")
    return "-".join(parts)
