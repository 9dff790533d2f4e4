"""Find the URLs of an abstract; pick out code repositories and Hugging Face artefacts; decide
the code status.

Where a URL is comes from the tokenizer (``generator.text.markup``); what it is (repaired,
normalised, classified, the repository it points into) from the one URL model,
``generator.text.urls``, which rendering uses too.
"""

from __future__ import annotations

import re

from generator.infra.regex import CASE_EXOTIC, Regex, re2_text
from generator.read.identifiers import arxiv_abs_url, arxiv_pdf_url, doi_url, openreview_url
from generator.records import CodeRepo, HubRef, Link, Metadata
from generator.text.markup import Styled, Token, Unknown, Url
from generator.text.urls import (
    CODE_HOSTS,
    HUB_HOSTS,
    RESERVED_OWNERS,
    classify,
    code_repo,
    hub_ref,
    link_kind,
    normalize_url,
)

__all__ = ["CODE_HOSTS", "FORGE_RESERVED_OWNERS", "HUB_HOSTS", "code_repo",
           "code_status", "extract_links", "hub_ref", "iter_urls", "link_kind", "normalize_url",
           "paper_links"]

# Every forge's own page names, for callers that need one set (``evaluation.text``).
FORGE_RESERVED_OWNERS = frozenset().union(*RESERVED_OWNERS.values())

_PROMISE = re.compile(
    r"\b(code|codes|implementation|source|repository|models?|weights|checkpoints|scripts|"
    r"simulators?|software|toolkit|library|package)\b[^.]{0,80}?"
    r"\b(will|would|shall|to)\s+be\s+(made\s+)?(publicly\s+|openly\s+)?"
    r"(released|available|public|open[- ]?sourced|shared|published)"
    r"|\b(upon|after)\s+(the\s+)?(paper'?s?\s+)?(acceptance|publication)"
    r"|\bonce\s+the\s+(paper\s+is\s+)?(acceptance|accepted|published)"
    r"|\bcode\b[^.]{0,40}\bcoming\s+soon",
    re.IGNORECASE,
)


def iter_urls(tokens: tuple[Token, ...]) -> list[str]:
    """The raw URLs of ``tokens`` in order (inside styled spans, footnotes and unknown macros
    too); a link's label is not a second link."""
    out: list[str] = []
    for tok in tokens:
        if isinstance(tok, Url):
            out.append(tok.raw)
        elif isinstance(tok, Styled | Unknown):
            out.extend(iter_urls(tok.children))
    return out


def extract_links(tokens: tuple[Token, ...], given: tuple[str, ...] = ()
                  ) -> tuple[tuple[Link, ...], tuple[CodeRepo, ...], tuple[HubRef, ...]]:
    """All links of an abstract, deduplicated, in order of first appearance; ``given`` URLs
    (the code URLs an input file gave for the paper) come after the abstract's own and count
    as they would in the abstract (a repository is code, anything else a link of its kind).

    Returns:
        ``(links, code, hub)``: every http(s) link with its kind; one ``CodeRepo`` per
        repository (owner/repo compared case-insensitively, as the forges do; a deeper URL into
        a repository already linked adds no second link); one ``HubRef`` per Hugging Face
        artefact.
    """
    links: dict[str, Link] = {}
    repos: dict[tuple[str, str, str], CodeRepo] = {}
    hubs: dict[str, HubRef] = {}
    for raw in (*iter_urls(tokens), *given):
        web = classify(raw)
        if web is None:
            continue
        if web.repo is not None:
            key = (web.repo.host, web.repo.owner.lower(), web.repo.repo.lower())
            if key in repos:
                continue  # same repository in another spelling: one link, one badge
            repos[key] = web.repo
        if web.hub is not None:
            hubs.setdefault(web.hub.url.lower(), web.hub)
        links.setdefault(web.url, Link(web.url, web.kind))
    return tuple(links.values()), tuple(repos.values()), tuple(hubs.values())


def code_status(code: tuple[CodeRepo, ...], plain: str) -> str:
    """``available`` when a repository is linked, ``promised`` when the text promises code
    ("code will be released upon acceptance"), else ``none``."""
    if code:
        return "available"
    return "promised" if _promises(plain) else "none"


_PROMISE_REGEX = Regex(_PROMISE)
# Every match of _PROMISE holds one of these (each branch needs one of them).
_PROMISE_WORDS = ("released", "available", "public", "open", "shared", "published", "accept",
                  "coming")


def _promises(plain: str) -> bool:
    """``_PROMISE`` matches ``plain``: tried only when ``plain`` holds one of the
    ``_PROMISE_WORDS`` (looked up in ``str.lower``, which folds case as ``re.IGNORECASE``
    does unless a ``CASE_EXOTIC`` character is there), and in RE2 where it agrees."""
    if not any(c in plain for c in CASE_EXOTIC):
        low = plain.lower()
        if not any(word in low for word in _PROMISE_WORDS):
            return False
    return _PROMISE_REGEX.search(plain, re2_text(plain))


def paper_links(meta: Metadata) -> tuple[Link, ...]:
    """Links to the paper itself from its metadata, in this order and once each: the arXiv
    abstract page and PDF (``arxiv``, ``pdf``), the DOI resolver (``doi``), the OpenReview
    forum (``openreview``), a given PDF (``pdf``) and the given paper URL (``page``, unless it
    is one of the others)."""
    out: dict[str, Link] = {}
    if meta.arxiv_id:
        out[arxiv_abs_url(meta.arxiv_id)] = Link(arxiv_abs_url(meta.arxiv_id), "arxiv")
        out[arxiv_pdf_url(meta.arxiv_id)] = Link(arxiv_pdf_url(meta.arxiv_id), "pdf")
    if meta.doi:
        out.setdefault(doi_url(meta.doi), Link(doi_url(meta.doi), "doi"))
    if meta.openreview_id:
        url = openreview_url(meta.openreview_id)
        out.setdefault(url, Link(url, "openreview"))
    if meta.pdf and not _same_paper_url(meta.pdf, out):
        out.setdefault(meta.pdf, Link(meta.pdf, "pdf"))
    if meta.url and not _same_paper_url(meta.url, out):
        out.setdefault(meta.url, Link(meta.url, "page"))
    return tuple(out.values())


def _same_paper_url(url: str, known: dict[str, Link]) -> bool:
    """True when ``url`` is one of ``known`` up to a version suffix (``.../abs/2401.01234v2``
    is the arXiv page already linked) or a trailing ``.pdf``."""
    bare = re.sub(r"v\d+(\.pdf)?$|\.pdf$", "", url.rstrip("/"))
    return url in known or bare in known
