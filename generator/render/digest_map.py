"""The map of the digest (``map.md``): every paper a point, placed by topic similarity, coloured
by its first tag; beside it the same papers as a text list.

Layout (``layout``), computed at build time from the text related papers compare
(``generator.related.paper_text``): TF-IDF of the texts (English stop words dropped, sublinear
term frequency, at most ``MAX_FEATURES`` terms), reduced to ``COMPONENTS`` dimensions by
truncated SVD (latent semantic analysis), rows L2-normalised (so direction, not length, counts:
cosine similarity), then projected to two dimensions by PCA. Deterministic: fixed random
states, and each axis's sign is fixed by its largest coordinate. The axes are scaled to the
drawing, the outermost 1% of each clipped to its edge, so one outlier does not squeeze the
rest into a corner.

Bounded: at most ``MAP_MAX`` papers (the first in input order; the page says how many it
leaves out); the SVG holds one small ``<circle>`` per paper (about 40 bytes) in the order of
the text list, whose links are the points' links: ``digest-map.js`` opens a point's paper on a
click, shows its title on hover and zooms (buttons, wheel, drag). Without JavaScript the list
is the map's content; for a screen reader it is always (the drawing is one labelled image).
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from generator.records import Paper

MAP_MAX = 20_000
MAX_FEATURES = 20_000
COMPONENTS = 24
SIZE = 1000  # the drawing's width and height, in SVG user units
MARGIN = 12
LEGEND_MAX = 10  # tags with their own colour; the others share OTHER_COLOUR
# Okabe and Ito's colour-blind-safe palette (2008), then Tol's muted scheme (2021).
PALETTE = ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#f0e442",
           "#882255", "#44aa99", "#999933")
OTHER_COLOUR = "#9e9e9e"


@dataclass(frozen=True, slots=True)
class Point:
    """One paper on the map: ``x`` and ``y`` in ``0..SIZE`` and its colour group (an index
    into the legend, ``-1`` for the shared grey)."""

    paper: Paper
    x: int
    y: int
    group: int


def layout(texts: Sequence[str]) -> list[tuple[float, float]]:
    """Each text's place in the unit square (module docstring), in input order."""
    n = len(texts)
    if n < 3:  # nothing to project: a row
        return [((i + 1) / (n + 1), 0.5) for i in range(n)]
    import numpy as np  # scikit-learn is imported only when a map is drawn
    from sklearn.decomposition import PCA, TruncatedSVD
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.preprocessing import normalize

    matrix = TfidfVectorizer(stop_words="english", sublinear_tf=True, dtype=np.float32,
                             max_features=MAX_FEATURES).fit_transform(texts)
    k = min(COMPONENTS, matrix.shape[1] - 1, n - 1)
    if k < 2:
        return [((i + 1) / (n + 1), 0.5) for i in range(n)]
    reduced = normalize(TruncatedSVD(k, random_state=0).fit_transform(matrix))
    plane = PCA(2, svd_solver="full").fit_transform(reduced)
    for axis in range(2):
        column = plane[:, axis]
        if column[np.argmax(np.abs(column))] < 0:
            plane[:, axis] = -column
        low, high = np.percentile(plane[:, axis], [1, 99])
        span = (high - low) or 1.0
        plane[:, axis] = np.clip((plane[:, axis] - low) / span, 0.0, 1.0)
    return [(float(x), float(y)) for x, y in plane]


def map_points(papers: Sequence[Paper], tags: Sequence[str]
               ) -> tuple[list[Point], list[tuple[str, str, int]]]:
    """The points of the first ``MAP_MAX`` papers, by colour group in legend order (input
    order within one), and the legend ``(tag, colour, papers)``: the ``LEGEND_MAX`` most
    common first tags (taxonomy order on a tie), then the others in grey when there are
    any."""
    from generator.related import paper_text

    shown = list(papers[:MAP_MAX])
    first = [p.facts.tags[0] if p.facts.tags else "" for p in shown]
    counts = Counter(first)
    order = {t: i for i, t in enumerate(tags)}
    top = sorted((t for t in counts if t), key=lambda t: (-counts[t], order.get(t, 0)))[
        :LEGEND_MAX]
    group = {t: i for i, t in enumerate(top)}
    legend = [(t, PALETTE[i], counts[t]) for i, t in enumerate(top)]
    rest = sum(n for t, n in counts.items() if t not in group)
    if rest:
        legend.append(("Other or no tag", OTHER_COLOUR, rest))
    span = SIZE - 2 * MARGIN
    points = [Point(p, MARGIN + round(x * span), MARGIN + round((1 - y) * span),
                    group.get(t, -1))
              for p, (x, y), t in zip(shown, layout([paper_text(p) for p in shown]), first,
                                      strict=True)]
    # In legend order (grey last), input order within a colour: the text list's order.
    return sorted(points, key=lambda pt: (pt.group < 0, pt.group)), legend


def map_key(papers: Sequence[Paper]) -> str:
    """Hash of everything the map page is made from (template aside): each paper's address,
    title, tags and text."""
    from generator.related import paper_text

    h = hashlib.sha256()
    for p in papers[:MAP_MAX]:
        h.update(json.dumps([p.url, p.title, p.facts.tags, paper_text(p)],
                            ensure_ascii=False).encode())
    return h.hexdigest()


def map_svg(points: list[Point], legend: list[tuple[str, str, int]]) -> str:
    """The drawing: one ``<g>`` per colour group, a ``<circle>`` per paper, in the order of
    ``points`` (``map_points``: grey last), so the i-th circle is the i-th paper of the text
    list."""
    groups: dict[int, list[str]] = {}
    for pt in points:
        groups.setdefault(pt.group, []).append(f'<circle cx="{pt.x}" cy="{pt.y}" r="5"/>')
    colours = {i: c for i, (_, c, _) in enumerate(legend)}
    colours[-1] = OTHER_COLOUR
    body = "".join(f'<g fill="{colours[g]}">{"".join(cs)}</g>' for g, cs in groups.items())
    return (f'<svg class="pd-map__svg" viewBox="0 0 {SIZE} {SIZE}" role="img" '
            f'aria-label="Map of {len(points):,} papers placed by topic similarity; the '
            f'list below names them in the same order" data-pd-map-svg>{body}</svg>')


def render_map(template, papers: Sequence[Paper], tags: Sequence[str], ctx: dict) -> str:
    """The map page: ``template`` (``map.md.j2``) with the drawing, legend and lists."""
    points, legend = map_points(papers, tags)
    groups: dict[int, list[Point]] = {}
    for pt in points:
        groups.setdefault(pt.group, []).append(pt)
    ordered = [groups.get(i, []) for i in range(len(legend) - (-1 in groups))]
    if -1 in groups:
        ordered.append(groups[-1])
    return template.render(svg=map_svg(points, legend), legend=legend, groups=ordered,
                           points=points, total=len(papers),
                           left_out=len(papers) > len(points), **ctx)
