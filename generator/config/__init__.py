"""Configuration, declared once.

* ``PaperDigestConfig``: the options of the ``paper-digest`` MkDocs plugin (``plugins: -
  paper-digest`` in mkdocs.yml), with their defaults. The ``paper-digest`` command reads the
  same options from mkdocs.yml and lets its flags override them, so every default lives here.
* ``DigestConfig``: those options resolved for one run (paths made absolute, MkDocs'
  ``docs_dir`` and ``site_name`` added): what the pipeline (``generator.build``) takes.
* ``generator.config.taxonomy`` and ``generator.config.overrides``: the schemas of the
  taxonomy and overrides files.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.config import base
from mkdocs.config import config_options as c

from generator.config.schema import Switch

SEARCH_ENGINES = ("material", "pagefind")
# The site_url the shipped mkdocs.yml falls back to: publishing with it points canonical links
# and the sitemap at a site that is not the reader's.
PLACEHOLDER_SITE_URL = "https://example.github.io/paper-digest/"
# Hosts reserved for examples (RFC 2606, RFC 6761) and the placeholder's own host.
_EXAMPLE_HOSTS = ("example.com", "example.net", "example.org", "example.github.io")


def placeholder_site_url(url: str | None) -> bool:
    """True when ``site_url`` is unset or a placeholder: the shipped one, or any address on
    a host reserved for examples (``example.com``, ``*.example``, ``example.github.io``)."""
    if not url:
        return True
    host = (urlsplit(url).hostname or "").lower()
    return (url == PLACEHOLDER_SITE_URL or host.endswith(".example") or host == "example"
            or any(host == h or host.endswith("." + h) for h in _EXAMPLE_HOSTS))


def placeholder_warning(url: str | None) -> str:
    """The publishing guard's message for a placeholder ``site_url``."""
    return (f"site_url is a placeholder ({url or 'unset'}): canonical links, the sitemap and "
            "the feed will point at a site that is not yours. Set site_url in mkdocs.yml (or "
            "PAPER_DIGEST_SITE_URL) to the published address, e.g. https://USER.github.io/REPO/")


class PaperDigestConfig(base.Config):
    """The ``paper-digest`` plugin's options; paths are relative to mkdocs.yml."""

    enabled = c.Type(bool, default=True)
    """Generate the digest (``false``: the plugin does nothing)."""
    seeds = c.Type(str, default="seeds")
    """Folder of seed files (``*.txt``)."""
    taxonomy = c.Type(str, default="taxonomy.yml")
    """The tag taxonomy."""
    overrides = c.Optional(c.Type(str))
    """Per-paper overrides (default: ``overrides.yml`` in the seeds folder)."""
    search = c.Choice(SEARCH_ENGINES, default="material")
    """``material`` (Material's lunr index) or ``pagefind`` (a chunked index for large
    digests; Material's search plugin is then switched off and Pagefind indexes the built
    site; needs ``pip install -e '.[pagefind]'``)."""
    offline = Switch(default=False)
    """Build for reading from disk (``file://``): switches Material's ``offline`` plugin on
    (it must be listed in mkdocs.yml). The shipped mkdocs.yml reads it from the environment
    variable ``PAPER_DIGEST_OFFLINE``."""
    cache = c.Type(bool, default=True)
    """Keep a build cache so that regenerating after a small edit costs little, and reuse
    the rendered theme template of every generated page whose inputs did not change
    (``generator.plugin.reuse``)."""
    cache_dir = c.Type(str, default=".paper-digest-cache")
    """Where the build cache lives, and the page store (``pages/``: the generated pages
    MkDocs reads, also with ``cache: false``); with ``cache: true`` also the rendered pages
    (``html/``) and the theme's compiled templates (``templates/``)."""
    jobs = c.Optional(c.Type(int))
    """Processes that extract 1,000 or more uncached abstracts (default: one per CPU core;
    1: none besides MkDocs' own)."""
    minify = c.Type(bool, default=True)
    """Minify every page MkDocs writes (``on_post_page``, with minify-html): whitespace,
    comments and optional attribute quotes go, the document stays the same."""
    permalinks = c.Type(str, default="permalinks.json")
    """The permalinks file: every paper page's address and the addresses it had before, which
    redirect to it (``generator.addresses``; commit it). ``""``: no record, no redirects."""


def plugin_options(values: dict | None = None) -> PaperDigestConfig:
    """``PaperDigestConfig`` loaded from ``values`` (``{}``: the defaults) and validated.

    Raises:
        ValueError: an option has a wrong value (the message names it).
    """
    options = PaperDigestConfig()
    options.load_dict(values or {})
    failed, _ = options.validate()
    if failed:
        key, error = failed[0]
        raise ValueError(f"paper-digest plugin option {key!r}: {error}")
    return options


@dataclass(frozen=True, slots=True)
class DigestConfig:
    """Where things are, for one run. Paths may be relative to the current folder.

    Attributes:
        seeds_dir: folder of seed files.
        docs_dir: the MkDocs ``docs_dir`` the pages are written into.
        taxonomy: the tag taxonomy YAML file.
        overrides: the per-paper overrides YAML file (optional; may not exist).
        site_name: the home page's heading.
        cache_dir: where the build cache lives (``generator.infra.cache``); ``None``: no
            cache.
        jobs: processes for extracting many uncached abstracts
            (``generator.extract.parallel``); ``None``: one per CPU core; 1 (the default
            here): none besides this one. Workers are spawned, so a script that passes
            another value must guard its entry point with ``if __name__ == "__main__":``
            (``multiprocessing``'s rule).
        site_url: where the site is published (MkDocs' ``site_url``), for absolute
            addresses in the cite blocks and the feed; ``None``: relative ones.
        permalinks: the permalinks file (``generator.addresses``); ``None``: none kept, no
            redirects.
        record_permalinks: write the permalinks file after the run (read it either way);
            ``False`` under ``mkdocs serve``: an address a title had while being edited was
            never published, so it must not become a redirect.
        directory_urls: MkDocs' ``use_directory_urls`` (``papers/x/`` or
            ``papers/x.html``): the generated pages' links are written for it.
    """

    seeds_dir: Path = Path("seeds")
    docs_dir: Path = Path("docs_src")
    taxonomy: Path = Path("taxonomy.yml")
    overrides: Path = Path("seeds/overrides.yml")
    site_name: str = "Paper digest"
    cache_dir: Path | None = Path(".paper-digest-cache")
    jobs: int | None = 1
    site_url: str | None = None
    permalinks: Path | None = None
    record_permalinks: bool = True
    directory_urls: bool = True

    @classmethod
    def from_options(cls, options: PaperDigestConfig, root: Path, docs_dir: Path,
                     site_name: str, site_url: str | None = None,
                     directory_urls: bool = True) -> DigestConfig:
        """The run's settings from the plugin options, their paths resolved against ``root``
        (mkdocs.yml's folder)."""
        seeds = root / options.seeds
        return cls(seeds_dir=seeds, docs_dir=docs_dir, taxonomy=root / options.taxonomy,
                   overrides=root / options.overrides if options.overrides
                   else seeds / "overrides.yml",
                   site_name=site_name,
                   cache_dir=root / options.cache_dir if options.cache else None,
                   jobs=options.jobs, site_url=site_url or None,
                   permalinks=root / options.permalinks if options.permalinks else None,
                   directory_urls=directory_urls)
