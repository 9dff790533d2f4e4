"""Command line: ``paper-digest build | generate | eval``.

``build`` runs MkDocs' build in this process with ``--strict`` (zero warnings allowed): the
``paper-digest`` plugin in mkdocs.yml generates the pages from the seeds, MkDocs builds the site.
``generate`` writes the Markdown pages only. The flags override the plugin's options in
mkdocs.yml (``generator.config.PaperDigestConfig``, where every default lives).
Exit status: 0 on success, 1 on bad input (the message names the file and line) or a failed
build, 2 on usage errors (argparse).
"""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import signal
import sys
import tempfile
from pathlib import Path

from generator.config import (
    SEARCH_ENGINES,
    DigestConfig,
    PaperDigestConfig,
    placeholder_site_url,
    placeholder_warning,
    plugin_options,
)
from generator.errors import DigestError

PLUGIN = "paper-digest"


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _override(options: PaperDigestConfig, args: argparse.Namespace) -> None:
    """Apply the command's flags to the plugin options (a flag left out keeps the option)."""
    for key in ("seeds", "taxonomy", "overrides", "cache_dir", "jobs"):
        value = getattr(args, key, None)
        if value is not None:
            options[key] = str(value) if key != "jobs" else value
    if args.no_cache:
        options["cache"] = False
    if getattr(args, "search", None):
        options["search"] = args.search
    if getattr(args, "offline", False):
        options["offline"] = True
    if options.get("offline") and not getattr(args, "search", None):
        # Pagefind cannot run from file://: offline reading (--offline or
        # PAPER_DIGEST_OFFLINE) searches with Material's lunr unless --search says otherwise.
        options["search"] = "material"


def _select_plugins(cfg, options: PaperDigestConfig) -> None:
    """The command's ``--search`` and ``--offline`` choose Material's plugins too (as editing
    mkdocs.yml would): Material's search on for ``search: material`` and off for Pagefind,
    offline on for ``--offline``. The paper-digest plugin itself never changes another plugin
    (it checks them)."""
    for name in ("material/search", "search"):
        if name in cfg.plugins:
            cfg.plugins[name].config.enabled = options.search == "material"
    if options.offline:
        for name in ("material/offline", "offline"):
            if name in cfg.plugins:
                cfg.plugins[name].config.enabled = True


def _load_mkdocs(config_file: str, **overrides):
    """mkdocs.yml loaded and validated by MkDocs (``!ENV`` resolved, plugins made)."""
    from mkdocs.config import load_config

    return load_config(config_file, **{k: v for k, v in overrides.items() if v is not None})


def _generate(args: argparse.Namespace) -> int:
    """``paper-digest generate``: the plugin options of mkdocs.yml (or the defaults when there
    is no mkdocs.yml) with the flags applied; pages written into ``--docs`` or ``docs_dir``."""
    path = Path(args.config_file)
    if path.exists():
        cfg = _load_mkdocs(args.config_file)
        plugin = cfg.plugins.get(PLUGIN)
        options = plugin.config if plugin is not None else plugin_options()
        root, docs, site_name = path.parent, Path(cfg.docs_dir), cfg.site_name
        site_url, directory_urls = cfg.site_url, cfg.use_directory_urls
    else:
        options, root = plugin_options(), Path(".")
        docs, site_name, site_url = Path("docs_src"), DigestConfig().site_name, None
        directory_urls = True
    _override(options, args)
    config = DigestConfig.from_options(options, root, Path(args.docs) if args.docs else docs,
                                       site_name, site_url, directory_urls)
    from generator.build import generate

    result = generate(config, progress=lambda message: print(
        f"paper-digest: {message}", file=sys.stderr, flush=True))
    print(result.summary())
    return 0


def _build(args: argparse.Namespace) -> int:
    """``paper-digest build``: MkDocs' own build, in this process, with ``strict`` on and the
    flags applied to the plugin's options."""
    from mkdocs.commands.build import build
    from mkdocs.exceptions import MkDocsException

    _log_like_mkdocs()
    try:
        cfg = _load_mkdocs(args.config_file, strict=True, site_dir=args.site_dir,
                           docs_dir=args.docs)
    except MkDocsException as exc:
        print(f"paper-digest: error: {exc}", file=sys.stderr)
        return 1
    plugin = cfg.plugins.get(PLUGIN)
    if plugin is None:
        print(f"paper-digest: error: {args.config_file} does not list the {PLUGIN} plugin "
              f"(plugins: - {PLUGIN})", file=sys.stderr)
        return 1
    _override(plugin.config, args)
    _select_plugins(cfg, plugin.config)
    if plugin.config.enabled and placeholder_site_url(cfg.site_url):
        # Printed, not logged: under --strict a logged warning would fail the build.
        print(f"paper-digest: warning: {placeholder_warning(cfg.site_url)}", file=sys.stderr)
    site_dir = Path(cfg.site_dir)
    site_dir.parent.mkdir(parents=True, exist_ok=True)
    # Built beside site_dir (same file system, so the swap is two renames) and put in its
    # place only after MkDocs succeeded: a failed build leaves the previous site as it was.
    cfg.site_dir = tempfile.mkdtemp(prefix=f".{site_dir.name}-building-", dir=site_dir.parent)
    # A stop request (kill, a CI timeout) unwinds like an error, so the folder goes.
    previous = signal.signal(signal.SIGTERM, _terminated)
    try:
        cfg.plugins.on_startup(command="build", dirty=False)
        try:
            build(cfg)
        finally:
            cfg.plugins.on_shutdown()
    except (MkDocsException, SystemExit) as exc:
        shutil.rmtree(cfg.site_dir, ignore_errors=True)
        if plugin.summary is not None:
            # The notices explain most failed strict builds: show them as a success does.
            print(plugin.summary)
        print(f"paper-digest: error: {exc}; {site_dir} was left as it was (fix what the "
              "lines above name, then build again)", file=sys.stderr)
        return 1
    except (Terminated, KeyboardInterrupt) as exc:
        shutil.rmtree(cfg.site_dir, ignore_errors=True)
        how = "SIGTERM" if isinstance(exc, Terminated) else "Ctrl-C"
        print(f"paper-digest: stopped ({how}); {site_dir} was left as it was",
              file=sys.stderr)
        return 128 + (signal.SIGTERM if isinstance(exc, Terminated) else signal.SIGINT)
    except BaseException:
        shutil.rmtree(cfg.site_dir, ignore_errors=True)
        raise
    finally:
        signal.signal(signal.SIGTERM, previous)
    replace_folder(Path(cfg.site_dir), site_dir)
    if plugin.summary is not None:
        print(plugin.summary)
    return 0


class Terminated(BaseException):
    """SIGTERM arrived during a build (``_terminated``); not an ``Exception``, so no handler
    inside MkDocs or a plugin swallows it."""


def _terminated(signum: int, frame: object) -> None:
    raise Terminated


def replace_folder(new: Path, target: Path) -> None:
    """Put the folder ``new`` in place of ``target`` (which may not exist): ``target`` is
    renamed aside, ``new`` renamed to it, the old one deleted; both live in the same folder,
    so each rename is atomic (POSIX ``rename``) and ``target`` is never half-written. The
    dot files at the top of ``target`` (``.git``, ``.nojekyll``), which MkDocs' own clean
    build keeps, move into ``new`` first."""
    old = None
    if target.exists():
        for entry in target.iterdir():
            if entry.name.startswith(".") and not (new / entry.name).exists():
                os.replace(entry, new / entry.name)
        old = Path(tempfile.mkdtemp(prefix=f".{target.name}-old-", dir=target.parent))
        os.replace(target, old / target.name)
    os.replace(new, target)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _log_like_mkdocs() -> None:
    """Show MkDocs' log lines as ``mkdocs build`` does (``INFO    -  ...``), once."""
    logger = logging.getLogger("mkdocs")
    if not any(getattr(h, "paper_digest", False) for h in logger.handlers):
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
        handler.paper_digest = True  # type: ignore[attr-defined]
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)


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
    from generator.config.taxonomy import load_taxonomy

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
    return evaluate_real.main(paths, load_taxonomy(Path(args.taxonomy)), labels, args.worst,
                              args.only_labelled)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``paper-digest`` command; returns the exit status."""
    parser = argparse.ArgumentParser(prog="paper-digest", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name, help_ in (("generate", "write the Markdown pages from the seeds"),
                        ("build", "generate and build the site (mkdocs build --strict)")):
        p = sub.add_parser(name, help=help_)
        p.add_argument("--seeds", default=None, help="folder of seed files (plugin option "
                                                     "seeds; default: seeds)")
        p.add_argument("--docs", default=None,
                       help="docs_dir: the hand-written pages (generate also writes its "
                            "pages there; build never writes into it; default: docs_dir of "
                            "mkdocs.yml)")
        p.add_argument("--taxonomy", default=None,
                       help="tag taxonomy YAML file (default: taxonomy.yml)")
        p.add_argument("--overrides", default=None,
                       help="per-paper overrides YAML (default: SEEDS/overrides.yml)")
        p.add_argument("--cache-dir", default=None,
                       help="build cache folder (default: .paper-digest-cache)")
        p.add_argument("--no-cache", action="store_true", help="extract and render everything")
        p.add_argument("--jobs", "-j", type=_positive_int, default=None,
                       help="processes for extracting 1,000 or more uncached abstracts "
                            "(default: one per CPU core; 1: no extra processes)")
        p.add_argument("--config-file", "-f", default="mkdocs.yml",
                       help="mkdocs.yml (its paper-digest plugin options, docs_dir, "
                            "site_name)")
        if name == "build":
            p.add_argument("--site-dir", default=None, help="output folder (default: site)")
            p.add_argument("--offline", action="store_true",
                           help="build for reading from disk (file://): .html URLs, "
                                "search without a server (PAPER_DIGEST_OFFLINE=true)")
            p.add_argument("--search", choices=SEARCH_ENGINES, default=None,
                           help="search engine: pagefind (chunked index, needs a web server; "
                                "the default in mkdocs.yml) or material (built-in lunr "
                                "index, works from disk; the default with --offline)")
    ev = sub.add_parser("eval", help="score extraction against the labelled evaluation set "
                                     "and real abstracts")
    ev.add_argument("--eval-dir", default="eval", help="folder with labels/ and extra/")
    ev.add_argument("--seeds", default="seeds")
    ev.add_argument("--taxonomy", default="taxonomy.yml")
    ev.add_argument("--worst", type=int, default=5, help="worst cases to print per split")
    ev.add_argument("--real", nargs="*", default=None, metavar="JSONL",
                    help="real-data report on JSON Lines files with title and abstract "
                         "(default: ../shared/real/*.jsonl when present; --real with no file: "
                         "that default only, without the labelled set)")
    ev.add_argument("--only-labelled", action="store_true",
                    help="report on the records that have labels only (the arXiv set's ids "
                         "in eval/arxiv/labels.jsonl, or the real sample's keys)")
    ev.add_argument("--labels", default=None,
                    help="labels of the real sample (default: ../real-labels/labels.jsonl "
                         "when present; see eval/README.md)")
    args = parser.parse_args(argv)
    try:
        if args.command == "eval":
            return _eval(args)
        if args.command == "generate":
            return _generate(args)
        return _build(args)
    except DigestError as exc:
        print(f"paper-digest: error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
