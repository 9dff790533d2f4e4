"""The ``.txt`` seed format (the product's input contract, see README "Input format"):

* UTF-8 text (a BOM is ignored), any of LF / CRLF / CR line ends;
* the first paragraph is the collection's name when it is a short single line
  (at most ``HEADER_MAX_CHARS`` characters); otherwise the name comes from the file name and the
  first paragraph is an abstract;
* every following paragraph (lines separated by one or more blank lines; a line of only spaces or
  tabs counts as blank) is one abstract.

A line whose control characters were removed or whose mojibake was repaired
(``generator.read.clean``) produces a ``Notice``; undecodable bytes raise ``InputError`` naming
the file, line and byte offset. No character stops a run.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from generator.errors import InputError
from generator.read.clean import repair_text
from generator.records import Notice

HEADER_MAX_CHARS = 120
_BOM = "\ufeff"


@dataclass(frozen=True, slots=True)
class SeedText:
    """One seed file parsed: its collection name, its abstracts as ``(first line, text)`` and
    the notices of the characters repaired while reading it."""

    collection: str
    paragraphs: tuple[tuple[int, str], ...]
    notices: tuple[Notice, ...]


def parse_seed_text(data: bytes, name: str, shown: str | None = None) -> tuple[str, list]:
    """``parse_seed_file`` without its notices: ``(collection, [(line, text), ...])``.

    Raises:
        InputError: the bytes are not valid UTF-8.
    """
    parsed = parse_seed_file(data, name, shown)
    return parsed.collection, list(parsed.paragraphs)


def parse_seed_file(data: bytes, name: str, shown: str | None = None) -> SeedText:
    """Split one seed file's bytes into its collection name and abstracts.

    Args:
        data: the raw file content.
        name: the file name, used for the collection name when there is no header.
        shown: how to name the file in errors and notices (default ``name``).

    Returns:
        ``SeedText`` with 1-based first-line numbers; text lines are stripped and joined with
        ``"\\n"``. Control characters are removed (or mapped back to the TeX command a C
        escape ate) and mojibake repaired (``generator.clean.repair_text``), one ``Notice``
        per repaired line.

    Raises:
        InputError: the bytes are not valid UTF-8 (names line and byte offset).
    """
    shown = shown or name
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(
            shown, line, f"not valid UTF-8 (byte offset {exc.start}): {exc.reason}"
        ) from None
    text = text.removeprefix(_BOM).replace("\r\n", "\n").replace("\r", "\n")
    text, repairs = repair_text(text)
    notices = tuple(Notice(shown, r.line, f"control characters: {r.detail}"
                           if r.kind == "control" else f"mojibake repaired (ftfy): {r.detail}")
                    for r in repairs)
    paragraphs: list[tuple[int, str]] = []
    current: list[str] = []
    start = 0
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if line:
            if not current:
                start = number
            current.append(line)
        elif current:
            paragraphs.append((start, "\n".join(current)))
            current = []
    if current:
        paragraphs.append((start, "\n".join(current)))
    if paragraphs and _is_header(paragraphs[0][1]):
        return SeedText(paragraphs[0][1], tuple(paragraphs[1:]), notices)
    return SeedText(collection_from_filename(name), tuple(paragraphs), notices)


def _is_header(paragraph: str) -> bool:
    return "\n" not in paragraph and len(paragraph) <= HEADER_MAX_CHARS


def collection_from_filename(name: str) -> str:
    """``"iclr_2026-papers.txt"`` -> ``"Iclr 2026 Papers"``: the stem, separators as spaces."""
    stem = Path(name).stem
    words = [w for w in re.split(r"[\s_\-.]+", stem) if w]
    return " ".join(w[:1].upper() + w[1:] for w in words) or stem
