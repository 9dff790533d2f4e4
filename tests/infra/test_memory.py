"""release_free_memory gives the C heap's free space back (generator.infra.memory)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.infra.memory import _malloc_trim, release_free_memory


def _rss_mb() -> float:
    return int(re.search(r"VmRSS:\s+(\d+)", Path("/proc/self/status").read_text()).group(1)) / 1024


@pytest.mark.skipif(_malloc_trim() is None or not Path("/proc/self/status").exists(),
                    reason="glibc's malloc_trim and /proc are Linux's")
def test_freed_heap_space_is_returned() -> None:
    # 100 MB in 2 KB blocks (malloc's heap, below its mmap threshold), then one block kept
    # above them, so free() alone cannot shrink the heap from its top.
    blocks = [bytes(2000) + str(i).encode() for i in range(50_000)]
    pin = bytes(2000) + b"pin"
    release_free_memory()
    before = _rss_mb()
    del blocks
    freed_only = _rss_mb()
    assert release_free_memory() is True
    after = _rss_mb()
    assert before - freed_only < 20  # free() kept the space resident
    assert freed_only - after > 80  # malloc_trim returned it
    assert pin.endswith(b"pin")
