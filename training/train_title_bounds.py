"""Train the title boundary table (``generator/data/title_bounds.json``) on the real (title,
abstract) pairs of ``../shared/arxiv/``: which token of an abstract follows the place where
its authors' title (or a part of it, ``Name: part``) ends, against which token follows any
content word of the abstracts. See ``training/README.md``.

Run from the project root with the project's environment::

    python training/train_title_bounds.py      # writes generator/data/title_bounds.json

The pairs are the train split without the held-out ids (``evaluation.arxiv``) and without the
first ``DEV`` by SHA-256 (the dev split of ``evaluation.titles``, where the cut-off
``MIN_AFTER`` is read). A title part is located in its abstract by its last two words (the
first place both stand together); the token after them is counted. Deterministic; about one
CPU minute.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from evaluation.arxiv import training_pairs  # noqa: E402
from evaluation.titles import DEV  # noqa: E402
from generator.extract.lexicon import FUNCTION_WORDS  # noqa: E402
from generator.extract.title_model import BOUNDS_FILE, after_key  # noqa: E402
from generator.extract.title_spans import TOKEN, is_word  # noqa: E402
from generator.text.markup import plain_text  # noqa: E402

MIN_COUNT = 200  # content-word positions a following word needs for its own entry
CLIP = 5.0


def title_ends(title: str) -> list[list[str]]:
    """The last two lower-case words of each part of ``title`` (``Name: part`` has two)."""
    out = []
    for part in title.split(": "):
        words = [t.lower() for t in TOKEN.findall(part)]
        if len(words) >= 2 and is_word(words[-1]) and is_word(words[-2]):
            out.append(words[-2:])
    return out


def _raw_counts(rows: list[dict]) -> tuple[Counter[str], Counter[str]]:
    """``(after a title's end, after any content word)``: counts of the following raw token."""
    raw_end: Counter[str] = Counter()
    raw_all: Counter[str] = Counter()
    for row in rows:
        toks = TOKEN.findall(plain_text(row["abstract"]))
        low = [t.lower() for t in toks]
        for k in range(len(low) - 1):
            if is_word(low[k]) and low[k] not in FUNCTION_WORDS:
                raw_all[toks[k + 1]] += 1
        for end in title_ends(" ".join(row["title"].split())):
            _count_end(raw_end, toks, low, end)
    return raw_end, raw_all


def _count_end(raw_end: Counter[str], toks: list[str], low: list[str], end: list[str]) -> None:
    """Count the token after the first place the two words ``end`` stand together in ``low``."""
    for k in range(len(low) - 2):
        if low[k] == end[0] and low[k + 1] == end[1]:
            raw_end[toks[k + 2]] += 1
            return


def count(rows: list[dict]) -> tuple[Counter[str], Counter[str], set[str]]:
    """``(after a title's end, after any content word, the words frequent enough)``: counts
    of the following token by ``after_key``."""
    raw_end, raw_all = _raw_counts(rows)
    lower: Counter[str] = Counter()
    for token, n in raw_all.items():
        lower[token.lower()] += n
    words = {w for w, n in lower.items() if n >= MIN_COUNT and is_word(w)}
    ends: Counter[str] = Counter()
    every: Counter[str] = Counter()
    for raw, into in ((raw_end, ends), (raw_all, every)):
        for token, n in raw.items():
            into[after_key(token, words)] += n
    return ends, every, words


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=BOUNDS_FILE)
    args = parser.parse_args(argv)
    rows = training_pairs(ROOT, DEV)
    ends, every, _ = count(rows)
    total_end, total = sum(ends.values()), sum(every.values())
    after = {}
    for key, n in every.items():
        ratio = math.log((ends[key] + 1) / total_end) - math.log((n + 1) / total)
        after[key] = round(max(-CLIP, min(CLIP, ratio)), 3)
    args.out.write_text(json.dumps({"after": dict(sorted(after.items()))},
                                   separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{len(rows)} pairs, {total_end} title ends located, {total} content-word positions;"
          f" {len(after)} keys; wrote {args.out} ({args.out.stat().st_size / 1e3:.0f} kB)")
    for key in sorted(after, key=after.get)[:25]:
        print(f"  {key!r}: {after[key]} ({ends[key]} / {every[key]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
