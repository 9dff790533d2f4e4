"""The name an abstract gives its own contribution, and that name's long form.

Authors name a method, model, dataset or benchmark in a handful of ways: an explicit naming
(``called X``, ``termed X``, ``which we call X``), an acronym after its long form
(``Copula Graph Neural Network (CopulaGNN)``), a name right after an introducing verb
(``we propose Hopper, which ...``, ``introducing ALFWorld, a simulator``), ``our proposed X``,
typography (``\\textsc{SurCo}``, ``**CROWD**``), the name as the subject of later sentences
(``Tent reduces ...``), and the name of the repository they link. No one form is reliable on
its own, so every candidate collects evidence from the rules in ``RULES`` (a registry in the
manner of Python-Markdown's: named, weighted, applied in order) and the best candidate with at
least ``MIN_SCORE`` wins. Evidence that a word names someone else's work (a dataset the method
is evaluated on, a baseline it is compared with, a cited method) counts against it, and a name
the abstract only uses (``name_role``, the cues ``USE_CUES``) is never the paper's. Among the
names judged, one inside another's long form is that acronym, and a variant is its family.

Candidates are *coined* words (a capital after the first letter, a digit, or all capitals:
``UniPC``, ``DC3``, ``MONGOOSE``), plain capitalised words that an explicit naming, an
introducing verb or typography marks (``Tent``, ``Hopper``), and marked-up or explicitly named
phrases of up to four words.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import urlsplit

from generator.extract.lexicon import (
    COMMON_NAMES,
    COMMON_WORDS,
    CONTRIBUTION_VERBS,
    INTRODUCING_VERBS,
    KIND_NOUNS,
    NAMING_VERBS,
    PAPER_NOUNS,
    STOP_WORDS,
    alternation,
    forms,
    stem,
)
from generator.extract.sentences import contribution_rank, unglued
from generator.infra.registry import Registry
from generator.text.markup import Math, plain_text, to_plain, tokenize

MIN_SCORE = 4.0

_COMMON_LOWER = frozenset(n.lower() for n in COMMON_NAMES)
# Words with a capital or a digit (a name never has neither); the lookahead skips the rest
# of the words in one step.
_COINED = re.compile(r"(?<![\w\-+.])(?=[\w\-+.²³]*[A-Z0-9])"
                     r"([A-Za-z0-9][\w\-+.²³]*[\w+²³]|[A-Z])(?![\w\-+²³])"
                     r"(?P<version> [2-9](?:\.\d)?(?![\w.%×]))?")
_CAPITALISED = re.compile(r"[A-Z][a-z]{2,}")
_NON_ALNUM = re.compile(r"[\W_]")
_NON_LETTER = re.compile(r"[^A-Za-z]")
_LETTER = re.compile(r"[A-Za-z]")
_PLURAL = re.compile(r"(?<=[A-Z])s$")
_MATH = re.compile(r"[|^\\=<>{}$]")
_VERSION = re.compile(r"[vV]?\d+(?:\.\d+)*[a-z]?")
_NAME_LEAD = re.compile(r"(?<=[\w,;(] )((?:[A-Z][a-z]+(?:-[A-Z][a-z]+)*\s){1,2})$")
_CAPITALISED_BEFORE = re.compile(r"[A-Z][\w\-]*,?\s$")
_CAPITALISED_AFTER = re.compile(r",?\s(?:(?:of|and|for|the|on|in)\s)?[A-Z]")
_LOWER_ACRONYM = re.compile(r"\(([a-z][a-z0-9\-]{1,15})\)")
_SUFFIX = re.compile(r"-(?:based|like|style|type|driven|guided|enabled|powered|specific|aware|"
                     r"free|only|wise)$")
_INTRO = CONTRIBUTION_VERBS + r"\w*"
# After an introducing verb, up to two words (an adjective, a noun, "method,") before the
# name; a plain capitalised word must follow the verb directly (an article aside).
_KIND = alternation(forms(KIND_NOUNS, "NNS"))
_PAPER = alternation(PAPER_NOUNS)
_INTRO_VERB = r"(?<!been )(?<!are )(?<!is )(?<!was )(?<!were )(?<!be )\b" + _INTRO
# The words between may not be a preposition: "built into the X platform", "proposed in X"
# name where the work stands, not the work.
_INTRO_BEFORE = re.compile(_INTRO_VERB + r"\s+(?:(?:a|an|the|our|two|three|this)\s+)?"
                           r"(?:(?!(?:to|into|in|on|upon|by|with|within|from)\s)"
                           r"[\w\-{},]+\s+){0,2}[\"“'‘]?$", re.I)
_INTRO_DIRECT = re.compile(_INTRO_VERB + r"\s+(?:(?:a|an|the)\s+)?[\"“'‘]?$", re.I)
# The object of an introducing verb, ending at "(" of a parenthesised name: no preposition
# or clause between ("we propose a ... gradient method (DOP)", not "a method for
# few-shot learning (FSL)").
_INTRO_OBJECT = re.compile(r"(?:\b(?:we|this\s+" + _PAPER + r")\s+(?:\w+\s+)?" + _INTRO +
                           r"(?:\s+to\s+\w+\s+(?:by|via|with|using))?"  # "propose to adapt by X"
                           r"|\b(?:our|the\s+proposed|our\s+proposed|the\s+resulting))\s+"
                           r"(?:(?!(?:for|of|on|in|to|with|from|by|over|under|into|across|"
                           r"between|that|which|where|as|at|using|based)\b)[\w\-{}',]+\s+){0,8}\($",
                           re.I)
_WE_STATE = re.compile(r"^(?:[\w\-,]+\s+){0,3}?we\s+(?!(?:compare|use|evaluate|follow|adopt|"
                       r"consider|test|benchmark)\b)\w+", re.I)
_BASELINE_BEFORE = re.compile(r"\b(?:than|such\s+as|e\.g\.|including|baselines?|existing|prior|"
                              r"previous|state-of-the-art|like|compared|versus|vs)\b", re.I)
_RESULTS = re.compile(r"^\)?\s+(?:also\s+|consistently\s+|significantly\s+|further\s+)?"
                      r"(?:achieves|attains|outperforms|surpasses|matches|reaches|sets|improves|"
                      r"reduces|yields|obtains|delivers|performs|beats|exceeds|enables|scales)\b")
# A long form before a parenthesised subject: "Vision Transformer (" before "ViT) attains".
_DEFINED_SUBJECT = re.compile(r"(?:[A-Z][\w\-]*\s+){1,5}\(")
_PASSIVE = re.compile(r"^\)?,?\s+(?:" + _KIND + r"\s+)?(?:is|are|was|were)\s+(?:\w+ly\s+)?"
                      + alternation(forms(INTRODUCING_VERBS, "VBN", base=False)) + r"\b",
                      re.I)  # "(SCoTT) approach is proposed"
# "In PixelArena, we propose ...": the work is set in the name.
_IN_NAME = re.compile(r"^\s*(?:In|With|Through)\s+$")
_WE_INTRODUCE = re.compile(r"^,\s+we\s+" + alternation(INTRODUCING_VERBS) + r"\b")
# "a novel ZSQ method, TexQ", "a technique, i.e., Penguin": a name in apposition to a noun
# naming what kind of contribution it is.
_KIND_BEFORE = re.compile(
    r"(?:\b(?:our|(?:a|an|the)\s+(?:novel|new|first|proposed))|" + _INTRO + r"\s+(?:a|an|the))"
    r"\s+(?:[\w\-]+,?\s+){0,5}"
    + _KIND + r",?\s+(?:(?:i\.e\.|namely|called|termed|dubbed|named),?\s+)?[\"“'‘]?$", re.I)
_AFTER_NAME = re.compile(r"^[\"”'’]?\s*(?:[,:;()—–]|-{1,3}\s|\.|$|\s+(?:which|that|as|for|to|"
                         r"with|in|on|by|via|and|is|can|uses?|achieves?|consists?|combines?|a|"
                         r"through|from|under|over|into|across|at|of|within|without|against|"
                         r"towards?|where|whose|while|outperforms?|"
                         r"an|the|\w+ly|\w+ing|" + _KIND + r")\b)", re.I)
_NAMING = re.compile(
    r"\b(?:" + alternation(forms(NAMING_VERBS, "VBN", base=False)) + r"(?:\s+as|\s+by)?|"
    r"referred\s+to\s+as|known\s+as|(?:published|released)\s+as|(?:which|that|we)\s+"
    + alternation(NAMING_VERBS) + r"(?:\s+(?:it|this|them|these|our\s+[\w\-]+(?:\s+[\w\-]+)?))?|"
    r"(?:we|this\s+" + _PAPER + r")\s+" + alternation(forms(NAMING_VERBS, "VBZ"))
    + r"\s+(?:it|this|them|"
    r"(?:the|our|this|these|such)(?:\s+[\w\-]+){1,3})(?:\s+as)?|namely|a\.k\.a\.?|"
    r"abbreviated(?:\s+as)?|"
    r"hereafter|(?:a|an)\s+(?:[\w\-]+\s+){0,4}" + _KIND + r",\s+the)"  # "an architecture, the X"
    r"\s*[\"“'‘(]?$", re.I)
# A word every naming has near its end: a cheap test before the full pattern.
_NAMING_CUES = (*dict.fromkeys(stem(v).lower() for v in NAMING_VERBS), "refer", "known",
                "lished as", "leased as", "k.a", "abbrev", "hereafter", ", the")
# "Signatory is a library for ...", "ChainBuddy, an AI workflow assistant built ...": what an
# artefact is.
_DEFINED = re.compile(r"^\s+(?:is|are)\s+(?:a|an)\s+(?:[\w\-]+\s+){0,2}?" + _KIND + r"\b"
                      r"|^,\s+(?:a|an)\s+(?!\w+\s+of\b)", re.I)
_OUR_DIRECT = re.compile(r"\b(?:our|the\s+proposed|our\s+proposed)\s+$", re.I)
_OUR = re.compile(r"\b(?:our|the\s+proposed|our\s+proposed|this\s+new|the\s+resulting)\s+"
                  r"(?:[\w\-]+,?\s+){0,2}?"
                  r"\(?$", re.I)
_OTHERS = re.compile(
    r"\b(?:on|datasets?|benchmarks?|corpus|corpora|such\s+as|e\.g\.,?|including|than|"
    r"over|outperforms?|outperforming|surpass\w*|compared\s+(?:to|with)|baselines?|versus|vs\.?|"
    r"like|unlike|using|use|uses|used|via|from|existing|prior|previous|popular|standard|"
    r"state-of-the-art|models?\s+(?:such\s+as|like)|e\.g\.)\s+(?:the\s+)?(?:[\w\-]+\s+){0,2}?$",
    re.I)
_CITATION_AFTER = re.compile(r"^\s*(?:\(|\[)?\s*(?:[A-Z][\w\-]+\s+)?(?:et\s+al|\d{4}\))")
_SUBJECT_VERB = re.compile(r"^\s+(?:also\s+|further\s+|then\s+|thus\s+)?(?:is|are|can|could|"
                           r"may|will|does|has|have|not|only|consistently|significantly|"
                           r"[a-z]+s)\b")
_SENTENCE_LEAD = re.compile(r"^(?:(?:the|our|this|by|with|using|in|finally|moreover|"
                            r"furthermore|additionally|specifically|empirically|"
                            r"experimentally|overall|notably),?\s+)*", re.I)
# What every _URL match holds (a quick test before it).
_TLD = ("://", "www.", ".com", ".org", ".io", ".net", ".ai", ".edu", ".co", ".dev", ".app", ".page")
_URL = re.compile(r"(?:https?://|www\.)\S+|\b[\w\-]+(?:\.[\w\-]+)*\.(?:com|org|io|net|ai|edu|"
                  r"co|dev|app|page)\b(?:/\S*)?", re.I)
_FORGES = ("github.com", "gitlab.com", "bitbucket.org", "codeberg.org")


@dataclass(frozen=True, slots=True)
class Occurrence:
    """One place a candidate name occurs.

    Attributes:
        sentence: index of the sentence.
        before: the sentence's plain text before the occurrence (its last ``CONTEXT``
            characters: every rule looks only that far).
        after: the sentence's plain text after it (its first ``CONTEXT`` characters).
        contribution: the sentence states the contribution (``contribution_rank <= 1``).
        in_highlight: the sentence is the highlight.
        lead: the text before the occurrence without leading connectives ("Finally, the"),
            when it is short (a subject position); ``None`` otherwise.
        first_person: the sentence is stated by the authors ("we integrate ...").
    """

    sentence: int
    before: str
    after: str
    contribution: bool
    in_highlight: bool
    lead: str | None = None
    first_person: bool = False


CONTEXT = 160


@dataclass(frozen=True, slots=True)
class Context:
    """What the rules may look at besides the occurrences: the abstract's sentences as plain
    text, the marked-up spans (``\\textsc{}``, ``\\textbf{}``, ``\\emph{}``, ``**x**``) as
    plain text, the last path segments of the abstract's links (lower case, letters and
    digits only) and the coined names of its code repositories (as spelled in the URL)."""

    plain: tuple[str, ...]
    marked: frozenset[str]
    link_names: frozenset[str]
    repositories: frozenset[str] = frozenset()


Rule = Callable[[str, Sequence[Occurrence], Context], float]


def _naming(name: str, occ: Sequence[Occurrence], ctx: Context) -> float:
    """``called X``, ``termed X``, ``which we call X``, ``we name our method X``: 6."""
    return 6.0 if any(_holds(o.before[-70:], _NAMING_CUES) and _NAMING.search(o.before[-120:])
                      for o in occ) else 0.0


def _acronym(name: str, occ: Sequence[Occurrence], ctx: Context) -> float:
    """``Long Form Words (X)`` (or ``Long Form, X,``) whose long form spells X: 8 right after
    a naming (``called Q-Guided Diffusion Policy (QGDP)``: the acronym, not the long form's
    first word, is the name); as the object
    of an introducing verb or after ``our``/``the proposed``, 5 when the long form is in title
    case and 3 when not (field terms are defined the same way: ``mutual information (MI)``);
    elsewhere 1 (papers define acronyms of other people's methods and field terms too)."""
    best = 0.0
    for o in occ:
        defined = (o.before.endswith("(") and o.after.startswith(")")) or (
            o.before.endswith(", ") and o.after[:1] in ",;:")
        found = long_form(o.before.rstrip("(, "), name) if defined else None
        if not found:
            continue
        head = o.before.rstrip("(, ")
        lead = head[: len(head) - len(found)]  # the text before the long form
        if _NAMING.search(lead):  # "called Q-Guided Diffusion Policy (QGDP)"
            best = max(best, 8.0)
        elif _INTRO_OBJECT.search(lead.rstrip() + " ("):
            titled = sum(w[:1].isupper() for w in found.split()) * 2 > len(found.split())
            best = max(best, 5.0 if titled else 3.0)
        else:
            best = max(best, 1.0)
    return best


def _parenthesised(name: str, occ: Sequence[Occurrence], ctx: Context) -> float:
    """``(X)``, spelling no long form, right after the object of an introducing verb (``we
    present a multi-agent decomposed policy gradient method (DOP)``) or anywhere in a
    sentence the authors state in the first person (``we integrate ... into a simplified
    architecture without attention (Mamba)``), unless it names a baseline: 4."""
    for o in occ:
        if o.before.endswith("(") and o.after.startswith(")") and (
                o.first_person or _INTRO_OBJECT.search(o.before)) and not (
                _BASELINE_BEFORE.search(o.before)) and not long_form(o.before[:-1], name):
            return 4.0
    return 0.0


def _introduced(name: str, occ: Sequence[Occurrence], ctx: Context) -> float:
    """After an introducing verb (``we propose Hopper, which``, ``introducing ALFWorld, a
    simulator``, ``an efficient method, AutoLRS, which``) and followed by punctuation or a
    joining word, or in the passive (``TexQ is proposed``), or in apposition to a kind of
    contribution (``a novel ZSQ method, TexQ``; ``a technique, i.e., Penguin``): 5."""
    intro = _INTRO_BEFORE if is_coined(name) else _INTRO_DIRECT
    for o in occ:
        if _PASSIVE.match(o.after) or _IN_NAME.match(o.before) and _WE_INTRODUCE.match(o.after):
            return 5.0
        if not _AFTER_NAME.match(o.after):
            continue
        tail = o.before[-100:]
        if _ends_near_kind(tail) and _KIND_BEFORE.search(tail) or _holds_intro(tail[-70:]) \
                and intro.search(tail[-70:]) and not _OTHERS.search(tail[-30:]):
            return 5.0
    return 0.0


# Quick tests before the patterns that must end a text (every offset is tried): the words
# each needs, as the lexicon gives them.
_KIND_WORDS = frozenset(w.lower() for w in forms(KIND_NOUNS, "NNS"))
_INTRO_STEMS = tuple(dict.fromkeys(stem(v).split()[0].lower() for v in INTRODUCING_VERBS))


def _ends_near_kind(tail: str) -> bool:
    """One of the last three words of ``tail`` is a kind noun, as ``_KIND_BEFORE`` needs
    ("a novel ZSQ method, i.e., ``")."""
    return any(w.rstrip(",").lower() in _KIND_WORDS for w in tail.rsplit(None, 3)[-3:])


def _holds_intro(tail: str) -> bool:
    """``tail`` holds the stem of an introducing verb, as ``_INTRO_BEFORE`` needs."""
    low = tail.lower()
    return any(s in low for s in _INTRO_STEMS)


def _ours(name: str, occ: Sequence[Occurrence], ctx: Context) -> float:
    """``our (proposed) X``, ``the proposed X``: 4 (a plain capitalised word must follow
    directly)."""
    ours = _OUR if is_coined(name) else _OUR_DIRECT
    return 4.0 if any(ours.search(o.before[-60:]) for o in occ) else 0.0


def _defined(name: str, occ: Sequence[Occurrence], ctx: Context) -> float:
    """Defined at the start of a sentence: ``Signatory is a library for ...``, ``ChainBuddy,
    an AI workflow assistant ...``: 4."""
    return 4.0 if any(o.lead == "" and _DEFINED.match(o.after) for o in occ) else 0.0


# "we train RoboPoint, a VLM that ...", "We describe WebSuite, the first diagnostic benchmark":
# what the name is, said right after it ("a model of X", "a number of" are no such saying).
_APPOSITION = re.compile(r"^,\s+(?:a|an|the\s+first|the\s+\w+est)\s+(?!(?:\w+\s+)?of\b)"
                         r"(?!(?:few|number|variety|lot|set|series|range)\b)", re.I)


def _apposition(name: str, occ: Sequence[Occurrence], ctx: Context) -> float:
    """A coined name followed by what it is (``_APPOSITION``) in a sentence the authors state
    in the first person or that states the contribution: 4. In the arXiv train pairs 89% of
    the coined words so placed are the name the authors' title opens with."""
    return 4.0 if is_coined(name) and any(
        (o.first_person or o.contribution) and _APPOSITION.match(o.after) for o in occ) else 0.0


def _marked(name: str, occ: Sequence[Occurrence], ctx: Context) -> float:
    """Set in small capitals, bold or emphasis by the author: 3, plus 1 in a contribution
    sentence."""
    if name not in ctx.marked:
        return 0.0
    return 4.0 if any(o.contribution for o in occ) else 3.0


def _repository(name: str, occ: Sequence[Occurrence], ctx: Context) -> float:
    """The name of the abstract's code repository (``github.com/mikgroup/ResoNet``): 4."""
    return 4.0 if name.lower() in ctx.repositories else 0.0


def _subject(name: str, occ: Sequence[Occurrence], ctx: Context) -> float:
    """The subject of a sentence (``Tent reduces ...``, ``Our X achieves ...``): 2 each, at
    most 4."""
    hits = sum(1 for o in occ if o.lead == "" and _SUBJECT_VERB.match(o.after))
    return min(4.0, 2.0 * hits)


def _results(name: str, occ: Sequence[Occurrence], ctx: Context) -> float:
    """The subject of a results statement after the opening sentences (``Vision Transformer
    (ViT) attains excellent results``, ``Tent reduces error``): papers report results for
    their own contribution: 3."""
    for o in occ:
        if o.sentence >= 2 and o.lead is not None and _RESULTS.match(o.after) and (
                not o.lead or _DEFINED_SUBJECT.fullmatch(o.lead)):
            return 3.0
    return 0.0


def _linked(name: str, occ: Sequence[Occurrence], ctx: Context) -> float:
    """The last path segment of a link, e.g. a project page (``.../dreamwaltz/``): 1."""
    key = _NON_ALNUM.sub("", name.lower())
    return 1.0 if key and key in ctx.link_names else 0.0


def _repeated(name: str, occ: Sequence[Occurrence], ctx: Context) -> float:
    """Repeated: 0.5 for each occurrence after the first, at most 2."""
    return min(2.0, 0.5 * (len(occ) - 1))


def _contribution(name: str, occ: Sequence[Occurrence], ctx: Context) -> float:
    """Named in the highlight or another contribution sentence: 1."""
    return 1.0 if any(o.contribution or o.in_highlight for o in occ) else 0.0


def _highlighted(name: str, occ: Sequence[Occurrence], ctx: Context) -> float:
    """Named in the highlight: 1 (on top of ``contribution``)."""
    return 1.0 if any(o.in_highlight for o in occ) else 0.0


def _made_up(name: str, occ: Sequence[Occurrence], ctx: Context) -> float:
    """Mixed case or letters with digits (``DreamWaltz``, ``AutoLRS``, ``Bullying10K``), not
    an initialism (``PTQ``): field terms are rarely spelled so: 1."""
    letters = _NON_LETTER.sub("", _PLURAL.sub("", name))  # "SRNNs": a plural
    return 1.0 if letters and not letters.isupper() and is_coined(name) else 0.0


def _someone_elses(name: str, occ: Sequence[Occurrence], ctx: Context) -> float:
    """Every occurrence names someone else's work (``on ImageNet``, ``outperforms X``,
    ``such as X``, ``X (Smith et al., 2020)``): -4. Not applied to a name that a naming rule
    found (``a new benchmark called X``)."""
    if occ and all(_OTHERS.search(o.before[-40:]) or _CITATION_AFTER.match(o.after)
                   for o in occ):
        return -4.0
    return 0.0


# (name, rule) in the order they are applied; a candidate's score is the sum. The naming
# rules (_NAMING_RULES) come first: a word none of them finds is nobody's name.
RULES: tuple[tuple[str, Rule], ...] = (
    ("naming", _naming), ("acronym", _acronym), ("parenthesised", _parenthesised),
    ("introduced", _introduced), ("ours", _ours), ("defined", _defined),
    ("apposition", _apposition), ("marked", _marked),
    ("repository", _repository), ("results", _results),
    ("subject", _subject), ("linked", _linked), ("repeated", _repeated),
    ("contribution", _contribution), ("highlighted", _highlighted), ("made-up", _made_up),
    ("someone-elses", _someone_elses))
# Evidence that the paper owns the name, which every name needs (an acronym only when it is
# defined as the paper's contribution); it also overrules the signs of someone else's work.
_NAMING_RULES = frozenset(("naming", "acronym", "parenthesised", "introduced", "ours", "defined",
                           "apposition", "marked", "repository", "results"))


@dataclass(frozen=True, slots=True)
class UseCue:
    """A sign that one occurrence of a name is someone else's work the paper uses, evaluates
    on or compares with: ``pattern`` searched in the last ``USE_WINDOW`` characters before the
    name (``side == "before"``) or matched at the start of the text after it (``"after"``);
    a ``decisive`` cue outweighs evidence that the paper introduces the name."""

    pattern: re.Pattern[str]
    side: str = "before"
    decisive: bool = False

    def fires(self, o: Occurrence) -> bool:
        """The cue holds at occurrence ``o``."""
        if self.side == "after":
            return self.pattern.match(o.after) is not None
        return self.pattern.search(o.before[-USE_WINDOW:]) is not None


USE_WINDOW = 60
# Up to two words between the cue and the name ("using the pretrained CLIP", "over ViT and").
_GAP = r"(?:the\s+|a\s+|an\s+)?(?:[\w\-]+,?\s+(?:and\s+|or\s+)?){0,2}?$"
# Cues of a used name (``name_role``), checked on the train split of ../shared/arxiv/ (README,
# "Name role"): "existing X" and "X variants" are decisive (the chosen name so marked is almost
# never in the authors' title); the others only count against a name nothing introduces.
USE_CUES: Registry[UseCue] = Registry()
USE_CUES.register(UseCue(re.compile(
    r"\b(?:using|uses?|used|utiliz\w+|leverag\w+|employ\w*|adopt\w*)\s+" + _GAP, re.I)),
    "using", 80)
USE_CUES.register(UseCue(re.compile(
    r"\b(?:built|based|building|relying|reli\w+|trained|fine-?tuned|initiali[sz]ed)\s+"
    r"(?:up)?on\s+(?:top\s+of\s+)?" + _GAP, re.I)), "built-on", 70)
USE_CUES.register(UseCue(re.compile(
    r"\b(?:evaluat\w*|experiments?|tested|benchmark\w*|results|validat\w+)\s+"
    r"(?:\w+\s+){0,3}?on\s+" + _GAP, re.I)), "evaluated-on", 60)
USE_CUES.register(UseCue(re.compile(
    r"\b(?:than|outperform\w*|surpass\w*|compared\s+(?:to|with)|versus|vs\.?|against|"
    r"relative\s+to)\s+(?:strong\s+)?" + _GAP, re.I)), "compared", 50)
USE_CUES.register(UseCue(re.compile(
    r"\b(?:such\s+as|e\.g\.,?|including)\s+(?:[\w\-]+,?\s+(?:and\s+|or\s+)?){0,3}?$", re.I)),
    "such-as", 40)
USE_CUES.register(UseCue(re.compile(
    r"\b(?:existing|prior|previous|popular|conventional|vanilla|original|widely[\s-]used)\s+"
    r"(?:[\w\-]+\s+)?$", re.I), decisive=True), "existing", 30)
USE_CUES.register(UseCue(re.compile(
    r"\b(?:extend\w*|improv\w+\s+(?:up)?on|build\w*\s+(?:up)?on)\s+" + _GAP, re.I)),
    "extends", 20)
USE_CUES.register(UseCue(re.compile(r"^\s+(?:variants|family|series)\b", re.I), "after",
                         decisive=True), "variants", 10)
# Evidence that the paper introduces the name (rules of ``RULES``); a name with none of it and
# a use cue is someone else's (``name_role``).
INTRODUCING_RULES = frozenset(("naming", "introduced", "ours", "parenthesised", "defined",
                               "apposition", "marked", "repository"))


def name_role(word: str, evidence: Sequence[str], occ: Sequence[Occurrence], ctx: Context
              ) -> str | None:
    """How the abstract treats the candidate ``word``: ``"used"`` when a decisive
    ``USE_CUES`` cue holds at one of its occurrences (``existing X``, ``X variants``), else
    ``"introduced"`` when a rule of
    ``INTRODUCING_RULES`` gave it evidence (``we propose X``, ``X, a ...``, ``called X``,
    ``our X``) or the acronym rule found it defined as the object of an introducing verb or a
    naming (3 or more: ``we propose Low-rAnk Regulated Gradient Projection (LARGO)``), else
    ``"used"`` when a ``USE_CUES`` cue holds at one of its occurrences (``using X``, ``built
    on X``, ``evaluated on X``, ``than X``, ``X variants``), else ``None``. ``evidence``: the
    names of the rules that gave ``word`` some (``Name.evidence``). A title never opens with
    a used name."""
    fired = [cue for cue in USE_CUES if any(cue.fires(o) for o in occ)]
    if any(cue.decisive for cue in fired):
        return "used"
    if INTRODUCING_RULES.intersection(evidence) or (
            "acronym" in evidence and _acronym(word, occ, ctx) >= 3):
        return "introduced"
    return "used" if fired else None


@dataclass(frozen=True, slots=True)
class Name:
    """The chosen name, its long form (``None`` when the abstract gives none), its score and
    the rules that found it (for the evaluation and tests)."""

    name: str
    long_form: str | None
    score: float
    evidence: tuple[str, ...]


def find_name(sentences: Sequence[str], highlight: str, links: Sequence[str] = ()
              ) -> Name | None:
    """The name the abstract gives its own contribution (module docstring), or ``None``.

    Args:
        sentences: the abstract's sentences (source text).
        highlight: the contribution sentence (one of ``sentences``).
        links: normalised URLs found in the abstract (their last path segment may repeat
            the name).

    Returns:
        ``Name``; ties go to the candidate named first.
    """
    plain = tuple(unglued(plain_text(s)) for s in sentences)
    # in the abstract's order: a set's order changes from run to run (string hashing), and
    # of two equal candidates the first found wins
    spans = tuple(dict.fromkeys(_marked_spans(sentences)))
    marked = frozenset(spans)
    repositories = _repository_names(links)
    ctx = Context(plain, marked, frozenset(_link_names(links)),
                  frozenset(r.lower() for r in repositories))
    occurrences, spelling = _occurrences(sentences, plain, highlight, spans)
    shown = " ".join(plain)
    for repo in repositories:
        # a repository's name is a name as the reader sees it written, not a slug ("s5rl")
        # nor a link's hidden target ("[code](https://github.com/a/Diffusion-Pullback)")
        if not repo.islower() and repo in shown:
            occurrences.setdefault(repo.lower(), [])
            spelling.setdefault(repo.lower(), repo)
    for key in _math_only(sentences):  # "mKT" of "$\\sqrt{mKT}$": a formula, no name
        occurrences.pop(key, None)
    judged = [found for key, occ in occurrences.items()
              if (found := _judge(spelling[key], occ, ctx)) is not None]
    best = max(judged, key=lambda n: n.score, default=None)  # ties: the first found
    if best is None:
        return None
    best = _family_of(_acronym_of(best, judged), judged)
    if best.long_form and " " not in best.long_form and is_coined(best.long_form):
        # "Watch-And-Help (WAH)": the coined long form is the name authors use in titles
        best = Name(best.long_form, None, best.score, best.evidence)
    return _as_written(best, " ".join(plain))


def _family_of(best: Name, judged: Sequence[Name]) -> Name:
    """The family name of a variant, when the rules judged the family a name too: "CTTS" of
    "CTTS-MM", "Dragonfly" of "Dragonfly-Med" (the paper introduces the family; a variant is
    one of its models), unless the suffix is a version (a new version is the paper's name:
    "VARGPT-v1.1"); else ``best``."""
    families = [n for n in judged if n is not best and best.name.startswith(n.name + "-")
                and not _VERSION.fullmatch(best.name[len(n.name) + 1:])]  # VARGPT-v1.1
    return max(families, key=lambda n: len(n.name)) if families else best


_MATH_MARKS = ("$", "\\(", "\\[", "\\begin")


def _math_only(sentences: Sequence[str]) -> set[str]:
    """The words (lower case) of the abstract's plain text that stand only in its formulas:
    ``mt`` of ``$d\\sqrt{mT}\\log T$`` (a candidate is found in the plain text, where a
    formula is text too)."""
    inside: set[str] = set()
    outside: set[str] = set()
    for sentence in sentences:
        if not any(mark in sentence for mark in _MATH_MARKS):
            continue
        prose = to_plain([tok for tok in tokenize(sentence) if not isinstance(tok, Math)])
        inside.update(t.lower() for t in _TOKENS.findall(plain_text(sentence)))
        outside.update(t.lower() for t in _TOKENS.findall(prose))
    if not inside:
        return inside
    for sentence in sentences:
        if not any(mark in sentence for mark in _MATH_MARKS):
            outside.update(t.lower() for t in _TOKENS.findall(sentence))
    return inside - outside


def _acronym_of(best: Name, judged: Sequence[Name]) -> Name:
    """The acronym ``best`` is part of the long form of, when the rules judged that acronym a
    name too: "Continual Consistency Diffusion (CCD)" and "CCD" are one name, and authors'
    titles open with the acronym ("CCD: Continual Consistency Diffusion for ..."); else
    ``best``."""
    inside = [n for n in judged if n is not best and n.long_form
              and re.search(rf"(?<![\w-]){re.escape(best.name.lower())}(?![\w-])",
                            n.long_form.lower())]
    return max(inside, key=lambda n: n.score) if inside else best


TYPO_LENGTH = 8  # a shorter name one letter apart from another is another name (RLHF, RLIHF)


def _as_written(found: Name, text: str) -> Name:
    """``found`` as the abstract writes it most: the family a sized model belongs to when the
    abstract uses it alone ("Nile-Chat-4B" and "Nile-Chat": Nile-Chat), the longer hyphenated
    name it ends when that
    occurs at least as often as the name alone ("asynchronous RED (Async-RED)": Async-RED,
    whose title the bare RED would lose), or, for a name of ``TYPO_LENGTH`` characters or
    more, the spelling one inner letter apart that occurs more often (a typo: "PasticineLab"
    once, "PlasticineLab" twice). The long form goes with a changed name."""
    name = found.name
    counts = Counter(_TOKENS.findall(text))  # in order of first occurrence, as a dict is
    sized = _SIZE_SUFFIX.match(name)
    if sized and counts.get(sized["family"], 0):  # "Nile-Chat-4B" of the family "Nile-Chat"
        return Name(sized["family"], None, found.score, found.evidence)
    alone = counts.get(name, 0)
    compounds = [t for t in counts if t.endswith("-" + name) and is_coined(t)]
    if compounds:
        best = max(compounds, key=lambda t: (counts[t], -len(t)))
        if counts[best] >= alone:
            return Name(best, None, found.score, found.evidence)
    if len(name) >= TYPO_LENGTH:
        for t, n in counts.items():
            if n > alone and inner_letter_apart(t, name):
                return Name(t, None, found.score, found.evidence)
    return found


# A model size (and variant) after a name: "-4B", "-1.7b-Instruct", "-16M".
_SIZE_SUFFIX = re.compile(r"^(?P<family>.+?)-\d+(?:\.\d+)?[BMKbmk](?:-[A-Za-z]+\d*[BMK]?)?$")
_TOKENS = re.compile(r"[\w][\w+.-]*[\w+]")


def inner_letter_apart(a: str, b: str) -> bool:
    """``a`` and ``b`` differ by one letter inside the word (a changed first or last letter
    makes another name: SViT, QSViT; MobileCLIP, MobileCLIP2)."""
    if abs(len(a) - len(b)) != 1:
        return False
    short, long_ = sorted((a, b), key=len)
    return any(long_[:i] + long_[i + 1:] == short for i in range(1, len(long_) - 1))


def _occurrences(sentences: Sequence[str], plain: Sequence[str], highlight: str,
                 marked: Sequence[str]) -> tuple[dict[str, list[Occurrence]], dict[str, str]]:
    """Every candidate's occurrences (lower-case key -> ``Occurrence`` list) and the spelling
    shown for each key."""
    occurrences: dict[str, list[Occurrence]] = {}
    spelling: dict[str, str] = {}
    for i, (source, text) in enumerate(zip(sentences, plain, strict=True)):
        contribution = contribution_rank(source) <= 1
        first_person = _WE_STATE.search(text) is not None
        for start, end in _candidate_spans(text, marked):
            word = _SUFFIX.sub("", text[start:end])
            key = word.lower()
            # "(tent)" and "Tent", "MONGOOSE" and "Mongoose": one name, its capitalised form
            if key not in spelling or spelling[key].islower() and not word.islower():
                spelling[key] = word
            lead = _SENTENCE_LEAD.sub("", text[:start]).strip() if start < 60 else None
            occurrences.setdefault(key, []).append(Occurrence(
                i, text[max(0, start - CONTEXT):start], text[end:end + CONTEXT], contribution,
                source is highlight, lead, first_person))
    return occurrences, spelling


def _evidence(word: str, occ: Sequence[Occurrence], ctx: Context
              ) -> tuple[float, list[str], bool]:
    """``(score, the names of the rules that gave some, owned)``: the ``RULES`` applied in
    order; ``owned`` when a naming rule gave 3 or more (the rest run only then)."""
    evidence: list[str] = []
    score = 0.0
    owned = False
    for rule_name, rule in RULES:
        gained = rule(word, occ, ctx)
        if rule_name in _NAMING_RULES:
            owned = owned or gained >= 3  # an acronym defined in passing scores less
        elif not owned:
            break  # the naming rules come first: nobody owns this word, skip the rest
        if gained and not (rule_name == "someone-elses" and owned):
            evidence.append(rule_name)
            score += gained
    return score, evidence, owned


def _judge(word: str, occ: Sequence[Occurrence], ctx: Context) -> Name | None:
    """``word`` as the paper's name when the ``RULES`` give it at least ``MIN_SCORE``, a
    naming rule owns it, and it is not a common name (``COMMON_NAMES``) without an explicit
    naming or results; else ``None``."""
    score, evidence, owned = _evidence(word, occ, ctx)
    plain_word = not is_coined(word) or " " in word
    if not owned or plain_word and evidence[:1] == ["defined"] and len(occ) < 2:
        return None
    if word.lower() in _COMMON_LOWER and not {"naming", "results"} & set(evidence):
        return None
    if score < MIN_SCORE or name_role(word, evidence, occ, ctx) == "used":
        return None
    return Name(word, _long_form_of(word, occ), score, tuple(evidence))


@lru_cache(maxsize=8192)  # asked of every word of every sentence, by rules and titles
def is_coined(word: str) -> bool:
    """A coined name: a capital after its first letter, a digit beside letters, or all
    capitals (two or more letters); math notation (``|V|^2``) never is."""
    core = word.replace("-", "").replace(" ", "")
    if len(core) < 2 or _MATH.search(word) or not _LETTER.search(core) \
            or _VERSION.fullmatch(word):  # "v1.0", "3rd": no name
        return False
    letters = _NON_LETTER.sub("", core)
    if not core[0].isalpha() and len(letters) < 2:  # "2s", "3x": a figure, not a name
        return False
    return (any(c.isupper() for c in core[1:]) or any(c.isdigit() for c in core)
            or (letters.isupper() and len(letters) >= 2))


def _candidate_spans(text: str, marked: Sequence[str]) -> list[tuple[int, int]]:
    """Where candidates occur in one sentence's plain text: coined words, capitalised words
    not at the sentence start or after an introducing verb, and marked-up phrases."""
    urls = [(m.start(), m.end()) for m in _URL.finditer(text)] if _holds(text, _TLD) else []
    spans = [span for m in _COINED.finditer(text)
             if not any(a <= m.start() < b for a, b in urls)  # a repository's name counts
             and (span := _word_span(text, m)) is not None]   # through its link
    for m in _LOWER_ACRONYM.finditer(text):  # "test entropy minimization (tent)"
        if long_form(text[: m.start()], m.group(1)):
            spans.append((m.start(1), m.end(1)))
    for phrase in marked:
        if " " in phrase:
            at = text.find(phrase)
            if at >= 0:
                spans.append((at, at + len(phrase)))
    return spans


def _holds(text: str, needles: tuple[str, ...]) -> bool:
    """``text`` holds one of ``needles`` (lower case), case aside: a quick test before a
    pattern that needs one."""
    low = text.lower()
    return any(n in low for n in needles)


def _word_span(text: str, m: re.Match[str]) -> tuple[int, int] | None:
    """The candidate span of one ``_COINED`` match: a coined word with the capitalised words
    right before it ("Deformable DETR", "Policy-Driven Attack"), a version after it
    ("FastSpeech 2"); or a capitalised word on its own that is no common word and not part
    of a longer capitalised phrase ("Recursive Gradient Attack"); else ``None``."""
    word = m.group(1).rstrip(".")
    start, end = m.start(1), m.start(1) + len(word)
    if m.group("version") and word == m.group(1) and is_coined(word):
        word, end = word + m.group("version"), m.end("version")
    if is_coined(_SUFFIX.sub("", word)):
        lead = _search_before(_NAME_LEAD, text, start)
        return (lead.start(1) if lead else start, end)
    if _CAPITALISED.fullmatch(word) and word not in COMMON_WORDS and not (
            _search_before(_CAPITALISED_BEFORE, text, start)
            or _CAPITALISED_AFTER.match(text, end)):
        return (start, end)
    return None


BEFORE = 100  # characters before a candidate that _search_before scans first


def _search_before(pattern: re.Pattern[str], text: str, start: int) -> re.Match[str] | None:
    """``pattern.search(text, 0, start)`` for a pattern that ends at ``$`` and spans at most
    two whitespace characters (``_NAME_LEAD``, ``_CAPITALISED_BEFORE``): the scan starts
    ``BEFORE`` characters back when that stretch holds three or more words, so no match can
    begin before it (a search from 0 tries every offset of the sentence for every word)."""
    window = max(0, start - BEFORE)
    if window and len(text[window:start].split()) >= 4:
        return pattern.search(text, window, start)
    return pattern.search(text, 0, start)


_MARKUP = re.compile(r"\\(?:textsc|textbf|emph|textit|texttt|mathsf|mathtt|textsf)\{"
                     r"(?P<tex>[^{}\n]{1,60})\}|(?<![*\w])(\*{1,3})(?P<md>[^*\n]{1,60}?)\2(?![*\w])")


def _marked_spans(sentences: Sequence[str]) -> list[str]:
    """Plain text of short marked-up spans (at most four words, no parenthesis) in the
    source."""
    out = []
    for sentence in sentences:
        if "\\" not in sentence and "*" not in sentence:
            continue  # nothing marked up: skip the scan
        for m in _MARKUP.finditer(sentence):
            inner = plain_text(m.group("tex") or m.group("md") or "").strip(" ,.:;")
            if inner and len(inner.split()) <= 4 and len(inner) <= 40 and not inner.islower() \
                    and "(" not in inner:  # "\textbf{Chain-of-Influence (CoI)}": two names
                out.append(inner)
    return out


def _repository_names(links: Sequence[str]) -> list[str]:
    """Coined repository names of the abstract's code links (``Co-Mixup``), as spelled."""
    out = []
    for url in links:
        parts = urlsplit(url)
        segments = [s for s in parts.path.split("/") if s]
        if (parts.hostname or "").removeprefix("www.") in _FORGES and len(segments) >= 2 \
                and is_coined(segments[1]) and segments[1] not in COMMON_NAMES \
                and len(segments[1]) <= 20 and segments[1].count("-") <= 1:  # not a slug
            out.append(segments[1].removesuffix(".git"))
    return out


def _link_names(links: Sequence[str]) -> list[str]:
    """The last non-empty path segment of each link, lower case, without ``-``/``_``/``.``."""
    out = []
    for url in links:
        segments = [s for s in urlsplit(url).path.split("/") if s]
        if segments:
            out.append(_NON_ALNUM.sub("", segments[-1].lower().removesuffix(".git")))
    return out


def _long_form_of(name: str, occ: Sequence[Occurrence]) -> str | None:
    """The long form spelled just before ``(name)``, or after ``name (``."""
    for o in occ:
        if o.before.endswith("(") and o.after.startswith(")"):
            found = long_form(o.before[:-1], name)
            if found:
                return found
        if o.after.startswith(" (") or o.after.startswith("("):
            inside = o.after.lstrip()[1:].split(")", 1)[0]
            if long_form(inside, name) == inside.strip() and len(inside.split()) >= 2:
                return inside.strip()
    return None


def long_form(words: str, acronym: str) -> str | None:
    """The tail of ``words`` that spells ``acronym``: ``Lorentz Local Canonicalization`` for
    ``LLoCa``, ``surprise minimizing reinforcement learning`` for ``SMiRL``, ``Deep
    Constraint Completion and Correction`` for ``DC3`` (a capital followed by 2-4 counts that
    many times).

    A tail fits when its first word starts with the acronym's first letter, the initials of its
    content words occur in the acronym in order (one trailing word such as "networks" may be
    extra), and the acronym's letters occur in the tail in order. The longest fit wins, within
    a window of ``len(acronym) + 3`` words (after Schwartz & Hearst, PSB 2003).
    """
    expanded = re.sub(r"([A-Z])([2-4])(?!\d)", lambda m: m.group(1) * int(m.group(2)), acronym)
    for spelled in dict.fromkeys((acronym, expanded)):
        found = _long_form(words, spelled)
        if found:
            return found
    return _capitals_spell(words, acronym)


def _capitals_spell(words: str, acronym: str) -> str | None:
    """A long form whose capitals spell the acronym, wherever they stand in the words
    (``GaUssian regressIon-driven ... mAnifold Regularization (GUITAR)``): the shortest tail
    of at most ``len(acronym) + 4`` words that starts with the acronym's first letter and
    whose capitals hold the acronym's letters in order."""
    letters = [c for c in acronym if c.isupper()]
    if len(letters) < 3:
        return None
    tokens = words.split()
    for k in range(1, min(len(tokens), len(letters) + 4) + 1):
        cand = tokens[-k:]
        if cand[0][:1] == letters[0] and _subsequence(
                [c.lower() for c in letters], "".join(c for c in " ".join(cand) if c.isupper())):
            inner = sum(1 for t in cand for c in t[1:] if c.isupper())
            return _unmarked(" ".join(cand)) if inner else None
    return None


_MARKED_PART = re.compile(r"(?<![\w])([A-Za-z])([a-z]*[A-Z][a-z]*)(?![\w])")


def _unmarked(words: str) -> str:
    """``words`` without the capitals that spell an acronym inside its words, each word (and
    part of a hyphenated word) of letters keeping only its first letter's case: "Geometry
    Problem sOlver" -> "Geometry Problem solver", "GaUssian regressIon-driven" -> "Gaussian
    regression-driven" (an expansion shows as the words it is; the title cases them)."""
    return _MARKED_PART.sub(lambda m: m.group(1) + m.group(2).lower(), words)


def _long_form(words: str, acronym: str) -> str | None:
    upper = [c.lower() for c in acronym if c.isupper()]
    letters = upper if len(upper) >= 2 else [c.lower() for c in acronym if c.isalnum()]
    if not letters or not letters[0].isalpha():
        return None
    tokens = words.split()
    best = None
    for k in range(1, min(len(tokens), len(letters) + 3) + 1):
        if _spells(tokens[-k:], letters):
            best = " ".join(tokens[-k:])
    return best.strip(" ,;:") if best else None


def _spells(cand: list[str], letters: list[str]) -> bool:
    """The words ``cand`` can be the long form of an acronym of ``letters``: the first word
    starts with its first letter (and is no stop word: "of an Option Position Agent" starts
    at "Option"), the content words' initials are in the acronym in order (the last may
    not be), and the acronym's letters are in the words in order."""
    content = [t for t in cand if t.lower() not in STOP_WORDS]
    if not content or not cand[0][:1].isalnum() or cand[0][0].lower() != letters[0] \
            or cand[0].lower() in STOP_WORDS:
        return False
    initials = [p[0].lower() for p in content]
    spelt = "".join(letters)
    if not (_subsequence(initials, spelt) or _subsequence(initials[:-1], spelt)):
        return False
    return _subsequence(letters, " ".join(cand))


def _subsequence(letters: Sequence[str], text: str) -> bool:
    it = iter(text.lower())
    return all(ch in it for ch in letters)
