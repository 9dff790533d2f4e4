"""MkDocs hooks (``hooks:`` in mkdocs.yml): plain ``mkdocs build``, ``serve`` and
``gh-deploy`` run the generator, so a fresh clone needs no extra step.

* ``on_config``: generate pages into ``docs_dir`` (only changed files are written, so
  ``mkdocs serve`` does not loop; MkDocs reloads the config, and so calls this, on every
  rebuild).
* ``on_files``, ``on_page_markdown``: the raw-HTML passthrough (``generator.plugin.markdown_stash``)
  is on for the pages the generator wrote (its manifest) and off for hand-written ones.
* ``on_serve``: also watch the seeds folder, the taxonomy and the overrides file.
* ``on_page_content``: in offline builds only (Material's offline plugin forces
  ``use_directory_urls: false``), point the generated pages' raw-HTML links, written for
  directory URLs (``../papers/x/``), at the ``.html`` files (``papers/x.html``).
* ``on_post_build``: add an accent-folded copy of each search entry's words in a hidden
  ``folded`` field (declared under ``search.fields``), so "Schrodinger" finds "Schrödinger";
  Material's lunr pipeline only lower-cases. Runs before the offline plugin copies the index.

Settings come from ``extra.paper_digest`` in mkdocs.yml (``seeds``, ``taxonomy``,
``overrides``), relative to mkdocs.yml; the ``docs_dir`` is MkDocs' own.
"""

from __future__ import annotations

import json
import logging
import os
import posixpath
import re
import unicodedata
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from mkdocs.plugins import event_priority
from mkdocs.utils import get_relative_url

from generator.build import DigestConfig, generate
from generator.errors import DigestError
from generator.plugin.markdown_stash import GeneratedHtmlExtension
from generator.write import generated_files

log = logging.getLogger("mkdocs.hooks.paper_digest")
_WORD = re.compile(r"\w+")
_HREF = re.compile(r'\bhref="([^"]*)"')


def _digest_config(config) -> DigestConfig:
    root = Path(config.config_file_path).parent
    opts = (config.extra or {}).get("paper_digest") or {}
    seeds = root / opts.get("seeds", "seeds")
    return DigestConfig(
        seeds_dir=seeds, docs_dir=Path(config.docs_dir),
        taxonomy=root / opts.get("taxonomy", "taxonomy.yml"),
        overrides=root / opts.get("overrides", str(Path(opts.get("seeds", "seeds"))
                                                  / "overrides.yml")),
        site_name=config.site_name, cache_dir=root / ".paper-digest-cache",
        jobs=None,  # one extraction process per core for a cold run of many abstracts
    )


def on_config(config):
    """Generate the pages before MkDocs reads ``docs_dir``, and add the Markdown extension
    that passes the generated raw HTML through unparsed (``generator.plugin.markdown_stash``)."""
    if os.environ.get("PAPER_DIGEST_RAW_HTML_PASSTHROUGH", "1") != "0":
        config.markdown_extensions.append(GeneratedHtmlExtension())
    if os.environ.get("PAPER_DIGEST_SKIP_GENERATE") == "1":
        return config
    try:
        result = generate(_digest_config(config))
    except DigestError as exc:
        from mkdocs.exceptions import PluginError

        raise PluginError(f"paper-digest: {exc}") from None
    for notice in result.notices:
        log.warning("paper-digest: %s", notice)
    log.info("paper-digest: %d papers, %d files written", len(result.papers),
             len(result.report.written))
    return config


def _stash(config) -> GeneratedHtmlExtension | None:
    return next((e for e in config.markdown_extensions
                 if isinstance(e, GeneratedHtmlExtension)), None)


def on_files(files, config):
    """Note which pages the generator wrote: the raw-HTML passthrough applies to those only."""
    stash = _stash(config)
    if stash is not None:
        stash.generated = generated_files(Path(config.docs_dir))
    return files


def on_page_markdown(markdown, page, config, files):
    """Switch the raw-HTML passthrough on for a generated page, off for a hand-written one
    (pages are rendered one at a time)."""
    stash = _stash(config)
    if stash is not None:
        stash.active = page.file.src_uri in stash.generated
    return markdown


def on_serve(server, config, builder):
    """Rebuild when a seed, the taxonomy or the overrides change."""
    dc = _digest_config(config)
    for path in (dc.seeds_dir, dc.taxonomy):
        if path.exists():
            server.watch(str(path))
    return server


def _directory_url(src_uri: str) -> str:
    """The URL MkDocs gives the Markdown page ``src_uri`` under ``use_directory_urls: true``
    (MkDocs' rule, ``File._get_url``): ``papers/x.md`` -> ``papers/x/``, ``tags/index.md`` ->
    ``tags/``, ``index.md`` -> ``""``."""
    stem = posixpath.splitext(src_uri)[0]
    folder, name = posixpath.split(stem)
    if name in ("index", "README"):
        return f"{folder}/" if folder else ""
    return f"{stem}/"


def on_page_content(html, page, config, files):
    """Rewrite directory-style links for offline (``use_directory_urls: false``) builds.

    Input: the page's HTML. Output: the same HTML in which each relative ``href`` ending in
    ``/`` that, resolved against the page's directory-URL location, names a page of the site,
    points at that page's real URL (``../papers/x/#a`` on ``code.html`` ->
    ``papers/x.html#a``); one naming a static file (``papers.json``) is made relative to the
    page's real location.
    MkDocs rewrites Markdown links itself but not raw HTML, and the generator writes its
    listings as raw HTML for directory URLs. Other links are left alone; with directory URLs
    the HTML is returned unchanged.
    """
    if config.use_directory_urls:
        return html
    pages = {_directory_url(f.src_uri): f for f in files.documentation_pages()}
    static = {f.url for f in files if not f.is_documentation_page()}
    base = _directory_url(page.file.src_uri)

    def relink(match: re.Match) -> str:
        parts = urlsplit(match.group(1))
        if parts.scheme or parts.netloc or parts.path.startswith("/") or not parts.path:
            return match.group(0)
        if not parts.path.endswith("/"):  # a file such as papers.json or feed.xml
            target = posixpath.normpath(posixpath.join(base, parts.path))
            if target not in static:
                return match.group(0)
            url = get_relative_url(target, page.url)
            return f'href="{urlunsplit(("", "", url, parts.query, parts.fragment))}"'
        target = posixpath.normpath(posixpath.join(base, parts.path))
        target = "" if target == "." else f"{target}/"
        file = pages.get(target)
        if file is None:
            return match.group(0)
        url = get_relative_url(file.url, page.url)
        return f'href="{urlunsplit(("", "", url, parts.query, parts.fragment))}"'

    return _HREF.sub(relink, html)


def fold(text: str) -> str:
    """ASCII-fold accented letters (NFKD, combining marks dropped): Schrödinger ->
    Schrodinger."""
    return "".join(c for c in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(c))


@event_priority(-50)
def on_post_build(config):
    """Add the ``folded`` field to every search index entry whose words carry accents."""
    index_path = Path(config.site_dir) / "search" / "search_index.json"
    if not index_path.exists():
        return
    index = json.loads(index_path.read_text(encoding="utf-8"))
    changed = False
    for doc in index.get("docs", []):
        text = f"{doc.get('title', '')} {doc.get('text', '')}"
        if text.isascii():  # nothing to fold (most entries): skip the per-word pass
            continue
        words = {f for w in _WORD.findall(text) if not w.isascii() and (f := fold(w)) != w}
        if words:
            doc["folded"] = " ".join(sorted(words))
            changed = True
    if changed:
        index_path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")),
                              encoding="utf-8")
