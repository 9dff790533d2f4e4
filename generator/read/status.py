"""A paper's publication status, from whichever field of its record states it.

A record may say that the paper is not (or no longer) a published paper. The statuses, and the
fields that state them (``RULES``: the first rule that matches decides):

* ``retracted``: ``is_retracted: true`` (OpenAlex works), a ``status``/``publication_status``
  of ``retracted``, a title starting ``RETRACTED:`` (how publishers mark retracted articles);
* ``desk-rejected``: OpenReview's ``venueid`` or ``venue`` naming a desk-rejected submission
  (``ICLR.cc/2023/Conference/Desk_Rejected_Submission``);
* ``withdrawn``: a ``venueid``/``venue`` naming a withdrawn submission, or an arXiv comment or
  BibTeX ``note`` that says the paper was withdrawn ("This paper has been withdrawn by the
  author");
* ``rejected``: a ``venueid`` naming a rejected submission (``.../Rejected_Submission``).

The page shows the status beside the venue; a paper with a status is still a page (its record
is real input), never dropped.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

STATUSES = ("retracted", "desk-rejected", "withdrawn", "rejected")
# (status, the record's fields it is read from, the pattern that states it)
RULES: tuple[tuple[str, tuple[str, ...], re.Pattern[str]], ...] = (
    ("retracted", ("status",), re.compile(r"\s*retracted\s*", re.IGNORECASE)),
    ("retracted", ("title",), re.compile(r"^\s*(?:\[retracted\]|retracted:)", re.IGNORECASE)),
    ("desk-rejected", ("venueid", "venue"), re.compile(r"desk[ _-]?reject", re.IGNORECASE)),
    ("withdrawn", ("venueid", "venue", "status"), re.compile(r"withdrawn", re.IGNORECASE)),
    ("withdrawn", ("comment",), re.compile(
        r"\b(?:has been|was|is|been) withdrawn\b|^\s*withdrawn\b", re.IGNORECASE)),
    ("rejected", ("venueid",), re.compile(r"(?<!desk_)rejected", re.IGNORECASE)),
    ("rejected", ("status",), re.compile(r"\s*rejected\s*", re.IGNORECASE)),
)
_WHOLE = frozenset(("status",))  # fields whose whole value must be the status word
_FIELDS = tuple(dict.fromkeys(name for _, names, _ in RULES for name in names))
_WORDS = ("withdrawn", "reject", "retract")  # every rule needs one
_ANY = re.compile("|".join(_WORDS), re.IGNORECASE)
_WITHDRAWN, _REJECT, _RETRACT = _WORDS


def _mentions(text: str) -> bool:
    """True when ``text`` holds one of ``_WORDS`` in any case (``_ANY``). For ASCII text,
    ``lower()`` and substring tests are the same rule, and much cheaper: an IGNORECASE
    pattern has no literal prefix to search for, and most values (titles) are unique, so
    caching them does not help."""
    if text.isascii():
        low = text.lower()
        return _WITHDRAWN in low or _REJECT in low or _RETRACT in low
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
            hit = pattern.fullmatch(value) if name in _WHOLE else pattern.search(value)
            if hit:
                return status
    return ""
