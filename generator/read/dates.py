"""Dates as exports and spreadsheets write them, read as ISO 8601 when they name one day,
month or year without doubt.

Reference managers and Excel write "June 2021", "17 June 2021", "June 17, 2021",
"2021/06/17", "17.06.2021" (day first, as Central European locales write it) and
"6/17/2021" (month first, as the US locale writes it). A slash date whose first two numbers
could each be the month ("06/07/2021") names no single day: ``written_date`` says so, and the
caller reports it, asking for the ISO form.
"""

from __future__ import annotations

import datetime
import re

# English month names and their three-letter abbreviations (the forms exports write).
MONTHS = {name: number for number, full in enumerate(
    ("january", "february", "march", "april", "may", "june", "july", "august", "september",
     "october", "november", "december"), start=1) for name in (full, full[:3])} | {"sept": 9}

_DAY_MONTH_YEAR = re.compile(r"(?:(\d{1,2})(?:st|nd|rd|th)?\s+)?([A-Za-z]{3,9})\.?,?\s+(\d{4})")
_MONTH_DAY_YEAR = re.compile(r"([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})")
_YEAR_FIRST = re.compile(r"(\d{4})[/.](\d{1,2})(?:[/.](\d{1,2}))?/?")
_DOTTED = re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})")
_SLASHED = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})")


class AmbiguousDate(ValueError):
    """A slash date whose day and month cannot be told apart (``06/07/2021``)."""


def written_date(text: str) -> str | None:
    """``text`` as an ISO 8601 date (``YYYY-MM`` or ``YYYY-MM-DD``) when it is one of the written
    forms of the module docstring and names a day of the calendar; ``None`` for any other text.

    Raises:
        AmbiguousDate: ``D/M/YYYY`` with both numbers 12 or less (names the two readings).
    """
    text = " ".join(text.split())
    m = _DAY_MONTH_YEAR.fullmatch(text)
    if m:
        return _iso(m.group(3), MONTHS.get(m.group(2).lower()), m.group(1))
    m = _MONTH_DAY_YEAR.fullmatch(text)
    if m:
        return _iso(m.group(3), MONTHS.get(m.group(1).lower()), m.group(2))
    m = _YEAR_FIRST.fullmatch(text)
    if m:
        return _iso(m.group(1), int(m.group(2)), m.group(3))
    m = _DOTTED.fullmatch(text)
    if m:
        return _iso(m.group(3), int(m.group(2)), m.group(1))
    m = _SLASHED.fullmatch(text)
    if m:
        first, second = int(m.group(1)), int(m.group(2))
        if first <= 12 and second <= 12 and first != second:
            raise AmbiguousDate(f"{text!r} may be {m.group(3)}-{first:02d}-{second:02d} or "
                                f"{m.group(3)}-{second:02d}-{first:02d}")
        month, day = (first, second) if first <= 12 else (second, first)
        return _iso(m.group(3), month, str(day))
    return None


def _iso(year: str, month: int | None, day: str | None) -> str | None:
    """``YYYY-MM[-DD]`` when the parts name a month (and day) of the calendar, else ``None``."""
    if month is None or not 1 <= month <= 12:
        return None
    try:
        datetime.date(int(year), month, int(day) if day else 1)
    except ValueError:
        return None
    return f"{year}-{month:02d}" + (f"-{int(day):02d}" if day else "")
