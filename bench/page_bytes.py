"""What a built site's bytes are made of: per file kind, and per component of a paper page.

Not a test: a measurement (README "Scaling", site size). Run on a built site:

    .venv/bin/python bench/page_bytes.py SITE_DIR [--papers N]

Prints two tables: the site's file bytes by folder or kind (per paper: divided by the number
of paper pages), and the bytes of the average paper page split into its parts (Material's
head, header, tabs, sidebars, footer and scripts; the article's badges, highlight, abstract,
related papers, cite block with its downloads, ...). Every byte of a page is counted
once, for the innermost part that holds it (a badge's SVG counts as "badge SVG", not as
"badges"); ``--papers`` reads only the first N paper pages (sorted by path).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

VOID = frozenset(("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "source", "track", "wbr"))

# (label, tag, class or attribute test), broadest first: a later, more specific part takes
# its bytes from the earlier one that holds it.
PARTS: tuple[tuple[str, str, str], ...] = (
    ("head (meta, CSS, title)", "head", ""),
    ("header (site name, search box)", "header", "md-header"),
    ("tabs", "nav", "md-tabs"),
    ("nav sidebar", "div", "md-sidebar--primary"),
    ("toc sidebar", "div", "md-sidebar--secondary"),
    ("footer", "footer", "md-footer"),
    ("scripts and config", "script", ""),
    ("search dialog and other chrome", "div", "md-search"),
    ("article: headings, text, other", "article", "md-content__inner"),
    ("tag chips (Material)", "nav", "md-tags"),
    ("byline", "p", "pd-byline"),
    ("badges", "p", "pd-meta"),
    ("badge SVG (Hugging Face)", "svg", "pd-hf"),
    ("highlight box", "div", "pd-highlight"),
    ("search aliases", "sup", "pd-aliases"),
    ("abstract", "p", "pd-abstract"),
    ("links, named entities", "ul", "pd-links"),
    ("links, named entities", "ul", "pd-entities"),
    ("math (MathML)", "span", "pd-math"),
    ("related papers", "ul", "pd-related"),
    ("source, permalink", "ul", "pd-source"),
    ("cite: reference, links", "div", "pd-cite"),
    ("cite: BibTeX", "pre", ""),
    ("cite: downloads (BibTeX, RIS, JSON)", "span", "pd-cite__downloads"),
    ("previous/next", "nav", "pd-prevnext"),
    ("heading anchors", "a", "headerlink"),
)
OTHER = "rest (doctype, body, layout divs, whitespace)"


class _Spans(HTMLParser):
    """Start and end offsets (characters) of every element, with its tag and attributes."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=False)
        self.text = text
        self.lines = [0]
        for m in re.finditer("\n", text):
            self.lines.append(m.end())
        self.open: list[tuple[str, dict, int]] = []
        self.spans: list[tuple[str, dict, int, int]] = []

    def _offset(self) -> int:
        line, col = self.getpos()
        return self.lines[line - 1] + col

    def handle_starttag(self, tag, attrs):
        start = self._offset()
        if tag in VOID:
            self.spans.append((tag, dict(attrs), start,
                               start + len(self.get_starttag_text() or "")))
        else:
            self.open.append((tag, dict(attrs), start))

    def handle_startendtag(self, tag, attrs):
        start = self._offset()
        self.spans.append((tag, dict(attrs), start, start + len(self.get_starttag_text() or "")))

    def handle_endtag(self, tag):
        at = self._offset()
        end = self.text.index(">", at) + 1
        for i in range(len(self.open) - 1, -1, -1):
            if self.open[i][0] == tag:
                name, attrs, start = self.open.pop(i)
                del self.open[i:]
                self.spans.append((name, attrs, start, end))
                return


def _matches(tag: str, attrs: dict, want_tag: str, test: str) -> bool:
    if tag != want_tag:
        return False
    if not test:
        return True
    if test in attrs:  # an attribute name (download)
        return True
    return test in (attrs.get("class") or "").split()


def page_parts(text: str) -> Counter:
    """Bytes (UTF-8) of one page per part of ``PARTS`` (innermost wins), the rest as ``OTHER``."""
    parser = _Spans(text)
    parser.feed(text)
    labels = [OTHER] + list(dict.fromkeys(label for label, _, _ in PARTS))
    code = {label: i for i, label in enumerate(labels)}
    owner = bytearray(len(text))
    for label, tag, test in PARTS:
        for name, attrs, start, end in parser.spans:
            if _matches(name, attrs, tag, test):
                owner[start:end] = bytes([code[label]]) * (end - start)
    out: Counter = Counter()
    for m in re.finditer(rb"(.)\1*", bytes(owner), re.S):
        out[labels[m.group()[0]]] += len(text[m.start():m.end()].encode("utf-8"))
    return out


def site_kinds(site: Path, papers: int) -> list[tuple[str, int]]:
    """File bytes by top folder (``papers/``, ``tags/``, ...) or, at the top, by file name."""
    kinds: Counter = Counter()
    for path in site.rglob("*"):
        if path.is_file():
            rel = path.relative_to(site)
            kinds[rel.parts[0] + ("/" if len(rel.parts) > 1 else "")] += path.stat().st_size
    return sorted(kinds.items(), key=lambda kv: -kv[1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("site", type=Path)
    ap.add_argument("--papers", type=int, default=0, help="read only the first N paper pages")
    args = ap.parse_args()
    pages = sorted((args.site / "papers").glob("*/index.html"))
    pages = [p for p in pages if "http-equiv=\"refresh\"" not in p.read_text("utf-8")[:600]]
    n = len(pages)
    if not n:
        print(f"{args.site}: no paper pages (papers/*/index.html)", file=sys.stderr)
        return 1
    kinds = site_kinds(args.site, n)
    total = sum(b for _, b in kinds)
    print(f"site {args.site}: {total:,} bytes in files, {n:,} paper pages, "
          f"{total / n / 1000:.1f} KB per paper")
    print(f"{'file kind':<28} {'bytes':>12} {'B/paper':>9}")
    for kind, b in kinds[:14]:
        print(f"{kind:<28} {b:>12,} {b / n:>9,.0f}")
    sample = pages[:args.papers] if args.papers else pages
    parts: Counter = Counter()
    for page in sample:
        parts.update(page_parts(page.read_text(encoding="utf-8")))
    whole = sum(parts.values())
    print(f"\naverage paper page ({len(sample):,} pages): {whole / len(sample):,.0f} bytes")
    print(f"{'part':<48} {'B/page':>8} {'share':>6}")
    for label, b in parts.most_common():
        print(f"{label:<48} {b / len(sample):>8,.0f} {100 * b / whole:>5.1f}%")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
