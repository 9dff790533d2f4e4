"""``carries_name``'s shortcut for ASCII text (a ``str.find`` with the word-boundary test)
decides as its pattern (``_whole_word``) does, for names and titles built from the pieces that
decide it: case, hyphens, underscores, digits, repeats, non-ASCII neighbours."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.extract.titles import _whole_word, carries_name

NAMES = st.sampled_from(["LLoCa", "RL", "GPT-4", "k-NN", "C++", "X_1", "a.b", "Ré", "MoE"])
PIECES = st.sampled_from(["LLoCa", "lloca", "LLOCA", "rl", "RL", "gpt-4", "GPT-4o", "k-nn",
                          "c++", "x_1", "a.b", "ré", "moe", "-", "_", " ", ":", "(", ")", "s",
                          "2", "é", "Transformers", "for"])


@settings(max_examples=3000, deadline=None)
@given(NAMES, st.lists(PIECES, max_size=8).map("".join))
def test_shortcut_decides_as_the_pattern(name: str, title: str) -> None:
    assert carries_name(title, name) == (_whole_word(name).search(title) is not None)


def test_whole_words_only() -> None:
    assert carries_name("LLoCa: Lorentz Local Canonicalization", "LLoCa")
    assert carries_name("Scaling lloca to Jets", "LLoCa")
    assert not carries_name("LLoCa-transformers for Jets", "LLoCa")
    assert not carries_name("LLoCa_2 for Jets", "LLoCa")
