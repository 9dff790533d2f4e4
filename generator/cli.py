"""Command line: paper-digest build | generate | eval.

``generate`` writes the Markdown pages only; ``build`` generates and then runs
``mkdocs build --strict`` (zero warnings allowed); ``build --offline`` (or the environment
variable ``PAPER_DIGEST_OFFLINE=true``) turns on Material's offline plugin for reading from disk;
``build --search pagefind`` (for large digests) turns Material's lunr search off and indexes the
built site with Pagefind instead (``pip install 'paper-digest[pagefind]'``).
Exit status: 0 on success, 1 on bad input (message names the file and line), 2 on usage errors
(argparse).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

from generator.build import DigestConfig, generate
from generator.errors import DigestError

# mkdocs.yml reads PAPER_DIGEST_OFFLINE with !ENV, which resolves YAML 1.1 scalars: "true",
# "yes", "on" become booleans but "1" and "0" become integers, which the offline plugin's
# ``enabled: bool`` option rejects. The CLI passes these two on as booleans.
_OFFLINE_INTS = {"1": "true", "0": "false"}

SEARCH_ENGINES = ("material", "pagefind")
# Pagefind skips what Material's search skips too (related papers, prev/next, the JSON record)
# and the heading permalink signs.
_PAGEFIND_EXCLUDE = "[data-search-exclude], .headerlink"
_PAGEFIND_MISSING = ("--search pagefind needs the pagefind package: "
                     "pip install 'paper-digest[pagefind]'")


def _mkdocs_setting(config_file: str, key: str) -> str | None:
    """A string setting of mkdocs.yml, read with MkDocs' own YAML loader (it knows ``!ENV``)
    without validating the whole config; ``None`` when absent or unreadable (``mkdocs build``
    reports a broken mkdocs.yml itself)."""
    path = Path(config_file)
    if not path.exists():
        return None
    from mkdocs.utils.yaml import yaml_load

    try:
        with path.open(encoding="utf-8") as fh:
            value = (yaml_load(fh) or {}).get(key)
    except Exception:  # noqa: BLE001 - see docstring
        return None
    return value if isinstance(value, str) and value.strip() else None


def _site_name(config_file: str) -> str:
    """``site_name`` from mkdocs.yml (the heading the MkDocs hook uses too), or a default."""
    return _mkdocs_setting(config_file, "site_name") or DigestConfig().site_name


def _docs_dir(args: argparse.Namespace) -> Path:
    """``--docs``, else mkdocs.yml's ``docs_dir`` (relative to mkdocs.yml), else docs_src."""
    if args.docs:
        return Path(args.docs)
    value = _mkdocs_setting(args.config_file, "docs_dir")
    return Path(args.config_file).parent / value if value else Path("docs_src")


def _site_dir(args: argparse.Namespace) -> Path:
    """The folder ``mkdocs build`` writes: ``--site-dir``, else mkdocs.yml's ``site_dir``
    (relative to the config file's folder, as MkDocs resolves it), else ``site``."""
    if args.site_dir:
        return Path(args.site_dir)
    return Path(args.config_file).parent / (_mkdocs_setting(args.config_file, "site_dir")
                                            or "site")


def _pagefind_installed() -> bool:
    """True when ``python -m pagefind`` can run: the package and its binary are installed."""
    if importlib.util.find_spec("pagefind") is None:
        return False
    try:
        from pagefind.service import get_executable
    except ImportError:  # pragma: no cover - a broken install
        return False
    return get_executable() is not None


def _run_pagefind(site_dir: Path) -> int:
    """Index the built site with Pagefind (writes ``site_dir/pagefind/``)."""
    cmd = [sys.executable, "-m", "pagefind", "--site", str(site_dir),
           "--exclude-selectors", _PAGEFIND_EXCLUDE]
    print(f"paper-digest: indexing {site_dir} with Pagefind", flush=True)
    status = subprocess.call(cmd)
    if status != 0:
        print(f"paper-digest: error: pagefind failed (exit status {status})", file=sys.stderr)
    return status


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _config(args: argparse.Namespace) -> DigestConfig:
    return DigestConfig(
        seeds_dir=Path(args.seeds), docs_dir=_docs_dir(args), taxonomy=Path(args.taxonomy),
        overrides=Path(args.overrides) if args.overrides else Path(args.seeds) / "overrides.yml",
        cache_dir=None if args.no_cache else Path(args.cache_dir),
        site_name=_site_name(args.config_file), jobs=args.jobs,
    )


def _eval(args: argparse.Namespace) -> int:
    """``paper-digest eval``: the labelled set, then the real-data report (when real data is
    given or found beside the project). The evaluation code is tooling of the source tree
    (``evaluation/``, not installed with the package): it runs from the repository root."""
    root = Path.cwd()
    if (root / "evaluation" / "__init__.py").is_file() and str(root) not in sys.path:
        sys.path.insert(0, str(root))
    try:
        from evaluation import real as evaluate_real
        from evaluation.project import main as eval_main
    except ImportError:
        print("paper-digest: error: eval runs from the repository root (it needs the "
              "evaluation/ folder of the source tree)", file=sys.stderr)
        return 1
    from generator.extract.tags import load_taxonomy

    if args.real is None or not args.real:
        paths = evaluate_real.default_paths(Path.cwd())
    else:
        paths = tuple(Path(p) for p in args.real)
    if args.real is None:
        eval_main(Path(args.eval_dir), Path(args.seeds), Path(args.taxonomy), args.worst)
        if not paths:
            print("real-data report: skipped (no ../shared/real/*.jsonl; pass --real FILE)")
            return 0
        print()
    elif not paths:
        print("paper-digest: error: no real data (../shared/real/*.jsonl not found)",
              file=sys.stderr)
        return 1
    labels = Path(args.labels) if args.labels else evaluate_real.default_labels(Path.cwd())
    return evaluate_real.main(paths, load_taxonomy(Path(args.taxonomy)), labels, args.worst)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``paper-digest`` command; returns the exit status."""
    parser = argparse.ArgumentParser(prog="paper-digest", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name, help_ in (("generate", "write the Markdown pages from the seeds"),
                        ("build", "generate, then build the site with mkdocs build --strict")):
        p = sub.add_parser(name, help=help_)
        p.add_argument("--seeds", default="seeds", help="folder of seed .txt files")
        p.add_argument("--docs", default=None,
                       help="folder to write pages into (default: docs_dir of mkdocs.yml; "
                            "for build it must be that docs_dir)")
        p.add_argument("--taxonomy", default="taxonomy.yml", help="tag taxonomy YAML file")
        p.add_argument("--overrides", default=None,
                       help="per-paper overrides YAML (default: SEEDS/overrides.yml)")
        p.add_argument("--cache-dir", default=".paper-digest-cache",
                       help="build cache folder (speeds up regeneration after small edits)")
        p.add_argument("--no-cache", action="store_true", help="extract and render everything")
        p.add_argument("--jobs", "-j", type=_positive_int, default=None,
                       help="processes for extracting 1,000 or more uncached abstracts "
                            "(default: one per CPU core; 1: no extra processes)")
        p.add_argument("--config-file", "-f", default="mkdocs.yml",
                       help="mkdocs.yml (its site_name heads the home page and feed)")
        if name == "build":
            p.add_argument("--site-dir", default=None, help="output folder (default: site)")
            p.add_argument("--offline", action="store_true",
                           help="build for reading from disk (file://): .html URLs, "
                                "search without a server (PAPER_DIGEST_OFFLINE=true)")
            p.add_argument("--search", choices=SEARCH_ENGINES, default=None,
                           help="search engine: material (built-in lunr index, default) or "
                                "pagefind (chunked index for large digests; needs "
                                "pip install 'paper-digest[pagefind]'; "
                                "PAPER_DIGEST_SEARCH=pagefind)")
    ev = sub.add_parser("eval", help="score extraction against the labelled evaluation set")
    ev.add_argument("--eval-dir", default="eval", help="folder with labels/ and extra/")
    ev.add_argument("--seeds", default="seeds")
    ev.add_argument("--taxonomy", default="taxonomy.yml")
    ev.add_argument("--worst", type=int, default=5, help="worst cases to print per split")
    ev.add_argument("--real", nargs="*", default=None, metavar="JSONL",
                    help="real-data report on JSON Lines files with title and abstract "
                         "(default: ../shared/real/*.jsonl when present; --real with no file: "
                         "that default only, without the labelled set)")
    ev.add_argument("--labels", default=None,
                    help="labels of the real sample (default: ../real-labels/labels.jsonl "
                         "when present; see eval/README.md)")
    args = parser.parse_args(argv)
    search = "material"
    if args.command == "build":
        search = args.search or os.environ.get("PAPER_DIGEST_SEARCH", "").strip() or "material"
        if search not in SEARCH_ENGINES:
            parser.error(f"PAPER_DIGEST_SEARCH must be one of {', '.join(SEARCH_ENGINES)}, "
                         f"not {search!r}")
        if search == "pagefind":
            if args.offline:
                # Pagefind fetches its index and WebAssembly, which browsers refuse on file://.
                parser.error("--search pagefind needs a web server; it cannot be combined "
                             "with --offline")
            if not _pagefind_installed():
                print(f"paper-digest: error: {_PAGEFIND_MISSING}", file=sys.stderr)
                return 1
        configured = _mkdocs_setting(args.config_file, "docs_dir") or "docs"
        expected = Path(args.config_file).parent / configured
        if args.docs and Path(args.docs).resolve() != expected.resolve():
            # mkdocs builds its own docs_dir: writing pages elsewhere would publish stale ones.
            parser.error(f"--docs {args.docs} differs from docs_dir '{configured}' of "
                         f"{args.config_file}: build writes and builds that folder (use "
                         "'generate --docs' to write pages elsewhere)")
    try:
        if args.command == "eval":
            return _eval(args)
        result = generate(_config(args), progress=lambda message: print(
            f"paper-digest: {message}", file=sys.stderr, flush=True))
    except DigestError as exc:
        print(f"paper-digest: error: {exc}", file=sys.stderr)
        return 1
    print(result.summary())
    if args.command == "build":
        cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", args.config_file]
        if args.site_dir:
            cmd += ["--site-dir", args.site_dir]
        # The generator already ran: tell the MkDocs hook not to run it again.
        env = {**os.environ, "PAPER_DIGEST_SKIP_GENERATE": "1"}
        offline = env.get("PAPER_DIGEST_OFFLINE", "").strip()
        if args.offline or offline in _OFFLINE_INTS:
            env["PAPER_DIGEST_OFFLINE"] = "true" if args.offline else _OFFLINE_INTS[offline]
        # mkdocs.yml: the search plugin's `enabled: !ENV [PAPER_DIGEST_MATERIAL_SEARCH, true]`
        # (a bool: pass the literal strings) and `extra.paper_digest_search`, which switches the
        # templates to the Pagefind search box and marks the article for Pagefind.
        env["PAPER_DIGEST_SEARCH"] = search
        env["PAPER_DIGEST_MATERIAL_SEARCH"] = "false" if search == "pagefind" else "true"
        status = subprocess.call(cmd, env=env)
        if status != 0 or search != "pagefind":
            return status
        return _run_pagefind(_site_dir(args))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
