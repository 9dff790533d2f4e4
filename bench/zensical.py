"""Zensical against MkDocs on the same generated docs: ``python bench/zensical.py``.

Per size (0 = the project's own seeds/, N > 0 = bench/synth.py's N synthetic abstracts), in one
run: copy the site configuration into a temporary project (bench/run.py's
``copy_site_config``), run ``paper-digest generate`` once, then build the same docs_src
``--repeat`` times, the engines interleaved within each round:

* ``mkdocs``: ``mkdocs build --strict`` with the paper-digest plugin, as the project builds
  (the plugin's generate finds every page in the build cache and rewrites none; its Markdown
  extension passes the generated HTML through unparsed);
* ``mkdocs, plugin off``: the same docs with the plugin ``enabled: false``, i.e. what MkDocs
  alone costs for the pages Zensical builds;
* per ``--zensical`` interpreter (a venv with zensical installed): ``zensical build --clean``
  (cold cache) and then ``zensical build`` (warm cache, nothing changed).

Wall seconds and CPU seconds (user + system of the build's process tree) are medians over the
rounds; CPU seconds are the steadier figure on a shared machine. Then the parity of each
Zensical site with the MkDocs site: HTML pages in both / only in one, pages whose article text
(tags stripped, whitespace collapsed) is identical, tag chips and links per page, the files
beside the pages (search index, sitemap, tags export, feed, papers.json), and relative links
that climb above the site's root. ``--compare PROJECT`` repeats only this comparison on a
project kept by ``--keep``. ``--screenshots DIR`` serves each site on 127.0.0.1 and saves the home
page, a paper page and a tag page at 1280 px from headless Chromium (``/usr/bin/chromium``).
Nothing is written to the repository.
"""

from __future__ import annotations

import argparse
import html
import json
import os
import posixpath
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from run import PAPER_DIGEST, PY, copy_site_config, log  # noqa: E402
from synth import synthesize  # noqa: E402

ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
ENV.pop("PAPER_DIGEST_OFFLINE", None)
_ARTICLE = re.compile(r'<article class="md-content__inner[^"]*">(.*?)</article>', re.S)
_TAG = re.compile(r"<[^>]+>")
_LINK = re.compile(r"<a [^>]*href=")
_CHIPS = re.compile(r'<nav class="md-tags"[^>]*>.*?</nav>', re.S)
# Files beside the pages that a reader or a tool may look for, per engine.
ARTIFACTS = ("search/search_index.json", "search.json", "sitemap.xml", "sitemap.xml.gz",
             "tags.json", "feed.xml", "papers.json", "404.html", "redirect.json")


def make_project(tmp: Path, n: int) -> Path:
    """The site configuration plus seeds (the project's own for ``n == 0``), generated once."""
    proj = tmp / "proj"
    copy_site_config(proj)
    if n:
        synthesize(n, proj / "seeds", seed=0)
    else:
        shutil.copytree(ROOT / "seeds", proj / "seeds")
    subprocess.run([PAPER_DIGEST, "generate", "--seeds", "seeds", "--docs", "docs_src", "-f",
                    "mkdocs.yml"], cwd=proj, env=ENV, check=True, stdout=subprocess.DEVNULL)
    return proj


def engine_config(proj: Path, name: str, site_dir: str, plugin: bool = True) -> str:
    """A copy of mkdocs.yml with its own ``site_dir`` (Zensical has no --site-dir option),
    pages not minified and, with ``plugin=False``, the paper-digest plugin switched off."""
    text = (proj / "mkdocs.yml").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^site_dir: .*$", f"site_dir: {site_dir}", text, count=1)
    # Unminified pages, as Zensical writes them: the parity checks read both sites' HTML alike.
    text = text.replace("  - paper-digest:\n", "  - paper-digest:\n      minify: false\n", 1)
    if not plugin:
        text = text.replace("  - paper-digest:\n", "  - paper-digest:\n      enabled: false\n", 1)
    (proj / name).write_text(text, encoding="utf-8")
    return name


def zensical_version(python: str) -> str:
    out = subprocess.run([python, "-m", "zensical", "--version"], capture_output=True,
                         text=True, check=True).stdout
    return out.strip().split()[-1]


def builds(proj: Path, zensicals: list[str]) -> list[tuple[str, list[str], str]]:
    """(label, command, site folder) per build, in the order of a round."""
    rows = [("mkdocs", [PY, "-m", "mkdocs", "build", "--strict", "-q", "-f",
                        engine_config(proj, "mkdocs-bench.yml", "site-mkdocs")], "site-mkdocs"),
            ("mkdocs, plugin off", [PY, "-m", "mkdocs", "build", "--strict", "-q", "-f",
                                    engine_config(proj, "mkdocs-plain.yml", "site-plain",
                                                  plugin=False)], "site-plain")]
    for python in zensicals:
        version = zensical_version(python)
        site = f"site-zensical-{version}"
        config = engine_config(proj, f"zensical-{version}.yml", site)
        cmd = [python, "-m", "zensical", "build", "--strict", "-f", config]
        rows.append((f"zensical {version}, cold", [*cmd, "--clean"], site))
        rows.append((f"zensical {version}, warm", cmd, site))
    return rows


def timed(cmd: list[str], cwd: Path) -> tuple[float, float]:
    """(wall s, CPU s of the child process tree) of one command; stops on failure."""
    before = os.times()
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, env=ENV, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = os.times()
    if proc.returncode != 0:
        print(proc.stdout[-3000:], proc.stderr[-3000:])
        raise SystemExit(f"failed ({proc.returncode}): {' '.join(cmd)}")
    return wall, (after.children_user - before.children_user
                  + after.children_system - before.children_system)


def article_text(page: str) -> str:
    """The article's text without the tag chips, which the engines put in different places
    (counted by ``chips_first``)."""
    m = _ARTICLE.search(page)
    body = _CHIPS.sub("", m.group(1) if m else "")
    body = re.sub(r'<a class="headerlink"[^>]*>.*?</a>', "", body)  # permalink marks
    return " ".join(html.unescape(_TAG.sub(" ", body)).split())


def chips_first(page: str) -> bool:
    """True when the page's tag chips come before its title (Material's place)."""
    m = _ARTICLE.search(page)
    body = m.group(1) if m else ""
    return "md-tags" in body and body.find('class="md-tags"') < body.find("<h1")


def links_above_root(path: str, page: str) -> int:
    """Relative links in the article of the page at ``path`` (e.g. papers/x/index.html) that
    climb above the site's root: they work only where the site is served at a domain's root
    (a browser stops at it), not under a path such as a GitHub Pages project site."""
    m = _ARTICLE.search(page)
    base = posixpath.dirname(path)
    return sum(posixpath.normpath(posixpath.join(base, href)).startswith("..")
               for href in re.findall(r'href="([^"#:]+)"', m.group(1) if m else "")
               if not href.startswith("/"))


def search_locations(site: Path) -> list[str]:
    """The locations (page#section) in the site's search index: Material's
    search/search_index.json or Zensical's search.json."""
    for name, key in (("search/search_index.json", "docs"), ("search.json", "items")):
        if (site / name).exists():
            index = json.loads((site / name).read_text(encoding="utf-8"))
            return [entry["location"] for entry in index[key]]
    return []


def pages(site: Path) -> dict[str, str]:
    return {p.relative_to(site).as_posix(): p.read_text(encoding="utf-8")
            for p in site.rglob("*.html")}


def parity(proj: Path, ref: Path, other: Path) -> dict:
    """How ``other`` (a Zensical site) matches ``ref`` (the MkDocs site) page by page."""
    a, b = pages(ref), pages(other)
    both = sorted(set(a) & set(b))
    differ = [p for p in both if article_text(a[p]) != article_text(b[p])]
    same_title = sum(re.search(r"<title>(.*?)</title>", a[p]).group(1)
                     == re.search(r"<title>(.*?)</title>", b[p]).group(1) for p in both)
    papers = [p for p in both if p.startswith("papers/")]
    out = {"papers": papers,
        "html_ref": len(a), "html_other": len(b), "html_both": len(both),
        "only_ref": sorted(set(a) - set(b)), "only_other": sorted(set(b) - set(a)),
        "article_text_differs": len(differ), "differ_examples": differ[:5],
        "same_title": same_title,
        "chips_ref": sum(a[p].count('class="md-tag') for p in papers),
        "chips_other": sum(b[p].count('class="md-tag') for p in papers),
        "chips_first_ref": sum(chips_first(a[p]) for p in papers),
        "chips_first_other": sum(chips_first(b[p]) for p in papers),
        "links_ref": sum(len(_LINK.findall(_ARTICLE.search(a[p]).group(1))) for p in papers),
        "links_other": sum(len(_LINK.findall(_ARTICLE.search(b[p]).group(1))) for p in papers),
        "above_root_ref": sum(links_above_root(p, a[p]) for p in a),
        "above_root_other": sum(links_above_root(p, b[p]) for p in b),
        "above_root_pages": sum(links_above_root(p, b[p]) > 0 for p in b),
        "search_ref": search_locations(ref), "search_other": search_locations(other),
        "artifacts": {name: ((ref / name).exists(), (other / name).exists())
                      for name in ARTIFACTS},
    }
    moved = json.loads((proj / "docs_src" / "papers.json").read_text(encoding="utf-8"))
    out["paper_pages"] = (len(moved), sum((other / "papers" / p["slug"] / "index.html").exists()
                                          for p in moved))
    return out


def screenshots(sites: dict[str, Path], out: Path, proj: Path) -> list[Path]:
    """Home, the first paper and the first tag page of each site at 1280x900 (the viewport)."""
    from playwright.sync_api import sync_playwright  # noqa: PLC0415
    from search_browser import ARGS, serve  # noqa: PLC0415

    slug = json.loads((proj / "docs_src" / "papers.json").read_text(encoding="utf-8"))[0]["slug"]
    tag = sorted(p.stem for p in (proj / "docs_src" / "tags").glob("*.md") if p.stem != "index")[0]
    paths = {"home": "", "paper": f"papers/{slug}/", "tag": f"tags/{tag}/"}
    out.mkdir(parents=True, exist_ok=True)
    shots = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                     args=ARGS)
        for label, site in sites.items():
            httpd, url = serve(site)
            try:
                page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
                for what, path in paths.items():
                    page.goto(url + path, wait_until="networkidle")
                    shot = out / f"{re.sub(r'[^a-z0-9.]+', '-', label)}-{what}.png"
                    page.screenshot(path=str(shot))
                    shots.append(shot)
            finally:
                httpd.shutdown()
        browser.close()
    return shots


def compare(proj: Path) -> dict[str, dict]:
    """Parity of every Zensical site of a kept project with its MkDocs site."""
    return {f"zensical {site.name.removeprefix('site-zensical-')}": parity(
        proj, proj / "site-mkdocs", site) for site in sorted(proj.glob("site-zensical-*"))}


def report(n: int, times: dict[str, list[tuple[float, float]]], par: dict[str, dict]) -> str:
    lines = []
    if times:
        base_wall = statistics.median(w for w, _ in times["mkdocs"])
        base_cpu = statistics.median(c for _, c in times["mkdocs"])
        lines += [f"N={n or 'seeds'}: build of the same generated docs (median of "
                  f"{len(times['mkdocs'])})",
                  f"{'build':<28} {'wall s':>8} {'x mkdocs':>9} {'CPU s':>8} {'x mkdocs':>9}"]
    for label, runs in times.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        lines.append(f"{label:<28} {wall:8.2f} {wall / base_wall:9.2f} {cpu:8.2f} "
                     f"{cpu / base_cpu:9.2f}")
    for label, p in par.items():
        lines += [f"parity {label} vs mkdocs:",
                  f"  HTML pages: {p['html_ref']} mkdocs, {p['html_other']} zensical, "
                  f"{p['html_both']} in both; paper pages {p['paper_pages'][1]}/"
                  f"{p['paper_pages'][0]}",
                  f"  only mkdocs: {p['only_ref'][:8]}{' ...' if len(p['only_ref']) > 8 else ''}",
                  f"  only zensical: {p['only_other'][:8]}"
                  f"{' ...' if len(p['only_other']) > 8 else ''}",
                  f"  article text identical (chips aside): {p['html_both'] - p['article_text_differs']}/"
                  f"{p['html_both']} (differs e.g. {p['differ_examples'][:3]}); same <title>: "
                  f"{p['same_title']}/{p['html_both']}",
                  f"  paper pages: tag chips {p['chips_ref']} vs {p['chips_other']}, links in "
                  f"the article {p['links_ref']} vs {p['links_other']}; chips above the title on "
                  f"{p['chips_first_ref']} vs {p['chips_first_other']} of {len(p['papers'])}",
                  f"  relative links climbing above the site root: {p['above_root_ref']} "
                  f"mkdocs, {p['above_root_other']} zensical (on {p['above_root_pages']} pages)",
                  f"  search index: {len(p['search_ref'])} vs {len(p['search_other'])} entries, "
                  f"same locations: {sorted(p['search_ref']) == sorted(p['search_other'])}",
                  "  files (mkdocs, zensical): " + ", ".join(
                      f"{k} {'y' if a else '-'}{'y' if b else '-'}"
                      for k, (a, b) in p["artifacts"].items())]
    return "\n".join(lines)


def bench(n: int, zensicals: list[str], repeat: int, shots: Path | None, keep: bool) -> str:
    tmp = Path(tempfile.mkdtemp(prefix=f"pd-zensical-{n}-"))
    log(f"N={n or 'seeds'}: project in {tmp}")
    proj = make_project(tmp, n)
    rounds = builds(proj, zensicals)
    times: dict[str, list[tuple[float, float]]] = {label: [] for label, _, _ in rounds}
    for r in range(repeat):
        for label, cmd, _ in rounds:
            times[label].append(timed(cmd, proj))
            log(f"round {r + 1}: {label}: {times[label][-1][0]:.2f} s wall, "
                f"{times[label][-1][1]:.2f} s CPU")
    text = report(n, times, compare(proj))
    if shots is not None:
        sites = {"mkdocs": proj / "site-mkdocs", **{label.split(",")[0]: proj / site
                                                    for label, _, site in rounds
                                                    if label.endswith("warm")}}
        for shot in screenshots(sites, shots / f"n{n}", proj):
            log(f"screenshot {shot}")
    if keep:
        log(f"kept {tmp}")
    else:
        shutil.rmtree(tmp, ignore_errors=True)
    return text


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[0, 5000],
                    help="0 = the project's seeds/; N = N synthetic abstracts")
    ap.add_argument("--zensical", nargs="+", default=[PY], metavar="PYTHON",
                    help="interpreters that have zensical installed (default: this one)")
    ap.add_argument("--repeat", type=int, default=3, help="rounds per size (median)")
    ap.add_argument("--screenshots", type=Path, help="folder for the screenshots")
    ap.add_argument("--keep", action="store_true", help="keep the temporary projects")
    ap.add_argument("--compare", type=Path, metavar="PROJECT",
                    help="only compare the sites of a project kept by --keep")
    args = ap.parse_args()
    if args.compare:
        proj = args.compare / "proj" if (args.compare / "proj").is_dir() else args.compare
        print(report(0, {}, compare(proj)))
        return 0
    log(f"{os.cpu_count()} CPUs; load average {os.getloadavg()[0]:.1f}")
    zensicals = [os.path.abspath(p) for p in args.zensical]  # builds run in the project
    texts = [bench(n, zensicals, args.repeat, args.screenshots, args.keep)
             for n in args.sizes]
    print("\n\n".join(texts))
    log(f"load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
