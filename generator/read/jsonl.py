"""The JSON Lines format (``.jsonl``): one JSON object per line, one record each (field names:
``generator.read.fields``; OpenReview notes: ``generator.read.openreview``). Blank lines are
skipped; any other line that is not a JSON object stops the run with its line number."""

from __future__ import annotations

import json

from generator.errors import InputError
from generator.infra.gcpause import paused
from generator.read.clean import decode, decoded_as_is, json_lines_needing_repair
from generator.read.fields import ParsedFile
from generator.read.openreview import is_reply, json_record, loads_line, replies_notice
from generator.read.text import collection_from_filename
from generator.records import Abstract, Notice, Source


def read_jsonl(data: bytes, name: str, shown: str) -> ParsedFile:
    """Read one ``.jsonl`` file.

    Args:
        data: the file's bytes.
        name: the file name (``Source.file``; the default collection comes from it).
        shown: how messages name the file.

    Raises:
        InputError: not UTF-8, a line that is not a JSON object, or a record whose fields
            cannot be used (file, line, record and field named).
    """
    lines, raw = _lines(data, shown)
    default = collection_from_filename(name)
    repair = json_lines_needing_repair(None, raw)
    with paused():  # a record's dicts, lists and records form no cycles (gcpause)
        return _records(lines, name, shown, default, repair)


def _records(lines: list[str], name: str, shown: str, default: str, repair: set[int]
             ) -> ParsedFile:
    """``read_jsonl`` of the file's decoded ``lines``; ``repair``: the line numbers that
    may need a repair (``json_lines_needing_repair``)."""
    records: list[Abstract] = []
    notices: list[Notice] = []
    replies: list[Source] = []
    for number, line in enumerate(lines, start=1):
        if not line or line.isspace():
            continue
        try:
            record = loads_line(line)
        except json.JSONDecodeError as exc:
            hint = "" if records else _whole_document("\n".join(lines))
            raise InputError(shown, number, f"not JSON: {exc.msg} (column {exc.colno}){hint}"
                             ) from None
        except RecursionError:
            raise InputError(shown, number, "not JSON: nested too deeply") from None
        except ValueError as exc:  # NaN, Infinity
            raise InputError(shown, number, f"not JSON: {exc}") from None
        source = Source(name, len(records) + len(replies) + 1, number)
        if is_reply(record):  # a forum's reviews and comments are not papers
            replies.append(source)
            continue
        records.append(json_record(record, source, default, shown, notices,
                                   number not in repair))
    if replies:
        notices.append(replies_notice(shown, replies))
    return ParsedFile(default, tuple(records), tuple(notices))


def _lines(data: bytes, shown: str) -> tuple[list[str], bytes]:
    """The file's lines as ``decode`` reads them (``text.split("\\n")``) and their text in
    UTF-8. A file that ``decode`` would only decode (``decoded_as_is``: no BOM, no carriage
    return) is split first and decoded a line at a time, which gives the same lines, since
    a newline byte is never part of another UTF-8 character; each line is then kept in the
    narrowest string kind its own characters need, not the widest of the file's (README
    "Reading speed" has the figures).

    Raises:
        InputError: not UTF-8 (``decode``'s message, naming the line and byte).
    """
    if decoded_as_is(data) and b"\x00" not in data:  # U+0000s: UTF-16? decode tells
        try:
            return [line.decode("utf-8") for line in data.split(b"\n")], data
        except UnicodeDecodeError:
            decode(data, shown)  # raises its message for the file
            raise
    text = decode(data, shown)
    return text.split("\n"), text.encode("utf-8")


def _whole_document(text: str) -> str:
    """A hint when the file's first line fails but the whole file is one JSON document (an API
    response or a pretty-printed array saved as ``.jsonl``)."""
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return ""
    return "; the file is one JSON document, not one object per line: name it .json"
