"""Edit-to-reload under ``mkdocs serve``: ``python bench/serve_reload.py --n 1000 --arxiv FILE``.

Makes the same project as ``bench/run.py`` (its site configuration and the first N real
abstracts of ``--arxiv``, or N synthetic ones), starts ``mkdocs serve`` on it (``--dirty``
with ``--dirty``), waits until the site is served, then ``--edits`` times: appends a word
to one abstract of the seed file (a different paper each time) and polls that paper's page
over HTTP every 50 ms until it shows the word. Prints, per edit, the seconds from the save to
the updated page and the CPU seconds the server spent meanwhile (user + system of the
``mkdocs serve`` process and its finished children, from ``/proc``), and how many builds
the server logged for it (one edit should be one build).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import run  # noqa: E402  (bench/run.py: the same project as the scale benchmark)

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system seconds of ``pid`` and its waited-for children (``/proc/<pid>/stat``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(v) for v in fields[11:15]) / TICK


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.read().decode("utf-8")
    except OSError:
        return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--arxiv", type=Path, default=None)
    ap.add_argument("--edits", type=int, default=3)
    ap.add_argument("--dirty", action="store_true", help="mkdocs serve --dirty")
    ap.add_argument("--log", type=Path, default=None, help="write the server's log here")
    args = ap.parse_args()
    run.ARXIV = args.arxiv
    tmp = Path(tempfile.mkdtemp(prefix=f"pd-serve-{args.n}-"))
    proj = run.make_project(tmp, args.n, 0)
    port = free_port()
    cmd = [run.PY, "-m", "mkdocs", "serve", "-f", "mkdocs.yml", "-a", f"127.0.0.1:{port}",
           *(["--dirty"] if args.dirty else [])]
    server = subprocess.Popen(cmd, cwd=proj, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, env=dict(os.environ, NO_MKDOCS_2_WARNING="1"))
    builds: list[float] = []  # when the server logged each finished build

    def read_log() -> None:
        out = args.log.open("w", encoding="utf-8") if args.log else None
        for line in server.stdout:
            if out is not None:
                out.write(f"{time.perf_counter():.3f} {line}")
                out.flush()
            if "Documentation built in" in line:
                builds.append(time.perf_counter())

    threading.Thread(target=read_log, daemon=True).start()
    try:
        t0 = time.perf_counter()
        base = f"http://127.0.0.1:{port}/paper-digest/"
        while not builds or get(base + "papers.json") is None:
            if server.poll() is not None:
                raise SystemExit(f"mkdocs serve exited ({server.returncode})")
            time.sleep(0.5)
        print(f"N={args.n}: first build served after {time.perf_counter() - t0:.1f} s wall, "
              f"{cpu_seconds(server.pid):.1f} CPU s; load {os.getloadavg()[0]:.1f}", flush=True)
        papers = json.loads(get(base + "papers.json"))
        seeds = proj / "seeds" / "arxiv.jsonl" if args.arxiv else None
        for e in range(args.edits):
            word = f"zyxwvut{e}"
            target = papers[(e + 1) * len(papers) // (args.edits + 1)]
            if seeds is not None:
                lines = seeds.read_text(encoding="utf-8").splitlines()
                at = next(i for i, line in enumerate(lines)
                          if json.loads(line)["arxiv_id"] == target["arxiv_id"])
                record = json.loads(lines[at])
                record["abstract"] += f" {word}."
                lines[at] = json.dumps(record, ensure_ascii=False)
                text = "\n".join(lines) + "\n"
                path = seeds
            else:
                path = proj / "seeds" / Path(target["sources"][0]["file"]).name
                source = path.read_text(encoding="utf-8")
                text = source.replace(target["abstract"][:60],
                                      target["abstract"][:60] + f" {word}", 1)
            before_builds, cpu0 = len(builds), cpu_seconds(server.pid)
            t0 = time.perf_counter()
            path.write_text(text, encoding="utf-8")
            while word not in (get(base + target["url"]) or ""):
                if time.perf_counter() - t0 > 600:
                    raise SystemExit("the edited page was not served within 600 s")
                time.sleep(0.05)
            seconds = time.perf_counter() - t0
            time.sleep(3)  # a second build would start within this
            print(f"  edit {e + 1}: page served updated {seconds:.2f} s after the save; server "
                  f"{cpu_seconds(server.pid) - cpu0:.2f} CPU s; builds "
                  f"{len(builds) - before_builds}; load {os.getloadavg()[0]:.1f}", flush=True)
    finally:
        server.terminate()
        server.wait(timeout=30)
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
