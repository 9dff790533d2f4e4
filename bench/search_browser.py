"""Search in a real browser: time from typing a query into Material's search box to the first
result, and the bytes of the search index the page loads.

    python bench/search_browser.py --site /tmp/pd-bench-5000-xxxx/proj/site
    python bench/search_browser.py --n 5000          # synthesise + paper-digest build first

Serves the site on 127.0.0.1 (http.server), opens it in headless Chromium (Playwright,
/usr/bin/chromium) and measures, per query:
* cold: the page has just loaded (DOMContentLoaded), the reader types at once; includes
  fetching the index and building the lunr index in the worker;
* warm: the index is already loaded (after a first query), the reader types a new query.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
QUERIES = ["diffusion", "transformer", "reinforcement", "graph neural", "optimal transport"]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *a):  # noqa: D401
        pass


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(_Quiet, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


def build_site(n: int) -> Path:
    from run import PAPER_DIGEST, make_project  # noqa: PLC0415
    tmp = Path(tempfile.mkdtemp(prefix=f"pd-search-{n}-"))
    proj = make_project(tmp, n, 0)
    subprocess.run([PAPER_DIGEST, "build", "--seeds", "seeds", "--docs", "docs_src", "-f",
                    "mkdocs.yml", "--site-dir", str(proj / "site")], cwd=proj, check=True,
                   stdout=subprocess.DEVNULL)
    return proj / "site"


def measure(site: Path, queries: list[str], timeout_s: float = 60) -> dict:
    from playwright.sync_api import sync_playwright  # noqa: PLC0415
    httpd, url = serve(site)
    out: dict = {"site": str(site), "index_file_bytes":
                 (site / "search" / "search_index.json").stat().st_size, "runs": []}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                         args=ARGS)
            for q in queries:
                page = browser.new_page()
                loaded: dict[str, int] = {}

                def on_response(resp, loaded=loaded):
                    if "search_index" in resp.url or resp.url.endswith(".json"):
                        try:
                            loaded[resp.url] = len(resp.body())
                        except Exception:  # noqa: BLE001
                            loaded[resp.url] = -1
                page.on("response", on_response)
                page.goto(url, wait_until="domcontentloaded")
                box = page.locator("input.md-search__input")
                t0 = time.perf_counter()
                box.click()
                box.press_sequentially(q)
                page.wait_for_selector(".md-search-result__item", timeout=timeout_s * 1000)
                cold = time.perf_counter() - t0
                # warm: index ready, type a different query
                box.fill("")
                page.wait_for_timeout(300)
                t0 = time.perf_counter()
                box.press_sequentially("model")
                page.wait_for_function(
                    "() => { const m = document.querySelector('.md-search-result__meta');"
                    " const i = document.querySelector('.md-search-result__item');"
                    " return i && m && /\\d/.test(m.textContent); }",
                    timeout=timeout_s * 1000)
                warm = time.perf_counter() - t0
                count = page.locator(".md-search-result__meta").inner_text()
                heap = page.evaluate("() => performance.memory ? "
                                     "performance.memory.usedJSHeapSize : null")
                out["runs"].append({"query": q, "cold_s": round(cold, 3),
                                    "warm_s": round(warm, 3), "results_meta": count,
                                    "index_bytes_loaded": sum(v for k, v in loaded.items()
                                                              if "search_index" in k),
                                    "json_loaded": loaded, "main_js_heap": heap})
                page.close()
            browser.close()
    finally:
        httpd.shutdown()
    runs = out["runs"]
    out["cold_median_s"] = sorted(r["cold_s"] for r in runs)[len(runs) // 2]
    out["warm_median_s"] = sorted(r["warm_s"] for r in runs)[len(runs) // 2]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--site", type=Path, help="a built site folder")
    g.add_argument("--n", type=int, help="synthesise N papers and build the site first")
    ap.add_argument("--queries", nargs="+", default=QUERIES)
    args = ap.parse_args()
    site = args.site or build_site(args.n)
    res = measure(site, args.queries)
    for r in res["runs"]:
        print(f"query {r['query']!r}: first result cold {r['cold_s']:.3f} s, warm "
              f"{r['warm_s']:.3f} s; {r['results_meta']}; search index loaded "
              f"{r['index_bytes_loaded'] / 1e6:.2f} MB")
    print(f"median first result: cold {res['cold_median_s']:.3f} s, warm "
          f"{res['warm_median_s']:.3f} s; search_index.json {res['index_file_bytes'] / 1e6:.2f} MB")
    print(json.dumps({k: v for k, v in res.items() if k != "runs"}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
