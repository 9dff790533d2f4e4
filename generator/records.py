"""The small immutable records that flow forward through the pipeline.

``Abstract`` (read; with its ``Metadata`` when the input file gave any) -> ``PaperFacts``
(extract) -> ``Paper`` (catalog); ``Notice`` for warnings from any step. Collections are tuples
so records stay hashable and cannot be mutated after the step that made them. A stage's own
types live with the stage (``RelatedIndex`` in ``generator.related``, ``PlannedFile`` in
``generator.render.pages``, ``WriteReport`` in ``generator.write``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.errors import notice_warns


class _Record:
    """Base of the records: pickles as ``(class, field values)``, because the ``__setstate__``
    that ``dataclass(slots=True)`` adds calls ``dataclasses.fields`` for every object, which
    makes loading a large build cache several times slower."""

    __slots__ = ()

    def __reduce__(self):
        return type(self), tuple(getattr(self, name) for name in self.__slots__)

    def replace(self, **changes):
        """A copy with ``changes`` (field name -> value), as ``dataclasses.replace`` makes
        it, without its per-call field lookup (the build cache re-dates every cached record
        on each run)."""
        return type(self)(*(changes[name] if name in changes else getattr(self, name)
                            for name in self.__slots__))


@dataclass(frozen=True, slots=True)
class Source(_Record):
    """Where an abstract (or a metadata record) came from.

    Attributes:
        file: the seed file's name, relative to the seeds folder (e.g. ``"000_bd95.txt"``).
        abstract: 1-based number of the abstract (``.txt``, counted after the header) or of
            the record (any other format) within its file.
        line: 1-based line where it starts in the file; ``None`` where the format does not
            tell (the elements of a JSON document).
        key: the record's own name in its file, when it has one: a BibTeX entry key.
    """

    file: str
    abstract: int
    line: int | None
    key: str = ""

    def describe(self, line: bool = True) -> str:
        """How a page and a message name it: ``abstract 3 (line 5)`` for ``.txt``, ``entry
        vaswani2017 (line 12)`` for BibTeX, ``record 3 (line 4)`` or ``record 3`` otherwise;
        without ``(line N)`` when ``line`` is false."""
        what = (f"entry {self.key}" if self.key else
                f"{'abstract' if self.file.lower().endswith('.txt') else 'record'} "
                f"{self.abstract}")
        return f"{what} (line {self.line})" if line and self.line is not None else what


@dataclass(frozen=True, slots=True)
class Metadata(_Record):
    """What an input file says about a paper besides its abstract (README "Input formats":
    which field of each format fills which attribute). Empty for a ``.txt`` abstract.

    Attributes:
        title: the paper's title as given (may hold TeX: ``{BERT}: ... $k$-means``).
        authors: display names (``"Ashish Vaswani"``), in author order, TeX as given.
        venue: where it appeared (``"NeurIPS 2023"``, a journal), as given.
        year: the year of publication, or ``None``.
        date: the date of publication as ISO 8601 (``"2023-12-10"``, ``"2023-12"``, ``"2023"``)
            or ``""``.
        url: the paper's own page (http(s)); pdf: its PDF.
        doi: lower-case, ``10.<registrant>/<suffix>`` (``generator.read.identifiers``).
        arxiv_id: ``2401.01234`` or ``hep-th/9901001``, without version.
        arxiv_version: the arXiv version the record is of (``2`` for ``2401.01234v2``), or
            ``0`` when it names none.
        openreview_id: the OpenReview forum id.
        code: code URLs given for the paper.
        keywords: the authors' keywords.
        entry_type: the BibTeX entry type (``inproceedings``), lower-case, or ``""``.
        cite_key: the BibTeX citation key, or ``""``.
        pages: the page range as given (``"1--12"``, ``"e1234"``), or ``""``.
        volume: the journal's or proceedings' volume as given (``"37"``), or ``""``.
        number: the issue number as given (BibTeX's ``number``, CSL's and Crossref's
            ``issue``, RIS ``IS``), or ``""``.
        status: one of ``generator.read.status.STATUSES`` (``"withdrawn"``, ``"retracted"``,
            ``"under review"`` ...) when
            the record says so (``generator.read.status``), else ``""``.
    """

    title: str = ""
    authors: tuple[str, ...] = ()
    venue: str = ""
    year: int | None = None
    date: str = ""
    url: str = ""
    pdf: str = ""
    doi: str = ""
    arxiv_id: str = ""
    openreview_id: str = ""
    arxiv_version: int = 0
    code: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    entry_type: str = ""
    cite_key: str = ""
    pages: str = ""
    volume: str = ""
    number: str = ""
    status: str = ""

    def identifiers(self) -> tuple[str, ...]:
        """The ids that name this paper wherever it is listed, strongest first:
        ``doi:...``, ``arxiv:...``, ``openreview:...`` (those it has)."""
        return tuple(f"{scheme}:{value}" for scheme, value in (
            ("doi", self.doi), ("arxiv", self.arxiv_id), ("openreview", self.openreview_id))
            if value)


NO_METADATA = Metadata()


@dataclass(frozen=True, slots=True)
class Abstract(_Record):
    """One abstract as read from the seeds, text untouched but for whitespace normalisation.

    Attributes:
        text: the abstract, lines stripped of trailing spaces and joined with ``"\\n"``;
            ``""`` for a metadata record without one.
        collection: the collection name (the seed file's header line, the record's venue
            and year, or derived from the file name).
        sources: every place this paper occurs; more than one when it was duplicated or
            listed in several files.
        meta: what the input file said about the paper besides the abstract.
    """

    text: str
    collection: str
    sources: tuple[Source, ...]
    meta: Metadata = NO_METADATA


@dataclass(frozen=True, slots=True)
class Link(_Record):
    """A URL found in an abstract, normalised (see ``generator.extract.links``).

    ``kind`` is one of ``code``, ``project``, ``paper``, ``data``, ``other``.
    """

    url: str
    kind: str


@dataclass(frozen=True, slots=True)
class CodeRepo(_Record):
    """A source-code repository on a forge (GitHub, GitLab, Bitbucket, Codeberg, Gitee,
    SourceHut) or an anonymised mirror of a submission's code (anonymous.4open.science).

    ``url`` is canonical: ``https://{host}/{owner}/{repo}``, no ``.git``, no trailing slash;
    for an anonymised mirror ``https://anonymous.4open.science/r/{repo}`` with ``owner`` empty
    (``generator.text.urls``).
    """

    url: str
    host: str
    owner: str
    repo: str


@dataclass(frozen=True, slots=True)
class HubRef(_Record):
    """A Hugging Face Hub artefact. ``kind`` is ``model``, ``dataset`` or ``space``;
    ``name`` is ``owner/name``."""

    url: str
    kind: str
    name: str


@dataclass(frozen=True, slots=True)
class Entities(_Record):
    """Things a reader filters by, named in the abstract.

    Attributes:
        models: model names (``"Qwen2.5-Math-1.5B"``), in order of first mention.
        benchmarks: data sets and benchmarks (``"MATH500"``, ``"COCO 2017"``).
        numbers: headline figures as written (``"7.1× faster prefilling"``).
    """

    models: tuple[str, ...] = ()
    benchmarks: tuple[str, ...] = ()
    numbers: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PaperFacts(_Record):
    """What extraction derives from one abstract, before site-wide rules (unique titles,
    slugs, overrides) apply.

    Attributes:
        abstract: the input record.
        id: stable id, a hash of the normalised abstract text (independent of other abstracts).
        name: the method/system/dataset name the abstract introduces, or ``None``.
        title: the derived title (at most 90 characters).
        highlight: the sentence stating the contribution, as source text, without a lead clause
            that points back at earlier sentences (``extract.highlight.shown_highlight``).
        tags: topic tags in taxonomy order.
        links, code, hub: extracted URLs, code repositories and Hugging Face artefacts.
        code_status: ``"available"``, ``"promised"`` or ``"none"``.
        entities: models, benchmarks and headline numbers.
        plain, plain_highlight: the abstract and highlight as plain text (computed once here
            because listings, descriptions and similarity all need them).
        unknown_macros: TeX commands of the abstract that nothing knows (an author's own
            macros), shown as words; counted in the run summary.
        derived_title: the title derived from the abstract (``""`` without one); ``title``
            is the given title when the input file had one, else this.
        authors, venue: the given authors and venue as plain text (no TeX), for pages.
        et_al: the given author list ends with BibTeX's ``and others`` (``authors`` leaves
            that word out; pages say "et al.", the cite block writes ``and others`` back).
        paper_links: links to the paper itself from its metadata (kinds ``arxiv``, ``pdf``,
            ``doi``, ``openreview``, ``page``: ``generator.extract.links.paper_links``).
    """

    abstract: Abstract
    id: str
    name: str | None
    title: str
    highlight: str
    tags: tuple[str, ...]
    links: tuple[Link, ...]
    code: tuple[CodeRepo, ...]
    hub: tuple[HubRef, ...]
    code_status: str
    entities: Entities = field(default_factory=Entities)
    plain: str = ""  # the abstract as plain text (no TeX/Markdown), for similarity and search
    plain_highlight: str = ""  # the highlight as plain text, for listings and descriptions
    unknown_macros: tuple[str, ...] = ()
    derived_title: str = ""
    authors: tuple[str, ...] = ()
    venue: str = ""
    paper_links: tuple[Link, ...] = ()
    et_al: bool = False


@dataclass(frozen=True, slots=True)
class Paper(_Record):
    """A paper as published: facts plus the site-wide decisions.

    Attributes:
        facts: what extraction found (after overrides were applied).
        title: unique within the site.
        slug: ASCII, URL-safe, unique; the page is ``papers/{slug}.md``.
        url: the page's path relative to the site root (``papers/{slug}/``).
    """

    facts: PaperFacts
    title: str
    slug: str
    url: str

    @property
    def id(self) -> str:
        return self.facts.id


@dataclass(frozen=True, slots=True)
class Notice(_Record):
    """Something a run reports without stopping: a warning, or a condition it handled.

    ``path`` and ``line`` locate it (``line`` may be ``None``); ``message`` says what happened.
    ``kind`` names the condition (``generator.errors.NOTICE_KINDS``, the notice policy):
    a warning fails a ``--strict`` build; a handled one (a repaired character, a merged
    duplicate, an empty file, an older arXiv version) is only listed in the summary.
    """

    path: str
    line: int | None
    message: str
    kind: str = "warning"

    @property
    def warns(self) -> bool:
        """True when this notice is a warning (fails a strict build), per the policy."""
        return notice_warns(self.kind)

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line is not None else self.path
        return f"{where}: {self.message}"
