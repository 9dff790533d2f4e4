"""Topic tags: score a paper's plain text against the taxonomy (``generator.config.taxonomy``)
and the learned model (``generator.extract.tag_model``).

A tag fits when the paper's MAIN subject is that topic (the taxonomy's descriptions), so
evidence is weighed, not just found. Two kinds of evidence:

* the tag's patterns (``tag_scores``): every sentence of the abstract that matches one scores
  1, a match in the title, highlight or opening sentence adds ``headline_weight - 1``, and a
  match right after a contrast cue ("unlike LLM-based approaches") scores 0;
* for the tags it knows, the learned model's probability.

A tag the model knows applies when ``probability + rule_weight * min(score / min_score, 2)``
reaches its ``threshold``; any other tag (one a user added) when its pattern score reaches its
``min_score``. A paper that gets no tag this way gets the model's likeliest one when its
combined score reaches ``floor``. ``implies`` adds further tags (Diffusion Models ->
Generative Models); at most ``max_tags`` are kept, strongest first, in taxonomy order.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache

from slugify import slugify

from generator.config.taxonomy import Taxonomy
from generator.errors import InputError
from generator.extract.tag_model import TagModel, load_model
from generator.infra.regex import CASE_EXOTIC, Regex, re2_text

try:
    import ahocorasick
except ImportError:  # pragma: no cover - exercised by forcing engines=False in tests
    ahocorasick = None


@dataclass(frozen=True, slots=True)
class PrefixIndex:
    """Finds where every literal prefix of the patterns (``literal_prefix``) occurs in a
    lower-cased text, in one pass instead of one substring search each.

    With pyahocorasick installed, the pass is an Aho-Corasick automaton of the prefixes
    (``automaton``), which reports every occurrence of every prefix, overlapping ones too.
    Without it (or with ``engine=False``), ``scan`` is a zero-width lookahead over a trie of
    the prefixes (longest alternative first), so ``finditer`` stops at every position where
    some prefix starts and captures the longest one there; every shorter prefix starting at
    the same position is a prefix of it (``shorter``). Both give the same offsets. Build with
    ``PrefixIndex.of``.
    """

    scan: re.Pattern[str] | None  # None: no prefixes
    shorter: Mapping[str, tuple[str, ...]]  # prefix -> the prefixes it starts with (itself too)
    automaton: object | None = None  # ahocorasick.Automaton: end offset -> (prefix, length - 1)

    @classmethod
    def of(cls, literals: Iterable[str], engine: bool = True) -> PrefixIndex:
        """The index of ``literals`` (lower-case; duplicates are fine); ``engine=False``:
        without the Aho-Corasick automaton even where pyahocorasick is installed."""
        words = sorted(set(literals))
        if not words:
            return cls(None, {})
        trie: dict = {}
        for word in words:
            node = trie
            for ch in word:
                node = node.setdefault(ch, {})
            node[""] = {}  # end of a word
        known = set(words)
        prefixes = {w: tuple(w[:n] for n in range(1, len(w) + 1) if w[:n] in known)
                    for w in words}
        automaton = None
        if engine and ahocorasick is not None:
            automaton = ahocorasick.Automaton()
            for word in words:
                automaton.add_word(word, (word, len(word) - 1))
            automaton.make_automaton()
        return cls(re.compile(f"(?=({_trie_source(trie)}))"), prefixes, automaton)

    def positions(self, lowered: str) -> dict[str, list[int]]:
        """``{prefix: start offsets in increasing order}`` for the prefixes in ``lowered``."""
        found: dict[str, list[int]] = {}
        if self.scan is None:
            return found
        if self.automaton is not None:
            # Reported by end offset: for one prefix (one length) that is start order.
            for end, (prefix, before) in self.automaton.iter(lowered):
                if prefix in found:
                    found[prefix].append(end - before)
                else:
                    found[prefix] = [end - before]
            return found
        shorter = self.shorter
        for m in self.scan.finditer(lowered):
            at = m.start()
            for prefix in shorter[m.group(1)]:
                found.setdefault(prefix, []).append(at)
        return found


def _trie_source(node: dict) -> str:
    """Regex source matching the longest word of a trie node (alternatives start with
    distinct characters, so the engine tries at most one of them in full)."""
    alts = [re.escape(ch) + _trie_source(child) for ch, child in sorted(node.items()) if ch]
    if not alts:
        return ""
    body = alts[0] if len(alts) == 1 else f"(?:{'|'.join(alts)})"
    return f"(?:{body})?" if "" in node else body  # greedy: the longer word first


@dataclass(frozen=True, slots=True)
class Matcher:
    """What scoring needs beyond the taxonomy, derived from it once (``matcher``).

    Attributes:
        prefixes: per rule, per pattern, the lower-case literal prefix every match starts
            with, or ``None`` (speed: a pattern whose prefix the text lacks cannot match).
        index: finds every literal prefix in a text in one pass.
        by_prefix: literal prefix -> the ``(rule number, pattern)`` pairs it starts, for rules
            without ``exclude``.
        full: per rule, per pattern, the pattern as a ``Regex`` (run by RE2 where that gives
            the same matches), for the patterns that run over the whole text.
        exclude: per rule, its ``exclude`` as a ``Regex``, or ``None``.
        model: the loaded tag model, or ``None``.
        unprefixed: per rule, the patterns of ``full`` without a literal prefix (what a rule
            without ``exclude`` runs over the whole text).
    """

    prefixes: tuple[tuple[str | None, ...], ...]
    index: PrefixIndex
    by_prefix: Mapping[str, tuple[tuple[int, re.Pattern[str]], ...]]
    full: tuple[tuple[Regex, ...], ...]
    exclude: tuple[Regex | None, ...]
    model: TagModel | None
    unprefixed: tuple[tuple[Regex, ...], ...] = ()


def matcher(taxonomy: Taxonomy, engines: bool = True) -> Matcher:
    """The ``Matcher`` of ``taxonomy`` (made once per taxonomy and process).

    Args:
        taxonomy: the loaded taxonomy.
        engines: use pyahocorasick and google-re2 where installed (``False``: the pure-Python
            code path a platform without them runs; same results).

    Raises:
        InputError: the taxonomy's model file is not a tag model (names the taxonomy file).
    """
    # Asked twice per abstract: a taxonomy's hash covers every compiled pattern's program
    # (about 0.1 ms), so the last taxonomy asked for is recognised by identity first.
    last = _LAST_MATCHER.get(engines)
    if last is not None and last[0] is taxonomy:
        return last[1]
    made = _matcher(taxonomy, engines)
    _LAST_MATCHER[engines] = (taxonomy, made)
    return made


_LAST_MATCHER: dict[bool, tuple[Taxonomy, Matcher]] = {}


@lru_cache(maxsize=8)
def _matcher(taxonomy: Taxonomy, engines: bool) -> Matcher:
    prefixes = tuple(tuple(literal_prefix(p) for p in rule.patterns) for rule in taxonomy.rules)
    by_prefix = _by_prefix(taxonomy, prefixes)
    model = _tag_model(taxonomy)
    full = tuple(tuple(Regex(p, engines) if prefix is None else Regex(p, False)
                       for p, prefix in zip(rule.patterns, found, strict=True))
                 for rule, found in zip(taxonomy.rules, prefixes, strict=True))
    return Matcher(prefixes, PrefixIndex.of((p for found in prefixes for p in found if p),
                                           engines),
                   {k: tuple(v) for k, v in by_prefix.items()}, full,
                   tuple(None if r.exclude is None else Regex(r.exclude, engines)
                         for r in taxonomy.rules), model, _unprefixed(full, prefixes))


def _tag_model(taxonomy: Taxonomy) -> TagModel | None:
    """The taxonomy's tag model, loaded; ``None`` when it has none.

    Raises:
        InputError: the model file cannot be read (names the taxonomy's ``settings: model``).
    """
    try:
        return load_model(taxonomy.model) if taxonomy.model is not None else None
    except (ValueError, OSError) as exc:
        raise InputError(taxonomy.label, None, f"settings: model: {exc}") from None


def _unprefixed(full: tuple[tuple[Regex, ...], ...],
                prefixes: tuple[tuple[str | None, ...], ...]) -> tuple[tuple[Regex, ...], ...]:
    """Per rule, the patterns of ``full`` that have no literal prefix (``Matcher.unprefixed``)."""
    return tuple(tuple(p for p, a in zip(regexes, found, strict=True) if a is None)
                 for regexes, found in zip(full, prefixes, strict=True))


def _by_prefix(taxonomy: Taxonomy, prefixes: tuple[tuple[str | None, ...], ...]
               ) -> dict[str, list[tuple[int, re.Pattern[str]]]]:
    """Literal prefix -> the ``(rule number, pattern)`` pairs it starts, for the rules
    without ``exclude``."""
    by_prefix: dict[str, list[tuple[int, re.Pattern[str]]]] = {}
    for i, (rule, found) in enumerate(zip(taxonomy.rules, prefixes, strict=True)):
        if rule.exclude is None:
            for pattern, prefix in zip(rule.patterns, found, strict=True):
                if prefix is not None:
                    by_prefix.setdefault(prefix, []).append((i, pattern))
    return by_prefix


# A pattern's leading literal: after an optional ``\b``, letters, digits, spaces and hyphens
# up to the first character that is quantified, grouped, escaped or a class.
_LEADING_LITERAL = re.compile(r"^(?:\\b)?([A-Za-z0-9 -]*)")
_MIN_PREFIX = 2
# A prefix of the literal is still a correct prefix; the cap keeps the prefix trie (and the
# recursion that writes it as a regex) shallow for a pattern with a very long literal.
_MAX_PREFIX = 40
# Their presence disables the prefix shortcut, so it never changes a result.
_CASE_EXOTIC = CASE_EXOTIC


def literal_prefix(pattern: re.Pattern[str]) -> str | None:
    """The lower-cased leading literal every match of ``pattern`` starts with (at most its
    first ``_MAX_PREFIX`` characters), or ``None`` when it is shorter than ``_MIN_PREFIX``
    characters (the pattern then runs over the whole text; a one-letter prefix would occur
    almost everywhere) or when the pattern holds a ``(?#...)`` comment."""
    if pattern.flags & re.VERBOSE or "(?#" in pattern.pattern:
        # re skips a comment and applies a quantifier after it to the character before it:
        # in "models(?#plural)?" the "s" is optional (found by a hostile-input review).
        return None
    head = _LEADING_LITERAL.match(pattern.pattern)
    literal = head.group(1)
    if pattern.pattern[head.end():][:1] in ("?", "*", "{"):  # last character is optional
        literal = literal[:-1]
    if "|" in pattern.pattern and not _top_level_single(pattern.pattern):
        return None  # a top-level alternative need not start with the literal
    return literal[:_MAX_PREFIX].lower() if len(literal) >= _MIN_PREFIX else None


def _top_level_single(source: str) -> bool:
    """True when every ``|`` of a regex source without ``(?#...)`` comments (``_prefix``
    gives those no prefix before asking) is inside a group (not escaped, not in a character
    class). ``]`` right after ``[`` or ``[^`` is a literal, as in Python's ``re``."""
    depth, escaped, in_class, class_start = 0, False, False, -1
    for at, ch in enumerate(source):
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif in_class:
            if ch == "]" and at > class_start:
                in_class = False
        elif ch == "[":
            in_class = True
            # the first character of the class (after an optional ^) may be a literal "]"
            class_start = at + 2 if source[at + 1:at + 2] == "^" else at + 1
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            return False
    return True


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"“(])")


def tag_scores(taxonomy: Taxonomy, text: str, headline: str, use_prefixes: bool = True,
               engines: bool = True) -> dict[str, float]:
    """Score every tag on plain ``text`` (the abstract) and ``headline`` (title + highlight).

    The score counts the sentences that mention the tag (however often each does: "large
    language models (LLMs)" is one mention), plus ``headline_weight - 1`` when the headline
    mentions it, so a topic the abstract keeps returning to outweighs a passing mention.
    A mention right after a contrast cue ("unlike ...", within its sentence) does not count.

    Speed, with the same result as running every pattern over the whole text: a pattern with
    a literal prefix (``literal_prefix``) can only match where the prefix occurs, so it is tried
    only at those offsets (``PrefixIndex``). That needs ``str.lower()`` to keep offsets and
    to agree with ``re.IGNORECASE`` on the prefixes' ASCII letters; a text holding one of
    the few characters for which it does not (``_CASE_EXOTIC``) runs every pattern in full,
    as ``use_prefixes=False`` does (the reference the shortcut must equal). The patterns
    without a prefix and the excluded spans run in RE2 where it finds the same matches
    (``generator.infra.regex``); ``engines=False`` runs neither RE2 nor Aho-Corasick.
    """
    m = matcher(taxonomy, engines)
    found = _Mentions(taxonomy, text)
    shortcut = use_prefixes and not any(c in text or c in headline for c in _CASE_EXOTIC)
    if not shortcut:
        for i, rule in enumerate(taxonomy.rules):
            _score_in_full(found, i, rule.patterns, rule.exclude, text, headline)
        return found.scores()
    text_at = m.index.positions(text.lower())
    head_at = m.index.positions(headline.lower())
    _score_prefixed(found, m, (text, text_at), (headline, head_at))
    raw = (re2_text(text), re2_text(headline))
    for i, rule in enumerate(taxonomy.rules):
        if rule.exclude is not None:
            _score_excluding(found, i, m, (text, text_at, raw[0]), (headline, head_at, raw[1]))
        else:
            _score_regexes(found, i, m.unprefixed[i], (text, raw[0]), (headline, raw[1]))
        # (a rule whose patterns all have a prefix was scored above)
    return found.scores()


def _score_prefixed(found: _Mentions, m: Matcher, text: tuple[str, dict[str, list[int]]],
                    headline: tuple[str, dict[str, list[int]]]) -> None:
    """The patterns with a literal prefix of the rules without ``exclude``, tried only at the
    offsets of the prefixes the text and headline hold (most patterns are never tried)."""
    for prefix, offsets in text[1].items():
        for i, pattern in m.by_prefix.get(prefix, ()):
            found.count(i, _matches_at(pattern, text[0], offsets), text[0])
    for prefix, offsets in headline[1].items():
        for i, pattern in m.by_prefix.get(prefix, ()):
            if not found.in_head[i]:
                found.in_head[i] = any(pattern.match(headline[0], at) for at in offsets)


class _Mentions:
    """Per tag rule: the sentences (indices) that mention it, and whether the headline does."""

    def __init__(self, taxonomy: Taxonomy, text: str) -> None:
        self.taxonomy = taxonomy
        self.starts = [0] + [s.end() for s in _SENTENCE_END.finditer(text)]
        self.sentences: list[set[int]] = [set() for _ in taxonomy.rules]
        self.in_head = [False] * len(taxonomy.rules)

    def count(self, i: int, offsets: Iterable[int], body: str) -> None:
        """Count rule ``i``'s matches, given by their start ``offsets``, in ``body`` (the text,
        or the text with excluded spans blanked: same offsets): one per sentence, none right
        after a contrast cue."""
        seen, starts, contrast = self.sentences[i], self.starts, self.taxonomy.contrast
        for at in offsets:
            k = bisect_right(starts, at) - 1
            if k not in seen and not contrast.search(body[max(starts[k], at - 60):at]):
                seen.add(k)

    def scores(self) -> dict[str, float]:
        bonus = self.taxonomy.headline_weight - 1
        scores: dict[str, float] = {}
        for i, rule in enumerate(self.taxonomy.rules):
            score = float(len(self.sentences[i])) + (bonus if self.in_head[i] else 0)
            if score:
                scores[rule.name] = score
        return scores


def _blank(exclude: re.Pattern[str], text: str) -> str:
    """``text`` with ``exclude``'s matches blanked, keeping offsets."""
    return exclude.sub(lambda m: " " * len(m.group(0)), text)


def _score_in_full(found: _Mentions, i: int, patterns: Iterable[re.Pattern[str]],
                   exclude: re.Pattern[str] | None, text: str, headline: str) -> None:
    """Rule ``i``'s ``patterns`` run over the whole text and headline (the reference)."""
    body = _blank(exclude, text) if exclude is not None else text
    head = exclude.sub(" ", headline) if exclude is not None else headline
    for pattern in patterns:
        found.count(i, (m.start() for m in pattern.finditer(body)), body)
        found.in_head[i] = found.in_head[i] or pattern.search(head) is not None


def _score_regexes(found: _Mentions, i: int, regexes: Iterable[Regex],
                   text: tuple[str, str | bytes | None],
                   headline: tuple[str, str | bytes | None]) -> None:
    """``_score_in_full`` without ``exclude``, for ``Regex`` patterns; ``text`` and
    ``headline`` come with their ``re2_text``."""
    for regex in regexes:
        found.count(i, (start for start, _ in regex.spans(*text)), text[0])
        found.in_head[i] = found.in_head[i] or regex.search(*headline)


def _score_excluding(found: _Mentions, i: int, m: Matcher,
                     text: tuple[str, dict[str, list[int]], str | bytes | None],
                     headline: tuple[str, dict[str, list[int]], str | bytes | None]) -> None:
    """A rule with excluded spans: its prefixed patterns tried at their prefixes' offsets in
    the blanked text, the others in full. ``text`` and ``headline`` come with their prefix
    offsets (``PrefixIndex.positions``), which stand while blanking changed nothing, and
    their ``re2_text``."""
    exclude = m.exclude[i]
    body_spans, head_spans = exclude.spans(text[0], text[2]), exclude.spans(*headline[::2])
    body = _replaced(text[0], body_spans, None)
    head = _replaced(headline[0], head_spans, " ")
    body_at = m.index.positions(body.lower()) if body_spans else text[1]
    head_at = m.index.positions(head.lower()) if head_spans else headline[1]
    body_raw = re2_text(body) if body_spans else text[2]
    head_raw = re2_text(head) if head_spans else headline[2]
    for regex, prefix in zip(m.full[i], m.prefixes[i], strict=True):
        if prefix is None:
            _score_regexes(found, i, (regex,), (body, body_raw), (head, head_raw))
            continue
        pattern = regex.pattern
        if not found.in_head[i] and (offsets := head_at.get(prefix)):
            found.in_head[i] = any(pattern.match(head, at) for at in offsets)
        if offsets := body_at.get(prefix):
            found.count(i, _matches_at(pattern, body, offsets), body)


def _replaced(text: str, spans: list[tuple[int, int]], by: str | None) -> str:
    """``text`` with each span replaced by ``by``, or by as many spaces as it is long when
    ``by`` is ``None`` (what ``re.sub`` gives with those matches)."""
    if not spans:
        return text
    pieces, end = [], 0
    for start, stop in spans:
        pieces += (text[end:start], " " * (stop - start) if by is None else by)
        end = stop
    pieces.append(text[end:])
    return "".join(pieces)


def _matches_at(pattern: re.Pattern[str], text: str, offsets: Iterable[int]
                ) -> Iterator[int]:
    """The starts of what ``pattern.finditer(text)`` yields when every match must start at one
    of ``offsets`` (increasing): the non-overlapping matches, leftmost first."""
    end = 0
    for at in offsets:
        if at >= end and (m := pattern.match(text, at)) is not None:
            end = m.end()
            yield at


def keyword_tags(taxonomy: Taxonomy, keywords: Iterable[str]) -> set[str]:
    """The tags that the authors' ``keywords`` name: one of the tag's patterns matches a
    keyword (outside its excluded text), or a keyword is the tag's name (same slug)."""
    named: set[str] = set()
    words = [" ".join(k.split()) for k in keywords if k.strip()]
    if not words:
        return named
    slugs = {slugify(k) for k in words}
    for rule in taxonomy.rules:
        if rule.slug in slugs:
            named.add(rule.name)
            continue
        for word in words:
            body = _blank(rule.exclude, word) if rule.exclude is not None else word
            if any(p.search(body) for p in rule.patterns):
                named.add(rule.name)
                break
    return named


def assign_tags(taxonomy: Taxonomy, text: str, headline: str, keywords: Iterable[str] = ()
                ) -> tuple[str, ...]:
    """The tags of one paper, in taxonomy order (module docstring for the rule).

    Args:
        taxonomy: the loaded taxonomy.
        text: the abstract as plain text (see ``generator.text.markup.plain_text``).
        headline: the title, highlight and opening sentence, plain text.
        keywords: the keywords the input file gives for the paper: strong evidence, each
            tag they name (``keyword_tags``) scores ``keyword_weight x min_score`` more.

    Returns:
        At most ``taxonomy.max_tags`` tag names.
    """
    scores = tag_scores(taxonomy, text, headline)
    named = keyword_tags(taxonomy, keywords)
    for rule in taxonomy.rules:
        if rule.name in named:
            scores[rule.name] = scores.get(rule.name, 0.0) + (
                taxonomy.keyword_weight * rule.min_score)
    chosen = _chosen(taxonomy, scores, matcher(taxonomy).model, text)
    by_name = {r.name: r for r in taxonomy.rules}
    for name in list(chosen):
        for implied in by_name[name].implies:
            chosen[implied] = max(chosen.get(implied, 0), chosen[name])
    keep = sorted(chosen, key=lambda n: -chosen[n])[: taxonomy.max_tags]
    return tuple(n for n in taxonomy.names if n in keep)


def _chosen(taxonomy: Taxonomy, scores: Mapping[str, float], model: TagModel | None,
            text: str) -> dict[str, float]:
    """``tag -> strength`` (its combined score over its threshold, or its pattern score over
    ``min_score``) of the tags that reach it; with none, the likeliest tag the model knows
    when its strength reaches ``floor``."""
    probabilities = model.probabilities(text) if model is not None else {}
    learned = model.thresholds if model is not None else {}
    chosen: dict[str, float] = {}
    best: tuple[float, str] | None = None
    for rule in taxonomy.rules:
        score = scores.get(rule.name, 0.0)
        p = probabilities.get(rule.name)
        if p is None:
            if score / rule.min_score >= 1:
                chosen[rule.name] = score / rule.min_score
            continue
        threshold = rule.threshold if rule.threshold is not None else learned.get(
            rule.name, taxonomy.threshold)
        strength = (p + taxonomy.rule_weight * min(score / rule.min_score, 2.0)) / threshold
        if strength >= 1:
            chosen[rule.name] = strength
        if best is None or strength > best[0]:
            best = (strength, rule.name)
    if not chosen and best is not None and best[0] >= taxonomy.floor:
        # Nearly every paper has a main subject the taxonomy names: the likeliest tag, when
        # it is likely enough, beats none.
        chosen[best[1]] = best[0]
    return chosen
