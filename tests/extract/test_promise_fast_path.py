"""``code_status``'s shortcut (``_promises``: a word test, then RE2 where it agrees) decides
as ``_PROMISE.search`` does, for texts built from the words the pattern needs, the ones it
may not see, and the characters ``re.IGNORECASE`` folds differently from ``str.lower``."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.extract.links import _PROMISE, _promises

WORDS = st.sampled_from([
    "code", "Code", "models", "weights", "will", "would", "to", "be", "made", "publicly",
    "released", "RELEASED", "available", "public", "open-sourced", "open sourced", "shared",
    "published", "upon", "after", "the", "paper's", "acceptance", "publication", "once",
    "accepted", "coming", "soon", "is", "we", ".", "\u017fhared", "publi\u0131hed", "\u0130s",
    "relea\u017fed", "naïve", "é",
])


@settings(max_examples=3000, deadline=None)
@given(st.lists(WORDS, max_size=14).map(" ".join))
def test_shortcut_decides_as_the_pattern(text: str) -> None:
    assert _promises(text) == (_PROMISE.search(text) is not None)


def test_promises_found_and_not() -> None:
    assert _promises("Our code will be made publicly available upon acceptance.")
    assert _promises("Code and models will be relea\u017fed.")  # long s: IGNORECASE folds it
    assert not _promises("We release our code at a public repository.")
