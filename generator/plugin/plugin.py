"""The ``paper-digest`` MkDocs plugin: ``mkdocs build``, ``serve`` and ``gh-deploy`` (and the
``paper-digest`` command, which runs MkDocs' build in-process) generate the digest from the
seeds and build it, so a fresh clone needs no extra step. Generated pages reach MkDocs as
files of their own (``File.generated``, as mkdocs-gen-files and Material's blog plugin add
theirs); nothing is written into ``docs_dir``, which holds the hand-written pages only.

Events, in the order MkDocs calls them:

* ``on_startup``: note the command (under ``mkdocs serve`` the build cache then stays in
  memory between rebuilds, written to its file when the server stops:
  ``generator.infra.cache.Resident``); ``mkdocs gh-deploy``
  warns when ``site_url`` is the
  placeholder (the publishing guard; ``paper-digest build`` prints the same warning itself,
  outside MkDocs' strict warning count).
* ``on_config``: check that the other plugins are as the options need them (``search:
  pagefind`` with Material's search plugin off, ``offline: true`` with Material's offline
  plugin on); a contradiction is a configuration error, never a silent change. It changes no
  other plugin's configuration.
* ``on_files``: generate the pages (``generator.build.generate``) into the build cache's page
  store (``<cache_dir>/pages``: a page is rewritten only when its text changes, so its
  modification time tells MkDocs' ``--dirty`` whether to build it again) and add each as
  ``File.generated``; a paper page or listing gets a ``GeneratedPage``
  (``generator.plugin.page``), whose body is the generator's finished HTML, with no Markdown
  pass; their links are written for the site's ``use_directory_urls``. The old addresses of
  pages that moved are forwarding pages among them (``generator.render.redirects``).
* ``on_env``, first: with ``cache: true``, keep the compiled theme templates in the cache
  folder (Jinja's bytecode cache).
* ``on_nav`` (last), ``on_env`` (last): with ``cache: true``, reuse the stored template output of
  each generated page whose template inputs are unchanged since a build that stored it
  (``generator.plugin.reuse``: a rebuild with nothing changed templates none of them).
* ``on_serve``: also watch the seeds folder, the taxonomy and the overrides file (the page
  store is not watched: one edit, one rebuild).
* ``on_post_page``: first of every plugin, note a page's template output; last, with
  ``minify: true`` (the default), minify the page's HTML with minify-html (``minify_page``)
  before MkDocs writes it, and store both (``PageReuse.final_output``).
* ``on_post_build``: after a complete build, delete the stored records it did not use; with
  ``search: pagefind``, index the built site with Pagefind; under
  ``mkdocs serve`` in the background (``Indexer``), so an edited page is served as soon as
  MkDocs has written it and the search finds the edit when Pagefind has finished.
* ``on_pre_build``, ``on_shutdown``: stop a background Pagefind run still indexing the
  previous build (a new build is about to write or clean ``site_dir``, or the server stops).

Material's search index is written by Material's search plugin alone: what it should also
find ("schrodinger", "kmeans") is on the paper pages themselves (``generator.render.search``).
"""

from __future__ import annotations

import dataclasses
import logging
import subprocess
import sys
import threading
import time
from pathlib import Path

import minify_html
from jinja2 import FileSystemBytecodeCache
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page

from generator.config import (
    DigestConfig,
    PaperDigestConfig,
    placeholder_site_url,
    placeholder_warning,
)
from generator.errors import DigestError
from generator.infra.cache import Resident
from generator.plugin.page import GeneratedPage
from generator.plugin.reuse import STORE, PageReuse
from generator.write import WriteReport, generated_files

log = logging.getLogger("mkdocs.plugins.paper_digest")
# Pagefind skips what Material's search skips too (related papers, prev/next, the badges),
# so a paper page marks those with data-search-exclude alone (no data-pagefind-ignore
# beside it), and the heading permalink signs.
PAGEFIND_EXCLUDE = "[data-search-exclude], .headerlink"
PAGE_STORE = "pages"  # inside cache_dir: the generated pages MkDocs reads
TEMPLATES = "templates"  # inside cache_dir: the theme's compiled templates


class PaperDigestPlugin(BasePlugin[PaperDigestConfig]):
    """Generates the digest's pages and hands them to MkDocs; nothing more."""

    def __init__(self) -> None:
        self.command: str | None = None  # build, gh-deploy or serve (on_startup)
        # The last generate run, for the CLI: its summary and what it wrote. Not the
        # DigestResult itself: its papers would stay in memory through MkDocs' whole build.
        self.summary: str | None = None
        self.report: WriteReport | None = None
        self.indexer: Indexer | None = None  # under serve: the background Pagefind run
        self.resident: Resident | None = None  # under serve: the build cache between builds
        self.nav: Navigation | None = None  # this build's (on_nav)
        self.reuse: PageReuse | None = None  # this build's use of the output store (on_env)

    def digest_config(self, config: MkDocsConfig) -> DigestConfig:
        """The run's settings: the plugin options resolved against mkdocs.yml's folder; the
        pages go to the page store (``<cache_dir>/pages``), never into ``docs_dir``; under
        ``mkdocs serve`` the permalinks file is read, not written (``record_permalinks``)."""
        root = Path(config.config_file_path).parent
        digest = DigestConfig.from_options(self.config, root,
                                           root / self.config.cache_dir / PAGE_STORE,
                                           config.site_name, config.site_url,
                                           config.use_directory_urls)
        return dataclasses.replace(digest, record_permalinks=self.command != "serve")

    def on_startup(self, *, command: str, dirty: bool) -> None:
        """Remember the command: ``gh-deploy`` publishes, so it checks ``site_url``; under
        ``serve`` (one plugin object for every rebuild) the build cache stays in memory."""
        self.command = command
        self.resident = Resident(defer=True) if command == "serve" else None

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        """Check the options against the other plugins of mkdocs.yml.

        Raises:
            PluginError: ``search: pagefind`` with Material's search plugin on, with
                ``offline: true`` or without the pagefind package; ``offline: true``
                without Material's offline plugin on.
        """
        if not self.config.enabled:
            return config
        if self.command == "gh-deploy" and placeholder_site_url(config.site_url):
            log.warning("paper-digest: %s", placeholder_warning(config.site_url))
        check_plugins(self.config, config)
        # The templates' switch for the Pagefind search box (site_overrides/main.html).
        config.extra["paper_digest_search"] = self.config.search
        return config

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        """Generate the pages and add them to MkDocs' files.

        Raises:
            PluginError: bad input (names the file and line), or a hand-written file of
                ``docs_dir`` where the generator makes a page.
        """
        if not self.config.enabled:
            return files
        from generator.build import generate  # the pipeline: imported only when it runs

        digest = self.digest_config(config)
        try:
            result = generate(digest, progress=lambda message: log.info(
                "paper-digest: %s", message), resident=self.resident)
        except DigestError as exc:
            raise PluginError(f"paper-digest: {exc}") from None
        self.summary, self.report = result.summary(), result.report
        for notice in result.notices:
            # The notice policy (generator.errors.NOTICE_KINDS): only warnings fail --strict.
            (log.warning if notice.warns else log.info)("paper-digest: %s", notice)
        # What `paper-digest generate` wrote into docs_dir (for another engine) is replaced by
        # the same page from the store; a hand-written file there is an error.
        written_by_generate = generated_files(Path(config.docs_dir))
        for path in sorted((*result.report.written, *result.report.unchanged)):
            existing = files.get_file_from_path(path)
            if existing is not None:
                if path not in written_by_generate:
                    raise PluginError(
                        f"paper-digest: {Path(config.docs_dir) / path}: the generator makes "
                        "this page; move or rename the hand-written file (or the collection "
                        "or tag that generates it)")
                files.remove(existing)
            file = File.generated(config, path, abs_src_path=str(digest.docs_dir / path))
            files.append(file)
            headings = result.headings.get(path)
            if headings is not None:
                GeneratedPage(file, config, headings)  # becomes file.page
        log.info("paper-digest: %d papers, %d files written", len(result.papers),
                 len(result.report.written))
        return files


    @event_priority(-100)  # last: the navigation as the templates get it
    def on_nav(self, nav: Navigation, *, config: MkDocsConfig, files: Files) -> Navigation:
        """Remember the navigation: it is part of every page's reuse key."""
        self.nav = nav
        return nav

    @event_priority(200)  # first: before any plugin renders a template (Material's tags)
    def _compiled_templates(self, env, *, config: MkDocsConfig, files: Files):
        """With ``cache: true``, keep the theme's compiled templates between builds (Jinja's
        ``FileSystemBytecodeCache``, keyed by each template's name and source checksum):
        MkDocs makes a new environment per build, which compiles every template again."""
        if self.config.enabled and self.config.cache:
            root = Path(config.config_file_path).parent
            env.bytecode_cache = FileSystemBytecodeCache(
                str(mkdir(root / self.config.cache_dir / TEMPLATES)))
        return env

    @event_priority(-100)  # last: after Material's tags plugin has filled its listings
    def _plan_reuse(self, env, *, config: MkDocsConfig, files: Files):
        """Choose the pages whose stored output is reused (``PageReuse.plan``)."""
        self.reuse = None
        if not (self.config.enabled and self.config.cache):
            return env
        root = Path(config.config_file_path).parent
        self.reuse = PageReuse(root / self.config.cache_dir / STORE)
        env = self.reuse.plan(env, config, files, self.nav)
        log.info("paper-digest: %d pages reused from the previous build", self.reuse.reused)
        return env

    on_env = CombinedEvent(_compiled_templates, _plan_reuse)

    def on_serve(self, server, *, config: MkDocsConfig, builder):
        """Rebuild when a seed, the taxonomy or the overrides file changes."""
        if self.config.enabled:
            digest = self.digest_config(config)
            for path in (digest.seeds_dir, digest.taxonomy, digest.overrides):
                if path.exists():
                    server.watch(str(path))
        return server

    @event_priority(100)  # first: the template's output, before anyone edits it
    def _template_output(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        """Note the output of a page templated anew (``PageReuse.template_output``)."""
        if self.reuse is not None:
            self.reuse.template_output(output, page)
        return output

    @event_priority(-100)  # last: after any plugin that reads or edits the output
    def _final_output(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        """Minify the page (``minify_page``) when ``minify`` is on, and store it
        (``PageReuse.final_output``)."""
        if not self.config.enabled:
            return output
        minify = minify_page if self.config.minify else None
        if self.reuse is not None:
            return self.reuse.final_output(output, page, minify)
        return minify(output) if minify else output

    on_post_page = CombinedEvent(_template_output, _final_output)

    def on_pre_build(self, *, config: MkDocsConfig) -> None:
        """Stop the previous build's background Pagefind run (``on_post_build``), if any."""
        self._stop_indexer()

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Index the site with Pagefind when asked to: in the background under ``mkdocs
        serve`` (``Indexer``), else before the build ends."""
        if self.reuse is not None and self.command != "serve":
            # Under serve (its own site_url; --dirty reads only modified pages) the store
            # keeps the last complete build's outputs too.
            self.reuse.prune()
        if not self.config.enabled or self.config.search != "pagefind":
            return
        if self.command == "serve":
            self.indexer = Indexer(Path(config.site_dir))
        else:
            run_pagefind(Path(config.site_dir))

    def on_shutdown(self) -> None:
        """Stop a background Pagefind run when ``mkdocs serve`` stops, and write the build
        cache it kept in memory (``Resident.flush``)."""
        self._stop_indexer()
        if self.resident is not None:
            try:
                self.resident.flush()
            except OSError as exc:  # only a speed-up is lost: the next run starts afresh
                log.warning("paper-digest: the build cache could not be written: %s", exc)

    def _stop_indexer(self) -> None:
        if self.indexer is not None:
            self.indexer.stop()
            self.indexer = None


def mkdir(folder: Path) -> Path:
    """``folder``, made with its parents if missing."""
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _enabled(config: MkDocsConfig, *names: str) -> bool:
    """True when one of the plugins ``names`` is listed in mkdocs.yml and not disabled."""
    for name in names:
        plugin = config.plugins.get(name)
        if plugin is not None:
            return bool(plugin.config.get("enabled", True))
    return False


def check_plugins(options: PaperDigestConfig, config: MkDocsConfig) -> None:
    """Raise ``PluginError`` when the ``search`` and ``offline`` options contradict the
    plugins mkdocs.yml runs (on_config's docstring); return otherwise."""
    material_search = _enabled(config, "material/search", "search")
    offline = _enabled(config, "material/offline", "offline")
    if options.search == "pagefind":
        if options.offline:
            # Pagefind fetches its index and WebAssembly, which browsers refuse on file://.
            raise PluginError("paper-digest: search: pagefind needs a web server; it "
                              "cannot be combined with offline: true")
        if material_search:
            raise PluginError("paper-digest: search: pagefind, but Material's search plugin "
                              "is on in mkdocs.yml: set its enabled: false (or remove it), "
                              "or use search: material")
        if not pagefind_installed():
            raise PluginError("paper-digest: search: pagefind needs the pagefind "
                              "package: pip install -e '.[pagefind]'")
    if options.offline and not offline:
        raise PluginError("paper-digest: offline: true needs Material's offline plugin on "
                          "in mkdocs.yml (plugins: - offline, enabled: true)")


def minify_page(html: str) -> str:
    """``html`` (a whole page) minified by minify-html: whitespace between and inside elements
    collapsed or removed where the HTML spec makes it insignificant (never in ``pre`` or
    ``textarea``), comments and optional attribute quotes removed; closing tags and the
    ``<html>``/``<head>`` tags kept, so a reader of the page (a browser, Pagefind, a test
    with an HTML parser) sees the same document. Inline scripts and styles are left as
    written."""
    return minify_html.minify(html, keep_closing_tags=True,
                              keep_html_and_head_opening_tags=True)


def pagefind_installed() -> bool:
    """True when ``python -m pagefind`` can run: the package and its binary are installed."""
    try:
        from pagefind.service import get_executable
    except ImportError:
        return False
    return get_executable() is not None


def pagefind_command(site_dir: Path) -> list[str]:
    """The Pagefind run that indexes ``site_dir`` into ``site_dir/pagefind/``."""
    return [sys.executable, "-m", "pagefind", "--site", str(site_dir),
            "--exclude-selectors", PAGEFIND_EXCLUDE]


class Indexer:
    """One Pagefind run over ``site_dir`` in the background (``mkdocs serve``): Pagefind has
    no incremental mode, and at 5,000 papers a run takes longer than rebuilding the edited
    pages, so the server serves them while it indexes. A thread waits for the run and logs
    its end (a failure as a warning: the preview's search keeps the previous index)."""

    def __init__(self, site_dir: Path) -> None:
        log.info("paper-digest: indexing %s with Pagefind in the background", site_dir)
        self.started = time.monotonic()
        self.stopped = False
        self.process = subprocess.Popen(pagefind_command(site_dir), stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE, text=True)
        self.thread = threading.Thread(target=self._wait, daemon=True)
        self.thread.start()

    def _wait(self) -> None:
        _, errors = self.process.communicate()
        if self.stopped:
            return
        if self.process.returncode != 0:
            log.warning("paper-digest: pagefind failed (exit status %d): %s",
                        self.process.returncode, errors.strip())
        else:
            log.info("paper-digest: Pagefind index updated in %.1f s",
                     time.monotonic() - self.started)

    def stop(self) -> None:
        """End the run if it is still indexing, and wait for it."""
        self.stopped = True
        if self.process.poll() is None:
            self.process.terminate()
        self.thread.join()


def run_pagefind(site_dir: Path) -> None:
    """Index the built site with Pagefind (writes ``site_dir/pagefind/``).

    Raises:
        PluginError: Pagefind failed (its exit status).
    """
    log.info("paper-digest: indexing %s with Pagefind", site_dir)
    status = subprocess.call(pagefind_command(site_dir))
    if status != 0:
        raise PluginError(f"paper-digest: pagefind failed (exit status {status})")
