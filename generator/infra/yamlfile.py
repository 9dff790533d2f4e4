"""Reading the project's YAML files (taxonomy, overrides, evaluation labels) with line numbers,
so a wrong value is reported as ``file:line: why`` (``generator.errors.InputError``).

PyYAML's ``safe_load`` drops positions; the composed node tree keeps them, so the file is
composed once, constructed from that tree (as ``safe_load`` does), and the nodes give the line
of each list item or mapping key.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from generator.errors import InputError


def read_yaml(path: Path, label: str | None = None) -> tuple[Any, yaml.Node | None]:
    """Parse one YAML file.

    Args:
        path: the file.
        label: how to name it in errors (default: ``str(path)``).

    Returns:
        ``(data, node)``: the plain Python value (``safe_load``) and the composed node tree
        (``None`` for an empty file).

    Raises:
        InputError: the file is missing, is a folder, is not UTF-8, or is not valid YAML (with
            the line of the problem).
    """
    label = label or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(label, None, "file not found") from None
    except IsADirectoryError:
        raise InputError(label, None, "is a folder, not a YAML file") from None
    except UnicodeDecodeError as exc:
        line = path.read_bytes()[: exc.start].count(b"\n") + 1
        raise InputError(label, line, f"not valid UTF-8 (byte offset {exc.start})") from None
    loader = yaml.SafeLoader(text)
    try:  # what yaml.safe_load does, keeping the node tree for line numbers: parsed once
        node = loader.get_single_node()
        return (loader.construct_document(node) if node is not None else None), node
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise InputError(label, mark.line + 1 if mark else None, f"invalid YAML: {exc}") from None
    finally:
        loader.dispose()


def item_lines(node: yaml.Node | None) -> list[int]:
    """1-based start line of each item of a YAML sequence node (``[]`` for anything else)."""
    if not isinstance(node, yaml.SequenceNode):
        return []
    return [item.start_mark.line + 1 for item in node.value]


def key_lines(node: yaml.Node | None) -> dict[str, int]:
    """1-based line of each key of a YAML mapping node, by the key's text (``{}`` for anything
    else)."""
    if not isinstance(node, yaml.MappingNode):
        return {}
    return {str(k.value): k.start_mark.line + 1 for k, _ in node.value}


def child(node: yaml.Node | None, key: str) -> yaml.Node | None:
    """The value node of ``key`` in a mapping node, or ``None``."""
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if str(k.value) == key:
                return v
    return None
