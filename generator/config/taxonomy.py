"""The taxonomy file (``taxonomy.yml``): the tag vocabulary and its rules, as data a user edits.

Schema (``TagOptions``, ``SettingsOptions``; the comment at the top of the default
``taxonomy.yml`` explains each key to users)::

    settings: {min_score, max_tags, headline_weight, contrast_cues, model, rule_weight,
               threshold, floor, keyword_weight}
    tags:
      - name: ...            # shown as is; its slug names the tag's page
        description: ...     # when the tag applies (the spec)
        patterns: [...]      # regular expressions, case-insensitive
        exclude: [...]       # text that never counts for this tag
        min_score: 2         # pattern score the tag needs on its own
        threshold: 0.5       # combined score a tag the model knows needs
        implies: [...]       # tags that come with this one

How tags are scored from this is ``generator.extract.tags``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import yaml
from mkdocs.config import base
from mkdocs.config import config_options as c
from slugify import slugify

from generator.config.schema import Number, Regexes, Strings, Text, validate
from generator.errors import InputError
from generator.infra.yamlfile import child, item_lines, key_lines, read_yaml

BUILTIN_MODEL = Path(__file__).resolve().parent.parent / "data" / "tag_model.npz"
_UNSAFE_NAME = re.compile(r"[<>\"`\x00-\x1f]")


class SettingsOptions(base.Config):
    """``settings:`` of the taxonomy file."""

    min_score = Number(default=2)
    """Pattern score a tag needs on its own, unless the tag sets its own."""
    max_tags = Number(default=6, whole=True)
    """At most this many tags per paper, the strongest kept."""
    headline_weight = Number(default=2)
    """A mention in the title, highlight or opening sentence counts this much."""
    contrast_cues = Strings(example="unlike")
    """Words after which a mention does not count ("unlike LLM-based methods")."""
    model = c.Optional(Text())
    """``builtin`` (the shipped model, the default), ``none``, or a model file relative to
    the taxonomy file."""
    rule_weight = Number(default=0.2)
    """Weight of the pattern score beside the model's probability."""
    threshold = Number(default=0.5)
    """Combined score a tag the model knows needs, unless the tag sets its own or the model
    file holds one for it (chosen in training on a dev split)."""
    floor = Number(default=0.6)
    """A paper left without a tag gets the model's likeliest tag (combined score over its
    threshold) when that ratio reaches ``floor``."""
    keyword_weight = Number(default=2)
    """A keyword the input file gives for a paper that names a tag (one of its patterns
    matches the keyword, or the keyword is the tag's name) adds ``keyword_weight x
    min_score`` to the tag's pattern score."""


class TagOptions(base.Config):
    """One entry of ``tags:``."""

    name = Text(non_empty=True)
    description = Text(default="")
    patterns = Regexes(example="\\bword\\b")
    exclude = Regexes(example="\\bword\\b")
    min_score = c.Optional(Number())
    threshold = c.Optional(Number())
    implies = Strings(example="Generative Models")


@dataclass(frozen=True, slots=True)
class TagRule:
    """One tag of the taxonomy.

    Attributes:
        name, slug, description: as shown; the slug names the tag's page.
        patterns: compiled, case-insensitive.
        min_score: the pattern score the tag needs on its own.
        threshold: the combined score (model and patterns) it needs when the model knows it,
            or ``None``: the model's threshold for it (chosen in training), else the
            taxonomy's ``threshold`` setting.
        implies: tags that come with this one.
        exclude: text that never counts for the tag, or ``None``.
    """

    name: str
    slug: str
    description: str
    patterns: tuple[re.Pattern[str], ...]
    min_score: float
    threshold: float | None
    implies: tuple[str, ...]
    exclude: re.Pattern[str] | None = None


@dataclass(frozen=True, slots=True)
class Taxonomy:
    """The whole tag vocabulary and the scoring settings (``SettingsOptions``).

    Attributes:
        rules: one per tag, in file order (the order tags are listed in).
        max_tags, headline_weight, rule_weight, floor, keyword_weight, threshold: the
            settings.
        contrast: matches a contrast cue followed by up to six words at the end of a text.
        model: the tag model file, or ``None`` for patterns only.
        label: how the file is named in messages.
    """

    rules: tuple[TagRule, ...]
    max_tags: int
    headline_weight: float
    contrast: re.Pattern[str]
    model: Path | None = None
    rule_weight: float = 0.2
    floor: float = 0.6
    label: str = "taxonomy.yml"
    keyword_weight: float = 2.0
    threshold: float = 0.5

    @property
    def names(self) -> tuple[str, ...]:
        """The tag names, in taxonomy order."""
        return tuple(r.name for r in self.rules)

    @property
    def descriptions(self) -> dict[str, str]:
        """Tag name -> its description."""
        return {r.name: r.description for r in self.rules}


def load_taxonomy(path: Path, label: str | None = None) -> Taxonomy:
    """Read and validate a taxonomy file.

    Args:
        path: the file.
        label: how to name the file in errors (default: ``path``).

    Raises:
        InputError (with the line of the tag or setting at fault): unreadable YAML; an option
            the schema does not know; a value of the wrong type (``patterns: transformer``
            instead of a list, ``min_score: high``); a missing or unusable name (markup
            characters, a line break, no letters or digits, or the slug ``index``, which is
            the tags index page); a bad regex or one that matches empty text; an unknown
            implied tag; two tag names with the same slug (they would share one tag page); a
            model file that does not exist.
    """
    label = label or str(path)
    data, node = read_yaml(path, label)
    if not isinstance(data, dict) or not isinstance(data.get("tags"), list):
        raise InputError(label, None, "expected a mapping with a 'tags' list")
    top = key_lines(node)
    settings = validate(SettingsOptions, data.get("settings") or {}, child(node, "settings"),
                        label, top.get("settings"), "settings")
    rules, lines = _tag_rules(data["tags"], child(node, "tags"), settings, label)
    _check_implies(rules, lines, label)
    contrast = _contrast_pattern(settings.contrast_cues)
    return Taxonomy(tuple(rules), settings.max_tags, settings.headline_weight, contrast,
                    _model_path(settings.model, path, label, key_lines(
                        child(node, "settings")).get("model")),
                    settings.rule_weight, settings.floor, label, settings.keyword_weight,
                    settings.threshold)


def _tag_rules(entries: list, tags_node: yaml.Node | None, settings: SettingsOptions,
               label: str) -> tuple[list[TagRule], list[int]]:
    """The ``tags`` list (``entries``; ``tags_node`` its YAML node, for lines) as validated
    rules, and the line of each entry.

    Raises:
        InputError: the first entry at fault (``validate``, ``_rule``), with its line.
    """
    lines = item_lines(tags_node)
    items = tags_node.value if tags_node is not None else []
    rules: list[TagRule] = []
    slugs: dict[str, str] = {}
    for index, entry in enumerate(entries, start=1):
        line = lines[index - 1] if index <= len(lines) else None
        entry_node = items[index - 1] if index <= len(items) else None
        what = f"tag {entry.get('name')!r}" if isinstance(entry, dict) and isinstance(
            entry.get("name"), str) else f"tag #{index}"
        options = validate(TagOptions, entry, entry_node, label, line, what)
        rules.append(_rule(options, settings, slugs, label, line))
    return rules, lines


def _check_implies(rules: list[TagRule], lines: list[int], label: str) -> None:
    """Raises InputError (the implying tag's line) for the first implied tag that is not a
    tag of the taxonomy."""
    known = {r.name for r in rules}
    for index, rule in enumerate(rules):
        for implied in rule.implies:
            if implied not in known:
                raise InputError(label, lines[index] if index < len(lines) else None,
                                 f"tag {rule.name!r} implies unknown tag {implied!r}")


def _contrast_pattern(cues: Sequence[str]) -> re.Pattern[str]:
    """A contrast cue (``but``, ``unlike`` ...) followed by at most six words at the end of
    the text; a pattern that never matches when there are no cues."""
    return re.compile(r"\b(?:" + "|".join(re.escape(c) for c in cues) + r")\s+(?:\S+\s+){0,6}$"
                      if cues else r"(?!)", re.IGNORECASE)


def _rule(options: TagOptions, settings: SettingsOptions, slugs: dict[str, str], label: str,
          line: int | None) -> TagRule:
    """A validated tag entry as a ``TagRule``; checks its name and slug against the others
    (``slugs``: slug -> name so far, updated)."""
    name = options.name
    if _UNSAFE_NAME.search(name):
        # Material prints tag names into pages unescaped: keep markup out of them.
        raise InputError(label, line, f"tag name {name!r} contains a line break or one of "
                                      "< > \" `")
    slug = slugify(name)
    if not slug or slug == "index":
        raise InputError(label, line, f"tag name {name!r} gives the page name {slug!r} (it "
                                      "needs letters or digits, and not 'index')")
    if slug in slugs:
        raise InputError(label, line, f"tags {slugs[slug]!r} and {name!r} have the same slug "
                                      f"{slug!r}")
    slugs[slug] = name
    exclude = re.compile("|".join(f"(?:{p.pattern})" for p in options.exclude),
                         re.IGNORECASE) if options.exclude else None
    return TagRule(name, slug, options.description.strip(), tuple(options.patterns),
                   options.min_score if options.min_score is not None else settings.min_score,
                   options.threshold,
                   tuple(options.implies), exclude)


def _model_path(value: str | None, taxonomy: Path, label: str, line: int | None) -> Path | None:
    """``settings.model`` as a file: the built-in model, ``None`` for ``none``, or a path
    relative to the taxonomy file (which must exist)."""
    if value is None or value == "builtin":
        return BUILTIN_MODEL
    if value == "none":
        return None
    path = taxonomy.parent / value
    if not path.is_file():
        raise InputError(label, line, f"settings: model file {value!r} not found")
    return path
