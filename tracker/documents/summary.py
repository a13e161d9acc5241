"""The printable session summary's data and HTML (templates/summary.html); pdf.py prints it.

Works on the export dict of exchange/export.py and needs no Flask app: the documents' Jinja
environment renders the template (present/templates.py: the pages' filters, autoescape on).

    summary_context(export, now=None, zone=None, max_rounds=None) -> dict
    summary_html(export, now=None, zone=None, max_rounds=None) -> str

`zone` (a name such as "Asia/Manila") is the table's time zone, the app's TIME_ZONE: the times
printed are in it (tracker/clock.py). Left out, the current app's, or Asia/Manila outside one;
the printing child (render.py) is handed the app's name.

`max_rounds` (the app's SUMMARY_MAX_ROUNDS) bounds the round-by-round table to the last rounds;
the standings, chart and settle-up always count every round (they are derived and cheap).
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

from flask_babel import gettext as _

from ..clock import local_time
from ..engine import Ledger, Rules
from ..exchange.export import ledger_of, rules_of
from ..present import house_rules, templates
from ..present.chart import SEAT_COLOURS, balance_chart_svg
from ..present.display import day_time, language, money, sign_class, signed_money
from ..present.messages import say
from ..present.printing import rounds_left_out
from ..present.round_lines import PlayedRound, played_rounds

PAGE_CSS = {"letter": "letter", "a4": "A4"}


def summary_html(
    export: dict,
    now: datetime | None = None,
    zone: str | None = None,
    max_rounds: int | None = None,
) -> str:
    """The summary page; `now` is the printing time shown, `zone` the time zone of the table."""
    context = summary_context(export, now, zone, max_rounds)
    return templates.documents().get_template("summary.html").render(context)


def summary_context(
    export: dict,
    now: datetime | None = None,
    zone: str | None = None,
    max_rounds: int | None = None,
) -> dict:
    """Everything the template shows, computed by the engine from the export dict."""
    rules = rules_of(export)
    players = list(export["players"])
    ledger = ledger_of(export)
    played = played_rounds(players, export.get("rounds") or [], ledger)
    listed = played if max_rounds is None else played[max(0, len(played) - max_rounds) :]
    return {
        **_dates(export.get("created"), now or datetime.now(UTC), zone),
        **_paper(export.get("page_size")),
        **_standings(export, ledger, rules),
        **_house_rules(rules),
        "names": players,
        # only then do table cells need the (costly) break-anywhere rule
        "long_words": any(len(word) > 14 for name in players for word in name.split()),
        "rounds": [_round_row(one, rules) for one in listed],
        "round_count": len(played),
        "sheet_totals": [_keep_whole(_signed(b, rules)) for b in ledger.balances],
        "left_out": rounds_left_out(len(played), len(listed)),
        "chart": balance_chart_svg(players, ledger.history, unit=rules.unit) if played else None,
        "settled": bool(export.get("settled")),
        "lang": language(),
        "page_counter": page_counter(),
    }


def page_counter() -> str:
    """The CSS `content` of the page footer, 'Page 1 of 3' in the print's language:
    '"Page " counter(page) " of " counter(pages)'."""
    marks = {"page": "\x00page\x00", "pages": "\x00pages\x00"}
    text = _("Page %(page)s of %(pages)s", **marks)
    parts = []
    for index, part in enumerate(text.split("\x00")):
        if index % 2:
            parts.append(f"counter({'pages' if part == 'pages' else 'page'})")
        elif part:
            parts.append('"' + part.replace("\\", "\\\\").replace('"', '\\"') + '"')
    return " ".join(parts)


# -- the parts of the page ------------------------------------------------------------------


def _standings(export: dict, ledger: Ledger, rules: Rules) -> dict:
    """The players with their balances, the pot, and who pays whom."""
    final = ledger.final_balances()
    players = [
        {
            "seat": seat + 1,
            "name": name,
            "colour": SEAT_COLOURS[seat],
            "first_dealer": seat == int(export.get("first_dealer") or 0),
            "balance": _money(ledger.balances[seat], rules),
            "sign": sign_class(ledger.balances[seat]),
            "final": _money(final[seat], rules),
            "final_sign": sign_class(final[seat]),
            "pot_share": _money(share, rules) if (share := ledger.pot_shares[seat]) else None,
        }
        for seat, name in enumerate(ledger.players)
    ]
    transfers = [
        {"payer": t.payer, "payee": t.payee, "amount": _money(t.amount, rules)}
        for t in ledger.settlement()
    ]
    return {
        "players": players,
        "transfers": transfers,
        "pot": _money(ledger.pot, rules),
        "pot_open": bool(ledger.pot),
        "loser": None if ledger.loser is None else ledger.players[ledger.loser],
    }


def _house_rules(rules: Rules) -> dict:
    return {
        "rules": rules,
        "terms": house_rules.terms(rules, preset=False),
        "rule_lines": house_rules.describe(rules),
        "unit": rules.unit,
        "loss_limit": _money(Decimal(-rules.loss_limit), rules),
    }


def _paper(page_size) -> dict:
    size = str(page_size or "letter").lower()
    return {"page_css": PAGE_CSS.get(size, "letter"), "page_name": house_rules.paper_name(size)}


def _round_row(played: PlayedRound, rules: Rules) -> dict:
    """A round as one row of the table: the hands, the payments, the pot, the balances."""
    result = played.result
    return {
        "number": played.number,
        "dealer": played.dealer,
        "ending": played.line.text(rules.unit, gain=_keep_whole),
        "void": result.void,
        "winner": played.winner,
        "hands": [
            {"deadwood": p.deadwood, "sunog": p.sunog, "winner": p.seat == result.winner}
            for p in result.players
        ],
        "payments": [_payment(payment, played, rules) for payment in result.payments],
        "notes": _pot_notes(played, rules),
        "balances": [
            {"text": _keep_whole(_money(b, rules)), "sign": sign_class(b)} for b in played.balances
        ],
        # the score sheet's cells: each player's money for the round, the total after it
        "sheet": [
            {
                "net": _keep_whole(_signed(p.net, rules)),
                "total": _keep_whole(_signed(after, rules)),
                "won": p.seat == result.winner,
            }
            for p, after in zip(result.players, played.balances)
        ],
        "pot": _money(result.pot, rules),
        "pot_open": bool(result.pot),
    }


def _pot_notes(played: PlayedRound, rules: Rules) -> list[str]:
    """'Pot +₱60.00 (ante, ₱20.00 each)', 'Ana takes the pot, ₱60.00'."""
    result = played.result
    notes = []
    if result.pot_in:
        why = " + ".join(
            _(
                "%(reason)s, %(amount)s each",
                reason=say(reason),
                amount=_money(amount, rules),
            )
            for reason, amount in played.pot_in_each.items()
        )
        total = _money(played.pot_in_total, rules)
        notes.append(_("Pot +%(amount)s (%(why)s)", amount=total, why=why))
    if result.pot_out:
        amount = _money(result.pot_out, rules)
        notes.append(_("%(name)s takes the pot, %(amount)s", name=played.winner, amount=amount))
    return notes


def _payment(payment, played: PlayedRound, rules: Rules) -> dict:
    """A payment line: its parts (the engine's explanation without the final total) and amount."""
    amount = _money(payment.amount, rules)
    explain = say(payment.explain)  # the engine's words in the reader's language
    parts, _equals, total = explain.rpartition(" = ")
    text = explain if total == amount and parts else f"{explain} → {amount}"
    return {
        "payer": played.name(payment.payer),
        "payee": played.name(payment.payee),
        "amount": amount,
        "parts": parts,
        "explain": explain,
        "text": text,
    }


def _keep_whole(text: str) -> str:
    """A word joiner after each sign keeps "−₱40.00" and "+₱45.00" whole when a cell wraps
    (Unicode lets a line break between the sign and the peso sign); text extraction drops it."""
    return text.replace("−", "−\u2060").replace("+", "+\u2060")


def _money(amount: Decimal, rules: Rules) -> str:
    return money(amount, rules.unit)


def _signed(amount: Decimal, rules: Rules) -> str:
    return signed_money(amount, rules.unit)


# -- dates ----------------------------------------------------------------------------------


def _dates(created: str | None, now: datetime, zone: str | None) -> dict:
    local = local_time(datetime.fromisoformat(created), zone) if created else None
    return {
        "date": _date_text(local),
        "day": local.date().isoformat() if local else "",
        "printed": _date_text(local_time(now, zone)),
    }


def _date_text(when: datetime | None) -> str:
    """'Monday, 30 November 2026, 8:15 PM' (a time already in the table's zone)."""
    if when is None:
        return _("date not recorded")
    return day_time(when)  # 'Lunes, Nobyembre 30, 2026, 8:15 PM' in Filipino
