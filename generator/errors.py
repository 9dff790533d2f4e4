"""The one exception family of paper-digest.

Every error names what failed, where (file, and line when known) and why, in one message shape::

    seeds/neurips.txt:12: not valid UTF-8 (byte offset 345): invalid start byte

The CLI prints ``str(error)`` and exits non-zero; nothing has been written by then, because the
pipeline gathers and validates everything before it writes (see ``generator.build``).
"""

from __future__ import annotations


class DigestError(Exception):
    """Base class: any failure the user can fix in their input or configuration."""


class InputError(DigestError):
    """A seed, taxonomy or override file cannot be used.

    Args:
        path: the file, as the user knows it (relative when possible).
        line: 1-based line number, or ``None`` when the whole file is at fault.
        why: the cause, one sentence, no trailing period.
    """

    def __init__(self, path: str, line: int | None, why: str) -> None:
        self.path, self.line, self.why = path, line, why
        where = f"{path}:{line}" if line is not None else path
        super().__init__(f"{where}: {why}")


class OutputError(DigestError):
    """The output folder cannot be written safely (e.g. a generated page would overwrite a
    hand-written one)."""
