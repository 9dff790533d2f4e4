"""The extraction lexicon (``generator/data/lexicon.yml``) and its pattern helpers."""

import re

import pytest
import yaml

from generator.extract import lexicon
from generator.extract.sentences import without_lead


def test_every_list_of_the_file_is_loaded_and_none_repeats_a_word():
    data = yaml.safe_load(lexicon.LEXICON_FILE.read_text(encoding="utf-8"))
    assert sorted(data) == sorted(lexicon._LISTS)
    for key, words in data.items():
        assert len(words) == len(set(words)), key


def test_forms_and_stems_by_lemminflect():
    assert lexicon.forms(["propose", "build"], "VBZ", "VBN") == (
        "propose", "build", "proposes", "builds", "proposed", "built")
    assert lexicon.forms(["difficulty"], "NNS", base=False) == ("difficulties", "difficulty")
    assert lexicon.inflect("put forward", "VBZ") == ("puts forward",)
    assert [lexicon.stem(v) for v in ("propose", "build", "present", "put forward")] == [
        "propos", "buil", "present", "put forward"]


def test_alternation_matches_each_word_whole_and_the_longest_first():
    group = lexicon.alternation(["e.g", "et al", "eq", "eqs"])
    assert group == r"(?:et\s+al|e\.g|eqs|eq)"
    assert re.fullmatch(group, "et  al") and not re.fullmatch(group, "exg")


@pytest.mark.parametrize(("gerund", "verb"), [
    ("proposing", "propose"), ("mapping", "map"), ("formalizing", "formalize"),
    ("leveraging", "leverage"), ("using", "use"), ("modelling", "model"),
])
def test_base_of_gerund(gerund, verb):
    assert lexicon.base_of_gerund(gerund) == verb


def test_contribution_verbs_alternation_holds_every_introducing_verb():
    pattern = re.compile(r"\b" + lexicon.CONTRIBUTION_VERBS + r"\w*$")
    tags = ("VBZ", "VBD", "VBN", "VBG")
    for verb in lexicon.INTRODUCING_VERBS:  # a two-word verb ("put forward") as written
        for form in lexicon.forms([verb], *(tags if " " not in verb else ())):
            assert pattern.match(form), form


def test_a_verb_after_and_keeps_its_own_person():
    assert without_lead("This work investigates this question and proposes a network.") == (
        "This work proposes a network.")
    assert without_lead("This paper addresses these issues by leveraging X.") == (
        "This paper leverages X.")
