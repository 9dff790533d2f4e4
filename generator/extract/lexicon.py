"""The extraction lexicon: the word lists the title, name, highlight and tag rules share, in
one place (each list once)."""

from __future__ import annotations

# Words that point back at text a title's reader has not seen ("This Dilemma", "Our Method").
POINTING_WORDS = frozenset(("this", "these", "those", "such", "aforementioned", "above",
                            "former", "latter", "we", "our", "us"))
# Words that say nothing about a paper on their own ("Effective Method", "novel framework").
GENERIC_WORDS = frozenset((
    "a", "an", "the", "method", "methods", "approach", "approaches", "framework", "model",
    "models", "algorithm", "algorithms", "technique", "techniques", "strategy", "paradigm",
    "pipeline", "system", "module", "scheme", "way", "tool", "solution", "effective",
    "efficient", "simple", "novel", "new", "general", "powerful", "robust", "scalable",
    "generic", "unified", "principled", "practical", "flexible", "lightweight", "fast",
    "accurate", "and", "yet", "but", "very", "highly", "first", "our", "this", "proposed",
    "improved", "better", "alternative", "plug-and-play", "training-free", "versatile"))
