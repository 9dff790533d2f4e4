"""Dates as exports and spreadsheets write them, read as ISO 8601 when they name one day,
month or year without doubt.

Reference managers and Excel write "June 2021", "17 June 2021", "June 17, 2021",
"2021/06/17", "17.06.2021" (day first, as Central European locales write it) and
"6/17/2021" (month first, as the US locale writes it). A slash date whose first two numbers
could each be the month ("06/07/2021") names no single day: ``written_date`` says so, and the
caller reports it, asking for the ISO form.

A year field may hold no year but a publication status ("in press", "forthcoming", "to
appear": ``UNDATED``, the one list of them) or a range of years ("2021--2022", "2021/22", an
academic year or a volume spanning two): ``loose_year`` reads the first as no year and the
second as its first year, and says how, for the run's summary.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

# English month names and their three-letter abbreviations (the forms exports write).
MONTHS = {name: number for number, full in enumerate(
    ("january", "february", "march", "april", "may", "june", "july", "august", "september",
     "october", "november", "december"), start=1) for name in (full, full[:3])} | {"sept": 9}

_DAY_MONTH_YEAR = re.compile(r"(?:(\d{1,2})(?:st|nd|rd|th)?\s+)?([A-Za-z]{3,9})\.?,?\s+(\d{4})")
_MONTH_DAY_YEAR = re.compile(r"([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})")
_YEAR_FIRST = re.compile(r"(\d{4})[/.](\d{1,2})(?:[/.](\d{1,2}))?/?")
_DOTTED = re.compile(r"(\d{1,2})\.(\d{1,2})\.(\d{4})")
_SLASHED = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})")
# A meeting's days (IEEE Xplore's RIS "Y1  - 27-30 June 2016", "June 27-30, 2016"): the first.
_DAY_RANGE_MONTH_YEAR = re.compile(
    r"(\d{1,2})(?:st|nd|rd|th)?\s*[-\u2013]\s*\d{1,2}(?:st|nd|rd|th)?\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})")
_MONTH_DAY_RANGE_YEAR = re.compile(
    r"([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?\s*[-\u2013]\s*\d{1,2}(?:st|nd|rd|th)?,?\s+(\d{4})")
# EDTF's and biblatex's date range (biblatex manual 2.3.8): "2021-06-17/2021-06-19".
_ISO_RANGE = re.compile(r"(\d{4})-(\d{2})(?:-(\d{2}))?/(?:\d{4}-\d{2}(?:-\d{2})?|\.\.)?")
# A year written as a decimal number: pandas' to_csv of a column with a missing value.
_DECIMAL_YEAR = re.compile(r"(\d{4})\.0+")


# What a year or date field holds for a paper with no date yet (or none known), folded as
# ``_fold`` folds (lower case, letter runs one space apart: "n.d." is "n d"). Such a record is
# read without a year, never an error: a paper in press is a paper. Add a wording here.
UNDATED = frozenset((
    "in press", "inpress", "forthcoming", "submitted", "to appear", "accepted",
    "accepted for publication", "under review", "in review", "under submission",
    "in preparation", "in prep", "preprint", "unpublished", "early access", "online first",
    "ahead of print", "n d", "nd", "no date", "undated",
))
_LETTERS = re.compile(r"[a-z]+")
# Two years joined by a dash (TeX's "--", "-", an en or em dash) or a slash; the second may
# be written with its last two digits ("2021/22").
_RANGE = re.compile(r"(\d{4})\s*(?:-{1,3}|[\u2013\u2014/])\s*(\d{4}|\d{2})")
# A two-digit end names a year at most this many years after the first ("2021/06" is no
# range: it would end in 2106).
_SHORT_RANGE_YEARS = 10
# A status beside a year: "in press, 2021", "2021 (to appear)".
_YEAR_IN_TEXT = re.compile(r"(?<!\d)(\d{4})(?!\d)")


@dataclass(frozen=True, slots=True)
class LooseYear:
    """A year field read by ``loose_year``.

    Attributes:
        year: the year, four digits, or ``""`` when the text names none ("in press").
        how: how the text was read, for the summary (``"'2021--2022' is a range of years:
            read as 2021"``).
    """

    year: str
    how: str


def _fold(text: str) -> str:
    return " ".join(_LETTERS.findall(text.casefold()))


def loose_year(text: str) -> LooseYear | None:
    """``text`` read as a status word of ``UNDATED`` (no year), a status beside one year
    (that year) or a range of years (its first year); ``None`` for any other text, which the
    caller reports as an error.
    """
    text = " ".join(text.split())
    years = _YEAR_IN_TEXT.findall(text)
    if _fold(text) in UNDATED and not any(c.isdigit() for c in text):
        return LooseYear("", f"{text!r} is a publication status, not a year: read without a "
                             "year")
    # The fold keeps letters only: with the year taken out, the rest is the status alone.
    if (len(years) == 1 and _fold(text) in UNDATED
            and not any(c.isdigit() for c in _YEAR_IN_TEXT.sub("", text))):
        return LooseYear(years[0], f"{text!r} is a year and a publication status: read as "
                                   f"{years[0]}")
    decimal = _DECIMAL_YEAR.fullmatch(text)
    if decimal:
        return LooseYear(decimal.group(1), f"{text!r} is a year written as a decimal number (a "
                                           f"spreadsheet's export): read as {decimal.group(1)}")
    return _range_year(text)


def _range_year(text: str) -> LooseYear | None:
    """``text`` read as a range of years (``_RANGE``: its first year), else ``None``."""
    m = _RANGE.fullmatch(text)
    if m is None:
        return None
    first, end = int(m.group(1)), m.group(2)
    last = int(end) if len(end) == 4 else first - first % 100 + int(end)
    if len(end) == 2 and last <= first:
        last += 100  # "1999/00"
    if last < first or (len(end) == 2 and last - first > _SHORT_RANGE_YEARS):
        return None
    return LooseYear(m.group(1), f"{text!r} is a range of years: read as its first, "
                                 f"{m.group(1)}")


class AmbiguousDate(ValueError):
    """A slash date whose day and month cannot be told apart (``06/07/2021``)."""


def written_date(text: str) -> str | None:
    """``text`` as an ISO 8601 date (``YYYY-MM`` or ``YYYY-MM-DD``) when it is one of the written
    forms of the module docstring and names a day of the calendar; ``None`` for any other text.

    Raises:
        AmbiguousDate: ``D/M/YYYY`` with both numbers 12 or less (names the two readings).
    """
    text = " ".join(text.split())
    ranged = _first_of_range(text)
    if ranged:
        return ranged
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


def _first_of_range(text: str) -> str | None:
    """The first day of a date range (``_ISO_RANGE``, ``_DAY_RANGE_MONTH_YEAR``,
    ``_MONTH_DAY_RANGE_YEAR``) as ISO 8601, else ``None``."""
    if m := _ISO_RANGE.fullmatch(text):
        return _iso(m.group(1), int(m.group(2)), m.group(3))
    if m := _DAY_RANGE_MONTH_YEAR.fullmatch(text):
        return _iso(m.group(3), MONTHS.get(m.group(2).lower()), m.group(1))
    if m := _MONTH_DAY_RANGE_YEAR.fullmatch(text):
        return _iso(m.group(3), MONTHS.get(m.group(1).lower()), m.group(2))
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
