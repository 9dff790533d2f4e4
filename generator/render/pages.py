"""Step 4, render: ``Paper`` entries -> the generated files of ``docs_dir`` (path -> text).

Pages are Jinja2 templates (``render/templates``) fed with data, never with abstract text as
template source. Front matter is written with ``yaml.safe_dump`` (titles contain colons and
quotes; MkDocs silently drops front matter it cannot parse). Every page but the home page is
the ``index.md`` of its own folder (``papers/<slug>/index.md`` for ``papers/<slug>/``), so a
relative link means the same against the page's file as against its address: MkDocs leaves
raw HTML links as written, Zensical resolves them against the Markdown file, and both agree.
Paper pages live under ``papers/`` and are kept out of the nav; collection listings are split
into pages of ``PAGE_SIZE`` papers so no listing grows without bound. Each paper page lists
its related papers (computed earlier by ``generator.related``); ``stats/index.md`` draws the
site's counts as static SVG charts (``generator.render.charts``), each followed by its data
as a table.
"""

from __future__ import annotations

import functools
import hashlib
import html
import json
import posixpath
import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import urlsplit

import yaml
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from slugify import slugify

from generator.catalog import distinct_slug
from generator.infra.cache import text_digest
from generator.read.venues import series_of_venue
from generator.records import Link, Metadata, Paper, PaperFacts
from generator.render.authors import author_key, authors_of
from generator.render.charts import Bar, bar_chart, data_table, heat_map
from generator.render.cite import bibtex_entry, page_address, reference
from generator.render.feed import render_feed
from generator.render.html import paragraphs, render_html
from generator.render.markdown import escape_markdown
from generator.render.reader import ReaderFiles, listing_feed, reader_files
from generator.render.redirects import redirect_page, redirect_path
from generator.render.search import VOCABULARY, search_aliases, vocabulary
from generator.text.markup import plain_text, tokenize
from generator.text.urls import FORGE_LABELS, forge_label, hub_ref

PAGE_SIZE = 200
# The front page's bounded lists: cards, collections, tags and papers with code shown.
FEATURED = 9
HOME_COLLECTIONS = 8
HOME_TAGS = 12
HOME_CODE = 6
# libyaml's safe dumper when PyYAML was built with it (same output, several times faster).
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
DESCRIPTION_MAX = 300
_TEMPLATES = Path(__file__).parent / "templates"
class _HostLabels(dict):
    """Forge host -> badge label (``generator.text.urls.forge_label``: any GitLab host too)."""

    def __missing__(self, host: str) -> str:
        return forge_label(host)


HOST_LABELS = _HostLabels(FORGE_LABELS)


@dataclass(frozen=True, slots=True)
class Site:
    """Site-wide facts the templates need: the tag vocabulary (name -> slug, in taxonomy
    order) and the collections (name -> slug, in input order)."""

    tags: tuple[tuple[str, str], ...]
    collections: tuple[tuple[str, str], ...]


@functools.cache  # one compiled set of templates per process (mkdocs serve regenerates often)
def _env() -> Environment:
    env = Environment(loader=FileSystemLoader(_TEMPLATES), autoescape=False,
                      undefined=StrictUndefined, keep_trailing_newline=True,
                      trim_blocks=True, lstrip_blocks=True)
    env.filters["md"] = escape_markdown
    env.filters["html"] = lambda s: html.escape(str(s), quote=True)
    # Element text (not attribute values): quotes stay literal, which keeps the papers.json entry
    # readable in the page source and cheaper for the HTML parsers of the build.
    env.filters["text"] = lambda s: html.escape(str(s), quote=False)
    env.filters["plain"] = plain_text
    env.filters["link_label"] = link_label
    env.globals.update(paper_labels=PAPER_LABELS, paper_titles=PAPER_TITLES,
                       paper_link_name=paper_link_name, byline_parts=byline_parts,
                       markdown_part=MARKDOWN_PART, listing_feed=listing_feed)
    return env


# Badges of the links to the paper itself (``PaperFacts.paper_links``): label and tooltip.
PAPER_LABELS = {"arxiv": "arXiv", "pdf": "PDF", "doi": "DOI", "openreview": "OpenReview",
                "page": "Paper"}
PAPER_TITLES = {"arxiv": "The paper on arXiv", "pdf": "The paper as PDF",
                "doi": "The paper's DOI (resolver link)",
                "openreview": "The paper's OpenReview forum", "page": "The paper's own page"}


def paper_link_name(link: Link, f: PaperFacts) -> str:
    """What a paper-link badge names after its label: the arXiv id, the DOI, ``forum``, or the
    host of a PDF or page."""
    meta = f.abstract.meta
    if link.kind == "arxiv":
        return meta.arxiv_id
    if link.kind == "doi":
        return meta.doi
    if link.kind == "openreview":
        return "forum"
    return (urlsplit(link.url).hostname or "").removeprefix("www.")


def byline_parts(f: PaperFacts, meta: Metadata) -> list[str]:
    """The venue and date shown after the authors, and the status a record states
    (``Withdrawn``, ``Desk-rejected``, ``Retracted``: ``Metadata.status``); the year alone is
    left out when the venue names it already (``NeurIPS 2017``)."""
    parts = [f.venue] if f.venue else []
    date = meta.date or (str(meta.year) if meta.year else "")
    if date and not (date == str(meta.year) and date in f.venue):
        parts.append(date)
    if meta.status:
        parts.append(meta.status.capitalize())
    return parts


def link_label(link: Link) -> str:
    """The kind a paper page shows beside a link: ``model``, ``dataset`` or ``space`` for a
    Hugging Face artefact (``generator.text.urls.hub_ref``), else the link's kind (``code``,
    ``project``, ``paper``, ``data``, ``other``)."""
    ref = hub_ref(link.url)
    return ref.kind if ref is not None else link.kind


def _count(n: int, word: str) -> str:
    """``1 paper``, ``2 papers``, ``1,200 papers``."""
    return f"{n:,} {word}{'s' if n != 1 else ''}"


def paper_entry(paper: Paper) -> dict:
    """The ``papers.json`` object of a paper (keys and meaning: README "Data export")."""
    f = paper.facts
    meta = f.abstract.meta
    return {
        "id": f.id,
        "slug": paper.slug,
        "url": paper.url,
        "title": paper.title,
        "derived_title": f.derived_title or None,
        "authors": list(f.authors),
        "venue": f.venue or None,
        "year": meta.year,
        "date": meta.date or None,
        "status": meta.status or None,
        "doi": meta.doi or None,
        "arxiv_id": meta.arxiv_id or None,
        "openreview_id": meta.openreview_id or None,
        "collection": f.abstract.collection,
        "sources": [{"file": s.file, "abstract": s.abstract, "line": s.line, "key": s.key or None}
                    for s in f.abstract.sources],
        "abstract": f.abstract.text,
        "highlight": f.plain_highlight or plain_text(f.highlight),
        "tags": list(f.tags),
        "keywords": list(meta.keywords),
        "paper_links": [{"url": link.url, "kind": link.kind} for link in f.paper_links],
        "links": [{"url": link.url, "kind": link.kind} for link in f.links],
        "code": [{"url": c.url, "host": c.host, "owner": c.owner, "repo": c.repo}
                 for c in f.code],
        "hub": [{"url": h.url, "kind": h.kind, "name": h.name} for h in f.hub],
        "code_status": f.code_status,
        "name": f.name,
        "entities": {"models": list(f.entities.models),
                     "benchmarks": list(f.entities.benchmarks),
                     "numbers": list(f.entities.numbers)},
    }


def paper_path(paper: Paper) -> str:
    """A paper page's file in docs_dir: ``papers/<slug>/index.md`` (address ``papers/<slug>/``)."""
    return f"papers/{paper.slug}/index.md"


def front_matter(data: dict) -> str:
    """``---``-fenced YAML; safe_dump quotes anything an abstract could smuggle in.

    ``title`` and ``description`` are HTML-escaped: Material prints ``page.meta`` values
    unescaped into ``<title>``, the header and ``<meta name="description">``.
    """
    data = {k: html.escape(v, quote=True) if k in ("title", "description") and
            isinstance(v, str) else v for k, v in data.items()}
    return "---\n" + yaml.dump(data, Dumper=_DUMPER, allow_unicode=True, sort_keys=False,
                               width=10_000) + "---\n"


_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def read_front_matter(text: str) -> tuple[dict, str]:
    """``(front matter, body)`` of a page ``front_matter`` began: the YAML between the
    ``---`` fences (libyaml's safe loader when PyYAML has it) and the text after them, blank
    lines stripped, as MkDocs reads a page; ``({}, text)`` when there is none."""
    if not text.startswith("---\n"):
        return {}, text
    head, fence, body = text[4:].partition("\n---\n")
    data = yaml.load(head + "\n", Loader=_LOADER) if fence else None
    if not isinstance(data, dict):
        return {}, text
    return data, body.lstrip("\n")


def _visible(text: str, paragraph: str = "") -> str:
    """HTML for one abstract or highlight; when nothing visible would remain (an abstract
    that is only a TeX tie ``~``), its source in a code span, so no text is silently lost.
    With ``paragraph`` (the ``<p ...>`` start tag the template opens the abstract with),
    each further paragraph of the text (``generator.render.html.paragraphs``) closes the one
    before and opens its own, so the page shows the abstract's paragraphs."""
    if paragraph:
        rendered = f"</p>{paragraph}".join(
            shown for part in paragraphs(tokenize(text)) if (shown := render_html(part)))
    else:
        rendered = render_html(tokenize(text))
    if rendered.strip() or not text.strip():
        return rendered
    return f'<code class="pd-tex">{html.escape(text.strip())}</code>'


# The start tag of the abstract's paragraphs (paper.md.j2 opens the first).
_ABSTRACT_P = '<p class="pd-abstract">'


# Where a generated page's finished HTML ends and Markdown begins (a tag page's listing of
# Material's tags plugin, whose directive only Python-Markdown renders); an HTML comment, so
# an engine that renders the whole file as Markdown shows nothing of it.
MARKDOWN_PART = "<!-- paper-digest: Markdown from here -->"
def page_url(src: str, directory_urls: bool = True) -> str:
    """The address MkDocs gives the page ``src`` (a path in docs_dir) or the file ``src``, by
    its documented ``use_directory_urls`` rule: ``papers/x.md`` -> ``papers/x/`` (or
    ``papers/x.html``), ``tags/index.md`` -> ``tags/`` (``tags/index.html``), ``index.md``
    -> ``""`` (``index.html``); any other file keeps its path (``papers.json``)."""
    if not src.endswith(".md"):
        return src
    stem = src[:-3]
    if not directory_urls:
        return f"{stem}.html"
    if stem == "index" or stem.endswith("/index"):
        return stem[:-5]
    return f"{stem}/"


@dataclass(frozen=True, slots=True)
class Links:
    """The links of one generated page: ``links("papers/x/index.md")`` is the relative address of
    that page (or file) from this one, for the site's URL style (MkDocs'
    ``use_directory_urls``), which the generator writes itself because nothing rewrites the
    HTML of its pages afterwards."""

    page: str
    directory_urls: bool = True

    def paper(self, p: Paper) -> str:
        """The relative address of paper ``p``'s page."""
        return self(paper_path(p))

    def __call__(self, target: str) -> str:
        here = page_url(self.page, self.directory_urls)
        if target == self.page:
            return "./" if self.directory_urls else posixpath.basename(here)
        # Up only to the folder both share (papers/a/ -> papers/b/ is ../b/, not
        # ../../papers/b/: seven such links on every paper page), never above the root.
        folders, parts = here.split("/")[:-1], page_url(target, self.directory_urls).split("/")
        shared = 0
        while (shared < len(folders) and shared < len(parts) - 1
               and folders[shared] == parts[shared]):
            shared += 1
        return "../" * (len(folders) - shared) + "/".join(parts[shared:]) or "./"


def paper_headings(p: Paper, related: list[Paper]) -> dict[str, tuple[int, str]]:
    """A paper page's headings, in order: id -> (level, title as HTML); the page's sections
    are exactly these (paper.md.j2), and its table of contents is made from them."""
    f = p.facts
    sections = {
        "abstract": bool(f.abstract.text), "links": bool(f.links),
        "named-in-the-abstract": bool(f.entities.models or f.entities.benchmarks
                                      or f.entities.numbers),
        "related-papers": bool(related), "source": True, "cite": True}
    titles = {"abstract": "Abstract", "links": "Links",
              "named-in-the-abstract": "Named in the abstract",
              "related-papers": "Related papers", "source": "Source", "cite": "Cite"}
    first = p.slug if p.slug not in titles else f"{p.slug}-title"
    return {first: (1, html.escape(p.title, quote=False)),
            **{key: (2, titles[key]) for key, shown in sections.items() if shown}}


def _title_heading(path: str, title: str) -> dict[str, tuple[int, str]]:
    """A listing's one heading (its title), with the id its file's name gives it."""
    return {slugify(title) or Path(path).stem: (1, html.escape(title, quote=False))}


@dataclass(frozen=True, slots=True)
class PlannedFile:
    """One generated file, not rendered yet.

    Attributes:
        path: relative POSIX path in ``docs_dir`` (``"papers/fastvid-.../index.md"``).
        key: SHA-256 of everything the file is made from (templates and taxonomy aside,
            which the build cache's fingerprint covers), for the files worth not rendering
            again (paper pages and listings); ``None`` for the few others.
        render: makes the file's text.
        headings: for a page whose body is finished HTML (``HTML_PAGES``), its headings
            (id -> level and title as HTML), as the page shows them; ``None`` for a page
            of Markdown or a data file.
    """

    path: str
    key: str | None
    render: Callable[[], str]
    headings: Mapping[str, tuple[int, str]] | None = None


def plan_site(papers: tuple[Paper, ...], tags: tuple[str, ...],
              site_name: str = "Paper digest",
              related: Mapping[str, tuple[str, ...]] | None = None,
              updated: datetime | None = None,
              tag_descriptions: Mapping[str, str] | None = None,
              site_url: str | None = None,
              directory_urls: bool = True,
              seen: Mapping[str, str] | None = None,
              redirects: Mapping[str, str] | None = None) -> list[PlannedFile]:
    """Every generated file of the docs folder, to be rendered by whoever needs its text.

    Args:
        papers: the catalog, in input order.
        tags: the taxonomy's tag names, in taxonomy order.
        site_name: shown on the home page.
        related: paper id -> ids of its related papers, best first (``generator.related``);
            ``None`` or a missing id: the page has no "Related papers" section.
        updated: the time stamped on the Atom feed (default: the Unix epoch, so output stays
            deterministic).
        tag_descriptions: tag -> when it applies (the taxonomy's description), shown on the
            tag pages and the tags index.
        site_url: where the site is published (MkDocs' ``site_url``); when set, the cite
            block and the feed give absolute addresses.
        directory_urls: MkDocs' ``use_directory_urls``: the style of the pages' links
            (``Links``).
        seen: paper id -> the ISO day it first appeared in the digest (``Address.seen``),
            which dates an undated paper in the feeds.
        redirects: old slug -> slug of the paper now at that address
            (``generator.addresses.plan_addresses``): a forwarding page each.

    Returns:
        ``PlannedFile`` per generated file: paper pages and their JSON entries, listings,
        index pages, statistics, feed, ``papers.json`` and the forwarding pages of old
        addresses.
    """
    env = _env()
    collections, ctx = _site_context(papers, tags, tag_descriptions)
    plan = _Plan(env, ctx, site_url, directory_urls)
    # Each papers.json entry is serialised once, compactly (json's C encoder; indent= would use the
    # much slower pure-Python one): hashed for the page's key and written as one
    # line of papers.json.
    entry_dicts = {p.id: paper_entry(p) for p in papers}
    entries = {pid: json.dumps(d, ensure_ascii=False, separators=(",", ":"))
               for pid, d in entry_dicts.items()}
    digests = paper_digests(papers, entries)
    out = _paper_files(plan, papers, collections, related or {}, digests)
    tagged: dict[str, list[Paper]] = {t: [] for t in tags}
    for p in papers:
        for t in p.facts.tags:
            tagged[t].append(p)
    with_code = [p for p in papers if p.facts.code_status == "available"]
    promised = [p for p in papers if p.facts.code_status == "promised"]
    out += _listing_files(plan, papers, collections, tagged, with_code, promised)
    out += _index_files(plan, papers, tags, collections, with_code, promised, site_name,
                        updated or datetime.fromtimestamp(0, tz=timezone.utc), seen, entries)
    out += _reader_and_redirect_files(plan, papers, tags, tagged, collections, entry_dicts,
                                      site_name, updated, seen, digests, redirects)
    return out


def _site_context(papers: tuple[Paper, ...], tags: tuple[str, ...],
                  tag_descriptions: Mapping[str, str] | None,
                  ) -> tuple[dict[str, list[Paper]], dict]:
    """The papers by collection (input order) and the context every template is rendered
    with (slugs, tag descriptions, the listings' highlights)."""
    tag_slugs = {t: slugify(t) for t in tags}
    collections: dict[str, list[Paper]] = {}
    for p in papers:
        collections.setdefault(p.facts.abstract.collection, []).append(p)
    coll_slugs = _collection_slugs(list(collections))
    site = Site(tuple(tag_slugs.items()), tuple(coll_slugs.items()))
    descriptions = dict(tag_descriptions or {})
    highlights: dict[str, str] = {}

    def highlight_html(p: Paper) -> str:
        """The highlight as HTML for listings (math typeset), rendered once per paper."""
        if p.id not in highlights:
            highlights[p.id] = _visible(p.facts.highlight)
        return highlights[p.id]

    ctx = {"site": site, "tag_slugs": tag_slugs, "descriptions": descriptions,
           "highlight_html": highlight_html,
           "coll_slugs": coll_slugs, "host_labels": HOST_LABELS, "front_matter": front_matter}
    return collections, ctx


@dataclass(frozen=True, slots=True)
class _Plan:
    """What every planned page of one ``plan_site`` call is rendered with: the template
    environment, the templates' shared context, and the site's address and link style."""

    env: Environment
    ctx: dict
    site_url: str | None
    directory_urls: bool


def _reader_and_redirect_files(plan: _Plan, papers: tuple[Paper, ...], tags: tuple[str, ...],
                               tagged: dict[str, list[Paper]],
                               collections: dict[str, list[Paper]],
                               entry_dicts: Mapping[str, dict], site_name: str,
                               updated: datetime | None, seen: Mapping[str, str] | None,
                               digests: Mapping[str, str],
                               redirects: Mapping[str, str] | None) -> list[PlannedFile]:
    """The reader's tools (``generator.render.reader``) and the forwarding pages of old
    addresses."""
    env, ctx, site_url, directory_urls = plan.env, plan.ctx, plan.site_url, plan.directory_urls
    tag_slugs, coll_slugs = ctx["tag_slugs"], ctx["coll_slugs"]
    out: list[PlannedFile] = []
    # The reader's tools (issue 24): topic and author feeds, author pages, the reading list,
    # the listings' whole-collection index and the map (generator.render.reader).
    out += [PlannedFile(path, key, render) for path, key, render in reader_files(ReaderFiles(
        papers, tuple(tags), tagged, collections, tag_slugs, coll_slugs, entry_dicts,
        site_name, site_url, updated or datetime.fromtimestamp(0, tz=timezone.utc),
        seen or {}, digests), env, ctx, lambda path: Links(path, directory_urls))]
    by_slug = {p.slug: p for p in papers}
    out += [PlannedFile(redirect_path(old), None,
                        functools.partial(redirect_page, by_slug[new], site_url))
            for old, new in (redirects or {}).items()]
    return out


def _paper_files(plan: _Plan, papers: tuple[Paper, ...], collections: dict[str, list[Paper]],
                 related: Mapping[str, tuple[str, ...]],
                 digests: Mapping[str, str]) -> list[PlannedFile]:
    """The paper pages, collection by collection: each links its neighbours in its
    collection and its related papers."""
    by_id = {p.id: p for p in papers}
    # author_key -> slug of the authors who have a page: the byline links their names.
    author_pages = {author_key(a.name): a.slug for a in authors_of(papers) if a.has_page}
    paper_tpl = plan.env.get_template("paper.md.j2")
    out: list[PlannedFile] = []
    for members in collections.values():
        for at, p in enumerate(members):
            prev = members[at - 1] if at > 0 else None
            nxt = members[at + 1] if at + 1 < len(members) else None
            rel = [by_id[r] for r in related.get(p.id, ()) if r in by_id]
            headings = paper_headings(p, rel)
            out.append(PlannedFile(paper_path(p),
                                   _page_key(digests[p.id], p, prev, nxt, rel, plan.site_url,
                                             plan.directory_urls,
                                             _linked_authors(author_pages, p)),
                                   functools.partial(_paper_page, plan, paper_tpl, author_pages,
                                                     p, prev, nxt, rel, headings),
                                   headings))
    return out


def _paper_page(plan: _Plan, paper_tpl, author_pages: Mapping[str, str], p: Paper,
                prev: Paper | None, nxt: Paper | None, rel: list[Paper],
                headings: dict[str, tuple[int, str]]) -> str:
    """The text of ``p``'s page (``paper.md.j2``)."""
    links = Links(paper_path(p), plan.directory_urls)
    return paper_tpl.render(
        links=links, author_html=functools.partial(_author_html, author_pages, links),
        p=p, f=p.facts, meta=p.facts.abstract.meta,
        bibtex=bibtex_entry(p, plan.site_url), reference=reference(p),
        address=page_address(p, plan.site_url), introduced=_introduced_name(p),
        year=p.facts.abstract.meta.year or p.facts.abstract.meta.date[:4],
        abstract_html=_visible(p.facts.abstract.text, _ABSTRACT_P), headings=headings,
        aliases=search_aliases(
            (p.title, p.facts.plain or plain_text(p.facts.abstract.text)),
            [n for c in p.facts.code for n in (c.owner, c.repo)]
            + [h.name for h in p.facts.hub], tex=p.facts.abstract.text),
        description=_description(p), prev=prev, next=nxt, related=rel, **plan.ctx)


def _listing_files(plan: _Plan, papers: tuple[Paper, ...], collections: dict[str, list[Paper]],
                   tagged: dict[str, list[Paper]], with_code: list[Paper],
                   promised: list[Paper]) -> list[PlannedFile]:
    """The listings: one per collection, one per tag (taxonomy order) and papers with code
    (those promising code after them)."""
    listing = plan.env.get_template("listing.md.j2")
    out: list[PlannedFile] = []
    for name, members in collections.items():
        out += _paginate(plan, listing, f"collections/{plan.ctx['coll_slugs'][name]}", name,
                         members, f"{len(members)} papers of {name}.")
    chip_target = plan.env.get_template("_tag_chip_target.md.j2")
    for tag, slug in plan.ctx["tag_slugs"].items():
        members = tagged[tag]
        about = plan.ctx["descriptions"].get(tag, "")
        out += _paginate(plan, listing, f"tags/{slug}", tag, members,
                         f"{_count(len(members), 'paper')} tagged {tag}" + (
                             f": the main subject is {about.rstrip('.')}." if about else "."),
                         chip_target.render(tag=tag), all_tags=True)
    out += _paginate(plan, listing, "code", "Papers with code", with_code + promised,
                     f"{len(with_code)} of {_count(len(papers), 'paper')} link a code "
                     f"repository; {len(promised)} more "
                     f"{'promises' if len(promised) == 1 else 'promise'} code "
                     "(listed after them).")
    return out


def _paginate(plan: _Plan, listing, base: str, title: str, members: list[Paper], lead: str,
              extra: str = "", all_tags: bool = False) -> list[PlannedFile]:
    """Plan ``{base}/index.md`` and ``{base}-page-N/index.md``, ``PAGE_SIZE`` papers each;
    ``lead`` is plain text (escaped there), ``extra`` Markdown after the entries
    (``MARKDOWN_PART``)."""
    tag_counts = Counter(t for p in members for t in p.facts.tags)
    chunks = [members[i:i + PAGE_SIZE] for i in range(0, len(members), PAGE_SIZE)] or [[]]
    out: list[PlannedFile] = []
    for n, chunk in enumerate(chunks, start=1):
        path = f"{base}/index.md" if n == 1 else f"{base}-page-{n}/index.md"
        first_extra = extra if n == 1 else ""
        headings = _title_heading(path, title if n == 1 else
                                  f"{title} — page {n} of {len(chunks)}")
        out.append(PlannedFile(path, _listing_key(
            path, title, lead, all_tags, first_extra, len(chunks), tag_counts, chunk,
            plan.directory_urls),
            functools.partial(
                listing.render, title=title, papers=chunk, page=n, pages=len(chunks),
                base=base, first=(n - 1) * PAGE_SIZE + 1,
                lead=lead, all_tags=all_tags, description=lead,
                headings=headings,
                links=Links(path, plan.directory_urls), tag_counts=tag_counts,
                extra=first_extra, **plan.ctx), headings))
    return out


def _index_files(plan: _Plan, papers: tuple[Paper, ...], tags: tuple[str, ...],
                 collections: dict[str, list[Paper]], with_code: list[Paper],
                 promised: list[Paper], site_name: str, updated: datetime,
                 seen: Mapping[str, str] | None,
                 entries: Mapping[str, str]) -> list[PlannedFile]:
    """The site's one-of-a-kind files: the tags and collections indexes, statistics, home
    page, Atom feed, ``papers.json`` and the search vocabulary."""
    env, ctx, directory_urls = plan.env, plan.ctx, plan.directory_urls
    tag_slugs, coll_slugs = ctx["tag_slugs"], ctx["coll_slugs"]
    counts = Counter(t for p in papers for t in p.facts.tags)
    featured = featured_papers(papers)
    return [
        PlannedFile("tags/index.md", None, functools.partial(
            env.get_template("tags.md.j2").render, counts=counts,
            ordered=sorted(tag_slugs.items(),
                           key=lambda item: (-counts[item[0]], item[0].casefold())),
            **ctx)),
        PlannedFile("collections/index.md", None, functools.partial(
            env.get_template("collections.md.j2").render, collections=collections, **ctx)),
        PlannedFile("stats/index.md", None, lambda: env.get_template("stats.md.j2").render(
            charts=_charts(papers, tags, tag_slugs, collections, coll_slugs,
                           Links("stats/index.md", directory_urls)),
            total=len(papers), **ctx)),
        PlannedFile("index.md", None, functools.partial(
            env.get_template("home.md.j2").render, site_name=site_name,
            links=Links("index.md", directory_urls),
            collections=collections, total=len(papers), with_code=len(with_code),
            promised=len(promised), tag_counts=+counts, featured=featured,
            top_collections=sorted(collections.items(), key=lambda item: -len(item[1]))[
                :HOME_COLLECTIONS],
            top_tags=sorted(counts.items(), key=lambda item: (-item[1], item[0].casefold()))[
                :HOME_TAGS],
            code_papers=_code_papers(with_code, featured), authors=card_authors, **ctx)),
        PlannedFile("feed.xml", None, functools.partial(
            render_feed, papers, site_name, updated, plan.site_url, seen)),
        PlannedFile("papers.json", None,
                    lambda: "[\n" + ",\n".join(entries[p.id] for p in papers) + "\n]\n"),
        PlannedFile(VOCABULARY, None, lambda: vocabulary(
            (p.title, p.facts.name, p.facts.authors) for p in papers)),
    ]


_CODE_RANK = {"available": 0, "promised": 1, "none": 2}


def featured_papers(papers: tuple[Paper, ...], limit: int = FEATURED) -> list[Paper]:
    """The front page's cards: up to ``limit`` papers, one per topic, papers with code first.

    Rule: papers ordered by code status (available, promised, none), then input order; a
    paper is taken when its first tag (taxonomy order) is not yet shown; when fewer than ``limit``
    topics exist, the next papers in that order fill the rest. Deterministic, one pass: the
    same cards at every rebuild, a varied page at 57 papers or 20,000.

    Returns:
        The papers, in the order taken.
    """
    ordered = sorted(papers, key=lambda p: _CODE_RANK.get(p.facts.code_status, 3))
    chosen: list[Paper] = []
    topics: set[str] = set()
    for p in ordered:
        topic = p.facts.tags[0] if p.facts.tags else ""
        if topic not in topics:
            topics.add(topic)
            chosen.append(p)
            if len(chosen) == limit:
                return chosen
    taken = {p.id for p in chosen}
    chosen += [p for p in ordered if p.id not in taken][:limit - len(chosen)]
    return chosen


def _code_papers(with_code: list[Paper], featured: list[Paper]) -> list[Paper]:
    """The front page's "Papers with code" list: the first ``HOME_CODE`` papers with code that
    are not among the cards (all of them when every one is)."""
    shown = {p.id for p in featured}
    rest = [p for p in with_code if p.id not in shown]
    return (rest or with_code)[:HOME_CODE]


def card_authors(paper: Paper) -> str:
    """The authors line of a front-page card: the given authors (``PaperFacts.authors``, plain
    text), the first three then "et al." (also after a list that ended in "and others");
    ``""`` when none are given."""
    names = paper.facts.authors
    if len(names) > 3 or (names and paper.facts.et_al):
        return ", ".join(names[:3]) + ", et al."
    return ", ".join(names)


def render_site(papers: tuple[Paper, ...], tags: tuple[str, ...], **kwargs) -> dict[str, str]:
    """Every generated file rendered: ``{path: text}`` (``plan_site``'s arguments)."""
    return {f.path: f.render() for f in plan_site(papers, tags, **kwargs)}


CODE_STATUSES = (("available", "Code available", "#43a047"),
                 ("promised", "Code promised", "#fb8c00"),
                 ("none", "No code", "var(--md-default-fg-color--lighter)"))


@dataclass(frozen=True, slots=True)
class Chart:
    """One section of the statistics page: heading, one-line lead, ``<svg>`` and data table."""

    heading: str
    lead: str
    svg: str
    table: str


def _charts(papers: tuple[Paper, ...], tags: tuple[str, ...], tag_slugs: dict[str, str],
            collections: dict[str, list[Paper]], coll_slugs: dict[str, str],
            links: Links) -> list[Chart]:
    """The statistics page's charts: tags, code, collections, tag co-occurrence, and venues and
    authors when the input named them. Links are relative to ``stats/`` (directory URLs)."""
    total = len(papers)
    tag_counts = Counter(t for p in papers for t in p.facts.tags)
    # Most common first; taxonomy order breaks ties (sorted is stable).
    by_count = sorted(tags, key=lambda t: -tag_counts[t])
    tag_bars = [Bar(t, tag_counts[t], href=links(f"tags/{tag_slugs[t]}/index.md"))
                for t in by_count]
    status = Counter(p.facts.code_status for p in papers)
    code_bars = [Bar(label, status[key], note=_percent(status[key], total), fill=colour,
                     href=links("code/index.md") if key != "none" else None)
                 for key, label, colour in CODE_STATUSES]
    coll_bars = [Bar(name, len(members), href=links(f"collections/{coll_slugs[name]}/index.md"))
                 for name, members in collections.items()]
    used, matrix, pairs = _cooccurrence(papers, tags, tag_counts)
    return [
        Chart("Papers per tag", f"How many of the {total} papers carry each topic tag "
              "(a paper may have several).",
              bar_chart("chart-tags", "Papers per tag",
                        f"Horizontal bar chart: number of papers for each of {len(tags)} tags, "
                        "most common first.", tag_bars),
              data_table("Data: papers per tag", ["Tag", "Papers"],
                         [[b.label, b.count] for b in tag_bars])),
        Chart("Code availability", "Share of papers whose abstract links a code repository, "
              "promises code, or neither.",
              bar_chart("chart-code", "Code availability",
                        f"Bar chart of the {total} papers by code status: "
                        + ", ".join(f"{b.label.lower()} {b.count} ({b.note})"
                                    for b in code_bars) + ".", code_bars),
              data_table("Data: code availability", ["Code status", "Papers", "Share"],
                         [[b.label, b.count, b.note] for b in code_bars])),
        Chart("Papers per collection", "How many papers each collection holds.",
              bar_chart("chart-collections", "Papers per collection",
                        f"Horizontal bar chart: number of papers in each of {len(coll_bars)} "
                        "collections.", coll_bars),
              data_table("Data: papers per collection", ["Collection", "Papers"],
                         [[b.label, b.count] for b in coll_bars])),
        Chart("Tag co-occurrence", "How often two tags are given to the same paper. Darker "
              "cells: more papers; the outlined diagonal counts the papers with each tag.",
              heat_map("chart-cooccurrence", "Tag co-occurrence",
                       f"Heat map of {len(used)} tags by {len(used)} tags; each cell is the "
                       "number of papers carrying both tags, shaded by count.", used, matrix,
                       [links(f"tags/{tag_slugs[t]}/index.md") for t in used]),
              data_table("Data: tag pairs by number of shared papers",
                         ["Tag", "Tag", "Papers"], [[a, b, n] for n, a, b in pairs])),
    ] + _metadata_charts(papers)


def _cooccurrence(papers: tuple[Paper, ...], tags: tuple[str, ...], tag_counts: Counter,
                  ) -> tuple[list[str], list[list[int]], list[tuple[int, str, str]]]:
    """The co-occurrence chart's data: the tags some paper carries (taxonomy order), the
    matrix of papers carrying both tags of a cell (the diagonal: papers with the tag), and
    the pairs of distinct tags sharing papers as ``(papers, tag, tag)``, most shared first,
    taxonomy order breaking ties."""
    used = [t for t in tags if tag_counts[t]]
    index = {t: i for i, t in enumerate(used)}
    matrix = [[0] * len(used) for _ in used]
    for p in papers:
        for a in p.facts.tags:
            for b in p.facts.tags:
                matrix[index[a]][index[b]] += 1
    pairs = sorted(((matrix[i][j], used[i], used[j]) for i in range(len(used))
                    for j in range(i + 1, len(used)) if matrix[i][j]),
                   key=lambda x: (-x[0], index[x[1]], index[x[2]]))
    return used, matrix, pairs


TOP_AUTHORS = 20
TOP_VENUES = 20


def _metadata_charts(papers: tuple[Paper, ...]) -> list[Chart]:
    """Venues (as series: ``series_of_venue``) and authors, when the input files named them:
    the most frequent ones (a reference manager's export may name hundreds of journals)."""
    out: list[Chart] = []
    venues = Counter(series_of_venue(p.facts.venue) for p in papers if p.facts.venue)
    if venues:
        bars = [Bar(name, n) for name, n in venues.most_common(TOP_VENUES)]
        some = f"the {len(bars)} most frequent of {len(venues)}" if len(venues) > len(bars) \
            else f"each of the {len(venues)}"
        out.append(Chart(
            "Papers per venue", f"How many papers appeared at {some} venues the input files "
            f"name ({sum(venues.values())} of {len(papers)} papers name one).",
            bar_chart("chart-venues", "Papers per venue", f"Horizontal bar chart: number of "
                      f"papers at {some} venues, most common first.", bars),
            data_table("Data: papers per venue", ["Venue", "Papers"],
                       [[b.label, b.count] for b in bars])))
    authors = Counter(a for p in papers for a in dict.fromkeys(p.facts.authors))
    if authors:
        bars = [Bar(name, n) for name, n in authors.most_common(TOP_AUTHORS)]
        with_authors = sum(bool(p.facts.authors) for p in papers)
        out.append(Chart(
            "Most frequent authors", f"The {len(bars)} authors with the most papers, of "
            f"{len(authors)} authors named by {with_authors} of {len(papers)} papers.",
            bar_chart("chart-authors", "Most frequent authors", f"Horizontal bar chart: "
                      f"number of papers of the {len(bars)} most frequent authors, most "
                      "papers first.", bars),
            data_table("Data: papers per author", ["Author", "Papers"],
                       [[b.label, b.count] for b in bars])))
    return out


def _percent(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "0%"


def _collection_slugs(names: list[str]) -> dict[str, str]:
    """A distinct slug per collection, in input order: "AI & ML" and "AI-ML" both slugify to
    ``ai-ml``, so the later one gets ``ai-ml-2``; a slug that looks like a listing's later page
    (``x-page-2``) gets ``-c`` so it cannot take another listing's file."""
    out: dict[str, str] = {}
    taken: set[str] = set()
    for name in names:
        base = slugify(name) or "collection"
        if re.search(r"-page-\d+$", base):
            base += "-c"
        out[name] = distinct_slug(base, taken)
    return out


def _introduced_name(p: Paper) -> str:
    """The name of what the paper introduces, where the given title does not say it
    (``Attention Is All You Need`` -> ``Transformer``): the derived title's method name, when
    the derived title holds it and the given title does not; ``""`` otherwise. Only the name is
    shown: the rest of a derived title is a guess, and the authors' title is the page's."""
    f = p.facts
    if not f.abstract.meta.title or not f.name or not f.derived_title:
        return ""
    name = f.name.lower()
    return f.name if name in f.derived_title.lower() and name not in p.title.lower() else ""


def _author_html(author_pages: Mapping[str, str], links: Links, name: str) -> str:
    """The author ``name`` as HTML for a byline: a link to their page when they have one
    (``author_pages``: author_key -> slug of the authors who have a page), else the name."""
    slug = author_pages.get(author_key(name))
    if not slug:
        return html.escape(name)
    return (f'<a class="pd-author" href="{links(f"authors/{slug}/index.md")}">'
            f"{html.escape(name)}</a>")


def _linked_authors(author_pages: Mapping[str, str], p: Paper) -> list[str | None]:
    """The author page slug of each of ``p``'s authors (``None``: no page), for its key."""
    return [author_pages.get(author_key(name)) for name in p.facts.authors]


def paper_digests(papers: tuple[Paper, ...], entries: Mapping[str, str]) -> dict[str, str]:
    """Paper id -> SHA-1 of its serialised papers.json entry (``entries``) and of its whole
    metadata (the cite block and the reading list's records also show fields the entry
    leaves out, such as volume and pages): what the keys of files made from many papers
    hash per paper."""
    return {p.id: text_digest(f"{entries[p.id]}\n{p.facts.abstract.meta!r}") for p in papers}


def _page_key(entry: str, p: Paper, prev: Paper | None, nxt: Paper | None,
              related: list[Paper], site_url: str | None = None,
              directory_urls: bool = True, authors: list[str | None] | None = None) -> str:
    """Hash of everything a paper page is rendered from: its papers.json entry and metadata
    (``entry``: its ``paper_digests`` value) plus
    what it shows of other papers (``authors``: the slugs its byline links, ``_linked_authors``)
    and the site's address (templates and taxonomy are covered by the cache fingerprint)."""
    data = [p.facts.highlight, [(q.url, q.title) if q else None for q in (prev, nxt)],
            [(q.url, q.title, q.facts.tags) for q in related], site_url, directory_urls,
            authors or []]
    h = hashlib.sha256(entry.encode())
    h.update(json.dumps(data, ensure_ascii=False).encode())
    return h.hexdigest()


def _listing_key(path: str, title: str, lead: str, all_tags: bool, extra: str, pages: int,
                 tag_counts: Counter, chunk: list[Paper], directory_urls: bool) -> str:
    """Hash of everything a listing page is rendered from."""
    entries = [(p.id, p.url, p.title, p.facts.tags, p.facts.code_status, p.facts.highlight,
                [c.url for c in p.facts.code], [h.url for h in p.facts.hub], p.facts.authors,
                [(x.url, x.kind) for x in p.facts.paper_links]) for p in chunk]
    # most_common(), as the template lists them: ties keep first-seen order across the pages
    data = [path, title, lead, all_tags, extra, pages, tag_counts.most_common(), entries,
            directory_urls]
    return hashlib.sha256(json.dumps(data, ensure_ascii=False).encode()).hexdigest()


def _description(p: Paper) -> str:
    """The page's meta description: its highlight, else (no abstract) its title and byline."""
    text = p.facts.plain_highlight or plain_text(p.facts.highlight) or " · ".join(
        part for part in (p.title, ", ".join(p.facts.authors), p.facts.venue) if part)
    if len(text) > DESCRIPTION_MAX:
        text = text[: DESCRIPTION_MAX - 1].rsplit(" ", 1)[0] + "…"
    return text
