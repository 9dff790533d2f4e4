"""Derive a title a reader would recognise: the name the abstract introduces plus what it is.

Order of evidence (issue #4, and how abstracts name their contribution):

1. an explicit naming: ``termed X``, ``called X``, ``dubbed X``, ``named X``;
2. a name in the contribution sentence: bold/emphasised (``**CROWD**``, ``\\emph{GRiD}``),
   a parenthesised acronym after its long form (``Lorentz Local Canonicalization (LLoCa)``), or a
   name-like word right after the verb (``we introduce SiriuS, a ...``, ``we propose RCCDA: ...``);
3. otherwise a noun phrase of the finding from the highlight (``We study X`` -> ``X``).

The name is followed by a short descriptor (the long form, or the appositive ``, a ...``). Titles
are plain text, at most ``MAX_TITLE`` characters, cut at a word boundary that does not leave a
dangling preposition.
"""

from __future__ import annotations

import re

from generator.extract.sentences import contribution_rank
from generator.markup import plain_text

MAX_TITLE = 90
_NAME = r"[^\W_][\w.+\-²]*[\w+²]|[A-Z]"
_NAMING = re.compile(
    r"\b(?:termed|called|dubbed|named|coined|namely|(?:[Oo]ur|[Tt]he) proposed)\s+[\"“']?"
    r"(?P<name>" + _NAME + r")|\(i\.e\.,?\s+(?P<ie>" + _NAME + r")\)",
    re.UNICODE,
)
_QUOTED = re.compile(r"[\"“](?P<name>" + _NAME + r")[\"”]")
# Acronyms so common in the field that they never name a paper's own contribution.
COMMON_ACRONYMS = {"LLM", "LLMs", "RL", "CoT", "MPC", "INR", "INRs", "GNN", "GNNs", "DNN", "DNNs",
                   "ML", "AI", "NLP", "CV", "VLM", "VLMs", "MLLM", "MLLMs", "LDM", "LDMs", "SDE",
                   "SDEs", "ODE", "ODEs", "KD", "FL", "DP", "OT", "PCA", "MLE", "NTK", "QP", "DC",
                   "MoE", "RNN", "RNNs", "CNN", "CNNs", "ViT", "ViTs", "DiT", "DiTs", "T2I", "SB",
                   "SFDA", "OWOD", "API", "APIs", "GPU", "GPUs", "TS", "UAP", "ReLU", "RLVR",
                   "RLHF", "SOTA", "IID", "MDP", "MDPs", "SGD", "VAE", "VAEs", "GAN", "GANs"}
_EMPH = re.compile(r"(\*{1,3})(?P<name>[^*\n]{1,80}?)\1"
                   r"|\\(?:emph|textit|textbf|textsc)\{(?P<tex>[^{}\n]{1,80})\}")  # or LaTeX
_EMPH_WORD = re.compile(r"[A-Z][a-z][\w\-]{1,38}")  # one capitalised word, e.g. **Hydrant**
_LONG_ACRONYM = re.compile(
    r"(?P<long>(?:[\w'’\-]+\s+){0,11}?[\w'’\-]+)\s*\((?P<acr>[^()\s][^()]{0,24})\)"
)
_VERB = re.compile(r"\b(?:we|paper|work)\s+(?:\w+\s+)?(?:introduce|propose|present|develop|"
                   r"design|construct|build|call|term|uncover)s?\b|\b(?:proposing|introducing)\b",
                   re.I)
_AFTER_VERB = re.compile(
    r"\b(?:introduce|propose|present|develop|design)s?\s+(?:a\s+novel\s+\w+,?\s+)?"
    r"(?:the\s+|a\s+|an\s+)?[\"“]?(?P<name>" + _NAME + r")[\"”]?"
    r"(?P<after>[,:]|\s+(?:as|which|to|for)\b)"
)
_LEAD_WORDS = re.compile(r"^(?:a|an|the|our|novel|new|simple|general|first)\s+", re.I)
_STOPWORDS = {"a", "an", "the", "of", "for", "and", "or", "to", "in", "on", "with", "via", "by",
              "from", "at", "as", "that", "which", "its", "their", "our", "is", "are", "into"}
_FINDING = re.compile(
    r"\b(?:we|this (?:paper|work))\s+(?:study|investigate|analy[sz]e|revisit|examine|consider|"
    r"characterize|propose|introduce|present|develop|design|provides?|presents?|introduces?|gives?|"
    r"establish|derive|recast|extend|define|predict|try to address|explore|uncover|prove that|"
    r"show that|find that|demonstrate that)s?\s+(?P<np>.+)",
    re.I,
)
_CLAUSE_END = re.compile(
    r"(?<!showing)(?<!proving)(?<!designed)(?<!compared)(?<!relative)\s+(?:that|which|where|whereby|while|by|using|"
    r"to (?!\w+ing\b)|in order to|through|with the goal|"
    r"and (?:provide|show|derive|demonstrate|empirically))\b"
    r"|,\s+(?=\w+(?:ing|ed)\b(?!-))|,\s+(?=which|where|while|and|but|thus|so|a |an |the )"
    r"|[;:.]|\s+[—–]"
)
_PARENTHETICAL = re.compile(r"\s+\([^()]{1,30}\)")  # an aside, not O(n log n)
_FILLER = re.compile(r"^(?:the\s+)?(?:notion|problem|fundamentals|use|question|task)\s+of\s+", re.I)
_OPENER = re.compile(r"^(?:in this (?:paper|work)|here|to this end|to address this[^,]*|"
                     r"motivated by this|specifically|finally)\s*,\s*", re.I)
_LENS = re.compile(r"\b(?:through the lens of|by means of|in terms of)\s+(?P<np>.+)", re.I)
_PRONOUN_START = re.compile(r"^(?:these|this|that|those|such|it|them|our|its)\b", re.I)


def derive_name(sentences: list[str], highlight: str) -> tuple[str | None, str | None]:
    """Find the name the abstract introduces and its long form.

    Args:
        sentences: the abstract's sentences (source text).
        highlight: the contribution sentence (one of ``sentences``).

    Returns:
        ``(name, long_form)``; ``(None, None)`` when no name is introduced. Both plain text.
    """
    # An explicit naming ("termed X", "(i.e., X)", "our proposed X") anywhere wins.
    for sentence in [highlight, *sentences]:
        found = _naming(plain_text(sentence))
        if found:
            return found
    ordered = [highlight] + [s for s in sentences if s is not highlight and _VERB.search(s)
                             and contribution_rank(s) <= 1 or "proposing" in s]
    for sentence in ordered:
        found = _name_in(sentence)
        if found[0]:
            return found
    return None, None


def _name_in(sentence: str) -> tuple[str | None, str | None]:
    text = plain_text(sentence)
    found = _naming(text)
    if found:
        return found
    if _VERB.search(text):
        for m in _QUOTED.finditer(text):
            if _is_name(m.group("name")):
                return m.group("name"), None
    for m in _EMPH.finditer(sentence):
        inner = plain_text(m.group("name") or m.group("tex"))
        acr = _LONG_ACRONYM.search(inner)
        if acr:
            return acr.group("acr").strip(), inner[: acr.start()].strip() or acr.group("long")
        if _is_name(inner) and inner not in COMMON_ACRONYMS or (
                _VERB.search(text) and _EMPH_WORD.fullmatch(inner)):
            # "we introduce **Hydrant**, a ...": emphasis after an introducing verb marks
            # the name even when it is an ordinary capitalised word.
            return inner, _long_for(text, inner)
    for m in _LONG_ACRONYM.finditer(text):
        acr = m.group("acr").strip()
        if acr in COMMON_ACRONYMS or not _is_name(acr):
            continue
        long = _match_long(m.group("long"), acr)
        coined = len(acr) >= 4 and acr.isupper() or (
            any(c.isdigit() for c in acr) and re.search(r"[A-Z]{3,}", acr))
        if _VERB.search(text[: m.end()]) and (long or coined) or (
                coined and contribution_rank(sentence) <= 2):
            return acr, long
    m = _AFTER_VERB.search(text)
    if m and _is_name(m.group("name")) and m.group("name") not in COMMON_ACRONYMS:
        return m.group("name"), None
    return None, None


def _naming(text: str) -> tuple[str, str | None] | None:
    """An explicit naming in plain ``text``: ``termed X``, ``called X``, ``(i.e., X)``, ``our
    proposed X``, as ``(name, long form or None)``. ``called Q-Guided Diffusion Policy
    (QGDP)`` names the acronym, with the words before it as its long form."""
    m = _NAMING.search(text)
    if not (m and _is_name(m.group("name") or m.group("ie"))):
        return None
    if m.group("name"):
        acr = _LONG_ACRONYM.match(text, m.start("name"))
        if acr and _is_name(acr.group("acr")) and acr.group("acr") not in COMMON_ACRONYMS:
            long = _match_long(acr.group("long"), acr.group("acr"))
            if long == acr.group("long"):
                return acr.group("acr").strip(), long
    name = m.group("name") or m.group("ie")
    return name, _long_for(text, name) or _long_before(text[: m.start()])


def _long_for(text: str, name: str) -> str | None:
    """The long form written just before ``(name)``, e.g. ``Combinatorial Open-World
    Detection (CROWD)``."""
    at = text.find(f"({name})")
    if at <= 0:
        return None
    return _match_long(text[:at].strip(), name)


def _is_name(word: str) -> bool:
    """A coined name: has a capital after its first letter, or a digit, or is all-caps."""
    word = word.strip()
    if not word or len(word) > 40 or " " in word.strip() and len(word.split()) > 4:
        return False
    if re.search(r"[|^\\=<>{}$]", word):  # math notation ("|V|^2"), not a name
        return False
    core = word.replace("-", "").replace(" ", "")
    if word.lower() in _STOPWORDS or len(core) < 2:
        return False
    return any(c.isupper() for c in core[1:]) or any(c.isdigit() for c in core) or (
        core.isupper()
    )


def _match_long(words: str, acr: str) -> str | None:
    """The tail of ``words`` that spells ``acr``: ``Lorentz Local Canonicalization`` for
    ``LLoCa``, ``Combinatorial Open-World Detection`` for ``CROWD``.

    A tail fits when its first word starts with the acronym's first letter, the initials of its
    content words occur in the acronym in order (one trailing word such as "networks" may be
    extra), and the acronym's letters occur in the tail in order. The longest fit wins, within
    a window of ``len(acronym) + 3`` words (after Schwartz & Hearst, PSB 2003).
    """
    upper = [c.lower() for c in acr if c.isupper()]
    letters = upper if len(upper) >= 2 else [c.lower() for c in acr if c.isalnum()]
    if not letters:
        return None
    tokens = words.split()
    best = None
    for k in range(1, min(len(tokens), len(letters) + 3) + 1):
        cand = tokens[-k:]
        content = [t for t in cand if t.lower() not in _STOPWORDS]
        if not content or not cand[0][:1].isalnum() or cand[0][0].lower() != letters[0]:
            continue
        initials = [p[0].lower() for p in content]
        if not (_subsequence(initials, "".join(letters)) or
                _subsequence(initials[:-1], "".join(letters))):
            continue
        if _subsequence(letters, " ".join(cand)):
            best = " ".join(cand)
    return best


def _subsequence(letters: list[str], text: str) -> bool:
    it = iter(text.lower())
    return all(ch in it for ch in letters)


def _long_before(prefix: str) -> str | None:
    """``we propose Dynamic Density Pruning for Fast Video LLMs`` -> the phrase after the verb."""
    text = plain_text(prefix)
    m = list(re.finditer(r"\b(?:propose|introduce|present|develop|design|impose)s?\s+", text,
                         re.I))
    if not m:
        return None
    phrase = _LEAD_WORDS.sub("", text[m[-1].end():].strip(" ,"))
    phrase = _LEAD_WORDS.sub("", phrase)
    return phrase or None


def _appositive(text: str, name: str) -> str | None:
    """``SiriuS, a self-improving ... framework for multi-agent systems`` -> the phrase;
    ``an RL-free, model-based agent "WALL-E"`` -> the phrase before the name."""
    at = text.find(name)
    if at < 0:
        return None
    rest = text[at + len(name):]
    m = re.match(r"[\"”]?\s*(?:[,:]|—|–|-|is|as)\s*(?:a|an|the)\s+(.+)", rest)
    if m:
        return _noun_phrase(m.group(1))
    before = _long_before(text[:at])
    if before:
        before = re.sub(r"^(?:approach|method|framework|model|algorithm|technique),\s+", "",
                        before).strip(" \"“”(")
    return before if before and len(before.split()) <= 8 else None


def _noun_phrase(text: str) -> str:
    """Cut ``text`` at the first clause boundary and drop leading articles / filler."""
    text = _PARENTHETICAL.sub("", text)
    # "a novel and critical threat: distillation-conditional backdoor attacks": after a short
    # lead-in, the colon introduces the thing itself.
    lead = re.match(r"^(?:\S+\s+){0,5}?\S+:\s+(?=\w)", text)
    if lead:
        text = text[lead.end():]
    text = re.sub(r"^(?:approach|method|framework|model|algorithm|technique),\s+", "", text)
    m = _CLAUSE_END.search(text)
    thin = len(text[: m.start()].split()) if m else 99
    if m and (thin < 4 and m.group(0).strip() in ("that", "which")
              or thin < 4 and m.group(0).strip() == "to"):
        # "a modular framework that uses ..." is too thin cut at "that": keep the clause.
        m = _CLAUSE_END.search(text, m.end())
        while m and m.group(0).strip() in ("that", "which", "to", "by", "using"):
            m = _CLAUSE_END.search(text, m.end())
    phrase = text[: m.start()] if m else text
    phrase = _LEAD_WORDS.sub("", _LEAD_WORDS.sub("", phrase.strip()))
    unfilled = _LEAD_WORDS.sub("", _FILLER.sub("", phrase))
    phrase = unfilled if len(unfilled.split()) >= 2 else phrase
    return phrase.strip(" ,;:")


def derive_title(sentences: list[str], highlight: str) -> tuple[str | None, str]:
    """The paper's name (or ``None``) and its title, at most ``MAX_TITLE`` characters.

    Args:
        sentences: the abstract's sentences (source text).
        highlight: the contribution sentence.

    Returns:
        ``(name, title)``; never empty, never "Paper N", never the abstract's first words
        unless the abstract is a single short sentence.
    """
    name, long = derive_name(sentences, highlight)
    finding = _finding(sentences, highlight)
    if name:
        descriptor = long
        if not descriptor:
            for sentence in [highlight, *sentences]:
                descriptor = _appositive(plain_text(sentence), name)
                if descriptor:
                    break
        if not descriptor and name not in finding:
            descriptor = finding  # "SCAR: Distillation-Conditional Backdoor Attacks"
        if descriptor and descriptor.lower() != name.lower():
            return name, _fit(f"{name}: ", _title_case(descriptor))
        return name, shorten(name)
    subject = _subject(plain_text(sentences[0])) if sentences else None
    if subject and not _shares_word(subject, finding):
        # "Prediction with Expert Advice: Fundamental Limits on Performance" names the field
        # the finding is about, as paper titles do.
        title = _fit(f"{_title_case(subject)}: ", _title_case(finding))
        if len(title) > len(subject) + 12:
            return None, title
    return None, shorten(_title_case(finding))


def _finding(sentences: list[str], highlight: str) -> str:
    """A noun phrase of what the paper does: ``We study X`` -> ``X``, from the highlight or
    else the first sentence with such a phrase."""
    for sentence in [highlight, *sentences]:
        clean = _OPENER.sub("", plain_text(sentence))
        m = _FINDING.search(clean)
        if m and _PRONOUN_START.match(m.group("np")):
            m = _LENS.search(clean) or m
        phrase = _noun_phrase(m.group("np")) if m else ""
        if len(phrase.split()) >= 2 and not _PRONOUN_START.match(phrase):
            return phrase
    plain_highlight = plain_text(highlight)
    return _noun_phrase(_OPENER.sub("", plain_highlight)) or plain_highlight


_SUBJECT = re.compile(
    r"^(?:the\s+)?(?P<np>[^,;:]{3,70}?)\s+(?:is|are|has|have|remains?|serves?|seeks?|aims?|"
    r"rel(?:y|ies)|underlies|poses?|becomes?|offers?|enables?|plays?|suffers?|faces?|can|"
    r"often|increasingly|typically|usually|still)\b",
    re.I,
)
_LEADING_CLAUSE = re.compile(r"^(?:in spite of|despite|while|although|since|recently|today)\b"
                             r"[^,]*,\s*", re.I)
_RELATIVE_CLAUSE = re.compile(r",\s*(?:in which|which|where|who|i\.e\.|e\.g\.)[^,]*,", re.I)
_MINOR = {"a", "an", "the", "of", "for", "and", "or", "to", "in", "on", "with", "via", "by",
          "from", "at", "as", "vs", "into", "under", "over"}


def _subject(first_sentence: str) -> str | None:
    """The grammatical subject of the abstract's opening sentence when it is a short noun
    phrase naming the field ("Prediction with expert advice serves as ..."), else ``None``."""
    text = _PARENTHETICAL.sub("", _LEADING_CLAUSE.sub("", first_sentence))
    text = _RELATIVE_CLAUSE.sub("", text)
    m = _SUBJECT.match(text)
    if not m:
        return None
    np = m.group("np").strip()
    words = np.split()
    if not 1 <= len(words) <= 6 or _PRONOUN_START.match(np) or words[0].lower() in (
            "we", "this", "recent", "existing", "current", "modern", "many", "most",
            "widespread", "growing", "increasing", "rapid", "success", "remarkable"):
        return None
    return np


def _content_stems(text: str) -> set[str]:
    return {w.lower()[:5] for w in re.findall(r"[A-Za-z][\w-]+", text)
            if w.lower() not in _MINOR and len(w) > 3}


def _shares_word(a: str, b: str) -> bool:
    return bool(_content_stems(a) & _content_stems(b))


def _title_case(text: str) -> str:
    """Title case as paper titles use it: lower-case words get a capital (each part of a
    hyphenated word too), minor words stay lower except first; words that already carry
    capitals, digits or symbols (LLMs, k-means++, ℓ2) and one-letter math symbols (k-Means,
    m Groups) are kept as written."""
    out = []
    in_call = False  # inside "O(n log n)": a formula, kept as written
    for i, word in enumerate(text.split()):
        core = word.strip(",;:()")
        opens = re.search(r"\w\(", word) is not None
        if in_call or opens:
            in_call = word.count("(") > word.count(")") if opens else ")" not in word
            out.append(word)
            continue
        if re.fullmatch(r"[a-z]+(?:-[a-z]+)*", core) and (i == 0 or core not in _MINOR):
            parts = core.split("-")
            # A one-letter part other than "a" is a math symbol (k-means, m groups): as written.
            cased = "-".join(p if j and p in _MINOR or len(p) == 1 and p != "a"
                             else p[:1].upper() + p[1:] for j, p in enumerate(parts))
            word = word.replace(core, cased, 1)
        out.append(word)
    return " ".join(out)


def _fit(head: str, phrase: str) -> str:
    """``head + phrase`` within ``MAX_TITLE``, the phrase cut as ``shorten`` cuts."""
    return head + shorten(phrase, MAX_TITLE - len(head), min_keep=12)


_CLAUSE_JOIN = re.compile(r"\s+(?:and|that|which|while|when|where|even|using|through|by)\s+",
                          re.IGNORECASE)
_JOIN = re.compile(r"\s+(?:for|of|with|via|in|on|under|to|as|across|from|based on)\s+",
                   re.IGNORECASE)


def shorten(title: str, limit: int = MAX_TITLE, min_keep: int = 25) -> str:
    """Cut ``title`` to at most ``limit`` characters at a word boundary, never leaving a
    trailing stopword or punctuation."""
    title = " ".join(title.split()).strip(" ,;:")
    if len(title) <= limit:
        return title
    # End before a joining word ("... Outputs | for Certain Inputs"), the latest that fits, so
    # the title ends on a whole phrase, not on a dangling adjective.
    clauses = [m.start() for m in _CLAUSE_JOIN.finditer(title)]
    cuts = sorted(set(clauses) | {m.start() for m in _JOIN.finditer(title)})
    for cut in reversed([c for c in cuts if min_keep <= c <= limit]):
        opened = [c for c in clauses if c <= cut]
        # Not a cut that leaves a clause just opened ("... Avoided Even as the Fraction").
        if not opened or opened[-1] == cut or len(title[opened[-1]:cut].split()) > 4:
            return title[:cut].strip(" ,;:")
    words = title[: limit + 1].split()[:-1]
    while words and (words[-1].lower().strip(",;:") in _STOPWORDS or len(words) > 1 and
                     words[-1].endswith(",")):
        words.pop()
    return " ".join(words).strip(" ,;:") or title[:limit]
