"""Per-paper overrides: a small sidecar file (``seeds/overrides.yml``) that replaces derived
fields of one paper without editing the seed text.

Format (validated like Material's blog plugin validates post front matter: a schema of
MkDocs config options per entry, ``OverrideOptions``)::

    2f4e9a01b7c3:            # the paper id (see papers.json / the paper page)
      title: "FastVID: Density-based token pruning for Video LLMs"
      tags: [Video, Efficiency]
      highlight: "We propose ..."

Only ``title``, ``tags`` and ``highlight`` may be overridden. That the id names a paper and the
tags are in the taxonomy is checked where the papers are known (``generator.catalog``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c

from generator.config.schema import Text, validate
from generator.errors import InputError, raise_all, shown_path
from generator.infra.yamlfile import child, key_lines, read_yaml

_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


class OverrideOptions(base.Config):
    """One paper's entry."""

    title = c.Optional(Text(non_empty=True))
    tags = c.Optional(c.ListOfItems(Text(non_empty=True)))
    highlight = c.Optional(Text(non_empty=True))


@dataclass(frozen=True, slots=True)
class Override:
    """Replacement values for one paper; ``None`` means keep the derived value.
    ``line`` is where the entry starts in the file, ``tags_line`` where its ``tags`` are (for
    error messages)."""

    id: str
    line: int
    title: str | None = None
    tags: tuple[str, ...] | None = None
    highlight: str | None = None
    tags_line: int | None = None


def load_overrides(path: Path, label: str | None = None) -> tuple[Override, ...]:
    """Read and validate the overrides file; a missing file means no overrides.

    Raises:
        InputError: invalid YAML, an unknown field, a value of the wrong type, or a control
            character in a title or highlight (names the file and line); several of them
            together as ``InputErrors`` (every entry is checked before raising).
    """
    label = label or shown_path(path)
    if not path.exists():
        return ()
    data, node = read_yaml(path, label)
    if data is None:
        return ()
    if not isinstance(data, dict):
        raise InputError(label, 1, "expected a mapping of paper id -> fields")
    lines = key_lines(node)
    out = []
    errors: list[InputError] = []
    for key, fields in data.items():
        pid, line = str(key), lines.get(str(key), 1)
        entry_node = child(node, pid)
        try:
            options = validate(OverrideOptions, fields, entry_node, label, line, pid)
        except InputError as exc:
            errors.append(exc)
            continue
        for name in ("title", "highlight"):
            if options[name] is not None and _CONTROL.search(options[name]):
                errors.append(InputError(label, key_lines(entry_node).get(name, line),
                                         f"{pid}: {name} contains a control character"))
        out.append(Override(pid, line, options.title,
                            tuple(options.tags) if options.tags is not None else None,
                            options.highlight,
                            key_lines(entry_node).get("tags", line)))
    raise_all(errors)
    return tuple(out)
