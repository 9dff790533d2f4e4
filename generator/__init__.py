"""paper-digest: seed files of abstracts -> Markdown pages -> a searchable MkDocs site.

The pipeline reads left to right, one module per step, each importing only from the steps
before it:

    read (seeds/*.txt -> Abstract) -> extract (Abstract -> PaperFacts)
    -> catalog (titles, slugs, overrides -> Paper) -> related (Paper -> similar papers)
    -> render (Paper -> Markdown pages)
    -> write (pages -> docs_dir, atomically) -> MkDocs builds the site.

The public API is what ``__all__`` names; everything else may change.
"""

from generator.build import DigestResult, generate
from generator.config import DigestConfig
from generator.errors import DigestError, InputError
from generator.records import Abstract, Paper, Source

__all__ = ["Abstract", "DigestConfig", "DigestError", "DigestResult", "InputError", "Paper",
           "Source", "generate"]
