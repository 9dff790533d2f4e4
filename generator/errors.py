"""The one exception family of paper-digest.

Every error names what failed, where (file, and line when known) and why, in one message shape::

    seeds/neurips.txt:12: not valid UTF-8 (byte offset 345): invalid start byte

The CLI prints ``str(error)`` and exits non-zero; nothing has been written by then, because the
pipeline gathers and validates everything before it writes (see ``generator.build``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


def shown_path(path: Path) -> str:
    """How messages name ``path`` (a seeds folder, an overrides file): as given when
    relative; else relative to the working folder when inside it (``seeds``,
    ``seeds/overrides.yml``); else from its folder's name on (``my_papers`` for
    ``/data/my_papers``, ``my_papers/overrides.yml``): a summary names the files the user
    knows, not a long absolute path given on the command line or resolved from mkdocs.yml."""
    if not path.is_absolute():
        return str(path)
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        pass
    if path.suffix and path.parent.name and not path.is_dir():  # a file: named with its folder
        return f"{path.parent.name}/{path.name}"
    return path.name or str(path)


class DigestError(Exception):
    """Base class: any failure the user can fix in their input or configuration."""


class InputError(DigestError):
    """A seed, taxonomy or override file cannot be used.

    Args:
        path: the file, as the user knows it (relative when possible).
        line: 1-based line number, or ``None`` when the whole file is at fault.
        why: the cause, one sentence, no trailing period.
    """

    def __init__(self, path: str, line: int | None, why: str) -> None:
        self.path, self.line, self.why = path, line, why
        where = f"{path}:{line}" if line is not None else path
        super().__init__(f"{where}: {why}")


class InputErrors(InputError):
    """Several ``InputError`` of one file, reported together (all of ``seeds/overrides.yml``'s
    errors in one run, not one per run). ``errors`` keeps them in file order; the message is
    one line per error. ``path`` and ``line`` are the first error's."""

    def __init__(self, errors: list[InputError]) -> None:
        self.errors = tuple(errors)
        first = self.errors[0]
        self.path, self.line, self.why = first.path, first.line, first.why
        Exception.__init__(self, "\n".join(str(e) for e in self.errors))


def raise_all(errors: list[InputError]) -> None:
    """Raise the one error of ``errors``, or all of them as ``InputErrors``; nothing when
    empty."""
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise InputErrors(errors)


class OutputError(DigestError):
    """The output folder cannot be written safely (e.g. a generated page would overwrite a
    hand-written one)."""


@dataclass(frozen=True, slots=True)
class NoticeKind:
    """One kind of condition a run reports without stopping (README "Notices").

    Attributes:
        name: the kind, as ``generator.records.Notice.kind`` names it.
        warns: True for a warning (content lost or misplaced, or a reading the user must
            decide: a ``--strict`` build, which ``paper-digest build`` always is, stops);
            False for a condition the run handled and only reports in its summary.
        label: how the summary heads the notices of this kind.
    """

    name: str
    warns: bool
    label: str


# The notice policy: what stops a strict build and what the summary only reports. Errors
# (``DigestError``: nothing is built) are the third level. A kind not listed here warns.
NOTICE_KINDS: dict[str, NoticeKind] = {k.name: k for k in (
    NoticeKind("warning", True, "warnings"),
    NoticeKind("unread", True, "warnings"),      # a subfolder or a file no reader takes
    NoticeKind("short-row", True, "warnings"),   # a CSV row cut short: cells misplaced?
    NoticeKind("stray-field", True, "warnings"),  # text outside BibTeX entries, RIS references
    NoticeKind("repeated-tag", True, "warnings"),  # a RIS tag given twice, different values
    NoticeKind("same-id", True, "warnings"),  # one DOI/arXiv/OpenReview id, two titles
    NoticeKind("same-text", True, "warnings"),  # one abstract text, two titles
    NoticeKind("repair", False, "repaired (control characters removed, mojibake undone)"),
    NoticeKind("duplicate", False, "duplicates (the same paper twice: one page lists each source)"),
    NoticeKind("key", False, "entry keys made unique (two BibTeX entries shared one key)"),
    NoticeKind("placeholder", False, "placeholder abstracts read as none ('No abstract "
                                     "available.')"),
    NoticeKind("copyright", False, "copyright lines removed from abstracts ('© 2016 IEEE.': "
                                   "the publisher's, not the authors' text)"),
    NoticeKind("reply", False, "OpenReview replies skipped (reviews, comments, decisions: "
                               "not papers)"),
    NoticeKind("version", False, "older versions (an arXiv version replaced by a later one)"),
    NoticeKind("date", False, "dates read loosely (a status such as 'in press': no year; a "
                              "range '2021--2022': its first year)"),
    NoticeKind("empty", False, "empty files (no abstracts or records)"),
    NoticeKind("null", False, "null records skipped (an API found no paper for an id)"),
    NoticeKind("preamble", False, "download headers skipped (Provider:, Database: ... before "
                                  "a file's first RIS reference)"),
    NoticeKind("separator", False, "separator lines skipped (----, ====: no text of an abstract)"),
    NoticeKind("heading", False, "headings skipped (## lines of a .txt file: not abstracts)"),
    NoticeKind("header", False, "first lines kept as abstracts (write '# Name' for a header)"),
    NoticeKind("format", False, "files read by their content (a .txt holding BibTeX, RIS or "
                                "a table)"),
    NoticeKind("cache", False, "build cache (not saved: the next run reads everything again)"),
)}


def notice_warns(kind: str) -> bool:
    """True when a notice of ``kind`` is a warning (``NOTICE_KINDS``; unknown kinds warn)."""
    found = NOTICE_KINDS.get(kind)
    return found is None or found.warns


def summary_lines(notices) -> list[str]:
    """The summary's report of ``notices`` (``generator.records.Notice``, in the order found):
    for each handled kind that occurred, a count line and one line per notice, then
    ``warnings: N`` and one line per warning."""
    lines: list[str] = []
    handled: dict[str, list] = {}
    for notice in notices:
        if not notice.warns:
            handled.setdefault(notice.kind, []).append(notice)
    for kind, found in handled.items():
        lines.append(f"{NOTICE_KINDS[kind].label}: {len(found)}")
        lines.extend(f"  {kind}: {n}" for n in found)
    warnings = [n for n in notices if n.warns]
    return [*lines, f"warnings: {len(warnings)}", *(f"  warning: {n}" for n in warnings)]


def value_kind(value: object) -> str:
    """How a message names a JSON value's kind: ``"a list"``, ``"an object"``, ``"a number"``,
    ``"true/false"``, else the Python type's name."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
