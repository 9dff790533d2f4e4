"""Find, normalise and classify the URLs of an abstract; pick out code repositories and
Hugging Face artefacts; decide the code status.

Normalisation (so one resource is one link however it was spelled): LaTeX escapes ``\\_`` are
undone, sentence punctuation is not part of a URL (GFM's autolink rule, applied by
``generator.markup``), ``www.`` gets ``https://``, the host is lower-cased; for forge and Hub
URLs ``http`` becomes ``https``, a leading ``www.``, a ``.git`` suffix and a trailing slash go.
Only ``http``/``https`` URLs are links: no ``javascript:``, ``data:`` or ``vbscript:`` URL is
ever produced.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit, urlunsplit

from generator.markup import Styled, Token, Url
from generator.records import CodeRepo, HubRef, Link

# Forges whose URLs name a repository as /owner/repo (GitLab: /group/.../project).
CODE_HOSTS = ("github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "git.sr.ht")
HUB_HOSTS = ("huggingface.co", "hf.co")
# First path segments of huggingface.co that are not a model owner.
_HUB_RESERVED = {"docs", "blog", "papers", "models", "collections", "organizations", "learn",
                 "pricing", "settings", "login", "join", "tasks", "posts", "chat", "api"}
PAPER_HOSTS = ("arxiv.org", "doi.org", "dx.doi.org", "openreview.net", "aclanthology.org",
               "proceedings.neurips.cc", "proceedings.mlr.press", "papers.nips.cc",
               "ieeexplore.ieee.org", "dl.acm.org", "link.springer.com", "biorxiv.org",
               "www.biorxiv.org", "medrxiv.org", "ssrn.com", "semanticscholar.org")
DATA_HOSTS = ("zenodo.org", "kaggle.com", "figshare.com", "paperswithcode.com",
              "drive.google.com", "dataverse.harvard.edu", "physionet.org")
# DOI prefixes of data repositories (Zenodo, Figshare, Dryad, PANGAEA): their DOIs name data.
_DATA_DOI_PREFIXES = ("/10.5281/", "/10.6084/", "/10.5061/", "/10.1594/")
PROJECT_SUFFIXES = (".github.io", ".gitlab.io", ".pages.dev", ".netlify.app", ".vercel.app",
                    "sites.google.com", ".readthedocs.io")

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
    """The raw URLs of ``tokens`` in order; an ``\\href``'s label is not a second link."""
    out: list[str] = []
    for tok in tokens:
        if isinstance(tok, Url):
            out.append(tok.raw)
        elif isinstance(tok, Styled):
            out.extend(iter_urls(tok.children))
    return out


def normalize_url(raw: str) -> str | None:
    """Canonical form of one URL as written, or ``None`` if it is not an http(s) URL.

    >>> normalize_url("https://github.com/miccunifi/lambda\\\\_orthogonality.git")
    'https://github.com/miccunifi/lambda_orthogonality'
    """
    url = raw.strip().strip("<>").replace("\\_", "_").replace("\\%", "%").replace("\\#", "#")
    if url.lower().startswith("www."):
        url = "https://" + url
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:  # "http://[ ..." (a broken IPv6 host) or a port that is not a number
        return None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        return None
    host = parts.hostname.lower()
    netloc = host + (f":{port}" if port else "")
    scheme = parts.scheme.lower()
    path = parts.path
    bare = host.removeprefix("www.")
    if bare in CODE_HOSTS or bare in HUB_HOSTS:
        scheme, netloc = "https", bare
        path = path.rstrip("/")
        if path.endswith(".git"):
            path = path[:-4]
    elif path == "/":
        path = ""
    return urlunsplit((scheme, netloc, path, parts.query, parts.fragment))


def code_repo(url: str) -> CodeRepo | None:
    """The repository a normalised URL points into (``/owner/repo/tree/main`` counts), or None."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if host not in CODE_HOSTS:
        return None
    segments = [s for s in parts.path.split("/") if s]
    if host == "gitlab.com" and "-" in segments:  # /group/sub/project/-/tree/main
        segments = segments[: segments.index("-")]
    elif host != "gitlab.com":
        segments = segments[:2]
    if len(segments) < 2:
        return None
    owner, repo = "/".join(segments[:-1]), segments[-1].removesuffix(".git")
    if host == "git.sr.ht" and not owner.startswith("~"):
        return None
    return CodeRepo(f"https://{host}/{owner}/{repo}", host, owner, repo)


def hub_ref(url: str) -> HubRef | None:
    """A Hugging Face model, dataset or space a normalised URL points to, or None."""
    parts = urlsplit(url)
    if (parts.hostname or "") not in HUB_HOSTS:
        return None
    segments = [s for s in parts.path.split("/") if s]
    kind = "model"
    if segments and segments[0] in ("datasets", "spaces"):
        kind = segments[0][:-1]
        segments = segments[1:]
    elif segments and segments[0] in _HUB_RESERVED:
        return None
    if len(segments) < 2:
        return None
    name = "/".join(segments[:2])
    prefix = "" if kind == "model" else f"{kind}s/"
    return HubRef(f"https://huggingface.co/{prefix}{name}", kind, name)


def link_kind(url: str) -> str:
    """``code``, ``project``, ``paper``, ``data`` or ``other`` for a normalised URL."""
    host = urlsplit(url).hostname or ""
    bare = host.removeprefix("www.")
    if bare in CODE_HOSTS:
        return "code" if code_repo(url) else "other"
    if bare in HUB_HOSTS:  # models and datasets are data/model; a Space is a demo app
        return "project" if urlsplit(url).path.startswith("/spaces/") else "data"
    if bare in ("doi.org", "dx.doi.org") and urlsplit(url).path.startswith(_DATA_DOI_PREFIXES):
        return "data"
    if bare in PAPER_HOSTS or host in PAPER_HOSTS:
        return "paper"
    if bare in DATA_HOSTS:
        return "data"
    if any(host.endswith(s) for s in PROJECT_SUFFIXES):
        return "project"
    return "other"


def extract_links(tokens: tuple[Token, ...]) -> tuple[tuple[Link, ...], tuple[CodeRepo, ...],
                                                       tuple[HubRef, ...]]:
    """All links of an abstract, deduplicated, in order of first appearance.

    Returns:
        ``(links, code, hub)``: every http(s) link with its kind; one ``CodeRepo`` per
        repository (GitHub-style owner/repo compared case-insensitively, as the forges do);
        one ``HubRef`` per Hugging Face artefact.
    """
    links: dict[str, Link] = {}
    repos: dict[tuple[str, str, str], CodeRepo] = {}
    hubs: dict[str, HubRef] = {}
    for raw in iter_urls(tokens):
        url = normalize_url(raw)
        if url is None:
            continue
        repo = code_repo(url)
        if repo is not None:
            key = (repo.host, repo.owner.lower(), repo.repo.lower())
            if key in repos:
                continue  # same repository in another spelling: one link, one badge
            repos[key] = repo
            url = repo.url if url.lower() == repo.url.lower() else url
        hub = hub_ref(url)
        if hub is not None:
            hubs.setdefault(hub.url.lower(), hub)
        links.setdefault(url, Link(url, link_kind(url)))
    return tuple(links.values()), tuple(repos.values()), tuple(hubs.values())


def code_status(code: tuple[CodeRepo, ...], plain: str) -> str:
    """``available`` when a repository is linked, ``promised`` when the text promises code
    ("code will be released upon acceptance"), else ``none``."""
    if code:
        return "available"
    return "promised" if _PROMISE.search(plain) else "none"
