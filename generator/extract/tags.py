"""Topic tags from an editable taxonomy file (``taxonomy.yml``) and a learned model.

A tag fits when the paper's MAIN subject is that topic (the taxonomy's descriptions), so
evidence is weighed, not just found. Two kinds of evidence:

* the tag's patterns (``tag_scores``): every sentence of the abstract that matches one scores
  1, a match in the title, highlight or opening sentence adds ``headline_weight - 1``, and a
  match right after a contrast cue ("unlike LLM-based approaches") scores 0;
* for the tags it knows, the learned model's probability (``generator.extract.tag_model``).

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
from dataclasses import dataclass, field
from pathlib import Path

from slugify import slugify

from generator.errors import InputError
from generator.extract.tag_model import DEFAULT_MODEL, TagModel, load_model
from generator.infra.yamlfile import child, item_lines, key_lines, read_yaml


@dataclass(frozen=True, slots=True)
class TagRule:
    """One tag of the taxonomy: its name, description (the spec), compiled patterns,
    the score it needs and the tags it implies."""

    name: str
    slug: str
    description: str
    patterns: tuple[re.Pattern[str], ...]
    min_score: float
    implies: tuple[str, ...]
    exclude: re.Pattern[str] | None = None  # text that never counts for this tag
    # Per pattern, the lower-case literal every match starts with, or None (speed: a pattern
    # whose anchor does not occur in the text cannot match and is not run).
    anchors: tuple[str | None, ...] = ()
    threshold: float = 0.5  # the combined score a model-known tag needs


@dataclass(frozen=True, slots=True)
class AnchorIndex:
    """Finds where every known anchor (``TagRule.anchors``) occurs in a lower-cased text, in
    one regular-expression pass instead of one substring search per anchor.

    ``scan`` is a zero-width lookahead over a trie of the anchors (longest alternative
    first), so ``finditer`` stops at every position where some anchor starts and captures
    the longest one there; every shorter anchor starting at the same position is a prefix
    of it (``prefixes``). Build with ``AnchorIndex.of``.
    """

    scan: re.Pattern[str] | None  # None: no anchors
    prefixes: Mapping[str, tuple[str, ...]]  # anchor -> the anchors it starts with (itself too)

    @classmethod
    def of(cls, anchors: Iterable[str]) -> AnchorIndex:
        """The index of ``anchors`` (lower-case literals; duplicates are fine)."""
        words = sorted(set(anchors))
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
        return cls(re.compile(f"(?=({_trie_source(trie)}))"), prefixes)

    def positions(self, lowered: str) -> dict[str, list[int]]:
        """``{anchor: start offsets in increasing order}`` for the anchors in ``lowered``."""
        found: dict[str, list[int]] = {}
        if self.scan is None:
            return found
        prefixes = self.prefixes
        for m in self.scan.finditer(lowered):
            at = m.start()
            for anchor in prefixes[m.group(1)]:
                found.setdefault(anchor, []).append(at)
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
class Taxonomy:
    """The whole tag vocabulary and the scoring settings (see module docstring);
    ``anchor_index`` is derived from the rules' anchors."""

    rules: tuple[TagRule, ...]
    max_tags: int
    headline_weight: float
    contrast: re.Pattern[str]
    model: TagModel | None = None
    rule_weight: float = 0.2
    floor: float = 0.3
    anchor_index: AnchorIndex = field(init=False, repr=False, compare=False)
    # anchor -> the (rule number, pattern) pairs with that anchor, for rules without exclude
    by_anchor: Mapping[str, tuple[tuple[int, re.Pattern[str]], ...]] = field(
        init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        anchors = (a for r in self.rules for a in r.anchors if a is not None)
        object.__setattr__(self, "anchor_index", AnchorIndex.of(anchors))
        by_anchor: dict[str, list[tuple[int, re.Pattern[str]]]] = {}
        for i, rule in enumerate(self.rules):
            if rule.exclude is None:
                for pattern, anchor in zip(rule.patterns, rule.anchors, strict=True):
                    if anchor is not None:
                        by_anchor.setdefault(anchor, []).append((i, pattern))
        object.__setattr__(self, "by_anchor", {a: tuple(v) for a, v in by_anchor.items()})

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(r.name for r in self.rules)


def load_taxonomy(path: Path, label: str | None = None) -> Taxonomy:
    """Read and validate a taxonomy YAML file.

    Args:
        path: the file (format: see the comment at the top of the default ``taxonomy.yml``).
        label: how to name the file in errors.

    Raises:
        InputError (with the line of the tag or setting at fault): unreadable YAML; a value of
            the wrong type (``patterns: transformer`` instead of a list, ``min_score: high``);
            a missing or unusable name (markup characters, a line break, no letters or digits,
            or the slug ``index``, which is the tags index page); a bad regex or one that
            matches empty text (it would tag every paper); an unknown implied tag; two tag
            names with the same slug (they would share one tag page).
    """
    label = label or str(path)
    data, node = read_yaml(path, label)
    if not isinstance(data, dict) or not isinstance(data.get("tags"), list):
        raise InputError(label, None, "expected a mapping with a 'tags' list")
    settings = data.get("settings") or {}
    at_settings = key_lines(node).get("settings")
    if not isinstance(settings, dict):
        raise InputError(label, at_settings, "settings: expected a mapping")
    where = key_lines(child(node, "settings"))
    default_min = _number(settings, "min_score", 2, label, where.get("min_score"))
    default_threshold = _number(settings, "threshold", 0.5, label, where.get("threshold"))
    lines = item_lines(child(node, "tags"))
    rules: list[TagRule] = []
    slugs: dict[str, str] = {}
    for index, entry in enumerate(data["tags"], start=1):
        line = lines[index - 1] if index <= len(lines) else None
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str) \
                or not entry["name"].strip():
            raise InputError(label, line, f"tag #{index}: 'name' must be a non-empty string")
        name = entry["name"].strip()
        if re.search(r"[<>\"`\x00-\x1f]", name):
            # Material prints tag names into pages unescaped: keep markup out of them.
            raise InputError(label, line, f"tag name {name!r} contains a line break or one "
                                          "of < > \" `")
        slug = slugify(name)
        if not slug or slug == "index":
            raise InputError(label, line, f"tag name {name!r} gives the page name {slug!r} "
                                          "(it needs letters or digits, and not 'index')")
        if slug in slugs:
            raise InputError(label, line, f"tags {slugs[slug]!r} and {name!r} have the same "
                                          f"slug {slug!r}")
        slugs[slug] = name
        what = f"tag {name!r}"
        patterns = [_regex(p, f"{what}: pattern", label, line)
                    for p in _strings(entry, "patterns", what, label, line)]
        excludes = _strings(entry, "exclude", what, label, line)
        exclude = _regex("|".join(f"(?:{p})" for p in excludes), f"{what}: exclude", label,
                         line) if excludes else None
        description = entry.get("description") or ""
        if not isinstance(description, str):
            raise InputError(label, line, f"{what}: 'description' must be a string")
        rules.append(TagRule(name, slug, description.strip(), tuple(patterns),
                             _number(entry, "min_score", default_min, label, line),
                             tuple(_strings(entry, "implies", what, label, line)), exclude,
                             tuple(_anchor(p) for p in patterns),
                             _number(entry, "threshold", default_threshold, label, line)))
    known = {r.name for r in rules}
    for index, rule in enumerate(rules):
        for implied in rule.implies:
            if implied not in known:
                raise InputError(label, lines[index] if index < len(lines) else None,
                                 f"tag {rule.name!r} implies unknown tag {implied!r}")
    cues = _strings(settings, "contrast_cues", "settings", label, at_settings)
    contrast = re.compile(r"\b(?:" + "|".join(re.escape(c) for c in cues) + r")\s+(?:\S+\s+){0,6}$"
                          if cues else r"(?!)", re.IGNORECASE)
    max_tags = _number(settings, "max_tags", 6, label, where.get("max_tags"))
    if max_tags < 1 or max_tags != int(max_tags):
        raise InputError(label, where.get("max_tags"), "settings: 'max_tags' must be a whole "
                                                       "number of at least 1")
    return Taxonomy(tuple(rules), int(max_tags),
                    _number(settings, "headline_weight", 2, label, where.get("headline_weight")),
                    contrast, _model(settings.get("model", "builtin"), path, label,
                                     where.get("model")),
                    _number(settings, "rule_weight", 0.2, label, where.get("rule_weight")),
                    _number(settings, "floor", 0.3, label, where.get("floor")))


def _model(value: object, taxonomy: Path, label: str, line: int | None) -> TagModel | None:
    """``settings.model``: ``builtin`` (the shipped model, the default), a path to a model
    file relative to the taxonomy file, or ``none``/``false`` for patterns only."""
    if value in (None, False, "none"):
        return None
    if not isinstance(value, str):
        raise InputError(label, line, f"settings: 'model' must be 'builtin', 'none' or a path, "
                                      f"not {value!r}")
    path = DEFAULT_MODEL if value == "builtin" else taxonomy.parent / value
    if value != "builtin" and not path.is_file():
        raise InputError(label, line, f"settings: model file {value!r} not found")
    try:
        return load_model(path)
    except (ValueError, OSError) as exc:
        raise InputError(label, line, f"settings: model: {exc}") from None


def _strings(entry: dict, key: str, what: str, label: str, line: int | None) -> list[str]:
    """``entry[key]`` as a list of non-empty strings (missing or null: ``[]``)."""
    value = entry.get(key)
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise InputError(label, line, f"{what}: {key!r} must be a list of non-empty strings, "
                                      f"e.g. {key}: ['...']")
    return value


def _number(entry: dict, key: str, default: float, label: str, line: int | None) -> float:
    """``entry[key]`` as a number (missing: ``default``; booleans are not numbers)."""
    value = entry.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InputError(label, line, f"{key!r} must be a number, not {value!r}")
    return float(value)


def _regex(source: str, what: str, label: str, line: int | None) -> re.Pattern[str]:
    """Compile a case-insensitive pattern; one that matches empty text would match every
    paper, so it is refused."""
    try:
        pattern = re.compile(source, re.IGNORECASE)
    except re.error as exc:
        raise InputError(label, line, f"{what} {source!r} is not a valid regex: {exc}") from None
    if pattern.search(""):
        raise InputError(label, line, f"{what} {source!r} matches empty text (it would match "
                                      "every paper)")
    return pattern


# A pattern's leading literal: after an optional ``\b``, letters, digits, spaces and hyphens
# up to the first character that is quantified, grouped, escaped or a class.
_LEADING_LITERAL = re.compile(r"^(?:\\b)?([A-Za-z0-9 -]*)")
_MIN_ANCHOR = 2
# A prefix of the literal is still a correct anchor; the cap keeps the anchor trie (and the
# recursion that writes it as a regex) shallow for a pattern with a very long literal.
_MAX_ANCHOR = 40
# The characters that re.IGNORECASE matches to an anchor's ASCII letter although str.lower()
# does not give that letter (long s, dotless i), or that str.lower() turns into two characters
# (capital I with dot, so offsets would shift); found by trying every code point (a test does).
# Their presence disables the anchor shortcut, so it never changes a result.
_CASE_EXOTIC = ("\u017f", "\u0130", "\u0131")


def _anchor(pattern: re.Pattern[str]) -> str | None:
    """The lower-cased leading literal every match of ``pattern`` starts with (at most its
    first ``_MAX_ANCHOR`` characters), or ``None`` when it is shorter than ``_MIN_ANCHOR``
    characters (the pattern then runs over the whole text; a one-letter anchor would occur
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
    return literal[:_MAX_ANCHOR].lower() if len(literal) >= _MIN_ANCHOR else None


def _top_level_single(source: str) -> bool:
    """True when every ``|`` of a regex source without ``(?#...)`` comments (``_anchor``
    gives those no anchor before asking) is inside a group (not escaped, not in a character
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


def tag_scores(taxonomy: Taxonomy, text: str, headline: str) -> dict[str, float]:
    """Score every tag on plain ``text`` (the abstract) and ``headline`` (title + highlight).

    The score counts the sentences that mention the tag (however often each does: "large
    language models (LLMs)" is one mention), plus ``headline_weight - 1`` when the headline
    mentions it, so a topic the abstract keeps returning to outweighs a passing mention.
    A mention right after a contrast cue ("unlike ...", within its sentence) does not count.

    Speed, with the same result as running every pattern over the whole text: a pattern with
    an anchor (``TagRule.anchors``) can only match where its anchor occurs, so it is tried
    only at those offsets (``AnchorIndex``). That needs ``str.lower()`` to keep offsets and
    to agree with ``re.IGNORECASE`` on the anchors' ASCII letters; a text holding one of
    the few characters for which it does not (``_CASE_EXOTIC``) runs every pattern in full.
    """
    starts = [0] + [m.end() for m in _SENTENCE_END.finditer(text)]
    rules = taxonomy.rules
    mentioned: list[set[int]] = [set() for _ in rules]
    in_head = [False] * len(rules)
    shortcut = not any(c in text or c in headline for c in _CASE_EXOTIC)
    index = taxonomy.anchor_index
    text_at = index.positions(text.lower()) if shortcut else {}
    head_at = index.positions(headline.lower()) if shortcut else {}

    def count(i: int, matches: Iterable[re.Match[str]], body: str) -> None:
        seen = mentioned[i]
        for m in matches:
            k = bisect_right(starts, m.start()) - 1
            if k not in seen and not taxonomy.contrast.search(
                    body[max(starts[k], m.start() - 60):m.start()]):
                seen.add(k)

    if shortcut:
        # Only the anchors the text holds: most of the taxonomy's patterns are never tried.
        for anchor, offsets in text_at.items():
            for i, pattern in taxonomy.by_anchor.get(anchor, ()):
                count(i, _matches_at(pattern, text, offsets), text)
        for anchor, offsets in head_at.items():
            for i, pattern in taxonomy.by_anchor.get(anchor, ()):
                if not in_head[i]:
                    in_head[i] = any(pattern.match(headline, at) for at in offsets)
    for i, rule in enumerate(rules):
        if shortcut and rule.exclude is None and all(a is not None for a in rule.anchors):
            continue  # done above
        body, head, body_at, rule_head_at = text, headline, text_at, head_at
        if rule.exclude is not None:  # blank excluded spans, keeping offsets
            body = rule.exclude.sub(lambda m: " " * len(m.group(0)), text)
            head = rule.exclude.sub(" ", headline)
            if shortcut and body != text:
                body_at = index.positions(body.lower())
            if shortcut and head != headline:
                rule_head_at = index.positions(head.lower())
        for pattern, anchor in zip(rule.patterns, rule.anchors, strict=True):
            if not shortcut or anchor is None:
                count(i, pattern.finditer(body), body)
                in_head[i] = in_head[i] or pattern.search(head) is not None
            elif rule.exclude is not None:
                head_offsets = rule_head_at.get(anchor)
                if head_offsets and not in_head[i]:
                    in_head[i] = any(pattern.match(head, at) for at in head_offsets)
                offsets = body_at.get(anchor)
                if offsets:
                    count(i, _matches_at(pattern, body, offsets), body)
            # an anchored pattern of a rule without exclude was tried above
    scores: dict[str, float] = {}
    for i, rule in enumerate(rules):
        score = float(len(mentioned[i])) + (taxonomy.headline_weight - 1 if in_head[i] else 0)
        if score:
            scores[rule.name] = score
    return scores


def _matches_at(pattern: re.Pattern[str], text: str, offsets: Iterable[int]
                ) -> Iterator[re.Match[str]]:
    """What ``pattern.finditer(text)`` yields when every match must start at one of
    ``offsets`` (increasing): the non-overlapping matches, leftmost first."""
    end = 0
    for at in offsets:
        if at >= end and (m := pattern.match(text, at)) is not None:
            end = m.end()
            yield m


def assign_tags(taxonomy: Taxonomy, text: str, headline: str) -> tuple[str, ...]:
    """The tags of one paper, in taxonomy order (module docstring for the rule).

    Args:
        taxonomy: the loaded taxonomy.
        text: the abstract as plain text (see ``generator.markup.plain_text``).
        headline: the title, highlight and opening sentence, plain text.

    Returns:
        At most ``taxonomy.max_tags`` tag names.
    """
    scores = tag_scores(taxonomy, text, headline)
    model = taxonomy.model
    probabilities = model.probabilities(text) if model is not None else {}
    chosen: dict[str, float] = {}
    best: TagRule | None = None
    best_combined = 0.0
    for rule in taxonomy.rules:
        score = scores.get(rule.name, 0.0)
        p = probabilities.get(rule.name)
        if p is None:
            strength = score / rule.min_score
            if strength >= 1:
                chosen[rule.name] = strength
            continue
        combined = p + taxonomy.rule_weight * min(score / rule.min_score, 2.0)
        if combined >= rule.threshold:
            chosen[rule.name] = combined / rule.threshold
        if combined > best_combined:
            best, best_combined = rule, combined
    if not chosen and best is not None and best_combined >= taxonomy.floor:
        # Nearly every paper has a main subject the taxonomy names: the likeliest tag, when
        # it is likely enough, beats none.
        chosen[best.name] = best_combined / best.threshold
    by_name = {r.name: r for r in taxonomy.rules}
    for name in list(chosen):
        for implied in by_name[name].implies:
            chosen[implied] = max(chosen.get(implied, 0), chosen[name])
    keep = sorted(chosen, key=lambda n: -chosen[n])[: taxonomy.max_tags]
    return tuple(n for n in taxonomy.names if n in keep)
