"""Title columns of widespread CSV exports (issue 22, hostile round 3, finding 29): IEEE
Xplore's "Document Title", Web of Science's "Article Title", Springer's "Item Title" and
Notion's "Name" were ignored, so each page got a title derived from its abstract."""

from __future__ import annotations

from collections import Counter

import pytest

from generator.read import READERS
from generator.read.fields import ALIASES, field_names

TITLE = "Deep Residual Learning for Image Recognition"


@pytest.mark.parametrize(("column", "other"), [
    ("Document Title", "Authors"), ("Article Title", "Source Title"),
    ("Item Title", "Content Type"), ("Name", "Tags"), ("\ufeffName", "Created"),
])
def test_export_title_columns(column: str, other: str) -> None:
    data = f"{column},{other},Abstract\n{TITLE},x,We present a framework.\n"
    (record,) = READERS[".csv"](data.encode(), "e.csv", "seeds/e.csv").records
    assert record.meta.title == TITLE


def test_a_title_column_wins_over_name() -> None:
    data = f"Name,Title,Abstract\nA Notion Page,{TITLE},We present a framework.\n"
    (record,) = READERS[".csv"](data.encode(), "e.csv", "seeds/e.csv").records
    assert record.meta.title == TITLE


def test_springer_item_doi() -> None:
    assert field_names({"Item DOI": "10.1007/978-3-030-58452-8_1"}) == {
        "doi": "10.1007/978-3-030-58452-8_1"}


def test_no_field_name_fills_two_attributes() -> None:
    """One alias table: a name listed under two attributes would fill whichever comes last."""
    counts = Counter(name for names in ALIASES.values() for name in names)
    assert [name for name, n in counts.items() if n > 1] == []
    assert all(name == name.lower().replace(" ", "_").replace("-", "_")
               for names in ALIASES.values() for name in names)
