"""Named, ordered rules, in the manner of Python-Markdown's ``markdown.util.Registry``: each
item is registered under a name with a priority; iteration yields the items from the highest
priority down (ties in registration order), and a name finds, replaces or removes one."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Entry(Generic[T]):
    """One registered item: its ``name``, ``priority`` and the ``item`` itself."""

    name: str
    priority: float
    item: T


class Registry(Generic[T]):
    """An ordered collection of named items (see the module docstring)."""

    def __init__(self) -> None:
        self._entries: list[Entry[T]] = []

    def register(self, item: T, name: str, priority: float) -> None:
        """Add ``item`` as ``name`` (replacing an item of that name) at ``priority``."""
        self.deregister(name, strict=False)
        self._entries.append(Entry(name, priority, item))
        self._entries.sort(key=lambda e: -e.priority)  # stable: ties keep their order

    def deregister(self, name: str, strict: bool = True) -> None:
        """Remove the item called ``name`` (``KeyError`` when there is none and ``strict``)."""
        kept = [e for e in self._entries if e.name != name]
        if strict and len(kept) == len(self._entries):
            raise KeyError(name)
        self._entries = kept

    def __iter__(self) -> Iterator[T]:
        return (e.item for e in self._entries)

    def __getitem__(self, name: str) -> T:
        for entry in self._entries:
            if entry.name == name:
                return entry.item
        raise KeyError(name)

    def __contains__(self, name: object) -> bool:
        return any(e.name == name for e in self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def names(self) -> tuple[str, ...]:
        """The names, in order."""
        return tuple(e.name for e in self._entries)

    def entries(self) -> tuple[Entry[T], ...]:
        """The entries (name, priority, item), in order."""
        return tuple(self._entries)
