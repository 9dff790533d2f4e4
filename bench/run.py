"""Scale benchmark: ``python bench/run.py --n 500 5000 20000``.

For each N, in one run: synthesise N abstracts (bench/synth.py) into a temporary project copy,
time ``generate`` in-process (per stage: read, extract, related, render, write), time
``paper-digest generate --no-cache`` in a fresh process, time the full ``paper-digest build``
(generate + ``mkdocs build --strict``, cold: no build cache) in a subprocess, then ``mkdocs
build`` alone of the site it generated (BUILD-ONLY, the rebuild with nothing changed: the
build cache is warm, so the plugin regenerates nothing and every generated page reuses the
template output the cold build stored, ``generator.plugin.reuse``), and time the FLOOR: a bare ``mkdocs build`` of N plain Markdown pages
(title + abstract) with the same theme (material), the same search engine (Material's plugin,
or Pagefind over its site) and the same ``not_in_nav`` rule; and the SITE FLOOR: the same plain pages built with this project's own mkdocs.yml
(``make_site_floor``). Each build runs under ``/usr/bin/time`` (peak RSS of the process tree's
largest process).
With py-spy installed (``pip install -e '.[bench]'``), the build-only run and the floor are
built once more under its sampling profiler, and their time is split by component (Python-
Markdown, Jinja, the search and tags plugins, the paper-digest plugin, ...).
Then prints a table with ratios to the floor and to the smallest N (per-paper cost), and, at
N=5000 (``--incremental-n``), the incremental check: three times, change one abstract and
regenerate; report each run's time, which files were written and whether every other file
kept its bytes and mtime, and the median time as a share of a full generate.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from synth import synthesize  # noqa: E402

from generator.build import generate  # noqa: E402
from generator.config import DigestConfig  # noqa: E402

PY = sys.executable
PAPER_DIGEST = str(Path(PY).parent / "paper-digest")
PY_SPY = shutil.which("py-spy", path=str(Path(PY).parent)) or shutil.which("py-spy")
TIME = "/usr/bin/time"
SPY_RATE = 200  # samples per second
# Where a sampled stack's time goes: the first frame, from the outermost in, whose file
# matches (py-spy names frames "function (package/file.py:line)"); none: MkDocs itself (files,
# nav, copying, writing). Templates first: Material's are under material/ too.
COMPONENTS = (
    ("imports", re.compile(r"^_find_and_load \(<frozen")),
    ("paper-digest plugin (generate, pages)", re.compile(r"\(/?(?:.*/)?generator/")),
    ("Jinja templates (main.html ...)", re.compile(r"\((?:jinja2/|.*\.html:)")),
    ("Material search plugin", re.compile(r"\(material/plugins/search/")),
    ("Material tags plugin", re.compile(r"\(material/plugins/tags/")),
    ("redirects plugin", re.compile(r"\(mkdocs_redirects/")),
    ("front matter (YAML)", re.compile(r"\(mkdocs/utils/meta\.py")),
    ("Python-Markdown + extensions", re.compile(r"\((?:markdown|pymdownx)/")),
)


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", flush=True)


def copy_site_config(dest: Path) -> None:
    """This project's site configuration into ``dest``: mkdocs.yml, taxonomy.yml,
    site_overrides/ and the hand-written pages of docs_src (anything not in the generator's
    manifest); the paper-digest plugin comes from the installed package."""
    dest.mkdir(parents=True, exist_ok=True)
    for name in ("mkdocs.yml", "taxonomy.yml"):
        shutil.copy2(ROOT / name, dest / name)
    shutil.copytree(ROOT / "site_overrides", dest / "site_overrides")
    src = ROOT / "docs_src"
    man = src / ".paper-digest-manifest.json"
    owned = set(json.loads(man.read_text())["files"]) if man.exists() else set()
    for f in src.rglob("*"):
        rel = f.relative_to(src).as_posix()
        if f.is_file() and rel not in owned and not rel.startswith(".paper-digest"):
            (dest / "docs_src" / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(f, dest / "docs_src" / rel)


ARXIV: Path | None = None  # --arxiv: real abstracts with titles instead of synth.py's


def write_arxiv(path: Path, n: int, seeds: Path) -> None:
    """The first ``n`` records of the arXiv file (``../shared/arxiv``: JSON Lines, gzip) with
    a title and an abstract, as ``seeds/arxiv.jsonl`` (title, abstract, arXiv id)."""
    seeds.mkdir(parents=True, exist_ok=True)
    out = []
    with gzip.open(path, "rt", encoding="utf-8") as f:
        for line in f:
            r = json.loads(line)
            if r.get("title") and r.get("abstract"):
                out.append(json.dumps({"title": r["title"], "abstract": r["abstract"],
                                       "arxiv_id": r["id"]}, ensure_ascii=False))
                if len(out) == n:
                    break
    (seeds / "arxiv.jsonl").write_text("\n".join(out) + "\n", encoding="utf-8")


def make_project(tmp: Path, n: int, seed: int) -> Path:
    """A copy of the project's site configuration (``copy_site_config``) + N seeds (synth.py's,
    or with ``--arxiv`` the first N real ones)."""
    proj = tmp / "proj"
    copy_site_config(proj)
    if ARXIV is not None:
        write_arxiv(ARXIV, n, proj / "seeds")
    else:
        synthesize(n, proj / "seeds", seed=seed)
    return proj


# The digest's search engine (mkdocs.yml: PAPER_DIGEST_SEARCH, default pagefind); the floor
# uses the same one: Material's search plugin, or Pagefind run over the floor's built site.
SEARCH = os.environ.get("PAPER_DIGEST_SEARCH", "pagefind")


def make_floor(tmp: Path, seeds: Path) -> Path:
    """N plain pages (title + abstract) with material, the same search engine as the digest
    (``SEARCH``) and the same not_in_nav rule."""
    floor = tmp / "floor"
    docs = floor / "docs" / "papers"
    docs.mkdir(parents=True)
    pages = []
    for path in sorted(seeds.glob("*.txt")):
        paras = re.split(r"\n\s*\n", path.read_text(encoding="utf-8").strip())
        pages += [(re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0][:100], text)
                  for text in paras[1:]]
    for path in sorted(seeds.glob("*.jsonl")):
        records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        pages += [(r["title"], r["abstract"]) for r in records]
    for i, (title, text) in enumerate(pages):
        (docs / f"p{i:06d}.md").write_text(f"# Paper {i}: {title}\n\n{text}\n",
                                          encoding="utf-8")
    (floor / "docs" / "index.md").write_text("# Floor\n\nPlain pages.\n", encoding="utf-8")
    (floor / "mkdocs.yml").write_text(
        "site_name: Floor\nsite_url: https://example.github.io/floor/\n"
        "theme:\n  name: material\n  font: false\n"
        f"plugins:\n  - search:\n      enabled: {str(SEARCH == 'material').lower()}\n"
        "not_in_nav: |\n  /papers/\n", encoding="utf-8")
    return floor


def make_site_floor(tmp: Path, floor: Path) -> Path:
    """The floor's plain pages inside this project's own site configuration
    (``copy_site_config``: the same theme features, overrides, Markdown extensions, tags and
    search plugins; the paper-digest plugin set to ``enabled: false``). Against the floor it
    shows what the site's configuration costs MkDocs; against the build, what the generated
    papers cost (generation and their richer pages)."""
    site = tmp / "site_floor"
    copy_site_config(site)
    shutil.copytree(floor / "docs" / "papers", site / "docs_src" / "papers")
    config = site / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace(
        "  - paper-digest:\n", "  - paper-digest:\n      enabled: false\n", 1), encoding="utf-8")
    (site / "docs_src" / "index.md").write_text("# Site floor\n\nPlain pages.\n",
                                                encoding="utf-8")
    return site


def timed(cmd: list[str], cwd: Path, env: dict | None = None) -> tuple[float, float]:
    """Run ``cmd`` under /usr/bin/time; return (wall seconds, peak RSS MB). The CPU seconds
    (user + system, the process and its children) go to ``CPU[" ".join(cmd)]``: on a shared
    machine they vary far less than wall time."""
    out = cwd / ".time.txt"
    full = [TIME, "-f", "%M %e %U %S", "-o", str(out), *cmd] if os.path.exists(TIME) else cmd
    t0 = time.perf_counter()
    proc = subprocess.run(full, cwd=cwd, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    wall = time.perf_counter() - t0
    if proc.returncode != 0:
        print(proc.stdout[-4000:])
        raise SystemExit(f"failed ({proc.returncode}): {' '.join(cmd)}")
    if os.path.exists(TIME):
        fields = out.read_text().split()[-4:]
        kb = int(fields[0])
        CPU[" ".join(cmd)] = float(fields[2]) + float(fields[3])
    else:  # pragma: no cover
        import resource
        kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        CPU[" ".join(cmd)] = float("nan")
    return wall, kb / 1024


CPU: dict[str, float] = {}


def timed_cpu(row: dict, name: str, cmd: list[str], cwd: Path) -> None:
    """``timed``, stored in ``row``: ``{name}_s``, ``{name}_mb``, ``{name}_cpu``."""
    row[f"{name}_s"], row[f"{name}_mb"] = timed(cmd, cwd)
    row[f"{name}_cpu"] = CPU[" ".join(cmd)]


def profiled(cmd: list[str], cwd: Path) -> dict[str, float] | None:
    """Run ``cmd`` under py-spy (``SPY_RATE`` samples per second, raw stacks) and return
    seconds per component (``COMPONENTS``; ``total`` = all samples), plus, for
    Python-Markdown, seconds per processor (``md: <frame under Markdown.convert>``).
    ``None`` when py-spy is not installed or cannot trace (no ptrace permission)."""
    if PY_SPY is None:
        return None
    out = cwd / ".spy.txt"
    proc = subprocess.run([PY_SPY, "record", "-r", str(SPY_RATE), "-f", "raw", "-o", str(out),
                           "--", *cmd], cwd=cwd, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    if proc.returncode != 0 or not out.exists():
        log(f"py-spy failed ({proc.returncode}): {proc.stdout[-500:]}")
        return None
    seconds: dict[str, float] = {}
    for line in out.read_text(encoding="utf-8").splitlines():
        stack, _, count = line.rpartition(" ")
        if not count.isdigit():
            continue
        frames = stack.split(";")
        part = next((name for f in frames for name, rule in COMPONENTS if rule.search(f)),
                    "MkDocs itself (files, nav, copy, write)")
        s = int(count) / SPY_RATE
        seconds[part] = seconds.get(part, 0.0) + s
        seconds["total"] = seconds.get("total", 0.0) + s
        if part.startswith("Python-Markdown"):
            at = next((i for i, f in enumerate(frames)
                       if f.startswith(("Markdown.convert ", "Markdown.__init__ "))), None)
            if at is not None:
                sub = "Markdown() made" if frames[at].startswith("Markdown.__init__") else \
                    frames[at + 1].split(" (")[0] if at + 1 < len(frames) else "convert"
                key = f"md: {sub}"
                seconds[key] = seconds.get(key, 0.0) + s
    return seconds


def profile_table(build: dict[str, float], floor: dict[str, float]) -> str:
    """Components, most costly first, for the build-only run and the floor (sampled seconds,
    so the totals differ a little from the timed runs)."""
    parts = sorted({k for k in (*build, *floor) if k != "total" and not k.startswith("md: ")},
                   key=lambda k: -build.get(k, 0.0))
    subs = sorted((k for k in build if k.startswith("md: ") and build[k] >= 0.02 * build["total"]),
                  key=lambda k: -build[k])
    rows = [("component", "build-only s", "floor s")]
    rows += [(k, f"{build.get(k, 0.0):.1f}", f"{floor.get(k, 0.0):.1f}") for k in parts]
    rows += [(f"  {k}", f"{build[k]:.1f}", f"{floor.get(k, 0.0):.1f}") for k in subs]
    rows.append(("total (sampled)", f"{build['total']:.1f}", f"{floor['total']:.1f}"))
    w = [max(len(r[i]) for r in rows) for i in range(3)]
    return "\n".join(f"{r[0].ljust(w[0])}  {r[1].rjust(w[1])}  {r[2].rjust(w[2])}" for r in rows)


STAGES = (("read", "read "), ("extract", "extracted "), ("related", "related papers "),
          ("plan", "rendering "), ("render+write", "wrote "))


def staged_generate(cfg: DigestConfig):
    """``generate(cfg)``, with the seconds of each stage (``STAGES``), split at its progress
    messages: read (taxonomy, overrides, seed files), extract (with the catalog), related,
    plan (addresses and page planning), render+write (each page rendered and staged in turn,
    then moved into place; the cache saved)."""
    marks: list[tuple[str, float]] = []
    t0 = time.perf_counter()

    def progress(message: str) -> None:
        marks.append((message, time.perf_counter()))

    result = generate(cfg, progress=progress)
    end = t0 + result.seconds
    stages, last = {}, t0
    for name, prefix in STAGES:
        at = [t for m, t in marks if m.startswith(prefix)]
        if at:
            stages[name] = at[-1] - last
            last = at[-1]
    stages["render+write"] = stages.get("render+write", 0.0) + max(0.0, end - last)
    return result, stages


def site_stats(site: Path) -> dict:
    total, largest, largest_path = 0, 0, ""
    for f in site.rglob("*"):
        if f.is_file():
            size = f.stat().st_size
            total += size
            if f.suffix == ".html" and size > largest:
                largest, largest_path = size, f.relative_to(site).as_posix()
    idx = site / "search" / "search_index.json"
    return {"site_bytes": total, "index_bytes": idx.stat().st_size if idx.exists() else 0,
            "largest_page": largest, "largest_path": largest_path}


def snapshot(docs: Path) -> dict[str, tuple[int, int, str]]:
    return {f.relative_to(docs).as_posix(): (f.stat().st_mtime_ns, f.stat().st_size,
                                             hashlib.sha1(f.read_bytes()).hexdigest())
            for f in docs.rglob("*") if f.is_file()}


def incremental(proj: Path, n: int, edits: int = 3) -> dict:
    """Full generate with an empty build cache, then ``edits`` times: change one abstract (a
    word inside it, not its title sentence; a different file each time) and regenerate with
    the cache the previous run left. Reports every edit and the median."""
    docs = proj / "inc_docs"
    cfg = DigestConfig(seeds_dir=proj / "seeds", docs_dir=docs, taxonomy=proj / "taxonomy.yml",
                       overrides=proj / "seeds" / "overrides.yml",
                       cache_dir=proj / "inc_cache", jobs=None)
    full = generate(cfg)
    runs = []
    marker = "is evaluated in synthetic run"
    for e in range(edits):
        before = snapshot(docs)
        seed_file = sorted((proj / "seeds").glob("*.txt"))[(1 + e) % 4]
        paras = seed_file.read_text(encoding="utf-8").split("\n\n")
        k = len(paras) // 2 + e
        assert marker in paras[k], "synthetic marker missing"
        paras[k] = paras[k].replace(marker, "is evaluated (edited) in synthetic run", 1)
        seed_file.write_text("\n\n".join(paras), encoding="utf-8")
        time.sleep(0.05)
        inc = generate(cfg)
        after = snapshot(docs)
        written = set(inc.report.written)
        runs.append({"inc_s": inc.seconds, "written": sorted(written),
                     "removed": list(inc.report.removed), "unchanged": len(inc.report.unchanged),
                     "other_files_changed": [p for p in after if p not in written
                                             and before.get(p) != after[p]],
                     "files_total": len(after)})
    median = sorted(r["inc_s"] for r in runs)[len(runs) // 2]
    return {"n": n, "full_s": full.seconds, "inc_s": median, "ratio": median / full.seconds,
            "runs": runs}


def warm_up(seed: int) -> float:
    """Generate a 20-abstract corpus once, so that every size's ``gen s`` measures the same
    thing (the first generate of a process also imports scikit-learn and compiles the
    templates and patterns, 0.7-1.5 s here). Returns that first call's seconds."""
    tmp = Path(tempfile.mkdtemp(prefix="pd-bench-warm-"))
    try:
        synthesize(20, tmp / "seeds", seed=seed)
        cfg = DigestConfig(seeds_dir=tmp / "seeds", docs_dir=tmp / "docs",
                           taxonomy=ROOT / "taxonomy.yml", overrides=tmp / "seeds" / "x.yml",
                           cache_dir=None, jobs=None)
        return generate(cfg).seconds
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def bench_one(n: int, seed: int, keep: bool, do_incremental: bool, profile: bool) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix=f"pd-bench-{n}-"))
    log(f"N={n}: synthesising into {tmp}")
    proj = make_project(tmp, n, seed)
    row: dict = {"n": n}
    # 1. generate, in-process, into a fresh docs dir
    # No build cache: this measures extraction and rendering of every paper.
    cfg = DigestConfig(seeds_dir=proj / "seeds", docs_dir=proj / "gen_docs",
                       taxonomy=proj / "taxonomy.yml", overrides=proj / "seeds" / "overrides.yml",
                       cache_dir=None, jobs=None)  # as paper-digest: one process per core
    log(f"N={n}: generate (in-process)")
    result, row["stages"] = staged_generate(cfg)
    row["gen_s"] = result.seconds
    row["papers"] = len(result.papers)
    row["files"] = len(result.report.written)
    pages = list((proj / "gen_docs" / "papers").glob("*.md"))
    row["paper_md_bytes"] = sum(p.stat().st_size for p in pages) / max(1, len(pages))
    log(f"N={n}: generate {row['gen_s']:.2f} s ({row['papers']} papers, {row['files']} files)"
        f"; " + ", ".join(f"{k} {v:.2f}" for k, v in row["stages"].items()))
    # 1b. generate in a fresh process, no cache (imports included): what a user runs
    log(f"N={n}: paper-digest generate --no-cache")
    timed_cpu(row, "gen_proc", [PAPER_DIGEST, "generate", "--no-cache", "--seeds", "seeds", "--docs",
         str(proj / "proc_docs"), "-f", "mkdocs.yml"], proj)
    log(f"N={n}: generate process {row['gen_proc_s']:.2f} s ({n / row['gen_proc_s']:.0f}/s)")
    # 2. full build: paper-digest build (generate + mkdocs build --strict) in a subprocess
    log(f"N={n}: paper-digest build")
    timed_cpu(row, "build", [PAPER_DIGEST, "build", "--seeds", "seeds", "--docs", "docs_src",
                             "-f", "mkdocs.yml", "--site-dir", str(proj / "site")], proj)
    row.update(site_stats(proj / "site"))
    log(f"N={n}: build {row['build_s']:.1f} s, peak {row['build_mb']:.0f} MB, "
        f"largest page {row['largest_path']} {row['largest_page'] / 1024:.0f} KB")
    # 2b. build-only: mkdocs build of the site just generated (warm cache: nothing to write)
    mkdocs_build = [PY, "-m", "mkdocs", "build", "-q", "-f", "mkdocs.yml", "--site-dir"]
    log(f"N={n}: build-only mkdocs build")
    timed_cpu(row, "mkdocs", [*mkdocs_build, str(proj / "site2")], proj)
    log(f"N={n}: build-only {row['mkdocs_s']:.1f} s")
    # 3. floor: bare mkdocs build of N plain pages
    floor = make_floor(tmp, proj / "seeds")
    row["floor_md_bytes"] = sum(p.stat().st_size for p in (floor / "docs" / "papers").glob("*.md")) / n
    log(f"N={n}: floor mkdocs build")
    timed_cpu(row, "floor", [*mkdocs_build, str(floor / "site")], floor)
    if SEARCH == "pagefind":  # the floor pays for the digest's search engine too
        wall, mb = timed([PY, "-m", "pagefind", "--site", str(floor / "site")], floor)
        row["floor_s"] += wall
        row["floor_mb"] = max(row["floor_mb"], mb)
        row["floor_cpu"] += CPU[" ".join([PY, "-m", "pagefind", "--site", str(floor / "site")])]
    fs = site_stats(floor / "site")
    row["floor_site_bytes"], row["floor_index_bytes"] = fs["site_bytes"], fs["index_bytes"]
    log(f"N={n}: floor {row['floor_s']:.1f} s, peak {row['floor_mb']:.0f} MB")
    if profile:
        log(f"N={n}: profiles (py-spy) of the build-only run and the floor")
        spy_build = profiled([*mkdocs_build, str(proj / "site3")], cwd=proj)
        spy_floor = profiled([*mkdocs_build, str(floor / "site2")], cwd=floor)
        if spy_build and spy_floor:
            row["profile"] = {"build": spy_build, "floor": spy_floor}
    # 4. site floor: the same plain pages through this project's mkdocs.yml, no generation
    site_floor = make_site_floor(tmp, floor)
    log(f"N={n}: site floor mkdocs build")
    timed_cpu(row, "site_floor", [*mkdocs_build, str(site_floor / "site")], site_floor)
    log(f"N={n}: site floor {row['site_floor_s']:.1f} s, peak {row['site_floor_mb']:.0f} MB")
    if do_incremental:
        log(f"N={n}: incremental check")
        row["incremental"] = incremental(proj, n)
    row["tmp"] = str(tmp)
    row["load"] = os.getloadavg()[0]
    if not keep:
        shutil.rmtree(tmp, ignore_errors=True)
    return row


def table(rows: list[dict]) -> str:
    base = rows[0]
    hdr = ["N", "gen s", "papers/s", "gen proc/s", "build s", "floor s", "build/floor",
           "mkdocs s", "mkdocs/floor", "site floor s", "build/site floor", "t/paper xN0",
           "peak MB", "floor MB", "MB/paper xN0", "site MB", "B/paper xN0", "index MB",
           "index B/paper", "largest KB"]
    lines = [hdr]
    for r in rows:
        n = r["n"]
        lines.append([
            f"{n}", f"{r['gen_s']:.2f}", f"{n / r['gen_s']:.0f}", f"{n / r['gen_proc_s']:.0f}",
            f"{r['build_s']:.1f}", f"{r['floor_s']:.1f}", f"{r['build_s'] / r['floor_s']:.2f}",
            f"{r['mkdocs_s']:.1f}", f"{r['mkdocs_s'] / r['floor_s']:.2f}",
            f"{r['site_floor_s']:.1f}", f"{r['build_s'] / r['site_floor_s']:.2f}",
            f"{(r['build_s'] / n) / (base['build_s'] / base['n']):.2f}",
            f"{r['build_mb']:.0f}", f"{r['floor_mb']:.0f}",
            f"{(r['build_mb'] / n) / (base['build_mb'] / base['n']):.2f}",
            f"{r['site_bytes'] / 1e6:.1f}",
            f"{(r['site_bytes'] / n) / (base['site_bytes'] / base['n']):.2f}",
            f"{r['index_bytes'] / 1e6:.1f}", f"{r['index_bytes'] / n:.0f}",
            f"{r['largest_page'] / 1024:.0f}"])
    widths = [max(len(line[i]) for line in lines) for i in range(len(hdr))]
    return "\n".join("  ".join(c.rjust(w) for c, w in zip(line, widths)) for line in lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", "--sizes", dest="sizes", type=int, nargs="+",
                    default=[500, 5000, 20000], help="corpus sizes N, in order")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--incremental-n", type=int, default=5000)
    ap.add_argument("--keep", action="store_true", help="keep the temporary projects")
    ap.add_argument("--json", type=Path, help="also write the raw rows to this JSON file")
    ap.add_argument("--arxiv", type=Path, default=None,
                    help="real abstracts with titles (../shared/arxiv/arxiv_cs_2024_2025."
                         "jsonl.gz) instead of synthetic ones")
    ap.add_argument("--no-profile", action="store_true",
                    help="skip the py-spy profiles (two more builds per N)")
    args = ap.parse_args()
    global ARXIV
    ARXIV = args.arxiv
    startup = warm_up(args.seed)
    log(f"first generate of this process (20 abstracts, imports included): {startup:.2f} s")
    rows = []
    for n in args.sizes:
        rows.append(bench_one(n, args.seed, args.keep, n == args.incremental_n,
                              not args.no_profile))
        if args.json:
            args.json.write_text(json.dumps(rows, indent=1))
        print(table(rows), flush=True)
    print("\n=== scale benchmark ===")
    print(table(rows))
    print(f"gen s: in this process after a warm-up generate of 20 abstracts, which took "
          f"{startup:.2f} s (imports; a fresh paper-digest process pays them once); gen proc/s: "
          "papers/s of `paper-digest generate --no-cache` in a fresh process; build s: cold "
          "`paper-digest build` (generate + mkdocs build); mkdocs s: `mkdocs build` of the "
          "generated site (warm build cache, nothing regenerated, rendered pages reused)")
    if PY_SPY is None:
        print("no build profile: py-spy is not installed (pip install -e '.[bench]')")
    for r in rows:
        print(f"N={r['n']}: targets (issue 15): mkdocs build of the generated site / floor "
              f"{r['mkdocs_s'] / r['floor_s']:.2f} (CPU {r['mkdocs_cpu'] / r['floor_cpu']:.2f}; "
              f"target <= 2.0); cold paper-digest build / floor {r['build_s'] / r['floor_s']:.2f} "
              f"(CPU {r['build_cpu'] / r['floor_cpu']:.2f}; target <= 2.7); generate --no-cache "
              f"{r['n'] / r['gen_proc_s']:.0f} abstracts/s (target >= 700); load average at "
              f"the end {r['load']:.1f} on {os.cpu_count()} cores")
        print(f"N={r['n']}: generate stages (s): "
              + ", ".join(f"{k} {v:.2f}" for k, v in r["stages"].items())
              + f"; `paper-digest generate --no-cache` {r['gen_proc_s']:.2f} s "
              f"({r['n'] / r['gen_proc_s']:.0f} abstracts/s)")
        if r.get("profile"):
            print(f"N={r['n']}: where the time goes (py-spy, {SPY_RATE} samples/s):")
            print(profile_table(r["profile"]["build"], r["profile"]["floor"]))
        print(f"N={r['n']}: largest page {r['largest_path']} ({r['largest_page'] / 1024:.0f} KB); "
              f"mean paper .md {r['paper_md_bytes']:.0f} B, floor page .md {r['floor_md_bytes']:.0f} B; "
              f"floor site {r['floor_site_bytes'] / 1e6:.1f} MB, floor index "
              f"{r['floor_index_bytes'] / 1e6:.1f} MB")
        inc = r.get("incremental")
        if inc:
            print(f"incremental at N={inc['n']}: full generate {inc['full_s']:.2f} s; after one "
                  f"changed abstract (median of {len(inc['runs'])} edits) {inc['inc_s']:.2f} s "
                  f"({inc['ratio'] * 100:.1f}% of full)")
            for e, run in enumerate(inc["runs"], start=1):
                print(f"  edit {e}: {run['inc_s']:.2f} s ({run['inc_s'] / inc['full_s'] * 100:.1f}%)"
                      f"; files written {len(run['written'])}: {run['written']}; removed "
                      f"{run['removed']}; unchanged {run['unchanged']}; other files changed "
                      f"(bytes or mtime): {run['other_files_changed'] or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
