"""The rounds and payments of a session as CSV, safe to open in a spreadsheet."""

from __future__ import annotations

import csv
import io
import re
from datetime import datetime

from flask_babel import gettext as _
from flask_babel import pgettext

from ..clock import local_day
from ..engine import money_str
from ..exchange.export import ledger_of
from ..present.messages import say
from ..present.round_lines import PlayedRound, played_rounds

_NUMBER = re.compile(r"-?\d+(\.\d+)?")


def safe_cell(value) -> str:
    """A CSV cell a spreadsheet will not run as a formula: text starting with = + - @ (or a
    tab / carriage return) gets a leading apostrophe. Plain numbers stay numbers."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else ""
    text = str(value)
    if _NUMBER.fullmatch(text):
        return text
    if text[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + text
    return text


def rounds_csv(export: dict) -> str:
    """One row per payment of every round (a round without payments, e.g. a void one, still
    gets one row). Amounts are decimal strings; `line` is the round's line of the ledger;
    `challenged` says who of the row's payer and payee challenged the draw (`payer`, `payee`,
    `payer and payee` or empty), `kang` is `yes` when the winner went Tongits with a kang,
    `secret` the number of secret melds the winner laid (each worth the secret-meld bonus when
    the house rules give one); `pot in` is what each player put in the pot that round, `pot
    out` what the winner took; balances and pot are after the round."""
    players = list(export["players"])
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([safe_cell(cell) for cell in _header(players)])
    for played in played_rounds(players, export.get("rounds") or [], ledger_of(export)):
        for row in _rows(played):
            writer.writerow([safe_cell(cell) for cell in row])
    return out.getvalue()


def _header(players: list[str]) -> list[str]:
    """The column names, in the request's language (English outside a request)."""
    return [
        *(_("round"), _("dealer"), _("ending"), _("declarer"), _("winner"), _("line")),
        *(_("%(name)s deadwood", name=name) for name in players),
        *(_("%(name)s sunog", name=name) for name in players),
        *(_("payer"), _("payee"), _("amount"), _("explain"), _("challenged"), _("kang")),
        _("secret"),
        *(_("pot in (each)"), _("pot out"), _("pot after")),
        *(_("%(name)s balance", name=name) for name in players),
    ]


def _rows(played: PlayedRound) -> list[list]:
    """The round's rows: one per payment, or one saying the verdict when nobody paid."""
    result = played.result
    base = [played.number, played.dealer, _ending(played.ending), played.declarer, played.winner]
    base.append(played.line.words)
    base += [player.deadwood for player in result.players]
    base += [_("sunog") if player.sunog else "" for player in result.players]
    tail = [
        money_str(sum(played.pot_in_each.values())) if result.pot_in else "",
        money_str(result.pot_out) if result.pot_out else "",
        money_str(result.pot),
        *(money_str(amount) for amount in played.balances),
    ]
    lines = [
        [played.name(p.payer), played.name(p.payee), money_str(p.amount), say(p.explain)]
        + _flags(result, p)
        for p in result.payments
    ]
    nobody_paid = ["", "", "", " ".join(say(line) for line in result.verdict), "", "", ""]
    return [base + line + tail for line in lines or [nobody_paid]]


def _ending(code: str) -> str:
    """The ending column's word: the code (tongits, draw, talon, void, push) in English, the
    reader's word in another language."""
    words = {
        "tongits": pgettext("a round's ending in the CSV", "tongits"),
        "draw": pgettext("a round's ending in the CSV", "draw"),
        "talon": pgettext("a round's ending in the CSV", "talon"),
        "void": pgettext("a round's ending in the CSV", "void"),
        "push": pgettext("a round's ending in the CSV", "push"),
    }
    return words[code]


def _flags(result, payment) -> list:
    """The row's challenged, kang and secret cells (see rounds_csv)."""
    payer, payee = (result.players[seat].challenged for seat in (payment.payer, payment.payee))
    challenged = _("payer and payee") if payer and payee else _("payer") if payer else ""
    challenged = challenged or (_("payee") if payee else "")
    winner = result.players[payment.payee]
    kang = _("yes") if result.ending == "tongits" and winner.kang else ""
    return [challenged, kang, sum(1 for meld in winner.melds if meld.secret)]


def filename_stem(export: dict, zone: str | None = None) -> str:
    """A file name for downloads: tongits-2026-11-30-ana-ben-cris (ASCII only), dated the day
    the session started at the table (in `zone`; left out, the app's TIME_ZONE)."""
    names = "-".join(slug(name) or "x" for name in export["players"])
    return "-".join(part for part in ("tongits", _start_day(export, zone), names) if part)


def _start_day(export: dict, zone: str | None) -> str:
    try:
        started = datetime.fromisoformat(export.get("created") or "")
    except (TypeError, ValueError):
        return ""
    return local_day(started, zone).isoformat()


def slug(text: str, gap: str = "") -> str:
    """`text` for a file name, in ASCII letters and digits only (a header cannot carry more):
    each run of anything else becomes `gap`, none at either end. "Ñoño's" -> "oos"."""
    return re.sub(r"[^a-z0-9]+", gap, text.lower()).strip(gap)
