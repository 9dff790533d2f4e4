"""Dates as exports and spreadsheets write them (issue 22, hostile input): "June 2021" in a
CSV, Excel's "6/17/2021" or a European "17.06.2021" stopped the whole run."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.errors import InputError
from generator.read.dates import AmbiguousDate, written_date
from generator.read.tabular import read_table

NAMES = ("January", "February", "March", "April", "May", "June", "July", "August",
         "September", "October", "November", "December")


@pytest.mark.parametrize(("text", "iso"), [
    ("June 2021", "2021-06"), ("Jun. 2021", "2021-06"), ("17 June 2021", "2021-06-17"),
    ("June 17, 2021", "2021-06-17"), ("2021/06/17", "2021-06-17"), ("2021/6/17/", "2021-06-17"),
    ("17.06.2021", "2021-06-17"), ("6/17/2021", "2021-06-17"), ("17/6/2021", "2021-06-17"),
    ("06/06/2021", "2021-06-06"), ("2021/06", "2021-06"),
    ("Spring 2021", None), ("31 February 2021", None), ("2021/13/01", None), ("soon", None),
])
def test_written_dates(text: str, iso: str | None) -> None:
    assert written_date(text) == iso


def test_a_slash_date_of_two_possible_months_is_named_not_guessed() -> None:
    with pytest.raises(AmbiguousDate) as info:
        written_date("06/07/2021")
    assert str(info.value) == "'06/07/2021' may be 2021-06-07 or 2021-07-06"


@given(st.dates(min_value=datetime.date(1900, 1, 1), max_value=datetime.date(2099, 12, 31)))
def test_every_written_form_of_a_day_reads_back(day: datetime.date) -> None:
    iso, name = day.isoformat(), NAMES[day.month - 1]
    forms = [f"{day.day} {name} {day.year}", f"{name} {day.day}, {day.year}",
             f"{name[:3]} {day.day}, {day.year}", f"{day.year}/{day.month:02d}/{day.day:02d}",
             f"{day.day:02d}.{day.month:02d}.{day.year}"]
    if day.day > 12 or day.day == day.month:
        forms.append(f"{day.month}/{day.day}/{day.year}")
    assert [written_date(form) for form in forms] == [iso] * len(forms)


def test_a_csv_date_column_in_words_is_read() -> None:
    [record] = read_table(b"title,abstract,date\nA,We do x.,June 2021\n", "x.csv",
                          "seeds/x.csv").records
    assert (record.meta.date, record.meta.year) == ("2021-06", 2021)


def test_an_ambiguous_csv_date_names_the_record_and_the_fix() -> None:
    with pytest.raises(InputError) as info:
        read_table(b"title,abstract,date\nA,We do x.,06/07/2021\n", "x.csv", "seeds/x.csv")
    assert str(info.value) == ("seeds/x.csv:2: record 1: date: '06/07/2021' may be 2021-06-07 or "
                               "2021-07-06: write the ISO form (YYYY-MM-DD)")
