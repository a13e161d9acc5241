"""Who pays the winner what (docs/rules.md §6): one function per part of a payment."""

from __future__ import annotations

from decimal import Decimal

from .messages import N_, Joined, ngettext
from .money import ZERO, Amount
from .record import RoundInput
from .results import Payment, PlayerResult
from .rules import Rules

Parts = list[tuple[str, Decimal]]  # (label, amount), e.g. ("14 pts × ₱1.00", Decimal("14.00"))


def payments(
    entry: RoundInput, results: list[PlayerResult], winner_seat: int, words: bool = True
) -> list[Payment]:
    """One payment from each loser to the winner. `words=False`: the same amounts, parts and
    factors, but no words (each part's label and the explanation left empty), for a caller
    that needs only the figures."""
    winner = results[winner_seat]
    bonuses = _ace_part(entry.rules, winner, words) + _secret_part(entry.rules, winner, words)
    challenged_draw = entry.ending == "draw" and any(p.challenged for p in results)
    return [
        _payment(entry, winner, loser, challenged_draw, bonuses, words)
        for loser in results
        if loser is not winner
    ]


def _payment(
    entry: RoundInput,
    winner: PlayerResult,
    loser: PlayerResult,
    challenged_draw: bool,
    bonuses: Parts,
    words: bool,
) -> Payment:
    rules = entry.rules
    parts = (
        _stake_part(entry, loser, challenged_draw, words)
        + _points_part(rules, loser, words)
        + _sunog_part(rules, loser, words)
        + bonuses
    )
    multipliers = _multipliers(entry, winner, loser)
    subtotal = sum((amount for _, amount in parts), ZERO)
    amount = subtotal
    for _, factor in multipliers:
        amount *= factor
    explain = _explain(parts, subtotal, multipliers, rules.unit) if words else ""
    return Payment(loser.seat, winner.seat, amount, parts, multipliers, explain)


def _stake_part(entry: RoundInput, loser: PlayerResult, challenged_draw: bool, words) -> Parts:
    """The stakes the ending is worth; in a challenged draw, the caller's and challengers'
    stakes are the challenged-draw stakes."""
    rules = entry.rules
    units = {
        "tongits": rules.tongits_units,
        "draw": rules.draw_units,
        "talon": rules.talon_units,
    }[entry.ending]
    pays_all = rules.challenged_draw_pays == "all_losers"
    if challenged_draw and (pays_all or loser.seat == entry.declarer or loser.challenged):
        units = rules.challenged_draw_units
    if not units:
        return []
    if not words:
        return [("", units * rules.stake)]
    stake = Amount(rules.stake, rules.unit)
    if units == 1:
        return [(N_("%(stake)s stake", stake=stake), rules.stake)]
    return [(N_("%(units)s × %(stake)s stake", units=units, stake=stake), units * rules.stake)]


def _points_part(rules: Rules, loser: PlayerResult, words: bool) -> Parts:
    if not (rules.point_rate and loser.deadwood):
        return []
    if not words:
        return [("", loser.deadwood * rules.point_rate)]
    rate = Amount(rules.point_rate, rules.unit)
    label = ngettext("%(num)s pt × %(rate)s", "%(num)s pts × %(rate)s", loser.deadwood, rate=rate)
    return [(label, loser.deadwood * rules.point_rate)]


def _sunog_part(rules: Rules, loser: PlayerResult, words: bool) -> Parts:
    if not (loser.sunog and rules.sunog_extra_units):
        return []
    units = rules.sunog_extra_units
    if not words:
        return [("", units * rules.stake)]
    stake = Amount(rules.stake, rules.unit)
    if units == 1:
        return [(N_("%(stake)s sunog", stake=stake), rules.stake)]
    return [(N_("%(units)s × %(stake)s sunog", units=units, stake=stake), units * rules.stake)]


def _ace_part(rules: Rules, winner: PlayerResult, words: bool) -> Parts:
    """Every loser pays for each ace the winner holds: on the table, in melds or not."""
    if not rules.ace_bonus_units:
        return []  # the aces are not counted: the winner's best melds are not even named
    aces = winner.aces()
    if not aces:
        return []
    each = rules.ace_bonus_units * rules.stake
    if not words:
        return [("", aces * each)]
    label = ngettext(
        "%(num)s ace × %(each)s", "%(num)s aces × %(each)s", aces, each=Amount(each, rules.unit)
    )
    return [(label, aces * each)]


def _secret_part(rules: Rules, winner: PlayerResult, words: bool) -> Parts:
    if not rules.secret_bonus_units:
        return []
    secrets = winner.secret_melds()
    if not secrets:
        return []
    each = rules.secret_bonus_units * rules.stake
    if not words:
        return [("", secrets * each)]
    label = ngettext(
        "%(num)s secret meld × %(each)s",
        "%(num)s secret melds × %(each)s",
        secrets,
        each=Amount(each, rules.unit),
    )
    return [(label, secrets * each)]


# The multipliers' labels, made once (a Message is immutable).
_FAILED_CALL, _LOST_CHALLENGE = N_("failed call"), N_("lost challenge")
_KANG, _NO_DISCARD = N_("kang"), N_("no discard")


def _multipliers(entry: RoundInput, winner: PlayerResult, loser: PlayerResult):
    """(label, factor) of each multiplier of the loser's payment; a factor of 1 is left out."""
    rules = entry.rules
    failed_call = entry.ending == "draw" and loser.seat == entry.declarer
    tongits = entry.ending == "tongits"
    found = (
        (_FAILED_CALL, rules.failed_call_multiplier, failed_call),
        (_LOST_CHALLENGE, rules.lost_challenge_multiplier, loser.challenged),
        (_KANG, rules.kang_multiplier, tongits and winner.kang),
        (_NO_DISCARD, rules.no_discard_multiplier, tongits and winner.no_discard),
    )
    return [(label, factor) for label, factor, applies in found if applies and factor != 1]


def _explain(parts: Parts, subtotal: Decimal, multipliers, unit: str) -> str:
    """'₱10.00 stake + 14 pts × ₱1.00 = ₱24.00, ×2 failed call = ₱48.00': the labels are
    Messages, the sums around them signs that no language changes (Joined)."""
    said = Joined(" + ", [label for label, _ in parts]) if parts else N_("nothing")
    text = [said, " = ", Amount(subtotal, unit)]
    running = subtotal
    for label, factor in multipliers:
        running *= factor
        text += [f", ×{factor} ", label, " = ", Amount(running, unit)]
    return Joined("", text)
