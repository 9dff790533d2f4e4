"""Search quality as a reader types: the rank of the paper a query was made from, in both
engines, typed key by key in headless Chromium, with BM25 over the same papers as baseline.

    python bench/search_quality.py --source real --n 4400            # quality, both engines
    python bench/search_quality.py --source arxiv --n 5000 --per-kind 20
    python bench/search_quality.py --source arxiv --n 20000 --engine pagefind --per-kind 0 --cold 10

Papers: the first N of ``../shared/real/*.jsonl`` (ICLR 2021, NeurIPS 2023) or of
``../shared/arxiv/arxiv_cs_2024_2025.jsonl.gz``, with their real titles, built into a copy of
this project's site once per engine (``paper-digest build --search material|pagefind``).

Queries, five kinds of ``--per-kind`` each (seed 0), made from the papers themselves:
* ``name``: the method name of a title "Name: ..." (one to three words, a capital after the
  first letter or a digit);
* ``title``: three or four consecutive words of a title;
* ``abstract``: two or three consecutive words of the abstract's first sentence, neither end a
  stop word;
* ``misspelt``: a method name of five or more letters with one edit (a letter dropped, doubled,
  swapped with the next or replaced), the result no word of any title;
* ``special``: a title word with a hyphen, plus or tilde (``few-shot``, ``GPT-4``, ``C++``)
  and the title word after it.
The target of a query is the paper it was made from (or any paper with the same name).
``--kinds`` picks some of them, and the sixth kind ``later`` (not in the mean): two or three
words of a sentence after the abstract's first, by the ``abstract`` rules (seed 1), a control
for what the dialog's weight on the opening sentence costs other abstract words.

Each query is typed into the engine's search box one key at a time (``--delay`` ms apart),
the index already loaded; then the results count as settled once the list has not changed for
``QUIET_MS``. Printed per kind and engine: recall@1, MRR@10 (the reciprocal rank of the
target in the first ten results, 0 when absent) and the time from the last key to the last
change of the results (median and 90th percentile). BM25 (rank_bm25's BM25Okapi over the
title and abstract, lower-cased words) ranks the same papers for the same queries.

``--cold K``: also K first visits (a fresh browser context each): the time from the first
keystroke of a method name to the first result shown, the index not yet loaded.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests"))

from browser_support import chromium, new_page, serve  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402
from run import copy_site_config  # noqa: E402
from search_browser import build_site  # noqa: E402

# ../shared beside the checkout (a git worktree one level deeper also finds it)
SHARED = next((d / "shared" for d in (ROOT.parent, ROOT.parent.parent)
               if (d / "shared").is_dir()), ROOT.parent / "shared")
REAL = SHARED / "real"
ARXIV = SHARED / "arxiv" / "arxiv_cs_2024_2025.jsonl.gz"
KINDS = ("name", "title", "abstract", "misspelt", "special")
ENGINES = ("pagefind", "material")
QUIET_MS = 500
UNCHANGED_MS = 1500
SETTLE_TIMEOUT_MS = 60_000
STOP = frozenset([
    "a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "has", "have", "in",
    "into", "is", "it", "its", "of", "on", "or", "that", "the", "their", "this", "to", "via",
    "we", "with", "our", "which", "these", "using", "based"
])
_WORD = re.compile(r"[^\W_]+(?:[-+][^\W_]*)*\+*|~\d\w*")
_NAME = re.compile(r"^([^:]{2,40}):\s")
_SPECIAL = re.compile(r"^(?:\w+(?:-\w+)+|\w+\+\+|~\d\w*|\w+\+\w+)$")


def load_papers(source: str, n: int) -> list[dict]:
    """The first ``n`` papers of the source, as ``{"title", "abstract"}`` plus the source's own
    fields (the seed line written for them)."""
    if source == "real":
        lines = [line for f in sorted(REAL.glob("*.jsonl"))
                 for line in f.read_text(encoding="utf-8").splitlines() if line.strip()]
    else:
        with gzip.open(ARXIV, "rt", encoding="utf-8") as fh:
            lines = [line for _, line in zip(range(n), fh)]
    return [json.loads(line) for line in lines[:n]]


def method_name(title: str) -> str | None:
    """The method name of a title "Name: ...", when it looks like one (1-3 words, a capital
    letter after the first or a digit: "BEATs", "PaLM-E", "DreamBooth")."""
    m = _NAME.match(title)
    if not m:
        return None
    name = m.group(1).strip()
    if len(name.split()) > 3 or not re.search(r"(?<=\w)[A-Z]|\d", name):
        return None
    return name


def misspell(name: str, rng: random.Random, vocabulary: set[str]) -> str | None:
    """``name`` with one edit at a position after its first letter; ``None`` when every try
    gives a word of the titles (or the name is shorter than five letters)."""
    if len(name) < 5:
        return None
    for _ in range(10):
        i = rng.randrange(1, len(name) - 1)
        op = rng.choice(("drop", "double", "swap", "replace"))
        if op == "drop":
            out = name[:i] + name[i + 1:]
        elif op == "double":
            out = name[:i] + name[i] + name[i:]
        elif op == "swap":
            out = name[:i] + name[i + 1] + name[i] + name[i + 2:]
        else:
            out = name[:i] + rng.choice("aeiourstnl") + name[i + 1:]
        if out != name and out.lower() not in vocabulary:
            return out
    return None


def make_queries(papers: list[dict], per_kind: int, seed: int = 0) -> dict[str, list[dict]]:
    """``{kind: [{"q", "targets": {index, ...}}]}``, up to ``per_kind`` each, from distinct
    papers (see the module docstring)."""
    rng = random.Random(seed)
    vocabulary = {w.lower() for p in papers for w in _WORD.findall(p["title"])}
    names: dict[str, set[int]] = {}
    for i, p in enumerate(papers):
        name = method_name(p["title"])
        if name:
            names.setdefault(name.lower(), set()).add(i)
    order = list(range(len(papers)))
    rng.shuffle(order)
    out: dict[str, list[dict]] = {k: [] for k in KINDS}
    for i in order:
        p = papers[i]
        words = _WORD.findall(p["title"])
        name = method_name(p["title"])
        if name and len(out["name"]) < per_kind:
            out["name"].append({"q": name, "targets": names[name.lower()]})
        elif name and len(out["misspelt"]) < per_kind:
            typo = misspell(name, rng, vocabulary)
            if typo:
                out["misspelt"].append({"q": typo, "targets": names[name.lower()]})
        if len(words) >= 4 and len(out["title"]) < per_kind:
            k = rng.choice((3, 4))
            start = rng.randrange(0, len(words) - k + 1)
            out["title"].append({"q": " ".join(words[start:start + k]), "targets": {i}})
        first = re.split(r"(?<=[.!?])\s", " ".join(p["abstract"].split()), maxsplit=1)[0]
        aw = [w for w in _WORD.findall(re.sub(r"\$[^$]*\$|\\\w+", " ", first))]
        spans = [(s, k) for k in (2, 3) for s in range(len(aw) - k + 1)
                 if aw[s].lower() not in STOP and aw[s + k - 1].lower() not in STOP]
        if spans and len(out["abstract"]) < per_kind:
            s, k = rng.choice(spans)
            out["abstract"].append({"q": " ".join(aw[s:s + k]), "targets": {i}})
        special = [j for j, w in enumerate(words) if _SPECIAL.match(w)]
        if special and len(out["special"]) < per_kind:
            j = rng.choice(special)
            out["special"].append({"q": " ".join(words[j:j + 2]), "targets": {i}})
    return out


def later_queries(papers: list[dict], per_kind: int, seed: int = 1) -> list[dict]:
    """Up to ``per_kind`` queries of the kind ``later`` (see the module docstring), from
    distinct papers with three or more sentences."""
    rng = random.Random(seed)
    order = list(range(len(papers)))
    rng.shuffle(order)
    out: list[dict] = []
    for i in order:
        sentences = re.split(r"(?<=[.!?])\s", " ".join(papers[i]["abstract"].split()))
        if len(sentences) < 3:
            continue
        aw = _WORD.findall(re.sub(r"\$[^$]*\$|\\\w+", " ", rng.choice(sentences[1:])))
        spans = [(s, k) for k in (2, 3) for s in range(len(aw) - k + 1)
                 if aw[s].lower() not in STOP and aw[s + k - 1].lower() not in STOP]
        if spans:
            s, k = rng.choice(spans)
            out.append({"q": " ".join(aw[s:s + k]), "targets": {i}})
        if len(out) == per_kind:
            break
    return out


def build(papers: list[dict], engine: str, work: Path) -> tuple[Path, float]:
    """A site of ``papers`` (one JSONL seed file in ``work/proj``) for ``engine``, as
    bench/search_browser.py builds one; (site folder, seconds)."""
    proj = work / "proj"
    if not proj.exists():
        copy_site_config(proj)
        (proj / "seeds").mkdir()
        with (proj / "seeds" / "papers.jsonl").open("w", encoding="utf-8") as fh:
            for p in papers:
                fh.write(json.dumps(p, ensure_ascii=False) + "\n")
    return build_site(proj, engine)


def page_index(site: Path, papers: list[dict]) -> dict[str, int]:
    """Site path of each paper page -> the paper's index in ``papers`` (matched by title)."""
    by_title: dict[str, int] = {}
    for i, p in enumerate(papers):
        by_title.setdefault(" ".join(p["title"].split()).casefold(), i)
    entries = json.loads((site / "papers.json").read_text(encoding="utf-8"))
    return {e["url"]: by_title[" ".join(e["title"].split()).casefold()] for e in entries
            if " ".join(e["title"].split()).casefold() in by_title}


_WATCH = """sel => { const el = document.querySelector(sel);
    window.__pdChanged = performance.now();
    if (!window.__pdObserver) {
      document.addEventListener("keyup", () => { window.__pdLastKey = performance.now(); }, true);
      window.__pdObserver = new MutationObserver(() => { window.__pdChanged = performance.now(); });
      window.__pdObserver.observe(el, {childList: true, subtree: true, characterData: true});
    } }"""
_RESULTS = {
    "material": ("input.md-search__input", ".md-search-result",
                 ".md-search-result__item > a.md-search-result__link"),
    "pagefind": (".pd-search__input", "[data-pd-search-ui]", ".pd-search__result-link"),
}


def _open(page, base: str, engine: str) -> None:
    page.goto(base)
    if engine == "material":
        page.locator("input.md-search__input").click()
        page.wait_for_function("""() => { const m = document.querySelector(
            '.md-search-result__meta'); return m && !/initializ/i.test(m.textContent); }""",
                               timeout=600_000)
    else:
        page.locator("header [data-pd-search-open]").click()
        page.locator(".pd-search__input").wait_for(state="visible")


def type_query(page, engine: str, query: str, delay_ms: int) -> tuple[list[str], float]:
    """Clear the box, type ``query`` key by key; the result paths (rank order, first ten) once
    settled, and the seconds from the last key to the results' last change."""
    box_sel, watch_sel, link_sel = _RESULTS[engine]
    box = page.locator(box_sel)
    box.fill("")
    box.press("End")  # Material searches on key events
    page.wait_for_timeout(QUIET_MS)
    page.evaluate(_WATCH, watch_sel)
    box.press_sequentially(query, delay=delay_ms)
    last_key = page.evaluate("window.__pdLastKey")
    # Settled: the dialog answers this query (Pagefind's marks it) and then nothing changed
    # for QUIET_MS; Material gives no such sign: a change after the last key then QUIET_MS
    # without one, or UNCHANGED_MS without any (the results of the query's prefix stand).
    answered = ("document.querySelector('[data-pd-search-ui]').dataset.pdQuery === q"
                if engine == "pagefind" else "true")
    try:
        page.wait_for_function(f"""q => {answered} && (performance.now() - window.__pdChanged >
            {QUIET_MS} && window.__pdChanged > window.__pdLastKey
            || performance.now() - window.__pdLastKey > {UNCHANGED_MS})""", arg=query.strip(),
                               timeout=SETTLE_TIMEOUT_MS)
    except PlaywrightTimeout:  # counted as no result, and said
        print(f"  {engine}: {query!r} not settled after {SETTLE_TIMEOUT_MS / 1000:.0f} s",
              flush=True)
        return [], SETTLE_TIMEOUT_MS / 1000
    changed = page.evaluate("window.__pdChanged")
    hrefs = page.eval_on_selector_all(link_sel, "els => els.map(a => a.href)")
    paths = [re.sub(r"^https?://[^/]+/", "", h).split("#")[0].split("?")[0] for h in hrefs]
    seen: list[str] = []
    for p in paths:
        if p not in seen:
            seen.append(p)
    return seen[:10], max(0.0, (changed - last_key) / 1000)


def cold_first_result(browser, base: str, engine: str, query: str, delay_ms: int) -> float:
    """A first visit: seconds from the first keystroke of ``query`` to the first result."""
    box_sel, _, link_sel = _RESULTS[engine]
    with new_page(browser, timeout_ms=600_000) as page:
        page.goto(base, wait_until="domcontentloaded")
        if engine == "pagefind":
            page.locator("header [data-pd-search-open]").click()
        box = page.locator(box_sel)
        box.click()
        t0 = time.perf_counter()
        box.press_sequentially(query, delay=delay_ms)
        page.locator(link_sel).first.wait_for(timeout=600_000)
        return time.perf_counter() - t0


def scores(ranked: list[int], targets: set[int]) -> tuple[float, float]:
    """(recall@1, reciprocal rank within the first ten) of the first target in ``ranked``."""
    for rank, i in enumerate(ranked[:10], start=1):
        if i in targets:
            return float(rank == 1), 1.0 / rank
    return 0.0, 0.0


def bm25_rank(papers: list[dict], queries: dict[str, list[dict]]) -> dict[str, list[dict]]:
    """BM25Okapi over title + abstract (lower-cased words): per kind, per query, the scores
    and the CPU seconds of the ranking."""
    from rank_bm25 import BM25Okapi  # noqa: PLC0415 - bench extra

    def words(text: str) -> list[str]:
        return re.findall(r"\w+", text.lower())

    bm25 = BM25Okapi([words(p["title"] + " " + p["abstract"]) for p in papers])
    out: dict[str, list[dict]] = {}
    for kind, qs in queries.items():
        rows = []
        for q in qs:
            t0 = time.process_time()
            s = bm25.get_scores(words(q["q"]))
            ranked = sorted(range(len(papers)), key=lambda i: -s[i])[:10]
            rows.append({"q": q["q"], "ranked": ranked,
                         "seconds": time.process_time() - t0})
        out[kind] = rows
    return out


def summarise(rows: list[dict], targets: list[set[int]]) -> dict:
    r1, rr = zip(*(scores(r["ranked"], t) for r, t in zip(rows, targets))) if rows else ((), ())
    secs = sorted(r["seconds"] for r in rows)
    return {"n": len(rows), "recall1": statistics.fmean(r1) if r1 else 0.0,
            "mrr10": statistics.fmean(rr) if rr else 0.0,
            "median_ms": 1000 * secs[len(secs) // 2] if secs else 0.0,
            "p90_ms": 1000 * secs[int(0.9 * (len(secs) - 1))] if secs else 0.0}


def run_engine(browser, site: Path, engine: str, papers: list[dict],
               queries: dict[str, list[dict]], delay_ms: int) -> dict[str, list[dict]]:
    index = page_index(site, papers)
    out: dict[str, list[dict]] = {}
    with serve(site) as base, new_page(browser, timeout_ms=600_000) as page:
        _open(page, base, engine)
        for kind, qs in queries.items():
            rows = []
            for q in qs:
                paths, secs = type_query(page, engine, q["q"], delay_ms)
                rows.append({"q": q["q"], "paths": paths, "seconds": secs,
                             "ranked": [index.get(p, -1) for p in paths]})
            out[kind] = rows
            print(f"  {engine} {kind}: {len(rows)} queries typed", flush=True)
    return out


def table(results: dict[str, dict[str, list[dict]]], queries: dict[str, list[dict]]) -> str:
    lines = [f"{'kind':9} {'engine':9} {'n':>3} {'recall@1':>8} {'MRR@10':>7} "
             f"{'settled ms (median, p90)':>25}"]
    means: dict[str, list[float]] = {}
    for kind in (k for k in (*KINDS, "later") if k in queries):
        targets = [q["targets"] for q in queries[kind]]
        for engine, by_kind in results.items():
            s = summarise(by_kind[kind], targets)
            if kind in KINDS:
                means.setdefault(engine, []).append(s["mrr10"])
            timing = ("CPU " if engine == "bm25" else "") + f"{s['median_ms']:.0f}, {s['p90_ms']:.0f}"
            lines.append(f"{kind:9} {engine:9} {s['n']:>3} {s['recall1']:>8.2f} "
                         f"{s['mrr10']:>7.2f} {timing:>25}")
    for engine, m in means.items():
        lines.append(f"{'mean':9} {engine:9} {'':>3} {'':>8} {statistics.fmean(m):>7.2f}")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--source", choices=("real", "arxiv"), default="real")
    ap.add_argument("--n", type=int, default=4400, help="papers (default 4400)")
    ap.add_argument("--per-kind", type=int, default=50,
                    help="queries per kind (default 50; 0: only the --cold visits)")
    ap.add_argument("--kinds", default=",".join(KINDS),
                    help="comma-separated kinds (default the five; also: later)")
    ap.add_argument("--engine", choices=(*ENGINES, "both"), default="both")
    ap.add_argument("--delay", type=int, default=40, help="ms between keys (default 40)")
    ap.add_argument("--cold", type=int, default=0, help="also K cold first visits per engine")
    ap.add_argument("--work", type=Path, help="build folder (kept; default a new temp folder)")
    ap.add_argument("--json", type=Path, help="also write every query's results here")
    args = ap.parse_args()
    papers = load_papers(args.source, args.n)
    if not papers:
        sys.exit(f"no papers: {REAL if args.source == 'real' else ARXIV} not found")
    kinds = args.kinds.split(",")
    queries = {k: v for k, v in make_queries(papers, args.per_kind).items() if k in kinds}
    if "later" in kinds:
        queries["later"] = later_queries(papers, args.per_kind)
    print(f"{len(papers)} papers from {args.source}; queries: "
          + ", ".join(f"{k} {len(v)}" for k, v in queries.items()), flush=True)
    work = args.work or Path(tempfile.mkdtemp(prefix="pd-search-quality-"))
    engines = ENGINES if args.engine == "both" else (args.engine,)
    results: dict[str, dict[str, list[dict]]] = {}
    cold: dict[str, list[float]] = {}
    with chromium() as browser:
        for engine in engines:
            site = work / "proj" / f"site-{engine}"
            if not (site / "papers.json").exists():
                site, secs = build(papers, engine, work)
                print(f"{engine}: built {site} in {secs:.0f} s", flush=True)
            if args.per_kind:
                results[engine] = run_engine(browser, site, engine, papers, queries,
                                             args.delay)
            if args.cold:
                names = make_queries(papers, max(args.cold, args.per_kind))["name"]
                with serve(site) as base:
                    cold[engine] = [cold_first_result(browser, base, engine, q["q"], args.delay)
                                    for q in names[:args.cold]]
    if args.per_kind:
        results["bm25"] = bm25_rank(papers, queries)
        print(f"\n=== search quality, typed: {len(papers)} {args.source} papers ===")
        print(table(results, queries))
    for engine, secs in cold.items():
        print(f"cold first result, {engine}: median {statistics.median(secs):.2f} s, "
              f"max {max(secs):.2f} s over {len(secs)} first visits")
    if args.json:
        args.json.write_text(json.dumps({"queries": {k: [{"q": q["q"], "targets": sorted(
            q["targets"])} for q in v] for k, v in queries.items()}, "results": results,
            "cold": cold}, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
