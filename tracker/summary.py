"""The printable session summary: HTML from templates/summary.html, PDF with WeasyPrint.

Works on the export dict of tracker/export.py and needs no Flask app: a standalone Jinja2
environment renders the template (autoescape on), and WeasyPrint fetches nothing but files
from this project's own directories and data: URLs (`LocalOnlyFetcher`).

    summary_html(export, now=None) -> str
    summary_pdf(export, now=None) -> bytes
    describe_rules(rules) -> list[str]     # the house rules in words
"""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from urllib.parse import unquote, urlsplit
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from jinja2 import Environment, FileSystemLoader, select_autoescape

from .chart import SEAT_COLOURS, balance_chart_svg
from .engine import Rules, money_text
from .export import PAGE_SIZES, ledger_of, rules_of

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"
STATIC = ROOT / "static"
# WeasyPrint may read files only from here (and data: URLs); anything else is refused.
ALLOWED_DIRS = (TEMPLATES, STATIC)
PAGE_CSS = {"letter": "letter", "a4": "A4"}
# Times are shown in the table's zone; the app is made for tables in the Philippines.
DEFAULT_ZONE = "Asia/Manila"

_env: Environment | None = None


def environment() -> Environment:
    global _env
    if _env is None:
        _env = Environment(
            loader=FileSystemLoader(str(TEMPLATES)),
            autoescape=select_autoescape(default=True, default_for_string=True),
            trim_blocks=True,
            lstrip_blocks=True,
        )
    return _env


# -- the house rules in words ---------------------------------------------------------------

_TIMES = {1: "single", 2: "double", 3: "triple", 4: "four times"}


def _stakes(units: int, rules: Rules) -> str:
    amount = money_text(units * rules.stake, rules.unit)
    if units == 1:
        return f"one stake ({amount})"
    return f"{units} stakes ({amount})"


def _factor(factor: int) -> str:
    return f"{_TIMES.get(factor, f'{factor} times')} (×{factor})"


def describe_rules(rules: Rules) -> list[str]:
    """Every house-rule option as a sentence a player understands."""
    unit = rules.unit
    out = []
    preset = {"classic": "the classic full rules", "pagat": "the pagat.com rules"}[
        rules.preset_name
    ]
    out.append(f"Starting from {preset}, with the options below.")
    if rules.progressive:
        out.append(
            f"Progressive: amounts are points, not money. The session ends when a player's "
            f"balance reaches −{rules.loss_limit} pts; that player loses the session."
        )
    out.append(f"Stake: {money_text(rules.stake, unit)} per unit.")
    if rules.point_rate:
        out.append(f"Each point of a loser's deadwood costs {money_text(rules.point_rate, unit)}.")
    else:
        out.append("Deadwood points are not paid for (point rate 0).")
    out.append(
        "Q-K-A counts as a run (the ace is low or high, but K-A-2 never counts)."
        if rules.qka_run
        else "Q-K-A is not a run: the ace is always low."
    )
    out.append(
        "Every card left in the hand counts as deadwood, even melds held in the hand."
        if rules.concealed_melds_count
        else "Melds held in the hand do not count as deadwood."
    )
    if rules.jokers:
        out.append(
            f"{'One joker is' if rules.jokers == 1 else 'Two jokers are'} in the deck; "
            f"a joker left in the hand counts {rules.joker_points} points."
        )
    else:
        out.append("No jokers.")
    if rules.draw_showdown == "all":
        out.append("A called draw is compared with every player who is not sunog.")
    else:
        out.append(
            "A called draw is compared only with the players who challenge it; "
            "the others fold and lose. If nobody challenges, the caller wins."
        )
    out.append(
        "A tie in a called draw goes to the caller."
        if rules.draw_tie == "caller"
        else "A tie in a called draw goes to the challenger."
    )
    wins = [
        ("Tongits", rules.tongits_units),
        ("a draw", rules.draw_units),
        ("talon out", rules.talon_units),
    ]
    out.append(
        "Each loser pays the winner "
        + "; ".join(f"{_stakes(units, rules)} for {how}" for how, units in wins)
        + "."
    )
    out.append(
        f"In a challenged draw, a losing caller or challenger pays "
        f"{_stakes(rules.challenged_draw_units, rules)} instead."
    )
    if rules.failed_call_multiplier == 1:
        out.append("A caller who loses the draw pays the normal amount.")
    else:
        out.append(f"A caller who loses the draw pays {_factor(rules.failed_call_multiplier)}.")
    if rules.lost_challenge_multiplier == 1:
        out.append("A challenger who loses pays the normal amount.")
    else:
        out.append(f"A challenger who loses pays {_factor(rules.lost_challenge_multiplier)}.")
    if rules.sunog_extra_units:
        out.append(f"A sunog loser pays {_stakes(rules.sunog_extra_units, rules)} extra.")
    else:
        out.append("A sunog loser pays like any other loser (at least the stake).")
    if rules.ace_bonus_units:
        out.append(
            f"Each ace in the winner's cards earns {_stakes(rules.ace_bonus_units, rules)} from each loser."
        )
    if rules.secret_bonus_units:
        out.append(
            f"Each secret meld (four of a kind laid face down) of the winner earns "
            f"{_stakes(rules.secret_bonus_units, rules)} from each loser."
        )
    if rules.kang_multiplier != 1:
        out.append(f"A Tongits with a kang is paid {_factor(rules.kang_multiplier)}.")
    if rules.pot_ante_units:
        out.append(
            f"Every deal, each player puts {_stakes(rules.pot_ante_units, rules)} into the pot."
        )
    out.append(
        "A void round (talon out, all three sunog): each player pays one stake into the pot."
    )
    if rules.pot_won_by == "next_winner":
        out.append("The pot goes to the winner of the next round that has a winner.")
    else:
        out.append(f"The pot goes to whoever wins {rules.pot_streak} rounds in a row.")
    out.append("An unclaimed pot at the end goes back to the players in the shares they paid in.")
    out.append(
        "The deal passes to the next seat in turn."
        if rules.next_dealer == "rotate"
        else "The winner of a round deals the next one."
    )
    return out


# -- the page's data ------------------------------------------------------------------------


def _zone(name: str | None):
    try:
        return ZoneInfo(name) if name else None
    except (ZoneInfoNotFoundError, ValueError):
        return None


def _local(value: str | None, zone) -> datetime | None:
    """The time in the table's zone (a time written without a zone is UTC)."""
    if not value:
        return None
    when = datetime.fromisoformat(value)
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.astimezone(zone) if zone is not None else when


def _date_text(value: str | None, zone) -> str:
    """'Monday, 30 November 2026, 8:15 PM'."""
    when = _local(value, zone)
    if when is None:
        return "date not recorded"
    hour = when.strftime("%I").lstrip("0") or "12"
    return f"{when.strftime('%A')}, {when.day} {when.strftime('%B %Y')}, {hour}:{when.strftime('%M %p')}"


def _ending_text(result, players: list[str], record: dict) -> str:
    if result.void:
        return "Talon out, all sunog: void"
    if result.ending == "tongits":
        kang = " with a kang" if result.players[result.declarer].kang else ""
        return f"Tongits by {players[result.declarer]}{kang}"
    if result.ending == "draw":
        text = f"Draw called by {players[result.declarer]}"
        challengers = [p.name for p in result.players if p.challenged]
        if challengers:
            text += f"; challenged by {' and '.join(challengers)}"
        return text
    drawer = record.get("last_drawer")
    if drawer in (0, 1, 2):
        return f"Talon out (last card: {players[drawer]})"
    return "Talon out"


def summary_context(
    export: dict, now: datetime | None = None, zone: str | None = DEFAULT_ZONE
) -> dict:
    """Everything the template shows, computed by the engine from the export dict."""
    rules = rules_of(export)
    tz = _zone(zone)
    created = _local(export.get("created"), tz)
    players = list(export["players"])
    ledger = ledger_of(export)
    unit = rules.unit

    def money(amount: Decimal) -> str:
        return money_text(amount, unit)

    rounds = []
    for number, (record, result, after) in enumerate(
        zip(export.get("rounds") or [], ledger.results, ledger.history), start=1
    ):
        dealer = record.get("dealer")
        notes = []
        if result.pot_in:
            each: dict[str, Decimal] = {}
            for seat, amount, reason in result.pot_in:
                if seat == result.pot_in[0][0]:
                    each[reason] = each.get(reason, Decimal(0)) + amount
            total = sum((amount for _, amount, _ in result.pot_in), Decimal(0))
            why = " + ".join(f"{reason}, {money(amount)} each" for reason, amount in each.items())
            notes.append(f"Pot +{money(total)} ({why})")
        if result.pot_out:
            notes.append(f"{players[result.winner]} takes the pot, {money(result.pot_out)}")
        rounds.append(
            {
                "number": number,
                "dealer": players[dealer] if dealer in (0, 1, 2) else "",
                "ending": _ending_text(result, players, record),
                "void": result.void,
                "winner": None if result.winner is None else players[result.winner],
                "hands": [
                    {"deadwood": p.deadwood, "sunog": p.sunog, "winner": p.seat == result.winner}
                    for p in result.players
                ],
                "payments": [_payment(p, players, money) for p in result.payments],
                "notes": notes,
                # a word joiner keeps "−₱40.00" whole when its cell wraps (Unicode lets a line
                # break between the minus and the peso sign); text extraction drops it
                "balances": [
                    {"text": money(b).replace("−", "−\u2060"), "sign": _sign(b)} for b in after
                ],
                "pot": money(result.pot),
                "pot_open": bool(result.pot),
            }
        )
    final = ledger.final_balances()
    transfers = [
        {"payer": t.payer, "payee": t.payee, "amount": money(t.amount)} for t in ledger.settlement()
    ]
    page_size = str(export.get("page_size") or "letter").lower()
    now = now or datetime.now(UTC)
    return {
        "players": [
            {
                "seat": seat + 1,
                "name": name,
                "colour": SEAT_COLOURS[seat],
                "first_dealer": seat == int(export.get("first_dealer") or 0),
                "balance": money(ledger.balances[seat]),
                "sign": _sign(ledger.balances[seat]),
                "final": money(final[seat]),
                "final_sign": _sign(final[seat]),
                "pot_share": money(ledger.pot_shares[seat]) if ledger.pot_shares[seat] else None,
            }
            for seat, name in enumerate(players)
        ],
        "names": players,
        # only then do table cells need the (costly) break-anywhere rule
        "long_words": any(len(word) > 14 for name in players for word in name.split()),
        "date": _date_text(export.get("created"), tz),
        "day": created.date().isoformat() if created else "",
        "printed": _date_text(now.isoformat(), tz),
        "rules": rules,
        "rule_lines": describe_rules(rules),
        "unit": unit,
        "progressive": rules.progressive,
        "stake": money(rules.stake),
        "point_rate": money(rules.point_rate),
        "rounds": rounds,
        "round_count": len(rounds),
        "pot": money(ledger.pot),
        "pot_open": bool(ledger.pot),
        "chart": balance_chart_svg(players, ledger.history, unit=unit) if rounds else None,
        "settled": bool(export.get("settled")),
        "transfers": transfers,
        "loser": None if ledger.loser is None else players[ledger.loser],
        "loss_limit": money(Decimal(-rules.loss_limit)),
        "page_css": PAGE_CSS.get(page_size, "letter"),
        "page_name": "A4" if page_size == "a4" else "Letter",
    }


def _payment(payment, players: list[str], money) -> dict:
    """A payment line: its parts (the engine's explanation without the final total) and amount."""
    amount = money(payment.amount)
    parts, _, total = payment.explain.rpartition(" = ")
    text = payment.explain if total == amount and parts else f"{payment.explain} → {amount}"
    return {
        "payer": players[payment.payer],
        "payee": players[payment.payee],
        "amount": amount,
        "parts": parts,
        "explain": payment.explain,
        "text": text,
    }


def _sign(amount: Decimal) -> str:
    return "plus" if amount > 0 else "minus" if amount < 0 else "zero"


def summary_html(export: dict, now: datetime | None = None, zone: str | None = DEFAULT_ZONE) -> str:
    """The summary page; `now` is the printing time shown, `zone` the time zone of the table."""
    return environment().get_template("summary.html").render(summary_context(export, now, zone))


# -- PDF ------------------------------------------------------------------------------------


class RefusedURL(ValueError):
    """WeasyPrint asked for something outside this project's own files."""


def _fetcher_class():
    from weasyprint.urls import URLFetcher

    class LocalOnlyFetcher(URLFetcher):
        """Serves data: URLs and files under ALLOWED_DIRS; refuses everything else (no network).
        `asked` keeps every URL WeasyPrint asked for, `refused` the ones it did not get."""

        def __init__(self):
            super().__init__(allowed_protocols=("file", "data"), allow_redirects=False)
            self.asked: list[str] = []
            self.refused: list[str] = []

        def fetch(self, url, headers=None):
            self.asked.append(url)
            scheme = urlsplit(url).scheme.lower()
            if scheme == "data":
                return super().fetch(url, headers)
            if scheme == "file":
                path = Path(unquote(urlsplit(url).path)).resolve()
                if any(path.is_relative_to(base) for base in ALLOWED_DIRS) and path.is_file():
                    return super().fetch(path.as_uri(), headers)
            self.refused.append(url)
            raise RefusedURL(f"the summary may not load {url}")

    return LocalOnlyFetcher


def local_fetcher():
    return _fetcher_class()()


def summary_pdf(
    export: dict, now: datetime | None = None, zone: str | None = DEFAULT_ZONE, fetcher=None
) -> bytes:
    """The summary as PDF bytes. `fetcher` (from `local_fetcher()`) lets a caller see what
    WeasyPrint asked for."""
    from weasyprint import HTML

    html = summary_html(export, now, zone)
    document = HTML(
        string=html, base_url=TEMPLATES.as_uri() + "/", url_fetcher=fetcher or local_fetcher()
    )
    return document.write_pdf(font_config=_font_config())


_fonts = threading.local()


def _font_config():
    """One WeasyPrint FontConfiguration per thread, kept: Pango's font caches then carry over
    from one summary to the next (the template has no @font-face, so nothing else is kept)."""
    from weasyprint.text.fonts import FontConfiguration

    config = getattr(_fonts, "config", None)
    if config is None:
        config = _fonts.config = FontConfiguration()
    return config


__all__ = [
    "PAGE_SIZES",
    "RefusedURL",
    "describe_rules",
    "local_fetcher",
    "summary_context",
    "summary_html",
    "summary_pdf",
]
