"""Sentence splitting and the contribution sentence ("highlight") of an abstract.

Splits on the source text with math and URLs masked, so a period inside ``$O(1/\\sqrt{T})$`` or
a URL never ends a sentence; common abbreviations (``e.g.``, ``i.e.``, ``et al.``) do not either.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from generator.extract.lexicon import (
    ABBREVIATIONS,
    ADDRESSING_VERBS,
    BACK_REFERENCE_LEADS,
    FINDING_VERBS,
    GLUED_SUBJECTS,
    INTRODUCING_VERBS,
    MAKING_VERBS,
    NAMING_VERBS,
    NOT_STATEMENTS,
    OWN_WORK_NOUNS,
    PAPER_NOUNS,
    POINTING_DETERMINERS,
    POINTING_POSSESSIVES,
    POINTING_PRONOUNS,
    PRIOR_WORK_NOUNS,
    PROBLEM_NOUNS,
    PROBLEM_OPENERS,
    PROPOSAL_VERBS,
    PURPOSE_VERBS,
    SECONDARY_OPENERS,
    TRYING_VERBS,
    alternation,
    base_of_gerund,
    forms,
    inflect,
)
from generator.infra.registry import Registry
from generator.text.markup import Math, Styled, Text, Url, tokenize

# Abbreviations that end in a full stop but not a sentence, as whole words ("signal." is
# not "al.").
_ABBREVIATION = re.compile(r"(?<![\w.])(?:" + "|".join(map(re.escape, ABBREVIATIONS)) + r")\.$")
# How far back from a sentence's end _ABBREVIATION can begin (its longest word and the stop).
_ABBREVIATION_REACH = max(map(len, ABBREVIATIONS)) + 1
_INITIAL = re.compile(r"\b[a-z]\.$")  # "J. Smith"
# A sentence ends at . ! or ?, also one that ends a formula ("... = 0.$$ We show ..."),
# before a space and something that can start a sentence; or, glued (real abstracts lose the
# space: "is challenging.Koopman operators"), right before a capitalised word.
_BOUNDARY = re.compile(r"[.!?]\$*(?:(?=\s+[\"“(\[*_\\$A-Z0-9])|(?P<glued>(?=[A-Z][A-Za-z])))")
# The word before a glued boundary: its last dot-separated part must have two or more
# characters, so initials and dotted abbreviations ("U.S.", "I.I.D.", "e.g.Adam") never split.
_GLUED_WORD = re.compile(r"(?:^|[\s(\[])(?:[^\s.]*\.)*(?P<last>[^\s.]*)$")

# The lexicon's lists as regex groups (``generator/data/lexicon.yml`` says what each is).
_PAPER = alternation(PAPER_NOUNS)  # "this paper", "this study"
_POINTER = alternation(POINTING_DETERMINERS + POINTING_POSSESSIVES)  # "these", "their"
_PROBLEM_NOUN = alternation(forms(PROBLEM_NOUNS, "NNS"))
_ADDRESS = alternation(ADDRESSING_VERBS)

# Verbs that state a contribution, strongest first; the highlight is the first sentence with
# the strongest verb present (the "we propose ..." sentence, not the background opener).
CONTRIBUTION_CUES: tuple[re.Pattern[str], ...] = tuple(
    re.compile(p, re.IGNORECASE)
    for p in (
        r"\b(?:we|(?:this|our)\s+" + _PAPER + r")\s+(\w+ly\s+)?"
        + alternation(forms(PROPOSAL_VERBS + MAKING_VERBS, "VBZ")) + r"\b"
        # "we also introduce X", "we then present X" (not "to present X")
        r"|(?<!to )\b(?-i:" + alternation(forms(PROPOSAL_VERBS, "VBZ")) + r")\s+(a\s+|an\s+|"
        r"the\s+)?\**(?-i:[A-Z])|^(?:in\s+this\s+" + _PAPER + r"|here),?\s+we\b"
        r"|\b(?:by|via|through)\s+" + alternation(forms(PROPOSAL_VERBS, "VBG", base=False))
        + r"\b",
        r"\b(?:we|this\s+" + _PAPER + r")\s+(\w+ly\s+)?" + alternation(forms(FINDING_VERBS, "VBZ"))
        + r"\b",
        # any statement about the paper's own work beats background
        r"\b(?:we|this\s+" + _PAPER + r")\s+(?!" + alternation(NOT_STATEMENTS) + r"\b)\w+"
        r"|\bour\s+" + alternation(forms(OWN_WORK_NOUNS, "NNS")) + r"\b",
    )
)
# What each cue needs in a sentence, lower case (a quick test before it): "we", "this" or
# "our", or (the first cue) a proposal verb alone ("we then propose X", "by proposing X").
_CUE_NEEDLES = (("we", *dict.fromkeys(v[:5] for v in PROPOSAL_VERBS + MAKING_VERBS)),
                ("we", "this"), ("we", "this", "our"))
NO_CUE = 2 * len(CONTRIBUTION_CUES)
LONG_SENTENCE = 400  # characters of source text
# A contribution introduced by one of these is a secondary one ("Finally, we extend ..."); a
# finding after one of _PROBLEM states the problem ("However, we find existing models fail").
_SECONDARY = re.compile(r"^" + alternation(SECONDARY_OPENERS) + r"\b", re.I)
_PROBLEM = re.compile(r"^" + alternation(PROBLEM_OPENERS) + r"\b", re.I)


# A lead clause that points back at the sentences before it ("To address this,", "Leveraging
# these insights,", "To address this issue, in this paper,") before the paper's own "we": plain
# words only, at most twelve, ending in a comma.
_LEAD = re.compile(r"(?P<lead>[A-Z][A-Za-z'’ -]{0,80}?(?:,\s+[a-z][A-Za-z'’ -]{0,40}?)?),\s+"
                   r"(?P<subject>we|this\s+" + _PAPER + r")\s+(?=[a-z])")
_BACK_REFERENCE = re.compile(r"^" + alternation(BACK_REFERENCE_LEADS) + r"$|\b"
                             + alternation(POINTING_DETERMINERS) + r"\b", re.I)
# A sentence points back at text its reader has not seen: it opens with a pronoun or names
# "this gap", "these limitations", "their work" ("this paper", "this work" are the paper).
POINTS_BACK = re.compile(
    r"^" + alternation(POINTING_DETERMINERS + POINTING_PRONOUNS + POINTING_POSSESSIVES)
    + r"\b(?!\s+" + _PAPER + r"\b)|\b" + _POINTER + r"\s+(?:[\w-]+\s+)?" + _PROBLEM_NOUN
    + r"\b|\b" + _POINTER + r"\s+(?!" + _PAPER + r"\b)"
    + alternation(forms(PRIOR_WORK_NOUNS, "NNS")) + r"\b", re.I)
# "We address these issues by proposing X" -> "We propose X": the problem it points back at
# goes with its verb.
_ADDRESS_BY = re.compile(
    r"^(?P<subject>We|This\s+" + _PAPER + r")\s+(?:\w+ly\s+)?(?:"
    + alternation(forms(TRYING_VERBS, "VBZ")) + r"\s+to\s+)?"
    + alternation(forms(ADDRESSING_VERBS, "VBZ")) + r"\s+(?:"
    + alternation(POINTING_DETERMINERS) + r"|both)\s+(?:[\w-]+\s+){0,2}?" + _PROBLEM_NOUN
    + r"\s*,?\s+(?:by\s+(?P<gerund>[a-z]{3,}ing)|and\s+(?P<verb>[a-z]{3,}))\b")
# "..., a framework designed to address these challenges." -> "..., a framework.": a purpose
# that only points back.
_PURPOSE_TAIL = re.compile(
    r"(?:,\s*|\s+)(?:(?:(?:which|that)\s+(?:is|are)\s+)?(?:(?:specifically\s+)?"
    + alternation(forms(PURPOSE_VERBS, "VBN", base=False)) + r"\s+)?(?:in\s+order\s+)?to\s+"
    r"(?:\w+ly\s+)?" + _ADDRESS + "|" + alternation(forms(ADDRESSING_VERBS, "VBG", base=False))
    + r")\s+(?:" + alternation(POINTING_DETERMINERS) + r"|both)\s+(?:[\w-]+\s+){0,2}?"
    + _PROBLEM_NOUN + r"(?=\s*(?:[,;]|[.!]?$)|\s+by\s)")


def without_lead(sentence: str) -> str:
    """A highlight that can be read alone (cards, listings, the feed): ``sentence`` after each
    of the ``STANDALONE`` repairs in order (unchanged when none applies)."""
    for repair in STANDALONE:
        sentence = repair(sentence)
    return sentence


def _drop_lead(sentence: str) -> str:
    """A lead clause that needs the sentences before it goes (``_LEAD``, ``_BACK_REFERENCE``):
    ``"To address this, we introduce X."`` -> ``"We introduce X."``."""
    m = _LEAD.match(sentence)
    if m and len(m["lead"].split()) <= 12 and _BACK_REFERENCE.search(m["lead"]):
        subject = m["subject"]
        return subject[:1].upper() + subject[1:] + sentence[m.end("subject"):]
    return sentence


def _drop_problem(sentence: str) -> str:
    """The problem it says it addresses goes with its verb (``_ADDRESS_BY``): ``"We address
    these issues by proposing X"`` -> ``"We propose X"`` (the verb of a gerund by lemminflect:
    ``lexicon.base_of_gerund``)."""
    a = _ADDRESS_BY.match(sentence)
    if not a:
        return sentence
    verb = a["verb"]  # "... and proposes X": written for its subject already
    if verb is None:
        verb = base_of_gerund(a["gerund"])
        if a["subject"] != "We":  # "This work proposes"
            verb = next(iter(inflect(verb, "VBZ")), verb)
    return f"{a['subject']} {verb}{sentence[a.end():]}"


def _drop_purpose(sentence: str) -> str:
    """A purpose that only points back goes (``_PURPOSE_TAIL``): ``"X, a framework designed
    to address these challenges."`` -> ``"X, a framework."``."""
    return _PURPOSE_TAIL.sub("", sentence)


def points_back(text: str) -> bool:
    """``text`` (plain text) points back at text its reader has not seen (``POINTS_BACK``)."""
    return POINTS_BACK.search(text) is not None


# The repairs that make a highlight read alone, by name, in order (``without_lead``).
STANDALONE: Registry[Callable[[str], str]] = Registry()
for _priority, (_name, _repair) in enumerate(reversed((
        ("lead", _drop_lead), ("problem", _drop_problem), ("purpose", _drop_purpose)))):
    STANDALONE.register(_repair, _name, _priority)


def split_sentences(source: str) -> list[str]:
    """Split abstract source into sentences (source text, stripped).

    Args:
        source: the abstract as written.

    Returns:
        Non-empty sentences, each a verbatim part of the source (the highlight is one), whose
        concatenation (with single spaces) covers the whole source.
    """
    masked = _mask(source)
    out: list[str] = []
    start = 0
    for m in _BOUNDARY.finditer(masked):
        end = m.end()
        head = masked[start:end].lower()
        # both patterns end at the stop: searching the sentence's last characters finds
        # what a search of the whole sentence finds (their lookbehinds see before it)
        if _ABBREVIATION.search(head, len(head) - _ABBREVIATION_REACH) or \
                _INITIAL.search(head, len(head) - 2):
            continue
        if m.group("glued") is not None:
            word = _GLUED_WORD.search(masked, max(start, m.start() - 80), m.start())
            if word is None or len(word.group("last")) < 2:
                continue
        piece = source[start:end].strip()
        if piece:
            out.append(piece)
        start = end
    tail = source[start:].strip()
    if tail:
        out.append(tail)
    return out


def unglued(text: str) -> str:
    """``text`` as the name rules read it: with the space put back between a contribution
    or naming verb and the name glued to it (``"we proposeCausalWorld"`` -> ``"we propose
    CausalWorld"``: real abstracts lose such spaces). Only the rules read it so; the abstract
    and its highlight stay as the author's text has them."""
    return _GLUED_VERB.sub(r"\1 ", text) if _GLUE.search(text) else text


# A lower-case letter right before a capital: what a glued verb needs (a quick test).
_GLUE = re.compile(r"[a-z][A-Z]")
_GLUED_VERB = re.compile(
    r"\b((?:" + "|".join(f"[{w[0].upper()}{w[0]}]{re.escape(w[1:])}" for w in GLUED_SUBJECTS)
    + r")\s+" + alternation(forms(INTRODUCING_VERBS + NAMING_VERBS, "VBZ", "VBD"))
    + r")(?=[A-Z][a-z]*[A-Z0-9])")


def _mask(source: str) -> str:
    """The source with math and URLs replaced by same-length runs of ``x`` (a formula's own
    final period is kept: it ends the sentence)."""
    pos = 0
    chunks: list[str] = []
    # Re-tokenising is cheap; locating tokens back in the source is done by search.
    for tok in tokenize(source):
        if isinstance(tok, Math | Url):
            needle = tok.tex if isinstance(tok, Math) else tok.raw
            at = source.find(needle, pos)
            if at < 0:
                continue
            chunks.append(source[pos:at])
            end = "." if isinstance(tok, Math) and needle.rstrip().endswith(".") else ""
            chunks.append("x" * (len(needle) - len(end)) + end)
            pos = at + len(needle)
    chunks.append(source[pos:])
    return "".join(chunks)


@lru_cache(maxsize=4096)  # asked for the same sentence by highlight, name and title steps
def contribution_rank(sentence: str) -> int:
    """How strongly a sentence states the contribution: 0 (we propose/introduce ...), 1 (a
    secondary "Finally, we propose ..."), 2 (we show/study ...), 3 (a secondary one, or a
    problem found: "However, we find ..."), 4 (any other statement about the paper's own work:
    "we leverage ...", "our results ..."), 5, and ``NO_CUE`` for none."""
    if sentence.rstrip("*_ ").endswith("?"):  # "Can we build ...?" asks, it does not state
        return NO_CUE
    low = sentence.lower()
    for rank, (cue, needles) in enumerate(zip(CONTRIBUTION_CUES, _CUE_NEEDLES, strict=True)):
        if any(n in low for n in needles) and cue.search(sentence):
            lesser = _SECONDARY.match(sentence) or rank and _PROBLEM.match(sentence)
            return 2 * rank + (1 if lesser else 0)
    return NO_CUE


def pick_highlight(sentences: list[str]) -> str:
    """The sentence that states the contribution: the first with the strongest cue (see
    ``contribution_rank``); when no sentence has one, the second sentence (the first is
    background) or the only one."""
    if not sentences:
        return ""
    ranks = [contribution_rank(s) for s in sentences]
    if ranks[0] <= 3:  # "We investigate X ..." as the opener: the topic
        ranks[0] = 0
    # Of equally strong sentences the first wins, unless it is over LONG_SENTENCE characters
    # and a shorter one exists (a highlight is read in a listing).
    ranked = sorted(range(len(sentences)),
                    key=lambda i: (ranks[i], len(sentences[i]) > LONG_SENTENCE, i))
    best = ranked[0]
    # Of those, one that reads alone beats one that points back ("We address this gap ...").
    tied = [i for i in ranked if (ranks[i], len(sentences[i]) > LONG_SENTENCE) ==
            (ranks[best], len(sentences[best]) > LONG_SENTENCE)]
    if ranks[best] < NO_CUE and len(tied) > 1:
        best = next((i for i in tied if not points_back(without_lead(sentences[i]))), best)
    if ranks[best] == NO_CUE:
        return sentences[1] if len(sentences) > 2 else sentences[0]
    return sentences[best]


__all__ = ["Styled", "Text", "contribution_rank", "pick_highlight", "split_sentences",
           "without_lead"]
