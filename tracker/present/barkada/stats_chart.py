"""The charts of a group's stats as inline SVG: drawn on the server, so they need
no JavaScript and print in the PDF the same. One row per member: the words on a line of their
own (so a long name never runs into a bar), the bar under them, 340 units wide (a phone of
360 px). Text takes `currentColor`, so it follows the page's light or dark scheme; the bar
colours are mid tones that stand out on both, and the three endings differ in pattern too.

    net_chart_svg([(name, net)], unit) -> Markup
    wins_chart_svg([(name, {"tongits": n, "draw": n, "talon": n})]) -> Markup
"""

from __future__ import annotations

from decimal import Decimal

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from markupsafe import Markup, escape

from ...engine import money_text

WIDTH = 340
ROW = 36  # a row: its words (14) and its bar (14), and the space before the next
BAR = 14
GAIN, LOSS = "#2e9d5b", "#d64545"
ENDING_COLOURS = {"tongits": "#2b7bd6", "draw": "#e0861a", "talon": "#8a63d2"}
ENDING_WORDS = {"tongits": _l("Tongits"), "draw": _l("draw"), "talon": _l("talon out")}
_TEXT = 'font-size="12" fill="currentColor"'
LINE = 55  # characters of 12-unit text that fit in WIDTH (about 6 units each)


def _svg(height: int, label: str, parts: list[str]) -> Markup:
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
        f'width="100%" role="img" aria-label="{escape(label)}" class="chart">'
    )
    return Markup(head + "".join(parts) + "</svg>")


def _label(name: str, text: str, y: float) -> str:
    """`name` (cut to 24 characters, fewer when `text` is long) and `text` on one line above a
    bar: at most LINE characters, so that the line stays within the chart's width."""
    keep = min(24, max(8, LINE - len(text)))
    short = name if len(name) <= keep else name[: keep - 1] + "…"
    return f'<text x="2" y="{y:.0f}" {_TEXT}>{escape(short)}{escape(text)}</text>'


def net_chart_svg(rows: list[tuple[str, Decimal]], unit: str = "₱") -> Markup:
    """A bar per member from the zero line: gains to the right, losses to the left."""
    top = max([value for _, value in rows] + [Decimal(0)])
    bottom = min([value for _, value in rows] + [Decimal(0)])
    span = (top - bottom) or Decimal(1)
    zero = 2 + (WIDTH - 4) * float(-bottom / span)
    parts = []
    for index, (name, value) in enumerate(rows):
        y = index * ROW
        sign = "+" if value > 0 else ""
        parts.append(_label(name, f": {sign}{money_text(value, unit)}", y + 13))
        length = (WIDTH - 4) * float(abs(value) / span)
        x = zero if value >= 0 else zero - length
        colour = GAIN if value >= 0 else LOSS
        parts.append(
            f'<rect x="{x:.1f}" y="{y + 17}" width="{max(length, 1):.1f}" height="{BAR}" '
            f'fill="{colour}" rx="2"/>'
        )
    height = max(len(rows) * ROW, ROW)
    parts.append(
        f'<line x1="{zero:.1f}" x2="{zero:.1f}" y1="14" y2="{height}" stroke="currentColor" '
        'stroke-opacity="0.5" stroke-dasharray="3 3"/>'
    )
    return _svg(height, _("Net winnings of each member"), parts)


def wins_chart_svg(rows: list[tuple[str, dict[str, int]]]) -> Markup:
    """A bar per member of the rounds won, split by how they were won."""
    most = max([sum(wins.values()) for _, wins in rows] + [1])
    parts = [_legend()]
    for index, (name, wins) in enumerate(rows):
        y = 24 + index * ROW
        total = sum(wins.values())
        how = _(
            "%(tongits)s Tongits, %(draw)s draw, %(talon)s talon out",
            tongits=wins["tongits"],
            draw=wins["draw"],
            talon=wins["talon"],
        )
        won = ngettext(": %(num)s won (%(how)s)", ": %(num)s won (%(how)s)", total, how=how)
        parts.append(_label(name, won, y + 13))
        x = 2.0
        for ending, colour in ENDING_COLOURS.items():
            length = (WIDTH - 4) * wins[ending] / most
            if length:
                parts.append(
                    f'<rect x="{x:.1f}" y="{y + 17}" width="{length:.1f}" height="{BAR}" '
                    f'fill="{colour}"{_pattern(ending)}/>'
                )
            x += length
    height = 24 + max(len(rows), 1) * ROW
    return _svg(height, _("Rounds won by each member, by ending"), parts)


def _pattern(ending: str) -> str:
    """Told apart without colour too: a solid bar, a dashed outline, a dotted one."""
    return {
        "tongits": "",
        "draw": ' stroke="currentColor" stroke-width="1" stroke-dasharray="4 2"',
        "talon": ' stroke="currentColor" stroke-width="1" stroke-dasharray="1 2"',
    }[ending]


def _legend() -> str:
    parts, x = [], 2
    for ending, colour in ENDING_COLOURS.items():
        word = str(ENDING_WORDS[ending])
        parts.append(
            f'<rect x="{x}" y="4" width="14" height="12" fill="{colour}"{_pattern(ending)}/>'
        )
        parts.append(f'<text x="{x + 18}" y="14" {_TEXT}>{escape(word)}</text>')
        x += 30 + 7 * len(word)
    return "".join(parts)
