"""RE2 stands in for ``re`` only where it finds the same matches (issue 15, item 2)."""

from __future__ import annotations

import random
import re

import pytest

from generator.infra.regex import Regex, re2_available, re2_text

needs_re2 = pytest.mark.skipif(not re2_available(), reason="google-re2 is not installed")


@needs_re2
@pytest.mark.parametrize("source, flags", [
    (r"\b(upper|lower)(-| and lower | )?bounded\b", re.IGNORECASE),
    (r"\b(domain|class)-incremental\b", re.IGNORECASE),
    (r"(?:\btext-to-image\b)|(?:\bimage generation\b)", re.IGNORECASE),
    (r"[a-z]+\s\d{2,}", 0),
])
def test_twin_for_patterns_both_engines_read_alike(source, flags):
    """Patterns of the kinds the taxonomy holds get an RE2 twin."""
    assert Regex(re.compile(source, flags)).twin is not None


@pytest.mark.parametrize("source, flags", [
    (r"models?$", re.IGNORECASE),       # $ also matches before a final newline in re
    (r"[[:alpha:]]+", 0),               # a POSIX class in RE2, a nested set in re
    (r"a{,3}", 0),                      # {0,3} in re, a literal in RE2
    (r"(a)\1", 0),                      # backreference
    (r"\bfoo(?=bar)", 0),               # lookahead: RE2 refuses it
    (r"(?<!\w)x", 0),                   # lookbehind
    (r"diffusion(?# comment)", 0),      # comment
    (r"schrödinger", re.IGNORECASE),    # non-ASCII source
    (r"\w+", re.ASCII),                 # another flag
    (r"a" * 3 + "{2000}", 0),           # over RE2's repeat limit
])
@pytest.mark.filterwarnings("ignore:Possible nested set:FutureWarning")
def test_no_twin_where_the_engines_differ_or_re2_refuses(source, flags):
    """Everything the module docstring lists as read differently runs in ``re``."""
    assert Regex(re.compile(source, flags)).twin is None


def _random_texts(rng: random.Random, n: int) -> list[str]:
    words = ["upper", "Lower", "BOUNDED", "bounded", "and", "-", " ", "  ", "\n", "\t", "x",
             "_", "9", "class-incremental", "Domain", "é", "\u212a", "\x0b", "\x1c", ".",
             "text-to-image", "image generation", "ab", "aab", "b", "—", "×", "’"]
    return ["".join(rng.choice(words) for _ in range(rng.randint(0, 25))) for _ in range(n)]


@pytest.mark.parametrize("engine", [True, False])
def test_spans_and_search_equal_re_on_hostile_text(engine):
    """With and without RE2, ``spans`` and ``search`` give exactly ``re``'s results, on
    seeded random text mixing word boundaries, case, whitespace controls and non-ASCII
    letters; patterns that can match empty text fall back to ``re`` where they do."""
    patterns = [re.compile(s, re.IGNORECASE) for s in (
        r"\b(upper|lower)(-| and lower | )?bounded\b", r"\b(domain|class)-incremental\b",
        r"(?:\btext-to-image\b)|(?:\bimage generation\b)", r"\s+\w", r"a*b?", r"\bx*",
        r"(a|ab)(b*)", r"[^\w\s]+", r"\d\W")]
    regexes = [Regex(p, engine) for p in patterns]
    if engine and re2_available():
        assert sum(r.twin is not None for r in regexes) == len(regexes)
    rng = random.Random(15)
    texts = _random_texts(rng, 2000)
    assert sum(re2_text(t) is not None for t in texts) > 300  # RE2 gets work
    for text in texts:
        raw = re2_text(text)
        for regex in regexes:
            assert regex.spans(text, raw) == [m.span() for m in regex.pattern.finditer(text)]
            assert regex.search(text, raw) == (regex.pattern.search(text) is not None)


@needs_re2
def test_characters_the_guard_lets_through_read_alike_in_both_engines():
    """Every non-ASCII character ``re2_text`` lets through (a seeded sample of them, and the
    punctuation abstracts use) is, for both engines, no word character, digit or space and
    folds to no ASCII letter: the probes find the same non-empty matches. (Checked once over
    all 978,432 such code points, too slow for a unit test.)"""
    import re2

    from generator.infra.regex import _READ_APART

    rng = random.Random(15)
    sample = [chr(c) for c in rng.sample(range(0x80, 0x110000), 40000)
              if not 0xD800 <= c < 0xE000 and not _READ_APART.search(chr(c))]
    sample += list("—’–×√∈≥“”‘·±∞→")
    assert len(sample) > 20000 and "\u212a" not in sample and "\u017f" not in sample
    chars = "".join(sample)
    probes = [r"\b.", r".\b", r"\B.", r"a\b.", r".\Ba", r"\w", r"\W+", r"\d", r"\D+", r"\s",
              r"\S+", r".+", r"[^a-z]+", r"[a-z]", r"(?s).+", r"[\x00-\x7f]"]
    probes += [f"(?i){c}" for c in "abcdefghijklmnopqrstuvwxyz_0123456789"]
    for probe in probes:
        for text in (chars, "a" + chars + "b", " x ".join(sample[:500])):
            assert re2_text(text) is not None
            assert [m.span() for m in re2.compile(probe).finditer(text)] == \
                [m.span() for m in re.finditer(probe, text)], probe


def test_guard_refuses_what_the_engines_read_apart():
    """Letters, digits and spaces outside ASCII (among them the Kelvin sign and the long s,
    which fold to k and s) and lone surrogates keep a text in ``re``."""
    for ch in ("é", "\u212a", "\u017f", "\u0130", "٣", "\u00a0", "\u2009", "\x85", "\ud800",
               "\x0b", "\x1d"):
        assert re2_text(f"abc {ch} def") is None, repr(ch)
    assert re2_text("x — y’s 3× √2") == "x — y’s 3× √2"
    assert re2_text("ascii only") == b"ascii only"


def test_ascii_shortcut_refuses_exactly_the_ascii_characters_the_full_guard_refuses():
    """ASCII text is checked with one character class (``_READ_APART_ASCII``); for each of
    the 128 ASCII characters it refuses what ``_READ_APART`` refuses: \\v and \\x1c-\\x1f."""
    from generator.infra.regex import _READ_APART, _READ_APART_ASCII
    full = [c for c in map(chr, range(128)) if _READ_APART.search(c)]
    short = [c for c in map(chr, range(128)) if _READ_APART_ASCII.search(c)]
    assert short == full == ["\x0b", "\x1c", "\x1d", "\x1e", "\x1f"]
    assert re2_text("a\x1fb") is None and re2_text("a\tb\n") == b"a\tb\n"
