"""Balance-over-rounds chart as inline SVG: no JavaScript, so it works on page and in the PDF."""

from __future__ import annotations

from decimal import Decimal

from flask_babel import gettext as _
from markupsafe import Markup, escape

# One colour per seat that stays apart for the common colour-blindnesses and on dark themes.
SEAT_COLOURS = ("#2b7bd6", "#e0861a", "#2e9d5b")
# Line styles per seat, so the lines stay apart on a black-and-white printout too.
_DASHES = ("", ' stroke-dasharray="7 3"', ' stroke-dasharray="2 2.5"')
PAD_LEFT, PAD_RIGHT, PAD_TOP, PAD_BOTTOM = 44, 8, 10, 34
_LABEL = 'text-anchor="end" font-size="10" fill="currentColor"'


def balance_chart_svg(
    players: list[str],
    history: list[list[Decimal]],
    width: int = 340,
    height: int = 180,
    unit: str = "₱",
) -> Markup:
    """A line per player: balance after round 0 (start, all zero), 1, 2, … . The frame is
    written on the picture (data-plot: its left, top, width and height; data-range: the
    lowest and highest balance drawn; data-rounds) and its axis labels are named (class), so
    that a phone can draw the rounds waiting in its outbox after these (static/offline_chart.js)."""
    points = [[Decimal(0)] * len(players)] + [list(row) for row in history]
    values = [value for row in points for value in row]
    top = max(max(values), Decimal(1))
    bottom = min(min(values), Decimal(-1))
    plot_w = width - PAD_LEFT - PAD_RIGHT
    plot_h = height - PAD_TOP - PAD_BOTTOM
    steps = max(len(points) - 1, 1)

    def x(index: int) -> float:
        return PAD_LEFT + plot_w * index / steps

    def y(value: Decimal) -> float:
        return PAD_TOP + plot_h * float((top - value) / (top - bottom))

    legend = _legend(players, width)
    rows = max((row for *_, row in legend), default=0)
    zero = y(Decimal(0))
    title = _("Balance over rounds")
    last_round = _("round %(number)s", number=len(points) - 1)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height + rows * 14}" '
        f'width="100%" role="img" aria-label="{escape(title)}" class="chart" '
        f'data-plot="{PAD_LEFT} {PAD_TOP} {plot_w} {plot_h}" data-range="{bottom} {top}" '
        f'data-rounds="{len(history)}">',
        f'<line class="zero" x1="{PAD_LEFT}" x2="{width - PAD_RIGHT}" y1="{zero:.1f}" '
        f'y2="{zero:.1f}" stroke="currentColor" stroke-opacity="0.4" stroke-dasharray="3 3"/>',
        f'<text class="top" x="{PAD_LEFT - 4}" y="{y(top) + 4:.1f}" {_LABEL}>'
        f"{_short(top, unit)}</text>",
        f'<text class="zero" x="{PAD_LEFT - 4}" y="{zero + 4:.1f}" {_LABEL}>0</text>',
        f'<text class="bottom" x="{PAD_LEFT - 4}" y="{y(bottom) + 4:.1f}" {_LABEL}>'
        f"{_short(bottom, unit)}</text>",
        f'<text class="last" x="{width - PAD_RIGHT}" y="{height - PAD_BOTTOM + 14}" {_LABEL}>'
        f"{escape(last_round)}</text>",
    ]
    for seat in range(len(players)):
        line = " ".join(f"{x(i):.1f},{y(row[seat]):.1f}" for i, row in enumerate(points))
        parts.append(
            f'<polyline fill="none" stroke="{_colour(seat)}" stroke-width="2.5" '
            f'stroke-linejoin="round"{_dash(seat)} points="{line}"/>'
        )
    for seat, label, lx, row in legend:
        ly = height - 9 + row * 14
        parts.append(
            f'<line x1="{lx:.1f}" x2="{lx + 16:.1f}" y1="{ly:.1f}" y2="{ly:.1f}" '
            f'stroke="{_colour(seat)}" stroke-width="3"{_dash(seat)}/>'
        )
        parts.append(
            f'<text x="{lx + 20:.1f}" y="{ly + 4:.1f}" font-size="11" fill="currentColor">'
            f"{escape(label)}</text>"
        )
    parts.append("</svg>")
    return Markup("".join(parts))


def _colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _dash(seat: int) -> str:
    return _DASHES[seat % len(_DASHES)]


def _legend(players: list[str], width: int) -> list[tuple[int, str, float, int]]:
    """(seat, label, x, row) of each legend entry: one after another by their estimated width,
    wrapping to another row when long names do not fit (so "Ñoño Dela Cruz" never runs into
    the next swatch)."""
    legend = []
    lx, row = float(PAD_LEFT), 0
    for seat, name in enumerate(players):
        label = name if len(name) <= 24 else name[:23] + "…"
        entry_w = 22 + len(label) * 6.2
        if lx > PAD_LEFT and lx + entry_w > width:
            lx, row = float(PAD_LEFT), row + 1
        legend.append((seat, label, lx, row))
        lx += entry_w + 10
    return legend


def _short(value: Decimal, unit: str) -> Markup:
    """An axis label ("−₱1,240"), escaped: the currency is the table's own text."""
    text = f"{abs(value):,.0f}"
    sign = "−" if value < 0 else ""
    return escape(f"{sign}{text}" if unit == "pts" else f"{sign}{unit}{text}")
