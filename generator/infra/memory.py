"""Give freed memory back to the operating system between pipeline stages (issue 21, item 5).

The related papers' sparse products and the rendered pages are large, short-lived buffers
that Python and NumPy allocate with C's ``malloc``. When they are freed, glibc keeps the
freed space in the process's heap for later ``malloc`` calls, but Python's own small-object
arenas are mapped separately and never use it, so that space stays resident for the rest of
the build (MkDocs' phase, Pagefind's run beside it) without holding anything. glibc's
documented ``malloc_trim`` returns it. Other C libraries (macOS, musl) have no such call and
return memory on their own terms; there ``release_free_memory`` does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools


@functools.cache
def _malloc_trim():
    """glibc's ``malloc_trim(size_t pad) -> int``, or ``None`` where the C library has none."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        trim = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    return trim


def release_free_memory() -> bool:
    """Return the C heap's free space to the operating system (``malloc_trim(0)``); nothing
    that is in use moves or changes. Returns True when the C library released any memory,
    False when it released none or has no such call. Never raises."""
    trim = _malloc_trim()
    return bool(trim(0)) if trim is not None else False
