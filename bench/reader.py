"""What the reader's tools of issue 24 cost: ``python bench/reader.py [--n 5000]``.

Per N, in one run: synthesise N abstracts (bench/synth.py) into a temporary project copy,
run the cold ``paper-digest build`` (no build cache, fresh docs folder) in a subprocess and
take its CPU seconds (the process and its children); then, in this process, plan the same
site and render the files the map and the extra feeds add (``map.md`` and ``feeds/**``: a
tag's, collection's and author's feeds; the site feed is older) three times, and take the best
CPU time; and MkDocs' share: ``mkdocs build`` (a subprocess, its CPU seconds) of a project
with the same theme, overrides, Markdown extensions and search plugin holding the generated
``map.md`` and a one-line page, less the same project with the one-line page alone. Prints
the cold build, the added time and their ratio (issue 24's target: <= 10%), and the bytes the
built site holds under ``map/`` and ``feeds/`` (target: <= 2 MB), beside the other new files
(reading list records, listing index, author pages) and the whole site, for scale.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from run import PAPER_DIGEST, make_project  # noqa: E402

from generator.build import collect  # noqa: E402
from generator.config import DigestConfig  # noqa: E402
from generator.render.pages import plan_site  # noqa: E402


def _bytes(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) if folder.exists() else 0


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


MINI_CONFIG = """site_name: Map alone
site_url: https://example.org/d/
docs_dir: docs
theme:
  name: material
  custom_dir: site_overrides
  font: false
plugins:
  - search
markdown_extensions: [admonition, attr_list, md_in_html, pymdownx.details,
                      pymdownx.superfences, {toc: {permalink: true}}]
"""


def _mkdocs_cpu(proj: Path, pages: dict[str, str]) -> float:
    """CPU seconds of ``mkdocs build`` of a project holding ``pages`` (path -> text)."""
    mini = proj / "mini"
    if mini.exists():
        shutil.rmtree(mini)
    shutil.copytree(proj / "site_overrides", mini / "site_overrides")
    (mini / "mkdocs.yml").write_text(MINI_CONFIG, encoding="utf-8")
    for path, text in pages.items():
        (mini / "docs" / path).parent.mkdir(parents=True, exist_ok=True)
        (mini / "docs" / path).write_text(text, encoding="utf-8")
    before = _children_cpu()
    subprocess.run([str(Path(PAPER_DIGEST).parent / "mkdocs"), "build", "-q"], cwd=mini,
                   check=True, capture_output=True)
    return _children_cpu() - before


def measure(n: int) -> None:
    with tempfile.TemporaryDirectory(prefix=f"pd-reader-{n}-") as tmp:
        proj = make_project(Path(tmp), n, seed=0)
        before, wall = _children_cpu(), time.perf_counter()
        subprocess.run([PAPER_DIGEST, "build"], cwd=proj, check=True, capture_output=True,
                       env={**os.environ, "PAPER_DIGEST_SITE_URL": "https://example.org/d/"})
        build_cpu, build_wall = _children_cpu() - before, time.perf_counter() - wall
        cfg = DigestConfig(seeds_dir=proj / "seeds", docs_dir=proj / "bench_docs",
                           taxonomy=proj / "taxonomy.yml", cache_dir=None)
        papers, _, taxonomy = collect(cfg)
        planned = [f for f in plan_site(papers, taxonomy.names, "Digest",
                                        site_url="https://example.org/d/")
                   if f.path == "map.md" or f.path.startswith("feeds/")]
        best = float("inf")
        for _ in range(3):
            start = time.process_time()
            for f in planned:
                f.render()
            best = min(best, time.process_time() - start)
        one_line = {"index.md": "# Map alone\n"}
        map_page = (proj / "docs_src" / "map.md").read_text(encoding="utf-8")
        floor = min(_mkdocs_cpu(proj, one_line) for _ in range(2))
        with_map = min(_mkdocs_cpu(proj, {**one_line, "map.md": map_page}) for _ in range(2))
        site = proj / "site"
        added = _bytes(site / "map") + _bytes(site / "feeds")
        print(f"N={n}: cold paper-digest build {build_cpu:.1f} CPU s ({build_wall:.1f} s wall)")
        page = with_map - floor
        print(f"  map + {len(planned) - 1} extra feeds: {best:.2f} CPU s to render, "
              f"+ {page:.2f} CPU s for MkDocs to build the map page ({with_map:.2f} - "
              f"{floor:.2f}) = {best + page:.2f} CPU s = "
              f"{100 * (best + page) / build_cpu:.1f}% of the cold build")
        print(f"  site bytes: map/ {_bytes(site / 'map'):,} + feeds/ {_bytes(site / 'feeds'):,}"
              f" = {added:,} ({added / 2**20:.2f} MiB); records data/records/ "
              f"{_bytes(site / 'data' / 'records'):,}, listing index "
              f"{(site / 'data' / 'listing-index.js').stat().st_size:,}, authors/ "
              f"{_bytes(site / 'authors'):,}; whole site {_bytes(site):,}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, nargs="+", default=[5000])
    for n in parser.parse_args().n:
        measure(n)


if __name__ == "__main__":
    main()
