"""Dates that exports write and that stopped a run (issue 22, round 3 findings 20, 27, 33):
a biblatex/EDTF range, pandas' decimal year, IEEE Xplore's meeting days."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.read.fields import read_entry


@pytest.mark.parametrize(("fields", "year", "date"), [
    ({"date": "2021-06-17/2021-06-19"}, 2021, "2021-06-17"),  # biblatex manual 2.3.8
    ({"date": "2021-06/2021-07"}, 2021, "2021-06"),
    ({"date": "2021-06-17/.."}, 2021, "2021-06-17"),  # open end
    ({"year": "2021.0"}, 2021, "2021"),  # pandas' to_csv of an int column with a gap
    ({"year": "27-30 June 2016"}, 2016, "2016"),  # IEEE Xplore RIS Y1
    ({"date": "27-30 June 2016"}, 2016, "2016-06-27"),
    ({"date": "June 27-30, 2016"}, 2016, "2016-06-27"),
    ({"date": "2021/06"}, 2021, "2021-06"),  # still June 2021, not a range
])
def test_dates_exports_write_are_read(fields: dict, year: int, date: str) -> None:
    meta = read_entry({"title": "T", **fields}).meta
    assert (meta.year, meta.date) == (year, date)


def test_a_date_that_is_none_of_these_is_still_an_error() -> None:
    with pytest.raises(ValueError, match="is not an ISO 8601 date"):
        read_entry({"title": "T", "date": "2021-13-01/2021-13-02"})


@given(st.dates(datetime.date(1990, 1, 1), datetime.date(2030, 12, 31)),
       st.integers(0, 30))
def test_any_iso_range_reads_as_its_first_day(first: datetime.date, days: int) -> None:
    last = first + datetime.timedelta(days=days)
    meta = read_entry({"title": "T", "date": f"{first.isoformat()}/{last.isoformat()}"}).meta
    assert (meta.year, meta.date) == (first.year, first.isoformat())
