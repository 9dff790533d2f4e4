"""A small learned scorer of title candidates: how much a candidate phrase looks like what
authors put in their titles, trained by ``training/train_title_model.py`` on real (title,
abstract) pairs of ``../shared/arxiv/`` (never its held-out ids).

The model file (``generator/data/title_model.json``) holds, per lower-case word seen in at least
``min_count`` training abstracts:

* ``title``: log-odds that an abstract's word is also in its title (``framework``,
  ``benchmark`` and task nouns are; ``this``, ``gap``, ``often`` are not);
* ``end``: log-odds that a title holding the word ends on it (``recognition``, ``models``
  end titles; ``broader``, ``automatically``, ``set`` never do: a phrase ending on them was
  cut);

and the weights of the candidate features (``FEATURES``), fitted by least squares to the word
overlap of each candidate with the authors' title. ``score`` is their dot product.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from generator.extract.lexicon import FUNCTION_WORDS, GENERIC_WORDS, POINTING_WORDS
from generator.extract.title_spans import is_word, shape

MODEL_FILE = Path(__file__).resolve().parent.parent / "data" / "title_model.json"
KINDS = ("long", "name", "field", "finding", "subject")
FEATURES = ("bias", "title_words", "end_word", "unknown_end", "words_off", "pointer",
            "relative", "commas", "has_name", "no_name", "generic", "words",
            *(f"kind_{k}" for k in KINDS))
_WORD = re.compile(r"[a-z][a-z0-9'-]*")
_RELATIVE = frozenset(("that", "which", "who", "whose", "where", "whereby"))
# Endings of adverbs, participles and adjectives: a rare word ending so ends no title.
MODIFIER_ENDINGS = ("ly", "ed", "ive", "al", "ous", "ful", "able", "ible", "ic")
IDEAL_WORDS = 9  # about the median word count of the arXiv titles


@dataclass(frozen=True, slots=True)
class TitleModel:
    """A loaded title model.

    Attributes:
        title: word -> log-odds that an abstract's word is in its title.
        end: word -> log-odds that a title holding the word ends on it.
        weights: one per ``FEATURES`` entry.
        min_end: a candidate whose last (known) word has ``end`` below this was cut.
    """

    title: dict[str, float]
    end: dict[str, float]
    weights: tuple[float, ...]
    min_end: float

    def features(self, kind: str, text: str, name: str | None) -> list[float]:
        """The ``FEATURES`` of candidate ``text`` of ``kind`` (one of ``KINDS``), for a paper
        whose contribution is called ``name`` (or ``None``)."""
        words = _WORD.findall(text.lower())
        known = [self.title[w] for w in words if w in self.title]
        last = words[-1] if words else ""
        lowered = text.lower()
        return [1.0, sum(known) / len(known) if known else 0.0,
                self.end.get(last, 0.0), float(last not in self.end),
                abs(len(text.split()) - IDEAL_WORDS) / IDEAL_WORDS,
                float(sum(w in POINTING_WORDS for w in words)),
                float(any(w in _RELATIVE for w in words)), float(text.count(",")),
                float(name is not None and name.lower() in lowered),
                float(name is None),
                sum(w in GENERIC_WORDS for w in words) / max(1, len(words)),
                len(words) / IDEAL_WORDS,
                *(float(kind == k) for k in KINDS)]

    def score(self, kind: str, text: str, name: str | None) -> float:
        """How title-like candidate ``text`` is (higher is better; see ``features``)."""
        return sum(w * f for w, f in zip(self.weights, self.features(kind, text, name),
                                         strict=True))

    def cut(self, text: str) -> bool:
        """``text`` ends on a word titles almost never end on (``end`` below ``min_end``, or a
        word too rare for statistics ending as a modifier does: ``MODIFIER_ENDINGS``): it was
        cut mid-phrase."""
        words = _WORD.findall(text.lower())
        if not words:
            return False
        if words[-1] not in self.end:  # a rare word: cut when it reads as a modifier
            return words[-1].endswith(MODIFIER_ENDINGS)
        return self.end[words[-1]] < self.min_end


    def continued(self, text: str, source: str) -> bool:
        """``text`` ends on a word (end log-odds below ``WEAK_END``) that ``source`` (lower-case
        plain text of the abstract) continues, right after the same last two words, with a
        word ending titles ``STRONGER_NEXT`` log-odds more often: the phrase was cut
        ("Image Dataset of Three-Span Beam | bridge", "Across Different | scales")."""
        words = _WORD.findall(text.lower())[-2:]
        end = self.end.get(words[-1]) if words else None
        if end is None or end >= WEAK_END:
            return False
        at = source.find(" ".join(words) + " ")
        while at >= 0:
            after = _WORD.match(source, at + len(" ".join(words)) + 1)
            if after and after.group() not in FUNCTION_WORDS and \
                    self.end.get(after.group(), -99.0) >= end + STRONGER_NEXT:
                return True
            at = source.find(" ".join(words) + " ", at + 1)
        return False


WEAK_END = -1.0  # end log-odds of a word that may end a cut phrase (``TitleModel.continued``)
STRONGER_NEXT = 1.5  # how much more often the abstract's next word ends titles


@lru_cache(maxsize=2)
def load_title_model(path: Path = MODEL_FILE) -> TitleModel | None:
    """The model at ``path``, or ``None`` when there is none (titles then take the first
    candidate without a defect).

    Raises:
        ValueError: the file is not a title model.
    """
    if not path.is_file():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    try:
        words = data["words"]
        model = TitleModel({w: v[0] for w, v in words.items()},
                           {w: v[1] for w, v in words.items()},
                           tuple(float(data["weights"][f]) for f in FEATURES),
                           float(data["min_end"]))
    except (KeyError, TypeError, IndexError) as exc:
        raise ValueError(f"{path}: not a title model ({exc})") from None
    return model


BOUNDS_FILE = MODEL_FILE.with_name("title_bounds.json")
# A title is cut when the abstract goes on with a token this much (log) rarer after a
# title's end than after any content word ("... Dataset of Three-Span Beam | bridge",
# "... on the Basis | of"); read off the dev split (``training/train_title_bounds.py``).
MIN_AFTER = -1.5


def after_key(token: str, words: Collection[str]) -> str:
    """The boundary table's key of the token that follows a phrase: a mark as itself, a word
    of ``words`` (lower-case) as itself, any other word by its shape (``title_spans.shape``:
    ``#Cap``, ``#noun`` ...)."""
    if not is_word(token):
        return token
    low = token.lower()
    return low if low in words else shape(token)


@dataclass(frozen=True, slots=True)
class TitleBounds:
    """Where titles end: log ratio of how often a token follows the place where an authors'
    title ends in its abstract to how often it follows any content word there
    (``training/train_title_bounds.py``). A rule learned from the real titles: a title does
    not end where its abstract goes on with the same noun phrase, an ``of`` complement or
    the rest of a list.

    Attributes:
        after: ``after_key`` -> log ratio; a key not listed counts 0.
    """

    after: dict[str, float]

    def goes_on(self, token: str | None) -> bool:
        """A phrase followed by ``token`` in the abstract (``None``: the sentence ends) was
        cut: the log ratio of ``token`` is below ``MIN_AFTER``."""
        if token is None:
            return False
        return self.after.get(after_key(token, self.after), 0.0) < MIN_AFTER


@lru_cache(maxsize=2)
def load_title_bounds(path: Path = BOUNDS_FILE) -> TitleBounds | None:
    """The boundary table at ``path``, or ``None`` when there is none (no title is then
    rejected by it).

    Raises:
        ValueError: the file is not a boundary table.
    """
    if not path.is_file():
        return None
    try:
        after = json.loads(path.read_text(encoding="utf-8"))["after"]
        return TitleBounds({str(k): float(v) for k, v in after.items()})
    except (KeyError, TypeError, AttributeError, ValueError) as exc:
        raise ValueError(f"{path}: not a title boundary table ({exc})") from None
