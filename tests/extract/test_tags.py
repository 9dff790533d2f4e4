"""Topic tags: the taxonomy file and the scoring rules (issue 2 item 4, issue 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.config.taxonomy import load_taxonomy
from generator.errors import InputError
from generator.extract.tags import assign_tags, tag_scores

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_TAGS = (
    "LLMs", "Reasoning", "Agents", "Generative Models", "Diffusion Models", "Computer Vision",
    "Video", "Multimodal", "Reinforcement Learning", "Graph Learning", "Federated Learning",
    "Optimization", "Learning Theory", "Privacy", "Security", "Interpretability", "Efficiency",
    "Knowledge Distillation", "Transfer Learning", "Optimal Transport", "Time Series",
    "AI for Science", "Fairness", "Online Learning", "Probabilistic Methods", "Clustering",
    "Architectures", "Datasets & Benchmarks")


@pytest.fixture(scope="module")
def taxonomy():
    return load_taxonomy(ROOT / "taxonomy.yml")


def test_default_vocabulary_exact(taxonomy):
    """The shipped taxonomy has exactly the 28 default tags, each with a description."""
    assert taxonomy.names == DEFAULT_TAGS
    assert all(r.description for r in taxonomy.rules)
    assert taxonomy.max_tags == 6


def test_diffusion_implies_generative(taxonomy):
    """A diffusion paper also gets Generative Models."""
    text = ("We propose a latent diffusion model for faster sampling. The diffusion model "
            "denoises in a learned latent space.")
    tags = assign_tags(taxonomy, text, "Latent diffusion model")
    assert "Diffusion Models" in tags and "Generative Models" in tags


def test_passing_mention_is_not_a_tag(taxonomy):
    """One clause "unlike LLM-based approaches" does not make a paper an LLM paper."""
    text = ("We study k-means clustering of streaming data. Unlike LLM-based approaches, our "
            "clustering needs no pretraining. Clustering quality improves on six benchmarks.")
    scores = tag_scores(taxonomy, text, "Streaming k-means clustering")
    assert "LLMs" not in scores
    assert assign_tags(taxonomy, text, "Streaming k-means clustering") == ("Clustering",)


def test_excluded_phrase_counts_for_nothing(taxonomy):
    """"Video LLMs" is Multimodal/Video evidence, never LLMs evidence (taxonomy exclude)."""
    text = ("Video LLMs are costly at inference. We prune tokens of Video LLMs. "
            "Video LLMs keep their accuracy.")
    assert "LLMs" not in tag_scores(taxonomy, text, "Token pruning for Video LLMs")


def test_headline_counts_double(taxonomy):
    """A mention in the title/highlight adds headline_weight - 1 to the sentence count."""
    text = "We propose a federated method. It is efficient."
    assert tag_scores(taxonomy, text, "A federated method")["Federated Learning"] == 2.0


def test_never_more_than_max_tags(taxonomy):
    """However many topics an abstract touches, at most 6 tags are kept."""
    text = " ".join(f"This paper is about {t}." for t in (
        "large language models", "reinforcement learning", "graph neural networks",
        "federated learning", "differential privacy", "backdoor attacks", "knowledge "
        "distillation", "optimal transport", "time series forecasting", "clustering"))
    assert len(assign_tags(taxonomy, text + " " + text, text)) == 6


def _write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "taxonomy.yml"
    path.write_text(body, encoding="utf-8")
    return path


def test_user_can_add_a_tag_without_python(tmp_path):
    """A new tag added to the YAML file is applied with its own patterns."""
    path = _write(tmp_path, "tags:\n  - name: Quantum ML\n    description: quantum\n"
                            "    patterns: ['\\bquantum\\b']\n")
    taxonomy = load_taxonomy(path)
    assert assign_tags(taxonomy, "A quantum circuit. Quantum kernels.", "x") == ("Quantum ML",)


def test_tag_added_to_the_default_taxonomy_is_applied_beside_the_model(tmp_path):
    """A tag added to the shipped taxonomy (which has the learned model) is decided by its
    patterns alone, beside the model's tags; the model never sees it."""
    body = (ROOT / "taxonomy.yml").read_text(encoding="utf-8") + (
        "  - name: Quantum ML\n    description: quantum machine learning\n"
        "    patterns: ['\\bquantum\\b', '\\bqubits?\\b']\n")
    (tmp_path / "taxonomy.yml").write_text(body, encoding="utf-8")
    taxonomy = load_taxonomy(tmp_path / "taxonomy.yml")
    from generator.extract.tags import matcher

    assert "Quantum ML" not in matcher(taxonomy).model.tags
    text = ("We train a variational quantum circuit as a classifier. Our quantum kernels run "
            "on 12 qubits. Reinforcement learning agents tune the circuit's policy.")
    tags = assign_tags(taxonomy, text, "Quantum kernels")
    assert "Quantum ML" in tags
    assert assign_tags(taxonomy, "We train a classifier of images. It uses quantum noise.",
                       "Image classifier").count("Quantum ML") == 0


def test_taxonomy_not_utf8_is_a_clear_error(tmp_path):
    path = tmp_path / "taxonomy.yml"
    path.write_bytes(b"tags:\n  - name: A\xff\n")
    with pytest.raises(InputError, match=r"^taxonomy.yml:2: not valid UTF-8"):
        load_taxonomy(path, label="taxonomy.yml")


@pytest.mark.parametrize(("body", "message"), [
    ("tags:\n  - name: A\n    patterns: ['(']\n",
     "taxonomy.yml:3: tag 'A': patterns: '(' is not a valid regex"),
    ("tags:\n  - name: A B\n  - name: a-b\n",
     "taxonomy.yml:3: tags 'A B' and 'a-b' have the same slug 'a-b'"),
    ("tags:\n  - name: A\n    implies: [B]\n", "taxonomy.yml:2: tag 'A' implies unknown tag 'B'"),
    ("tags: 3\n", "taxonomy.yml: expected a mapping with a 'tags' list"),
    # wrong types are errors, not silently reinterpreted (a string is not a list of patterns)
    ("tags:\n  - name: A\n  - name: B\n    patterns: transformer\n",
     "taxonomy.yml:4: tag 'B': patterns: must be a list of non-empty strings"),
    ("tags:\n  - name: A\n    exclude: x\n", "taxonomy.yml:3: tag 'A': exclude: must be a list"),
    ("tags:\n  - name: A\n    implies: Generative Models\n",
     "taxonomy.yml:3: tag 'A': implies: must be a list"),
    ("tags:\n  - name: A\n    patterns: [null]\n", "patterns: must be a list of non-empty"),
    ("tags:\n  - name: A\n    min_score: high\n",
     "taxonomy.yml:3: tag 'A': min_score: must be a number"),
    ("settings: [1, 2]\ntags:\n  - name: A\n", "taxonomy.yml:1: settings: expected a mapping"),
    ("settings:\n  max_tags: many\ntags: []\n",
     "taxonomy.yml:2: settings: max_tags: must be a number"),
    ("settings:\n  max_tags: 0\ntags: []\n", "max_tags: must be a whole number of at least 1"),
    ("settings:\n  headline_weight: x\ntags: []\n", "headline_weight: must be a number"),
    ("settings:\n  contrast_cues: unlike\ntags: []\n", "contrast_cues: must be a list"),
    # a pattern matching empty text would tag every paper
    ("tags:\n  - name: A\n    patterns: ['x*']\n", "'x*' matches empty text"),
    # names: strings only, no line breaks, a usable page name that is not the tags index
    ("tags:\n  - name: [x, y]\n", "taxonomy.yml:2: tag #1: name: must be a non-empty string"),
    ("tags:\n  - name: yes\n", "tag #1: name: must be a non-empty string"),
    ("tags:\n  - name: \"A\\nB\"\n", "contains a line break"),
    ("tags:\n  - name: Index\n", "gives the page name 'index'"),
    ("tags:\n  - name: '+++'\n", "gives the page name ''"),
    ("tags: [\n", "taxonomy.yml:2: invalid YAML"),
    # a misspelt option is an error, not silently ignored
    ("tags:\n  - name: A\n    pattern: ['x']\n",
     "taxonomy.yml:3: tag 'A': unknown option 'pattern' (known: name, description, patterns"),
])
def test_bad_taxonomy_is_a_clear_error(tmp_path, body, message):
    """Taxonomy mistakes name the file and the tag at fault."""
    path = _write(tmp_path, body)
    with pytest.raises(InputError) as err:
        load_taxonomy(path, label="taxonomy.yml")
    assert str(err.value).startswith("taxonomy.yml") and message in str(err.value), err.value



def _labelled_texts():
    from generator.read import read_seeds
    from generator.text.markup import plain_text

    texts = [a.text for a in read_seeds(ROOT / "seeds").abstracts]
    for path in sorted((ROOT / "eval" / "extra").glob("*.txt")):
        texts += [p for p in path.read_text(encoding="utf-8").split("\n\n")[1:] if p.strip()]
    return [plain_text(t) for t in texts]


@pytest.mark.e2e
def test_literal_prefix_shortcut_never_changes_a_score(taxonomy):
    """Skipping patterns whose literal prefix is absent (speed) gives the same scores as
    running every pattern, on every labelled abstract and on case-folding oddities."""
    from generator.extract.tags import matcher

    assert sum(a is not None for found in matcher(taxonomy).prefixes for a in found) > 100
    texts = _labelled_texts() + ["LARGE LANGUAGE MODELS. Large Language Models.",
                                 "\u212aD for \u212a-means clustering with \u017fparse data."]
    assert len(texts) > 150
    for text in texts:
        expected = tag_scores(taxonomy, text, text[:200], use_prefixes=False)
        assert tag_scores(taxonomy, text, text[:200]) == expected
        assert tag_scores(taxonomy, text, text[:200], engines=False) == expected


def test_prefix_offsets_give_the_scores_of_full_runs(tmp_path):
    """Trying patterns only where their literal prefix occurs equals running them over the
    whole text, on seeded random texts built to hit the edge cases: prefixes that are
    prefixes of others (transform/transformer), overlapping matches (abab in ababab),
    excluded spans (blanked in the body, one space in the headline; "abqa" becomes the
    prefix "ab a" once "q" is blanked), contrast cues,
    mixed case, and the characters that turn the shortcut off (İ lowers to two characters)."""
    import random

    path = _write(tmp_path, "settings:\n  contrast_cues: [unlike]\ntags:\n"
                  "  - name: T\n    min_score: 1\n    patterns: ['\\btransform', "
                  "'\\btransformers?\\b', 'abab', 'rl\\b', 'ab a\\b']\n"
                  "    exclude: ['vision transformers?', 'q']\n"
                  "  - name: U\n    min_score: 1\n    patterns: ['\\bab a\\b', 'vision', "
                  "'\\b(a|b)b']\n")
    taxonomy = load_taxonomy(path)
    from generator.extract.tags import matcher

    assert matcher(taxonomy).prefixes[0] == ("transform", "transformer", "abab", "rl", "ab a")
    words = ["transform", "Transformer", "TRANSFORMERS", "vision", "Vision Transformer",
             "ababab", "abab", "ab a", "abqa", "RL", "world", "unlike", "bb", "\u0130", "\u212a",
             "x", "-", ".", ". ", "\n"]
    rng = random.Random(5)
    checked = 0
    for _ in range(3000):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(1, 30)))
        head = " ".join(rng.choice(words) for _ in range(rng.randint(0, 8)))
        expected = tag_scores(taxonomy, text, head, use_prefixes=False)
        assert tag_scores(taxonomy, text, head) == expected, (text, head)
        assert tag_scores(taxonomy, text, head, engines=False) == expected, (text, head)
        checked += bool(expected)
    assert checked > 2000  # most texts score something: the comparison is not vacuous


def test_long_literals_and_comments_keep_the_scores_of_full_runs(tmp_path):
    """A 600-character literal and a chain of 600 prefix literals load (the prefix trie
    once recursed once per character) and score like full runs; so does a pattern whose
    comment is followed by a quantifier (found by a hostile-input review)."""
    chain = ", ".join(f"'{'a' * n}'" for n in range(2, 602))
    path = _write(tmp_path, "tags:\n  - name: Long\n    min_score: 1\n"
                  f"    patterns: ['{'b' * 600}', {chain}]\n"
                  "  - name: Comment\n    min_score: 1\n"
                  "    patterns: ['\\bdiffusion models(?# plural is optional)?']\n")
    taxonomy = load_taxonomy(path)
    for text in ("b" * 700 + " " + "a" * 50, "We train a diffusion model.", "a" * 650):
        expected = tag_scores(taxonomy, text, "A diffusion model", use_prefixes=False)
        for engines in (True, False):
            assert tag_scores(taxonomy, text, "A diffusion model", engines=engines) == expected
    assert tag_scores(taxonomy, "We train a diffusion model.", "") == {"Comment": 1.0}


def test_case_exotic_lists_every_character_lower_and_ignorecase_disagree_on():
    """The prefix shortcut compares lower-cased text with lower-case ASCII prefixes at the same
    offsets; it holds for every code point except those in ``_CASE_EXOTIC``."""
    import re

    from generator.extract.tags import _CASE_EXOTIC

    anchor_char = re.compile(r"[a-z0-9 -]", re.IGNORECASE)
    lowered_anchor_chars = set("abcdefghijklmnopqrstuvwxyz0123456789 -")
    odd = set()
    for cp in range(0x110000):
        if 0xD800 <= cp < 0xE000:
            continue
        ch = chr(cp)
        low = ch.lower()
        if len(low) != 1 or (anchor_char.fullmatch(ch) and low not in lowered_anchor_chars):
            odd.add(ch)
    assert odd == set(_CASE_EXOTIC)


@pytest.mark.parametrize("source, prefix", [
    (r"\bLLMs?\b", "llm"), (r"\blarge language models?\b", "large language model"),
    (r"\bGPT-?\d", "gpt"), (r"\bRL\b", "rl"), (r"\bX\b", None), (r"\b(upper|lower) bound", None),
    (r"\bfoo|\bbar", None), (r"\bfair(ness)?\b", "fair"), (r"\bSchr(ö|o)dinger", "schr"),
    # a "]" first in a class is a literal and a (?#...) comment may hold brackets: the "|"
    # after them is top-level, so no prefix (found by a hostile-input review)
    (r"abc[](]|xyz", None), (r"abc[^](]|xyz", None), (r"abc(?#()|xyz", None),
    (r"abc[]|]d", "abc"), (r"abc\|def", "abc"),
    # a quantifier after a comment applies to the character before the comment (the "s"
    # here is optional), so a pattern with a comment gets no prefix; found by a review
    (r"\bdiffusion models(?# plural is optional)?", None), (r"ab(?#)?", None),
    # a very long literal: its first 40 characters are the prefix
    ("x" * 600, "x" * 40),
])
def test_literal_prefix(source, prefix):
    import re

    from generator.extract.tags import literal_prefix

    assert literal_prefix(re.compile(source, re.IGNORECASE)) == prefix


def test_model_thresholds_and_a_taxonomy_threshold_overrides_them(tmp_path, taxonomy):
    from generator.extract.tags import matcher

    model = matcher(taxonomy).model
    assert set(model.thresholds) == set(model.tags)
    assert all(0.3 <= t <= 1.2 for t in model.thresholds.values())
    text = ("We propose a new multi-agent framework in which LLM agents use tools. The agents "
            "plan and call tools; agentic tool use improves success on web navigation.")
    assert "Agents" in assign_tags(taxonomy, text, text)
    body = (ROOT / "taxonomy.yml").read_text(encoding="utf-8").replace(
        "  - name: Agents\n", "  - name: Agents\n    threshold: 5\n", 1)
    (tmp_path / "taxonomy.yml").write_text(body, encoding="utf-8")
    strict = load_taxonomy(tmp_path / "taxonomy.yml")
    assert "Agents" not in assign_tags(strict, text, text)
