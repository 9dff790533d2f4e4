"""Deterministic corpus synthesiser for the scale benchmark.

``synthesize(n, out_dir, seed=0)`` writes ``n`` abstracts in the seed format (first line the
collection name, a blank line, then blank-line-separated abstracts) spread over
``collections`` files. Each abstract recombines sentences of the real seed abstracts in
``seeds/`` (its opening sentence from one abstract, the rest drawn from others, links and
``$math$`` kept as they are), perturbs numbers, and carries a unique method name and run number,
so no two abstracts (or titles) are the same. Same ``n``/``seed`` -> same bytes.
"""

from __future__ import annotations

import argparse
import random
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_SENT = re.compile(r"(?<=[.!?])\s+(?=[A-Z$\\(])")
_NUM = re.compile(r"(?<![\w$/.\-])(\d{1,3})(\.\d+)?(?=\s?%)")
_SYL = ["ka", "ro", "mi", "zen", "tor", "vi", "lu", "qua", "dex", "na", "sol", "phi", "gra",
        "bel", "nov", "ter", "xo", "ly", "mar", "ond"]


def load_abstracts(seeds_dir: Path = ROOT / "seeds") -> list[str]:
    out = []
    for path in sorted(seeds_dir.glob("*.txt")):
        paras = re.split(r"\n\s*\n", path.read_text(encoding="utf-8").strip())
        out += [" ".join(p.split()) for p in paras[1:] if p.strip()]
    return out


def _name(i: int, rng: random.Random) -> str:
    syl = "".join(rng.choice(_SYL) for _ in range(2)).capitalize()
    return f"{syl}{i}"


def _perturb(sentence: str, rng: random.Random) -> str:
    def num(m: re.Match) -> str:
        v = float(m.group(0)) * rng.uniform(0.8, 1.2)
        return f"{v:.1f}"
    return _NUM.sub(num, sentence)


def make_abstract(i: int, pool: list[list[str]], rng: random.Random) -> str:
    base = pool[rng.randrange(len(pool))]
    n_sent = max(4, min(12, len(base) + rng.randint(-2, 2)))
    name = _name(i, rng)
    first = base[0]
    # A unique method name in the title-bearing opening sentence keeps titles/slugs distinct.
    body = [f"We present {name}: {first[0].lower()}{first[1:]}" if rng.random() < 0.5
            else f"{first[:-1] if first.endswith('.') else first} ({name})."]
    rest = base[1:]
    for _ in range(n_sent - 1):
        if rest and rng.random() < 0.5:
            s = rest[rng.randrange(len(rest))]
        else:
            other = pool[rng.randrange(len(pool))]
            s = other[rng.randrange(1, len(other))] if len(other) > 1 else other[0]
        if s not in body:
            body.append(_perturb(s, rng))
    body.insert(min(len(body), 2 + rng.randrange(3)),
                f"{name} is evaluated in synthetic run {i} of this benchmark corpus.")
    return " ".join(body)


def synthesize(n: int, out_dir: Path, seed: int = 0, collections: int = 4,
               seeds_dir: Path = ROOT / "seeds") -> list[Path]:
    """Write ``n`` abstracts over ``collections`` seed files in ``out_dir``; return the paths."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    pool = [_SENT.split(a) for a in load_abstracts(seeds_dir)]
    per = [n // collections + (1 if c < n % collections else 0) for c in range(collections)]
    paths, i = [], 0
    for c, count in enumerate(per):
        texts = []
        for _ in range(count):
            texts.append(make_abstract(i, pool, rng))
            i += 1
        path = out_dir / f"{c:03d}_synthetic.txt"
        path.write_text(f"Synthetic Collection {chr(65 + c)}\n\n" + "\n\n".join(texts) + "\n",
                        encoding="utf-8")
        paths.append(path)
    return paths


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description="Write N synthetic abstracts (seed format) made "
                                             "from the seed abstracts, over 4 collection files.")
    ap.add_argument("n", type=int, nargs="?", default=500, help="number of abstracts")
    ap.add_argument("out_dir", type=Path, nargs="?", default=Path("bench_seeds"),
                    help="folder to write the .txt files into")
    ap.add_argument("--seed", type=int, default=0, help="random seed (same seed, same corpus)")
    args = ap.parse_args()
    for p in synthesize(args.n, args.out_dir, seed=args.seed):
        print(p)
