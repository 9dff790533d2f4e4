"""The command line's choice of search engine (generator/cli.py)."""

from __future__ import annotations

import argparse

from generator.cli import _override


def test_offline_builds_search_with_material() -> None:
    """``--offline`` or an offline option (PAPER_DIGEST_OFFLINE) picks Material's lunr, which
    works from file://, unless --search names an engine; otherwise the option stays."""
    def options(offline: bool, search: str | None, given: dict) -> dict:
        args = argparse.Namespace(no_cache=False, offline=offline, search=search)
        _override(given, args)
        return given

    assert options(True, None, {"search": "pagefind"})["search"] == "material"
    assert options(False, None, {"search": "pagefind", "offline": True})["search"] == "material"
    assert options(True, "pagefind", {"search": "pagefind"})["search"] == "pagefind"
    assert options(False, None, {"search": "pagefind"})["search"] == "pagefind"
