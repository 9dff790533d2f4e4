"""Author names of a record: a list of names or name objects, or one string in one of the
ways exports write a list of names (``LIST_RULES``, the first that applies reads it):

* ``lines``: one name per line (a spreadsheet cell or a JSON string copied from a list),
  when no other separator is in the text;
* ``semicolons``: ``Hu, Edward J.; Shen, Yelong`` (Zotero's CSV), each part one name; also
  ``·``, ``•`` and ``|`` (conference sites' and OpenReview's listings: ``Edward J. Hu ·
  Yelong Shen``);
* ``one name``: one name written family name first (``Hu, Edward J.``, ``van der Berg,
  Zoë``);
* ``and``: names between `` and `` or `` & `` (BibTeX's separator, ``A B & C D``), each part
  one name (``Smith, J. and Doe, J.``);
* ``family, initials``: commas between family names and initials, APA and Chicago style
  (``Hu, E. J., Shen, Y., & Wallis, P.``): each pair one name;
* ``family initials``: MEDLINE/PubMed style (``Hu EJ, Shen Y``), the initials put first
  (``E. J. Hu``);
* ``given family``: commas between names of two words or more (``Edward Hu, Yelong Shen,
  and Phillip Wallis``, an Oxford comma or ``&`` before the last);
* otherwise the parts between commas, each one name, and a doubt: a list such as ``Hu,
  Edward, Shen, Yelong`` may be four names or two, and only its author knows.

A list that ends ``et al.`` or ``and others`` ends with ``"others"``, BibTeX's word for the
authors not named (pages show "et al.", the cite block writes ``and others`` back). A name
written ``Family, Given`` is put given name first, and so is one written ``Family I.``
(Scopus: ``He K.``, ``Hu E.J.``); what is not part of a name is removed from it (``NAME_MARKS``:
a PDF's affiliation marks ``Hu1``, ``Shen2*``, DBLP's homonym numbers ``Lu Wang 0001``, an
affiliation or author id in brackets at its end); "Anonymous" (a double-blind submission's
placeholder) is no author.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass

from generator.errors import value_kind

OTHERS = "others"  # BibTeX's "and others": the authors a list does not name


@dataclass(frozen=True, slots=True)
class Names:
    """Names read from one field.

    Attributes:
        names: the names, given name first, in the order given (``OTHERS`` last when the
            list ends "et al.").
        doubt: why the reading may be wrong (``""`` when it is not), for a warning that names
            the record.
    """

    names: tuple[str, ...]
    doubt: str = ""


# One name written family name first ("Hu, Edward J.", "van der Berg, Zoë"): a comma after
# one word, or after lower-case particles and one word.
_ONE_NAME = re.compile(r"(?:(?:van|von|der|den|de|del|della|di|da|dos|du|la|le|ter|bin|al)\s+)*"
                       r"[^\s,;]+,(?:\s*[^\s,;]+){1,3}")
# The placeholder of a double-blind submission (OpenReview: "Anonymous"), not an author.
_ANONYMOUS = re.compile(r"anonymous(?:\s+(?:authors?|authors?\(s\)|submission))?",
                        re.IGNORECASE)
# "et al." (also "et al", "et. al."; not a name such as "Etal"), "and others".
_ET_AL = re.compile(r"[\s,;]*(?:\bet(?:\.\s*|\s+)al\b\.?|\band\s+others\b\.?)\s*$",
                    re.IGNORECASE)
# "and" or "&" between spaces ("AT&T Labs" is one name).
_AND = re.compile(r"\s*,?\s+(?:and|&)\s+", re.IGNORECASE)
# Between the parts of a comma list: a comma, with "and" or "&" after it (an Oxford comma),
# or "and"/"&" alone before the last name.
_PARTS = re.compile(r"\s*,\s*(?:(?:and|&)\s+)?|\s+(?:and|&)\s+", re.IGNORECASE)
# Initials: "E. J.", "P.", "J.-P.", "EJ" (up to four letters, each capital, dots optional).
_INITIALS = re.compile(r"(?:[A-Z]\.?(?:\s*-\s*|\s+)?){1,4}")
# MEDLINE's "Family Initials": "Hu EJ", "van der Berg Z" (initials without dots, last).
_MEDLINE = re.compile(r"(\S.*?)\s+([A-Z]{1,3})", re.DOTALL)
_BLANK = re.compile(r"\s")  # the rules read a line break as a blank; only ``lines`` tells them
_SUFFIX = re.compile(r"(?:jr|sr|ii|iii|iv)\.?", re.IGNORECASE)


def read_names(value: object) -> Names:
    """The names of a field's value (module docstring): ``None``, one string, or a list of
    strings and name objects (``{"name": ...}``, ``{"literal": ...}``, CSL JSON's
    ``{"given", "family"}``).

    Raises:
        ValueError: the value is of another kind, or a name object has no name (the message
            says which).
    """
    if value is None:
        return Names(())
    if isinstance(value, str):
        return _string_names(value)
    if not isinstance(value, list):
        raise ValueError(f"expected a list of names or text, got {value_kind(value)}")
    names: list[str] = []
    for item in value:
        if isinstance(item, dict):
            item = _name_object(item)
        if not isinstance(item, str):
            raise ValueError(f"expected names (text), got {value_kind(item)}")
        name = _item(item)
        if name:
            names.extend(name)
    return Names(tuple(names))


@functools.lru_cache(maxsize=65536)  # an author's name recurs across a file's records
def _item(item: str) -> tuple[str, ...]:
    """One item of a list of names: the name cleaned (``_name``), and ``OTHERS`` after it
    when it ends "et al." (``"Edward Hu et al."``); ``()`` for a placeholder."""
    text = " ".join(item.split())
    et_al = _ET_AL.search(text) if "al" in text or "others" in text else None
    if et_al:
        text = text[:et_al.start()]
    name = _name(text) if text else ""
    return (*((name,) if name else ()), *((OTHERS,) if et_al else ()))


@functools.lru_cache(maxsize=16384)  # an author string recurs across a file's records
def _string_names(value: str) -> Names:
    """One string of names (``LIST_RULES``), ``OTHERS`` last when it ends "et al."."""
    # Runs of blanks as one space; line breaks kept (the ``lines`` rule reads them).
    text = "\n".join(" ".join(line.split()) for line in value.splitlines() if line.strip())
    if _DIGIT_OR_MARK.search(text):
        text = _MARKS_IN_LIST.sub("", text)
    et_al = _ET_AL.search(text) if "al" in text or "others" in text else None
    if et_al:
        text = text[:et_al.start()]
    for _, rule in LIST_RULES:
        read = rule(text)
        if read is not None:
            parts, doubt = read
            break
    names = tuple(name for part in parts if (name := _name(part)))
    return Names((*names, *((OTHERS,) if et_al else ())), doubt)


Read = tuple[list[str], str] | None  # (the names as written, a doubt), or None: not this rule


# Separators that are never part of a name: ";" and the listing marks of conference sites.
_LISTING = re.compile(r"[;·•|]")


def _lines(text: str) -> Read:
    lines = [line.strip() for line in text.split("\n")]
    if len(lines) < 2 or _LISTING.search(text) or _AND.search(text) or any(
            "," in line and not _ONE_NAME.fullmatch(line) for line in lines):
        return None
    return [line for line in lines if line], ""


def _semicolons(text: str) -> Read:
    if not _LISTING.search(text):
        return None
    parts = [_AND.sub("", p, count=1) if _AND.match(p) else p for p in _LISTING.split(text)]
    return [p.strip() for p in parts if p.strip()], ""


def _one_name(text: str) -> Read:
    return ([text], "") if "," in text and _ONE_NAME.fullmatch(text) else None


def _and_list(text: str) -> Read:
    if not _AND.search(text):
        return None
    parts = [p for p in _AND.split(text) if p]
    if all("," not in p or _ONE_NAME.fullmatch(p) for p in parts):
        return parts, ""
    return None  # commas too: "A B, C D, and E F" is a comma list


def _parts(text: str) -> list[str]:
    """The parts of a comma list; a suffix stays with its name (``King, Jr.``)."""
    parts: list[str] = []
    for part in _PARTS.split(text):
        if parts and _SUFFIX.fullmatch(part):
            parts[-1] = f"{parts[-1]}, {part}"
        elif part:
            parts.append(part)
    return parts


def _family_initials(text: str) -> Read:
    parts = _parts(text)
    if len(parts) < 2 or len(parts) % 2:
        return None
    families, initials = parts[0::2], parts[1::2]
    if all(_INITIALS.fullmatch(i) for i in initials) and not any(
            _INITIALS.fullmatch(f) for f in families):
        return [f"{f}, {i}" for f, i in zip(families, initials, strict=True)], ""
    return None


def _medline(text: str) -> Read:
    parts = _parts(text)
    found = [_MEDLINE.fullmatch(p) for p in parts]
    if len(parts) < 2 or "." in text or not all(found):
        return None
    return [f"{' '.join(c + '.' for c in m.group(2))} {m.group(1)}" for m in found if m], ""


def _given_family(text: str) -> Read:
    parts = _parts(text)
    if len(parts) >= 2 and all(_BLANK.search(p) for p in parts):
        return parts, ""
    return None


def _comma_parts(text: str) -> Read:
    parts = _parts(text)
    if len(parts) < 2 or all(_BLANK.search(p) for p in parts):
        return parts, ""
    return parts, (f"read {text!r} as {len(parts)} names; if they are written 'Family, "
                   "Given', put ';' between the names")


# (name, rule): each rule reads a string of names as its form, or returns None.
LIST_RULES: tuple[tuple[str, Callable[[str], Read]], ...] = (
    ("lines", _lines),
    ("semicolons", _semicolons),
    ("one name", _one_name),
    ("and", _and_list),
    ("family, initials", _family_initials),
    ("family initials", _medline),
    ("given family", _given_family),
    ("comma parts", _comma_parts),
)


# (name, pattern): what exports put at the end of an author's name that is not part of it,
# removed in this order.
NAME_MARKS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # "Edward Hu (Microsoft)", Scopus's "He, Kaiming (57209604000)", "[1]"
    ("bracketed", re.compile(r"\s*(?:\([^()]*\)|\[[^\[\]]*\])$")),
    # dblp's homonym number: "Lu Wang 0001"
    ("homonym number", re.compile(r"(?<=\S)\s+0\d{3}$")),
    # a PDF's affiliation and contribution marks: "Hu1", "Shen2*", "Lee1,2", "Wallis†", "Kim¹"
    ("affiliation marks", re.compile(r"(?<=[^\W\d_])[\d¹²³⁰⁴⁵⁶⁷⁸⁹*†‡§¶]+(?:,\d+)*$")),
)
_DIGIT_OR_MARK = re.compile(r"[\d¹²³⁰⁴⁵⁶⁷⁸⁹*†‡§¶]")
# A part that is only marks ("*", "†"), no name.
_ONLY_MARKS = re.compile(r"[\d¹²³⁰⁴⁵⁶⁷⁸⁹*†‡§¶,]+")
# Affiliation marks inside a string of names, before a separator: "Hu1,2, Shen2" -> "Hu, Shen"
# (removed before the string is split: their commas are no separators).
_MARKS_IN_LIST = re.compile(r"(?<=[^\W\d_])[\d¹²³⁰⁴⁵⁶⁷⁸⁹*†‡§¶]+(?:,\d+)*"
                            r"(?=\s*(?:[,;·•|]|$)|\s+(?:and|&)\s)", re.MULTILINE)
# Scopus's "Family I." ("He K.", "Hu E.J.", "van der Berg Z."): the initials come last.
_INITIALS_LAST = re.compile(
    r"((?:(?:van|von|der|den|de|del|della|di|da|dos|du|la|le|ter|bin|al)\s+)*"
    r"[^\W\d_][^\s.,]*)\s+((?:[A-Z]\.\s*-?\s*){1,4})")


@functools.lru_cache(maxsize=65536)  # an author's name recurs across a file's records
def _name(item: str) -> str:
    """One author's name cleaned: whitespace runs as one space, ``NAME_MARKS`` removed, given
    name first (``first_name_first``; ``He K.`` -> ``K. He``), ``""`` for a placeholder
    (``_ANONYMOUS``) or a part that is only marks."""
    name = " ".join(item.split())
    if _ONLY_MARKS.fullmatch(name):
        return ""
    for _, mark in NAME_MARKS:
        name = mark.sub("", name)
    initials_last = _INITIALS_LAST.fullmatch(name)
    if initials_last:
        name = f"{initials_last.group(2).strip()} {initials_last.group(1)}"
    name = first_name_first(name)
    return "" if _ANONYMOUS.fullmatch(name) else name


def first_name_first(name: str) -> str:
    """``"Hu, Edward J."`` -> ``"Edward J. Hu"`` (one comma: family name first, as Zotero's
    CSV, RIS and reference managers write names); ``"King, Jr."`` and other names as they
    are."""
    family, comma, given = name.partition(",")
    if not comma or "," in given or not given.strip() or _SUFFIX.fullmatch(given.strip()):
        return name
    return f"{given.strip()} {family.strip()}"


def _name_object(item: dict) -> str:
    """``{"name": ...}``, ``{"literal": ...}`` or CSL JSON's ``{"given", "family"}``."""
    for key in ("name", "literal", "full_name", "fullname"):
        if isinstance(item.get(key), str):
            return item[key]
    parts = [item.get(k) for k in ("given", "non-dropping-particle", "family", "suffix")]
    if any(isinstance(p, str) and p for p in parts):
        return " ".join(p for p in parts if isinstance(p, str) and p)
    raise ValueError("a name object needs 'name' or 'given'/'family'")
