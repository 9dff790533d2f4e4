"""Static, accessible SVG charts drawn at build time: counts in, inline ``<svg>`` text out.

No JavaScript and no network: the statistics page must read offline and in print. Rules:

* Light and dark schemes: text is ``currentColor`` (the page's text colour) and marks use
  Material's CSS variables (``--md-primary-fg-color`` ...), never fixed black or white, so the
  reader's palette toggle recolours every chart.
* Accessibility (WAI-ARIA graphics, "SVG accessibility" of the W3C): every ``<svg>`` has
  ``role="group"`` (not ``img``, whose content is presentational: its labels are links a
  keyboard reaches), ``aria-labelledby`` pointing at its ``<title>`` and ``<desc>``; each mark has
  a ``<title>`` (a tooltip with the exact count); ``data_table`` gives the text alternative
  that follows each chart.
* Machine-checkable: bars and cells carry ``data-label`` and ``data-count``.
* All text and attribute values are escaped with ``html.escape`` (tag names hold ``&``), and
  the output has no blank line, so Python-Markdown keeps it as one raw HTML block.

Sizes are in CSS pixels at the natural size; CSS (``digest.css``, ``.pd-chart``) lets a chart
shrink to the content width.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass

FONT = 12  # px, label text
ROW = 22  # px per bar
BAR = 14  # px bar thickness
CELL = 17  # px per heat-map cell: 28 tags fit the ~690 px content column of a desktop
HEAT_FONT = 11  # px, heat-map labels
PRIMARY = "var(--md-primary-fg-color)"
ON_PRIMARY = "var(--md-primary-bg-color)"


@dataclass(frozen=True, slots=True)
class Bar:
    """One bar: ``label`` and ``count``; ``note`` is shown after the count (``"25%"``);
    ``href`` makes the label a link (relative to the page); ``fill`` a CSS colour."""

    label: str
    count: int
    href: str | None = None
    note: str = ""
    fill: str = PRIMARY


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _text_width(text: str, size: float = FONT) -> float:
    # A generous average glyph width (no font metrics at build time): labels never clip.
    return len(text) * 0.6 * size


def _open_svg(chart_id: str, width: float, height: float, title: str, desc: str,
              kind: str) -> list[str]:
    w, h = math.ceil(width), math.ceil(height)
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="pd-chart__svg pd-chart--{kind}" '
        f'id="{_e(chart_id)}" role="group" width="{w}" height="{h}" viewBox="0 0 {w} {h}" '
        f'aria-labelledby="{_e(chart_id)}-title {_e(chart_id)}-desc" fill="currentColor" '
        f'font-size="{FONT}">',
        f'<title id="{_e(chart_id)}-title">{_e(title)}</title>',
        f'<desc id="{_e(chart_id)}-desc">{_e(desc)}</desc>',
    ]


def _label(text: str, x: float, y: float, href: str | None, anchor: str = "end",
           transform: str = "", size: int = FONT) -> str:
    attrs = f' transform="{transform}"' if transform else ""
    attrs += f' font-size="{size}"' if size != FONT else ""
    node = (f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" '
            f'dominant-baseline="central"{attrs}>{_e(text)}</text>')
    return f'<a href="{_e(href)}">{node}</a>' if href else node


def _value_text(bar: Bar) -> str:
    """The count drawn after a bar: ``"40"`` or, with a note, ``"40 (70%)"``."""
    return f"{bar.count} ({bar.note})" if bar.note else str(bar.count)


def bar_chart(chart_id: str, title: str, desc: str, bars: list[Bar], width: int = 640) -> str:
    """A horizontal bar chart, one row per bar in the given order.

    Args:
        chart_id: unique id within the page (used for ``aria-labelledby``).
        title, desc: the accessible name and description.
        bars: the data; counts must be >= 0.
        width: natural width in pixels; the label column takes what the longest label needs.

    Returns:
        One ``<svg>`` element (no blank lines). Each bar is a ``<rect class="pd-bar">`` with
        ``data-label`` and ``data-count``; a count of 0 draws no rectangle width but keeps
        the row and the number.
    """
    label_w = max((_text_width(b.label) for b in bars), default=0) + 10
    # Measured on the text drawn after the bar ("40 (70%)"), so it stays inside the box.
    value_w = max((_text_width(_value_text(b)) for b in bars), default=0) + 10
    plot_w = max(60.0, width - label_w - value_w)
    top = max((b.count for b in bars), default=0) or 1
    height = len(bars) * ROW + 8
    out = _open_svg(chart_id, label_w + plot_w + value_w, height, title, desc, "bar")
    for i, b in enumerate(bars):
        y = 4 + i * ROW
        mid = y + ROW / 2
        bar_w = plot_w * b.count / top
        tip = f"{b.label}: {b.count}" + (f" ({b.note})" if b.note else "")
        out.append(_label(b.label, label_w - 6, mid, b.href))
        out.append(f'<rect class="pd-bar" x="{label_w:.1f}" y="{mid - BAR / 2:.1f}" '
                   f'width="{bar_w:.1f}" height="{BAR}" rx="2" fill="{_e(b.fill)}" '
                   f'data-label="{_e(b.label)}" data-count="{b.count}">'
                   f'<title>{_e(tip)}</title></rect>')
        out.append(f'<text x="{label_w + bar_w + 5:.1f}" y="{mid:.1f}" '
                   f'dominant-baseline="central">{_e(_value_text(b))}</text>')
    out.append("</svg>")
    return "\n".join(out)


def heat_map(chart_id: str, title: str, desc: str, labels: list[str],
             counts: list[list[int]], hrefs: list[str | None] | None = None) -> str:
    """A square heat map of ``counts[i][j]`` (symmetric, e.g. tag co-occurrence).

    Args:
        chart_id, title, desc: as for ``bar_chart``.
        labels: row and column labels, in order.
        counts: ``len(labels) x len(labels)`` non-negative counts. Off-diagonal cells are
            shaded by count relative to the largest off-diagonal count; diagonal cells (a
            label with itself) are outlined only, so they do not flatten the scale.
        hrefs: optional link per label.

    Returns:
        One ``<svg>``; every non-zero cell is a ``<rect class="pd-cell">`` with ``data-row``,
        ``data-col``, ``data-count``, a ``<title>`` tooltip, and its number printed in it.
    """
    n = len(labels)
    hrefs = hrefs or [None] * n
    longest = max((_text_width(t, HEAT_FONT) for t in labels), default=0)
    label_w = longest + 10
    # Column labels are rotated by ``angle``: they need this much room above and to the
    # right; steep enough that the last labels do not widen the chart much.
    angle = 65
    top = longest * math.sin(math.radians(angle)) + 12
    right = longest * math.cos(math.radians(angle)) + 8
    width, height = label_w + n * CELL + right, top + n * CELL + 4
    off = [counts[i][j] for i in range(n) for j in range(n) if i != j]
    peak = max(off, default=0) or 1
    out = _open_svg(chart_id, width, height, title, desc, "heat")
    for i, name in enumerate(labels):
        out.append(_label(name, label_w - 6, top + i * CELL + CELL / 2, hrefs[i],
                          size=HEAT_FONT))
        x = label_w + i * CELL + CELL / 2
        out.append(_label(name, x, top - 6, hrefs[i], anchor="start", size=HEAT_FONT,
                          transform=f"rotate(-{angle} {x:.1f} {top - 6:.1f})"))
    out.append(f'<rect x="{label_w:.1f}" y="{top:.1f}" width="{n * CELL}" height="{n * CELL}" '
               f'fill="currentColor" fill-opacity="0.04"/>')
    for i in range(n):
        for j in range(n):
            c = counts[i][j]
            if not c:
                continue
            x, y = label_w + j * CELL, top + i * CELL
            if i == j:
                tip = f"{labels[i]}: {c} papers"
                style = 'fill="none" stroke="currentColor" stroke-opacity="0.5"'
                ink = "currentColor"
            else:
                share = c / peak
                tip = f"{labels[i]} and {labels[j]}: {c} papers"
                style = f'fill="{PRIMARY}" fill-opacity="{0.15 + 0.85 * share:.2f}"'
                # Dark cells get the on-primary text colour, light cells the page's text.
                ink = ON_PRIMARY if share > 0.45 else "currentColor"
            out.append(f'<rect class="pd-cell" x="{x + 1:.1f}" y="{y + 1:.1f}" '
                       f'width="{CELL - 2}" height="{CELL - 2}" {style} '
                       f'data-row="{_e(labels[i])}" data-col="{_e(labels[j])}" '
                       f'data-count="{c}"><title>{_e(tip)}</title></rect>')
            out.append(f'<text x="{x + CELL / 2:.1f}" y="{y + CELL / 2:.1f}" fill="{ink}" '
                       f'font-size="{FONT - 3}" text-anchor="middle" '
                       f'dominant-baseline="central" pointer-events="none">{c}</text>')
    out.append("</svg>")
    return "\n".join(out)


def data_table(summary: str, headers: list[str], rows: list[list[object]]) -> str:
    """The text alternative of a chart: a ``<details>`` holding an HTML table.

    Returns:
        ``<details class="pd-chart-data">`` with ``summary`` and one ``<tr>`` per row; all
        cells escaped. No blank lines (one raw HTML block for Python-Markdown).
    """
    head = "".join(f"<th>{_e(h)}</th>" for h in headers)
    body = "\n".join("<tr>" + "".join(f"<td>{_e(c)}</td>" for c in row) + "</tr>"
                     for row in rows)
    return (f'<details class="pd-chart-data">\n<summary>{_e(summary)}</summary>\n'
            f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody>\n</table>\n"
            "</details>")
