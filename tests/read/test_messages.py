"""Messages that name the spot and say what to do (issue 22, hostile input, finding 23): UTF-16
without a byte-order mark, a missing comma after a BibTeX key or after a number value, the
OpenReview id rule, and files named relative to the seeds folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.config.overrides import load_overrides
from generator.errors import InputError, shown_path
from generator.read import READERS, read_seeds
from generator.read.clean import decode
from generator.read.fields import read_entry

TEXT = "NeurIPS 2025\n\nWe propose a method.\n\nA second abstract.\n"


@pytest.mark.parametrize("name", ["x.txt", "x.jsonl", "x.csv", "x.bib", "x.ris"])
@pytest.mark.parametrize("order", ["UTF-16LE", "UTF-16BE"])
def test_utf16_without_a_bom_is_named_with_what_to_do(name: str, order: str) -> None:
    """It decoded as UTF-8 full of U+0000 (a 'repair' on every line, finding 23)."""
    with pytest.raises(InputError) as info:
        READERS[Path(name).suffix](TEXT.encode(order.lower()), name, f"seeds/{name}")
    assert str(info.value) == (f"seeds/{name}: not UTF-8: this looks like {order} without a "
                               "byte-order mark (every other byte is 0): save it as UTF-8, "
                               f"e.g. iconv -f {order} -t UTF-8")


def test_a_few_nul_characters_are_still_repaired_not_called_utf16() -> None:
    parsed = READERS[".txt"](b"We pro\x00pose a method.\n", "x.txt", "seeds/x.txt")
    assert parsed.records[0].text == "We propose a method."
    assert [n.kind for n in parsed.notices] == ["repair"]


@given(st.text(st.characters(min_codepoint=32, max_codepoint=0xFF), min_size=2),
       st.text(st.characters(min_codepoint=0x100, max_codepoint=0xD7FF), max_size=2),
       st.sampled_from(["utf-16-le", "utf-16-be"]))
def test_latin_text_in_utf16_is_never_read_as_utf8(latin: str, other: str, codec: str) -> None:
    """Latin-1 text, with up to two characters of other scripts when it is ten times
    longer: always named as UTF-16 (the byte order right), never decoded or repaired."""
    text = latin + (other if len(latin) >= 10 * len(other) else "")
    order = "LE" if codec.endswith("le") else "BE"
    with pytest.raises(InputError, match=f"looks like UTF-16{order} without a byte-order mark"):
        decode(text.encode(codec), "seeds/x.txt")


@given(st.text(st.characters(min_codepoint=1, max_codepoint=0x10FFFF,
                             exclude_categories=("Cs",)), min_size=1))
def test_utf8_without_nul_decodes_as_before(text: str) -> None:
    assert decode(text.encode("utf-8"), "seeds/x.txt") == text.replace("\r\n", "\n").replace(
        "\r", "\n").removeprefix("\ufeff")


def _bib_error(text: str) -> str:
    with pytest.raises(InputError) as info:
        READERS[".bib"](text.encode(), "x.bib", "seeds/x.bib")
    return str(info.value)


def test_a_missing_comma_after_the_entry_key_says_so() -> None:
    assert _bib_error("@article{key1 title = {A}, abstract = {We do x.}}\n") == (
        "seeds/x.bib:1: entry key1: BibTeX syntax: a ',' is missing after the entry key "
        "'key1': write @article{key1, ... (a key has no spaces)")


@pytest.mark.parametrize(("value", "shown"), [
    ("2021", "2021 abstract = {We do x.}"), ("dec", "dec abstract = {We do x.}"),
    ('"2021"', '"2021" abstract = {We do x.}'), ("{2021}", "{2021} abstract = {We do x.}")])
def test_a_missing_comma_after_any_value_names_the_next_field(value: str, shown: str) -> None:
    field = "month" if value == "dec" else "year"
    assert _bib_error(f"@article{{k2,\n  title = {{A}},\n  {field} = {value}\n"
                      "  abstract = {We do x.}\n}\n") == (
        f"seeds/x.bib:3: entry k2: {field}: BibTeX syntax: “{shown}” is not one value (a ',' "
        "is missing before 'abstract')")


def test_the_openreview_id_rule_is_the_one_checked() -> None:
    with pytest.raises(ValueError) as info:
        read_entry({"title": "T", "openreview_id": "w1"})
    assert str(info.value) == ("openreview_id: 'w1' is not an OpenReview id (6 or more "
                               "letters, digits, _ or -, as in openreview.net/forum?id="
                               "BkE8NjCqYm): give the forum id or URL")
    assert read_entry({"title": "T", "openreview_id": "w1_b-2"}).meta.openreview_id == "w1_b-2"


def test_notices_name_files_from_the_seeds_folder_not_its_absolute_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seeds = tmp_path / "my_papers"
    seeds.mkdir()
    (seeds / "a.txt").write_text("We do x.\n\nWe do x.\n", encoding="utf-8")
    (seeds / "overrides.yml").write_text("- x\n", encoding="utf-8")
    elsewhere = tmp_path / "work"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert [str(n) for n in read_seeds(seeds).notices] == [
        "my_papers/a.txt:3: duplicate of a.txt abstract 1; one page lists both sources"]
    with pytest.raises(InputError) as info:
        load_overrides(seeds / "overrides.yml")
    assert str(info.value).startswith("my_papers/overrides.yml:1: ")
    monkeypatch.chdir(tmp_path)
    assert [n.path for n in read_seeds(seeds).notices] == ["my_papers/a.txt"]
    assert shown_path(tmp_path / "a" / "seeds") == "a/seeds"
    assert shown_path(Path("seeds")) == "seeds"
