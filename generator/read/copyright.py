"""Publishers' copyright lines at the end of an abstract: Scopus, Web of Science and PubMed
exports append them to the abstract's text ("© 2016 IEEE.", "Copyright © 2020 Elsevier B.V.
All rights reserved.", "(C) 2019 The Authors. Published by Elsevier Ltd.", "© The Author(s)
2021."), and they are no part of what the authors wrote. ``without_copyright`` removes such a
line; ``generator.read.fields.to_abstract`` reports it as a summary-only ``copyright`` notice.

A line is a copyright line when it starts a sentence (or the text) with ``©``, with ``(c)`` or
``Copyright`` before a year or "the author(s)", and runs to the end of the abstract; "Copyright
infringement is ..." and an enumeration's "(c) ..." are text.
"""

from __future__ import annotations

import re

# The longest copyright line kept to be one: a publisher's name and "All rights reserved."
LONGEST = 300
_LINE = re.compile(
    r"(?:^|(?<=[.!?\]\)])\s+|\n)\s*("
    r"(?:copyright\s*)?©"
    r"|(?:copyright\s*)?\(c\)\s*(?=(?:19|20)\d\d\b)"
    r"|copyright\s+(?=(?:19|20)\d\d\b|the\s+authors?\b|\(?the\s+author\(s\)))"
    r"[^\n]*$", re.IGNORECASE)


def without_copyright(text: str) -> tuple[str, str]:
    """``(text without its final copyright line, the line removed)``; ``(text, "")`` when it
    has none, or when the line would be the whole text (then it is the record's only text and
    stays)."""
    if "©" not in text and "opyright" not in text and "(c)" not in text and "(C)" not in text:
        return text, ""
    hit = _LINE.search(text, max(0, len(text) - LONGEST))
    if hit is None or not text[:hit.start()].strip():
        return text, ""
    return text[:hit.start()].rstrip(), text[hit.start(1):].strip()
