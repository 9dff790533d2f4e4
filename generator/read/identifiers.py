"""Paper identifiers as the input files write them -> one normalised spelling each.

The rules (README "Input formats", "Identifiers"):

* **DOI**: a ``doi:`` prefix or a resolver URL (``https://doi.org/``, ``http://dx.doi.org/``)
  is removed, percent-escapes of a resolver URL are decoded, and the DOI is lower-cased: DOIs
  are case-insensitive (DOI Handbook, section 2.4). What remains must look like
  ``10.<registrant>/<suffix>`` (Crossref's pattern: four to nine registrant digits, a
  non-empty suffix without spaces). arXiv's own DOIs (``10.48550/arXiv.2401.01234``) also give
  the arXiv id.
* **arXiv id**: ``2401.01234`` (since 2007: ``YYMM.NNNN`` or ``YYMM.NNNNN``) or
  ``hep-th/9901001`` (archive/number, before 2007); an ``arXiv:`` prefix, an abs or PDF URL on
  arxiv.org and a version suffix (``v2``) are removed, so every version of a paper is one
  paper and its links lead to the latest version.
* **OpenReview id**: the forum id (``[A-Za-z0-9_-]``, at least six characters), as given or
  read from a forum or PDF URL (``https://openreview.net/forum?id=...``).

Each ``parse_*`` returns the normalised id or raises ``ValueError`` with what is wrong (the
reader adds file and record). ``*_url`` give the links a page shows.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from urllib.parse import parse_qs, quote, unquote, urlsplit

from generator.text.urls import normalize_url

_DOI = re.compile(r"10\.\d{4,9}/\S+")
_DOI_PREFIX = re.compile(r"^(?:doi:\s*|https?://(?:dx\.)?doi\.org/)", re.IGNORECASE)
_ARXIV_NEW = re.compile(r"(\d{4}\.\d{4,5})(?:v\d+)?")
_ARXIV_OLD = re.compile(r"([a-z][a-z-]*(?:\.[A-Za-z]{2})?/\d{7})(?:v\d+)?")
# "arXiv:", "arXiv " (a citation's spelling, "arXiv 1706.03762") or an abs/pdf/html URL.
_ARXIV_PREFIX = re.compile(
    r"^(?:arxiv\s*:\s*|arxiv\s+|https?://(?:www\.|export\.)?arxiv\.org/(?:abs|pdf|html)/)",
    re.IGNORECASE)
# The primary category arXiv prints after an id in its own citations ("arXiv:2106.09685v2
# [cs.CL]", "[hep-th]"): not part of the id.
_ARXIV_CLASS = re.compile(r"\s*\[[A-Za-z][A-Za-z.-]*\]$")
# Since January 2015 (1501) the number after the dot has five digits: a four-digit one of a
# later month is an id cut short (a spreadsheet read 2106.10010 as the number 2106.1001).
_ARXIV_SHORT = re.compile(r"(?:1[5-9]|[2-9]\d)(?:0[1-9]|1[0-2])\.\d{4}")
_ARXIV_DOI = re.compile(r"10\.48550/arxiv\.(.+)")
# A forum id (``BkE8NjCqYm``): six or more of these characters (the rule the message states).
_OPENREVIEW = re.compile(r"[A-Za-z0-9_-]{6,}")
_OPENREVIEW_HOSTS = ("openreview.net", "www.openreview.net")


def parse_doi(value: str) -> str:
    """``"https://doi.org/10.1145/3292500.3330701"`` -> ``"10.1145/3292500.3330701"``.

    Raises:
        ValueError: not a DOI.
    """
    text = value.strip()
    prefix = _DOI_PREFIX.match(text)
    if prefix:
        text = text[prefix.end():]
        if prefix.group(0).lower().startswith("http"):
            # A resolver URL's query and fragment are the resolver's (?download=true): a
            # '?' or '#' of the DOI itself is %3F, %23 in a URL (DOI Handbook 2.5.2.3).
            text = unquote(text.split("?", 1)[0].split("#", 1)[0])
    if not _DOI.fullmatch(text):
        raise ValueError(f"{value!r} is not a DOI (10.<registrant>/<suffix>)")
    return text.lower()


def parse_arxiv_id(value: str) -> str:
    """``"arXiv:2401.01234v2"``, ``"https://arxiv.org/pdf/2401.01234v2.pdf"`` ->
    ``"2401.01234"``; ``"hep-th/9901001v1"`` -> ``"hep-th/9901001"``.

    Raises:
        ValueError: not an arXiv id.
    """
    text = _ARXIV_CLASS.sub("", value.strip())
    prefix = _ARXIV_PREFIX.match(text)
    if prefix:
        text = text[prefix.end():].split("?", 1)[0].split("#", 1)[0].rstrip("/")
        # hep-th%2F9901001: some tools escape an old id's slash in the URL path.
        text = unquote(text.removesuffix(".pdf"))
    for pattern in (_ARXIV_NEW, _ARXIV_OLD):
        m = pattern.fullmatch(text)
        if m:
            if _ARXIV_SHORT.fullmatch(m.group(1)):
                raise ShortArxivId(f"{value!r} is not an arXiv id: since 2015 the number "
                                   "after the dot has five digits (did a spreadsheet drop a "
                                   "trailing zero? write the id as text)")
            return m.group(1)
    raise ValueError(f"{value!r} is not an arXiv id (2401.01234 or hep-th/9901001)")


class ShortArxivId(ValueError):
    """An arXiv id of 2015 or later with four digits after the dot (``2106.1001``): one cut
    short, most often by a spreadsheet or a float; the reader warns and drops it."""


_ARXIV_VERSION = re.compile(r"\dv(\d+)(?:\.pdf)?/?(?:[?#].*)?$", re.IGNORECASE)


def arxiv_version(value: str) -> int:
    """The version an arXiv id or URL names: ``"2401.01234v2"``,
    ``"https://arxiv.org/pdf/2401.01234v3.pdf"`` -> ``2``, ``3``; ``0`` when it names none
    (``"2401.01234"``: arXiv serves the latest)."""
    m = _ARXIV_VERSION.search(_ARXIV_CLASS.sub("", value.strip()))
    return int(m.group(1)) if m else 0


def parse_openreview_id(value: str) -> str:
    """``"https://openreview.net/forum?id=BkE8NjCqYm"`` or ``"BkE8NjCqYm"`` ->
    ``"BkE8NjCqYm"``.

    Raises:
        ValueError: neither an OpenReview forum id nor a forum or PDF URL holding one.
    """
    text = value.strip()
    if text.lower().startswith(("http://", "https://")):
        parts = urlsplit(text)
        ids = parse_qs(parts.query).get("id") if parts.hostname in _OPENREVIEW_HOSTS else None
        if not ids:
            raise ValueError(f"{value!r} is not an OpenReview forum or PDF URL (…?id=...)")
        text = ids[0]
    if not _OPENREVIEW.fullmatch(text):
        raise ValueError(f"{value!r} is not an OpenReview id (6 or more letters, digits, _ "
                         "or -, as in openreview.net/forum?id=BkE8NjCqYm): give the forum "
                         "id or URL")
    return text


def arxiv_id_of_doi(doi: str) -> str | None:
    """The arXiv id of an arXiv DOI (``10.48550/arxiv.2401.01234``), else ``None``."""
    m = _ARXIV_DOI.fullmatch(doi)
    if m is None:
        return None
    try:
        return parse_arxiv_id(m.group(1))
    except ValueError:
        return None


def ids_in_url(url: str) -> dict[str, str]:
    """The identifiers a paper URL names: ``{"arxiv_id": ...}`` for an arXiv abs/PDF URL,
    ``{"doi": ...}`` for a DOI resolver URL, ``{"openreview_id": ...}`` for an OpenReview
    forum/PDF URL; ``{}`` for any other URL."""
    host = (urlsplit(url.strip()).hostname or "").lower()
    try:
        if host.endswith("arxiv.org"):
            return {"arxiv_id": parse_arxiv_id(url)}
        if host in ("doi.org", "dx.doi.org"):
            return {"doi": parse_doi(url)}
        if host in _OPENREVIEW_HOSTS:
            return {"openreview_id": parse_openreview_id(url)}
    except ValueError:
        pass
    return {}


def arxiv_abs_url(arxiv_id: str) -> str:
    """The arXiv abstract page: ``https://arxiv.org/abs/2401.01234``."""
    return f"https://arxiv.org/abs/{arxiv_id}"


def arxiv_pdf_url(arxiv_id: str) -> str:
    """The arXiv PDF (latest version): ``https://arxiv.org/pdf/2401.01234``."""
    return f"https://arxiv.org/pdf/{arxiv_id}"


def doi_url(doi: str) -> str:
    """The DOI resolver link (``https://doi.org/10.1145/...``), as the DOI Foundation
    recommends displaying DOIs; characters a URL path cannot hold (``#``, ``?``, ``<``,
    spaces, non-ASCII) are percent-encoded (DOI Handbook, section 2.5.2.4)."""
    return "https://doi.org/" + quote(doi, safe="/:;()[]@!$&'*+,=-._~")


def openreview_url(forum_id: str) -> str:
    """The OpenReview forum page: ``https://openreview.net/forum?id=...``."""
    return f"https://openreview.net/forum?id={forum_id}"


# An arXiv id written inside other text: "arXiv preprint arXiv:2106.09685", "arXiv: 2106.09685v2"
# (Zotero's Extra), DBLP's CoRR volume "abs/2106.09685", "arXiv:hep-th/9901001", "arXiv
# preprint hep-th/9901001" (Google Scholar, old ids), an abs/pdf/html page's URL.
_ARXIV_IN_TEXT = re.compile(
    r"(?:\barxiv\s*:\s*|\barxiv(?:\s+(?:preprints?|e-?prints?))?\s+|\babs/|"
    r"arxiv\.org/(?:abs|pdf|html)/)"
    r"(\d{4}\.\d{4,5}|[a-z][a-z-]*(?:\.[A-Za-z]{2})?/\d{7})(?:v\d+)?(?![\d.])", re.IGNORECASE)
_URL_IN_TEXT = re.compile(r"\\url\{([^{}\s]+)\}|(https?://[^\s{}<>\"]+)")
_TEX_URL_ESCAPE = re.compile(r"\\([_%&#~])")


def arxiv_id_in_text(text: str) -> str:
    """The arXiv id a text names after ``arXiv:``, ``abs/`` or an arXiv URL (version
    removed), or ``""``: ``"arXiv preprint arXiv:2106.09685"`` -> ``"2106.09685"``."""
    m = _ARXIV_IN_TEXT.search(text)
    return m.group(1) if m else ""


# Where one value holds several URLs (BibTeX ``url = {a b}``, a CSV cell ``"a; b"``, RIS's
# ``UR  - a; b``): white space, ``;`` or ``,`` before another URL's scheme (or ``www.``). A
# space or comma inside one URL (``my paper.pdf``, ``/a,b``) is followed by no scheme.
_URL_SEPARATOR = re.compile(r"\s*[;,]\s*(?=(?:https?|ftp)://|www\.)|\s+(?=(?:https?|ftp)://|www\.)",
                            re.IGNORECASE)


def split_urls(value: str) -> list[str]:
    """The URLs one value holds, in order, each stripped (``split_urls("https://a.org/x;
    https://github.com/o/r")`` -> both); a value of one URL is that URL alone; ``[]`` for
    blank text. The one rule every reader splits a URL field by."""
    return [part for part in _URL_SEPARATOR.split(value.strip()) if part]


def url_in_text(text: str) -> str:
    """The first http(s) URL a text holds (``urls_in_text``); ``""`` without one."""
    return next(urls_in_text(text), "")


def urls_in_text(text: str) -> Iterator[str]:
    """Each http(s) URL a text holds, as ``\\url{...}`` or bare (TeX's ``\\_``-style escapes
    undone, a trailing sentence mark dropped), normalised, in order."""
    for m in _URL_IN_TEXT.finditer(text):
        raw = _TEX_URL_ESCAPE.sub(r"\1", m.group(1) or m.group(2).rstrip(".,;:)]"))
        url = normalize_url(raw)
        if url:
            yield url
