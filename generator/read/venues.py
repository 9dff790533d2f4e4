"""Venue names as input files write them -> one collection name per venue and year.

The same conference is written many ways: ``NeurIPS 2023``, ``NIPS 2023``, ``Advances in
Neural Information Processing Systems 36`` (a volume number, not a year), ``Proceedings of the
40th International Conference on Machine Learning``; OpenReview writes a ``venueid``
(``ICLR.cc/2023/Conference/Desk_Rejected_Submission``). ``SERIES`` is the table (data: add a
row to teach a venue), ``collection_of_venue`` the rule:

* a ``venueid`` (``<Host>/<year>/<Conference|Track/...|Workshop/...>[/<status>]``) reads as its
  short name, year and track (``ICLR 2023``, ``NeurIPS 2023 Datasets and Benchmarks``); the
  status segment is read by ``generator.read.status``;
* a venue that names a series of ``SERIES`` (by its short name, an older name or its long name,
  case-insensitively, as a whole word) is that series' short name, the year, and a track the
  venue names (``Datasets and Benchmarks``, ``Workshop``, ``Findings``); a presentation kind
  (``poster``, ``oral``, ``spotlight``, ``notable top 5%``) is not a collection of its own;
* any other venue is kept as written (the year appended when it names none).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Series:
    """One venue series: the short name collections use, and every other spelling of it
    (regular expressions, matched case-insensitively as whole words)."""

    name: str
    spellings: tuple[str, ...]


SERIES: tuple[Series, ...] = (
    Series("NeurIPS", ("neurips", "nips", r"(?:advances in )?neural information processing "
                       r"systems")),
    Series("ICML", ("icml", "international conference on machine learning")),
    Series("ICLR", ("iclr", "international conference on learning representations")),
    Series("CVPR", ("cvpr", r"(?:(?:ieee/cvf |ieee )?conference on )?computer vision and "
                    r"pattern recognition")),
    Series("ICCV", ("iccv", r"(?:ieee/cvf )?international conference on computer vision")),
    Series("ECCV", ("eccv", "european conference on computer vision")),
    Series("ACL", ("acl", "annual meeting of the association for computational linguistics")),
    Series("EMNLP", ("emnlp", "empirical methods in natural language processing")),
    Series("NAACL", ("naacl", r"north american chapter of the association for computational "
                     r"linguistics")),
    Series("AAAI", ("aaai", "aaai conference on artificial intelligence")),
    Series("IJCAI", ("ijcai", "international joint conference on artificial intelligence")),
    Series("AISTATS", ("aistats", "international conference on artificial intelligence and "
                       "statistics")),
    Series("UAI", ("uai", "conference on uncertainty in artificial intelligence")),
    Series("COLT", ("colt", "conference on learning theory")),
    Series("KDD", ("kdd", "sigkdd", "knowledge discovery and data mining")),
    Series("CoRL", ("corl", "conference on robot learning")),
    Series("TMLR", ("tmlr", "transactions on machine learning research")),
    Series("JMLR", ("jmlr", "journal of machine learning research")),
    Series("COLM", ("colm", "conference on language modeling")),
    Series("EACL", ("eacl", "european chapter of the association for computational "
                    "linguistics")),
    Series("COLING", ("coling", "international conference on computational linguistics")),
    Series("WACV", ("wacv", r"(?:ieee/cvf )?winter conference on applications of computer "
                    r"vision")),
    Series("BMVC", ("bmvc", "british machine vision conference")),
    Series("MICCAI", ("miccai", r"medical image computing and computer[- ]assisted "
                      r"intervention")),
    Series("ICRA", ("icra", "international conference on robotics and automation")),
    Series("IROS", ("iros", "international conference on intelligent robots and systems")),
    Series("RSS", ("robotics: science and systems",)),
    Series("ICASSP", ("icassp", r"international conference on acoustics,? speech,? and signal "
                      r"processing")),
    Series("Interspeech", ("interspeech",)),
    Series("SIGIR", ("sigir", "research and development in information retrieval")),
    Series("WWW", ("the web conference", "world wide web conference")),
    Series("WSDM", ("wsdm", "web search and data mining")),
    Series("CHI", ("chi conference on human factors in computing systems",
                   "conference on human factors in computing systems")),
    Series("STOC", ("stoc", "symposium on theory of computing")),
    Series("FOCS", ("focs", "symposium on foundations of computer science")),
    Series("SODA", ("soda", "symposium on discrete algorithms")),
    Series("CCS", ("acm ccs", "conference on computer and communications security")),
    Series("USENIX Security", ("usenix security",)),
    Series("IEEE S&P", ("ieee s&p", "symposium on security and privacy")),
)
# The series' short names, and arXiv's, as collections spell them (``spelling_of``).
_SHORT_NAMES = {s.name.lower(): s.name for s in SERIES} | {"arxiv": "arXiv"}
# Tracks that make a collection of their own, as collections name them.
TRACKS: tuple[tuple[str, str], ...] = (
    (r"datasets?[ _]and[ _]benchmarks?", "Datasets and Benchmarks"),
    (r"findings", "Findings"),
    (r"workshops?", "Workshop"),
)
_SERIES = tuple((s.name, re.compile(r"(?<![\w-])(?:" + "|".join(s.spellings) + r")(?![\w-])",
                                    re.IGNORECASE)) for s in SERIES)
_TRACKS = tuple((re.compile(rf"(?<![\w-]){p}(?![\w-])", re.IGNORECASE), n) for p, n in TRACKS)
_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
# OpenReview's venue ids: "ICLR.cc/2023/Conference", "NeurIPS.cc/2023/Track/Datasets_and_...".
_VENUEID = re.compile(r"([A-Za-z][\w-]*)(?:\.[a-z]{2,4})?/((?:19|20)\d\d)(?:/(.*))?")
_VENUEID_NOISE = frozenset(("conference", "track", "submission", "main"))


def is_venueid(venue: str) -> bool:
    """True for an OpenReview venue id (``ICLR.cc/2023/Conference``): no spaces, a host and
    a year as its first two path segments."""
    return " " not in venue.strip() and _VENUEID.fullmatch(venue.strip()) is not None


def readable_venueid(venue: str) -> str:
    """``"ICLR.cc/2023/Conference/Desk_Rejected_Submission"`` -> ``"ICLR 2023"``;
    ``"NeurIPS.cc/2023/Track/Datasets_and_Benchmarks"`` -> ``"NeurIPS 2023 Datasets and
    Benchmarks"``; any other text as it is. Status segments (``Withdrawn_Submission``) are
    left out: ``generator.read.status`` reads them."""
    m = _VENUEID.fullmatch(venue.strip())
    if m is None or " " in venue.strip():
        return venue
    host, year, rest = m.groups()
    words = [host, year]
    for segment in (rest or "").split("/"):
        text = segment.replace("_", " ").strip()
        if not text or text.lower() in _VENUEID_NOISE or re.search(
                r"withdrawn|rejected|submission|accept|reject|blind", text, re.IGNORECASE):
            continue
        words.append(text)
    return " ".join(words)


_STATUS_WORDS = re.compile(r"\s*\b(?:conference\s+)?(?:withdrawn|desk[ _-]?rejected|rejected)"
                           r"(?:\s+submissions?)?\b", re.IGNORECASE)
# What OpenReview and ICLR's paper footers put before the venue of an undecided submission.
_UNDER_REVIEW = re.compile(r"\s*(?:submitted\s+to|under\s+review\s+(?:for|at|as\s+an?\s+"
                           r"(?:conference|journal|workshop)\s+paper\s+at))\s+", re.IGNORECASE)


# How exports name arXiv as a venue: Google Scholar's "arXiv preprint arXiv:2106.09685", DBLP's
# "CoRR", "ArXiv", "arXiv e-prints" (NASA ADS), OpenAlex's "arXiv (Cornell University)",
# Zotero's biblatex "arXiv:2103.03404 [cs]" (the primary category in brackets).
_PREPRINT = re.compile(r"(?:arxiv(?:\s+preprints?)?|corr|arxiv\s+e-?prints?)"
                       r"(?:\s*\(cornell university\))?"
                       r"(?:\s*,?\s*(?:arxiv\s*:|abs/|:)?\s*[\w./-]*\d[\w./-]*)?"
                       r"(?:\s*\[[\w.-]+\])?", re.IGNORECASE)


# Preprint servers as the APIs name them, one rule: the server's name, perhaps as its host
# name (Semantic Scholar's "arXiv.org"), with its operator before a dash ("Cornell University
# - arXiv") or in parentheses (OpenAlex's "bioRxiv (Cold Spring Harbor Laboratory)").
_SERVERS = {"arxiv": "arXiv", "biorxiv": "bioRxiv", "medrxiv": "medRxiv",
            "chemrxiv": "ChemRxiv", "psyarxiv": "PsyArXiv", "ssrn": "SSRN"}
_SERVER = re.compile(r"(?:[\w .,&'-]+?\s+-\s+)?(" + "|".join(_SERVERS) + r")(?:\.(?:org|com))?"
                     r"(?:\s*\([^()]*\))?", re.IGNORECASE)


@functools.lru_cache(maxsize=4096)  # a file's records share a few venues
def readable_venue(venue: str) -> str:
    """The venue as a reader names it: ``arXiv`` for a preprint however an export writes it
    (``_PREPRINT``), a venue id read (``readable_venueid``), and the status words OpenReview
    writes into ``venue`` for a submission that is not a paper of it removed (``"ICLR 2023
    Conference Withdrawn Submission"`` -> ``"ICLR 2023"``; the status itself is
    ``generator.read.status``'s; ``"Submitted to ICLR 2024"`` -> ``"ICLR 2024"``)."""
    if _PREPRINT.fullmatch(venue.strip()):
        return "arXiv"
    server = _SERVER.fullmatch(venue.strip())
    if server:
        return _SERVERS[server.group(1).lower()]
    venue = readable_venueid(_UNDER_REVIEW.sub("", venue, count=1) if _UNDER_REVIEW.match(venue)
                             else venue)
    cleaned = " ".join(_STATUS_WORDS.sub(" ", venue).split())
    return cleaned or venue


@functools.lru_cache(maxsize=4096)
def collection_of_venue(venue: str, year: int | None) -> str:
    """The collection a venue names (module docstring): ``"Advances in Neural Information
    Processing Systems 36"`` with year 2023 -> ``"NeurIPS 2023"``; ``"ICLR 2022 Poster"`` ->
    ``"ICLR 2022"``; an unknown venue as written, with ``year`` appended when it names none.
    ``venue`` is plain text (no TeX)."""
    venue = readable_venue(venue)
    named = _YEAR.search(venue)
    when = named.group(0) if named else (str(year) if year is not None else "")
    for name, pattern in _SERIES:
        if pattern.search(venue):
            tracks = [shown for rule, shown in _TRACKS if rule.search(venue)]
            return " ".join(p for p in (name, when, *tracks[:1]) if p)
    if year is not None and not named:
        return f"{venue} {year}"
    return venue


def spelling_of(word: str) -> str | None:
    """How collections spell ``word`` when it is a series' short name of ``SERIES`` or
    arXiv, whatever its case (``"neurips"`` -> ``"NeurIPS"``, ``"ARXIV"`` -> ``"arXiv"``);
    ``None`` for any other word."""
    return _SHORT_NAMES.get(word.lower())


@functools.lru_cache(maxsize=4096)
def series_of_venue(venue: str) -> str:
    """The venue series a venue names, without year or track: ``"Proceedings of the 41st
    International Conference on Machine Learning"`` and ``"ICML 2024"`` -> ``"ICML"`` (the rows
    of ``SERIES``); a preprint -> ``"arXiv"``; any other venue as ``readable_venue`` reads it.
    The statistics page counts papers per series, so one conference written two ways is one
    bar. ``venue`` is plain text (no TeX)."""
    venue = readable_venue(venue)
    for name, pattern in _SERIES:
        if pattern.search(venue):
            return name
    return venue
