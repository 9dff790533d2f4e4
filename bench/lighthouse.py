"""Lighthouse scores of a built site: accessibility and best practices of the home page and a
paper page (issue 16 targets: accessibility >= 98, best practices 100), in light and dark mode.

Not a test (Lighthouse takes ~15 s a page and its scores can move by a point between runs):

    npm ci --prefix bench                  # once: Lighthouse 12.2.3 into bench/node_modules
    .venv/bin/python bench/lighthouse.py [--site site] [--pages "" papers/x/] [--json out.json]

The site is served on 127.0.0.1; Lighthouse drives Debian's Chromium (CHROME_PATH, default
/usr/bin/chromium) headless, with Lighthouse's default (mobile) and its desktop preset. Prints
one row per page, preset and mode, and the failing audits with their score.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from browser_support import CHROMIUM_ARGS, serve  # noqa: E402

LIGHTHOUSE = ROOT / "bench" / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ("accessibility", "best-practices")


def default_pages(site: Path) -> list[str]:
    """The home page and the first paper of papers.json."""
    papers = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    return ["", papers[0]["url"]]


def run(url: str, dark: bool, preset: str) -> dict:
    """One Lighthouse run; its JSON report (``categories``, ``audits``). ``preset``: ``mobile``
    (Lighthouse's default: a phone's screen, throttled) or ``desktop``."""
    flags = [*CHROMIUM_ARGS, "--headless=new"]
    if dark:
        flags.append("--force-dark-mode")  # prefers-color-scheme: dark
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        cmd = [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
               *([f"--preset={preset}"] if preset != "mobile" else []),
               f"--only-categories={','.join(CATEGORIES)}",
               f"--chrome-flags={' '.join(flags)}"]
        env = dict(os.environ, CHROME_PATH=os.environ.get("CHROME_PATH", "/usr/bin/chromium"))
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
        if proc.returncode != 0 or not out.exists():
            raise SystemExit(f"lighthouse failed on {url}:\n{proc.stderr[-2000:]}")
        return json.loads(out.read_text(encoding="utf-8"))


def failing(report: dict, category: str) -> list[str]:
    """The audits of a category that score below 1 (binary audits: failed)."""
    refs = report["categories"][category]["auditRefs"]
    out = []
    for ref in refs:
        audit = report["audits"][ref["id"]]
        if ref["weight"] and audit["score"] is not None and audit["score"] < 1:
            out.append(f"{ref['id']} ({audit['score']})")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", default=str(ROOT / "site"), help="the built site folder")
    parser.add_argument("--pages", nargs="*", help="paths under the site root "
                        "(default: home and the first paper)")
    parser.add_argument("--modes", nargs="*", default=["light", "dark"])
    parser.add_argument("--presets", nargs="*", default=["mobile", "desktop"])
    parser.add_argument("--json", help="write the rows as JSON here")
    args = parser.parse_args(argv)
    if not LIGHTHOUSE.exists():
        raise SystemExit(f"{LIGHTHOUSE} missing: run npm ci --prefix bench")
    site = Path(args.site)
    pages = args.pages if args.pages is not None else default_pages(site)
    rows = []
    with serve(site) as base:
        print(f"{'page':50} {'preset':7} {'mode':5} {'a11y':>5} {'best':>5}  failing audits")
        for path in pages:
            for preset in args.presets:
                for mode in args.modes:
                    report = run(base + path, mode == "dark", preset)
                    scores = {c: round(100 * report["categories"][c]["score"])
                              for c in CATEGORIES}
                    fails = [f for c in CATEGORIES for f in failing(report, c)]
                    rows.append({"page": path or "/", "preset": preset, "mode": mode, **scores,
                                 "failing": fails})
                    print(f"{(path or '/')[:50]:50} {preset:7} {mode:5} "
                          f"{scores['accessibility']:5} {scores['best-practices']:5}  "
                          f"{', '.join(fails)}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
