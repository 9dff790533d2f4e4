"""Command line: ``paper-digest build | generate | eval``.

``generate`` writes the Markdown pages only; ``build`` generates and then runs
``mkdocs build --strict`` (zero warnings allowed). Exit status: 0 on success, 1 on bad input
(message names the file and line), 2 on usage errors (argparse).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from generator.build import DigestConfig, generate
from generator.errors import DigestError


def _config(args: argparse.Namespace) -> DigestConfig:
    return DigestConfig(
        seeds_dir=Path(args.seeds), docs_dir=Path(args.docs), taxonomy=Path(args.taxonomy),
        overrides=Path(args.overrides) if args.overrides else Path(args.seeds) / "overrides.yml",
    )


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``paper-digest`` command; returns the exit status."""
    parser = argparse.ArgumentParser(prog="paper-digest", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name, help_ in (("generate", "write the Markdown pages from the seeds"),
                        ("build", "generate, then build the site with mkdocs build --strict")):
        p = sub.add_parser(name, help=help_)
        p.add_argument("--seeds", default="seeds", help="folder of seed .txt files")
        p.add_argument("--docs", default="docs_src", help="MkDocs docs_dir to write pages into")
        p.add_argument("--taxonomy", default="taxonomy.yml", help="tag taxonomy YAML file")
        p.add_argument("--overrides", default=None,
                       help="per-paper overrides YAML (default: SEEDS/overrides.yml)")
        if name == "build":
            p.add_argument("--config-file", "-f", default="mkdocs.yml", help="mkdocs.yml")
            p.add_argument("--site-dir", default=None, help="output folder (default: site)")
    ev = sub.add_parser("eval", help="score extraction against the labelled evaluation set")
    ev.add_argument("--eval-dir", default="eval", help="folder with labels/ and extra/")
    ev.add_argument("--seeds", default="seeds")
    ev.add_argument("--taxonomy", default="taxonomy.yml")
    ev.add_argument("--worst", type=int, default=5, help="worst cases to print per split")
    args = parser.parse_args(argv)
    try:
        if args.command == "eval":
            from generator.evaluate import main as eval_main
            return eval_main(Path(args.eval_dir), Path(args.seeds), Path(args.taxonomy),
                             args.worst)
        result = generate(_config(args))
    except DigestError as exc:
        print(f"paper-digest: error: {exc}", file=sys.stderr)
        return 1
    print(result.summary())
    if args.command == "build":
        cmd = [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", args.config_file]
        if args.site_dir:
            cmd += ["--site-dir", args.site_dir]
        # The generator already ran: tell the MkDocs hook not to run it again.
        env = {**__import__("os").environ, "PAPER_DIGEST_SKIP_GENERATE": "1"}
        return subprocess.call(cmd, env=env)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
