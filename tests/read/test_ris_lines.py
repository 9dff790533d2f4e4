"""RIS lines rispy reads on its own terms (issue 22, hostile input): a tag given twice in one
reference, and untagged continuation lines, which EndNote and publishers' exports write for
long values. rispy keeps the first of a repeated tag and drops the rest without a word, and
gives a continuation line right after ``TY`` to the previous reference's last tag."""

from __future__ import annotations

import pytest
import rispy

from generator.errors import InputError, notice_warns
from generator.read.ris import read_ris


def _read(text: str):
    return read_ris(text.encode(), "x.ris", "seeds/x.ris")


def test_repeated_abstract_tags_keep_every_paragraph_in_file_order() -> None:
    parsed = _read("TY  - JOUR\nTI  - T\nAB  - First part.\nAB  - Second part.\nER  - \n")
    assert [r.text for r in parsed.records] == ["First part.\n\nSecond part."]
    assert parsed.notices == ()
    # N2 (EndNote's abstract) and AB both: every distinct text, in the order of the lines
    parsed = _read("TY  - JOUR\nTI  - T\nN2  - First.\nAB  - Second.\nAB  - First.\nER  - \n")
    assert [r.text for r in parsed.records] == ["First.\n\nSecond."]
    assert parsed.notices == ()


def test_repeated_single_value_tag_reads_the_first_and_warns_naming_the_lines() -> None:
    parsed = _read("TY  - JOUR\nTI  - Right Title\nAB  - We do x.\nT1  - Other Title\n"
                   "DO  - 10.1234/a\nDO  - 10.1234/b\nPY  - 2020\nPY  - 2020\nER  - \n")
    [record] = parsed.records
    assert (record.meta.title, record.meta.doi, record.meta.year) == ("Right Title", "10.1234/a",
                                                                       2020)
    assert [str(n) for n in parsed.notices] == [
        "seeds/x.ris:4: record 1: TI and T1 give 2 different values on lines 2, 4 ('Right "
        "Title', 'Other Title'): only the first is read; keep the right one and delete the "
        "other lines",
        "seeds/x.ris:6: record 1: DO give 2 different values on lines 5, 6 ('10.1234/a', "
        "'10.1234/b'): only the first is read; keep the right one and delete the other lines"]
    assert [notice_warns(n.kind) for n in parsed.notices] == [True, True]


def test_continuation_line_goes_on_with_the_previous_tag() -> None:
    parsed = _read("TY  - JOUR\nTI  - A Title That\n  Wraps\nAB  - We study x\nand y.\n\n"
                   "KW  - graphs\ntrees\nER  - \n")
    [record] = parsed.records
    assert (record.meta.title, record.text, record.meta.keywords) == (
        "A Title That Wraps", "We study x and y.", ("graphs", "trees"))


def test_continuation_line_in_a_later_reference_stays_in_it() -> None:
    """rispy gave it to the first reference's last tag: a KeyError after DO, a keyword of the
    second paper after KW."""
    first = "TY  - JOUR\nTI  - A\nAB  - x.\n{last}\nER  - \n\n"
    second = "TY  - JOUR\nTI  - B\nAB  - y\ngoes on.\nER  - \n"
    for last in ("DO  - 10.1234/a", "KW  - k"):
        parsed = _read(first.format(last=last) + second)
        assert [(r.meta.title, r.text, r.meta.keywords) for r in parsed.records] == [
            ("A", "x.", ("k",) if last.startswith("KW") else ()), ("B", "y goes on.", ())]


@pytest.mark.parametrize(("text", "line"), [
    ("TY  - JOUR\ncontinued text\nTI  - B\nER  - \n", 2),
    ("TY  - JOUR\nTI  - A\nKW  - k\nER  - \nTY  - JOUR\ncontinued text\nTI  - B\nER  - \n", 6),
])
def test_untagged_line_right_after_ty_is_an_error_naming_it(text: str, line: int) -> None:
    with pytest.raises(InputError) as info:
        _read(text)
    assert str(info.value) == (
        f"seeds/x.ris:{line}: a line without a tag right after 'TY  - ' (a reference's type "
        "cannot go on over lines): start it with its tag, e.g. 'AB  - ' for the abstract")


def test_tag_without_space_after_the_dash_keeps_its_first_character() -> None:
    """rispy reads a value from column 7; 'AB  -We' has it from column 6."""
    [record] = _read("TY  - JOUR\nTI  -Title\nAB  -We do x.\nER  -\n").records
    assert (record.meta.title, record.text) == ("Title", "We do x.")


def test_text_outside_references_is_a_warning_naming_its_first_line() -> None:
    """rispy skips it: a field after an early ``ER`` was lost without a word."""
    parsed = _read("an abstract pasted\nabove the first one\n\nTY  - JOUR\nTI  - A\nAB  - x.\n"
                   "ER  - \n"
                   "AB  - lost abstract\n\nTY  - JOUR\nTI  - B\nAB  - y.\nER  - \n\n")
    assert [r.meta.title for r in parsed.records] == ["A", "B"]
    assert [(str(n), notice_warns(n.kind)) for n in parsed.notices] == [
        ("seeds/x.ris:1: 2 lines outside any reference (not between 'TY  - ' and 'ER  - '), "
         "not read: 'an abstract pasted'; move it into its reference or delete it", True),
        ("seeds/x.ris:8: a line outside any reference (not between 'TY  - ' and 'ER  - '), "
         "not read: 'AB  - lost abstract'; move it into its reference or delete it", True)]


def test_publisher_download_header_is_reported_not_warned() -> None:
    """Wiley's and Clarivate's downloads open with ``Name: value`` lines before the first
    reference: no paper's text, so the summary names them and the build goes on."""
    parsed = _read("Provider: John Wiley & Sons, Ltd\nDatabase: Wiley Online Library\n"
                   'Content: text/plain; charset="UTF-8"\n\nTY  - JOUR\nTI  - A\nAB  - x.\n'
                   "ER  - \n")
    assert [r.meta.title for r in parsed.records] == ["A"]
    assert [(str(n), notice_warns(n.kind)) for n in parsed.notices] == [
        ("seeds/x.ris:1: download header before the first reference (Provider, Database, "
         "Content): not read", False)]


def test_header_lines_after_a_reference_still_warn() -> None:
    """Only before the first reference is ``Name: value`` a download header; later it may be
    a field whose tag was lost."""
    parsed = _read("TY  - JOUR\nTI  - A\nAB  - x.\nER  - \nNote: lost text\n")
    assert [n.kind for n in parsed.notices] == ["stray-field"]


def test_rispy_written_file_has_no_warning() -> None:
    """rispy's writer puts '1.' before each reference: a number, not a paper's text."""
    text = rispy.dumps([{"type_of_reference": "JOUR", "title": "A", "abstract": "x."},
                        {"type_of_reference": "JOUR", "title": "B", "abstract": "y."}])
    assert text.startswith("1.\nTY  - JOUR")
    parsed = _read(text)
    assert ([r.meta.title for r in parsed.records], parsed.notices) == (["A", "B"], ())


def test_book_title_is_the_venue_when_no_other_tag_gives_one() -> None:
    """ACM's and EndNote's conference papers name their proceedings only in ``BT``."""
    [record] = _read("TY  - CONF\nTI  - A\nAB  - x.\nPY  - 2017\nBT  - Proceedings of the 31st "
                     "Conference on Neural Information Processing Systems\nER  - \n").records
    assert (record.meta.venue, record.collection) == (
        "Proceedings of the 31st Conference on Neural Information Processing Systems",
        "NeurIPS 2017")
    [journal] = _read("TY  - CONF\nTI  - A\nAB  - x.\nT2  - ICML\nBT  - Other\nER  - \n").records
    assert journal.meta.venue == "ICML"


def test_a_repository_among_the_urls_is_the_code() -> None:
    [record] = _read("TY  - JOUR\nTI  - A\nAB  - x.\nUR  - https://dl.acm.org/doi/10.5555/1; "
                     "https://github.com/o/r\nER  - \n").records
    assert (record.meta.url, record.meta.code) == ("https://dl.acm.org/doi/10.5555/1",
                                                   ("https://github.com/o/r",))
