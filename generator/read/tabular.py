"""Tables with a header row: CSV (``.csv``, comma-separated, or the delimiter ``csv.Sniffer``
detects: ``;`` as Excel writes in many locales, ``|``, tab) and TSV (``.tsv``, tab-separated),
read with Python's ``csv`` module (RFC 4180 quoting: a quoted field may hold the delimiter,
line breaks and doubled quotes). The header names the fields (``generator.read.fields``);
every following non-empty row is one record, named by its number and the line it starts on.
A row with more cells than the header is an error saying which value to quote
(``extra_cells``), one with fewer a warning (the missing cells read as empty)."""

from __future__ import annotations

import csv
import io
import re

from generator.errors import InputError
from generator.read.clean import decode
from generator.read.exports import recognise_export
from generator.read.fields import ParsedFile, field_names, to_abstract
from generator.read.text import collection_from_filename
from generator.records import Abstract, Notice, Source

DELIMITERS = {".csv": ",", ".tsv": "\t"}


def read_table(data: bytes, name: str, shown: str) -> ParsedFile:
    """Read one ``.csv`` or ``.tsv`` file (the delimiter detected: ``sniff_delimiter``).

    Args:
        data: the file's bytes.
        name: the file name (``Source.file``; the default collection comes from it).
        shown: how messages name the file.

    Raises:
        InputError: not UTF-8, no header naming a ``title`` or ``abstract`` column, a
            malformed row (more cells than the header, a quote left open), or a record whose
            fields cannot be used.
    """
    text = decode(data, shown)
    directive = _EXCEL_SEP.match(text)
    if directive:
        # Excel's own first line names the delimiter; blanked, so line numbers hold.
        delimiter, text = directive.group(1), text[directive.end(1):]
    else:
        delimiter = sniff_delimiter(text, DELIMITERS.get(name[name.rfind("."):].lower(), ","))
    # The csv module refuses a cell over 131,072 characters (a guard of its own, not RFC
    # 4180); no cell can be longer than the file, so that is the limit (it only ever grows).
    csv.field_size_limit(max(csv.field_size_limit(), len(text)))
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    default = collection_from_filename(name)
    records: list[Abstract] = []
    notices: list[Notice] = []
    header: list[str] | None = None
    last = 0  # the line the previous row ended on
    try:
        for row in reader:
            start, last = last + 1, reader.line_num
            if not any(cell.strip() for cell in row):
                continue
            if header is None:
                header = _header(row, shown, start)
                continue
            source = Source(name, len(records) + 1, start)
            if len(row) > len(header):
                raise InputError(shown, start, f"{source.describe(line=False)}: "
                                 + extra_cells(row, len(header), delimiter))
            if len(row) < len(header):
                # Writers fill every cell (RFC 4180, 2.4); a short row is most often the rest
                # of a cell that a line break outside quotes split off its row.
                notices.append(Notice(shown, start, f"{source.describe(line=False)}: "
                                      f"{len(row)} cell{'s' if len(row) != 1 else ''}, but "
                                      f"the header names {len(header)} (read as empty; a "
                                      "line break in an unquoted cell?)", kind="short-row"))
            record = dict(zip(header, row, strict=False))
            records.append(to_abstract(record, source, default, shown, notices))
    except csv.Error as exc:
        kind = "TSV" if delimiter == "\t" else "CSV"
        raise InputError(shown, reader.line_num or None, f"not {kind}: {exc}") from None
    return ParsedFile(default, tuple(records), tuple(notices))


_DELIMITER_NAMES = {",": "comma", ";": "semicolon", "\t": "tab", "|": "'|'"}
# Excel's delimiter directive, a first line "sep=;" it writes and reads (not RFC 4180).
_EXCEL_SEP = re.compile(r"sep=([,;\t|])[ \t]*(?=\r?\n|$)")


def extra_cells(row: list[str], columns: int, delimiter: str) -> str:
    """What is wrong with a row of more cells than the header's ``columns``, and what to do.

    Such a row is most often shifted by a value holding the delimiter outside double quotes
    (a title ``A Study, of Things`` written unquoted; RFC 4180, 2.6: such a field must be
    quoted). The cell that starts with a space after a non-empty one is named as the likely
    split, since a writer puts no space after the delimiter and prose puts one after a comma.
    """
    name = _DELIMITER_NAMES.get(delimiter, repr(delimiter))
    example = "" if delimiter == "\t" else f' ("a{delimiter} b")'
    what = (f"{len(row)} cells, but the header names {columns}: a value holding a {name} "
            f"must be in double quotes{example} (RFC 4180, 2.6)")
    split = next((i for i in range(1, len(row))
                  if row[i][:1].isspace() and row[i - 1].strip()), None)
    if split is None:
        return what + "; quote that value or remove the extra cells"
    joined = delimiter.join(row[split - 1:split + 1 + len(row) - columns - 1])
    if len(joined) > 60:
        joined = joined[:57].rstrip() + "..."
    return (what + f"; cells {split} and {split + 1} look like one value: write it as "
            f'"{joined}"')


def sniff_delimiter(text: str, default: str) -> str:
    """The delimiter of a table: ``csv.Sniffer``'s guess among ``, ; <tab> |`` from its first
    lines (Excel writes ``;`` in locales whose decimal mark is a comma), or when it finds none
    the one that splits the header into the most cells; kept only when it splits the header
    into more cells than ``default`` (the extension's) does; else ``default``."""
    sample = text[:_SAMPLE]
    first = next((line for line in sample.split("\n") if line.strip()), "")
    try:
        found = csv.Sniffer().sniff(sample, delimiters=",;\t|").delimiter
    except csv.Error:
        # No delimiter gives every sampled row one count (a shifted row among few): the
        # header alone decides, being the row that names the columns.
        found = max(",;\t|", key=lambda d: len(_cells(first, d)))
    if found == default:
        return default
    return found if len(_cells(first, found)) > len(_cells(first, default)) else default


def _cells(line: str, delimiter: str) -> list[str]:
    """``line`` split as one CSV row with ``delimiter``."""
    return next(csv.reader([line], delimiter=delimiter), [])


_SAMPLE = 16384  # characters the sniffer sees: the header and the first rows


def _header(row: list[str], shown: str, line: int) -> list[str]:
    """The header's field names; it must name a title or abstract column, and no name twice
    of the fields the digest reads (matched case-insensitively, ``generator.read.fields``)."""
    names = [cell.strip() for cell in row]
    seen: dict[str, int] = {}
    for column, cell in enumerate(names, start=1):
        # A field the digest reads, named twice ("Title" and "title"): which cell is the
        # value? Columns it ignores may repeat (exports carry many).
        key = cell.lower().replace("-", "_").replace(" ", "_")
        if key in seen and field_names({cell: "x"}):
            raise InputError(shown, line, f"the header names column {cell!r} twice (columns "
                                          f"{seen[key]} and {column})")
        seen.setdefault(key, column)
    known = field_names(dict.fromkeys(names, "x"))
    if "title" not in known and "abstract" not in known:
        # A known export whose columns are tags (Web of Science's PT, AU, TI ...): say which
        # export to choose instead.
        export = recognise_export("\t".join(names))
        hint = f"; this is {export.name}: {export.advice}" if export and not export.reader \
            else ""
        raise InputError(shown, line, "the first row must be a header naming a 'title' or "
                                      "'abstract' column (found: "
                                      + ", ".join(repr(n) for n in names[:8]) + ")" + hint)
    return names
