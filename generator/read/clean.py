"""Repair the characters of decoded seed text: control characters and mojibake.

Real abstracts are scraped from PDFs and web pages and carry characters no author typed:

* **Control characters** (C0 except tab, line feed and carriage return; DEL; C1; U+FFFE and
  U+FFFF), which XML (the feed) cannot carry and no reader can see, and lone surrogates (a
  JSON ``\\ud800`` escape), which no UTF-8 text can hold: removed. Four of them are C escape
  sequences that ate a TeX backslash (a JSON or Python string turned ``\\beta`` into U+0008 +
  ``eta``): ``\\a`` U+0007, ``\\b`` U+0008, ``\\v`` U+000B, ``\\f`` U+000C. Followed by a
  letter they are written back as that command's backslash and letter (``$\\beta$``); every
  other control character is removed (U+0002 stands where a PDF had a hyphenation point:
  ``quanti\\x02fying`` -> ``quantifying``).
* **Mojibake**: UTF-8 decoded as Windows-1252 or Latin-1 (``â€™`` for ``’``), repaired by ftfy's
  ``fix_encoding``, which only undoes such encoding mix-ups (it does not touch quotes, widths,
  ligatures or HTML entities).

Each repair is reported (``Repair``) so the reader can name file, line and characters.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass

import charset_normalizer
import ftfy

from generator.errors import InputError

# What XML 1.0 cannot carry or a text file should not hold (tab, LF and CR are text), and
# lone surrogates: JSON may escape one ("\ud800"), and no UTF-8 file, page or hash can hold it.
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
# C escapes that stand for a backslash and a letter (Python's and JSON's string escapes).
_ESCAPE_LETTERS = {"\x07": "a", "\x08": "b", "\x0b": "v", "\x0c": "f"}
# ftfy's own cheap test for text that may hold mojibake: any character of the sequences it
# repairs (Latin-1 / Windows-1252 letters that UTF-8 lead bytes decode to).
_MAYBE_MOJIBAKE = re.compile("[\u00c0-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e"
                             "\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201e\u2020-\u2022"
                             "\u2026\u2030\u2039\u203a\u20ac\u2122]")
# Mojibake of a UTF-8 character is always two or more non-ASCII characters in a row (each of
# its bytes decodes to one): a line without such a pair needs no ftfy pass. On the 12,500 real,
# seed, eval and training lines this skips 251 of the 394 lines the test above lets through
# and misses none of ftfy's 128 repairs.
_NON_ASCII_PAIR = re.compile("[^\x00-\x7f][^\x00-\x7f]")  # 3x faster than [...]{2}


@dataclass(frozen=True, slots=True)
class Repair:
    """One repaired line.

    Attributes:
        line: 1-based line number in the text given to ``repair_text``.
        kind: ``"control"`` (characters removed or mapped) or ``"mojibake"``.
        detail: what was done, for a message (``"U+0008 -> \\\\b"``, ``"'â€™' -> '’'"``).
    """

    line: int
    kind: str
    detail: str


def needs_repair(text: str) -> bool:
    """True when ``repair_text`` may change ``text`` (a control character, or two non-ASCII
    characters in a row that may be mojibake), for the common clean text. Two searches of one
    character class each: their alternation in one pattern is three times slower."""
    return bool(CONTROL.search(text) or (not text.isascii() and _NON_ASCII_PAIR.search(text)))


# What a JSON value's text becomes other characters than the line shows: a JSON string
# escape, a run of an odd number of backslashes before b, f or u (\b and \f are control
# characters, \u and four hex digits any character); in Crossref's abstracts, decoded as
# markup, a character reference (&#8;, &Atilde;&copy;) or a tag, whose removal joins the
# characters around it.
# Apart: each starts with a literal, which the regex engine finds fast (their alternation
# is 60 times slower).
_JSON_ESCAPE = re.compile(r"\\[bfu]")
_MARKUP = (re.compile(r"&[#A-Za-z]"), re.compile(r"<[A-Za-z/!?]"))


def json_needs_repair(line: str) -> bool:
    """True when a text decoded from the JSON text ``line`` may need ``repair_text``: ``line``
    itself may (``needs_repair``), or it holds an escape (``_JSON_ESCAPE``, ``_MARKUP``) that
    may decode to a control character, a surrogate or mojibake. False guarantees that no
    string of the decoded value, nor a join or markup decoding of them, needs a repair."""
    return (needs_repair(line)
            or ("\\" in line and any(_odd_backslashes(line, m.start())
                                      for m in _JSON_ESCAPE.finditer(line)))
            or any(p.search(line) for p in _MARKUP))


def json_lines_needing_repair(text: str | None, raw: bytes | None = None) -> set[int]:
    """The 1-based numbers of the lines of ``text`` (JSON Lines) for which
    ``json_needs_repair`` is true, found in the text's UTF-8 bytes by whole-text passes
    (``_BYTE_RULES``, ``_pairs``): about a third of the time of ``CONTROL`` and
    ``_NON_ASCII_PAIR`` searched in the text, and a tenth of searching each line.
    ``raw``: ``text`` in UTF-8 when the caller has it (``decoded_as_is``; ``text`` may then
    be ``None``), else ``text`` is encoded here."""
    if raw is None:
        raw = text.encode("utf-8")
    starts = [m.start() for needles, pattern in _BYTE_RULES
              if any(needle in raw for needle in needles) for m in pattern.finditer(raw)
              if pattern is not _BYTE_ESCAPE or _odd_backslashes(raw, m.start())]
    starts += _controls_and_pairs(raw)
    lines: set[int] = set()
    line, done = 1, 0
    for start in sorted(starts):
        line += raw.count(b"\n", done, start)
        done = start
        lines.add(line)
    return lines


# ``CONTROL`` in UTF-8: C0 and DEL are single bytes; C1 (U+0080-U+009F) is C2 80-9F; U+FFFE
# and U+FFFF are EF BF BE/BF (a surrogate cannot be in UTF-8 text, only in a JSON escape).
_BYTE_C0 = re.compile(rb"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_NOT_C0 = bytes(b for b in range(256) if not _BYTE_C0.match(bytes([b])))
_BYTE_ESCAPE = re.compile(_JSON_ESCAPE.pattern.encode())
# (byte strings one of which every match holds, the pattern): a pattern is searched only in
# a file that holds one of them. ``in`` finds bytes several times faster than the regex
# engine's scan for a literal first byte, and most files lack most of them (C1 controls,
# U+FFFE, escapes of control characters, markup).
_BYTE_RULES = (((b"\xc2",), re.compile(rb"\xc2[\x80-\x9f]")),
               ((b"\xef\xbf",), re.compile(rb"\xef\xbf[\xbe\xbf]")),
               ((b"\\b", b"\\f", b"\\u"), _BYTE_ESCAPE),
               *(((p.pattern[:1].encode(),), re.compile(p.pattern.encode())) for p in _MARKUP))
# Two non-ASCII characters in a row (``_NON_ASCII_PAIR``): in UTF-8, a continuation byte
# (80-BF, the end of a character) right before a lead byte (C0-FF, the start of the next).
# Each byte's class: C a C0 control or DEL (``_BYTE_C0``), a other ASCII, c a continuation
# byte, L a lead byte.
_CLASSES = bytes(b"C"[0] if _BYTE_C0.match(bytes([b])) else b"a"[0] if b < 0x80
                 else b"c"[0] if b < 0xC0 else b"L"[0] for b in range(256))
_PAIR_CLASSES = re.compile(rb"cL")


def _controls_and_pairs(raw: bytes) -> list[int]:
    """The offsets in ``raw`` (UTF-8) of its C0 controls and DEL (``_BYTE_C0``) and of its
    pairs of non-ASCII characters (``_PAIR_CLASSES``). Controls are rare, so looked for only
    when present: in a non-ASCII text, by ``in`` of their class in the one pass that finds
    the pairs; in ASCII, by the bytes left when all others are deleted."""
    if raw.isascii():
        return [m.start() for m in _BYTE_C0.finditer(raw)] if raw.translate(None, _NOT_C0) \
            else []
    classes = raw.translate(_CLASSES)
    controls = [m.start() for m in _BYTE_C0.finditer(raw)] if b"C" in classes else []
    return controls + [m.start() for m in _PAIR_CLASSES.finditer(classes)]


def _odd_backslashes(seq: str | bytes, end: int) -> bool:
    """True when the backslash at ``seq[end]`` (a character of a text or a byte of its
    UTF-8) ends a run of an odd number of them (an escape, not an escaped backslash
    ``\\\\``)."""
    backslash = 0x5C if isinstance(seq, bytes) else "\\"
    start = end
    while start > 0 and seq[start - 1] == backslash:
        start -= 1
    return (end - start) % 2 == 0


def repair_text(text: str) -> tuple[str, tuple[Repair, ...]]:
    """Remove or map control characters and repair mojibake, line by line.

    Args:
        text: decoded text with ``\\n`` line ends.

    Returns:
        ``(repaired text, repairs)``; the text has as many lines as before and no character
        matched by ``CONTROL``. Never raises.
    """
    # ASCII text holds no mojibake: one character class is 5x cheaper than the alternation.
    if not needs_repair(text):
        return text, ()
    lines = text.split("\n")
    repairs: list[Repair] = []
    for number, line in enumerate(lines, start=1):
        # Mojibake first: a C1 control can be one byte of it ("â€\x9d" is "”").
        if _NON_ASCII_PAIR.search(line) and _MAYBE_MOJIBAKE.search(line):
            fixed = ftfy.fix_encoding(line)
            if fixed != line:
                repairs.append(Repair(number, "mojibake", _difference(line, fixed)))
                line = fixed
        if CONTROL.search(line):
            line, detail = _controls(line)
            repairs.append(Repair(number, "control", detail))
        lines[number - 1] = line
    return "\n".join(lines), tuple(repairs)


def _controls(line: str) -> tuple[str, str]:
    """The line without control characters, and a description of each one."""
    done: list[str] = []

    def sub(m: re.Match[str]) -> str:
        c = m.group(0)
        letter = _ESCAPE_LETTERS.get(c)
        nxt = line[m.end():m.end() + 1]
        code = f"U+{ord(c):04X} at column {m.start() + 1}"
        if letter and nxt.isascii() and nxt.isalpha():
            done.append(f"{code} -> \\{letter}")
            return "\\" + letter
        done.append(f"{code} removed")
        return ""

    return CONTROL.sub(sub, line), ", ".join(done)


def _difference(before: str, after: str) -> str:
    """``'â€™' -> '’'``: the first stretch where two strings differ, shortened."""
    start = 0
    while start < min(len(before), len(after)) and before[start] == after[start]:
        start += 1
    end_b, end_a = len(before), len(after)
    while end_b > start and end_a > start and before[end_b - 1] == after[end_a - 1]:
        end_b, end_a = end_b - 1, end_a - 1
    return f"{before[start:end_b][:40]!r} -> {after[start:end_a][:40]!r}"


def decode(data: bytes, shown: str) -> str:
    """UTF-8 bytes -> text without a BOM and with ``\\n`` line ends (what every reader of
    ``generator.read`` starts from).

    Raises:
        InputError: the bytes are not valid UTF-8 (names the line and the byte offset), or
            are UTF-16 without a byte-order mark (every other byte 0: valid UTF-8 of
            U+0000s, which would otherwise be "repaired" on every line).
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        wide = _utf16_or_32(data)
        if wide:  # Excel's "Unicode text" and Windows tools save these: say what to do
            raise InputError(shown, None, f"not UTF-8 but {wide} (it starts with a {wide} "
                                          "byte-order mark): save it as UTF-8") from None
        raise _utf16_error(data, shown) or not_utf8(data, exc, shown) from None
    if "\x00" in text and (error := _utf16_error(data, shown)):
        raise error
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def not_utf8(data: bytes, exc: UnicodeDecodeError, shown: str) -> InputError:
    """The error for ``data`` (the file ``shown``), which is not UTF-8 (``exc``, its first
    undecodable byte): line, byte offset, the byte and its column, and what to do.

    A file whose other non-ASCII characters are valid UTF-8 (at least as many as its
    undecodable spans) or that is ASCII but for one or two stray bytes is UTF-8 with stray
    bytes: the message says to retype them, since converting the whole file from any legacy
    encoding would garble every valid character. Otherwise the legacy encodings that decode
    the whole file are named (``likely_encodings``), with ``iconv`` advice. A file cut inside
    a character (``unexpected end of data``) is damaged UTF-8: no encoding is named.
    """
    where = data.count(b"\n", 0, exc.start) + 1
    line_start = data.rfind(b"\n", 0, exc.start) + 1
    column = len(data[line_start:exc.start].decode("utf-8", "replace")) + 1
    spans = _undecodable(data, exc)
    valid = sum(1 for c in data.decode("utf-8", "ignore") if ord(c) > 127)
    head = f"not valid UTF-8 (byte offset {exc.start}): {exc.reason}"
    if exc.reason == "unexpected end of data":
        return InputError(shown, where, head)
    stray = data[exc.start:exc.end]
    what = f"byte {' '.join(f'0x{b:02X}' for b in stray)} at column {column}"
    if valid >= len(spans) or (not valid and len(spans) < _GUESS_MIN):
        return InputError(shown, where, f"{head}: {what}{_as_cp1252(stray)} is a stray byte in "
                                        f"a file that is otherwise valid UTF-8"
                                        f"{_other_spans(data, spans)}: retype that character "
                                        f"at line {where}, column {column}, and save the file "
                                        f"as UTF-8{_keep_others(valid)}")
    guess = likely_encodings(data)
    hint = (f"; it looks like {' or '.join(guess)} (each decodes the whole file): save it as "
            f"UTF-8, e.g. iconv -f {guess[0]} -t UTF-8" if guess else "")
    return InputError(shown, where, f"{head} ({what}){hint}")


def _undecodable(data: bytes, first: UnicodeDecodeError) -> list[int]:
    """The byte offsets where ``data``'s undecodable spans start, ``first``'s first: every
    one counted (``errors="replace"`` writes one U+FFFD per span), the first
    ``_STRAY_LISTED`` located."""
    located = [first.start]
    at = first.end
    while len(located) < _STRAY_LISTED:
        try:
            data[at:].decode("utf-8")
            break
        except UnicodeDecodeError as exc:
            located.append(at + exc.start)
            at += exc.end
    count = (data.decode("utf-8", "replace").count("\ufffd")
             - data.decode("utf-8", "ignore").count("\ufffd"))
    return located + [-1] * max(0, count - len(located))


def _other_spans(data: bytes, spans: list[int]) -> str:
    """`` (N more stray bytes, lines a, b)`` for the spans after the first, or ``""``."""
    if len(spans) < 2:
        return ""
    lines = sorted({data.count(b"\n", 0, at) + 1 for at in spans[1:] if at >= 0})
    return (f" ({len(spans) - 1} more stray byte{'s' if len(spans) > 2 else ''}, on line"
            f"{'s' if len(lines) > 1 else ''} {', '.join(map(str, lines))}"
            f"{' ...' if -1 in spans else ''})")


def _as_cp1252(stray: bytes) -> str:
    """`` ('é' in cp1252)``: what ``stray`` reads as in Windows-1252, the likeliest source of a
    stray byte (text pasted from an older Windows tool), or ``""``."""
    try:
        char = stray.decode("cp1252")
    except UnicodeDecodeError:
        return ""
    return f" ({char!r} in cp1252)" if char.isprintable() else ""


def _keep_others(valid: int) -> str:
    """Why not to convert the whole file, when it has ``valid`` UTF-8 characters to keep."""
    if not valid:
        return ""
    return (f" (do not convert the whole file from another encoding: that would garble its "
            f"{valid} valid non-ASCII character{'s' if valid > 1 else ''})")


def decoded_as_is(data: bytes) -> bool:
    """True when ``decode(data, ...)`` is ``data`` decoded and nothing more (no byte-order
    mark, no carriage return to rewrite), so its UTF-8 bytes are ``data`` itself."""
    return not data.startswith(codecs.BOM_UTF8) and b"\r" not in data


def likely_encodings(data: bytes) -> list[str]:
    """The legacy encodings ``data`` (not UTF-8) is most likely in, likeliest first, as Python
    and iconv name them, each one that decodes the whole of ``data``: ``cp1252``
    (Windows-1252, a superset of Latin-1's text: what Excel and older Windows tools write in
    Western locales) first unless charset-normalizer finds a script other than Latin (then
    only its guess, a Cyrillic or Greek code page), since the detector cannot tell the Latin code
    pages apart on short text and otherwise names exotic ones (``hp_roman8``, ``cp1250``);
    then its guess. ``[]`` when none decodes the file."""
    best = charset_normalizer.from_bytes(data[:_GUESS_BYTES]).best()
    guess = [] if best is None else [best.encoding]
    # Without a byte-order mark (``_utf16_or_32``), a wide encoding is a wrong guess.
    guess = [g for g in guess if not g.startswith(("utf_16", "utf_32"))]
    script = best is not None and any(not _LATIN_BLOCKS.search(a) for a in best.alphabets)
    order = guess if script else ["cp1252", *guess]
    return [e for e in dict.fromkeys(order) if _decodes(data, e)]


# Unicode blocks of Latin-script text: letters, punctuation, symbols, digits, controls
_LATIN_BLOCKS = re.compile(r"Latin|Punctuation|Control|Symbol|Currency|Number|Spacing|"
                           r"Arrows|Mathematical|Letterlike|Box|Block|Geometric|Dingbats")


def _decodes(data: bytes, encoding: str) -> bool:
    """True when every byte of ``data`` is text in ``encoding``."""
    try:
        data.decode(encoding)
    except (UnicodeDecodeError, LookupError):
        return False
    return True


_GUESS_MIN = 3  # undecodable spans before the file's encoding is guessed
_STRAY_LISTED = 6  # undecodable spans whose lines the message lists
_GUESS_BYTES = 65536  # enough text for the detector; a large file is not read twice in full
_WIDE_BOMS = ((codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"),
              (codecs.BOM_UTF16_LE, "UTF-16"), (codecs.BOM_UTF16_BE, "UTF-16"))


# UTF-16 without a byte-order mark: of the text's bytes at even (big-endian) or odd
# (little-endian) offsets, at least this share is 0 (Latin text: every one but for the odd
# non-Latin character), and of the others at most a tenth.
_UTF16_ZEROS = 0.9


def _utf16_error(data: bytes, shown: str) -> InputError | None:
    """The error for ``data`` when it looks like UTF-16 without a byte-order mark
    (``_UTF16_ZEROS``), naming the byte order and what to do; ``None`` otherwise."""
    if len(data) < 4:
        return None
    even, odd = data[0::2], data[1::2]
    for name, zeros, others in (("UTF-16LE", odd, even), ("UTF-16BE", even, odd)):
        if zeros.count(0) >= _UTF16_ZEROS * len(zeros) and \
                others.count(0) <= (1 - _UTF16_ZEROS) * len(others):
            return InputError(shown, None, f"not UTF-8: this looks like {name} without a "
                                           "byte-order mark (every other byte is 0): save it "
                                           f"as UTF-8, e.g. iconv -f {name} -t UTF-8")
    return None


def _utf16_or_32(data: bytes) -> str:
    """``"UTF-16"`` or ``"UTF-32"`` when ``data`` starts with that encoding's byte-order
    mark (UTF-32's first, as its little-endian mark starts with UTF-16's), else ``""``."""
    return next((name for bom, name in _WIDE_BOMS if data.startswith(bom)), "")
