"""Step 1, read: the seeds folder -> ``Abstract`` records.

Each seed file is read by the reader of its format (``generator.read.text`` for ``*.txt``).
Across files, an abstract that occurs twice (same text up to whitespace) becomes one record
listing both sources, with a ``Notice``. Nothing is dropped silently; a file that cannot be
read raises ``InputError`` naming the file and line, before anything is written.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.errors import InputError
from generator.read.text import parse_seed_file
from generator.records import Abstract, Notice, Source


@dataclass(frozen=True, slots=True)
class SeedFile:
    """Summary of one seed file: its name, collection and how many abstracts it held."""

    name: str
    collection: str
    abstracts: int


@dataclass(frozen=True, slots=True)
class Seeds:
    """Everything read from a seeds folder.

    Attributes:
        abstracts: distinct abstracts in input order (file name order, then position).
        files: one summary per seed file, in the same order.
        notices: warnings (repaired characters, empty files, duplicates), in the order they
            were found.
    """

    abstracts: tuple[Abstract, ...]
    files: tuple[SeedFile, ...]
    notices: tuple[Notice, ...]


def read_seeds(seeds_dir: Path, label: str | None = None) -> Seeds:
    """Read every ``*.txt`` file of ``seeds_dir`` (sorted by name) into abstracts.

    Args:
        seeds_dir: the folder of seed files.
        label: how to name the folder in messages (default: ``seeds_dir`` as given).

    Returns:
        ``Seeds``; an abstract that occurs more than once (same text up to whitespace) is one
        record whose ``sources`` lists every occurrence, and each repeat adds a ``Notice``.

    Raises:
        InputError: the folder is missing, or a file is not valid UTF-8.
    """
    label = label or str(seeds_dir)
    if not seeds_dir.is_dir():
        raise InputError(label, None, "seeds folder not found")
    files: list[SeedFile] = []
    notices: list[Notice] = []
    by_key: dict[str, int] = {}
    order: list[list] = []  # [text, collection, [sources]] kept mutable only inside this function
    for path in sorted(seeds_dir.glob("*.txt")):
        shown = f"{label.rstrip('/')}/{path.name}"
        parsed = parse_seed_file(path.read_bytes(), path.name, shown)
        collection, paragraphs = parsed.collection, parsed.paragraphs
        notices.extend(parsed.notices)
        if not paragraphs:
            notices.append(Notice(shown, None, "no abstracts (empty or header-only file)"))
        for number, (line, text) in enumerate(paragraphs, start=1):
            source = Source(path.name, number, line)
            key = " ".join(text.split())  # whitespace runs as one space (lines are stripped)
            if key in by_key:
                first = order[by_key[key]]
                f0 = first[2][0]
                notices.append(
                    Notice(shown, line, f"duplicate of {f0.file} abstract {f0.abstract}; "
                                        "one page lists both sources")
                )
                first[2].append(source)
            else:
                by_key[key] = len(order)
                order.append([text, collection, [source]])
        files.append(SeedFile(path.name, collection, len(paragraphs)))
    abstracts = tuple(Abstract(text, coll, tuple(srcs)) for text, coll, srcs in order)
    return Seeds(abstracts, tuple(files), tuple(notices))


