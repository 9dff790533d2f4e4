"""OpenReview notes (as its API returns them, saved to ``.json`` or ``.jsonl``) -> flat records
for ``generator.read.fields``.

A note is a JSON object with a ``content`` object and an ``id`` or ``forum``. Both API shapes
are read: v1 (``"content": {"title": "..."}``) and v2 (``"content": {"title": {"value":
"..."}}``). What is taken besides the content's own fields (``title``, ``abstract``,
``authors``, ``keywords``, ``venue``, ``pdf``, ``code``, ...):

* ``openreview_id``: the note's ``forum`` (the submission), else its ``id``;
* ``pdf``: a site-relative path (``/pdf/0a1b.pdf``) made absolute on openreview.net;
* ``date``: the publication date ``pdate``, else the date the note was made public ``odate``
  (milliseconds since the Unix epoch, UTC); not ``cdate``, when the submission was made;
* ``venue``: ``content.venue`` (``"NeurIPS 2023 poster"``), else ``content.venueid``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime, timezone

from generator.errors import InputError
from generator.read.fields import field_names, to_abstract
from generator.read.scholarly import flatten_scholarly
from generator.records import Abstract, Notice, Source

SITE = "https://openreview.net"
_DATES = ("pdate", "odate")


def is_note(record: Mapping[str, object]) -> bool:
    """True for an OpenReview note: a ``content`` object and an ``id`` or ``forum``."""
    return isinstance(record.get("content"), dict) and ("id" in record or "forum" in record)


# The invitations of notes that answer a submission (OpenReview's names, after ``/-/``): a
# review, a comment, a decision, a meta-review, a rebuttal, a withdrawal or desk-rejection
# note. Such a note is not a paper; its title ("Official Review of Submission1234 by
# Reviewer abcd") must never name one.
REPLY_INVITATIONS = frozenset(name.casefold() for name in (
    "Official_Review", "Review", "Official_Comment", "Comment", "Public_Comment", "Decision",
    "Meta_Review", "Rebuttal", "Author_Response", "Response", "Ethics_Review",
    "Ethics_Meta_Review", "Withdrawal", "Desk_Rejection", "Acceptance_Decision",
    "Paper_Decision", "Review_Rating", "Reviewer_Rating", "Revision_Comment",
))


def is_reply(record: object) -> bool:
    """True for an OpenReview note that answers a submission instead of being one: its
    ``replyto`` names another note, its ``id`` differs from its ``forum`` (the submission it
    belongs to), or an invitation of it (v1 ``invitation``, v2 ``invitations``) is a reply's
    (``REPLY_INVITATIONS``: ``.../-/Official_Review``). False for anything not a note."""
    if not isinstance(record, dict) or not is_note(record):
        return False
    ident, forum, replyto = record.get("id"), record.get("forum"), record.get("replyto")
    if replyto and replyto != ident:
        return True
    if ident and forum and ident != forum:
        return True
    invitations = record.get("invitations")
    names = [*(invitations if isinstance(invitations, list) else ()), record.get("invitation")]
    return any(isinstance(n, str) and n.rpartition("/-/")[2].casefold() in REPLY_INVITATIONS
               for n in names)


def replies_notice(shown: str, skipped: list[Source]) -> Notice:
    """The handled ``reply`` notice for the OpenReview replies of one file that were skipped
    (``is_reply``), counting them and naming the first."""
    first = skipped[0]
    more = f" and {len(skipped) - 1} more" if len(skipped) > 1 else ""
    return Notice(shown, first.line, f"{len(skipped)} OpenReview "
                  f"{'reply' if len(skipped) == 1 else 'replies'} (reviews, comments, "
                  f"decisions) skipped: not papers ({first.describe(line=False)}{more})",
                  kind="reply")


def flatten(note: Mapping[str, object]) -> dict[str, object]:
    """The note's fields as one flat record (module docstring)."""
    content = note["content"]
    out: dict[str, object] = {}
    for key, value in content.items():
        if isinstance(value, dict) and "value" in value:  # API v2
            value = value["value"]
        out[key] = value
    if not out.get("venue") and out.get("venueid"):
        out["venue"] = out["venueid"]
    forum = note.get("forum") or note.get("id")
    if isinstance(forum, str) and forum:
        out["openreview_id"] = forum
    pdf = out.get("pdf")
    if isinstance(pdf, str) and pdf.startswith("/"):
        out["pdf"] = SITE + pdf
    if "date" not in out and (date := _stamp_date(note)):
        out["date"] = date
    return out


def _stamp_date(note: Mapping[str, object]) -> str:
    """The ISO date of the first of the note's time stamps (``_DATES``, milliseconds since
    the epoch, UTC) that names a day; ``""`` without one."""
    for key in _DATES:
        stamp = note.get(key)
        if isinstance(stamp, int | float) and not isinstance(stamp, bool) and stamp > 0:
            try:
                when = datetime.fromtimestamp(stamp / 1000, tz=timezone.utc)
            except (OverflowError, OSError, ValueError):
                continue
            return when.date().isoformat()
    return ""


class JsonObject(dict):
    """A JSON object that held a name twice, as ``loads`` reads it: a dict that remembers
    those names (``json`` keeps the last value of a repeated name without a word; RFC 8259,
    4: names SHOULD be unique, and a reader cannot tell which value the writer meant)."""

    __slots__ = ("repeated",)

    def __init__(self, pairs: list[tuple[str, object]]) -> None:
        super().__init__(pairs)
        seen: set[str] = set()
        self.repeated: tuple[str, ...] = tuple(dict.fromkeys(
            k for k, _ in pairs if k in seen or seen.add(k)))


def _object(pairs: list[tuple[str, object]]) -> dict:
    """The ``object_pairs_hook`` of ``loads``: a plain dict (no name repeated: nearly every
    object), else a ``JsonObject`` naming the repeated names."""
    value = dict(pairs)
    return value if len(value) == len(pairs) else JsonObject(pairs)


def _not_json(constant: str) -> object:
    raise ValueError(f"{constant} is not a JSON value (RFC 8259 has no NaN or Infinity)")


# One decoder for every line: json.loads with options builds a new decoder on each call.
_DECODER = json.JSONDecoder(object_pairs_hook=_object, parse_constant=_not_json)


def loads(text: str) -> object:
    """``json.loads`` as RFC 8259 reads JSON: ``NaN`` and ``Infinity`` (which Python's
    reader accepts) raise ``ValueError``; an object that names a field twice is a
    ``JsonObject`` (the repeated names kept for ``json_record`` to report), any other a
    ``dict``.

    Raises:
        json.JSONDecodeError: not JSON (line and column); ValueError: NaN or Infinity;
        RecursionError: nested too deeply.
    """
    return _DECODER.decode(text)


def loads_line(line: str) -> object:
    """``loads`` of one line of JSON Lines: the same value, the same errors. A line that is
    one JSON value with no whitespace around it (as JSON Lines writers write every line) is
    read by ``raw_decode`` alone, without ``decode``'s two whitespace matches; any other
    line goes through ``loads``, which reads or rejects it as before.

    Raises:
        what ``loads`` raises.
    """
    try:
        value, end = _DECODER.raw_decode(line)
    except json.JSONDecodeError:
        return loads(line)  # its own message: raw_decode does not skip leading whitespace
    return value if end == len(line) else loads(line)


def json_record(value: object, source: Source, default: str, shown: str,
                notices: list[Notice], clean: bool = False) -> Abstract:
    """One element of a JSON or JSON Lines file as an ``Abstract``: an object, flattened first
    when it is an OpenReview note or a scholarly API's record (``generator.read.scholarly``),
    then read by ``generator.read.fields.to_abstract`` (``clean``: as for it).

    Raises:
        InputError: the element is not an object, names a field twice (``JsonObject``), or
            its fields cannot be used.
    """
    if not isinstance(value, dict):
        raise InputError(shown, source.line, f"{source.describe(line=False)}: expected a JSON "
                                             f"object, got {type(value).__name__}")
    content = value.get("content")
    # Only fields the digest reads: a repeated name it ignores changes nothing.
    repeated = [*(k for k in getattr(value, "repeated", ()) if field_names({k: "x"})),
                *(f"content.{k}" for k in getattr(content, "repeated", ())
                  if field_names({k: "x"}))] if (getattr(value, "repeated", ())
                                                 or getattr(content, "repeated", ())) else ()
    if repeated:
        raise InputError(shown, source.line, f"{source.describe(line=False)}: field given "
                                             f"twice: {', '.join(repeated)}")
    return to_abstract(flatten(value) if is_note(value) else flatten_scholarly(value), source,
                       default, shown, notices, clean)
