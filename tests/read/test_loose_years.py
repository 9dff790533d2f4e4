"""Year values that are no plain year (issue 22, hostile input, finding 21): a status ("in
press", "forthcoming") or a range ("2021--2022") stopped the whole run; now the record is read
(no year, or the range's first) and the summary says how. Anything else stays an error."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.errors import InputError, notice_warns
from generator.read import READERS
from generator.read.dates import UNDATED, loose_year
from generator.read.fields import read_entry


def _read(name: str, text: str):
    return READERS[Path(name).suffix](text.encode("utf-8"), name, f"seeds/{name}")


# One record of each format with the year field holding ``{year}``.
FORMATS = {
    "x.bib": "@article{k,\n  title = {T},\n  year = {{year}},\n  abstract = {We do x.}\n}\n",
    "x.csv": "title,abstract,year\nT,We do x.,{year}\n",
    "x.ris": "TY  - JOUR\nTI  - T\nPY  - {year}\nAB  - We do x.\nER  - \n",
    "x.jsonl": '{"title": "T", "abstract": "We do x.", "year": "{year}"}\n',
    "x.json": '[{"title": "T", "abstract": "We do x.", "year": "{year}"}]',
}
WHERE = {"x.bib": "seeds/x.bib:1: entry k", "x.csv": "seeds/x.csv:2: record 1",
         "x.ris": "seeds/x.ris:1: record 1", "x.jsonl": "seeds/x.jsonl:1: record 1",
         "x.json": "seeds/x.json: record 1"}


def _year_of(name: str, year: str):
    parsed = _read(name, FORMATS[name].replace("{year}", year))
    [record] = parsed.records
    return record.meta.year, record.meta.date, [str(n) for n in parsed.notices], parsed.notices


@pytest.mark.parametrize("name", sorted(FORMATS))
@pytest.mark.parametrize("status", ["in press", "forthcoming", "submitted", "to appear",
                                    "In Press", "n.d."])
def test_a_status_for_a_year_reads_the_record_without_one(name: str, status: str) -> None:
    year, date, shown, notices = _year_of(name, status)
    assert (year, date) == (None, "")
    assert shown == [f"{WHERE[name]}: year: {status!r} is a publication status, not a year: "
                     "read without a year"]
    assert [(n.kind, n.warns) for n in notices] == [("date", False)]


@pytest.mark.parametrize("name", sorted(FORMATS))
@pytest.mark.parametrize("text", ["2021--2022", "2021-2022", "2021/22", "2021 – 2022"])
def test_a_range_of_years_reads_as_its_first(name: str, text: str) -> None:
    year, date, shown, _ = _year_of(name, text)
    assert (year, date) == (2021, "2021")
    assert shown == [f"{WHERE[name]}: year: {text!r} is a range of years: read as its first, "
                     "2021"]


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_a_status_beside_a_year_reads_the_year(name: str) -> None:
    year, _, shown, _ = _year_of(name, "2021 (in press)")
    assert year == 2021
    assert shown == [f"{WHERE[name]}: year: '2021 (in press)' is a year and a publication "
                     "status: read as 2021"]


@pytest.mark.parametrize("name", sorted(FORMATS))
@pytest.mark.parametrize("text", ["soon", "2022--2021", "20x7", "in press 2021 2022"])
def test_any_other_year_is_an_error_saying_what_to_write(name: str, text: str) -> None:
    with pytest.raises(InputError) as info:
        _read(name, FORMATS[name].replace("{year}", text))
    assert str(info.value) == (f"{WHERE[name]}: year: {text!r} is not a year: write four "
                               "digits (2021), a range (2021--2022) or a status such as "
                               "'in press'")


def test_a_plain_year_and_a_ris_date_give_no_notice() -> None:
    assert _year_of("x.bib", "2021")[:3] == (2021, "2021", [])
    assert _year_of("x.ris", "2021/06/17/")[:3] == (2021, "2021", [])


def test_a_status_in_a_date_field_is_read_as_no_date() -> None:
    parsed = _read("x.jsonl", '{"title": "T", "date": "forthcoming"}\n')
    assert (parsed.records[0].meta.year, [str(n) for n in parsed.notices]) == (
        None, ["seeds/x.jsonl:1: record 1: date: 'forthcoming' is a publication status, not a "
               "year: read without a year"])


def test_a_status_year_is_a_summary_notice_in_the_policy() -> None:
    assert notice_warns("date") is False


@given(st.integers(1900, 2089), st.integers(1, 9), st.sampled_from(["--", "-", "/", "–", "—"]),
       st.booleans())
def test_every_range_reads_as_its_first_year(first: int, span: int, dash: str,
                                             short: bool) -> None:
    last = str(first + span)[2:] if short else str(first + span)
    found = loose_year(f"{first}{dash}{last}")
    assert found is not None and found.year == str(first)


@given(st.integers(1900, 2099), st.integers(1, 12))
def test_a_year_and_month_in_a_date_field_stays_a_month(year: int, month: int) -> None:
    """"2005/06" in a date field is June 2005 (as before), not the range a year field reads."""
    entry = read_entry({"title": "T", "date": f"{year}/{month:02d}"})
    assert (entry.meta.date, entry.dates) == (f"{year}-{month:02d}", ())


@given(st.sampled_from(sorted(UNDATED)), st.sampled_from(["", ".", "()", "[]"]),
       st.booleans())
def test_every_status_word_reads_as_no_year(word: str, marks: str, upper: bool) -> None:
    text = word.upper() if upper else word
    text = f"{marks[:1]}{text}{marks[1:]}" if len(marks) == 2 else text + marks
    found = loose_year(text)
    assert found is not None and found.year == ""
