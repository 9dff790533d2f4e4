"""Step 2, extract: one ``Abstract`` -> one ``PaperFacts``, independently of other abstracts.

Each field has its own module: ``links`` (URLs, code, Hub, code status), ``sentences``
(highlight), ``titles`` (name and title), ``tags`` (taxonomy), ``entities`` (models,
benchmarks, numbers). This package never imports from later steps.
"""

from __future__ import annotations

import hashlib

from generator.config.taxonomy import Taxonomy
from generator.extract.entities import extract_entities
from generator.extract.highlight import shown_highlight
from generator.extract.links import code_status, extract_links, paper_links
from generator.extract.sentences import pick_highlight, split_sentences
from generator.extract.tags import assign_tags
from generator.extract.titles import derive_title
from generator.records import NO_METADATA, Abstract, PaperFacts
from generator.text.markup import plain_label, plain_text, tokenize, unknown_macros


def paper_id(text: str) -> str:
    """Stable id of an abstract: the first 12 hex digits of SHA-256 over its text with
    whitespace runs collapsed. It depends on nothing but the text, so adding, removing or
    reordering other abstracts never changes it."""
    key = " ".join(text.split())  # = re.sub(r"\s+", " ", text).strip(), faster
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:12]


def record_id(abstract: Abstract) -> str:
    """Stable id of a paper (12 hex digits of SHA-256): over its strongest identifier
    (``doi:...``, ``arxiv:...``, ``openreview:...``: ``Metadata.identifiers``) when it has one,
    so the same paper in several files and in any wording is one id; else ``paper_id`` of its
    abstract (the id of every plain ``.txt`` abstract); a record with neither has one over its
    title (``title:`` and its words, lower-cased)."""
    ids = abstract.meta.identifiers()
    if ids:
        key = ids[0]
    elif abstract.text.strip() or not abstract.meta.title:
        return paper_id(abstract.text)
    else:
        key = "title:" + " ".join(abstract.meta.title.lower().split())
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:12]


def extraction_key(abstract: Abstract, pid: str) -> str:
    """What extraction reads of a paper, as a key for the build cache: the id alone for a plain
    abstract (whose id is its text), else a hash of the text and the metadata too."""
    if abstract.meta == NO_METADATA:
        return pid
    h = hashlib.sha256(pid.encode())
    h.update(repr((abstract.text, abstract.meta)).encode("utf-8"))
    return "m" + h.hexdigest()


def headline(title: str, highlight: str, sentences: list[str]) -> str:
    """The headline evidence for tags (plain text): the title, the contribution sentence and
    the opening sentence (which usually names the field the paper is in)."""
    opener = plain_text(sentences[0]) if sentences else ""
    return f"{title}. {plain_text(highlight)} {opener}"


def tag_inputs(text: str) -> tuple[str, str]:
    """``(plain text, headline)`` of an abstract's source ``text`` as tagging sees them when
    no title is given (the derived title stands in): what ``training/`` scores."""
    sentences = split_sentences(text)
    highlight = pick_highlight(sentences)
    links, _, _ = extract_links(tokenize(text), ())
    _, derived = derive_title(sentences, highlight, [link.url for link in links])
    return plain_text(text), headline(derived, highlight, sentences)


def extract_paper(abstract: Abstract, taxonomy: Taxonomy, pid: str | None = None) -> PaperFacts:
    """Derive every field of one paper from its abstract and the metadata given with it.

    Args:
        abstract: the record read from the seeds.
        taxonomy: the tag vocabulary and rules.
        pid: the paper's ``record_id`` when the caller has it already (else computed here).

    Returns:
        ``PaperFacts``; never raises on any text (all heuristics have fallbacks). A given
        title is the title (the derived one is kept as ``derived_title``); given code URLs
        count as URLs of the abstract; given keywords are evidence for tags; a record without
        an abstract is tagged from its title.
    """
    pid = pid or record_id(abstract)
    meta = abstract.meta
    tokens = tokenize(abstract.text)
    plain = plain_text(abstract.text)
    sentences = split_sentences(abstract.text)
    highlight = pick_highlight(sentences)
    links, code, hub = extract_links(tokens, meta.code)
    name, derived = derive_title(sentences, highlight, [link.url for link in links])
    given = plain_label(meta.title) if meta.title else ""
    authors = [plain_label(a) for a in meta.authors]
    # BibTeX's "and others" (also written "et al." in other exports) is no author's name.
    et_al = bool(authors) and authors[-1].lower().rstrip(".") in ("others", "et al")
    if et_al:
        authors.pop()
    # An abstract with no words (only "\cite{x}", say) still needs a title.
    title = given or derived or f"Untitled abstract {pid}"
    tags = assign_tags(taxonomy, plain or given, headline(title, highlight, sentences),
                       meta.keywords)
    # Shown alone (cards, listings, the feed), the highlight is repaired to read without the
    # sentences around it; title and tags keep the sentence as written.
    shown = shown_highlight(sentences, highlight)
    return PaperFacts(
        abstract=abstract,
        id=pid,
        name=name,
        title=title,
        highlight=shown,
        tags=tags,
        links=links,
        code=code,
        hub=hub,
        code_status=code_status(code, plain),
        entities=extract_entities(plain),
        plain=plain,
        plain_highlight=plain_text(shown),
        unknown_macros=unknown_macros(tokens),
        derived_title=derived,
        authors=tuple(authors),
        venue=plain_label(meta.venue) if meta.venue else "",
        paper_links=paper_links(meta),
        et_al=et_al,
    )
