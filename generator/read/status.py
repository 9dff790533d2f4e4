"""A paper's publication status, from whichever field of its record states it.

A record may say that the paper is not (or no longer) a published paper. The statuses, and the
fields that state them (``RULES``: the first rule that matches decides):

* ``retracted``: ``is_retracted: true`` (OpenAlex works), a ``status``/``publication_status``
  of ``retracted``, a title starting with a retraction label (``TITLE_LABELS``: how
  publishers mark retracted articles, ``RETRACTED:``, Zotero's ``{RETRACTED}:``, Springer's
  ``Retracted Article:``, a ``Retraction Note:``);
* ``desk-rejected``: OpenReview's ``venueid`` or ``venue`` naming a desk-rejected submission
  (``ICLR.cc/2023/Conference/Desk_Rejected_Submission``);
* ``withdrawn``: a ``venueid``/``venue`` naming a withdrawn submission, an arXiv comment or
  BibTeX ``note`` that says the paper was withdrawn ("This paper has been withdrawn by the
  author"), or a title starting ``WITHDRAWN:`` (Elsevier's label);
* ``rejected``: a ``venueid`` naming a rejected submission (``.../Rejected_Submission``);
* ``under review``: a ``venueid`` naming a submission not yet decided
  (``ICLR.cc/2024/Conference/Submission``, ``TMLR/Under_Review``), or a ``venue`` that says
  so (OpenReview's ``Submitted to ICLR 2024``, ``Under review for TMLR``; ICLR's footer
  ``Under review as a conference paper at ICLR 2024``). The paper stays in its venue's
  collection, marked as not (yet) accepted.

The page shows the status beside the venue; a paper with a status is still a page (its record
is real input), never dropped. A title's label is no part of the paper's title:
``title_without_label`` removes it (so the page shows, and merging compares, the title itself).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

STATUSES = ("retracted", "desk-rejected", "withdrawn", "rejected", "under review")
# (status, label) for the labels publishers put before a title: a label, in any case and in
# brackets or braces (Zotero's BibTeX protects the capitals: ``{RETRACTED}``), then a colon
# (or, bracketed, nothing). Only with a colon or brackets: "Withdrawn Drug Prediction" is a
# title, not a label.
TITLE_LABELS: tuple[tuple[str, str], ...] = (
    ("retracted", r"retracted(?:\s+article)?"),
    ("retracted", r"retraction(?:\s+note)?"),
    ("withdrawn", r"withdrawn(?:\s+article)?"),
)


def _label_pattern(label: str) -> re.Pattern[str]:
    """A title starting with ``label``: ``LABEL:``, ``{LABEL}:``, ``[LABEL]`` or ``[LABEL]:``,
    and the spaces after it (the match is what ``title_without_label`` removes)."""
    return re.compile(rf"\s*(?:\{{\s*(?:{label})\s*\}}\s*:|(?:{label})\s*:"
                      rf"|\[\s*(?:{label})\s*\]\s*:?)\s*", re.IGNORECASE)


_TITLE_RULES = tuple((status, _label_pattern(label)) for status, label in TITLE_LABELS)
# (status, the record's fields it is read from, the pattern that states it)
RULES: tuple[tuple[str, tuple[str, ...], re.Pattern[str]], ...] = (
    ("retracted", ("status",), re.compile(r"\s*retracted\s*", re.IGNORECASE)),
    *(("retracted", ("title",), pattern) for status, pattern in _TITLE_RULES
      if status == "retracted"),
    ("desk-rejected", ("venueid", "venue"), re.compile(r"desk[ _-]?reject", re.IGNORECASE)),
    ("withdrawn", ("venueid", "venue", "status"), re.compile(r"withdrawn", re.IGNORECASE)),
    *(("withdrawn", ("title",), pattern) for status, pattern in _TITLE_RULES
      if status == "withdrawn"),
    ("withdrawn", ("comment",), re.compile(
        r"\b(?:has been|was|is|been) withdrawn\b|^\s*withdrawn\b", re.IGNORECASE)),
    ("rejected", ("venueid",), re.compile(r"(?<!desk_)rejected", re.IGNORECASE)),
    ("rejected", ("status",), re.compile(r"\s*rejected\s*", re.IGNORECASE)),
    ("under review", ("venueid",), re.compile(r"(?:^|/)(?:Submission|Under_Review)$",
                                              re.IGNORECASE)),
    ("under review", ("venue",), re.compile(r"^\s*(?:submitted\s+to|under\s+review)\b",
                                            re.IGNORECASE)),
)
_WHOLE = frozenset(("status",))  # fields whose whole value must be the status word
_ANCHORED = frozenset(("title",))  # fields whose value must start with the status label
_FIELDS = tuple(dict.fromkeys(name for _, names, _ in RULES for name in names))
_WORDS = ("withdrawn", "reject", "retract", "submi", "review")  # every rule needs one
_ANY = re.compile("|".join(_WORDS), re.IGNORECASE)


def _mentions(text: str) -> bool:
    """True when ``text`` holds one of ``_WORDS`` in any case (``_ANY``). For ASCII text,
    ``lower()`` and substring tests are the same rule, and much cheaper: an IGNORECASE
    pattern has no literal prefix to search for, and most values (titles) are unique, so
    caching them does not help."""
    if text.isascii():
        low = text.lower()
        return any(word in low for word in _WORDS)
    return _ANY.search(text) is not None


def read_status(fields: Mapping[str, object]) -> str:
    """The status ``fields`` (a record's fields by ``generator.read.fields.ALIASES`` name)
    state, or ``""`` (module docstring for the rules).

    ``fields["retracted"]`` is OpenAlex's ``is_retracted`` (``true``/``false``, or its text)."""
    flag = fields.get("retracted")
    if flag is True or (isinstance(flag, str) and flag.strip().lower() in ("true", "yes", "1")):
        return "retracted"
    for name in _FIELDS:
        value = fields.get(name)
        if isinstance(value, str) and _mentions(value):
            break
    else:
        return ""  # the common record: no field names a status word
    for status, names, pattern in RULES:
        for name in names:
            value = fields.get(name)
            if not isinstance(value, str):
                continue
            hit = (pattern.fullmatch(value) if name in _WHOLE else
                   pattern.match(value) if name in _ANCHORED else pattern.search(value))
            if hit:
                return status
    return ""


def title_without_label(title: str) -> str:
    """``title`` without a status label it starts with (``TITLE_LABELS``): ``"{RETRACTED}:
    {A} study"`` -> ``"{A} study"``; any other title as it is, and a title that is only a
    label too (a page needs a title)."""
    if not _mentions(title):
        return title
    for _, pattern in _TITLE_RULES:
        hit = pattern.match(title)
        if hit and title[hit.end():].strip():
            return title[hit.end():]
    return title
