"""The paper page's "Introduces" line: the method name of the derived title, shown only
where the given title does not name it."""

from __future__ import annotations

import pytest

from generator.catalog import build_catalog
from generator.records import Abstract, Metadata, PaperFacts, Source
from generator.render.pages import _introduced_name


def _paper(given: str, name: str | None, derived: str):
    m = Metadata(title=given)
    f = PaperFacts(abstract=Abstract("Text.", "C", (Source("x.bib", 1, 1),), m),
                   id="0123456789ab", name=name, title=given, highlight="Text.", tags=(),
                   links=(), code=(), hub=(), code_status="none", plain="Text.",
                   derived_title=derived)
    return build_catalog((f,))[0]


@pytest.mark.parametrize(("given", "name", "derived", "shown"), [
    ("Attention Is All You Need", "Transformer", "Transformer: Attention Alone for Translation",
     "Transformer"),
    # The derived title misses the name: it tells the reader nothing the given one does not.
    ("Fast Sparse Attention for Long Documents", "SparseLong", "The Sequence Length", ""),
    # The given title already names the method.
    ("SparseLong: Fast Sparse Attention", "SparseLong", "SparseLong: Sparse Attention", ""),
    ("A Given Title", None, "Some Derived Title", ""),
])
def test_introduced_name(given, name, derived, shown) -> None:
    assert _introduced_name(_paper(given, name, derived)) == shown
