"""The ``.txt`` seed format (the product's input contract, see README "Input format"):

* UTF-8 text (a BOM is ignored), any of LF / CRLF / CR line ends;
* the first paragraph is the collection's name when it reads like one (``classify_header``:
  a short single line such as "NeurIPS 2023 Datasets and Benchmarks Track" or "LLM reading
  list"; a first line written as a Markdown heading, ``# Name``, always is); a first paragraph
  that reads like an abstract (a URL, TeX, a final full stop, many lower-case words) is an
  abstract and the name comes from the file name; when the reader cannot tell (a short line
  with a verb or a pronoun: "Papers I liked"), it keeps the paragraph as an abstract and
  warns;
* every following paragraph (lines separated by one or more blank lines; a line of only spaces,
  tabs or zero-width characters counts as blank, U+2029 ends a paragraph and U+2028 a line) is
  one abstract, except a one-line Markdown heading (``## Section``), which is skipped.

A line whose control characters were removed or whose mojibake was repaired
(``generator.read.clean``) produces a ``Notice``; undecodable bytes raise ``InputError`` naming
the file, line and byte offset. No character stops a run.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from generator.read.clean import decode, repair_text
from generator.read.venues import spelling_of
from generator.records import Notice

HEADER_MAX_CHARS = 120


@dataclass(frozen=True, slots=True)
class SeedText:
    """One seed file parsed: its collection name, its abstracts as ``(first line, text)`` and
    the notices of the characters repaired while reading it."""

    collection: str
    paragraphs: tuple[tuple[int, str], ...]
    notices: tuple[Notice, ...]


def parse_seed_text(data: bytes, name: str, shown: str | None = None) -> tuple[str, list]:
    """``parse_seed_file`` without its notices: ``(collection, [(line, text), ...])``.

    Raises:
        InputError: the bytes are not valid UTF-8.
    """
    parsed = parse_seed_file(data, name, shown)
    return parsed.collection, list(parsed.paragraphs)


def parse_seed_file(data: bytes, name: str, shown: str | None = None) -> SeedText:
    """Split one seed file's bytes into its collection name and abstracts.

    Args:
        data: the raw file content.
        name: the file name, used for the collection name when there is no header.
        shown: how to name the file in errors and notices (default ``name``).

    Returns:
        ``SeedText`` with 1-based first-line numbers; text lines are stripped and joined with
        ``"\\n"``. Control characters are removed (or mapped back to the TeX command a C
        escape ate) and mojibake repaired (``generator.clean.repair_text``), one ``Notice``
        per repaired line.

    Raises:
        InputError: the bytes are not valid UTF-8 (names line and byte offset).
    """
    shown = shown or name
    text = decode(data, shown)
    text, repairs = repair_text(text)
    notices = tuple(Notice(shown, r.line, f"control characters: {r.detail}"
                           if r.kind == "control" else f"mojibake repaired (ftfy): {r.detail}",
                           kind="repair")
                    for r in repairs)
    paragraphs: list[tuple[int, str]] = []
    current: list[str] = []
    start = 0
    # Unicode's own breaks (UAX 14): U+2029 ends a paragraph, U+2028 and NEL end a line.
    text = text.replace("\u2029", "\n\n").replace("\u2028", "\n").replace("\x85", "\n")
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if line and len(line) <= 16 and not line.translate(_NO_INVISIBLE).strip():
            line = ""  # only zero-width characters and spaces: a blank line to the eye
        if line:
            if not current:
                start = number
            current.append(line)
        elif current:
            paragraphs.append((start, "\n".join(current)))
            current = []
    if current:
        paragraphs.append((start, "\n".join(current)))
    paragraphs, skipped = _without_separators(paragraphs, shown)
    notices += skipped
    if paragraphs:
        line, first = paragraphs[0]
        verdict = classify_header(first)
        if verdict.kind == "header":
            rest, headings = _without_headings(paragraphs[1:], shown)
            return SeedText(verdict.name, rest, notices + headings)
        if verdict.kind == "unsure":
            collection = collection_from_filename(name)
            notices += (Notice(shown, line, (
                f"first paragraph {first!r} may be the collection's name or an abstract "
                f"({verdict.reason}): kept as an abstract, and the collection is named "
                f"{collection!r} after the file; write the name as '# Name' to make it the "
                "header"), kind="header"),)
    rest, headings = _without_headings(paragraphs[1:], shown)
    return SeedText(collection_from_filename(name), (*paragraphs[:1], *rest), notices + headings)


# Zero-width characters (format characters, Unicode category Cf) that a line may hold and
# still look blank; str.strip() keeps them.
_NO_INVISIBLE = str.maketrans("", "", "\u200b\u200c\u200d\u2060\ufeff\u00ad")
_HEADING = re.compile(r"#{1,6}[ \t]+\S.*")  # an ATX heading (CommonMark 4.2)


def _without_headings(paragraphs: Sequence[tuple[int, str]], shown: str
                      ) -> tuple[tuple[tuple[int, str], ...], tuple[Notice, ...]]:
    """``paragraphs`` after the first without Markdown headings (``## Oral session``: a
    one-line paragraph ``_HEADING``), each a summary-only ``heading`` notice: a section of the
    file, not an abstract (a file is one collection)."""
    kept, notices = [], []
    for start, text in paragraphs:
        if "\n" not in text and len(text) <= HEADER_MAX_CHARS and _HEADING.fullmatch(text):
            notices.append(Notice(shown, start, f"heading {text!r}: not an abstract, skipped (a "
                                                ".txt file is one collection: put another "
                                                "collection in a file of its own)",
                                  kind="heading"))
        else:
            kept.append((start, text))
    return tuple(kept), tuple(notices)


# A separator line: three or more of one rule character, spaces between allowed (a Markdown
# thematic break, a setext underline, a plain-text divider: '-----', '=====', '* * *')
_SEPARATOR = re.compile(r"([-=_*~#+])(?:[ \t]*\1){2,}")
_UNDERLINE = re.compile(r"=+|-+")  # a setext heading's underline (CommonMark 4.3)


def _without_separators(paragraphs: list[tuple[int, str]], shown: str
                        ) -> tuple[list[tuple[int, str]], tuple[Notice, ...]]:
    """``paragraphs`` (``(first line, text)``) without separator lines (``_SEPARATOR``) at
    their start or end, each removal a summary-only ``separator`` notice naming the line; a
    paragraph of separator lines only is no abstract and is left out (also reported). A first
    paragraph that is one line underlined with ``=`` or ``-`` (a Markdown setext heading) is
    written ``# Name``, the heading ``classify_header`` reads as the collection's name."""
    out: list[tuple[int, str]] = []
    notices: list[Notice] = []
    for start, text in paragraphs:
        lines = text.split("\n")
        rules = [i for i, line in enumerate(lines) if _SEPARATOR.fullmatch(line)]
        if len(rules) == len(lines):
            notices.append(Notice(shown, start, f"a paragraph of separator lines only "
                                                f"({lines[0]!r}): no abstract, skipped",
                                  kind="separator"))
            continue
        lead = next(i for i in range(len(lines)) if i not in rules)
        end = next(i for i in range(len(lines), 0, -1) if i - 1 not in rules)
        kept = lines[lead:end]
        if not out and _setext(lines, lead, end):
            out.append((start, f"# {kept[0]}"))
            continue
        notices.extend(Notice(shown, start + i, f"separator line {lines[i]!r} at the "
                                                f"{'start' if i < lead else 'end'} of a "
                                                f"paragraph: removed from the abstract",
                              kind="separator") for i in rules if i < lead or i >= end)
        out.append((start + lead, "\n".join(kept)))
    return out, tuple(notices)


def _setext(lines: list[str], lead: int, end: int) -> bool:
    """True when ``lines`` are one line underlined (``_UNDERLINE``), the first kept line
    ``lead``, the first removed ``end``, and the line could be a name: one that reads like an
    abstract stays an abstract, never lost to a collection name."""
    return (lead == 0 and end == 1 and len(lines) == 2 and bool(_UNDERLINE.fullmatch(lines[1]))
            and classify_header(lines[0]).kind != "abstract")


@dataclass(frozen=True, slots=True)
class HeaderVerdict:
    """What a file's first paragraph is: ``kind`` is ``"header"`` (``name`` is the collection's
    name), ``"abstract"`` or ``"unsure"`` (kept as an abstract, with a warning); ``reason``
    says which rule decided, for the warning."""

    kind: str
    name: str = ""
    reason: str = ""


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# A header is worded as a title: every word capitalised, a number, an acronym or mixed-case
# name (arXiv, cs.LG), a function word, or a word collection names use in lower case.
_FUNCTION_WORDS = _words(
    "a an and at by for from in into of on or the to via vs with & + - x")
_COLLECTION_WORDS = _words(
    "papers paper abstracts abstract accepted selected track tracks workshop workshops "
    "proceedings session sessions oral orals poster posters spotlight spotlights highlights "
    "main conference list reading week day part volume vol issue batch submissions preprints "
    "digest collection notes")
# Sentence evidence: a subject pronoun or a finite verb that abstracts open or run on.
_SENTENCE_WORDS = _words(
    "we i this these is are was were be been has have had can cannot could will would may "
    "might should must does do did propose proposes present presents introduce introduces "
    "show shows achieve achieves match matches outperform outperforms improve improves "
    "reduce reduces enable enables provide provides yield yields use uses learn learns study "
    "studies demonstrate demonstrates address addresses leverage leverages establish "
    "establishes reach reaches surpass surpasses extend extends require requires remain "
    "remains allow allows describe describes investigate investigates develop develops "
    "obtain obtains find finds prove proves consider considers")
_URL = re.compile(r"://|\bwww\.|@[\w-]+\.\w|\b[\w-]+(?:\.[\w-]+)+/\S")
_TEX = re.compile(r"\$|\\[A-Za-z]")
_HEADING = re.compile(r"#{1,6}[ \t]+(\S.*?)(?:[ \t]+#+)?")
_PUNCT = "()[]{}:;,.!?\"'“”‘’«»"
# Up to this many words, a line that is not worded as a title may still be a collection's
# name ("my favourite diffusion papers"); longer, it is an abstract.
FEW_WORDS = 6


def _title_word(word: str) -> bool:
    return (word[:1].isupper() or word[:1].isdigit() or any(c.isupper() for c in word)
            or word in _FUNCTION_WORDS or word in _COLLECTION_WORDS)


def classify_header(paragraph: str) -> HeaderVerdict:
    """Decide whether a seed file's first paragraph is the collection's name.

    Rules, first to decide wins: a Markdown heading (``# Name``) is a header; more than one
    line or over ``HEADER_MAX_CHARS`` characters, a URL or e-mail address, or TeX is an
    abstract; a line worded as a title (``_title_word`` for every word) is a header unless it
    holds a subject pronoun or finite verb (``_SENTENCE_WORDS``: "Papers We Loved") or ends
    with a full stop, which makes it unsure; any other line is an abstract when it ends with a
    full stop or runs over ``FEW_WORDS`` words, unsure when it holds such a word ("Papers I
    liked"), else a header ("my favourite diffusion papers", "Lab journal club, March
    2026"). The rule is the issue-16 contract: text that reads like an abstract is never lost
    to the collection name, and a short name is not turned into a paper without a warning.

    Returns:
        ``HeaderVerdict``; ``name`` set for a header (a heading without its ``#`` marks).
    """
    heading = _HEADING.fullmatch(paragraph)
    if heading:
        return HeaderVerdict("header", heading.group(1).strip())
    for reason, holds in _ABSTRACT_SHAPES:
        if holds(paragraph):
            return HeaderVerdict("abstract", reason=reason)
    words = [w for w in (t.strip(_PUNCT) for t in paragraph.split()) if w]
    words = [w for w in words if any(c.isalnum() for c in w)]
    sentence = [w for w in words if w.lower() in _SENTENCE_WORDS]
    full_stop = paragraph.rstrip().endswith((".", "!", "?"))
    if words and all(_title_word(w) for w in words):
        return _title_worded(paragraph, sentence, full_stop)
    return _other_worded(paragraph, words, sentence, full_stop)


# Shapes of a first paragraph that make it an abstract whatever its words, first to hold
# wins: (the reason the notice gives, the test).
_ABSTRACT_SHAPES: tuple[tuple[str, Callable[[str], object]], ...] = (
    ("more than one short line", lambda p: "\n" in p or len(p) > HEADER_MAX_CHARS),
    ("it holds a URL", _URL.search),
    ("it holds TeX", _TEX.search),
)


def _title_worded(paragraph: str, sentence: list[str], full_stop: bool) -> HeaderVerdict:
    """The verdict on a line worded as a title: unsure when it holds a sentence word
    (``sentence``, in order) or ends with a full stop, else a header."""
    if sentence:
        return HeaderVerdict("unsure", reason=f"worded as a title, but {sentence[0]!r} "
                             "reads as part of a sentence")
    if full_stop:
        return HeaderVerdict("unsure", reason="worded as a title, but it ends with a "
                             "full stop")
    return HeaderVerdict("header", paragraph)


def _other_worded(paragraph: str, words: list[str], sentence: list[str],
                  full_stop: bool) -> HeaderVerdict:
    """The verdict on a line not worded as a title (``classify_header``'s last rules)."""
    if sentence:
        if full_stop or len(words) > FEW_WORDS:
            return HeaderVerdict("abstract",
                                 reason=f"{sentence[0]!r} reads as part of a sentence")
        return HeaderVerdict("unsure", reason=f"{sentence[0]!r} reads as part of a sentence")
    if full_stop:
        return HeaderVerdict("abstract", reason="it ends with a full stop")
    if len(words) > FEW_WORDS:
        return HeaderVerdict("abstract", reason=f"over {FEW_WORDS} words, not a title")
    return HeaderVerdict("header", paragraph)


def collection_from_filename(name: str) -> str:
    """``"iclr_2026-papers.txt"`` -> ``"ICLR 2026 Papers"``: the stem, separators as spaces,
    words capitalised, a venue's short name or arXiv spelt as collections spell it
    (``generator.read.venues.spelling_of``), so ``arxiv_2025.jsonl`` and a record's venue
    ``arXiv`` of 2025 are one collection."""
    stem = Path(name).stem
    words = [w for w in re.split(r"[\s_\-.]+", stem) if w]
    return " ".join(spelling_of(w) or w[:1].upper() + w[1:] for w in words) or stem
