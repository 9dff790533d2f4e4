"""Search in a real browser, Material's built-in (lunr) search and Pagefind on the same corpus:
time from typing a query to the first result, and the bytes the page transfers.

    python bench/search_browser.py --n 5000                    # synthesise, build both, measure
    python bench/search_browser.py --n 20000 --engine pagefind # one engine only
    python bench/search_browser.py --site /tmp/pd-bench-5000-xxxx/proj/site   # a built site

``--n`` synthesises N papers once (bench/synth.py, seed 0) and builds the same corpus once per
engine (``paper-digest build --search material|pagefind``, into ``site-<engine>/``). A ``--site``
is measured with the engine it was built for (Pagefind when it has ``pagefind/``).

Serves the site on 127.0.0.1 (http.server, no compression), opens it in headless Chromium
(Playwright, /usr/bin/chromium) and measures, per query, in a fresh browser context (empty
cache):
* cold: the page has just loaded (DOMContentLoaded) and the reader types at once. Material:
  into its header search box; includes fetching search_index.json and building the lunr index in
  the worker. Pagefind: click the header search button, type into the dialog; includes loading
  pagefind.js, the WebAssembly, the entry file and the index chunks the query needs.
* warm: the index is loaded (after the first query), the reader types a new query ("model").
* bytes: response bodies of the whole visit (page, assets, search) and of its search part
  (Material: search_index.json + the worker; Pagefind: everything under pagefind/).
The dialog sets Pagefind's UI to search 100 ms after the last keystroke (its default is 300 ms);
that wait is inside its figures. Material searches on every keystroke.
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
ENGINES = ("material", "pagefind")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *a):  # noqa: D401
        pass


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(_Quiet, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


def make_corpus(n: int) -> Path:
    from run import make_project  # noqa: PLC0415
    tmp = Path(tempfile.mkdtemp(prefix=f"pd-search-{n}-"))
    return make_project(tmp, n, 0)


def build_site(proj: Path, engine: str) -> tuple[Path, float]:
    """``paper-digest build --search ENGINE`` of the project's corpus; (site, wall seconds)."""
    from run import PAPER_DIGEST  # noqa: PLC0415
    site = proj / f"site-{engine}"
    t0 = time.perf_counter()
    subprocess.run([PAPER_DIGEST, "build", "--search", engine, "--seeds", "seeds", "--docs",
                    "docs_src", "-f", "mkdocs.yml", "--site-dir", str(site)], cwd=proj,
                   check=True, stdout=subprocess.DEVNULL)
    return site, time.perf_counter() - t0


def index_on_disk(site: Path, engine: str) -> dict:
    if engine == "material":
        f = site / "search" / "search_index.json"
        return {"index_bytes": f.stat().st_size, "index_files": 1}
    files = [f for f in (site / "pagefind").rglob("*") if f.is_file()]
    return {"index_bytes": sum(f.stat().st_size for f in files), "index_files": len(files),
            "index_chunk_bytes": sum(f.stat().st_size for f in files if f.parent.name == "index"),
            "fragment_bytes": sum(f.stat().st_size for f in files if f.parent.name == "fragment")}


def _is_search(url: str, engine: str) -> bool:
    if engine == "material":
        return "search_index" in url or "/workers/search" in url
    return "/pagefind/" in url


def _query_material(page, q: str, timeout_ms: float) -> tuple[float, float, str]:
    box = page.locator("input.md-search__input")
    t0 = time.perf_counter()
    box.click()
    box.press_sequentially(q)
    page.wait_for_selector(".md-search-result__item", timeout=timeout_ms)
    cold = time.perf_counter() - t0
    box.fill("")
    page.wait_for_timeout(300)
    t0 = time.perf_counter()
    box.press_sequentially("model")
    page.wait_for_function(
        "() => { const m = document.querySelector('.md-search-result__meta');"
        " const i = document.querySelector('.md-search-result__item');"
        " return i && m && /\\d/.test(m.textContent); }", timeout=timeout_ms)
    warm = time.perf_counter() - t0
    return cold, warm, page.locator(".md-search-result__meta").inner_text()


_PF_DONE = """q => document.querySelector('[data-pd-search-ui]').dataset.pdQuery === q
    && document.querySelector('.pd-search__result-link')"""


def _query_pagefind(page, q: str, timeout_ms: float) -> tuple[float, float, str]:
    t0 = time.perf_counter()
    page.locator("[data-pd-search-open]").click()
    box = page.locator(".pd-search__input")
    box.wait_for(state="visible", timeout=timeout_ms)
    box.press_sequentially(q)
    page.wait_for_selector(".pd-search__result-link", timeout=timeout_ms)
    cold = time.perf_counter() - t0
    page.wait_for_function(_PF_DONE, arg=q, timeout=timeout_ms)
    box.fill("")
    page.wait_for_timeout(300)
    t0 = time.perf_counter()
    box.press_sequentially("model")
    page.wait_for_function(_PF_DONE, arg="model", timeout=timeout_ms)
    warm = time.perf_counter() - t0
    return cold, warm, page.locator(".pd-search__message").inner_text()


def measure(site: Path, engine: str, queries: list[str], timeout_s: float = 90) -> dict:
    from playwright.sync_api import sync_playwright  # noqa: PLC0415
    httpd, url = serve(site)
    out: dict = {"site": str(site), "engine": engine, **index_on_disk(site, engine), "runs": []}
    run_query = _query_material if engine == "material" else _query_pagefind
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                         args=ARGS)
            for q in queries:
                context = browser.new_context()  # empty cache: every query is a first visit
                page = context.new_page()
                loaded: dict[str, int] = {}

                def on_response(resp, loaded=loaded):
                    try:
                        loaded[resp.url] = len(resp.body())
                    except Exception:  # noqa: BLE001 - redirects, aborted requests
                        loaded.setdefault(resp.url, 0)
                page.on("response", on_response)
                page.goto(url, wait_until="domcontentloaded")
                cold, warm, meta = run_query(page, q, timeout_s * 1000)
                page.wait_for_load_state("networkidle")
                search = {k: v for k, v in loaded.items() if _is_search(k, engine)}
                heap = page.evaluate("() => performance.memory ? "
                                     "performance.memory.usedJSHeapSize : null")
                out["runs"].append({"query": q, "cold_s": round(cold, 3),
                                    "warm_s": round(warm, 3), "results_meta": meta.strip(),
                                    "bytes_total": sum(loaded.values()),
                                    "bytes_search": sum(search.values()),
                                    "search_requests": len(search), "main_js_heap": heap})
                context.close()
            browser.close()
    finally:
        httpd.shutdown()
    runs = out["runs"]
    for key in ("cold_s", "warm_s", "bytes_total", "bytes_search"):
        out[f"median_{key}"] = sorted(r[key] for r in runs)[len(runs) // 2]
    out["max_cold_s"] = max(r["cold_s"] for r in runs)
    return out


def table(results: list[dict]) -> str:
    hdr = ["N", "engine", "index MB", "files", "cold s (median)", "cold s (max)",
           "warm s (median)", "search MB loaded", "total MB loaded"]
    lines = [hdr]
    for r in results:
        lines.append([str(r.get("n", "?")), r["engine"], f"{r['index_bytes'] / 1e6:.1f}",
                      str(r["index_files"]), f"{r['median_cold_s']:.2f}", f"{r['max_cold_s']:.2f}",
                      f"{r['median_warm_s']:.2f}", f"{r['median_bytes_search'] / 1e6:.2f}",
                      f"{r['median_bytes_total'] / 1e6:.2f}"])
    widths = [max(len(line[i]) for line in lines) for i in range(len(hdr))]
    return "\n".join("  ".join(c.rjust(w) for c, w in zip(line, widths)) for line in lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--site", type=Path, help="a built site folder")
    g.add_argument("--n", type=int, help="synthesise N papers and build the site per engine")
    ap.add_argument("--engine", choices=[*ENGINES, "both"], default="both",
                    help="with --n: which engine(s) to build and measure (default both)")
    ap.add_argument("--queries", nargs="+", default=QUERIES)
    ap.add_argument("--json", type=Path, help="also write the raw results to this JSON file")
    args = ap.parse_args()
    results = []
    if args.site:
        engine = "pagefind" if (args.site / "pagefind").is_dir() else "material"
        results.append(measure(args.site, engine, args.queries))
    else:
        proj = make_corpus(args.n)
        print(f"corpus: {proj}", flush=True)
        for engine in (ENGINES if args.engine == "both" else [args.engine]):
            site, build_s = build_site(proj, engine)
            print(f"N={args.n} {engine}: built in {build_s:.1f} s", flush=True)
            res = measure(site, engine, args.queries)
            res.update(n=args.n, build_s=round(build_s, 1))
            results.append(res)
    for res in results:
        for r in res["runs"]:
            print(f"{res['engine']} {r['query']!r}: first result cold {r['cold_s']:.3f} s, warm "
                  f"{r['warm_s']:.3f} s; {r['results_meta']}; loaded {r['bytes_search'] / 1e6:.2f}"
                  f" MB for search in {r['search_requests']} requests, "
                  f"{r['bytes_total'] / 1e6:.2f} MB in all")
    print("\n=== search: first result in headless Chromium ===")
    print(table(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
