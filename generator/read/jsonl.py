"""The JSON Lines format (``.jsonl``): one JSON object per line, one record each (field names:
``generator.read.fields``; OpenReview notes: ``generator.read.openreview``). Blank lines are
skipped; any other line that is not a JSON object stops the run with its line number."""

from __future__ import annotations

import json

from generator.errors import InputError
from generator.read.clean import decode, decoded_as_is, json_lines_needing_repair
from generator.read.fields import ParsedFile
from generator.read.openreview import is_reply, json_record, loads, replies_notice
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
    text = decode(data, shown)
    default = collection_from_filename(name)
    records: list[Abstract] = []
    notices: list[Notice] = []
    replies: list[Source] = []
    repair = json_lines_needing_repair(text, data if decoded_as_is(data) else None)
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            record = loads(line)
        except json.JSONDecodeError as exc:
            hint = "" if records else _whole_document(text)
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


def _whole_document(text: str) -> str:
    """A hint when the file's first line fails but the whole file is one JSON document (an API
    response or a pretty-printed array saved as ``.jsonl``)."""
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return ""
    return "; the file is one JSON document, not one object per line: name it .json"
