"""The JSON Lines reader's shortcut: a line that ``json_needs_repair`` calls clean is read
without looking for repairs in its strings, and reads exactly as with the search (property
tests over lines made of the characters that decide it: control characters, C escapes, JSON
escapes after runs of backslashes, mojibake pairs, character references and tags)."""

from __future__ import annotations

import json
import re
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from generator.errors import InputError
from generator.read import _folded, read_seeds
from generator.read.clean import json_lines_needing_repair, json_needs_repair, needs_repair
from generator.read.markup_text import markup_to_text
from generator.read.openreview import json_record, loads
from generator.records import Source
from generator.text.markup import plain_label

PIECES = st.sampled_from([
    "a", " ", "\n", "\\", "\\\\", "b", "f", "u", "eta", "rac", "\x08", "\x0c", "\x7f", "\x85",
    "\ufffe", "é", "Ã", "©", "â€™", "ü", "–", "&", "#8;", "&eacute;", "&#x8;", "Atilde;",
    "<", "i>", "</i>", "<b>", "<jats:p>", "R&D", "x<y", "ud800", "u00e9", "u0008"])
STRINGS = st.lists(PIECES, max_size=12).map("".join)
RECORDS = st.fixed_dictionaries(
    {"title": STRINGS, "abstract": STRINGS},
    optional={"authors": st.lists(STRINGS, max_size=3), "venue": STRINGS, "note": STRINGS,
              "DOI": st.just("10.1/x"), "container-title": st.lists(STRINGS, max_size=2)})


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


@settings(max_examples=1500, deadline=None)
@given(RECORDS, st.booleans())
def test_a_clean_line_holds_no_text_to_repair(record: dict, ascii_only: bool) -> None:
    line = json.dumps(record, ensure_ascii=ascii_only)
    if json_needs_repair(line):
        return
    for text in _strings(loads(line)):
        assert not needs_repair(text), text
        assert not needs_repair(markup_to_text(text)), text


@settings(max_examples=600, deadline=None)
@given(RECORDS, st.booleans())
def test_the_shortcut_reads_as_the_search(record: dict, ascii_only: bool) -> None:
    line = json.dumps(record, ensure_ascii=ascii_only)
    results = []
    for clean in (False, not json_needs_repair(line)):
        notices: list = []
        try:
            results.append((json_record(loads(line), Source("b.jsonl", 1, 1), "B", "b.jsonl",
                                        notices, clean), notices))
        except InputError as exc:
            results.append(str(exc))
    assert results[0] == results[1]


def test_the_escapes_that_decode_to_control_characters_are_seen() -> None:
    assert json_needs_repair(r'{"a": "\beta"}')  # JSON's \b: U+0008 and "eta"
    assert json_needs_repair(r'{"a": "\\\beta"}')  # an escaped backslash, then \b
    assert not json_needs_repair(r'{"a": "\\beta"}')  # TeX's \beta, written as JSON
    assert json_needs_repair(r'{"a": "\u00e9\u00e9"}')
    assert json_needs_repair('{"a": "&#8;"}') and json_needs_repair('{"a": "é<i>é</i>"}')
    assert not json_needs_repair('{"a": "Müller – 3 < 4 & more"}')


LINE_TEXT = st.lists(st.characters(codec="utf-8", exclude_characters="\n")
                    | PIECES.filter(lambda p: "\n" not in p)
                    | st.sampled_from(["\x00", "\x1f", "\x9f", "\xa0", "\uffff", "\u0080"]),
                    max_size=12).map("".join)


@settings(max_examples=1500, deadline=None)
@given(st.lists(LINE_TEXT, max_size=6))
def test_the_whole_text_search_finds_the_lines_each_line_search_finds(lines: list) -> None:
    """``json_lines_needing_repair`` (one pass over the text's UTF-8 bytes per rule) agrees
    with ``json_needs_repair`` of each line (the rule, on the text)."""
    text = "\n".join(lines)
    assert json_lines_needing_repair(text) == {
        number for number, line in enumerate(text.split("\n"), start=1)
        if json_needs_repair(line)}


TITLE_TEXT = st.lists(st.characters(codec="utf-8") | st.sampled_from(
    ["{BERT}", "M{\\\"u}ller", "\\alpha", "$x^2$", "~", "ﬁ", "²", "É", "é", "-", ": ", "  "]),
    max_size=10).map("".join)


@settings(max_examples=1500, deadline=None)
@given(TITLE_TEXT)
def test_the_folded_title_skips_nfkd_only_where_it_changes_nothing(text: str) -> None:
    """``_folded`` (the title and name key of ``title_key``) leaves out NFKD and the ASCII
    filter for text that is ASCII once plain: the same key as with them."""
    plain = plain_label(text)
    expected = unicodedata.normalize("NFKD", plain).encode("ascii", "ignore").decode().lower()
    assert _folded(text) == " ".join(re.sub(r"[^a-z0-9]+", " ", expected).split())


def test_records_of_one_paper_merge_by_title_as_before(tmp_path) -> None:
    """A merge that only ``title_key`` finds (no shared id, differing abstracts), and a single
    paper's record, read as one page and one page; the differing abstracts are counted."""
    head = "title,authors,year,abstract\n"
    (tmp_path / "a.csv").write_text(head + '"{BERT}: Pre-Training",Jacob Devlin,2019,One.\n'
                                    '"Other Paper",Ann Lee,2020,Two.\n', encoding="utf-8")
    (tmp_path / "b.csv").write_text(head + '"BERT - pre-training",Jacob Devlin,2019,Uno.\n',
                                    encoding="utf-8")
    seeds = read_seeds(tmp_path, "seeds")
    assert [[s.file for s in a.sources] for a in seeds.abstracts] == [["a.csv", "b.csv"],
                                                                      ["a.csv"]]
    assert (seeds.merged, seeds.differing) == (1, 1)


def test_a_title_key_put_off_still_merges_a_later_record(tmp_path) -> None:
    """b.csv's record joins a.csv's by its arXiv id, so its own title spelling is only keyed
    when c.csv's record, without an id, is looked up by title: all three are one page."""
    head = "title,authors,year,arxiv_id,abstract\n"
    (tmp_path / "a.csv").write_text(head + "Deep Sets,Manzil Zaheer,2017,1703.06114,One.\n",
                                    encoding="utf-8")
    (tmp_path / "b.csv").write_text(head + "Deep Sets Revisited,Manzil Zaheer,2017,"
                                    "1703.06114,Two.\nOther,Ann Lee,2020,,Three.\n",
                                    encoding="utf-8")
    (tmp_path / "c.csv").write_text(head + "{Deep} sets revisited,M. Zaheer,2017,,Four.\n",
                                    encoding="utf-8")
    seeds = read_seeds(tmp_path, "seeds")
    assert [[s.file for s in a.sources] for a in seeds.abstracts] == [
        ["a.csv", "b.csv", "c.csv"], ["b.csv"]]
    assert [n.kind for n in seeds.notices] == ["duplicate"]
    assert "same title, year and first author as a.csv" in seeds.notices[0].message


NAME_PIECES = st.sampled_from([
    "a", "n", "d", "A", "N", "D", "and", "AND", "And", " ", "  ", "\t", "\n", "\r", "~",
    "\u00a0", "x", "Lee", "é", ",", ".", "{", "}", "\\", "\\&"])


@settings(max_examples=3000, deadline=None)
@given(st.lists(NAME_PIECES, max_size=16).map("".join))
def test_names_split_as_bibtexparser_splits_them(value: str) -> None:
    from bibtexparser.middlewares.names import split_multiple_persons_names

    from generator.read.bibtex import split_names

    assert split_names(value) == split_multiple_persons_names(value)


def test_names_split_at_and_in_any_case_between_whitespace() -> None:
    from generator.read.bibtex import split_names

    assert split_names(" Lee, Ann AND Bo Kim\tand\nQi  and  Sato ") == [
        "Lee, Ann", "Bo Kim", "Qi", "Sato"]
    assert split_names("Ann~and~Bo and Andrew Anders") == ["Ann~and~Bo", "Andrew Anders"]
    assert split_names("{Simon and Schuster} and Bo") == ["{Simon and Schuster}", "Bo"]
    assert split_names("  \t") == []


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.sampled_from(["withdrawn", "WithDrawn", "reject", "REJECTED", "retract",
                                 "re", "ject", "with", "drawn", "Submi", "REVIEW", "view", " ",
                                 "x", "İ", "ı", "K",
                                 "ſ", "é"]), max_size=8).map("".join))
def test_a_status_word_is_found_as_the_case_blind_pattern_finds_it(text: str) -> None:
    from generator.read.status import _ANY, _mentions

    assert _mentions(text) == (_ANY.search(text) is not None)


@settings(max_examples=300, deadline=None)
@given(st.lists(RECORDS, min_size=1, max_size=4), st.booleans())
def test_the_repair_scan_of_the_file_bytes_finds_what_the_text_scan_finds(
        records: list, ascii_only: bool) -> None:
    from generator.read.clean import decoded_as_is

    data = "".join(json.dumps(r, ensure_ascii=ascii_only) + "\n" for r in records).encode()
    text = data.decode()
    assert decoded_as_is(data)
    assert json_lines_needing_repair(text, data) == json_lines_needing_repair(text)
    assert not decoded_as_is(b"\xef\xbb\xbf" + data)
    assert not decoded_as_is(data.replace(b"\n", b"\r\n"))


def test_the_first_named_alias_with_a_value_wins_in_any_key_order() -> None:
    from generator.read.fields import field_names

    assert field_names({"summary": "S", "abstract": "A"})["abstract"] == "A"
    assert field_names({"abstract": "", "summary": "S"})["abstract"] == "S"
    assert field_names({"summary": "S", "abstract": None, "paper_abstract": "P"}) == {
        "abstract": "S"}
    assert field_names({"Paper-Title": "T", "title": "U", "notes": "n"}) == {
        "title": "U", "comment": "n"}


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.sampled_from(["Ann", " ", "\t", "\u2003", "\x1f", ";", ",", "and", "AND",
                                 " and ", ", and ", "Lee", "é"]), max_size=10).map("".join))
def test_a_list_splits_as_its_first_matching_separator_splits_it(text: str) -> None:
    from generator.read.fields import _SPLIT_WORDS, _split

    for separators in (_SPLIT_WORDS,):
        joined = " ".join(text.split())
        sep = next((p for _, p in separators if p.search(joined)), None)
        expected = ((joined,) if joined else ()) if sep is None else tuple(
            part for part in sep.split(joined) if part)
        assert _split(text, separators) == expected
