"""The cite block of a paper page: a BibTeX entry and a plain reference built from the paper's
metadata, and the address they cite.

The BibTeX entry (``bibtex_entry``):

* type: the given BibTeX type; else ``inproceedings`` when a venue is known, else ``misc``;
* key: the given citation key; else first author's family name, year and the first word of
  the title that is not a function word (``vaswani2017attention``, as Google Scholar makes
  them), or for a paper without authors that word and the paper id (``fastvid-3f1c2a``);
* ``title``, ``author`` (names joined with `` and ``), the venue as ``booktitle``
  (``journal`` for an article, ``howpublished`` otherwise: a plain abstract's collection),
  ``year``, ``month`` (BibTeX's month macro, from a date with a month), ``volume``,
  ``number``, ``pages`` (a range written ``12--20``), ``doi``, ``eprint``
  with ``archivePrefix = {arXiv}``, and ``url``: the given URL, else the OpenReview forum,
  else the digest's own page (absolute, only when ``site_url`` is set); a plain abstract's
  entry notes that its title was derived from the abstract.

Values from a BibTeX file are written back as given (they are BibTeX already); values from
any other format have TeX's special characters escaped outside math (``&``, ``%``, ``#``,
``_``), unbalanced braces and backslashes before a brace dropped, so every entry parses (a
test reads them back with bibtexparser).
"""

from __future__ import annotations

import re

from slugify import slugify

from generator.read.bibtex import MONTHS
from generator.read.identifiers import openreview_url
from generator.records import Paper

_SPECIAL = re.compile(r"(?<!\\)([&%#_])")
_MATH = re.compile(r"(\$[^$]*\$)")
_STOP = frozenset(("a", "an", "the", "of", "on", "in", "for", "to", "and", "with", "by", "from",
                   "at", "as", "is", "are", "via", "towards", "toward", "do", "does", "can",
                   "we", "our"))
MAX_AUTHORS = 10


def page_address(p: Paper, site_url: str | None) -> str:
    """The page's address: absolute under ``site_url`` when it is set, else site-relative."""
    if not site_url:
        return p.url
    return site_url.rstrip("/") + "/" + p.url


def cite_key(p: Paper) -> str:
    """The entry's citation key (module docstring)."""
    meta = p.facts.abstract.meta
    if meta.cite_key:
        return meta.cite_key
    words = [w for w in slugify(p.title, separator=" ").split() if w not in _STOP]
    word = words[0] if words else "paper"
    if p.facts.authors:
        family = slugify(p.facts.authors[0], separator=" ").split()
        return f"{family[-1] if family else 'anon'}{meta.year or ''}{word}"
    return f"{word}-{p.id[:6]}"


def bibtex_entry(p: Paper, site_url: str | None) -> str:
    """The paper's BibTeX entry (module docstring), fields aligned, ending in a newline."""
    meta = p.facts.abstract.meta
    kind = meta.entry_type or ("inproceedings" if meta.venue else "misc")
    fields = [(k, v) for k, v in _bibtex_fields(p, site_url, kind) if v]
    width = max(len(k) for k, _ in fields)
    body = "".join(f"  {k:<{width}} = {v if k == 'month' else '{' + v + '}'},\n"
                   for k, v in fields)
    return f"@{kind}{{{cite_key(p)},\n{body}}}\n"


def _bibtex_fields(p: Paper, site_url: str | None, kind: str) -> list[tuple[str, str]]:
    """The entry's fields in the order written, ``""`` for a field it leaves out; text from
    a BibTeX file is kept as written, other text escaped."""
    f = p.facts
    meta = f.abstract.meta
    given = f.abstract.sources[0].file.lower().endswith(".bib")
    value = (lambda text: text) if given else _escape
    return [
        # A title of only braces escapes to nothing: the entry still names the paper.
        ("title", (value(meta.title) if meta.title else _escape(p.title)).strip()
         or f"Paper {p.id}"),
        ("author", " and ".join(_protect_and(value(a)) for a in meta.authors)),
        (_venue_field(kind), value(meta.venue) if meta.venue else (
            "" if meta.title else _escape(f.abstract.collection))),
        ("year", str(meta.year) if meta.year else ""),
        ("month", _month(meta.date)),
        ("volume", value(meta.volume)),
        ("number", value(meta.number)),
        ("pages", meta.pages if given else _page_range(meta.pages)),
        ("doi", meta.doi),
        ("eprint", meta.arxiv_id),
        ("archivePrefix", "arXiv" if meta.arxiv_id else ""),
        ("url", _entry_url(p, site_url)),
        ("note", "" if meta.title else "Title derived from the abstract"),
    ]


def _venue_field(kind: str) -> str:
    """The field that names the venue in an entry of type ``kind``."""
    if kind == "article":
        return "journal"
    if kind in ("inproceedings", "incollection", "conference"):
        return "booktitle"
    return "howpublished"


def _entry_url(p: Paper, site_url: str | None) -> str:
    """The entry's url: the record's, else its OpenReview forum, else the paper's page on the
    site (when its address is known), else ``""``."""
    meta = p.facts.abstract.meta
    return meta.url or (openreview_url(meta.openreview_id) if meta.openreview_id else "") or (
        page_address(p, site_url) if site_url else "")


def reference(p: Paper) -> str:
    """A plain reference, as text, without the address that follows it on the page:
    ``Authors (Year). Title. Venue.``; a plain abstract: ``Title. Collection, abstract N of
    file.``"""
    f = p.facts
    meta = f.abstract.meta
    if not meta.title and not f.authors:
        first = f.abstract.sources[0]
        return (f"{_sentence(p.title)} {f.abstract.collection}, {first.describe(line=False)} "
                f"of {first.file}.")
    names = list(f.authors[:MAX_AUTHORS])
    who = (", ".join(names) + ", et al." if len(f.authors) > MAX_AUTHORS or f.et_al else
           " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else
           "".join(names))
    parts = [f"{who} ({meta.year or 'n.d.'})." if who else "", _sentence(p.title),
             _sentence(f.venue) if f.venue else ""]
    return " ".join(part for part in parts if part)


def _sentence(text: str) -> str:
    """``text`` ending in one full stop: none added after ``.``, ``?`` or ``!``."""
    return text if text.endswith((".", "?", "!")) else text + "."


def _page_range(pages: str) -> str:
    """A page range as BibTeX writes it: ``12-20`` and ``12–20`` -> ``12--20``; other text
    (``e1234``) as given."""
    return re.sub(r"(?<=\w)\s*(?:-|\u2013|\u2014)\s*(?=\w)", "--", pages)


def _month(date: str) -> str:
    """The month macro of an ISO date with a month (``2025-11`` -> ``nov``), else ``""``."""
    month = date[5:7]
    return MONTHS[int(month) - 1] if len(date) >= 7 and month.isdigit() and (
        1 <= int(month) <= 12) else ""


def _escape(text: str) -> str:
    """TeX's special characters escaped outside ``$...$``, braces kept only when balanced, no
    backslash before a brace, and one at the end written ``\\textbackslash{}`` (a bare one would
    escape the entry's closing brace)."""
    text = re.sub(r"\\+(?=[{}])", "", text)
    if not _balanced(text):
        text = text.replace("{", "").replace("}", "")
    text = re.sub(r"\\+$", r"\\textbackslash{}", text)
    parts = _MATH.split(text)
    return "".join(part if i % 2 else _SPECIAL.sub(r"\\\1", part)
                   for i, part in enumerate(parts))


def _balanced(text: str) -> bool:
    depth = 0
    for ch in text:
        depth += (ch == "{") - (ch == "}")
        if depth < 0:
            return False
    return depth == 0


def _protect_and(name: str) -> str:
    """A name holding the word ``and`` in braces, so BibTeX does not split it there."""
    return f"{{{name}}}" if re.search(r"\band\b", name) else name
