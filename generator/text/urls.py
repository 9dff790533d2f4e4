"""The one URL model: how an abstract's URL is repaired, normalised and classified.

Used by the tokenizer (``generator.text.markup``: where a URL is), extraction
(``generator.extract.links``: links, code repositories, Hub artefacts, kinds) and rendering
(``generator.render.markdown``: the ``href`` of every link), so a URL is the same resource
everywhere.

Repairs, for the ways real abstracts write URLs:

* LaTeX escapes inside a URL: ``\\_``, ``\\%``, ``\\#``, ``\\&``; a tilde written the LaTeX way
  (``\\~{}``, ``\\textasciitilde``, ``$\\sim$``, ``{\\sim}``) is ``~``;
* a doubled or broken scheme (``https://https://``, ``http://https://``, ``https//``,
  ``https: //``, ``https:/``) becomes one ``https://``;
* no scheme: ``www.`` and the known hosts (``KNOWN_SCHEMELESS``, e.g. ``github.com/o/r``)
  get ``https://``.

Normalisation: parsed and normalised by yarl (RFC 3986: host lower-cased and IDNA-encoded,
default port dropped, dot segments resolved, percent-escapes of unreserved characters
decoded); for forge and Hub URLs also ``https``, no ``www.``, no ``.git`` suffix and no
trailing slash. Only ``http``/``https`` URLs with a host are links: no ``javascript:``,
``data:`` or ``vbscript:`` URL is ever produced.

Forge layouts (``code_repo``): GitHub, Bitbucket, Codeberg, Gitee: ``/owner/repo/...``, where a
first segment that is one of the forge's own pages (``RESERVED_OWNERS``: ``features``,
``orgs``, ``advisories`` ...) is no owner; GitLab (gitlab.com and any ``gitlab.*`` host):
``/group/.../project``, cut at ``/-/`` or at a page name (``tree``, ``blob``, ``issues`` ...);
SourceHut: ``/~user/repo``; the anonymised mirror of a submission's code
(anonymous.4open.science): ``/r/name``.
"""

from __future__ import annotations

import ipaddress
import re
import string
from dataclasses import dataclass
from urllib.parse import quote, urlsplit

from yarl import URL

from generator.records import CodeRepo, HubRef

# Forges whose URLs name a repository, and how a badge names each.
FORGE_LABELS = {"github.com": "GitHub", "gitlab.com": "GitLab", "bitbucket.org": "Bitbucket",
                "codeberg.org": "Codeberg", "gitee.com": "Gitee", "git.sr.ht": "SourceHut",
                "anonymous.4open.science": "Anonymous"}
CODE_HOSTS = tuple(FORGE_LABELS)
HUB_HOSTS = ("huggingface.co", "hf.co")
# First path segments that are a forge's own pages, never a repository's owner (GitHub's,
# GitLab's, Bitbucket's and Codeberg's site maps).
RESERVED_OWNERS: dict[str, frozenset[str]] = {
    "github.com": frozenset((
        "about", "account", "advisories", "apps", "blog", "collections", "contact", "codespaces",
        "customer-stories", "dashboard", "discussions", "education", "enterprise", "events",
        "explore", "features", "git-guides", "home", "issues", "join", "login", "logout",
        "marketplace", "mobile", "new", "notifications", "open-source", "organizations", "orgs",
        "pricing", "pulls", "readme", "resources", "search", "security", "sessions", "settings",
        "signup", "site", "solutions", "sponsors", "stars", "team", "topics", "trending",
        "users", "watching")),
    "gitlab": frozenset(("explore", "help", "users", "dashboard", "groups", "projects", "admin",
                         "search", "api", "-")),
    "bitbucket.org": frozenset(("product", "account", "dashboard", "repo", "blog", "site")),
    "codeberg.org": frozenset(("explore", "user", "org", "api", "repo")),
    "gitee.com": frozenset(("explore", "enterprises", "help", "organizations", "search",
                            "features")),
}
# GitLab page names after a project's path when the ``/-/`` separator is left out.
_GITLAB_PAGES = frozenset(("tree", "blob", "raw", "issues", "merge_requests", "wikis", "commits",
                           "commit", "releases", "tags", "branches", "pipelines", "snippets"))
# First path segments of huggingface.co: Hub artefacts, and pages of the site itself.
_HUB_KINDS = {"datasets": "dataset", "spaces": "space"}
_HUB_PAPERS = "papers"
_HUB_RESERVED = frozenset(("docs", "blog", "papers", "models", "collections", "organizations",
                           "learn", "pricing", "settings", "login", "join", "tasks", "posts",
                           "chat", "api", "enterprise", "courses", "changelog"))
PAPER_HOSTS = ("arxiv.org", "doi.org", "dx.doi.org", "openreview.net", "aclanthology.org",
               "proceedings.neurips.cc", "proceedings.mlr.press", "papers.nips.cc",
               "ieeexplore.ieee.org", "dl.acm.org", "link.springer.com", "biorxiv.org",
               "medrxiv.org", "ssrn.com", "semanticscholar.org", "papers.ssrn.com")
DATA_HOSTS = ("zenodo.org", "kaggle.com", "figshare.com", "paperswithcode.com",
              "drive.google.com", "dataverse.harvard.edu", "physionet.org")
# DOI prefixes of data repositories (Zenodo, Figshare, Dryad, PANGAEA): their DOIs name data.
_DATA_DOI_PREFIXES = ("/10.5281/", "/10.6084/", "/10.5061/", "/10.1594/")
PROJECT_SUFFIXES = (".github.io", ".gitlab.io", ".pages.dev", ".netlify.app", ".vercel.app",
                    "sites.google.com", ".readthedocs.io")
# Hosts whose URLs authors write without a scheme ("Our code is at github.com/o/r").
_HTTPS_HOSTS = frozenset(("arxiv.org", "doi.org", "dx.doi.org", "openreview.net", "zenodo.org",
                          "aclanthology.org", "proceedings.mlr.press", "proceedings.neurips.cc"))
KNOWN_SCHEMELESS = (*CODE_HOSTS, *HUB_HOSTS, "arxiv.org")

_LATEX_TILDE = re.compile(r"\$\s*\\sim\s*\$|\{\\sim\}|\\textasciitilde(?:\{\})?|\\~(?:\{\})?")
_LATEX_ESCAPE = re.compile(r"\\([_%#&])")
# Repeated, glued or broken schemes before the real one: keep one https:// or http://.
_SCHEMES = re.compile(r"^(?:(?:https?|ttps?)\s?:?\s?/+\s?)*(https?)\s?:?\s?/+\s?", re.IGNORECASE)
_SCHEMELESS = re.compile(
    r"^(?:www\.|(?:" + "|".join(re.escape(h) for h in KNOWN_SCHEMELESS) + r")/)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class WebLink:
    """One URL classified: its normalised form, kind, and the repository or Hub artefact it
    points into (``None`` when it points into none)."""

    url: str
    kind: str
    repo: CodeRepo | None
    hub: HubRef | None


def repair_url(raw: str) -> str:
    """The URL an author meant (module docstring, "Repairs"); unrecognisable input comes back
    stripped of LaTeX escapes, otherwise unchanged."""
    url = raw.strip().strip("<>")
    url = _LATEX_ESCAPE.sub(r"\1", _LATEX_TILDE.sub("~", url))
    m = _SCHEMES.match(url)
    if m:
        return f"{m.group(1).lower()}://{url[m.end():]}"
    if _SCHEMELESS.match(url):
        return "https://" + url
    return url


def normalize_url(raw: str) -> str | None:
    """Canonical form of one URL as written, or ``None`` if it is not an http(s) URL.

    >>> normalize_url("https://github.com/miccunifi/lambda\\\\_orthogonality.git")
    'https://github.com/miccunifi/lambda_orthogonality'
    """
    return raw if _already_normal(raw) else _normalize(raw)


def _normalize(raw: str) -> str | None:
    """``normalize_url`` by parsing (yarl), for any URL."""
    written = repair_url(raw)
    url = _parse(written)
    if url is None:
        return None
    written_parts = urlsplit(written)
    tail = (_rfc3986_component(written_parts.query), _rfc3986_component(written_parts.fragment))
    host = url.host or ""
    bare = host.removeprefix("www.")
    if _forge(bare) or bare in HUB_HOSTS:
        path = url.raw_path.rstrip("/").removesuffix(".git")
        url = url.with_scheme("https").with_host(bare).with_port(None)
        return _unsplit(url, path, *tail)
    if bare in _HTTPS_HOSTS or host.endswith(PROJECT_SUFFIXES):
        # These hosts serve HTTPS only (an http:// link is redirected): one spelling.
        url = url.with_scheme("https")
    # Other hosts are kept as written: rewriting their scheme or host could break the link.
    return _unsplit(url, "" if url.raw_path == "/" else url.raw_path, *tail)


# A URL that normalisation leaves as it is (most URLs of metadata exports): a lower-case
# host name of two or more labels, no port, userinfo, query, fragment, trailing slash, dot
# segment or IDNA label (xn--), a path of unreserved characters only (RFC 3986, 2.3).
# ``_already_normal`` adds the host rules of ``normalize_url``; yarl's parse costs ~50
# microseconds a URL.
_LABEL = r"[a-z0-9]+(?:-+[a-z0-9]+)*"  # no hyphen first or last (63 at most: checked)
_PLAIN = re.compile(rf"(https?)://({_LABEL}(?:\.{_LABEL})+)"
                    r"((?:/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*)")


def _already_normal(raw: str) -> bool:
    """True when ``normalize_url(raw)`` is ``raw`` itself, decided without parsing: ``raw``
    is a ``_PLAIN`` URL whose host needs no rewrite (a forge or Hub URL already ``https``,
    without ``www.`` and ``.git``; an HTTPS-only host already ``https``)."""
    m = _PLAIN.fullmatch(raw)
    if m is None or "xn--" in raw:  # an IDNA label is checked by parsing it
        return False
    scheme, host, path = m.groups()
    if len(host) > 63 and max(map(len, host.split("."))) > 63:
        return False
    if _forge(host.removeprefix("www.")) or host.removeprefix("www.") in HUB_HOSTS:
        return scheme == "https" and not host.startswith("www.") and not path.endswith(".git")
    if host.removeprefix("www.") in _HTTPS_HOSTS or host.endswith(PROJECT_SUFFIXES):
        return scheme == "https"
    return True


def _parse(url: str) -> URL | None:
    try:
        parsed = URL(url)
        if parsed.scheme not in ("http", "https") or not _valid_host(parsed.raw_host or ""):
            return None
        parsed.port  # noqa: B018 - raises ValueError for a port that is not a number
        parsed.host  # noqa: B018 - raises UnicodeError for a label that is not IDNA
    except (ValueError, TypeError, UnicodeError):  # "http://[", bad IDNA, ...
        return None
    return parsed


# A host name (RFC 1123 labels, and the "_" that real hosts use), as yarl gives it: yarl
# keeps spaces, "<" or '"' in a host as written ("https://exa mple.com").
_HOST_NAME = re.compile(r"(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.)*"
                        r"[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.?", re.IGNORECASE)


def _valid_host(host: str) -> bool:
    """A host name or an IP address (IPv6 without its brackets, as yarl gives it)."""
    if _HOST_NAME.fullmatch(host):
        return True
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


# RFC 3986, 2.3 and 6.2.2.2: only a percent-escape of an unreserved character may be decoded;
# a query or fragment may hold the other characters below as written (3.4, 3.5).
_UNRESERVED = frozenset(string.ascii_letters + string.digits + "-._~")
_COMPONENT_SAFE = "!$&'()*+,;=:@/?%"
_PERCENT = re.compile(r"%([0-9A-Fa-f]{2})")
_LONE_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")


def _rfc3986_component(text: str) -> str:
    """A query or fragment as written, changed only as RFC 3986 allows (6.2.2): escapes of
    unreserved characters decoded, other escapes' hex digits upper-cased; what a URL cannot
    hold (a space, non-ASCII, a ``%`` that starts no escape) percent-encoded as UTF-8.
    ``"q=A%2fb&n=%7e"`` -> ``"q=A%2Fb&n=~"`` (yarl would decode ``%2f`` to ``/``)."""
    text = quote(_LONE_PERCENT.sub("%25", text), safe=_COMPONENT_SAFE)

    def one(m: re.Match) -> str:
        char = chr(int(m.group(1), 16))
        return char if char in _UNRESERVED else f"%{m.group(1).upper()}"

    return _PERCENT.sub(one, text)


def _unsplit(url: URL, raw_path: str, query: str, fragment: str) -> str:
    """``url`` as text with ``raw_path`` as its (already encoded) path and ``query`` and
    ``fragment`` as written (``_rfc3986_component``: yarl's re-quoted ones decode reserved
    characters, ``%2F`` -> ``/``, which may change what the server is asked for)."""
    port = "" if url.explicit_port is None or url.is_default_port() else f":{url.port}"
    host = url.raw_host or ""
    host = f"[{host}]" if ":" in host else host  # an IPv6 address keeps its brackets
    head = f"{url.scheme}://{host}{port}"
    return head + raw_path + (f"?{query}" if query else "") + (f"#{fragment}" if fragment
                                                                 else "")


def _forge(host: str) -> str | None:
    """The forge key of a host (``RESERVED_OWNERS``' keys; ``"gitlab"`` for any GitLab)."""
    if host == "gitlab.com" or host.startswith("gitlab."):
        return "gitlab"
    if host == "raw.githubusercontent.com":
        return "github.com"
    return host if host in FORGE_LABELS else None


def forge_label(host: str) -> str:
    """How a badge names a forge host: ``GitHub``, ``GitLab`` (any GitLab), ..., or the host."""
    return FORGE_LABELS.get(host) or ("GitLab" if _forge(host) == "gitlab" else host)


def code_repo(url: str) -> CodeRepo | None:
    """The repository a normalised URL points into (deep paths included), or ``None``."""
    parsed = _parse(url)
    if parsed is None:
        return None
    host = parsed.host or ""
    forge = _forge(host)
    if forge is None:
        return None
    segments = [s for s in parsed.path.split("/") if s]
    if host == "anonymous.4open.science":
        return _anonymous_repo(host, segments)
    # Owner and repository; a GitLab group path nests (no call for the common forges).
    segments = _gitlab_segments(segments) if forge == "gitlab" else segments[:2]
    if len(segments) < 2 or segments[0].lower() in RESERVED_OWNERS.get(forge, ()):
        return None
    if host == "raw.githubusercontent.com":
        host = "github.com"
    owner, repo = "/".join(segments[:-1]), segments[-1].removesuffix(".git")
    if host == "git.sr.ht" and not owner.startswith("~"):
        return None
    return CodeRepo(f"https://{host}/{owner}/{repo}", host, owner, repo)


def _anonymous_repo(host: str, segments: list[str]) -> CodeRepo | None:
    """An Anonymous GitHub repository (``/r/<id>``; it has no owner), or ``None``."""
    if len(segments) < 2 or segments[0] != "r":
        return None
    return CodeRepo(f"https://{host}/r/{segments[1]}", host, "", segments[1])


def _gitlab_segments(segments: list[str]) -> list[str]:
    """The path segments of a GitLab URL that name the repository: the group path up to
    ``-`` or one of GitLab's page names (groups nest)."""
    cut = next((i for i, s in enumerate(segments) if s == "-" or s in _GITLAB_PAGES),
               len(segments))
    return segments[:cut]


def hub_ref(url: str) -> HubRef | None:
    """A Hugging Face model, dataset or space a normalised URL points to, or ``None``."""
    parsed = _parse(url)
    if parsed is None or (parsed.host or "") not in HUB_HOSTS:
        return None
    segments = [s for s in parsed.path.split("/") if s]
    kind = "model"
    if segments and segments[0] in _HUB_KINDS:
        kind = _HUB_KINDS[segments[0]]
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
    parsed = _parse(url)
    host = (parsed.host or "") if parsed is not None else ""
    bare = host.removeprefix("www.")
    path = parsed.path if parsed is not None else ""
    if _forge(bare):
        if code_repo(url):
            return "code"
        return "project" if bare == "anonymous.4open.science" else "other"
    if bare in HUB_HOSTS:
        return _hub_kind(url, path)
    if bare in ("doi.org", "dx.doi.org") and path.startswith(_DATA_DOI_PREFIXES):
        return "data"
    if bare in PAPER_HOSTS or host in PAPER_HOSTS:
        return "paper"
    if bare in DATA_HOSTS:
        return "data"
    if any(host.endswith(s) for s in PROJECT_SUFFIXES):
        return "project"
    return "other"


def _hub_kind(url: str, path: str) -> str:
    """``link_kind`` of a Hugging Face URL (``path``: its path)."""
    first = path.strip("/").split("/", 1)[0]
    if first == _HUB_PAPERS:  # huggingface.co/papers/<arXiv id>: a paper's page
        return "paper" if path.strip("/") != _HUB_PAPERS else "other"
    if first == "spaces":  # a demo app
        return "project"
    return "data" if hub_ref(url) else "other"  # models, datasets; docs, blog: other


def classify(raw: str) -> WebLink | None:
    """Normalise and classify one URL as written; ``None`` when it is not an http(s) URL.
    A URL into a repository or Hub artefact carries it; a URL that is exactly a repository's
    (up to case) is spelled as the canonical repository URL."""
    url = normalize_url(raw)
    if url is None:
        return None
    repo = code_repo(url)
    if repo is not None and url.lower() == repo.url.lower():
        url = repo.url
    return WebLink(url, link_kind(url), repo, hub_ref(url))
