"""Python's cycle collector paused while a reader builds many objects that form no cycles.

The cyclic garbage collector runs after every 700 net container allocations, and its older
generations walk every live container of the process (in a build: MkDocs', the catalog's).
A reader of a metadata file allocates a dict, lists and records per record, none of which
refer back to one another, so those collections find nothing to free: ``paused`` stops them
for the read. Reference counting frees everything as before; the collector's thresholds are
untouched and it runs again from the next allocation after the read.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def paused() -> Iterator[None]:
    """Disable the cycle collector inside the ``with`` block, then enable it again unless it
    was disabled already (by the caller, or by another thread's ``paused``, which enables it
    itself when it ends). Never raises."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
