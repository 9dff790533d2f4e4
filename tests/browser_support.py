"""Shared pieces of the browser tests: Debian's Chromium driven by Playwright, and a quiet
local HTTP server for a built site.

Chromium is Debian's (/usr/bin/chromium); Playwright's own browser download does not work on
this project's machines. Without Chromium or Playwright the browser tests skip, unless
``PAPER_DIGEST_REQUIRE_BROWSER=1`` (set by ``.ci/run``), where they fail instead.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
# As the machine's own probe starts Chromium: without the background-networking flags it
# tries to reach Google's hosts at every start (and the closed network refuses them).
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
REQUIRE = os.environ.get("PAPER_DIGEST_REQUIRE_BROWSER") == "1"


def skip_or_fail(reason: str) -> None:
    """Skip the test, or fail it when the browser is required (CI)."""
    if REQUIRE:
        pytest.fail(f"{reason} but PAPER_DIGEST_REQUIRE_BROWSER=1", pytrace=False)
    pytest.skip(reason)


def playwright():
    """Playwright's ``sync_api`` module, or skip/fail when Chromium or Playwright is missing."""
    if not CHROMIUM.exists():
        skip_or_fail(f"{CHROMIUM} not installed")
    try:
        from playwright import sync_api
    except ImportError:  # pragma: no cover - depends on the environment
        skip_or_fail("playwright is not installed")
    return sync_api


@contextlib.contextmanager
def chromium(*extra_args: str) -> Iterator:
    """A headless Chromium browser (Playwright ``Browser``), closed afterwards; ``extra_args``
    are added to ``CHROMIUM_ARGS``."""
    api = playwright()
    with api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM),
                                     args=[*CHROMIUM_ARGS, *extra_args], headless=True)
        try:
            yield browser
        finally:
            browser.close()


@contextlib.contextmanager
def new_page(browser, timeout_ms: int = 15_000) -> Iterator:
    """A page in a fresh 1280x900 context (no shared cache, cookies or storage)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(timeout_ms)
    try:
        yield page
    finally:
        context.close()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - signature fixed by the base class
        pass


@contextlib.contextmanager
def serve(directory: Path) -> Iterator[str]:
    """Serve ``directory`` on 127.0.0.1 (ephemeral port); yields the base URL ending in /."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


AXE = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
# WCAG 2.x A and AA plus axe's best practices: what Lighthouse's accessibility audit draws on.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


def axe_violations(page, tags: list[str] | None = None) -> list[dict]:
    """Run the vendored axe-core on the page as it is now; its violations as
    ``[{"id", "impact", "help", "nodes": [{"target", "html", "summary"}]}]``."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    result = page.evaluate(
        """async (tags) => {
            const r = await axe.run(document, {runOnly: {type: "tag", values: tags},
                                               resultTypes: ["violations"]});
            return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map(n => ({target: n.target.join(" "), html: n.html,
                                          summary: n.failureSummary}))}));
        }""", tags or AXE_TAGS)
    return result


# After the last key, the results count as settled once the list has not changed for this
# long (Material gives no other sign that it answered the newest keystroke).
QUIET_MS = 400
_WATCH = """sel => { const el = document.querySelector(sel);
    window.__pdChanged = performance.now();
    new MutationObserver(() => { window.__pdChanged = performance.now(); })
        .observe(el, {childList: true, subtree: true, characterData: true}); }"""
_SETTLED = """([q, quiet]) => performance.now() - window.__pdChanged > quiet
    && document.querySelector('.md-search-result__meta')
    && !/initializ|type to start/i.test(
        document.querySelector('.md-search-result__meta').textContent)"""


def material_search(page, base_url: str, query: str, path: str = "") -> list[dict]:
    """Type ``query`` key by key into Material's search box on ``path``, as a reader does, once
    its index is loaded; the results once they have settled, as ``[{"path", "title",
    "snippet"}]`` in rank order, one per page (its article's link; the snippet is the text a
    reader sees, sections included)."""
    page.goto(base_url + path)
    box = page.locator("input.md-search__input")
    box.click()
    # The index loads in a web worker; a query typed before it is ready is lost.
    page.wait_for_function("""() => {
        const m = document.querySelector('.md-search-result__meta');
        return m && m.textContent.trim() && !/initializ/i.test(m.textContent); }""")
    page.evaluate(_WATCH, ".md-search-result")
    box.press_sequentially(query, delay=30)
    page.wait_for_function(_SETTLED, arg=[query, QUIET_MS])
    return page.eval_on_selector_all(".md-search-result__item", """items => items.map(li => {
        const a = li.querySelector('a.md-search-result__link');
        return {path: new URL(a.href).pathname.replace(/^\\//, ''),
                title: li.querySelector('h1').textContent.trim(),
                snippet: li.innerText.replace(/\\s+/g, ' ').trim()};
    })""")


def pagefind_search(page, base_url: str, query: str, path: str = "") -> list[dict]:
    """Open the search dialog from the header of ``path`` and type ``query`` key by key; the
    results once the dialog answers exactly this query, as ``[{"path", "title", "snippet",
    "guess"}]`` in rank order (``guess``: the corrected query a "Did you mean" result is for,
    else ``None``)."""
    page.goto(base_url + path)
    page.locator("header [data-pd-search-open]").click()
    box = page.locator(".pd-search__input")
    box.wait_for(state="visible")
    box.press_sequentially(query, delay=30)
    page.wait_for_function("""q => document.querySelector('[data-pd-search-ui]')
        .dataset.pdQuery === q""", arg=query.strip())
    return page.eval_on_selector_all(".pd-search__result", """items => items.map(r => {
        const a = r.querySelector('.pd-search__result-link');
        const g = r.querySelector('.pd-search__guess');
        return {path: new URL(a.href).pathname.replace(/^\\//, ''),
                title: a.textContent.trim(),
                snippet: r.querySelector('.pd-search__excerpt').textContent
                    .replace(/\\s+/g, ' ').trim(),
                guess: g ? g.textContent.replace(/^for \u201c|\u201d$/g, '') : null};
    })""")
