"""Publishers' copyright lines at the end of an abstract (Scopus, Web of Science, PubMed
exports) are removed and reported; text that only mentions copyright stays."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.read.copyright import without_copyright
from generator.read.ris import read_ris
from generator.read.tabular import read_table

_ABSTRACT = "We present a residual learning framework. It eases training."


@pytest.mark.parametrize("line", [
    "© 2016 IEEE.",
    "Copyright © 2020 Elsevier B.V. All rights reserved.",
    "(C) 2019 The Authors. Published by Elsevier Ltd.",
    "© The Author(s) 2021.",
    "Copyright 2020 ACM.",
    "Copyright the authors 2020.",
    "© 2023 Wiley Periodicals LLC.",
])
def test_a_copyright_line_at_the_end_is_removed(line: str) -> None:
    for sep in (" ", "\n"):
        assert without_copyright(f"{_ABSTRACT}{sep}{line}") == (_ABSTRACT, line)


@pytest.mark.parametrize("text", [
    "Copyright infringement is hard to detect. We do x.",
    "We test (a) y, (b) z and (c) 2021 data.",
    "We study copyright law in 2020 and its reform.",
    "© 2016 IEEE.",  # the whole text: the record's only text stays
    _ABSTRACT,
])
def test_text_that_only_mentions_copyright_stays(text: str) -> None:
    assert without_copyright(text) == (text, "")


@given(st.text(st.sampled_from("abcdefgh ,;"), min_size=1, max_size=80).map(
    lambda s: s.strip(" ,;") + ".").filter(lambda s: len(s) > 1),
    st.integers(1990, 2030), st.sampled_from(["IEEE", "Elsevier B.V. All rights reserved",
                                              "The Authors"]))
def test_any_abstract_keeps_its_text_and_loses_only_the_line(text, year, holder) -> None:
    line = f"© {year} {holder}."
    assert without_copyright(f"{text} {line}") == (text, line)


def test_a_scopus_csv_record_loses_the_line_with_a_summary_notice() -> None:
    data = ('Authors,Author full names,Title,Year,Page start,Page end,Abstract\n'
            '"He K.; Zhang X.","He, Kaiming (57209604000); Zhang, Xiangyu (56989301300)",'
            f'Deep residual learning,2016,770,778,"{_ABSTRACT} © 2016 IEEE."\n').encode()
    parsed = read_table(data, "scopus.csv", "seeds/scopus.csv")
    [record] = parsed.records
    assert (record.text, record.meta.authors, record.meta.pages) == (
        _ABSTRACT, ("Kaiming He", "Xiangyu Zhang"), "770--778")
    assert [(n.kind, str(n)) for n in parsed.notices] == [(
        "copyright", "seeds/scopus.csv:2: record 1: '© 2016 IEEE.' removed from the abstract")]
    assert not any(n.warns for n in parsed.notices)


def test_web_of_science_ris_full_names_and_an_endnote_full_text_link() -> None:
    ris = (b"TY  - CPAPER\nAU  - He, K\nAU  - Zhang, X\nAF  - He, Kaiming\nAF  - Zhang, Xiangyu\n"
           b"TI  - Deep Residual Learning\nAB  - We do x.\nER  - \n\n"
           b"TY  - JOUR\nAU  - Doe, Jane\nTI  - A Preprint\nAB  - We do y.\n"
           b"L2  - https://arxiv.org/abs/2006.00007\nER  - \n")
    first, second = read_ris(ris, "w.ris", "seeds/w.ris").records
    assert first.meta.authors == ("Kaiming He", "Xiangyu Zhang")
    assert (second.meta.arxiv_id, second.meta.url) == ("2006.00007",
                                                       "https://arxiv.org/abs/2006.00007")
