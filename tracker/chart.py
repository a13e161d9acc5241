"""Balance-over-rounds chart as inline SVG: no JavaScript, so it works on the page and in the PDF."""

from __future__ import annotations

from decimal import Decimal

from markupsafe import Markup, escape

# One colour per seat that stays apart for the common colour-blindnesses and on dark themes.
SEAT_COLOURS = ("#2b7bd6", "#e0861a", "#2e9d5b")


def balance_chart_svg(
    players: list[str],
    history: list[list[Decimal]],
    width: int = 340,
    height: int = 180,
    unit: str = "₱",
) -> Markup:
    """A line per player: balance after round 0 (start, all zero), 1, 2, … ."""
    points = [[Decimal(0)] * len(players)] + [list(row) for row in history]
    values = [value for row in points for value in row]
    top = max(max(values), Decimal(1))
    bottom = min(min(values), Decimal(-1))
    pad_left, pad_right, pad_top, pad_bottom = 44, 8, 10, 34
    plot_w = width - pad_left - pad_right
    plot_h = height - pad_top - pad_bottom
    steps = max(len(points) - 1, 1)

    def x(index: int) -> float:
        return pad_left + plot_w * index / steps

    def y(value: Decimal) -> float:
        return pad_top + plot_h * float((top - value) / (top - bottom))

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height + _legend_extra(players, width, pad_left)}" '
        f'width="100%" role="img" aria-label="Balance over rounds" class="chart">',
        f'<line x1="{pad_left}" x2="{width - pad_right}" y1="{y(Decimal(0)):.1f}" y2="{y(Decimal(0)):.1f}" '
        'stroke="currentColor" stroke-opacity="0.4" stroke-dasharray="3 3"/>',
        f'<text x="{pad_left - 4}" y="{y(top) + 4:.1f}" text-anchor="end" font-size="10" fill="currentColor">{_short(top, unit)}</text>',
        f'<text x="{pad_left - 4}" y="{y(Decimal(0)) + 4:.1f}" text-anchor="end" font-size="10" fill="currentColor">0</text>',
        f'<text x="{pad_left - 4}" y="{y(bottom) + 4:.1f}" text-anchor="end" font-size="10" fill="currentColor">{_short(bottom, unit)}</text>',
        f'<text x="{width - pad_right}" y="{height - pad_bottom + 14}" text-anchor="end" font-size="10" fill="currentColor">round {len(points) - 1}</text>',
    ]
    # Legend: entries one after another by their estimated width, wrapping to a second row
    # when long names do not fit (so "Ñoño Dela Cruz" never runs into the next swatch).
    legend = []
    lx, row = float(pad_left), 0
    for seat, name in enumerate(players):
        label = name if len(name) <= 24 else name[:23] + "…"
        entry_w = 22 + len(label) * 6.2
        if lx > pad_left and lx + entry_w > width:
            lx, row = float(pad_left), row + 1
        legend.append((seat, label, lx, row))
        lx += entry_w + 10
    for seat, name in enumerate(players):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        dash = _DASHES[seat % len(_DASHES)]
        line = " ".join(f"{x(i):.1f},{y(row[seat]):.1f}" for i, row in enumerate(points))
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="2.5" stroke-linejoin="round"{dash} points="{line}"/>'
        )
    for seat, label, lx, row in legend:
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        dash = _DASHES[seat % len(_DASHES)]
        ly = height - 9 + row * 14
        parts.append(
            f'<line x1="{lx:.1f}" x2="{lx + 16:.1f}" y1="{ly:.1f}" y2="{ly:.1f}" stroke="{colour}" stroke-width="3"{dash}/>'
        )
        parts.append(
            f'<text x="{lx + 20:.1f}" y="{ly + 4:.1f}" font-size="11" fill="currentColor">{escape(label)}</text>'
        )
    parts.append("</svg>")
    return Markup("".join(parts))


# Line styles per seat, so the lines stay apart on a black-and-white printout too.
_DASHES = ("", ' stroke-dasharray="7 3"', ' stroke-dasharray="2 2.5"')


def _legend_extra(players: list[str], width: int, pad_left: int) -> int:
    """Extra height for legend rows beyond the first."""
    lx, rows = float(pad_left), 0
    for name in players:
        entry_w = 22 + min(len(name), 24) * 6.2
        if lx > pad_left and lx + entry_w > width:
            lx, rows = float(pad_left), rows + 1
        lx += entry_w + 10
    return rows * 14


def _short(value: Decimal, unit: str) -> str:
    text = f"{abs(value):,.0f}"
    sign = "−" if value < 0 else ""
    return f"{sign}{text}" if unit == "pts" else f"{sign}{unit}{text}"
