"""BibTeX (``.bib``), parsed by bibtexparser 2: each entry (``@inproceedings{key, ...}``) is one
record; ``@string`` macros are resolved, ``@comment`` and ``@preamble`` blocks and text
between entries are skipped, as BibTeX does.

Fields keep their TeX (only the outer ``{...}`` or ``"..."`` is removed): the abstract is
rendered like any abstract, titles and names are shown as plain text by later stages, and the
cite block writes them back as given. ``author`` is split at `` and `` outside braces and each
name is put first-name-first (BibTeX's name rule, bibtexparser's implementation: ``Müller,
Hans`` -> ``Hans Müller``). ``eprint`` is an arXiv id unless ``archivePrefix`` names another
archive. Field names: ``generator.read.fields``. A syntax error, a duplicate entry key or a
field given twice in one entry stops the run, naming the line.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator

import bibtexparser
from bibtexparser.middlewares import (
    RemoveEnclosingMiddleware,
    ResolveStringReferencesMiddleware,
)
from bibtexparser.middlewares.names import (
    parse_single_name_into_parts,
    split_multiple_persons_names,
)
from bibtexparser.model import DuplicateBlockKeyBlock, DuplicateFieldKeyBlock, Entry

from generator.errors import InputError
from generator.read.clean import decode
from generator.read.fields import ParsedFile, to_abstract
from generator.read.text import collection_from_filename
from generator.records import Abstract, Notice, Source

_NAME_FIELDS = ("author",)


def read_bibtex(data: bytes, name: str, shown: str) -> ParsedFile:
    """Read one ``.bib`` file.

    Args:
        data: the file's bytes.
        name: the file name (``Source.file``; the default collection comes from it).
        shown: how messages name the file.

    Raises:
        InputError: not UTF-8, a BibTeX syntax error, a duplicate entry key, a field given
            twice, or an entry whose fields cannot be used (file, line, entry key and field
            named).
    """
    text = decode(data, shown)
    with _quiet():
        library = bibtexparser.parse_string(text, parse_stack=[
            ResolveStringReferencesMiddleware(True), RemoveEnclosingMiddleware(True)])
    if library.failed_blocks:
        raise _syntax_error(library.failed_blocks[0], shown)
    default = collection_from_filename(name)
    records: list[Abstract] = []
    notices: list[Notice] = []
    for entry in library.entries:
        source = Source(name, len(records) + 1, entry.start_line + 1, entry.key)
        records.append(to_abstract(_fields(entry, shown, source), source, default, shown,
                                   notices))
    return ParsedFile(default, tuple(records), tuple(notices))


def _fields(entry: Entry, shown: str, source: Source) -> dict[str, object]:
    """The entry's fields as a flat record: names split, ``eprint`` kept only for arXiv, the
    entry type and key added."""
    record: dict[str, object] = {}
    for field in entry.fields:
        key = field.key.lower()
        value = field.value
        if not isinstance(value, str):  # a middleware left something else: say which field
            raise InputError(shown, source.line, f"{source.describe(line=False)}: {key}: "
                                                 "cannot read its value")
        if key in _NAME_FIELDS:
            record[key] = [_first_name_first(n) for n in split_multiple_persons_names(value)]
        else:
            record[key] = value
    prefix = record.get("archiveprefix")
    if isinstance(prefix, str) and prefix.strip().lower() not in ("", "arxiv"):
        record.pop("eprint", None)
    record["entry_type"] = entry.entry_type.lower()
    record["cite_key"] = entry.key
    return record


def _first_name_first(name: str) -> str:
    """``"Müller, Hans"`` -> ``"Hans Müller"`` (a name BibTeX cannot split is kept as is)."""
    try:
        return parse_single_name_into_parts(name, strict=False).merge_first_name_first
    except Exception:  # noqa: BLE001 - bibtexparser's name parser raises several kinds
        return name


def _syntax_error(block, shown: str) -> InputError:
    line = block.start_line + 1
    if isinstance(block, DuplicateBlockKeyBlock):
        first = block.previous_block.start_line + 1
        return InputError(shown, line, f"entry {block.key}: duplicate entry key (first at "
                                       f"line {first})")
    if isinstance(block, DuplicateFieldKeyBlock):
        fields = ", ".join(sorted(block.duplicate_keys))
        return InputError(shown, line, f"entry {block.ignore_error_block.key}: field given "
                                       f"twice: {fields}")
    reason = getattr(block.error, "abort_reason", None) or str(block.error) or "unreadable"
    return InputError(shown, line, f"BibTeX syntax: {' '.join(reason.split())}")


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """bibtexparser logs each block it cannot parse; the reader raises its own error naming
    file and line instead, so those log lines are held back while it parses."""
    logger = logging.getLogger("bibtexparser")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        logger.setLevel(level)
