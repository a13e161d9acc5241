"""The words and display objects of a group's stats, shared by the stats page and
the season PDF: every label a person reads comes from here.

    figure_lines(figures) -> [(label, value)]       one member's figures as the page lists them
    stats_view(found, vs) -> dict                   charts, leaderboard, cards, head-to-head
    stats_page(group, found, asked, problems) -> dict   the page's context
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from ...engine import money_text
from ..display import short_day
from ..messages import say
from .stats_chart import net_chart_svg, wins_chart_svg

UNIT = "₱"
TITLE = _l("Stats")
PERIOD_WORDS = _l("Period")
ALL_TIME = _l("All sessions")
NO_SESSIONS = _l("No sessions in this period yet.")
VERSUS_TITLE = _l("Head to head")
VERSUS_HELP = _l(
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


def _of(done: int, made: int, none: str) -> str:
    return _("%(made)s (%(done)s won)", made=made, done=done) if made else none


def figure_lines(figures: dict) -> list[tuple[str, str]]:
    """(label, value) of each figure of one member (the API's dict of `players[name]`)."""
    wins = figures["wins"]
    average = figures["average_deadwood"]
    hands = figures["losing_hands"]
    return [
        (_("Sessions"), str(figures["sessions"])),
        (_("Rounds played"), str(figures["rounds"])),
        (_("Rounds won"), str(figures["won"])),
        (_("Won by Tongits"), str(wins["tongits"])),
        (_("Won by draw"), str(wins["draw"])),
        (_("Won at talon out"), str(wins["talon"])),
        (_("Draws called"), _of(figures["draw_calls_won"], figures["draw_calls"], _("0 calls"))),
        (
            _("Challenges"),
            _of(figures["challenges_won"], figures["challenges"], _("0 challenges")),
        ),
        (_("Times sunog"), str(figures["sunog"])),
        (
            _("Average deadwood when losing"),
            "—"
            if average is None
            else ngettext(
                "%(average)s (%(num)s hand)", "%(average)s (%(num)s hands)", hands, average=average
            ),
        ),
        (_("Pots won"), _pots(figures["pots_won"], figures["pot_money"])),
        (_("Biggest win in a round"), _best(figures["biggest_win"])),
        (_("Best session"), _best(figures["best_session"])),
        (_("Longest winning streak"), _rounds_text(figures["longest_streak"])),
        (_("Net"), _money(figures["net"], signed=True)),
    ]


def _rounds_text(count: int) -> str:
    return ngettext("%(num)s round", "%(num)s rounds", count)


def _best(text: str) -> str:
    """A best amount won; "—" for a member who never won one (the engine counts that as 0,
    and "Best session ₱0.00" reads as a session won with nothing)."""
    return "—" if Decimal(text) <= 0 else _money(text)


def _pots(count: int, text: str) -> str:
    return f"{count} ({_money(text)})" if count else "0"


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
        return str(ALL_TIME)
    if period.start is None:
        return _("the start to %(end)s", end=short_day(period.end))
    if period.end is None:
        return _("%(start)s to today", start=short_day(period.start))
    return _("%(start)s to %(end)s", start=short_day(period.start), end=short_day(period.end))


def stats_page(group, found, asked: dict, problems: list) -> dict:
    """The stats page's context; `found` None when the period asked was refused (`problems`)."""
    errors: dict[str, list[str]] = {}
    for problem in problems:
        errors.setdefault(str(problem.where), []).append(say(problem.message))
    view = stats_view(found, asked.get("vs", "")) if found is not None else {}
    return {
        "group": group,
        "title": _("%(group)s: Stats", group=group.name),
        "asked": asked,
        "errors": errors,
        "period": None if found is None else period_words(found.period),
        "no_sessions": NO_SESSIONS,
        "versus_title": VERSUS_TITLE,
        "versus_help": VERSUS_HELP,
        **view,
    }
