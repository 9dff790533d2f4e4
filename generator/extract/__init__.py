"""Step 2, extract: one ``Abstract`` -> one ``PaperFacts``, independently of other abstracts.

Each field has its own module: ``links`` (URLs, code, Hub, code status), ``sentences``
(highlight), ``titles`` (name and title), ``tags`` (taxonomy), ``entities`` (models,
benchmarks, numbers). This package never imports from later steps.
"""

from __future__ import annotations

import hashlib

from generator.config.taxonomy import Taxonomy
from generator.extract.entities import extract_entities
from generator.extract.links import code_status, extract_links
from generator.extract.sentences import pick_highlight, split_sentences
from generator.extract.tags import assign_tags
from generator.extract.titles import derive_title
from generator.records import Abstract, PaperFacts
from generator.text.markup import plain_text, tokenize, unknown_macros


def paper_id(text: str) -> str:
    """Stable id of an abstract: the first 12 hex digits of SHA-256 over its text with
    whitespace runs collapsed. It depends on nothing but the text, so adding, removing or
    reordering other abstracts never changes it."""
    key = " ".join(text.split())  # = re.sub(r"\s+", " ", text).strip(), faster
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:12]


def extract_paper(abstract: Abstract, taxonomy: Taxonomy, pid: str | None = None) -> PaperFacts:
    """Derive every field of one paper from its abstract.

    Args:
        abstract: the record read from the seeds.
        taxonomy: the tag vocabulary and rules.
        pid: the abstract's ``paper_id`` when the caller has it already (else computed here).

    Returns:
        ``PaperFacts``; never raises on any text (all heuristics have fallbacks).
    """
    pid = pid or paper_id(abstract.text)
    tokens = tokenize(abstract.text)
    plain = plain_text(abstract.text)
    sentences = split_sentences(abstract.text)
    highlight = pick_highlight(sentences)
    links, code, hub = extract_links(tokens)
    name, title = derive_title(sentences, highlight, [link.url for link in links])
    # Headline evidence for tags: the title, the contribution sentence and the opening
    # sentence (which usually names the field the paper is in).
    opener = plain_text(sentences[0]) if sentences else ""
    tags = assign_tags(taxonomy, plain, f"{title}. {plain_text(highlight)} {opener}")
    return PaperFacts(
        abstract=abstract,
        id=pid,
        name=name,
        # An abstract with no words (only "\cite{x}", say) still needs a title.
        title=title or f"Untitled abstract {pid}",
        highlight=highlight,
        tags=tags,
        links=links,
        code=code,
        hub=hub,
        code_status=code_status(code, plain),
        entities=extract_entities(plain),
        plain=plain,
        plain_highlight=plain_text(highlight),
        unknown_macros=unknown_macros(tokens),
    )
