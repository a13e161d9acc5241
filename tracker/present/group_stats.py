"""The words and display objects of a group's stats (issue 11), shared by the stats page and
the season PDF: every label a person reads comes from here.

    figure_lines(figures) -> [(label, value)]       one member's figures as the page lists them
    stats_view(found, vs) -> dict                   charts, leaderboard, cards, head-to-head
    stats_page(group, found, asked, problems) -> dict   the page's context
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from ..engine import money_text
from .messages import say
from .stats_chart import net_chart_svg, wins_chart_svg

UNIT = "₱"
TITLE = "Stats"
PERIOD_WORDS = "Period"
ALL_TIME = "All sessions"
NO_SESSIONS = "No sessions in this period yet."
VERSUS_TITLE = "Head to head"
VERSUS_HELP = (
    "Rounds at the same table, who won them, and the money the rounds moved between the two."
)


@dataclass(frozen=True)
class Card:
    """One member's figures."""

    id: int
    name: str
    net: Decimal
    rounds: int
    won: int
    lines: list[tuple[str, str]]


@dataclass(frozen=True)
class Opponent:
    name: str
    rounds: int
    wins: int
    losses: int
    net: Decimal


def _of(done: int, made: int, what: str) -> str:
    return f"{made} ({done} won)" if made else f"0 {what}"


def figure_lines(figures: dict) -> list[tuple[str, str]]:
    """(label, value) of each figure of one member (the API's dict of `players[name]`)."""
    wins = figures["wins"]
    average = figures["average_deadwood"]
    return [
        ("Sessions", str(figures["sessions"])),
        ("Rounds played", str(figures["rounds"])),
        ("Rounds won", str(figures["won"])),
        ("Won by Tongits", str(wins["tongits"])),
        ("Won by draw", str(wins["draw"])),
        ("Won at talon out", str(wins["talon"])),
        ("Draws called", _of(figures["draw_calls_won"], figures["draw_calls"], "calls")),
        ("Challenges", _of(figures["challenges_won"], figures["challenges"], "challenges")),
        ("Times sunog", str(figures["sunog"])),
        (
            "Average deadwood when losing",
            "—" if average is None else f"{average} ({figures['losing_hands']} hands)",
        ),
        ("Pots won", f"{figures['pots_won']} ({_money(figures['pot_money'])})"),
        ("Biggest win in a round", _money(figures["biggest_win"])),
        ("Best session", _money(figures["best_session"])),
        ("Longest winning streak", _rounds_text(figures["longest_streak"])),
        ("Net", _money(figures["net"], signed=True)),
    ]


def _rounds_text(count: int) -> str:
    return f"{count} round{'' if count == 1 else 's'}"


def _money(text: str, signed: bool = False) -> str:
    amount = Decimal(text)
    return ("+" if signed and amount > 0 else "") + money_text(amount, UNIT)


def stats_view(found, vs: str = "") -> dict:
    """Charts, leaderboard, member cards and head-to-head of a GroupStats."""
    data = found.to_dict()
    cards = [
        Card(
            key,
            name,
            Decimal(data["players"][name]["net"]),
            data["players"][name]["rounds"],
            data["players"][name]["won"],
            figure_lines(data["players"][name]),
        )
        for key, name in found.people.items()
    ]
    played = sorted((card for card in cards if card.rounds), key=lambda c: (-c.net, c.name))
    chosen = _chosen(found, vs)
    return {
        "sessions": data["sessions"],
        "rounds": sum(_rounds(night) for night in found.nights),
        "cards": cards,
        "leaders": played,
        "net_chart": net_chart_svg([(c.name, c.net) for c in played], UNIT) if played else None,
        "wins_chart": wins_chart_svg([(c.name, data["players"][c.name]["wins"]) for c in played])
        if played
        else None,
        "vs": chosen,
        "vs_name": found.people.get(chosen),
        "opponents": _opponents(found, chosen),
        "unit": UNIT,
    }


def _rounds(night) -> int:
    return max((tally.rounds for tally in night.stats.people.values()), default=0)


def _chosen(found, vs: str) -> int | None:
    ids = list(found.people)
    if vs.isascii() and vs.isdigit() and int(vs) in found.people:
        return int(vs)
    return ids[0] if ids else None


def _opponents(found, chosen: int | None) -> list[Opponent]:
    if chosen is None:
        return []
    rows = []
    for other, name in found.people.items():
        versus = found.stats.against(chosen, other)
        if other != chosen and versus.rounds:
            rows.append(Opponent(name, versus.rounds, versus.wins, versus.losses, versus.net))
    return rows


def period_words(period) -> str:
    if period.start is None and period.end is None:
        return ALL_TIME
    start = "the start" if period.start is None else f"{period.start:%d %b %Y}"
    end = "today" if period.end is None else f"{period.end:%d %b %Y}"
    return f"{start} to {end}"


def stats_page(group, found, asked: dict, problems: list) -> dict:
    """The stats page's context; `found` None when the period asked was refused (`problems`)."""
    errors: dict[str, list[str]] = {}
    for problem in problems:
        errors.setdefault(str(problem.where), []).append(say(problem.message))
    view = stats_view(found, asked.get("vs", "")) if found is not None else {}
    return {
        "group": group,
        "title": f"{group.name}: {TITLE}",
        "asked": asked,
        "errors": errors,
        "period": None if found is None else period_words(found.period),
        "no_sessions": NO_SESSIONS,
        "versus_title": VERSUS_TITLE,
        "versus_help": VERSUS_HELP,
        **view,
    }
