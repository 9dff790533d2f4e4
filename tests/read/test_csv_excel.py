"""Excel's ``sep=`` directive (issue 22, hostile input): a CSV saved for Excel may open with a
line ``sep=;`` naming its delimiter; it stopped the run with "the first row must be a header"."""

from __future__ import annotations

import pytest

from generator.read.tabular import read_table


@pytest.mark.parametrize("sep", [",", ";", "\t", "|"])
def test_the_directive_names_the_delimiter_and_is_no_row(sep: str) -> None:
    rows = [f"sep={sep}", sep.join(["title", "abstract", "venue"]),
            sep.join(["A Paper", "We do x.", "ICML"])]
    parsed = read_table("\r\n".join(rows).encode(), "x.csv", "seeds/x.csv")
    assert [(r.meta.title, r.text, r.meta.venue, r.sources[0].line) for r in parsed.records] == [
        ("A Paper", "We do x.", "ICML", 3)]
    assert parsed.notices == ()


def test_the_directive_wins_over_a_delimiter_the_cells_suggest() -> None:
    """The cells hold commas, the directive says ';': each line is three cells."""
    text = "sep=;\ntitle;abstract;venue\nA, B and C;We do x, y, z.;ICML\n"
    [record] = read_table(text.encode(), "x.csv", "seeds/x.csv").records
    assert (record.meta.title, record.text) == ("A, B and C", "We do x, y, z.")
