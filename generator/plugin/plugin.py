"""The ``paper-digest`` MkDocs plugin: ``mkdocs build``, ``serve`` and ``gh-deploy`` (and the
``paper-digest`` command, which runs MkDocs' build in-process) generate the digest from the
seeds and build it, so a fresh clone needs no extra step.

Events, in the order MkDocs calls them:

* ``on_startup``: note the command; ``mkdocs gh-deploy`` warns when ``site_url`` is the
  placeholder (the publishing guard; ``paper-digest build`` prints the same warning itself,
  outside MkDocs' strict warning count).
* ``on_config``: switch Material's search plugin off for ``search: pagefind`` and its offline
  plugin on for ``offline: true``; add the Markdown extension that passes the generator's own
  HTML through unparsed (``generator.plugin.markdown_stash``); generate the pages into
  ``docs_dir`` (only changed files are written, so ``mkdocs serve``, which calls this on every
  rebuild, does not loop; the old addresses of pages that moved are forwarding pages among
  them, ``generator.render.redirects``).
* ``on_files``, ``on_page_markdown``: that extension is on for the pages the generator wrote
  (its manifest) and off for hand-written ones.
* ``on_serve``: also watch the seeds folder, the taxonomy and the overrides file.
* ``on_page_content``: in offline builds only (``use_directory_urls: false``), point the
  generated pages' raw-HTML links, written for directory URLs (``../papers/x/``), at the
  ``index.html`` files (``../papers/x/index.html``). Then, with Material's search on, set aside the
  generated blocks its index skips (``data-search-exclude``: badges, related papers, cite
  block, prev/next) behind a placeholder comment, so its HTML parser, which reads every
  page's content in ``on_page_context``, does not parse what it would drop (those blocks
  were half of a paper page's parsing).
* ``on_post_page``: put those blocks back into the page (first of all plugins), so the
  written page is exactly the page.
* ``on_nav``, ``on_env``: note which pages the nav holds, and give the templates
  ``paper_digest_cached`` (``site_overrides/main.html`` wraps Material's tabs, sidebars,
  footer and config blocks in it): on a generated page outside the nav (a paper, a later
  listing page), those blocks depend only on the page's folder and its table of contents,
  so each is rendered once per folder and table of contents and then reused.
* ``on_post_build``: with ``search: pagefind``, index the built site with Pagefind.

Material's search index is written by Material's search plugin alone: what it should also
find ("schrodinger", "kmeans") is on the paper pages themselves (``generator.render.search``).
"""

from __future__ import annotations

import logging
import posixpath
import re
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit, urlunsplit

from jinja2 import pass_context
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.utils import get_relative_url

from generator.build import DigestResult
from generator.config import (
    DigestConfig,
    PaperDigestConfig,
    placeholder_site_url,
    placeholder_warning,
)
from generator.errors import DigestError
from generator.plugin.markdown_stash import GeneratedHtmlExtension
from generator.write import generated_files

if TYPE_CHECKING:
    from generator.build import DigestResult

log = logging.getLogger("mkdocs.plugins.paper_digest")
_HREF = re.compile(r'\bhref="([^"]*)"')
# The generator's blocks that Material's search skips (paper.md.j2): none nests an element of
# its own name, and their text is escaped, so the first closing tag of that name ends one.
_SEARCH_EXCLUDED = re.compile(
    r'<(p|ul|div|nav) class="pd-(?:meta|related|cite|prevnext)"[^>]*\sdata-search-exclude>'
    r'.*?</\1>', re.DOTALL)
_SET_ASIDE = "<!--paper-digest:set-aside:{}-->"
_SET_ASIDE_RE = re.compile(r"<!--paper-digest:set-aside:(\d+)-->")
# Pagefind skips what Material's search skips too (related papers, prev/next, the JSON record)
# and the heading permalink signs.
PAGEFIND_EXCLUDE = "[data-search-exclude], .headerlink"


class PaperDigestPlugin(BasePlugin[PaperDigestConfig]):
    """Generates the digest's pages and adapts the build to them; nothing more."""

    def __init__(self) -> None:
        self.command: str | None = None  # build, gh-deploy or serve (on_startup)
        self.digest: DigestConfig | None = None
        self.result: DigestResult | None = None  # the last generate run, for the CLI summary
        self.stash: GeneratedHtmlExtension | None = None
        self.set_aside: dict[str, list[str]] = {}  # page src_uri -> blocks (on_page_content)
        self.in_nav: frozenset[str] = frozenset()  # src_uri of the nav's pages (on_nav)
        self.fragments: dict[tuple, str] = {}  # paper_digest_cached's renderings, one build

    def digest_config(self, config: MkDocsConfig) -> DigestConfig:
        """The run's settings: the plugin options resolved against mkdocs.yml's folder."""
        return DigestConfig.from_options(self.config, Path(config.config_file_path).parent,
                                         Path(config.docs_dir), config.site_name,
                                         config.site_url)

    def on_startup(self, *, command: str, dirty: bool) -> None:
        """Remember the command: ``gh-deploy`` publishes, so it checks ``site_url``."""
        self.command = command

    @event_priority(100)  # before the search and offline plugins read their own options
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        """Adapt the other plugins to the options, then generate the pages before MkDocs
        reads ``docs_dir``.

        Raises:
            PluginError: bad input (names the file and line), or ``search: pagefind`` with
                ``offline: true`` or without the pagefind package.
        """
        if not self.config.enabled:
            return config
        if self.command == "gh-deploy" and placeholder_site_url(config.site_url):
            log.warning("paper-digest: %s", placeholder_warning(config.site_url))
        self._configure_plugins(config)
        self.stash = GeneratedHtmlExtension()
        config.markdown_extensions.append(self.stash)
        self.digest = self.digest_config(config)
        from generator.build import generate  # the pipeline: imported only when it runs

        try:
            result = generate(self.digest, progress=lambda message: log.info(
                "paper-digest: %s", message))
        except DigestError as exc:
            raise PluginError(f"paper-digest: {exc}") from None
        self.result = result
        for notice in result.notices:
            # A repaired character is reported, not a warning: --strict must not fail a run
            # whose pages show what the authors wrote (issue 13).
            (log.info if notice.repair else log.warning)("paper-digest: %s", notice)
        log.info("paper-digest: %d papers, %d files written", len(result.papers),
                 len(result.report.written))
        return config

    def _configure_plugins(self, config: MkDocsConfig) -> None:
        """``search: pagefind``: Material's search off, the Pagefind box in the templates;
        ``offline: true``: Material's offline plugin on."""
        config.extra["paper_digest_search"] = self.config.search
        if self.config.search == "pagefind":
            if self.config.offline:
                # Pagefind fetches its index and WebAssembly, which browsers refuse on file://.
                raise PluginError("paper-digest: search: pagefind needs a web server; it "
                                  "cannot be combined with offline: true")
            if not pagefind_installed():
                raise PluginError("paper-digest: search: pagefind needs the pagefind "
                                  "package: pip install -e '.[pagefind]'")
            search = config.plugins.get("material/search") or config.plugins.get("search")
            if search is not None:
                search.config.enabled = False
        if self.config.offline:
            offline = config.plugins.get("material/offline") or config.plugins.get("offline")
            if offline is None:
                raise PluginError("paper-digest: offline: true needs Material's offline "
                                  "plugin in mkdocs.yml (plugins: - offline)")
            offline.config.enabled = True

    def on_files(self, files, *, config: MkDocsConfig):
        """Note which pages the generator wrote: the raw-HTML passthrough applies to those."""
        if self.stash is not None:
            self.stash.generated = generated_files(Path(config.docs_dir))
        return files

    def on_page_markdown(self, markdown: str, *, page, config: MkDocsConfig, files) -> str:
        """Switch the raw-HTML passthrough on for a generated page, off for a hand-written
        one (pages are rendered one at a time)."""
        if self.stash is not None:
            self.stash.active = page.file.src_uri in self.stash.generated
        return markdown

    def on_serve(self, server, *, config: MkDocsConfig, builder):
        """Rebuild when a seed, the taxonomy or the overrides file changes."""
        if self.config.enabled:
            digest = self.digest_config(config)
            for path in (digest.seeds_dir, digest.taxonomy, digest.overrides):
                if path.exists():
                    server.watch(str(path))
        return server

    def on_nav(self, nav, *, config: MkDocsConfig, files):
        """Note the nav's pages: their nav and tabs show them active, so they differ."""
        self.in_nav = frozenset(p.file.src_uri for p in nav.pages)
        return nav

    def on_env(self, env, *, config: MkDocsConfig, files):
        """Give the templates ``paper_digest_cached`` (a fresh cache for each build)."""
        self.fragments = {}
        env.globals["paper_digest_cached"] = pass_context(
            lambda context, name, caller: self._cached(context, name, caller))
        return env

    def _cached(self, context, name: str, caller) -> str:
        """``{% call paper_digest_cached("tabs") %}{{ super() }}{% endcall %}``: the block as
        rendered for an earlier page with the same ``fragment_key``, else rendered now."""
        key = fragment_key(name, context.get("page"), self.in_nav,
                           self.stash.generated if self.stash is not None else frozenset())
        if key is None:
            return caller()
        html = self.fragments.get(key)
        if html is None:
            html = self.fragments[key] = caller()
        return html

    @event_priority(-100)  # after other plugins' changes to the content
    def on_page_content(self, html: str, *, page, config: MkDocsConfig, files) -> str:
        """Offline builds: the generated listings' directory-style links point at the
        ``.html`` files (``relink_for_files``). With Material's search on, a generated page's
        search-excluded blocks are set aside until ``on_post_page``."""
        if not self.config.enabled:
            return html
        if not config.use_directory_urls:
            html = relink_for_files(html, page, files)
        search = config.plugins.get("material/search") or config.plugins.get("search")
        if (search is not None and search.config.enabled and self.stash is not None
                and page.file.src_uri in self.stash.generated):
            blocks: list[str] = []

            def set_aside(match: re.Match[str]) -> str:
                blocks.append(match.group(0))
                return _SET_ASIDE.format(len(blocks) - 1)

            html = _SEARCH_EXCLUDED.sub(set_aside, html)
            if blocks:
                self.set_aside[page.file.src_uri] = blocks
        return html

    @event_priority(100)  # before any other plugin reads the written page
    def on_post_page(self, output: str, *, page, config: MkDocsConfig) -> str:
        """Put the blocks set aside in ``on_page_content`` back where they were."""
        blocks = self.set_aside.pop(page.file.src_uri, None)
        if not blocks:
            return output
        return _SET_ASIDE_RE.sub(lambda m: blocks[int(m.group(1))], output)

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Index the site with Pagefind when asked to."""
        if not self.config.enabled:
            return
        if self.config.search == "pagefind":
            run_pagefind(Path(config.site_dir))


def fragment_key(name: str, page, in_nav: frozenset[str],
                 generated: frozenset[str]) -> tuple | None:
    """What Material's block ``name`` (tabs, site_nav, footer, config) shows of a page, or
    ``None`` when it shows more: a generated page outside the nav is active in neither nav
    nor tabs, has no previous or next page in the footer, and gets the same relative links as
    every page of its folder; ``site_nav`` also holds its table of contents as Material's
    ``partials/toc.html`` shows it (the entries under a level-1 first entry, the page title,
    in its place), and every block its front-matter ``hide``."""
    if page is None or page.file.src_uri in in_nav or page.file.src_uri not in generated:
        return None
    folder = posixpath.dirname(page.url.rstrip("/"))
    toc = list(page.toc) if name == "site_nav" else []
    if toc and toc[0].level == 1:
        toc = toc[0].children
    return (name, folder, str((page.meta or {}).get("hide")), _toc_key(toc))


def _toc_key(items) -> tuple:
    return tuple((item.title, item.url, item.level, _toc_key(item.children)) for item in items)


def pagefind_installed() -> bool:
    """True when ``python -m pagefind`` can run: the package and its binary are installed."""
    try:
        from pagefind.service import get_executable
    except ImportError:
        return False
    return get_executable() is not None


def run_pagefind(site_dir: Path) -> None:
    """Index the built site with Pagefind (writes ``site_dir/pagefind/``).

    Raises:
        PluginError: Pagefind failed (its exit status).
    """
    log.info("paper-digest: indexing %s with Pagefind", site_dir)
    status = subprocess.call([sys.executable, "-m", "pagefind", "--site", str(site_dir),
                              "--exclude-selectors", PAGEFIND_EXCLUDE])
    if status != 0:
        raise PluginError(f"paper-digest: pagefind failed (exit status {status})")


def _directory_url(src_uri: str) -> str:
    """The URL MkDocs gives the Markdown page ``src_uri`` under ``use_directory_urls: true``
    (MkDocs' rule, ``File._get_url``): ``papers/x.md`` -> ``papers/x/``, ``tags/index.md`` ->
    ``tags/``, ``index.md`` -> ``""``."""
    stem = posixpath.splitext(src_uri)[0]
    folder, name = posixpath.split(stem)
    if name in ("index", "README"):
        return f"{folder}/" if folder else ""
    return f"{stem}/"


def relink_for_files(html: str, page, files) -> str:
    """Rewrite directory-style links for ``use_directory_urls: false`` builds.

    Input: the page's HTML. Output: the same HTML in which each relative ``href`` ending in
    ``/`` that, resolved against the page's directory-URL location, names a page of the site,
    points at that page's real URL (``../papers/x/#a`` on ``code.html`` ->
    ``papers/x.html#a``); one naming a static file (``papers.json``) is made relative to the
    page's real location. MkDocs rewrites Markdown links itself but not raw HTML, and the
    generator writes its listings as raw HTML for directory URLs. Other links are left alone.
    """
    pages = {_directory_url(f.src_uri): f for f in files.documentation_pages()}
    static = {f.url for f in files if not f.is_documentation_page()}
    base = _directory_url(page.file.src_uri)

    def relink(match: re.Match) -> str:
        parts = urlsplit(match.group(1))
        if parts.scheme or parts.netloc or parts.path.startswith("/") or not parts.path:
            return match.group(0)
        target = posixpath.normpath(posixpath.join(base, parts.path))
        if not parts.path.endswith("/"):  # a file such as papers.json or feed.xml
            if target not in static:
                return match.group(0)
            url = get_relative_url(target, page.url)
        else:
            file = pages.get("" if target == "." else f"{target}/")
            if file is None:
                return match.group(0)
            url = get_relative_url(file.url, page.url)
        return f'href="{urlunsplit(("", "", url, parts.query, parts.fragment))}"'

    return _HREF.sub(relink, html)
