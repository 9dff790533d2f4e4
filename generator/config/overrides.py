"""Per-paper overrides: a small sidecar file (``seeds/overrides.yml``) that replaces derived
fields of one paper without editing the seed text.

Format (validated like Material's blog plugin validates post front matter)::

    2f4e9a01b7c3:            # the paper id (see papers.json / the paper page)
      title: "FastVID: Density-based token pruning for Video LLMs"
      tags: [Video, Efficiency]
      highlight: "We propose ..."

Only ``title``, ``tags`` and ``highlight`` may be overridden; tags must be in the taxonomy; an id
that matches no paper is an error (a typo must not be silently ignored).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from generator.errors import InputError
from generator.infra.yamlfile import child, key_lines, read_yaml
from generator.records import PaperFacts
from generator.text.markup import plain_text

FIELDS = ("title", "tags", "highlight")
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


@dataclass(frozen=True, slots=True)
class Override:
    """Replacement values for one paper; ``None`` means keep the derived value.
    ``line`` is where the entry starts in the file (for error messages)."""

    id: str
    line: int
    title: str | None = None
    tags: tuple[str, ...] | None = None
    highlight: str | None = None


def load_overrides(path: Path, label: str | None = None) -> tuple[Override, ...]:
    """Read and validate the overrides file; a missing file means no overrides.

    Raises:
        InputError: invalid YAML, an unknown field, or a value of the wrong type
            (names the file and line).
    """
    label = label or str(path)
    if not path.exists():
        return ()
    data, node = read_yaml(path, label)
    if data is None:
        return ()
    if not isinstance(data, dict):
        raise InputError(label, 1, "expected a mapping of paper id -> fields")
    lines = key_lines(node)
    out = []
    for key, fields in data.items():
        pid, line = str(key), lines.get(str(key), 1)
        if not isinstance(fields, dict):
            raise InputError(label, line, f"{pid}: expected a mapping of fields")
        field_lines = key_lines(child(node, pid))
        unknown = sorted(set(fields) - set(FIELDS), key=str)
        if unknown:
            raise InputError(label, field_lines.get(str(unknown[0]), line),
                             f"{pid}: unknown field(s) {unknown}; allowed: {list(FIELDS)}")
        title, highlight, tags = fields.get("title"), fields.get("highlight"), fields.get("tags")
        for name, value in (("title", title), ("highlight", highlight)):
            at = field_lines.get(name, line)
            if value is not None and (not isinstance(value, str) or not value.strip()):
                raise InputError(label, at, f"{pid}: {name} must be a non-empty string")
            if value is not None and _CONTROL.search(value):
                raise InputError(label, at, f"{pid}: {name} contains a control character")
        if tags is not None and (not isinstance(tags, list) or
                                 not all(isinstance(t, str) for t in tags)):
            raise InputError(label, field_lines.get("tags", line),
                             f"{pid}: tags must be a list of tag names")
        out.append(Override(pid, line, title and title.strip(),
                            tuple(tags) if tags is not None else None,
                            highlight and highlight.strip()))
    return tuple(out)


def apply_overrides(facts: tuple[PaperFacts, ...], overrides: tuple[Override, ...],
                    tag_names: tuple[str, ...], label: str) -> tuple[PaperFacts, ...]:
    """Return ``facts`` with overridden fields replaced.

    Raises:
        InputError: an override names an unknown paper id or an unknown tag.
    """
    by_id = {o.id: o for o in overrides}
    ids = {f.id for f in facts}
    for o in overrides:
        if o.id not in ids:
            near = sorted(i for i in ids if i[:4] == o.id[:4])
            hint = f" (did you mean {near[0]}?)" if near else ""
            raise InputError(label, o.line, f"unknown paper id {o.id!r}{hint}")
        for tag in o.tags or ():
            if tag not in tag_names:
                raise InputError(label, o.line, f"{o.id}: unknown tag {tag!r}")
    out = []
    for f in facts:
        o = by_id.get(f.id)
        if o is None:
            out.append(f)
            continue
        out.append(replace(
            f,
            title=o.title or f.title,
            tags=tuple(t for t in tag_names if t in o.tags) if o.tags is not None else f.tags,
            highlight=o.highlight or f.highlight,
            plain_highlight=plain_text(o.highlight) if o.highlight else f.plain_highlight,
        ))
    return tuple(out)
