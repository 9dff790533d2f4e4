"""Derive a title a reader would recognise: the name the abstract introduces plus what it is,
or else a noun phrase of what the paper contributes.

Candidates, in order of preference:

1. ``Name: descriptor`` when the abstract names its contribution (``generator.extract.names``);
   the descriptor is the name's long form, its appositive (``MONGOOSE, an end-to-end LSH
   framework``), the phrase an introducing verb gives it (``a new method for black-box
   optimization, PROTES``), or the finding below;
2. the finding: what the contribution sentence says the paper does (``We study X`` -> ``X``,
   ``we show that X`` -> the claim ``X``), from the highlight first, then the other sentences;
3. ``Field: finding`` when the opening sentence's subject names the field the finding is
   about.

The first candidate without a defect wins (``title_problems``: a title never opens with a
discourse word or pronoun, never ends on a function word or an open bracket, is never a
single word, never holds a formula longer than a short symbol, and has at most ``MAX_TITLE``
characters); if every candidate has one, the best is repaired. Titles are plain text in the
title case paper titles use.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache
from typing import Generic, NamedTuple, TypeVar

from generator.extract.lexicon import (
    CLAUSE_WORDS,
    CONTRIBUTION_VERBS,
    FINDING_VERBS,
    FUNCTION_WORDS,
    GENERIC_WORDS,
    INTRODUCING_VERBS,
    MINOR_WORDS,
    NOT_ACTIONS,
    OPENING_WORDS,
    POINTING_WORDS,
)
from generator.extract.names import Name, find_name, is_coined
from generator.extract.sentences import contribution_rank
from generator.extract.title_domain import complements, domain_keys, key_words
from generator.extract.title_model import TitleModel, load_title_bounds, load_title_model
from generator.extract.title_spans import (
    SENTENCES,
    TOKEN,
    Ranked,
    SpanModel,
    load_span_model,
    tokens,
    top_spans,
)
from generator.infra.registry import Registry
from generator.text.markup import Math, math_to_text, to_plain, tokenize

MAX_TITLE = 90
# Stands for a formula longer than a short symbol in a title's working text: phrases are cut
# before it, so no title carries one.
FORMULA = "\ue000"
_SHORT_SYMBOL = re.compile(r"[^\W_]{1,2}[\d′']?|[^\W_]_?\d|ℓ_?[\dp∞]")
_USED_RESOURCE = re.compile(r"\b([A-Z][\w-]*[A-Z0-9][\w-]*)\s+(?:Datasets?|Benchmarks?|Corpus|"
                            r"Corpora|Suite)\b|\b(?:on|with|using)\s+(?:the\s+)?"
                            r"([A-Z][\w-]*[A-Z0-9][\w-]*)\b")
_CLOSE = {")": "(", "]": "[", "}": "{"}
_EDGES = re.compile(r"^[\W_]+|[\W_]+$")
_CALL = re.compile(r"\w\(")
_LOWER_WORD = re.compile(r"[a-z]+(?:-[a-z]+)*")
_FORMULA_CHARS = re.compile(r"[=<>≤≥^_\\{}$∑∏∫∈∉∀∃→←⇒⇔≈≠±∞" + FORMULA + "]")

_FINDING = re.compile(
    r"\b(?:we|this\s+(?:paper|work|study)|our\s+(?:paper|work)|the\s+(?:paper|work))\s+"
    r"(?:\w+ly\s+|further\s+|also\s+|then\s+|first\s+)?"
    r"(?P<verb>(?:study|investigate|analy[sz]e|revisit|examine|consider|characteri[sz]e|"
    r"propose|introduce|present|develop|design|provide|offer|give|establish|derive|recast|"
    r"cast|frame|reframe|extend|generali[sz]e|define|formulate|predict|try to address|address|"
    r"tackle|explore|uncover|identify|construct|build|release|curate|collect|create|devise|"
    r"put forward|put forth|focus on|aim to (?:understand|improve|address|bridge|close|develop)|"
    r"set out to (?:investigate|study|explore|understand|examine|analy[sz]e|develop|design)|"
    r"seek to (?:understand|improve|address)|prove|show|demonstrate|find|found|observe|argue|"
    r"report|reveal|discover|obtain|bridge|close|resolve|settle|answer)(?:s|es|d|ed)?)"
    r"\s+(?P<that>that\s+)?(?P<np>.+)",
    re.I,
)
_CLAUSE_VERBS = re.compile(r"^(?:prove|show|demonstrate|find|found|observe|argue|report|reveal|"
                           r"discover|establish)", re.I)
_CLAUSE_END = re.compile(
    r"(?<!showing)(?<!proving)(?<!designed)(?<!compared)(?<!relative)\s+(?:that|which|whose|where|"
    r"whereby|while|whilst|thereby|by|using|to (?!\w+ing\b)|in order to|through|with the goal|"
    r"so that|such that|as well as|and (?:provide|show|derive|demonstrate|empirically|"
    r"evaluate|validate|achieve|prove|establish|use|apply|test|release))\b"
    r"|,\s+(?=\w+(?:ing|ed)\b(?!-))|,\s+(?=which|where|while|and|but|thus|so|a |an |the |"
    r"we |it |this |these |our |as |in |on |for |with |by |to |from |i\.e|e\.g|namely|including)"
    r"|[;:.]\s|[;:]|\.$|\s+[—–]\s*|\s+-{1,3}\s+"
)
_PARENTHETICAL = re.compile(r"\s*\([^()]{0,60}\)|\s*—[^—]{1,60}—")  # an aside
_LEAD_WORDS = re.compile(r"^(?:(?:a|an|the|our|novel|new|simple|general|first|two|three|this|"
                         r"these|several|some|various|different|certain|unified|generic|"
                         r"principled|family\s+of|class\s+of|kind\s+of|set\s+of|variety\s+of|"
                         r"series\s+of|number\s+of|range\s+of)(?:\s*,|\s+and|\s+or|\s+yet|\s+but)?\s+)+",
                         re.I)
_FILLER = re.compile(r"^(?:the\s+)?(?:notion|problem|fundamentals|use|question|task|issue|"
                     r"challenge|idea|concept|importance|role|effect|impact)\s+of\s+", re.I)
_OPENER = re.compile(r"^(?:(?:in|with)\s+this\s+(?:paper|work|study|article)|here|to\s+this\s+"
                     r"end|to\s+(?:address|tackle|overcome|solve|bridge|fill|close|mitigate|"
                     r"alleviate|remedy|resolve)\s+[^,]{0,80}|motivated\s+by\s+[^,]{0,80}|"
                     r"inspired\s+by\s+[^,]{0,80}|building\s+(?:up)?on\s+[^,]{0,80}|based\s+on"
                     r"\s+[^,]{0,80}|specifically|finally|first|second|third|then|next|"
                     r"moreover|furthermore|additionally|in\s+addition|further|thus|therefore|"
                     r"hence|consequently|accordingly|however|instead|in\s+particular|notably|"
                     r"importantly|concretely|technically|theoretically|empirically|"
                     r"in\s+(?:this|that|such\s+a)\s+(?:setting|context|case|regard|scenario)|"
                     r"for\s+this\s+purpose|as\s+a\s+result|overall|to\s+do\s+so|"
                     r"along\s+(?:this|these)\s+lines?)\s*,?\s+", re.I)
_LENS = re.compile(r"\b(?:through the lens of|by means of|in terms of|from the perspective of)"
                   r"\s+(?P<np>.+)", re.I)
_PRONOUN_START = re.compile(r"^(?:these|this|that|those|such|it|them|our|its|their|they|"
                            r"which|what|how|whether|why|when|where|here|there)\b", re.I)


MAX_CANDIDATES = 4  # a title is chosen among the first this many candidates (speed)
RANK_COST = 0.1  # title-model score a candidate loses per candidate before it
# Content words a long form needs to win outright: "FU: Federated Unlearning" only spells the
# name out; a shorter one competes with the descriptors that say what the paper does.
LONG_WORDS = 4
MIN_WORDS = 3  # content words (``_content_words``) a title says what the paper does with


def derive_title(sentences: Sequence[str], highlight: str, links: Sequence[str] = ()
                 ) -> tuple[str | None, str]:
    """The paper's name (or ``None``) and its title: of the rules' title (``rule_title``)
    and the best usable spans of the contribution sentences (``title_spans``), the one the
    span model scores highest (``SpanModel.score``; the rules' descriptor is scored where
    its words stand in a contribution sentence, else on its own); ``Name: `` in front of a
    span when the paper has a name. Without a span model file: the rules' title.

    Args:
        sentences: the abstract's sentences (source text).
        highlight: the contribution sentence (one of ``sentences``).
        links: normalised URLs of the abstract (a repository name can confirm a name).

    Returns:
        ``(name, title)``; the title is never empty unless the abstract has no words, and has
        no defect (``title_problems``) unless no candidate could be repaired.
    """
    found = find_name(sentences, highlight, links)
    name, title = _chosen(found, sentences, highlight)
    return name, _with_domain(title, sentences, highlight)


def _with_domain(title: str, sentences: Sequence[str], highlight: str) -> str:
    """``title`` with the task or domain added when it lacks the abstract's key words
    (``title_domain.domain_keys``): the first added phrase that leaves no defect, fits
    ``MAX_TITLE`` and is not cut (``_cut``)."""
    model = load_title_model()
    if model is None or not sentences:
        return title
    source = SourceText.of(sentences)
    keys = domain_keys(title, key_words(source.text, model))
    if not keys:
        return title
    texts = [title_text(s) for s in by_contribution(sentences, highlight)]
    spans = load_span_model()
    verbs = spans.lm.verbs if spans is not None else frozenset()
    for link, phrase in complements(title, texts, keys, model, verbs)[:DOMAIN_TRIES]:
        joined = f"{title} {link} {_title_case(phrase)}"
        if len(joined) <= MAX_TITLE and not title_problems(joined) and \
                not _cut(joined, source.low, source):
            return joined
    return title


DOMAIN_TRIES = 3  # added phrases tried (speed)


def _chosen(found: Name | None, sentences: Sequence[str], highlight: str
            ) -> tuple[str | None, str]:
    """The name and the title ``derive_title`` chooses before the domain is added."""
    name, title = rule_title(found, sentences, highlight)
    spans = load_span_model()
    if spans is None or not sentences:
        return name, title
    words = SourceText.of(sentences)
    head = f"{name}: " if name and title.startswith(f"{name}: ") else ""
    if name and not head or not name and any(map(_coined, title.split())):
        return name, title  # a name stands inside the rules' title: a span would lose it
    texts = [title_text(s) for s in by_contribution(sentences, highlight)[:SENTENCES]]
    ranked = spans.ranked(texts, name)
    descriptor = title[len(head):]
    source = " ".join(texts).lower()
    if head and _says_what_not_for(descriptor, found):
        with_task = _with_task(ranked, title, source, words)
        if with_task:
            return name, with_task
    weak = _content_words(descriptor) < MIN_WORDS
    best = (float("-inf") if weak else
            _rule_score(spans, descriptor, texts, name) + SPAN_MARGIN, title)
    for span in _span_titles(ranked, name, source, words):
        best = max(best, span)
    return name, best[1]


_TASK_LINKS = frozenset(("for",))


TASK_WORDS = 4  # content words of a descriptor that says what the method is, not what for


def _says_what_not_for(descriptor: str, found: Name | None) -> bool:
    """``descriptor`` (after ``Name: ``) says what the method is but not what it is for: the
    name's spelt-out form ("FU: Federated Unlearning"), or a phrase of at most
    ``TASK_WORDS`` content words without "for" ("MetaUrban: Compositional Simulation
    Platform")."""
    if found is not None and descriptor == _title_case(found.long_form or ""):
        return True
    words = descriptor.lower().split()
    return "for" not in words and not words[0].endswith("ing") and \
        _content_words(descriptor) <= TASK_WORDS  # "Using X to Induce ..." is no noun phrase


def _with_task(ranked: Sequence[Ranked], title: str, source: str, words: SourceText
               ) -> str | None:
    """``Name: Descriptor for Task`` (``_says_what_not_for``): the best span after "for" in
    the contribution sentences (two content words or more, sharing no word with the title)
    gives the task or domain; not cut (``_cut``, against the lower-case ``source`` text and
    the abstract's text ``words`` (``SourceText``)).
    ``None`` when no such span makes a usable title."""
    for span in top_spans(ranked, SPAN_TRIES, _TASK_LINKS):
        phrase = _LEAD_WORDS.sub("", span.text)
        if _content_words(phrase) < 2 or _shares_word(phrase, title):
            continue
        joined = f"{title} {span.before} {_title_case(phrase)}"
        if len(joined) <= MAX_TITLE and not _cut(joined, source, words) and \
                not title_problems(joined):
            return joined
    return None


def _coined(word: str) -> bool:
    """A coined word of ``COINED_LENGTH`` characters or more ("INTIMA", not "LLMs"): a name
    that ``find_name`` did not take but the title should keep."""
    return len(word) >= COINED_LENGTH and is_coined(word.strip(",;:()"))


COINED_LENGTH = 5


def _cut(title: str, source: str, words: SourceText) -> bool:
    """``title`` ends mid-phrase by the title model (``TitleModel.cut``, or
    ``TitleModel.continued`` in ``source``), as the evaluation's ``cut`` defect counts, or
    by a completeness rule (``incomplete``) against the abstract's text ``words``."""
    model = load_title_model()
    return model is not None and (model.cut(title) or model.continued(title, source)) or \
        bool(incomplete(title, words))


SPAN_TRIES = 5  # best spans tried for a usable title (speed)
_NO_OPENING = ("ed", "ly")  # a span opening on a lower-case participle or adverb is no title
# Span-model score a span needs above the rules' title to replace it, read off the dev split.
SPAN_MARGIN = 0.3


def _span_titles(ranked: Sequence[Ranked], name: str | None, source: str,
                 words: SourceText) -> Iterator[tuple[float, str]]:
    """``(score, title)`` of the best spans (``ranked``) that make a usable title: title
    case, leading articles and "novel" dropped (``_LEAD_WORDS``), ``MIN_WORDS`` content words
    or more (a bare topic, "Large Language Models", says nothing of the paper), no defect, not
    cut (``_cut`` against ``source``, the lower-case text the spans come from, and the
    abstract's word pairs ``words``), not repeating the name; ``Name: `` in front when the paper
    has one."""
    for span in top_spans(ranked, SPAN_TRIES):
        phrase = _LEAD_WORDS.sub("", span.text)
        if not phrase or phrase.split()[0].endswith(_NO_OPENING):  # "used in X", "efficiently"
            continue
        if _content_words(phrase) < MIN_WORDS or name and carries_name(phrase, name):
            continue
        title = f"{name}: {_title_case(phrase)}" if name else _title_case(phrase)
        if _cut(title, source, words) or title_problems(title):
            continue
        yield span.score, title


def _rule_score(spans: SpanModel, descriptor: str, texts: list[str], name: str | None
                ) -> float:
    """The span model's score of the rules' ``descriptor``: where its words stand in one of
    ``texts`` (case-insensitive; the first place), else as a sentence of its own."""
    words = [t.lower() for t in tokens(descriptor)]
    for rank, text in enumerate(texts):
        toks = tokens(text)
        low = [t.lower() for t in toks]
        for i in range(len(low) - len(words) + 1):
            if low[i:i + len(words)] == words:
                return spans.score(toks, i, i + len(words), rank, name)
    toks = tokens(descriptor)
    return spans.score(toks, 0, len(toks), 0, name) if toks else float("-inf")


def rule_title(found: Name | None, sentences: Sequence[str], highlight: str
               ) -> tuple[str | None, str]:
    """The rules' name and title for the paper named ``found`` (module docstring for the
    rules).

    Of the candidates (``title_candidates``) without a defect (``title_problems``, after
    ``repair``) and not cut mid-phrase (``TitleModel.cut``), the one the title model scores
    highest wins (without a model file: the first); when the paper has a name, only
    candidates that carry it compete, else the best one gets ``Name: `` in front.

    Args:
        found: the paper's name (``find_name``) or ``None``.
        sentences: the abstract's sentences (source text).
        highlight: the contribution sentence (one of ``sentences``).

    Returns:
        ``(name, title)`` as ``derive_title`` returns them.
    """
    name = found.name if found else None
    model = load_title_model()
    named, other = _best_candidates(found, sentences, highlight, model)
    if named:
        return name, named
    if name and other and len(with_name := f"{name}: {other}") <= MAX_TITLE \
            and not title_problems(with_name):
        return name, with_name
    if other:
        return name, other
    return name, _last_resort(name, sentences, highlight, model)


def _best_candidates(found: Name | None, sentences: Sequence[str], highlight: str,
                     model: TitleModel | None) -> tuple[str | None, str | None]:
    """The best usable candidate that carries the name and the best one that does not (each
    ``None`` when there is none): the name's long form first when it has ``LONG_WORDS``
    content words (a shorter one only spells the name out), then candidates of at least
    ``MIN_WORDS`` content words besides the name (a shorter one rarely says what the paper
    does and in which domain: "Federated Learning", "Framework for Building Models"), then the
    title model's score less ``RANK_COST`` per earlier candidate (the order of preference
    still counts; without a model file: the first)."""
    name = found.name if found else None
    best: dict[bool, tuple[tuple[bool, bool, float], str]] = {}
    source = _Once(lambda: " ".join(map(title_text, sentences)).lower())
    words = _Once(lambda: SourceText.of(sentences))
    for n, (kind, candidate) in enumerate(title_candidates(found, sentences, highlight)):
        if n >= MAX_CANDIDATES:
            break
        title = _usable(candidate, model)
        if not title or model is not None and model.continued(title, source()) or \
                incomplete(title, words()):
            continue
        score = _preference(kind, title, name, n, model)
        carried = name is not None and carries_name(title, name)
        if carried not in best or (score, title) > best[carried]:
            best[carried] = (score, title)
        if model is None and (True in best or name is None):
            break
    return _title_of(best, True), _title_of(best, False)


def _preference(kind: str, title: str, name: str | None, n: int, model: TitleModel | None
                ) -> tuple[bool, bool, float]:
    """How much ``_best_candidates`` prefers the ``n``-th candidate ``title`` (of ``kind``),
    higher first: a long form with ``LONG_WORDS`` content words, ``MIN_WORDS`` content words
    besides the name, then the model's score less ``RANK_COST`` per earlier candidate
    (``-n`` without a model)."""
    descriptor = title.partition(": ")[2] if ": " in title else title
    return (kind == "long" and _content_words(descriptor) >= LONG_WORDS,
            _content_words(descriptor) >= MIN_WORDS,
            model.score(kind, title, name) - RANK_COST * n if model is not None else -n)


def _title_of(best: dict[bool, tuple[tuple[bool, bool, float], str]], carried: bool
              ) -> str | None:
    """The title ``best`` keeps for ``carried`` (whether it carries the name), or ``None``."""
    return best[carried][1] if carried in best else None


def _content_words(text: str) -> int:
    """Words of ``text`` that say something: not function words, not generic ones
    ("Framework for Building Models" has one)."""
    return sum(_bare(w) not in FUNCTION_WORDS and _bare(w) not in GENERIC_WORDS
               for w in text.split())


def _last_resort(name: str | None, sentences: Sequence[str], highlight: str,
                 model: TitleModel | None) -> str:
    """A title when no candidate is usable: the most title-like run of words
    (``_best_chunk``), else the highlight repaired and shortened; ``Name: `` in front when it
    fits."""
    chunk = _best_chunk(sentences, highlight, model) if model is not None else None
    if chunk:
        with_name = f"{name}: {chunk}" if name and name.lower() not in chunk.lower() else chunk
        return chunk if len(with_name) > MAX_TITLE or title_problems(with_name) else with_name
    text = title_text(highlight) if highlight else " ".join(map(title_text, sentences))
    fallback = repair(shorten(_title_case(text)))
    if name and name.lower() not in fallback.lower():
        fallback = _fit(f"{name}: ", fallback) if fallback else name
    return fallback


def carries_name(title: str, name: str) -> bool:
    """``title`` holds ``name`` as a whole word (case-insensitive): "LLoCa-transformers" does
    not hold "LLoCa"."""
    if title.isascii() and name.isascii():  # case folds as in str.lower(): no pattern to compile
        low, key = title.lower(), name.lower()
        at = low.find(key)
        while at >= 0:
            end = at + len(key)
            if not (at and _word_char(low[at - 1])) and not (end < len(low) and
                                                             _word_char(low[end])):
                return True
            at = low.find(key, at + 1)
        return False
    return _whole_word(name).search(title) is not None


def _word_char(ch: str) -> bool:
    r"""``ch`` is one of ``[\w-]`` (``re``'s ``\w``: alphanumeric or ``_``)."""
    return ch.isalnum() or ch in "_-"


@lru_cache(maxsize=256)  # one name per paper, asked of every candidate: compile it once
def _whole_word(name: str) -> re.Pattern[str]:
    """The pattern ``carries_name`` searches for ``name`` (a whole word, any case)."""
    return re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])", re.I)


def _usable(candidate: str, model: TitleModel | None) -> str | None:
    """``candidate``, repaired when it has a defect (``repair``), and ending where a phrase
    ends (``_to_phrase_end``); ``None`` when that leaves a defect."""
    candidate = _RELATIVE_VERB.sub(_reduced, candidate)
    title = candidate if not title_problems(candidate) else repair(candidate)
    if title and model is not None and model.cut(title):
        title = _to_phrase_end(title, model)
    return title if title and not title_problems(title) else None


# "Algorithm That Sorts n Items" -> "Algorithm Sorting n Items": a relative clause reduced to
# the participle titles use.
_RELATIVE_VERB = re.compile(r"\b(?:[Tt]hat|[Ww]hich)\s+([A-Za-z][a-z]+(?:es|s))\b")  # not "LLMs"


def _reduced(m: re.Match[str]) -> str:
    verb = m.group(1)
    if base_form(verb).lower() in NOT_ACTIONS or base_form(verb) == verb.lower():
        return m.group(0)  # "that is", "which has": no action to turn into a participle
    gerund = _gerund(verb)
    return gerund[:1].upper() + gerund[1:] if verb[:1].isupper() else gerund


_MAX_TRIM = 3  # trailing words a cut phrase may lose ("Language Model Specifically Optimized")


def _to_phrase_end(title: str, model: TitleModel) -> str | None:
    """``title`` without the (at most ``_MAX_TRIM``) trailing words after its last word that
    can end a title, or ``None``: "Survey Collection Framework Driven" -> "Survey Collection
    Framework"."""
    words = title.split()
    for drop in range(1, min(_MAX_TRIM, len(words) - 2) + 1):
        shorter = _trim_end(" ".join(words[:-drop]))
        if len(shorter.split()) >= 2 and not model.cut(shorter):
            return shorter
    return None


_CHUNK_BREAK = re.compile(r"[,;:()\[\]\.!?\"“”]|\s[—–-]\s")
_LINKS = frozenset(("of", "for", "in", "on", "with", "via", "and", "under", "from", "to"))
_MIN_TITLE_WORD = -3.5  # title log-odds a chunk's content word needs ("risk", not "often")


def _best_chunk(sentences: Sequence[str], highlight: str, model: TitleModel) -> str | None:
    """The last resort when no candidate has a clean form: the most title-like run of words
    of the highlight or the sentences after it that all appear in titles (``_MIN_TITLE_WORD``)
    joined by ``_LINKS``, two to ten words ending on a word that ends titles."""
    best: tuple[float, str] | None = None
    for text in map(title_text, by_contribution(sentences, highlight)[:3]):
        for piece in _CHUNK_BREAK.split(text):
            for chunk in _runs(piece.split(), model):
                form = _usable(_title_case(chunk), model)
                if form and 2 <= len(form.split()) <= 10:
                    score = model.score("subject", form, None)
                    best = max(best or (score, form), (score, form))
    return best[1] if best else None


def _runs(words: list[str], model: TitleModel) -> Iterator[str]:
    """Maximal runs of title words (``_MIN_TITLE_WORD``), linked by ``_LINKS`` inside."""
    run: list[str] = []
    for word in [*words, ""]:
        bare = _bare(word)
        good = bare and bare not in POINTING_WORDS and bare not in OPENING_WORDS and \
            model.title.get(bare, 0.0) >= _MIN_TITLE_WORD
        if good or (run and bare in _LINKS):
            run.append(word)
            continue
        while run and _bare(run[-1]) in _LINKS:
            run.pop()
        if len(run) >= 2:
            yield " ".join(run)
        run = []


def title_candidates(found: Name | None, sentences: Sequence[str], highlight: str
                     ) -> Iterator[tuple[str, str]]:
    """``(kind, title)`` candidates in order of preference (module docstring), before the
    defect check: ``Name: descriptor`` forms (kind ``name``), then ``Field: finding``
    (``field``), findings (``finding``) and the field alone (``subject``). A phrase too long
    for a title gives its shorter complete forms (``complete_forms``), never a cut one. Made
    lazily: a caller that stops early computes no more."""
    order = _Lazy(map(title_text, by_contribution(sentences, highlight)))
    findings = _Lazy(_findings(order))
    if found is not None:
        head = f"{found.name}: "
        for descriptor in _descriptors(found, order, findings):
            kind = "long" if descriptor == found.long_form else "name"
            for form in complete_forms(_title_case(descriptor), MAX_TITLE - len(head)):
                yield kind, head + form
    subject = _subject(title_text(sentences[0])) if sentences else None
    yield from _field_forms(subject, next(iter(findings), None))
    for phrase in findings:
        for form in complete_forms(_title_case(phrase)):
            yield "finding", form
    if subject and len(subject.split()) >= 2:
        for form in complete_forms(_title_case(subject)):
            yield "subject", form


def _field_forms(subject: str | None, first: str | None) -> Iterator[tuple[str, str]]:
    """``Field: finding`` candidates: "Prediction with Expert Advice: Fundamental Limits on
    Performance" names the field the finding is about, as paper titles do (a field of two
    words or more that the finding does not already name)."""
    if subject and len(subject.split()) >= 2 and first and not _shares_word(subject, first):
        head = f"{_title_case(subject)}: "
        for form in complete_forms(_title_case(first), MAX_TITLE - len(head)):
            yield "field", head + form


def complete_forms(phrase: str, limit: int = MAX_TITLE) -> Iterator[str]:
    """``phrase`` when it fits in ``limit`` characters, then its shorter forms that end where
    a phrase ends (before a joining word: ``for``, ``of``, ``with``, ``that`` ...), longest
    first, at most three in all; a form of fewer than two words is none."""
    phrase = " ".join(phrase.split()).strip(" ,;:")
    made = 0
    if len(phrase) <= limit:
        made += 1
        yield phrase
    cuts = sorted({m.start() for m in _CLAUSE_JOIN.finditer(phrase)}
                  | {m.start() for m in _JOIN.finditer(phrase)}, reverse=True)
    for cut in cuts:
        if made >= 3:
            return
        form = phrase[:cut].strip(" ,;:")
        if len(form) <= limit and len(form.split()) >= 2:
            made += 1
            yield form


T = TypeVar("T")


class _Once(Generic[T]):
    """The value of ``make()``, made when the instance is first called and then kept (only a
    candidate that gets that far needs the text). Cheaper to set up per abstract than an
    ``lru_cache`` wrapper, which copies the function's attributes."""

    __slots__ = ("_make", "_value")

    def __init__(self, make: Callable[[], T]) -> None:
        self._make: Callable[[], T] | None = make
        self._value: T | None = None

    def __call__(self) -> T:
        if self._make is not None:
            self._value, self._make = self._make(), None
        return self._value  # type: ignore[return-value]


class _Lazy:
    """A sequence read from an iterator only as far as it is used, and kept for re-reading."""

    def __init__(self, items: Iterable[str]) -> None:
        self._source = iter(items)
        self._items: list[str] = []

    def __iter__(self) -> Iterator[str]:
        i = 0
        while True:
            if i == len(self._items):
                try:
                    self._items.append(next(self._source))
                except StopIteration:
                    return
            yield self._items[i]
            i += 1


@lru_cache(maxsize=4096)
def title_text(source: str) -> str:
    """Plain text of ``source`` for titles: whitespace collapsed, and every formula longer
    than a short symbol (``k``, ``ℓ2``, ``d′``) replaced by ``FORMULA``."""
    parts = []
    for tok in tokenize(source):
        if isinstance(tok, Math):
            text = " ".join(math_to_text(tok.tex).split())
            parts.append(text if _SHORT_SYMBOL.fullmatch(text) else f" {FORMULA} ")
        else:
            parts.append(to_plain((tok,)))
    return " ".join("".join(parts).split())


@lru_cache(maxsize=4096)  # a candidate is checked before and after repair, and by the caller
def title_problems(title: str) -> tuple[str, ...]:
    """The defects of a title: the names of the ``TITLE_CHECKS`` that fire on it, in registry
    order; empty when it has none."""
    words = title.split()
    if not words:
        return ("one-word",)
    return tuple(name for name, check in zip(TITLE_CHECKS.names(), TITLE_CHECKS, strict=True)
                 if check(title, words))


def _opener(title: str, words: list[str]) -> bool:
    """Opens (or its part after ``: `` opens) with one of the ``OPENING_WORDS``."""
    after = title.partition(": ")[2].split()[:1]
    return _bare(words[0]) in OPENING_WORDS or bool(after) and _bare(after[0]) in (
        OPENING_WORDS - {"first"})


def _dangling(title: str, words: list[str]) -> bool:
    """Ends on one of the ``FUNCTION_WORDS``, an open bracket or a hyphen."""
    return words[-1][-1:] in "([{-" or re.search(r"\(\w{0,3}$", words[-1]) is not None or \
        _bare(words[-1]) in FUNCTION_WORDS


def _descriptor_says_nothing(title: str, words: list[str]) -> bool:
    """What follows ``Name: `` says nothing: generic words only, one word, or opens with
    "The" ("GADIC: The Machine Learning")."""
    head, sep, descriptor = title.partition(": ")
    parts = descriptor.split()
    return bool(sep and parts) and (_generic(descriptor) or len(parts) < 2
                                    or _bare(parts[0]) == "the")


def _verb_opening(title: str, words: list[str]) -> bool:
    """Opens (or its part after ``: `` opens) with a contribution or finding verb in its base
    form ("Propose Atom of Thoughts"): a sentence's verb left over, not a title."""
    after = title.partition(": ")[2].split()[:1]
    return any(_bare(w) in _BASE_VERBS for w in (words[0], *after))


# Those that are nouns too open real titles ("Design Space of ...", "Study of ...").
_BASE_VERBS = frozenset(v for v in INTRODUCING_VERBS + FINDING_VERBS if " " not in v) - {
    "design", "study", "release", "offer", "present", "construct", "build"}


def _finite_verb(title: str, words: list[str]) -> bool:
    """Holds a finite verb without its subject: right after a function word or an adverb
    ("GeoDP: DP-SGD and Theoretically Derive the Impact", "X and Derive Y"), a sentence's
    leftover, not a noun phrase. A verb after its subject states a claim, as titles do
    ("Transformers Learn In-Context"); one after "to" is a purpose ("Learning to Rank").
    The verbs are the span model's (``TitleLM.verbs``, learned from the arXiv abstracts);
    no "-ly" adverb counts as one ("Fully Convolutional")."""
    spans = load_span_model()
    if spans is None:
        return False
    verbs = spans.lm.verbs
    low = [_bare(w) for w in words]
    return any(w in verbs and not w.endswith("ly") and low[k - 1] != "to" and
               (low[k - 1] in FUNCTION_WORDS or low[k - 1].endswith("ly"))
               for k, w in enumerate(low) if k)


def _names_used_resource(title: str, words: list[str]) -> bool:
    """Names a dataset or benchmark other than the paper's own ("VERUS-LM: AR-LSAT Dataset",
    "... on the DEAP Dataset", "... with LoRA")."""
    head = title.partition(": ")[0]
    return any(m.group(1) != head for m in _USED_RESOURCE.finditer(title))


# The defect checks of a title, by name (``title_problems``; the evaluation counts them by the
# same names). Each takes the title and its words.
TITLE_CHECKS: Registry[Callable[[str, list[str]], bool]] = Registry()
for _priority, (_name, _check) in enumerate(reversed((
        ("opener", _opener),
        ("verb-opening", _verb_opening),
        ("dangling", _dangling),
        ("brackets", lambda title, words: not _balanced(title)),
        ("one-word", lambda title, words: len(words) == 1),
        ("formula", lambda title, words: _FORMULA_CHARS.search(title) is not None),
        ("long", lambda title, words: len(title) > MAX_TITLE),
        ("pointer", lambda title, words: any(_bare(w) in POINTING_WORDS for w in words)),
        ("clause", lambda title, words: any(_bare(w) in CLAUSE_WORDS for w in words[1:])),
        ("finite-verb", _finite_verb),
        ("generic", _descriptor_says_nothing),
        ("used", _names_used_resource)))):
    TITLE_CHECKS.register(_check, _name, _priority)


class SourceText(NamedTuple):
    """The title text of an abstract's sentences (``title_text``), joined by spaces, as
    written (``text``) and lower-case (``low``): where the completeness rules
    (``incomplete``) look up a title's end."""

    text: str
    low: str

    @classmethod
    def of(cls, sentences: Sequence[str]) -> SourceText:
        """The source text of ``sentences``."""
        text = " ".join(map(title_text, sentences))
        low = text.lower()
        return cls(text if len(low) == len(text) else low, low)  # same offsets in both

    def after(self, last: str) -> str | None:
        """The token (``title_spans.tokens``) after the first whole-word place of the
        lower-case words ``last`` ("w1 w2", joined by single spaces); ``None`` at the end of
        the text; ``NOWHERE`` when ``last`` stands nowhere."""
        at = self.low.find(last)
        while at >= 0:
            end = at + len(last)
            if (at == 0 or not self.low[at - 1].isalnum()) and \
                    (end == len(self.low) or not self.low[end].isalnum()):
                m = _NEXT_TOKEN.match(self.text, end)
                return m.group(1) if m else None
            at = self.low.find(last, at + 1)
        return NOWHERE


_NEXT_TOKEN = re.compile(r"\s*(" + TOKEN.pattern + ")")
NOWHERE = ""


def incomplete(title: str, source: SourceText) -> tuple[str, ...]:
    """The names of the ``COMPLETENESS`` rules that find ``title`` (its part after ``Name: ``)
    cut where it ends in the abstract (``source``), in registry order; empty when none does.
    Each rule sees the title's lower-case tokens and the abstract's token after the first
    place of the title's last three words, else its last two (``SourceText.after``; ``None``
    at the abstract's end). A title whose end stands nowhere in the abstract is not judged."""
    part = [t.lower() for t in tokens(title.partition(": ")[2] or title)]
    after = NOWHERE
    for n in (3, 2):  # the last three words place the end more surely than two
        if len(part) >= n and after == NOWHERE:
            after = source.after(" ".join(part[-n:]))
    if after == NOWHERE:
        return ()
    return tuple(name for name, rule in zip(COMPLETENESS.names(), COMPLETENESS, strict=True)
                 if rule(part, after))


def _goes_on(part: list[str], after: str | None) -> bool:
    """The abstract goes on with a token that seldom follows the end of an authors' title
    (``TitleBounds.goes_on``, learned from the arXiv pairs): "Dataset of Three-Span |
    Beam", "Aligning Model Design with | Dataset"."""
    bounds = load_title_bounds()
    return bounds is not None and bounds.goes_on(after)


def _of_complement(part: list[str], after: str | None) -> bool:
    """A noun the title gives an article ("the Basis", "an Extension") is followed by "of"
    in the abstract: the noun needs its complement ("Evaluating the Faithfulness | of")."""
    return after is not None and after.lower() == "of" and \
        any(w in _ARTICLES for w in part[-3:-1])


_ARTICLES = frozenset(("the", "a", "an"))


def _open_list(part: list[str], after: str | None) -> bool:
    """The title ends inside a list the abstract goes on with ("Combining Active Learning,
    Data Augmentation | , and ..."): its last comma opens an item of at most ``LIST_ITEM``
    words without a function word, and a comma, "and" or "or" follows in the abstract."""
    if after is None or after.lower() not in (",", "and", "or") or "," not in part:
        return False
    item = part[len(part) - part[::-1].index(","):]
    return len(item) <= LIST_ITEM and not any(w in FUNCTION_WORDS for w in item)


LIST_ITEM = 4


# The completeness rules of a title against its abstract, by name (``incomplete``); each takes
# the title's lower-case tokens and the abstract's token after its end.
COMPLETENESS: Registry[Callable[[list[str], str | None], bool]] = Registry()
for _priority, (_name, _rule) in enumerate(reversed((
        ("of-complement", _of_complement),
        ("open-list", _open_list),
        ("goes-on", _goes_on)))):
    COMPLETENESS.register(_rule, _name, _priority)


def repair(title: str) -> str:
    """Remove what makes ``title`` defective where that can be done by cutting: a formula and
    everything after it, unbalanced brackets (an unclosed one with what follows), opening
    discourse words, and trailing function words."""
    title = title.split(FORMULA)[0]
    m = _FORMULA_CHARS.search(title)
    if m:
        title = title[: m.start()]
    title = _cut_unbalanced(title)
    words = title.split()
    while words and _bare(words[0]) in OPENING_WORDS:
        words.pop(0)
    title = " ".join(words).strip(" ,;:-–—")
    title = _trim_end(title)
    # a coined name keeps the abstract's spelling ("scI2CL", "sDPO"): its case is the name
    if title and title[0].islower() and not is_coined(title.split()[0].rstrip(":,;")):
        title = title[0].upper() + title[1:]
    return title if len(title) <= MAX_TITLE else shorten(title)


@lru_cache(maxsize=8192)  # asked about the same words by every check
def _bare(word: str) -> str:
    return _EDGES.sub("", word).lower()


def _balanced(text: str) -> bool:
    stack: list[str] = []
    for ch in text:
        if ch in "([{":
            stack.append(ch)
        elif ch in _CLOSE and (not stack or stack.pop() != _CLOSE[ch]):
            return False
    return not stack


def _cut_unbalanced(text: str) -> str:
    """``text`` up to its first unclosed opening bracket, without stray closing ones."""
    out: list[str] = []
    opened: list[int] = []  # positions in ``out`` of the brackets still open
    for ch in text:
        if ch in _CLOSE:
            if not opened:
                continue  # a stray closer
            opened.pop()
        elif ch in "([{":
            opened.append(len(out))
        out.append(ch)
    return "".join(out[: opened[0]] if opened else out).rstrip()


def _trim_end(title: str) -> str:
    """Drop trailing function words, commas and open brackets."""
    words = title.split()
    while words:
        last = words[-1].rstrip(",;:")  # "scales," ends the phrase: only its comma goes
        if last and _bare(last) not in FUNCTION_WORDS and last[-1:] not in "([{-":
            words[-1] = last
            break
        words.pop()
    return " ".join(words).strip(" ,;:-–—")


# ----------------------------------------------------------------------------- candidates


def by_contribution(sentences: Sequence[str], highlight: str) -> list[str]:
    """The sentences for phrase finding: the highlight, then the others by how strongly they
    state a contribution (stable)."""
    ranked = sorted((contribution_rank(s), i) for i, s in enumerate(sentences)
                    if s is not highlight)
    return ([highlight] if highlight else []) + [sentences[i] for _, i in ranked]


def _descriptors(found: Name, texts: Iterable[str], findings: Iterable[str]) -> Iterator[str]:
    """What the name is, best first: its long form, its appositive, the phrase an
    introducing verb gives it, then the findings that do not already hold the name; none
    that only says "effective method" (``_generic``)."""
    for phrase in _all_descriptors(found, texts, findings):
        if not _generic(phrase):
            yield phrase


def _generic(phrase: str) -> bool:
    """A phrase that says nothing about the paper: ``Effective Method``, ``novel framework``."""
    return all(w.lower().strip(",") in GENERIC_WORDS for w in phrase.split())





def _all_descriptors(found: Name, texts: Iterable[str], findings: Iterable[str]
                     ) -> Iterator[str]:
    """What the named method is, best evidence first (a title is ``name: descriptor``): its
    spelt-out long form, an appositive after it in ``texts`` ("X, a framework for ..."), a
    capitalised long form in parentheses after it, an "introduced as" phrase, then the
    abstract's findings that do not repeat the name. Lazy: the first good one ends it."""
    name = found.name
    if found.long_form and len(found.long_form.split()) >= 2 and \
            found.long_form.lower() != name.lower():
        yield found.long_form
    for text in texts:
        phrase = _appositive(text, name)
        if phrase:
            yield phrase
    for text in texts:  # "Django (Detecting Trojans in Object Detection Models via ...)"
        for at in _word_positions(text, name):
            m = _PAREN_LONG.match(text, at + len(name))
            if m and sum(w[:1].isupper() for w in m.group("long").split()) >= 3:
                yield _trim_end(m.group("long"))
                break
    for text in texts:
        phrase = _introduced_as(text, name)
        if phrase:
            yield phrase
    for phrase in findings:
        if name.lower() not in phrase.lower():
            yield phrase


_APPOSITIVE = re.compile(
    r"^[\"”’']?\s*(?:\([^()]{0,40}\)\s*)?(?:(?:,|\s[—–]|\s-{1,2})\s*(?:(?:which|that)\s+(?:is|"
    r"are|uses|introduces|provides|learns|leverages|combines|employs|builds\s+on)\s+)?"
    r"(?P<np>(?:a|an|the|our)\s+.+)|:\s*(?P<colon>[A-Za-z].+))", re.I)


def _appositive(text: str, name: str) -> str | None:
    """``MONGOOSE, an end-to-end LSH framework for ...`` -> the noun phrase after the name;
    ``Hopper, which uses a Multi-hop Transformer for ...`` -> what it uses."""
    for at in _word_positions(text, name):
        rest = text[at + len(name):]
        a = _APPOSITIVE.match(rest)
        if a:
            phrase = _noun_phrase(a.group("np") or a.group("colon"))
        elif w := _WHICH_DOES.match(rest):  # "StarBridge, which aligns X": Aligning X
            phrase = _gerund_phrase(w.group("verb"), w.group("rest")) or ""
        else:
            continue
        if len(phrase.split()) >= 2 and name.lower() not in phrase.lower():
            return phrase
    return None


_PAREN_LONG = re.compile(r" \((?P<long>[A-Z][^()]{10,})\)")
_INTRO_VERB = re.compile(rf"\b{CONTRIBUTION_VERBS}\w*\s+", re.I)


def _word_positions(text: str, word: str) -> Iterator[int]:
    """Offsets where ``word`` occurs in ``text`` as a whole word (not inside a longer word or
    a hyphenated compound)."""
    at = text.find(word)
    while at >= 0:
        end = at + len(word)
        if (at == 0 or not (text[at - 1].isalnum() or text[at - 1] in "_-")) and (
                end == len(text) or not (text[end].isalnum() or text[end] in "_-")):
            yield at
        at = text.find(word, at + 1)


_WHICH_DOES = re.compile(r"^[\"”’']?\s*(?:\([^()]{0,40}\)\s*)?,?\s*(?:which|that)\s+"
                         r"(?P<verb>[a-z]{3,}s)\s+(?P<rest>.+)")  # whole: "tunes", not "tun"


def _introduced_as(text: str, name: str) -> str | None:
    """The noun phrase an introducing verb gives the name: ``we propose a novel method for
    X, called Name`` / ``a fair filter (Name) network`` -> ``novel method for X``."""
    at = next(_word_positions(text, name), None)
    if at is None:
        return None
    head = text[:at]
    verbs = list(_INTRO_VERB.finditer(head))
    if not verbs:
        return None
    m = verbs[-1]
    phrase = re.sub(r"[\s,(:]*(?:(?:which|that)\s+)?(?:we\s+)?(?:called|termed|dubbed|named|"
                    r"coined|call|term|name|dub)?\s*[\"“']?$", "", head[m.end():], flags=re.I)
    phrase = _noun_phrase(phrase)
    return phrase if len(phrase.split()) >= 2 else None


def _findings(texts: Iterable[str]) -> Iterator[str]:
    """Noun phrases (or claims) of what the paper does, one per text at most, in order; each
    has two words or more and does not open with a pronoun. ``We study X`` gives ``X``,
    ``we show that X`` the claim ``X``, ``we propose to transform X`` / ``how to release X``
    / ``we cast X`` a gerund phrase (``Transforming X``), as paper titles are written."""
    seen = set()
    for text in texts:
        phrase = _finding(_strip_openers(text))
        if phrase and len(phrase.split()) >= 2 and not _PRONOUN_START.match(phrase) \
                and phrase not in seen:
            seen.add(phrase)
            yield phrase


def _finding(clean: str) -> str | None:
    m = _FINDING.search(clean)
    if m:
        rest = _IN_THIS.sub("", m.group("np"))
        purpose = _PURPOSE.match(rest)
        if purpose:  # "we propose to transform X", "we study how to release X"
            return _gerund_phrase(purpose.group("verb"), purpose.group("rest"))
        if _PRONOUN_START.match(rest):  # "we revisit this claim": says nothing on its own
            lens = _LENS.search(clean)
            if not lens:
                return None
            rest = lens.group("np")
        if m.group("that") or _CLAUSE_VERBS.match(m.group("verb")):
            return _claim(rest)
        return _noun_phrase(rest)
    m = _ACTION.search(clean)
    if m and base_form(m.group("verb")) not in NOT_ACTIONS | FUNCTION_WORDS | \
            POINTING_WORDS and not re.search(
            r"(?:ed|ly|st)$", m.group("verb")):  # past tense, adverbs and "most" name no action
        return _gerund_phrase(m.group("verb"), m.group("np"))
    return None


_IN_THIS = re.compile(r"^(?:in\s+this\s+(?:paper|work|article|study)|here)\s*,?\s*", re.I)
_PURPOSE = re.compile(r"^(?:how\s+)?to\s+(?P<verb>[a-z]+)\s+(?P<rest>.+)", re.I)
_ACTION = re.compile(r"\b(?:we|this\s+(?:paper|work|study))\s+(?:\w+ly\s+|for\s+the\s+first\s+"
                     r"time,?\s+)?(?P<verb>[a-z]{3,})"
                     r"\s+(?P<np>.+)", re.I)
_DOUBLED = frozenset(("infer", "refer", "transfer", "prefer", "occur", "control", "permit",
                      "admit", "commit", "submit", "omit", "compel", "propel", "begin",
                      "forget", "regret", "equip", "embed"))


def base_form(verb: str) -> str:
    """The base form of a verb that may be in the third person singular ("this paper
    studies", "which aligns"): ``studies`` -> ``study``, ``focuses`` -> ``focus``,
    ``addresses`` -> ``address``, ``aims`` -> ``aim``; a base form ending in ``ss``, ``us``,
    ``is``, ``as`` or ``os`` (``address``, ``focus``) is kept. English spelling rules."""
    v = verb.lower()
    if len(v) > 4 and v.endswith("ies"):
        return v[:-3] + "y"
    if v.endswith(("sses", "shes", "ches", "xes", "zzes", "cuses")):  # focuses, not uses
        return v[:-2]
    if v.endswith("s") and not v.endswith(("ss", "us", "is", "as", "os")):
        return v[:-1]
    return v


def _gerund(verb: str) -> str:
    """``transform`` -> ``transforming``, ``leverage`` -> ``leveraging``, ``map`` ->
    ``mapping``, ``tie`` -> ``tying``, ``studies`` -> ``studying`` (English spelling rules;
    verbs ending in a stressed consonant-vowel-consonant are listed in ``_DOUBLED`` or have
    one syllable)."""
    v = base_form(verb)
    if v.endswith("ing") and len(v) > 5:
        return v  # already a gerund ("improving"), not "improvinging"
    if v.endswith("ie"):
        return v[:-2] + "ying"
    if v.endswith("e") and not v.endswith(("ee", "ye", "oe")):
        return v[:-1] + "ing"
    one_syllable = len(re.findall(r"[aeiouy]+", v)) == 1
    if (v in _DOUBLED or one_syllable) and re.search(r"[^aeiou][aeiou][^aeiouwxy]$", v):
        return v + v[-1] + "ing"
    return v + "ing"


def _gerund_phrase(verb: str, rest: str) -> str | None:
    """``Transforming the distribution of features``: the gerund of ``verb`` and the noun
    phrase after it (a purpose clause may stay: ``to generate molecules``)."""
    phrase = _noun_phrase(rest, keep_lead=True)
    return f"{_gerund(verb)} {phrase}" if phrase else None


def _strip_openers(text: str) -> str:
    prev = None
    while prev != text:
        prev = text
        text = _OPENER.sub("", text)
    return text


def _claim(text: str) -> str:
    """A finding stated as a claim (``we show that X can Y``): the clause up to its end."""
    m = re.search(r"[;:]|\.\s|\.$|,\s+(?:which|while|and\s+(?:that|we)|but|thereby|thus)\b|"
                  r"\s+(?:while|whereas|thereby)\b", text)
    phrase = _PARENTHETICAL.sub(" ", text[: m.start()] if m else text)
    return _trim_end(phrase.strip(" ,"))


def _noun_phrase(text: str, keep_lead: bool = False) -> str:
    """Cut ``text`` at the first clause boundary, drop leading articles and filler (unless
    ``keep_lead``: the object of a gerund keeps them), and end on a content word. A phrase
    of fewer than four words keeps its purpose or relative clause ("analysis tools to
    characterize signal propagation")."""
    text = _PARENTHETICAL.sub(" ", _IN_THIS.sub("", text.split(FORMULA)[0].strip()))
    lead = re.match(r"^(?:\S+\s+){0,5}?\S+:\s+(?=\w)", text)
    if lead:  # "a novel threat: distillation-conditional backdoor attacks"
        text = text[lead.end():]
    text = re.sub(r"^(?:approach|method|framework|model|algorithm|technique),\s+", "", text)
    stripped = _LEAD_WORDS.sub("", text) if not keep_lead else text
    m = _CLAUSE_END.search(stripped)
    thin = len(stripped[: m.start()].split()) if m else 99
    if m and thin < 4 and m.group(0).strip() in ("that", "which", "to"):
        m = _CLAUSE_END.search(stripped, m.end())
        while m and m.group(0).strip() in ("that", "which", "to", "by", "using"):
            m = _CLAUSE_END.search(stripped, m.end())
    phrase = (stripped[: m.start()] if m else stripped).strip()
    phrase = _CALLED.split(phrase, maxsplit=1)[0]  # "benchmark called X": the name is the head
    if not keep_lead:
        unfilled = _LEAD_WORDS.sub("", _FILLER.sub("", phrase))
        phrase = unfilled if len(unfilled.split()) >= 2 else phrase
    return _trim_end(phrase)


_CALLED = re.compile(r",?\s+(?:called|named|termed|dubbed|coined)\s", re.I)
_SUBJECT = re.compile(
    r"^(?:the\s+)?(?P<np>[^,;:]{3,120}?)\s+(?:is|are|has|have|remains?|serves?|seeks?|aims?|"
    r"rel(?:y|ies)|underlies|poses?|becomes?|offers?|enables?|plays?|suffers?|faces?|can|"
    r"often|increasingly|typically|usually|still|provides?|allows?|lies|lie|requires?|"
    r"refers?|involves?|concerns?|focuses|studies|addresses)\b",
    re.I,
)
_EXAMPLES = re.compile(r",?\s+(?:such\s+as|like|including|e\.g\.,?)\s.*$")
_LEADING_CLAUSE = re.compile(r"^(?:in spite of|despite|while|although|since|recently|today|"
                             r"nowadays|in recent years|over the past[^,]*)\b[^,]*,\s*", re.I)
_RELATIVE_CLAUSE = re.compile(r",\s*(?:in which|which|where|who|i\.e\.|e\.g\.)[^,]*,", re.I)
_NOT_A_FIELD = frozenset(("we", "this", "recent", "existing", "current", "modern", "many", "most",
                          "widespread", "growing", "increasing", "rapid", "success",
                          "remarkable", "there", "it", "one", "a", "an", "several", "some",
                          "such", "these", "those", "however", "our", "much", "little",
                          "previous", "prior", "state-of-the-art", "traditional", "conventional",
                          # "The advent of LLMs has ...": a moment, not the field
                          "advent", "rise", "emergence", "proliferation", "popularity", "arrival"))


def _subject(first_sentence: str) -> str | None:
    """The grammatical subject of the abstract's opening sentence when it is a short noun
    phrase naming the field ("Prediction with expert advice serves as ..."), else ``None``."""
    text = _PARENTHETICAL.sub(" ", _LEADING_CLAUSE.sub("", first_sentence.split(FORMULA)[0]))
    text = _RELATIVE_CLAUSE.sub("", text)
    m = _SUBJECT.match(text)
    if not m:
        return None
    np = _EXAMPLES.sub("", m.group("np")).strip()  # "constraints such as parity" -> constraints
    words = np.split()
    if not 1 <= len(words) <= 6 or _PRONOUN_START.match(np) or words[0].lower() in _NOT_A_FIELD:
        return None
    return np


def _shares_word(a: str, b: str) -> bool:
    """``a`` and ``b`` share a content word (first five letters, case-insensitive)."""
    def stems(text: str) -> set[str]:
        return {w.lower()[:5] for w in re.findall(r"[A-Za-z][\w-]+", text)
                if w.lower() not in MINOR_WORDS and len(w) > 3}
    return bool(stems(a) & stems(b))


@lru_cache(maxsize=256)  # a phrase is cased for its candidate and again for a span or domain
def _title_case(text: str) -> str:
    """Title case as paper titles use it: lower-case words get a capital (each part of a
    hyphenated word too), minor words stay lower except first; words that already carry
    capitals, digits or symbols (LLMs, k-means++, ℓ2) and one-letter math symbols (k-Means,
    m Groups) are kept as written."""
    out = []
    in_call = False  # inside "O(n log n)": a formula, kept as written
    for i, word in enumerate(text.split()):
        core = word.strip(",;:()")
        opens = _CALL.search(word) is not None
        if in_call or opens:
            in_call = word.count("(") > word.count(")") if opens else ")" not in word
            out.append(word)
            continue
        if _LOWER_WORD.fullmatch(core) and (i == 0 or core not in MINOR_WORDS):
            parts = core.split("-")
            # A one-letter part other than "a" is a math symbol (k-means, m groups): as written.
            cased = "-".join(p if j and p in MINOR_WORDS or len(p) == 1 and p != "a"
                             else p[:1].upper() + p[1:] for j, p in enumerate(parts))
            word = word.replace(core, cased, 1)
        out.append(word)
    return " ".join(out)


def _fit(head: str, phrase: str) -> str:
    """``head + phrase`` within ``MAX_TITLE``, the phrase cut as ``shorten`` cuts."""
    return head + shorten(phrase, MAX_TITLE - len(head), min_keep=12)


_CLAUSE_JOIN = re.compile(r"\s+(?:and|that|which|while|when|where|even|using|through|by)\s+",
                          re.IGNORECASE)
_JOIN = re.compile(r"\s+(?:for|of|with|via|in|on|under|to|as|across|from|based on)\s+",
                   re.IGNORECASE)


def shorten(title: str, limit: int = MAX_TITLE, min_keep: int = 25) -> str:
    """Cut ``title`` to at most ``limit`` characters at a word boundary, never leaving a
    trailing function word or punctuation."""
    title = " ".join(title.split()).strip(" ,;:")
    if len(title) <= limit:
        return title
    # End before a joining word ("... Outputs | for Certain Inputs"), the latest that fits, so
    # the title ends on a whole phrase, not on a dangling adjective.
    clauses = [m.start() for m in _CLAUSE_JOIN.finditer(title)]
    cuts = sorted(set(clauses) | {m.start() for m in _JOIN.finditer(title)})
    for cut in reversed([c for c in cuts if min_keep <= c <= limit]):
        opened = [c for c in clauses if c <= cut]
        # Not a cut that leaves a clause just opened ("... Avoided Even as the Fraction").
        if not opened or opened[-1] == cut or len(title[opened[-1]:cut].split()) > 4:
            return _trim_end(title[:cut])
    return _trim_end(" ".join(title[: limit + 1].split()[:-1])) or title[:limit]
