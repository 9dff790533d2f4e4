"""JSON documents (``.json``): an array of record objects, or an object holding one under
``notes`` (an OpenReview API response), ``papers``, ``records``, ``items``, ``data``
(Semantic Scholar) or ``results`` (OpenAlex), a Crossref response (``{"message": {"items":
[...]}}`` or one work), or one note, work, paper or record with a title or abstract (CSL
JSON from a DOI's content negotiation; field names: ``generator.read.fields``;
OpenReview notes: ``generator.read.openreview``; API records: ``generator.read.scholarly``).
JSON does not say on which line an element starts, so records are named by their position
(``record 3``)."""

from __future__ import annotations

import dataclasses
import json

from generator.errors import InputError
from generator.read.clean import decode
from generator.read.fields import ParsedFile, field_names, parsed_records
from generator.read.openreview import is_note, is_reply, json_record, loads, replies_notice
from generator.read.scholarly import is_openalex, is_semantic_scholar
from generator.records import Notice, Source

# The array of records in an API response: OpenReview's "notes", Semantic Scholar's "data",
# OpenAlex's "results", Crossref's "message" -> "items".
LIST_KEYS = ("notes", "papers", "records", "items", "data", "results")


def read_json(data: bytes, name: str, shown: str) -> ParsedFile:
    """Read one ``.json`` file.

    Args:
        data: the file's bytes.
        name: the file name (``Source.file``; the default collection comes from it).
        shown: how messages name the file.

    Raises:
        InputError: not UTF-8, not JSON (line and column named), not an array of objects
            (nor an object holding one), or a record whose fields cannot be used.
    """
    document = _load(decode(data, shown), shown)
    items = [(record, Source(name, number, None))
             for number, record in enumerate(_items(document, shown), start=1)]
    nulls = [source.abstract for record, source in items if record is None]
    replies = [source for record, source in items if record is not None and is_reply(record)]
    parsed = parsed_records((item for item in items if item[0] is not None
                             and not is_reply(item[0])) if nulls or replies else items,
                            name, shown, json_record)
    return _with_skipped(parsed, shown, nulls, replies)


def _load(text: str, shown: str) -> object:
    """The JSON document ``text`` holds.

    Raises:
        InputError: not JSON (line and column named; JSON Lines named as such), nested too
            deeply, or with NaN or Infinity."""
    try:
        return loads(text)
    except json.JSONDecodeError as exc:
        hint = (_json_lines(text) if exc.msg == "Extra data" else "")
        raise InputError(shown, exc.lineno, f"not JSON: {exc.msg} (column {exc.colno}){hint}"
                         ) from None
    except RecursionError:
        raise InputError(shown, None, "not JSON: nested too deeply") from None
    except ValueError as exc:  # NaN, Infinity
        raise InputError(shown, None, f"not JSON: {exc}") from None


def _with_skipped(parsed: ParsedFile, shown: str, nulls: list[int],
                  replies: list[Source]) -> ParsedFile:
    """``parsed`` with the notices for the records skipped: forum replies (last) and
    ``null`` records (``nulls``: their numbers; first)."""
    if replies:  # a forum's reviews and comments are not papers (README "Notices")
        parsed = dataclasses.replace(parsed, notices=(*parsed.notices,
                                                      replies_notice(shown, replies)))
    if nulls:  # Semantic Scholar's batch endpoint answers null for an id it does not know
        notice = Notice(shown, None, f"{_records(nulls)} null, no paper (an API's answer for "
                                     "an id it did not find): skipped", kind="null")
        parsed = dataclasses.replace(parsed, notices=(notice, *parsed.notices))
    return parsed


def _records(numbers: list[int]) -> str:
    shown = ", ".join(map(str, numbers[:5])) + (f" and {len(numbers) - 5} more"
                                                 if len(numbers) > 5 else "")
    return f"record {shown}" if len(numbers) == 1 else f"records {shown}"


def _items(document: object, shown: str) -> list:
    if isinstance(document, list):
        return document
    if isinstance(document, dict) and isinstance(document.get("message"), dict):
        document = document["message"]  # Crossref: {"status": "ok", "message": ...}
        if not isinstance(document.get("items"), list):
            return [document]  # one work
    if isinstance(document, dict):
        for key in LIST_KEYS:
            if isinstance(document.get(key), list):
                return document[key]
        if is_note(document) or is_openalex(document) or is_semantic_scholar(document):
            return [document]  # a single note, work or paper
        if {"title", "abstract"} & field_names(document).keys():
            return [document]  # one record: CSL JSON from a DOI's content negotiation
    raise InputError(shown, None, "expected a JSON array of records, or an object with a "
                                  + " / ".join(repr(k) for k in LIST_KEYS) + " array")


def _json_lines(text: str) -> str:
    """A hint when a ``.json`` file holds one object per line (JSON Lines)."""
    try:
        lines = [json.loads(line) for line in text.splitlines() if line.strip()]
    except (ValueError, RecursionError):
        return ""
    if len(lines) > 1 and all(isinstance(v, dict) for v in lines):
        return "; the file holds one JSON object per line (JSON Lines): name it .jsonl"
    return ""
