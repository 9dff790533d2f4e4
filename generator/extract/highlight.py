"""The highlight as it is shown alone (cards, listings, the page's highlight, the feed): the
contribution sentence, repaired to read without the sentences around it.

The title, the name and the tags' headline read the chosen sentence as written
(``sentences.pick_highlight``); only what is shown is chosen again here.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.extract.sentences import (
    LONG_SENTENCE,
    NO_CUE,
    contribution_rank,
    points_back,
    without_lead,
)
from generator.text.markup import plain_text

# A sentence ``contribution_rank`` ranks below this states a contribution or a finding ("we
# propose", "we show"); one ranked 4 only mentions the paper's own work ("our code is at ...").
STATES_CONTRIBUTION = 4


def reads_alone(shown: str) -> bool:
    """``shown`` (source text, repaired) can stand alone: as plain text it does not point back
    (``sentences.points_back``) and has at most ``LONG_SENTENCE`` characters."""
    plain = plain_text(shown)
    return len(plain) <= LONG_SENTENCE and not points_back(plain)


def shown_highlight(sentences: Sequence[str], chosen: str) -> str:
    """The highlight to show for an abstract.

    Args:
        sentences: the abstract's sentences (``split_sentences``), source text.
        chosen: the contribution sentence ``pick_highlight`` chose of them.

    Returns:
        Source text: ``chosen`` after the ``STANDALONE`` repairs (``without_lead``) when it then
        reads alone (``reads_alone``); else the first other sentence that states a
        contribution or a finding (``contribution_rank`` below ``STATES_CONTRIBUTION``) and
        does so repaired, the strongest first, then in order; else, when ``chosen`` has no
        contribution cue either (``NO_CUE``), the abstract's opening sentence repaired, when
        that reads alone (it follows nothing); else ``chosen`` repaired. Empty for an
        abstract without sentences.
    """
    if not chosen:
        return ""
    first = without_lead(chosen)
    if reads_alone(first):
        return first
    ranked = sorted((rank, i) for i, s in enumerate(sentences)
                    if s != chosen and (rank := contribution_rank(s)) < STATES_CONTRIBUTION)
    for _, i in ranked:
        shown = without_lead(sentences[i])
        if reads_alone(shown):
            return shown
    # A contribution sentence beats the background opener, even pointing back; a sentence
    # chosen for want of one does not.
    if sentences and sentences[0] != chosen and contribution_rank(chosen) == NO_CUE:
        opener = without_lead(sentences[0])
        if reads_alone(opener):
            return opener
    return first
