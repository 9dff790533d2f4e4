"""Rendered generated pages kept between builds: a page whose template inputs did not change
is not templated again (issue 21, item 3: a rebuild with nothing changed).

MkDocs renders every page's theme template on every build that is not ``--dirty``, and that
is most of a rebuild's time (Material's ``base.html`` and partials). The output of a page's
template is a function of what the template is given; when all of it is the same as in an
earlier build, the earlier output is the output. The store (``<cache_dir>/html``) keeps a
record per key, content-addressed (``<key>.z``: the template output and the minified page,
zlib-compressed); the key of a page is the SHA-1 of:

* the page: its URL, title, ``meta`` (after every plugin's ``on_page_*`` events), ``content``
  and table of contents, as the template sees them;
* the site (``site_stamp``): the MkDocs configuration as loaded (every setting, each
  plugin's options, the theme and its options; not ``site_dir`` or ``strict``, which change
  no page), the MkDocs, Material and paper-digest versions, the bytes of every file of the
  theme folders outside installed packages (``custom_dir``: the overrides), the navigation
  (every item's title and URL), the URL of every page of the site, the build date, and the
  tag listing directives of every page that is not reused (Material's tags plugin links a
  page's tag chips to the listings those directives make).

What an ``on_page_context`` handler adds to the context is not in the key (the template is
chosen before that event): it is covered only through the inputs above, as Material's tags
plugin's tag references are (a page's tags, the listing directives, the page URLs).

Only a ``GeneratedPage`` without a Markdown part is reused (``reusable``): its content is the
generator's own HTML, the same for the same page text. A reused page still goes through
every MkDocs event (``on_page_markdown`` ... ``on_post_page``: the stored output is the
template's, before any ``on_post_page`` handler, so any other plugin's post-processing runs
on it as on a fresh one); only the template is replaced by ``REUSE_TEMPLATE``, which writes
the stored output. Minifying is a function of its input alone: the record keeps the
minified page too, used when the input is exactly the stored template output.
``tests/plugin/test_reuse.py`` builds the seed site with and without the store and compares
every written file, so a MkDocs or Material release that renders differently fails loudly.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import struct
import sysconfig
import zlib
from collections.abc import Callable, Iterable, Mapping
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from jinja2 import ChoiceLoader, DictLoader, Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils import get_build_date

from generator.plugin.page import GeneratedPage

STORE = "html"  # inside cache_dir
REUSE_TEMPLATE = "paper-digest/reused.html"
# The whole template: the page's stored output, as it was.
REUSE_SOURCE = "{{ page.reused_output() }}"
# Settings that change no page's output (where it is written, how warnings count, the
# serve address, gh-deploy's remote, what serve watches) and three serialised apart.
IGNORED_SETTINGS = frozenset({"config_file_path", "site_dir", "strict", "dev_addr",
                              "remote_branch", "remote_name", "watch", "plugins", "hooks",
                              "theme"})
PACKAGES = ("mkdocs", "mkdocs-material", "paper-digest")


def reusable(page: Page | None) -> bool:
    """True for a page whose output the store may hold: a ``GeneratedPage`` (finished HTML)
    with no Markdown part, once MkDocs has read and rendered it (``content`` set)."""
    return (isinstance(page, GeneratedPage) and not page.markdown_part
            and page.content is not None)


def _package_version(name: str) -> str:
    try:
        return version(name)
    except PackageNotFoundError:
        return "-"


def _tree_digest(folder: Path, digest) -> None:
    """Every file's relative path and bytes under ``folder``, in a stable order."""
    for root, dirs, names in os.walk(folder):
        dirs.sort()
        for name in sorted(names):
            path = Path(root) / name
            digest.update(str(path.relative_to(folder)).encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")


def _nav_items(items: Iterable) -> list:
    """The navigation as titles, URLs and children (what the nav, tabs and footer show)."""
    return [[item.title, getattr(item, "url", None), _nav_items(item.children or [])]
            for item in items]


def _toc(items: Iterable) -> list:
    return [[item.title, item.id, item.level, _toc(item.children)] for item in items]


def _canonical(value: Any) -> Any:
    """``value`` as JSON-ready data that is the same in every process for the same setting:
    mappings with sorted keys, sets sorted, functions by module and name (their ``repr``
    holds a memory address), anything else by its ``repr``."""
    if isinstance(value, Mapping):
        return {str(k): _canonical(v) for k, v in sorted(value.items(), key=lambda i: str(i[0]))}
    if isinstance(value, (list, tuple)):
        return [_canonical(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(json.dumps(_canonical(v), sort_keys=True) for v in value)
    if isinstance(value, (str, int, float, bool, type(None))):
        return value
    if isinstance(value, functools.partial):
        return ["partial", _canonical(value.func), _canonical(value.args),
                _canonical(value.keywords)]
    if callable(value):
        return f"{getattr(value, '__module__', '')}.{getattr(value, '__qualname__', '')}"
    return repr(value)


def config_text(config: MkDocsConfig) -> str:
    """The loaded configuration as JSON text, the same for the same settings in any process
    (``IGNORED_SETTINGS`` left out; the theme with its folders; each plugin by its name and
    options; hooks by name)."""
    settings = {key: value for key, value in config.items() if key not in IGNORED_SETTINGS}
    # A relative custom_dir stays relative when mkdocs.yml is named by a relative path.
    settings["theme"] = {"name": config.theme.name,
                         "dirs": [str(Path(d).resolve()) for d in config.theme.dirs],
                         "static_templates": config.theme.static_templates,
                         "options": dict(config.theme)}
    settings["plugins"] = [[name, dict(plugin.config)]
                           for name, plugin in config.plugins.items()]
    settings["hooks"] = list(config.hooks)
    return json.dumps(_canonical(settings), sort_keys=True)


def _listings_directive(config: MkDocsConfig) -> str | None:
    """The comment that marks a tag listing for Material's tags plugin (its documented
    ``listings_directive`` option), or ``None`` when the plugin is not on."""
    for name in ("material/tags", "tags"):
        plugin = config.plugins.get(name)
        if plugin is not None and plugin.config.get("enabled", True):
            return plugin.config.get("listings_directive", "material/tags")
    return None


def site_stamp(config: MkDocsConfig, files: Files, nav: Navigation | None) -> str:
    """The SHA-1 of everything besides the page itself that a page's template output depends
    on (module docstring), as 40 hex digits."""
    digest = hashlib.sha1(config_text(config).encode())
    digest.update(repr([_package_version(name) for name in PACKAGES]).encode())
    digest.update(get_build_date().encode())
    installed = {Path(sysconfig.get_paths()[name]) for name in ("purelib", "platlib")}
    for folder in (Path(d).resolve() for d in config.theme.dirs):
        if not any(folder.is_relative_to(root) for root in installed):  # else: the versions
            _tree_digest(folder, digest)
    digest.update(json.dumps(_nav_items(nav.items) if nav else None).encode())
    pages = [file.page for file in files.documentation_pages() if file.page is not None]
    digest.update("\0".join(sorted(page.url for page in pages)).encode())
    directive = _listings_directive(config)
    if directive is not None:
        comment = re.compile(rf"<!--\s*{re.escape(directive)}\b.*?-->", re.DOTALL)
        for page in pages:
            if not reusable(page):
                found = comment.findall(page.file.content_string)
                digest.update(f"{page.file.src_uri}\0{found!r}\0".encode())
    return digest.hexdigest()


def page_key(stamp: str, page: Page) -> str:
    """The SHA-1 (40 hex digits) of ``stamp`` and what the template sees of ``page``."""
    digest = hashlib.sha1(stamp.encode())
    digest.update(json.dumps([page.url, page.title, _toc(page.toc)]).encode())
    digest.update(json.dumps(_canonical(page.meta), sort_keys=True).encode())
    digest.update((page.content or "").encode())
    return digest.hexdigest()


def _pack(template_output: str, final: str | None) -> bytes:
    """A store record: the template output and, when the page was minified from exactly it,
    the minified page, zlib-compressed (a page's HTML shrinks about fourfold)."""
    first = template_output.encode("utf-8")
    second = final.encode("utf-8") if final is not None else b""
    header = struct.pack("<QB", len(first), final is not None)
    return zlib.compress(header + first + second, 1)


def read_record(path: Path) -> tuple[str, str | None]:
    """The record at ``path`` (``_pack``): (template output, minified page or ``None``)."""
    raw = zlib.decompress(path.read_bytes())
    size, has_final = struct.unpack_from("<QB", raw)
    start = struct.calcsize("<QB")
    first = raw[start:start + size].decode("utf-8")
    return first, raw[start + size:].decode("utf-8") if has_final else None


class PageReuse:
    """One build's use of the store: which pages are reused, which outputs to keep.

    Args:
        folder: the store (``<cache_dir>/html``); made when the first record is written.
    """

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.keys: dict[str, str] = {}  # src_uri -> key, for the pages templated anew
        self.used: set[str] = set()  # keys this build reused or stored
        self.reused = 0
        self._pending: tuple[str, str, str] | None = None  # src_uri, key, template output

    def plan(self, env: Environment, config: MkDocsConfig, files: Files,
             nav: Navigation | None) -> Environment:
        """At ``on_env`` (after every page is read and rendered, and after Material's tags
        plugin has filled its listings): point each reusable page whose key is in the store
        at ``REUSE_TEMPLATE`` (its ``meta["template"]``, the documented way to choose a
        page's template), note the others' keys, and give ``env`` the reuse template.
        Returns ``env``."""
        stamp = site_stamp(config, files, nav)
        for file in files.documentation_pages():
            page = file.page
            if not reusable(page):
                continue
            key = page_key(stamp, page)
            path = self.folder / f"{key}.z"
            if path.is_file():
                page.reused_path = path
                page.meta["template"] = REUSE_TEMPLATE
                self.used.add(key)
                self.reused += 1
            else:
                self.keys[file.src_uri] = key
        env.loader = ChoiceLoader([env.loader, DictLoader({REUSE_TEMPLATE: REUSE_SOURCE})])
        return env

    def template_output(self, output: str, page: Page) -> None:
        """At ``on_post_page``, before any other handler: note the template's ``output`` of
        a page templated anew (stored by ``final_output``)."""
        key = self.keys.pop(page.file.src_uri, None)
        self._pending = (page.file.src_uri, key, output) if key is not None else None

    def final_output(self, output: str, page: Page, minify: Callable[[str], str] | None) -> str:
        """At ``on_post_page``, after every other handler: the page's ``output``, minified
        with ``minify`` when it is given. A reused page whose ``output`` is still its stored
        template output gets its stored minified page (``minify`` is a function of its
        input alone); a page templated anew is stored, with its minified page when
        ``output`` is still the template's."""
        stored = page.reused_record if isinstance(page, GeneratedPage) else None
        if stored is not None:
            page.reused_record = None  # MkDocs keeps every page until the build ends
        if minify is None:
            final = output
        elif stored is not None and stored[1] is not None and output == stored[0]:
            final = stored[1]
        else:
            final = minify(output)
        pending, self._pending = self._pending, None
        if pending is not None and pending[0] == page.file.src_uri:
            _, key, template_output = pending
            exact = minify is not None and output == template_output
            self.folder.mkdir(parents=True, exist_ok=True)
            path = self.folder / f"{key}.z"
            staged = path.with_suffix(".tmp")
            staged.write_bytes(_pack(template_output, final if exact else None))
            os.replace(staged, path)  # never a half-written record under a key
            self.used.add(key)
        return final

    def prune(self) -> int:
        """After a complete build: delete the records no page of it used; returns how many."""
        if not self.folder.is_dir():
            return 0
        removed = 0
        for path in self.folder.iterdir():
            if not (path.suffix == ".z" and path.stem in self.used):
                path.unlink()
                removed += 1
        return removed
