"""Validating a YAML mapping against a schema declared with MkDocs' config options, with
errors that name the file and line of the value at fault.

MkDocs validates ``mkdocs.yml`` with ``mkdocs.config.base.Config`` subclasses; Material's blog
plugin validates each post's front matter the same way. The taxonomy, the overrides file and
the plugin's options are declared so too (``generator.config``). MkDocs' messages name the
option; ``validate`` adds where it is, from the YAML node tree (``generator.infra.yamlfile``).
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

import yaml
from mkdocs.config import base
from mkdocs.config import config_options as c

from generator.errors import InputError
from generator.infra.yamlfile import key_lines

Schema = TypeVar("Schema", bound=base.Config)


class Text(c.BaseConfigOption[str]):
    """A string; ``non_empty``: at least one visible character (stripped on load)."""

    def __init__(self, default: str | None = None, non_empty: bool = False) -> None:
        super().__init__()
        self.default = default
        self.non_empty = non_empty

    def run_validation(self, value: object) -> str:
        if not isinstance(value, str) or self.non_empty and not value.strip():
            raise base.ValidationError("must be a non-empty string" if self.non_empty
                                       else "must be a string")
        return value.strip() if self.non_empty else value


class Switch(c.BaseConfigOption[bool]):
    """``true`` or ``false``; also ``1`` or ``0``, which is what ``!ENV [NAME, false]`` gives for
    an environment variable set to 1 or 0 (YAML 1.1 reads them as integers)."""

    def __init__(self, default: bool = False) -> None:
        super().__init__()
        self.default = default

    def run_validation(self, value: object) -> bool:
        if value in (0, 1) and not isinstance(value, float) or isinstance(value, bool):
            return bool(value)
        raise base.ValidationError(f"must be true or false, not {value!r}")


class Number(c.BaseConfigOption[float]):
    """A number (``true``/``false`` are not numbers); ``whole``: an integer of at least 1."""

    def __init__(self, default: float | None = None, whole: bool = False) -> None:
        super().__init__()
        self.default = default
        self.whole = whole

    def run_validation(self, value: object) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise base.ValidationError(f"must be a number, not {value!r}")
        if self.whole and (value < 1 or value != int(value)):
            raise base.ValidationError("must be a whole number of at least 1")
        return int(value) if self.whole else float(value)


class Strings(c.BaseConfigOption[list]):
    """A list of non-empty strings (a single string is refused: ``patterns: transformer`` is
    a mistake, not a one-pattern list); missing: ``default`` (``[]``)."""

    def __init__(self, example: str = "...", default: list | None = None) -> None:
        super().__init__()
        self.default = [] if default is None else default
        self.example = example

    def run_validation(self, value: object) -> list:
        if value is None:
            return self.default
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise base.ValidationError(
                f"must be a list of non-empty strings, e.g. ['{self.example}']")
        return value


class Regexes(Strings):
    """A list of regular expression sources, compiled case-insensitive. One that matches
    empty text would match every paper, so it is refused."""

    def run_validation(self, value: object) -> list:
        patterns = []
        for source in super().run_validation(value):
            try:
                pattern = re.compile(source, re.IGNORECASE)
            except re.error as exc:
                raise base.ValidationError(f"{source!r} is not a valid regex: {exc}") from None
            if pattern.search(""):
                raise base.ValidationError(f"{source!r} matches empty text (it would match "
                                           "every paper)")
            patterns.append(pattern)
        return patterns


def validate(schema: type[Schema], data: Any, node: yaml.Node | None, label: str,
             line: int | None, what: str) -> Schema:
    """``data`` loaded into ``schema`` and validated.

    Args:
        schema: the ``base.Config`` subclass declaring the options.
        data: the YAML mapping (or anything else, which is an error).
        node: its YAML node (for the line of each key).
        label: the file as the user knows it.
        line: the line of the mapping itself.
        what: how to name the mapping in messages ("tag 'A'", "settings").

    Raises:
        InputError: ``data`` is not a mapping, a key is not an option of ``schema`` (a typo
            must not be silently ignored), or a value fails its option's validation; the
            message names the file, the line of the key and the option.
    """
    if not isinstance(data, dict):
        raise InputError(label, line, f"{what}: expected a mapping")
    config = schema()
    config.load_dict(data)
    failed, warnings = config.validate()
    lines = key_lines(node)
    if failed:
        key, error = failed[0]
        raise InputError(label, lines.get(key, line), f"{what}: {key}: {error}")
    options = option_names(schema)
    unknown = [key for key, _ in warnings if key not in options]
    if unknown:
        raise InputError(label, lines.get(str(unknown[0]), line),
                         f"{what}: unknown option {unknown[0]!r} (known: {', '.join(options)})")
    return config


def option_names(schema: type[base.Config]) -> tuple[str, ...]:
    """The option names ``schema`` declares, in declaration order."""
    return tuple(k for k, v in vars(schema).items() if isinstance(v, c.BaseConfigOption))
