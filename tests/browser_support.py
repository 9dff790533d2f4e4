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
