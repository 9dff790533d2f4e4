"""One generator run at a time per docs_dir.

Two runs writing the same docs_dir at once (``mkdocs serve`` regenerating after an edit while
``paper-digest build`` runs, say) would each find files the other wrote and stop with
"exists and was not written by paper-digest". ``docs_lock`` makes the second run wait for the
first: an advisory ``flock`` on a small file beside docs_dir (not inside it, which MkDocs
watches), released when the run ends or its process dies.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no advisory locks, runs are not serialised
    fcntl = None


def lock_path(docs_dir: Path) -> Path:
    """The lock file of ``docs_dir``: ``.paper-digest-<name>.lock`` in its parent folder."""
    return docs_dir.parent / f".paper-digest-{docs_dir.name}.lock"


@contextlib.contextmanager
def docs_lock(docs_dir: Path, say: Callable[[str], None] = lambda message: None
              ) -> Iterator[None]:
    """Hold ``docs_dir``'s lock for the ``with`` block, waiting for another run's first.

    Args:
        docs_dir: the folder the run writes (its parent must exist).
        say: receives one line when the run has to wait.
    """
    if fcntl is None:
        yield
        return
    path = lock_path(docs_dir)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            say(f"waiting for another paper-digest run writing {docs_dir} to finish")
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock
