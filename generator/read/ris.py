"""RIS (``.ris``): the citation format of Mendeley, EndNote, Zotero and publishers' "download
citation" buttons, parsed by rispy. Each reference (``TY  -`` ... ``ER  -``) is one record,
named by its number and the line its ``TY`` tag is on.

What a reference gives (``RIS_FIELDS``: RIS tag -> the field of ``generator.read.fields``;
the first tag present wins): ``TI``/``T1`` the title, ``AB``/``N2`` the abstract (every
distinct one, as paragraphs), ``AU`` and ``A1`` the authors (``Family, Given``; a reference
using both lists AU's names, then A1's), ``T2``/``JF``/``JO``/``J2``/``BT`` the venue,
``PY``/``Y1`` the year and ``DA`` the date (``2021/06/17/`` read as ``2021-06-17``), ``DO``
the DOI, ``UR`` the URLs (the first is the paper's page; a DOI, arXiv or OpenReview URL
among them also gives that identifier), ``L2`` a web link to the full text (after the URs),
``L1`` a PDF, ``AF`` (Web of Science) the authors' full names, in place of ``AU``'s
initials, ``KW`` the keywords, ``SP``-``EP`` the pages, ``VL`` the volume, ``IS`` the issue
number, ``N1`` the note (an arXiv id or a withdrawal written there is read), ``ID`` the
citation key, ``TY`` the type (``JOUR`` -> ``article``, ``CONF``/``CPAPER`` ->
``inproceedings``, ...).

An untagged line continues the previous tag's value (EndNote and publishers wrap long
values): joined with a space, or one more item of a list tag (``AU``, ``KW``, ``UR``, ...).
A tag given twice with different values (``TI`` and ``T1``, two ``DO``) is read once, the
first, with a ``repeated-tag`` warning naming the lines. Text outside every reference
(after an ``ER``, before the first ``TY``), which rispy skips, is a ``stray-field`` warning;
a reference's number (``1.``, as rispy's writer puts before each) is not text.

A file without a ``TY`` tag, a reference that starts before the previous one ended (its
``ER`` missing: rispy would join the two), one that never ends, or an untagged line right
after ``TY`` (a type has no continuation) stops the run, naming the line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import rispy

from generator.errors import InputError
from generator.read.clean import decode
from generator.read.dates import loose_year
from generator.read.fields import ParsedFile, parsed_records
from generator.read.identifiers import split_urls
from generator.records import Notice, Source
from generator.text.urls import code_repo

# record field -> rispy's names of the RIS tags that fill it, first present wins
RIS_FIELDS: dict[str, tuple[str, ...]] = {
    "title": ("title", "primary_title", "translated_title"),
    "abstract": ("abstract", "notes_abstract"),
    "authors": ("authors", "first_authors"),
    "venue": ("secondary_title", "alternate_title3", "journal_name", "alternate_title1",
              "alternate_title2", "book_title"),
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
# rispy's own rule for a tagged line (its documented ``parse_line``), so the lines this
# module checks are the lines rispy reads
_PARSER = rispy.RisParser()
# rispy's tags, and two it does not know: BT, the book or proceedings title (RIS spec; ACM's
# and EndNote's conference papers give their venue only there), and AF, Web of Science's
# authors' full names (its AU has initials only: "He, K").
_MAPPING = {**rispy.TAG_KEY_MAPPING, "BT": "book_title", "AF": "full_authors"}
# rispy's writer puts the reference's number before its TY ('1.'): no text of a paper
_NUMBER_LINE = re.compile(r"\d+\.")
_LIST_TAGS = frozenset((*rispy.LIST_TYPE_TAGS, "AF"))  # read as lists: each line one more item
_KEY_TAG = {key: tag for tag, key in _MAPPING.items()}  # rispy's name -> tag
# Tags that both give one field, read together when repeated: AB and N2 the abstract (every
# distinct text kept), TI and T1 the title (one is read)
_ABSTRACT_KEYS = ("abstract", "notes_abstract")
_ONE_FIELD = (("title", "primary_title"),)
_ONE_FIELD_KEYS = frozenset(k for keys in (_ABSTRACT_KEYS, *_ONE_FIELD) for k in keys)
# A RIS PY/Y1 value: the year, then "/month/day/other" (RIS spec), each part optional.
_RIS_YEAR = re.compile(r"\d{4}(?:/|$)")
_RIS_DATE = re.compile(r"(\d{4})(?:[/-](\d{1,2})?(?:[/-](\d{1,2})?)?)?")


def read_ris(data: bytes, name: str, shown: str) -> ParsedFile:
    """Read one ``.ris`` file.

    Args:
        data: the file's bytes.
        name: the file name (``Source.file``; the default collection comes from it).
        shown: how messages name the file.

    Returns:
        The file's records, a ``repeated-tag`` warning for each reference that gives one
        field several different values (the first is read), and a ``stray-field`` warning
        for each run of lines outside references.

    Raises:
        InputError: not UTF-8, not RIS, a reference not closed by ``ER`` before the next
            starts or the file ends, an untagged line right after ``TY`` (naming the line),
            or a reference whose fields cannot be used.
    """
    text = decode(data, shown)
    tagged, where, stray = _scan(text, shown)
    # enforce_list_tags=False: a tag given twice comes as a list instead of rispy keeping the
    # first value and dropping the rest without a word; _one_value decides.
    references = rispy.loads(tagged, skip_unknown_tags=True, enforce_list_tags=False,
                             mapping=_MAPPING, list_tags=sorted(_LIST_TAGS))
    notices = _stray_notices(stray, shown, where[0].line if where else None)
    records = []
    for number, (ref, reference) in enumerate(zip(where, references, strict=True), start=1):
        source = Source(name, number, ref.line)
        records.append((_fields(_one_value(reference, ref, shown, source, notices)), source))
    parsed = parsed_records(records, name, shown)
    return ParsedFile(parsed.collection, parsed.records, (*notices, *parsed.notices))


@dataclass(frozen=True)
class _Reference:
    """Where one reference is: ``line`` of its ``TY`` tag, and for each tag the lines it is
    on (``tags``, 1-based, in file order; continuation lines not counted)."""

    line: int
    tags: Mapping[str, tuple[int, ...]]


def _scan(text: str, shown: str) -> tuple[str, list[_Reference], list[tuple[int, str]]]:
    """``text`` as rispy should read it, where each reference is, and the non-blank lines
    outside every reference (``(line, text)``: rispy skips them, so their text is not read).

    Every tagged line inside a reference is written ``TAG  - value`` (rispy's own
    ``parse_line`` decides what is a tag); an untagged line continues the previous tag's
    value (``_continue``); blank lines and lines outside references are left out, as rispy
    skips them. Checks that every reference ends with ``ER`` before the next starts (rispy
    joins such references without a word).

    Raises:
        InputError: a reference starting before the previous one ended, one never ended, an
            untagged line right after ``TY``, or no ``TY`` line in a non-empty file.
    """
    out: list[list[str]] = []
    where: list[_Reference] = []
    start: int | None = None
    tags: dict[str, list[int]] = {}
    stray: list[tuple[int, str]] = []
    for number, line in enumerate(text.split("\n"), start=1):
        tag, _ = _PARSER.parse_line(line)
        if tag == "TY":
            if start is not None:
                raise InputError(shown, number, f"a reference starts (TY) before the one at "
                                                f"line {start} ended: add its 'ER  - ' line")
            start, tags = number, {}
        elif start is None:
            if line.strip() and not _NUMBER_LINE.fullmatch(line.strip()):
                stray.append((number, line.strip()))
            continue
        elif tag is None:
            if line.strip():
                _continue(out, number, line.strip(), shown)
            continue
        elif tag == "ER":
            where.append(_Reference(start, {t: tuple(n) for t, n in tags.items()}))
            start = None
        tags.setdefault(tag, []).append(number)
        # line[5:], not rispy's line[6:]: 'AB  -text' (no space after the dash) keeps its 't'
        out.append([tag, line[5:].strip()])
    if start is not None:
        raise InputError(shown, start, "the reference starting here has no 'ER  - ' line")
    if not where and text.strip():
        raise InputError(shown, None, "not RIS: no 'TY  - ' line (each reference starts with "
                                      "one)")
    return "\n".join(f"{tag}  - {value}" for tag, value in out), where, stray


# A download header before the first reference: ``Name: value`` lines such as Wiley's and
# Clarivate's "Provider:", "Database:", "Content: text/plain; charset=..." (no paper's text).
_PREAMBLE_LINE = re.compile(r"[A-Z][A-Za-z-]{1,30}(?: [A-Za-z-]{1,30})?: \S.*")


def _stray_notices(stray: list[tuple[int, str]], shown: str, first: int | None
                   ) -> list[Notice]:
    """One ``stray-field`` warning for each run of consecutive lines outside references
    (``_scan``), naming its first line: their text is in no record. Lines before the first
    reference (at line ``first``; ``None``: no reference) that are all ``Name: value``
    headers (``_PREAMBLE_LINE``) are one ``preamble`` notice instead (summary only)."""
    head = [(n, t) for n, t in stray if first is not None and n < first]
    notices: list[Notice] = []
    if head and all(_PREAMBLE_LINE.fullmatch(t) for _, t in head):
        names = ", ".join(t.partition(":")[0] for _, t in head)
        notices.append(Notice(shown, head[0][0], f"download header before the first reference "
                                                 f"({names}): not read", kind="preamble"))
        stray = stray[len(head):]
    for k, (number, text) in enumerate(stray):
        if k and stray[k - 1][0] == number - 1:
            continue
        count = next((j for j in range(k + 1, len(stray)) if stray[j][0] != number + j - k),
                     len(stray)) - k
        lines = f"{count} lines" if count > 1 else "a line"
        notices.append(Notice(shown, number, f"{lines} outside any reference (not between "
                                             f"'TY  - ' and 'ER  - '), not read: {text[:60]!r}; "
                                             f"move it into its reference or delete it",
                              kind="stray-field"))
    return notices


def _continue(out: list[list[str]], number: int, text: str, shown: str) -> None:
    """An untagged line ``text`` (line ``number``) inside a reference: the previous tag's
    value goes on, as EndNote and publishers' exports wrap long values. For a tag rispy reads
    as a list (``AU``, ``KW``, ``UR``, ``N1`` ...) it is one more item, else it is joined to
    the value with a space, as rispy reads a continuation. (rispy itself gives a
    continuation line right after ``TY`` to the previous reference's last tag: a ``KeyError``,
    or a keyword or URL of the wrong paper.)

    Raises:
        InputError: the line follows ``TY`` directly (a type has no continuation).
    """
    tag, value = out[-1]
    if tag == "TY":
        raise InputError(shown, number, "a line without a tag right after 'TY  - ' (a "
                                        "reference's type cannot go on over lines): start it "
                                        "with its tag, e.g. 'AB  - ' for the abstract")
    if tag in _LIST_TAGS:
        out.append([tag, text])
    else:
        out[-1][1] = f"{value} {text}".strip()


def _one_value(reference: dict, ref: _Reference, shown: str, source: Source,
               notices: list[Notice]) -> dict:
    """``reference`` with one value for each tag RIS gives once (rispy's list for a repeated
    one resolved): every distinct abstract of ``AB`` and ``N2`` kept, as paragraphs in file
    order; of the distinct titles of ``TI`` and ``T1``, or the distinct values of any other
    repeated tag, the first, with a ``repeated-tag`` warning (appended to ``notices``) naming
    the lines, since the others are not read."""
    out = dict(reference)
    in_file_order = sorted(_ABSTRACT_KEYS, key=lambda k: ref.tags.get(_KEY_TAG[k], (0,))[0])
    abstracts = _distinct(v for key in in_file_order for v in _listed(reference.get(key)))
    for key in _ABSTRACT_KEYS:
        out.pop(key, None)
    if abstracts:
        out["abstract"] = "\n\n".join(abstracts)
    repeated = [(k,) for k, v in reference.items() if isinstance(v, list)
                and _KEY_TAG.get(k) not in _LIST_TAGS and k not in _ONE_FIELD_KEYS]
    for keys in (*_ONE_FIELD, *repeated):
        values = _distinct(v for key in keys for v in _listed(reference.get(key)))
        for key in keys:
            out.pop(key, None)
        if values:
            out[keys[0]] = values[0]
        if len(values) > 1:
            notices.append(_repeated(keys, values, ref, shown, source))
    return out


def _repeated(keys: tuple[str, ...], values: list[str], ref: _Reference, shown: str,
              source: Source) -> Notice:
    """The warning that a reference gives the field of ``keys`` several ``values``."""
    tags = [_KEY_TAG[k] for k in keys if _KEY_TAG[k] in ref.tags]
    lines = sorted(n for t in tags for n in ref.tags[t])
    shown_values = ", ".join(repr(v) for v in values)
    return Notice(shown, lines[1], f"{source.describe(line=False)}: {' and '.join(tags)} give "
                                   f"{len(values)} different values on lines "
                                   f"{', '.join(map(str, lines))} ({shown_values}): only the "
                                   f"first is read; keep the right one and delete the "
                                   f"other lines", kind="repeated-tag")


def _listed(value: object) -> list[str]:
    """A rispy value as a list of its strings (``[]`` for none)."""
    if isinstance(value, list):
        return [v for v in value if isinstance(v, str)]
    return [value] if isinstance(value, str) else []


def _distinct(values: Iterable[str]) -> list[str]:
    """The non-empty ``values`` in order, each once (whitespace runs compared as one space)."""
    seen: dict[str, str] = {}
    for value in values:
        key = " ".join(value.split())
        if key:
            seen.setdefault(key, value.strip())
    return list(seen.values())


def _fields(reference: dict) -> dict[str, object]:
    """One rispy reference as a flat record (module docstring)."""
    record: dict[str, object] = {}
    for attr, names in RIS_FIELDS.items():
        value = next((reference[n] for n in names if reference.get(n)), None)
        if value is not None:
            record[attr] = value
    for step in _FIELD_STEPS:
        step(reference, record)
    record["entry_type"] = RIS_TYPES.get(str(reference.get("type_of_reference", "")).upper(), "")
    return record


def _authors(reference: dict, record: dict[str, object]) -> None:
    """AU and A1 both name primary authors (RIS spec): a reference that uses both (AU for
    some authors, A1 for others, as hand-edited and merged exports do) lists every one."""
    names = [n for tag in RIS_FIELDS["authors"] for n in reference.get(tag) or ()]
    full = reference.get("full_authors") or ()
    if full and len(full) >= len(names):  # Web of Science's AF: the same authors, in full
        names = list(full)
    if names:  # not deduplicated: two authors may share a name
        record["authors"] = names


def _normalised(reference: dict, record: dict[str, object]) -> None:
    """The year as its four digits when it is a RIS date (``2021``, ``2021/06/17/``, ``2021///
    in press``), else as written, for the general rule (``in press``, ``2021-2022``: see
    ``generator.read.dates.loose_year``); the date as ISO 8601 (``_date``; ``None`` when it
    is not a RIS date), comment lines joined by spaces."""
    year = record.get("year")
    # "2021/22" is a range of years (read with a notice), not month 22 of 2021.
    if isinstance(year, str) and _RIS_YEAR.match(year.strip()) and loose_year(year) is None:
        record["year"] = year.strip()[:4]
    if isinstance(record.get("date"), str):
        record["date"] = _date(record["date"]) or None
    if isinstance(record.get("comment"), list):
        record["comment"] = " ".join(record["comment"])


def _urls(reference: dict, record: dict[str, object]) -> None:
    """The first UR is the url; an arXiv address among them the arXiv id; every code
    repository among them the code. L2 (the link to the full text: EndNote writes the
    paper's address there) comes after the URs."""
    full_text = reference.get("file_attachments2") or ()
    links = [full_text] if isinstance(full_text, str) else full_text
    urls = [part for u in reference.get("urls") or () for part in split_urls(u)] + [
        u for u in links if u.strip().lower().startswith(("http://", "https://"))]
    if not urls:
        return
    record["url"] = urls[0]
    arxiv = next((u for u in urls if "arxiv.org/" in u), None)
    if arxiv:
        record["arxiv_id"] = arxiv
    # 'UR  - <paper>; <repository>': the second URL is often the paper's code.
    repositories = [u for u in urls if code_repo(u) is not None]
    if repositories:
        record["code"] = repositories


def _pdf(reference: dict, record: dict[str, object]) -> None:
    """L1 (file attachment) is the PDF when it is a web address (a local path is not)."""
    pdf = reference.get("file_attachments1")
    if isinstance(pdf, str) and pdf.startswith(("http://", "https://")):
        record["pdf"] = pdf


def _pages(reference: dict, record: dict[str, object]) -> None:
    """SP and EP as ``first--last`` (``first`` alone when there is no other last page)."""
    first, last = reference.get("start_page"), reference.get("end_page")
    if first:
        record["pages"] = f"{first}--{last}" if last and last != first else first


# The steps of ``_fields`` after the one-tag fields, in the order their fields are added.
_FIELD_STEPS = (_authors, _normalised, _urls, _pdf, _pages)


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
