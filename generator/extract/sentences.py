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
    LEADING_CONNECTIVES,
    MAKING_VERBS,
    NAMING_VERBS,
    NOT_STATEMENTS,
    OWN_WORK_NOUNS,
    PAPER_KINDS,
    PAPER_NOUNS,
    POINTED_NOUNS,
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


# A leading connective joins the sentence to the one before ("First, we ...", "Moreover, the
# model ..."; "Here we ...", "In this paper we ..." without a comma before "we").
_CONNECTIVE = re.compile(r"^" + alternation(LEADING_CONNECTIVES)
                         + r"(?:\s*,\s*|\s+(?=we\b))(?:\(?(?:i|1|a)\)\s+)?(?=\S)", re.I)
# ... or right after the subject, between commas ("This work, therefore, addresses ...").
_INNER_CONNECTIVE = re.compile(r"^(?P<subject>We|(?:This|Our)\s+" + _PAPER + r"),\s+"
                               + alternation(LEADING_CONNECTIVES) + r",\s+(?=[a-z])", re.I)
# A lead clause that points back at the sentences before it ("To address this,", "Leveraging
# these insights,", "To address this issue, in this paper,") before the paper's own "we": plain
# words only, at most twelve, ending in a comma.
_LEAD = re.compile(r"(?P<lead>[A-Z][A-Za-z'’ -]{0,80}?(?:,\s+[a-z][A-Za-z'’ -]{0,40}?)?),\s+"
                   r"(?P<subject>we|this\s+" + _PAPER + r")\s+(?=[a-z])")
_BACK_REFERENCE = re.compile(r"^" + alternation(BACK_REFERENCE_LEADS) + r"$|\b"
                             + alternation(POINTING_DETERMINERS) + r"\b", re.I)
# A sentence points back at text its reader has not seen: it opens with a pointing word
# (group ``opening``) or names "this gap", "these limitations", "their work" (``noun``; "this
# paper", "this work" are the paper). ``points_back`` excuses some of these matches.
POINTS_BACK = re.compile(
    r"^(?P<opening>" + alternation(POINTING_DETERMINERS + POINTING_PRONOUNS
                                   + POINTING_POSSESSIVES)
    + r")\b(?!\s+" + _PAPER + r"\b)|\b" + _POINTER + r"\s+(?:[\w-]+\s+)?(?P<noun>"
    + _PROBLEM_NOUN + r")\b|\b" + _POINTER + r"\s+(?!" + _PAPER + r"\b)(?P<work>"
    + alternation(forms(PRIOR_WORK_NOUNS, "NNS")) + r")\b", re.I)
# What else "this ...", "these ..." name of the sentences before ("in this setting", "these
# observations"), and "their work", "its paper": pointing back too, for the shown highlight.
_POINTED = re.compile(r"\b" + alternation(POINTING_DETERMINERS) + r"\s+(?:[\w-]+\s+)?(?P<noun>"
                      + alternation(forms(POINTED_NOUNS, "NNS")) + r")\b|\b"
                      + alternation(POINTING_POSSESSIVES) + r"\s+(?:[\w-]+\s+)?(?P<work>"
                      + alternation(forms(PAPER_NOUNS, "NNS")) + r")\b", re.I)
# After an opening pointer: the paper itself ("This technical report presents X"); after any:
# "their own ..." (whose owner the sentence names).
_NAMES_PAPER = re.compile(r"\s+(?:[\w-]+\s+)?" + alternation(PAPER_NOUNS + PAPER_KINDS) + r"\b",
                          re.I)
_OWN = re.compile(r"\s+own\b", re.I)
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
# What may follow a purpose or relative clause once it goes ("X that tackles this challenge
# based on Y" -> "X based on Y").
_MEANS_AFTER = r"(?:based\s+on|using|via|through|with)\s"
_PROBLEM_OBJECT = (r"\s+(?:both\s+(?:of\s+)?)?(?:" + alternation(POINTING_DETERMINERS)
                   + r"|both)\s+(?:[\w-]+\s+){0,2}?" + _PROBLEM_NOUN)
# "..., a framework that overcomes these limitations." -> "..., a framework."; "X to bridge
# this gap and evaluate Y" -> "X and evaluate Y".
_RELATIVE_TAIL = re.compile(
    r"(?:,\s*|\s+)(?:which|that)\s+(?:\w+ly\s+)?"
    + alternation(forms(ADDRESSING_VERBS, "VBZ", "VBP", base=False)) + _PROBLEM_OBJECT
    + r"(?=\s*(?:[;]|[.!]?$)|\s+" + _MEANS_AFTER + r")|(?:,\s*|\s+)(?:(?:specifically\s+)?"
    + alternation(forms(PURPOSE_VERBS, "VBN", base=False)) + r"\s+)?to\s+(?:\w+ly\s+)?"
    + _ADDRESS + _PROBLEM_OBJECT + r"(?=\s+and\s+[a-z])")
# "an approach to this problem called X" -> "an approach called X": a phrase that only names
# what the sentences before described, before what the sentence goes on to say.
_POINTER_PHRASE = re.compile(
    r"(?:,\s*|\s+)(?:(?:for|to|on)|(?P<where>in|within|under))\s+" + _POINTER
    + r"\s+(?:[\w-]+\s+){0,2}?(?:" + _PROBLEM_NOUN + "|"
    + alternation(forms(POINTED_NOUNS + PRIOR_WORK_NOUNS, "NNS"))
    + r")\b(?=\s*[:;,]|\s+(?:called|named|termed|dubbed|based|using|that|which)\b|"
    r"(?(where)\s*[.!]?$|(?!)))")
# "We take a first step in this direction by proposing X" -> "We propose X"; "We study this
# problem of Y and propose X" -> "We propose X": what the paper does to what the sentences
# before described gives way to its means or its next verb (no clause before it: "that").
_BY_MEANS = re.compile(
    r"^(?P<subject>We|(?:This|Our)\s+" + _PAPER + r")\s+(?:(?:(?!\b(?:that|whether|how|which|"
    r"if)\b)[^,;:.]){0,80}?\s)?(?:" + alternation(POINTING_DETERMINERS + POINTING_POSSESSIVES)
    + r"|both)\s+(?:[\w-]+\s+){0,2}?(?:" + _PROBLEM_NOUN + "|"
    + alternation(forms(POINTED_NOUNS + PRIOR_WORK_NOUNS, "NNS")) + r")\b(?:"
    r"(?:\s+(?!by\b)[\w()-]+){0,6}?\s*,?\s+by\s+(?P<adverb>[a-z]+ly\s+)?(?P<gerund>[a-z]{2,}ing)\b"
    r"(?!\s+and\s+[a-z]+ing\b)"
    r"|(?:\s+(?!and\b)[\w-]+){0,6}?\s*,?\s+and\s+(?:then\s+)?(?P<verb>"
    + alternation(forms(PROPOSAL_VERBS + MAKING_VERBS + FINDING_VERBS, "VBZ")) + r")\b)")
_PRONOUN_SOON = re.compile(r"(?:\s+\S+){0,6}?\s+(?:it|its|they|them|their|this|these)\b", re.I)
# "X, which tackles this problem by adaptively optimizing Y" -> "X, which adaptively optimizes Y".
_RELATIVE_BY = re.compile(
    r"(?P<relative>\b(?:which|that)\s+)(?P<addressing>"
    + alternation(forms(ADDRESSING_VERBS, "VBZ")) + ")"
    + _PROBLEM_OBJECT + r"\s+(?:by\s+)?(?P<adverb>[a-z]+ly\s+)?(?P<gerund>[a-z]{2,}ing)\b")
# A lead of up to thirty words whose first five name what the sentences before described ("To
# address this challenge and fully unleash the potential of GNN in motion planning, this paper
# proposes X"): longer than ``_LEAD`` takes, but about the sentences before all the same.
_WIDE_LEAD = re.compile(
    r"(?P<lead>[A-Z][\w'’-]*(?:\s+[\w'’-]+){0,2}?\s+" + _POINTER + r"\s+(?:[\w-]+\s+)?(?:"
    + _PROBLEM_NOUN + "|" + alternation(forms(POINTED_NOUNS + PRIOR_WORK_NOUNS, "NNS"))
    + r")\b[^.;:!?$\\]{0,240}?)(?:,\s*|\s+(?=we\b))(?:(?:here|in\s+this\s+" + _PAPER
    + r"),?\s+)?(?:[a-z]+ly\s+)?(?P<subject>we|(?:this|our)\s+" + _PAPER + r")\s+(?=[a-z])")
# Where a sentence the splitter kept whole ends after all: a full stop after a word of two or
# more letters (or a closing brace or bracket: "\\textit{bandit}. This"), then a capitalised
# word, perhaps in markup ("images.\\emph{Photoswap} first"); after an abbreviation only when
# a sentence opener follows ("et al. We propose").
_MISSED_BOUNDARY = re.compile(
    r"(?:(?<=[A-Za-z]{2})|(?<=-[A-Z])|(?<=[A-Za-z]\d)|(?<=[a-z][}\])*_]))[.!?]%?[\"”’']?\s*"
    r"(?=(?:\\[a-z]+\{|[*_]{1,2})?[A-Z][a-z])")
# Inline math, masked by ``_masked_math`` for the repairs that look for boundaries.
_MATH_SPAN = re.compile(r"\$\$.*?\$\$|\$[^$]*\$|\\\(.*?\\\)", re.S)
_OPENER_AFTER_ABBREVIATION = re.compile(r"\s*(?:We|Our|This|These|Here|In\s+this)\b")
# Clause boundaries a long highlight may end at instead ("X; Y", "X: Y", "X, which Y").
_CLAUSE_END = re.compile(r"[;:]\s+|,\s+(?:which|where|while|whereas|thereby|enabling|allowing|"
                         r"making|resulting\s+in|and\s+thus|and\s+hence)\s|\s+[—–]\s+")
_SHORTEST_CUT = 80  # characters: a clause shorter than this says too little alone
_TRAILING_PREPOSITION = re.compile(
    r"\s+(?:for|to|on|in|within|under|between|of|with|from|across|over)(?:\s+(?:all|both))?\s*$",
    re.I)


def without_lead(sentence: str) -> str:
    """A highlight that can be read alone (cards, listings, the feed): ``sentence`` after each
    of the ``STANDALONE`` repairs in order (unchanged when none applies)."""
    for repair in STANDALONE:
        sentence = repair(sentence)
    return sentence


def _masked_math(sentence: str) -> str:
    """``sentence`` with its inline math replaced by same-length runs of ``x``."""
    return _MATH_SPAN.sub(lambda m: "x" * len(m[0]), sentence)


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:] if text[:1].islower() else text


def _keep_one_sentence(sentence: str) -> str:
    """Of a sentence the splitter kept whole (``_MISSED_BOUNDARY``), the part that states the
    contribution most strongly (``contribution_rank``; the first of equals):
    ``"We present X. This model generalises Y."`` -> ``"We present X."``."""
    masked = _masked_math(sentence)
    cuts = [0]
    for m in _MISSED_BOUNDARY.finditer(masked):
        head = masked[: m.start() + 1].lower()
        if _ABBREVIATION.search(head, max(0, len(head) - _ABBREVIATION_REACH)) and \
                not _OPENER_AFTER_ABBREVIATION.match(masked, m.start() + 1):
            continue
        cuts.append(m.end())
    if len(cuts) == 1:
        return sentence
    parts = [sentence[a:b].strip().rstrip("%").rstrip()
             for a, b in zip(cuts, [*cuts[1:], len(sentence)], strict=True)]
    return min(parts, key=contribution_rank)  # min keeps the first of equals


def _drop_connective(sentence: str) -> str:
    """A leading connective goes, the capital restored (``_CONNECTIVE``): ``"Moreover, the
    model learns X."`` -> ``"The model learns X."``; so does one after the subject
    (``_INNER_CONNECTIVE``: ``"This work, therefore, addresses X"`` -> ``"This work addresses
    X"``)."""
    m = _CONNECTIVE.match(sentence)
    if m:
        return _capitalised(sentence[m.end():])
    m = _INNER_CONNECTIVE.match(sentence)
    return m["subject"] + " " + sentence[m.end():] if m else sentence


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


def _by_means(sentence: str) -> str:
    """What the paper does to what the sentences before described gives way to its means or
    its next verb (``_BY_MEANS``): ``"We take a first step in this direction by proposing X"``
    -> ``"We propose X"`` (the verb by lemminflect, for the subject's person); ``"We answer
    this question affirmatively and establish X"`` -> ``"We establish X"``."""
    m = _BY_MEANS.match(sentence)
    if not m:
        return sentence
    verb, rest = m["verb"], sentence[m.end():]
    if verb is None:
        verb = base_of_gerund(m["gerund"])
        if m["subject"] != "We":
            verb = next(iter(inflect(verb, "VBZ")), verb)
    elif _PRONOUN_SOON.match(rest):  # "... and show that it is hard": "it" was in the part
        return sentence
    return f"{m['subject']} {m['adverb'] or ''}{verb}{rest}"


def _drop_purpose(sentence: str) -> str:
    """A purpose that only points back goes (``_PURPOSE_TAIL``): ``"X, a framework designed
    to address these challenges."`` -> ``"X, a framework."``."""
    return _PURPOSE_TAIL.sub("", sentence)


def _drop_relative(sentence: str) -> str:
    """A relative clause or joined purpose that only points back goes (``_RELATIVE_TAIL``):
    ``"X, a framework that overcomes these limitations."`` -> ``"X, a framework."``; ``"We
    propose X to bridge this gap and evaluate Y."`` -> ``"We propose X and evaluate Y."``;
    ``"X, which tackles this problem by optimizing Y"`` -> ``"X, which optimizes Y"``
    (``_RELATIVE_BY``)."""
    return _RELATIVE_BY.sub(_relative_by, _RELATIVE_TAIL.sub("", sentence))


def _drop_wide_lead(sentence: str) -> str:
    """A longer lead that opens by pointing back goes too (``_WIDE_LEAD``, at most thirty
    words): ``"To address this challenge and unleash GNNs in planning, this paper proposes
    X."`` -> ``"This paper proposes X."``."""
    m = _WIDE_LEAD.match(sentence)
    if m and len(m["lead"].split()) <= 30:
        return _capitalised(m["subject"]) + sentence[m.end("subject"):]
    return sentence


def _relative_by(m: re.Match[str]) -> str:
    verb = base_of_gerund(m["gerund"])
    if m["addressing"].lower() not in ADDRESSING_VERBS:  # "which tackles": for its subject
        verb = next(iter(inflect(verb, "VBZ")), verb)
    return m["relative"] + (m["adverb"] or "") + verb


def _drop_pointer_phrase(sentence: str) -> str:
    """A phrase that only names what the sentences before described goes (``_POINTER_PHRASE``):
    ``"We propose an approach to this problem called X."`` -> ``"We propose an approach called
    X."``."""
    return _POINTER_PHRASE.sub("", sentence)


def _end_at_clause(sentence: str) -> str:
    """A sentence over ``LONG_SENTENCE`` characters ends at its last clause boundary within
    them (``_CLAUSE_END``, outside math), with a full stop, when the clause kept has at least
    ``_SHORTEST_CUT`` characters; else it is kept whole (and ``shown_highlight`` looks
    further)."""
    if len(sentence) <= LONG_SENTENCE:
        return sentence
    masked = _masked_math(sentence)[: LONG_SENTENCE]
    ends = [m.start() for m in _CLAUSE_END.finditer(masked) if m.start() >= _SHORTEST_CUT]
    if not ends:
        return sentence
    kept = sentence[: ends[-1]].rstrip(" ,;")
    return kept + "." if kept.count("(") == kept.count(")") else sentence


def points_back(text: str) -> bool:
    """``text`` (plain text) points back at text its reader has not seen (``POINTS_BACK``,
    ``_POINTED``): it opens with a pointing word that does not name the paper (``"These results
    show ..."``, ``"It uses ..."``; not ``"This technical report presents ..."``), or names what
    the sentences before described (``"this gap"``, ``"their framework"``, ``"in this
    setting"``), not ``"their own ..."`` and not with a noun it has used before (``"a new task
    ... on this task"`` points within the sentence)."""
    return _pointing(text) is not None


@lru_cache(maxsize=256)  # the shown highlight's steps ask again of the same text
def _pointing(text: str) -> re.Match[str] | None:
    """The first match of ``points_back``'s patterns in ``text`` that points back, or ``None``."""
    found = [m for m in (*POINTS_BACK.finditer(text), *_POINTED.finditer(text))
             if _points(text, m)]
    return min(found, key=lambda m: m.start()) if found else None


def _points(text: str, m: re.Match[str]) -> bool:
    if m.groupdict().get("opening"):
        return not _NAMES_PAPER.match(text, m.end())
    noun = m["noun"] or m["work"]
    return not _OWN.match(text, m.start() + len(m[0].split()[0])) and \
        noun[:4].lower() not in text[: m.start()].lower()


def _drop_pointing_tail(sentence: str) -> str:
    """The end of a sentence that names what the sentences before described goes, when at
    least ``_SHORTEST_CUT`` characters stay and they read alone: the phrase, when it ends the
    sentence (``"... an upper bound for this task."`` -> ``"... an upper bound."``), else the
    clause after the last comma before it (``"We propose X, designed to address these issues
    in Y."`` -> ``"We propose X."``)."""
    m = _pointing(sentence)
    if m is None or m.start() == 0:
        return sentence
    head = sentence[: m.start()]
    phrase = _TRAILING_PREPOSITION.search(head)
    if phrase and re.fullmatch(r"\W*", sentence[m.end():]):
        kept = head[: phrase.start()]
    else:
        commas = [c.start() for c in re.finditer(r",\s", head)]
        if not commas:
            return sentence
        kept = head[: commas[-1]]
    kept = kept.rstrip(" ,;:") + "."
    if len(kept) < _SHORTEST_CUT or kept.count("(") != kept.count(")") or \
            kept.count("$") % 2 or _pointing(kept):
        return sentence
    return kept


def _ranking_points_back(sentence: str) -> bool:
    """What ``pick_highlight`` breaks ties on, as its ranking was tuned (the titles read its
    choice): ``POINTS_BACK`` found in ``sentence`` after the ``RANKING_REPAIRS``."""
    for name in RANKING_REPAIRS:
        sentence = STANDALONE[name](sentence)
    return POINTS_BACK.search(sentence) is not None


# The repairs that make a highlight read alone, by name, in order (``without_lead``).
STANDALONE: Registry[Callable[[str], str]] = Registry()
for _priority, (_name, _repair) in enumerate(reversed((
        ("split", _keep_one_sentence), ("connective", _drop_connective), ("lead", _drop_lead),
        ("wide-lead", _drop_wide_lead), ("problem", _drop_problem), ("means", _by_means),
        ("purpose", _drop_purpose),
        ("relative", _drop_relative),
        ("phrase", _drop_pointer_phrase), ("tail", _drop_pointing_tail),
        ("long", _end_at_clause)))):
    STANDALONE.register(_repair, _name, _priority)
# The repairs ``pick_highlight``'s ties were tuned with, in order.
RANKING_REPAIRS = ("lead", "problem", "purpose")


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
        best = next((i for i in tied if not _ranking_points_back(sentences[i])), best)
    if ranks[best] == NO_CUE:
        return sentences[1] if len(sentences) > 2 else sentences[0]
    return sentences[best]


__all__ = ["Styled", "Text", "contribution_rank", "pick_highlight", "split_sentences",
           "without_lead"]
