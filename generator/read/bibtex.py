"""BibTeX (``.bib``), parsed by bibtexparser 2: each entry (``@inproceedings{key, ...}``) is one
record; ``@string`` macros are resolved and ``#`` concatenations joined (``booktitle = NeurIPS
# " 2023"``), ``@comment`` and ``@preamble`` blocks and text between entries are skipped, as
BibTeX does; ``%`` outside a value starts a comment to the line's end, between entries and
inside them, as biber reads it (``generator.read.bibtex_comments``).

Fields keep their TeX (only the outer ``{...}`` or ``"..."`` is removed): the abstract is
rendered like any abstract, titles and names are shown as plain text by later stages, and the
cite block writes them back as given. ``author`` is split at `` and `` outside braces and each
name is put first-name-first (BibTeX's name rule, bibtexparser's implementation: ``Müller,
Hans`` -> ``Hans Müller``). ``eprint`` is an arXiv id unless ``archivePrefix`` names another
archive. Field names: ``generator.read.fields``. A syntax error or a field given twice in one
entry stops the run, naming the line and the entry; an entry whose key an earlier one has is
read with a letter added to its key (``_unique_keys``). Zotero's escapes of a field's own TeX
are undone (``generator.read.bibtex_escapes``). A macro the ``@preamble`` defines to print
nothing (``\\noopsort``, the sort trick) is removed with its argument where it is used
(``generator.read.bibtex_preamble``).

Fields that are not text (``year``, ``month``, ``doi``, ``eprint``, ``url`` ...) lose TeX's
protecting braces and the backslash of ``\\_ \\% \\& \\#`` (``year = {{2023}}``, ``doi =
{10.1000/a\\_b}``): an identifier has no markup. An entry with a ``crossref`` takes the venue
fields it lacks (``booktitle``, ``year``, ``publisher`` ...; the ``title`` of a
cross-referenced ``@proceedings``, ``@book`` or ``@collection`` as ``booktitle``, biblatex's
rule) from the entry it names, as BibTeX does, but never its identifiers, links, title,
authors or abstract; a cross-referenced entry without an abstract (the proceedings volume) is
not a paper and has no page. JabRef's and Mendeley's ``file`` field gives the PDF when it
links one on the web (``file_field_pdf``).
"""

from __future__ import annotations

import contextlib
import functools
import logging
import re
from collections.abc import Iterator

import bibtexparser
from bibtexparser.middlewares import RemoveEnclosingMiddleware
from bibtexparser.middlewares.names import (
    parse_single_name_into_parts,
    split_multiple_persons_names,
)
from bibtexparser.model import (
    DuplicateBlockKeyBlock,
    DuplicateFieldKeyBlock,
    Entry,
    ImplicitComment,
)

from generator.errors import InputError
from generator.infra.gcpause import paused
from generator.read.bibtex_comments import without_comments
from generator.read.bibtex_escapes import exported, unescape_export
from generator.read.bibtex_preamble import silent_macros, without_silent
from generator.read.clean import decode
from generator.read.fields import ParsedFile, parsed_records
from generator.records import Notice, Source

_NAME_FIELDS = ("author", "editor")
# Fields whose value is an identifier, number or URL: TeX's braces and escapes are removed.
_PLAIN_FIELDS = frozenset(("year", "month", "doi", "eprint", "archiveprefix", "eprinttype",
                           "url", "pdf",
                           "arxiv", "arxivid", "arxiv_id", "openreview", "openreview_id",
                           "code", "code_url", "github", "repository", "repo", "date"))
_TEX_ESCAPE = re.compile(r"\\([_%&#$])")
# What an entry takes from the entry its ``crossref`` names (BibTeX inherits every missing
# field; identifiers and links would make every paper of a volume the same paper).
_INHERITED = ("booktitle", "journal", "year", "month", "publisher", "series", "volume",
              "address", "organization", "editor", "venue")
# BibTeX's month macros, January first (the cite block writes them back: render/cite.py).
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_ENTRY_KEY = re.compile(r"@\s*\w+\s*[{(]\s*([^,\s{}()]+)\s*,")
# An entry's type and key, whatever follows the key (a missing comma).
_ENTRY_START = re.compile(r"@\s*(\w+)\s*[{(]\s*([^,\s{}()=]+)")


def read_bibtex(data: bytes, name: str, shown: str) -> ParsedFile:
    """Read one ``.bib`` file.

    Args:
        data: the file's bytes.
        name: the file name (``Source.file``; the default collection comes from it).
        shown: how messages name the file.

    Raises:
        InputError: not UTF-8, a BibTeX syntax error (also a missing comma between two
            fields, which bibtexparser reads as one value), a field given twice, or an entry
            whose fields cannot be used (file, line, entry key and field named).
    """
    text = without_comments(decode(data, shown))
    # bibtexparser's blocks and fields, and the records made of them, form no cycles (gcpause)
    with paused():
        library = _parse(text)
        keyed: list[Notice] = []
        if any(isinstance(b, DuplicateBlockKeyBlock) for b in library.failed_blocks):
            text, keyed = _unique_keys(text, library, shown)
            library = _parse(text)
        if library.failed_blocks:
            raise _syntax_error(library.failed_blocks[0], shown, text)
        notices = [*keyed, *_stray_fields(library, shown)]
        parsed = parsed_records(_papers(library, name, shown, exported(text)), name, shown)
    return ParsedFile(parsed.collection, parsed.records, (*notices, *parsed.notices))


def _parse(text: str):
    with _quiet():
        # Macros are resolved by ``_fields`` (``_concatenate``), which also joins ``#``
        # concatenations; bibtexparser's ResolveStringReferencesMiddleware does only the former.
        return bibtexparser.parse_string(text, parse_stack=[RemoveEnclosingMiddleware(True)])


def _unique_keys(text: str, library, shown: str) -> tuple[str, list[Notice]]:
    """``text`` with each entry whose key an earlier entry has renamed by a letter (``zhang2025``
    -> ``zhang2025a``, then ``b`` ..., as JabRef and Better BibTeX make keys unique), and a
    handled notice for each. Google Scholar gives two papers of one first author, year and
    title word the same key; BibTeX itself would drop the second paper."""
    lines = text.splitlines(keepends=True)
    taken = {e.key.lower() for e in library.entries}
    notices = []
    for block in library.failed_blocks:
        if not isinstance(block, DuplicateBlockKeyBlock):
            continue
        key = block.key
        new = next(key + c for c in "abcdefghijklmnopqrstuvwxyz" if (key + c).lower() not in taken)
        taken.add(new.lower())
        line = block.start_line
        m = _ENTRY_KEY.search(lines[line])
        if m is None or m.group(1) != key:
            continue  # the key is not on the entry's first line: the error names it
        lines[line] = lines[line][:m.start(1)] + new + lines[line][m.end(1):]
        first = block.previous_block.start_line + 1
        notices.append(Notice(shown, line + 1, f"entry {key} has the key of the entry at line "
                                               f"{first}: both are read, this one is cited as "
                                               f"{new}", kind="key"))
    return "".join(lines), notices


def _papers(library, name: str, shown: str, export: bool) -> Iterator[tuple[dict, Source]]:
    """Each paper entry's fields and source, in file order: a ``crossref`` parent's venue
    fields inherited, the volume a paper is in (a cross-referenced entry without an
    abstract) left out; ``export``: the file is Zotero's export (``bibtex_escapes``)."""
    entries = library.entries
    # BibTeX's entry keys are case-insensitive; the first entry of a key is the one named.
    by_key = {}
    for entry in entries:
        by_key.setdefault(entry.key.lower(), entry)
    targets = {_crossref(e).lower() for e in entries if _crossref(e)}
    macros = _macros(library)
    silent = silent_macros(p.value for p in library.preambles)
    for number, entry in enumerate(entries, start=1):
        source = Source(name, number, entry.start_line + 1, entry.key)
        fields = _fields(entry, shown, source, macros, export)
        parent = by_key.get(_crossref(entry).lower())
        if parent is not None and parent is not entry:
            _inherit(fields, _fields(parent, shown, source, macros, export))
        if entry.key.lower() in targets and not fields.get("abstract"):
            continue  # the volume a paper is in, not a paper
        if silent:
            fields = _silenced(fields, silent)
        yield fields, source


def _silenced(fields: dict[str, object], names: frozenset[str]) -> dict[str, object]:
    """``fields`` with the uses of the preamble's macros that print nothing removed from
    their text and names (``generator.read.bibtex_preamble``)."""
    return {k: without_silent(v, names) if isinstance(v, str)
            else [without_silent(x, names) for x in v] if isinstance(v, list) else v
            for k, v in fields.items()}


_STRAY_FIELD = re.compile(r"^\s*,?\s*([A-Za-z][\w-]*)\s*=\s*[{\"\w]", re.MULTILINE)


def _stray_fields(library, shown: str) -> list[Notice]:
    """A warning for text between entries that reads like a field (``abstract = {...``):
    BibTeX skips such text, so a ``}`` closing an entry too early silently cuts the fields
    after it off their entry. Other text between entries (``% Encoding: UTF8``) is quiet."""
    out = []
    for block in library.blocks:
        if isinstance(block, ImplicitComment) and (m := _STRAY_FIELD.search(block.comment)):
            line = block.start_line + 1 + block.comment.count("\n", 0, m.start(1))
            out.append(Notice(shown, line, f"text between entries that reads like a field "
                                           f"({m.group(1)} = ...) is not read: was an entry "
                                           "closed early by a '}'?", kind="stray-field"))
    return out


def _crossref(entry: Entry) -> str:
    value = entry.fields_dict.get("crossref")
    return value.value.strip() if value is not None and isinstance(value.value, str) else ""


def _inherit(fields: dict[str, object], parent: dict[str, object]) -> None:
    """The venue fields ``fields`` lacks, from the cross-referenced entry (``_INHERITED``;
    a volume's title as ``booktitle``)."""
    volume = parent.get("entry_type") in ("proceedings", "book", "collection")
    if volume and "booktitle" not in parent and parent.get("title"):
        parent = {**parent, "booktitle": parent["title"]}
    for key in _INHERITED:
        if key in parent and not fields.get(key):
            fields[key] = parent[key]


def _macros(library) -> dict[str, str]:
    """``@string`` macros by lower-case name (BibTeX's names are case-insensitive; the last
    definition wins), their own concatenations joined, and BibTeX's month macros."""
    macros = {m: m for m in MONTHS}
    for string in library.strings:
        value = string.value if isinstance(string.value, str) else ""
        if getattr(string, "enclosing", None) == "no-enclosing":
            value = _concatenate(value, macros)
        macros[string.key.lower()] = value
    return macros


def _concatenate(value: str, macros: dict[str, str]) -> str:
    """A value written as BibTeX's concatenation (``NeurIPS # " 2023"``, ``jan # "~15"``):
    the parts joined, each a braced or quoted text, a number or a macro (an undefined macro
    stays as its name). bibtexparser 2 keeps such a value as written."""
    out = []
    for part in _parts(value):
        if len(part) >= 2 and part[0] + part[-1] in ("{}", '""'):
            out.append(part[1:-1])
        else:
            out.append(macros.get(part.lower(), part))
    return "".join(out)


def _parts(value: str) -> list[str]:
    """The parts of a value written without one enclosing pair, split at ``#`` outside braces
    and quotes, stripped."""
    parts: list[str] = []
    start = depth = 0
    quoted = False
    for i, c in enumerate(value):
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == '"' and depth == 0:
            quoted = not quoted
        elif c == "#" and depth == 0 and not quoted:
            parts.append(value[start:i])
            start = i + 1
    parts.append(value[start:])
    return [p.strip() for p in parts]


_TOKEN = re.compile(r"[^\s{}\"#,=]+")


def _malformed(value: str) -> str:
    """``""`` when a value written without one enclosing pair is BibTeX (parts joined by
    ``#``, each one braced group, one quoted text, a number or a macro name), else the part
    that is not. bibtexparser 2 takes everything up to the next ``,`` as the value, so a
    missing comma (``title = {A} booktitle = {B},``) would silently join two fields."""
    for part in _parts(value):
        if _TOKEN.fullmatch(part):
            continue
        if part[:1] == "{" and _closing(part) == len(part) - 1:
            continue
        if len(part) >= 2 and part[0] == part[-1] == '"' and '"' not in part[1:-1]:
            continue
        return part
    return ""


def _closing(text: str) -> int:
    """The index of the brace that closes the one at ``text[0]``, or -1."""
    depth = 0
    for i, c in enumerate(text):
        depth += (c == "{") - (c == "}")
        if depth == 0:
            return i
    return -1


def _fields(entry: Entry, shown: str, source: Source, macros: dict[str, str],
            export: bool) -> dict[str, object]:
    """The entry's fields as a flat record: concatenations joined, names split, ``eprint``
    kept only for arXiv, the entry type and key added."""
    record: dict[str, object] = {}
    for field in entry.fields:
        key = field.key.lower()
        value = field.value
        if getattr(field, "enclosing", None) == "no-enclosing" and isinstance(value, str):
            _check_value(value, entry, field, shown)
            value = _concatenate(value, macros)  # a macro name, a number or parts joined by #
        if key in record:  # BibTeX's field names are case-insensitive: Title and title
            raise InputError(shown, source.line, f"{source.describe(line=False)}: field given "
                                                 f"twice: {key}")
        if not isinstance(value, str):  # a middleware left something else: say which field
            raise InputError(shown, source.line, f"{source.describe(line=False)}: {key}: "
                                                 "cannot read its value")
        record[key] = _field_value(key, value, export)
    _drop_other_eprint(record)
    if isinstance(record.get("file"), str) and "pdf" not in record:
        pdf = file_field_pdf(record["file"])
        if pdf:
            record["pdf"] = pdf
    record["entry_type"] = entry.entry_type.lower()
    record["cite_key"] = entry.key
    return record



def _field_value(key: str, value: str, export: bool) -> str | list[str]:
    """A field's text as the record holds it: plain fields without TeX escapes and braces,
    others unescaped as ``unescape_export`` reads them; name fields as a list of names."""
    if key in _PLAIN_FIELDS:
        value = _TEX_ESCAPE.sub(r"\1", value).replace("{", "").replace("}", "")
    else:  # Zotero's export escapes the author's own TeX: read it as written
        value = unescape_export(value, export)
    if key in _NAME_FIELDS:
        return [_first_name_first(n) for n in split_names(value)]
    return value


def _drop_other_eprint(record: dict[str, object]) -> None:
    """Remove ``eprint`` when the record says it is no arXiv id (another archive)."""
    prefix = record.get("archiveprefix") or record.get("eprinttype")  # BibTeX's, biblatex's
    if isinstance(prefix, str) and prefix.strip().lower() not in ("", "arxiv"):
        record.pop("eprint", None)

_FILE_ENTRY = re.compile(r"(?:\\.|[^;])+")  # one attachment: "\;" and "\:" are escapes


def file_field_pdf(value: str) -> str:
    """The first web PDF of a JabRef or Mendeley ``file`` field (attachments separated by
    ``;``, each ``description:link:type`` with ``\\:`` for a colon of the link: JabRef's
    ``FileFieldParser``): a link starting ``http://`` or ``https://`` of type PDF, or ending
    ``.pdf``; ``""`` without one (local paths, ``:C\\:/Users/me/a.pdf:PDF``, are no link a
    site can show)."""
    for attachment in _FILE_ENTRY.findall(value):
        parts = [re.sub(r"\\(.)", r"\1", p).strip() for p in _split_parts(attachment)]
        if len(parts) < 2:
            continue
        if parts[1].lower() in ("http", "https") and len(parts) > 2:  # a colon not escaped
            parts[1:3] = [f"{parts[1]}:{parts[2]}"]
        link, kind = parts[1], parts[2] if len(parts) > 2 else ""
        if link.lower().startswith(("http://", "https://")) and (
                kind.lower() == "pdf" or link.lower().endswith(".pdf")):
            return link
    return ""


def _split_parts(attachment: str) -> list[str]:
    """``description:link:type`` split at the colons no backslash escapes."""
    return re.split(r"(?<!\\):", attachment)


def _check_value(value: str, entry: Entry, field, shown: str) -> None:
    """Raise for a value that is not BibTeX (``_malformed``), naming the field's line."""
    bad = _malformed(value)
    if not bad:
        return
    # The next field's name after a closing delimiter, or after a number or macro value
    # (``year = 2021`` and no comma before ``abstract = ...``).
    nxt = (re.search(r"[}\"]\s*([A-Za-z][\w-]*)\s*=", bad)
           or re.match(r"[\w.:+-]+\s+([A-Za-z][\w-]*)\s*=", bad))
    hint = (f"a ',' is missing before {nxt.group(1)!r}" if nxt else
            "write it as one {...} or \"...\" value, or join parts with #")
    raise InputError(shown, field.start_line + 1, f"entry {entry.key}: {field.key}: BibTeX "
                     f"syntax: “{_shortened(value)}” is not one value ({hint})")


def _shortened(value: str, limit: int = 80) -> str:
    """``value`` as written (no escapes added), whitespace collapsed, cut at a word boundary
    before ``limit`` characters with an ellipsis: how an error message quotes a field."""
    text = " ".join(value.split())
    if len(text) <= limit:
        return text
    return text[:limit].rsplit(" ", 1)[0] + " …"


# BibTeX's separator of names: "and" in any case between whitespace (space, tab, CR, LF; not
# "~", a tie), where bibtexparser's walk finds it when no brace or backslash is in the way.
_AND = re.compile(r"[ \t\r\n]+[aA][nN][dD][ \t\r\n]+(?=[^ \t\r\n])")


def split_names(value: str) -> list[str]:
    """A BibTeX name list (``author``) split into names, as bibtexparser's
    ``split_multiple_persons_names`` splits it (BibTeX's rule: `` and `` outside braces).

    That function walks the value character by character in Python; a value without braces
    and backslashes, most of them, is split by ``_AND`` in one pass instead, with the same
    result (property-tested against the library's function).
    """
    if "{" in value or "}" in value or "\\" in value:
        return split_multiple_persons_names(value)
    names = value.strip(" \r\n\t")
    return _AND.split(names) if names else []


@functools.lru_cache(maxsize=65536)  # an author's name recurs across a bibliography's entries
def _first_name_first(name: str) -> str:
    """``"Müller, Hans"`` -> ``"Hans Müller"`` (a name BibTeX cannot split is kept as is)."""
    try:
        return parse_single_name_into_parts(name, strict=False).merge_first_name_first
    except Exception:  # noqa: BLE001 - bibtexparser's name parser raises several kinds
        return name


def _syntax_error(block, shown: str, text: str) -> InputError:
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
    reason = " ".join(reason.split())
    # bibtexparser only sees the next "@" or the file's end: say what is likely wrong.
    end = getattr(block.error, "end_index", None)
    if reason.startswith("Unexpected block start") and end is not None:
        reason = (f"a '{{' or '\"' in a value is not closed before the next entry (line "
                  f"{text.count(chr(10), 0, end) + 1})")
    elif reason.startswith("Unexpectedly reached end of file"):
        reason = "a '{' or '\"' in a value is not closed before the end of the file"
    raw = getattr(block, "raw", "") or ""
    key = _ENTRY_KEY.match(raw)
    if reason.startswith("Expected comma after entry key") and (
            start := _ENTRY_START.match(raw)):
        kind, name = start.groups()
        reason = (f"a ',' is missing after the entry key {name!r}: write @{kind}{{{name}, "
                  "... (a key has no spaces)")
        key = start
    where = f"entry {key.group(key.lastindex)}: " if key else ""
    return InputError(shown, line, f"{where}BibTeX syntax: {reason}")


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
