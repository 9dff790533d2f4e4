"""A file that is not UTF-8 (issue 22, hostile input): a UTF-8 file with a stray Latin-1 byte
is said to be one, naming line, column and byte, never given an encoding to convert it from
(the hostile tester was told ``iconv -f hp_roman8``, which would garble its valid
characters); a legacy encoding is named only when it decodes the whole file."""

from __future__ import annotations

import pytest

from generator.errors import InputError
from generator.read.clean import decode, likely_encodings

MIXED = ("Title\n\nWe propose a method that is 3× faster than the naïve one.\n\n"
         "Another abstract with caf").encode() + b"\xe9 in it and more text.\n"


def _error(data: bytes) -> str:
    with pytest.raises(InputError) as info:
        decode(data, "seeds/x.txt")
    return str(info.value)


def test_utf8_file_with_a_stray_byte_is_named_as_such() -> None:
    assert _error(MIXED) == (
        "seeds/x.txt:5: not valid UTF-8 (byte offset 93): invalid continuation byte: byte "
        "0xE9 at column 26 ('é' in cp1252) is a stray byte in a file that is otherwise valid "
        "UTF-8: retype that character at line 5, column 26, and save the file as UTF-8 (do not "
        "convert the whole file from another encoding: that would garble its 2 valid non-ASCII "
        "characters)")


def test_several_stray_bytes_are_listed_by_line() -> None:
    data = ("ok ünï\n".encode() + b"x\xe9\n") * 3
    assert _error(data) == (
        "seeds/x.txt:2: not valid UTF-8 (byte offset 10): invalid continuation byte: byte "
        "0xE9 at column 2 ('é' in cp1252) is a stray byte in a file that is otherwise valid "
        "UTF-8 (2 more stray bytes, on lines 4, 6): retype that character at line 2, column 2, "
        "and save the file as UTF-8 (do not convert the whole file from another encoding: that "
        "would garble its 6 valid non-ASCII characters)")


@pytest.mark.parametrize(("text", "encoding", "named"), [
    ("Über die Größe naïve café résumé\nmore text\n", "latin-1", ["cp1252", "cp1250"]),
    ("“Quotes” — dash € résumé\n", "cp1252", ["cp1252", "cp1250"]),
    ("Привет мир, это тест кодировки и ещё немного текста\n", "cp1251", ["cp1251"]),
])
def test_legacy_file_is_named_with_encodings_that_decode_all_of_it(text: str, encoding: str,
                                                                   named: list[str]) -> None:
    data = text.encode(encoding)
    assert likely_encodings(data) == named
    assert all(data.decode(e) for e in named)
    message = _error(data)
    assert message.endswith(f"; it looks like {' or '.join(named)} (each decodes the whole "
                            f"file): save it as UTF-8, e.g. iconv -f {named[0]} -t UTF-8")


def test_no_encoding_is_named_that_fails_on_part_of_the_file() -> None:
    """0x81 is undefined in cp1252; a file holding it and Latin-1 text is not called cp1252."""
    data = "Größe naïve café résumé déjà\n".encode("latin-1") + b"\x81\n"
    assert "cp1252" not in likely_encodings(data)
    assert "iconv -f cp1252" not in _error(data)
