"""The forwarding pages of moved papers: one small HTML file at each old address.

A paper whose title changed keeps its old addresses (``generator.addresses``); each becomes
``papers/<old slug>/index.html`` in the generated docs, which every engine copies into the
site as it is (MkDocs and Zensical copy a docs folder's non-Markdown files), so old links work
whichever engine built the site. The page is what the mkdocs-redirects plugin writes: a
``<meta http-equiv="refresh">`` (works without JavaScript), a script that keeps the address's
fragment (``#cite`` stays ``#cite``) and replaces the history entry, a canonical link to the
new address (search engines index that one) and ``noindex``; a link to follow where neither
runs.
"""

from __future__ import annotations

import html

from generator.records import Paper

_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Moved: {title}</title>
<link rel="canonical" href="{canonical}">
<meta name="robots" content="noindex">
<script>location.replace("{url}" + location.hash)</script>
<meta http-equiv="refresh" content="0; url={url}">
</head>
<body>
<p>This paper's page moved to <a href="{url}">{title}</a>.</p>
</body>
</html>
"""


def redirect_path(old_slug: str) -> str:
    """The file of an old address in ``docs_dir``: ``papers/<old_slug>/index.html``."""
    return f"papers/{old_slug}/index.html"


def redirect_page(paper: Paper, site_url: str | None) -> str:
    """The forwarding page (module docstring) of an old address of ``paper``: its links are
    relative (``../<slug>/``, from ``papers/<old>/``), the canonical link absolute when
    ``site_url`` is set."""
    url = f"../{paper.slug}/"
    canonical = site_url.rstrip("/") + "/" + paper.url if site_url else url
    return _PAGE.format(title=html.escape(paper.title), url=html.escape(url),
                        canonical=html.escape(canonical))

