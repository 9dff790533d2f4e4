"""Metadata exports saved under a name a reader does not expect: which format a ``.txt`` file
really holds, from its first lines.

Reference managers and databases save their exports as ``.txt`` (Web of Science's
``savedrecs.txt``, PubMed's ``pubmed-...-set.txt``, a BibTeX or RIS file a browser or a
"copy to clipboard" saved as text); read as plain abstracts, each would become pages whose
"abstract" is the raw tagged text. ``recognise_export`` names the format (``EXPORTS``, a
registry: one entry per format, tested in order): a format paper-digest reads (BibTeX, RIS, a
table whose header names a title or abstract column) is read by its reader, with a notice; one
it does not read (Web of Science plain text and tab-delimited, MEDLINE) is an error saying
which export to choose instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from generator.read.fields import field_names

# How many non-blank lines the tests see: enough for a header and a first record.
_LINES = 4


@dataclass(frozen=True, slots=True)
class Export:
    """One export format recognisable from a file's first lines.

    Attributes:
        name: the format, as messages name it (``"BibTeX"``).
        holds: a test on the file's first non-blank lines (``_LINES`` of them, stripped of
            trailing spaces).
        reader: the extension whose reader reads the format (``".bib"``), or ``""`` when
            paper-digest reads it in no file (``advice`` then says what to export instead).
        advice: what to do, for the message: the extension to use, or the export to choose.
    """

    name: str
    holds: Callable[[list[str]], bool]
    reader: str
    advice: str


_BIBTEX = re.compile(r"@[A-Za-z]+\s*[{(]")  # an entry, @string, @preamble or @comment
_RIS = re.compile(r"TY {1,2}- ?\S")
_MEDLINE = re.compile(r"PMID- ?\d+$")
_WOS_TAG = re.compile(r"[A-Z][A-Z0-9]")  # Web of Science's two-character field tags
_WOS_PLAIN = (re.compile(r"FN \S"), re.compile(r"VR \d"))


def _bibtex(lines: list[str]) -> bool:
    # JabRef and Zotero start with "% ..." comment lines; the first other line is an entry.
    first = next((line for line in lines if not line.startswith("%")), "")
    return bool(_BIBTEX.match(first))


def _wos_plain(lines: list[str]) -> bool:
    # "FN Clarivate Analytics Web of Science" then "VR 1.0"; a record alone starts "PT J".
    return (len(lines) > 1 and all(p.match(line) for p, line in zip(_WOS_PLAIN, lines[:2],
                                                                      strict=True))
            or bool(re.fullmatch(r"PT [A-Z]", lines[0])))


def _wos_table(lines: list[str]) -> bool:
    cells = lines[0].split("\t")
    return len(cells) >= 3 and all(_WOS_TAG.fullmatch(c) for c in cells if c) \
        and cells[0] == "PT"


_COLUMN = re.compile(r"[A-Za-z][\w .()/-]{0,39}")  # a column name, as exports write them


def _table(lines: list[str]) -> bool:
    """A header row (tab-, comma-, semicolon- or bar-separated) naming a title or abstract
    column among at least two: no abstract's first line names its columns."""
    for delimiter in "\t,;|":
        cells = [c.strip().strip('"') for c in lines[0].split(delimiter)]
        if len(cells) >= 2 and all(_COLUMN.fullmatch(c) for c in cells):
            known = field_names(dict.fromkeys(cells, "x"))
            if "title" in known or "abstract" in known:
                return True
    return False


_MEDLINE_ADVICE = ("paper-digest does not read it: import it into a reference manager (Zotero, "
                   "Mendeley and EndNote read it) and export BibTeX or RIS from there")
_WOS_ADVICE = ("in Web of Science choose Export > BibTeX (or RIS, 'Other reference "
               "software'), Record Content 'Full Record', and put that .bib (.ris) file in "
               "the seeds folder")
EXPORTS: tuple[Export, ...] = (
    Export("BibTeX", _bibtex, ".bib", "rename it to .bib"),
    Export("RIS", lambda lines: bool(_RIS.match(lines[0])), ".ris", "rename it to .ris"),
    Export("PubMed's MEDLINE format (PubMed's 'Save' as 'PubMed', or an .nbib file)",
           lambda lines: bool(_MEDLINE.match(lines[0])), "", _MEDLINE_ADVICE),
    Export("a Web of Science plain-text export", _wos_plain, "", _WOS_ADVICE),
    Export("a Web of Science tab-delimited export", _wos_table, "", _WOS_ADVICE),
    Export("a table with a header row", _table, ".csv",
           "rename it to .csv (or .tsv when tab-separated)"),
)


def recognise_export(text: str) -> Export | None:
    """The export format ``text`` (a whole decoded file) holds, judged from its first
    non-blank lines (``EXPORTS``, first match wins), or ``None`` for plain text (abstracts)."""
    lines = []
    for line in text[:8192].split("\n"):
        if line.strip():
            lines.append(line.rstrip())
            if len(lines) == _LINES:
                break
    if not lines:
        return None
    return next((export for export in EXPORTS if export.holds(lines)), None)


# Extensions of exports no reader takes -> what to do instead (for the ``unread`` warning).
NOT_READ_ADVICE: dict[str, str] = {".nbib": _MEDLINE_ADVICE, ".medline": _MEDLINE_ADVICE}
