"""The tokenizer's shortcut for a text in which no URL can start (``_special``): the bare
character class finds the same offsets as the full ``_SPECIAL`` pattern, for texts built from
the pieces that decide it: URL schemes and hosts in any case, the characters ``re.IGNORECASE``
folds differently from ``str.lower`` (long s, dotless i, capital I with dot), token
characters and plain words."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.text.markup import _SPECIAL, _SPECIAL_CHARS, _special, plain_text, tokenize

PIECES = st.sampled_from([
    "http", "HTTPS", "https://", "s://", "p://", "ht", "http: //", "hTTp://", "ht\u0131p",
    "http\u017f://", "www.",
    "WWW.", "w\u0130w.", "github.com/", "GitHub.com/", "git.sr.ht/", "anonymous.4open.science/",
    "hf.co/", "HF.CO/", "arxiv.org/", "gitee.com", "the", "we", " ", "-", "--", "'", "`", "~",
    "{", "}", "$", "\\", "[", "<", "é", "–", "x", ".", "/", "@", "a.b/", "\u017f", "\u0131",
])


def starts(pattern, text: str) -> list[int]:
    return [m.start() for m in pattern.finditer(text)]


@settings(max_examples=3000, deadline=None)
@given(st.lists(PIECES, max_size=12).map("".join))
def test_shortcut_finds_what_the_full_pattern_finds(text: str) -> None:
    assert starts(_special(text), text) == starts(_SPECIAL, text)


def test_the_shortcut_takes_text_without_urls_only() -> None:
    assert _special("We propose k-means++ (``fast'') for $x$.") is _SPECIAL_CHARS
    assert _special("Caf\u00e9 \u2013 na\u00efve models") is _SPECIAL_CHARS
    for text in ("see github.com/o/r", "at HTTPS://x.org", "www.x.org", "na\u0131ve models",
                 "\u017fee"):
        assert _special(text) is _SPECIAL


def test_a_url_in_a_sentence_is_still_one_token() -> None:
    assert plain_text("Code: https://github.com/o/r-x and `it' -- done") == \
        "Code: https://github.com/o/r-x and ‘it’ – done"
    assert [type(t).__name__ for t in tokenize("at github.com/o/r now")] == ["Text", "Url", "Text"]
