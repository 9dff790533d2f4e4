"""Topic tags from an editable taxonomy file (``taxonomy.yml``).

A tag fits when the paper's MAIN subject is that topic (``../shared/taxonomy.md``), so evidence is
weighed, not just found: every match of one of the tag's patterns in the abstract scores 1, a
match in the title or highlight sentence scores ``headline_weight`` instead, and a match right
after a contrast cue ("unlike LLM-based approaches") scores 0. A tag applies when its score
reaches its ``min_score``; ``implies`` adds further tags (Diffusion Models -> Generative Models);
at most ``max_tags`` tags are kept, highest scores first, listed in taxonomy order.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from pathlib import Path

import yaml
from slugify import slugify

from generator.errors import InputError


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
    combined: re.Pattern[str] | None = None  # all patterns as one alternation (speed)
    exclude: re.Pattern[str] | None = None  # text that never counts for this tag


@dataclass(frozen=True, slots=True)
class Taxonomy:
    """The whole tag vocabulary and the scoring settings (see module docstring)."""

    rules: tuple[TagRule, ...]
    max_tags: int
    headline_weight: float
    contrast: re.Pattern[str]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(r.name for r in self.rules)


def load_taxonomy(path: Path, label: str | None = None) -> Taxonomy:
    """Read and validate a taxonomy YAML file.

    Args:
        path: the file (format: see the comment at the top of the default ``taxonomy.yml``).
        label: how to name the file in errors.

    Raises:
        InputError: unreadable YAML, a missing name, a bad regex, an unknown implied tag, or two
            tag names with the same slug (they would share one tag page).
    """
    label = label or str(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(label, None, "taxonomy file not found") from None
    except yaml.YAMLError as exc:
        line = getattr(getattr(exc, "problem_mark", None), "line", None)
        where = None if line is None else line + 1
        raise InputError(label, where, f"invalid YAML: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("tags"), list):
        raise InputError(label, None, "expected a mapping with a 'tags' list")
    settings = data.get("settings") or {}
    default_min = float(settings.get("min_score", 2))
    rules: list[TagRule] = []
    slugs: dict[str, str] = {}
    for index, entry in enumerate(data["tags"], start=1):
        if not isinstance(entry, dict) or not str(entry.get("name") or "").strip():
            raise InputError(label, None, f"tag #{index} has no name")
        name = str(entry["name"]).strip()
        if re.search(r"[<>\"`]", name):
            # Material prints tag names into pages unescaped: keep markup out of them.
            raise InputError(label, None, f"tag name {name!r} contains one of < > \" `")
        slug = slugify(name)
        if slug in slugs:
            raise InputError(label, None, f"tags {slugs[slug]!r} and {name!r} have the same slug "
                                          f"{slug!r}")
        slugs[slug] = name
        patterns = []
        for pattern in entry.get("patterns") or []:
            try:
                patterns.append(re.compile(str(pattern), re.IGNORECASE))
            except re.error as exc:
                raise InputError(label, None, f"tag {name!r}: bad pattern {pattern!r}: {exc}") \
                    from None
        try:
            combined = re.compile("|".join(f"(?:{p.pattern})" for p in patterns), re.IGNORECASE) \
                if patterns else None
        except re.error:  # e.g. a pattern with a global inline flag: match one by one
            combined = None
        excludes = [str(p) for p in entry.get("exclude") or []]
        try:
            exclude = re.compile("|".join(f"(?:{p})" for p in excludes), re.IGNORECASE) \
                if excludes else None
        except re.error as exc:
            raise InputError(label, None, f"tag {name!r}: bad exclude pattern: {exc}") from None
        rules.append(TagRule(name, slug, str(entry.get("description") or "").strip(),
                             tuple(patterns), float(entry.get("min_score", default_min)),
                             tuple(entry.get("implies") or ()), combined, exclude))
    known = {r.name for r in rules}
    for rule in rules:
        for implied in rule.implies:
            if implied not in known:
                raise InputError(label, None, f"tag {rule.name!r} implies unknown tag {implied!r}")
    cues = settings.get("contrast_cues") or []
    contrast = re.compile(r"\b(?:" + "|".join(re.escape(c) for c in cues) + r")\s+(?:\S+\s+){0,6}$"
                          if cues else r"(?!)", re.IGNORECASE)
    return Taxonomy(tuple(rules), int(settings.get("max_tags", 6)),
                    float(settings.get("headline_weight", 2)), contrast)


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"“(])")


def tag_scores(taxonomy: Taxonomy, text: str, headline: str) -> dict[str, float]:
    """Score every tag on plain ``text`` (the abstract) and ``headline`` (title + highlight).

    The score counts the sentences that mention the tag (however often each does: "large
    language models (LLMs)" is one mention), plus ``headline_weight - 1`` when the headline
    mentions it, so a topic the abstract keeps returning to outweighs a passing mention.
    A mention right after a contrast cue ("unlike ...", within its sentence) does not count.
    """
    starts = [0] + [m.end() for m in _SENTENCE_END.finditer(text)]
    scores: dict[str, float] = {}
    for rule in taxonomy.rules:
        patterns = (rule.combined,) if rule.combined is not None else rule.patterns
        body, head = text, headline
        if rule.exclude is not None:  # blank excluded spans, keeping offsets
            body = rule.exclude.sub(lambda m: " " * len(m.group(0)), text)
            head = rule.exclude.sub(" ", headline)
        mentioned: set[int] = set()
        for pattern in patterns:
            for m in pattern.finditer(body):
                k = bisect_right(starts, m.start()) - 1
                if k in mentioned:
                    continue
                lead = body[max(starts[k], m.start() - 60):m.start()]
                if not taxonomy.contrast.search(lead):
                    mentioned.add(k)
        score = float(len(mentioned))
        if any(p.search(head) for p in patterns):
            score += taxonomy.headline_weight - 1
        if score:
            scores[rule.name] = score
    return scores


def assign_tags(taxonomy: Taxonomy, text: str, headline: str) -> tuple[str, ...]:
    """The tags of one paper, in taxonomy order.

    Args:
        taxonomy: the loaded taxonomy.
        text: the abstract as plain text (see ``generator.markup.plain_text``).
        headline: the title and highlight sentence, plain text.

    Returns:
        At most ``taxonomy.max_tags`` tag names.
    """
    scores = tag_scores(taxonomy, text, headline)
    by_name = {r.name: r for r in taxonomy.rules}
    chosen = {name: s for name, s in scores.items() if s >= by_name[name].min_score}
    for name in list(chosen):
        for implied in by_name[name].implies:
            chosen[implied] = max(chosen.get(implied, 0), chosen[name])
    keep = sorted(chosen, key=lambda n: -chosen[n])[: taxonomy.max_tags]
    return tuple(n for n in taxonomy.names if n in keep)
