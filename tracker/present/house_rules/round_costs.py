"""The house rules of what a round costs: stake and point rate, units per kind of win, the
multipliers and bonuses, the pot, the dealer, the progressive variant."""

from __future__ import annotations

from flask_babel import gettext as _

from ...engine import Rules
from .words import N_, Option, either, factor, money, stakes, when


def _says_wins(r: Rules) -> tuple[str, ...]:
    sentence = _(
        "Each loser pays the winner %(tongits)s for Tongits; %(draw)s for a draw; "
        "%(talon)s for talon out.",
        tongits=stakes(r.tongits_units, r),
        draw=stakes(r.draw_units, r),
        talon=stakes(r.talon_units, r),
    )
    return (sentence,)


def _says_failed_call(r: Rules) -> tuple[str, ...]:
    times = r.failed_call_multiplier
    if times == 1:
        return (_("A caller who loses the draw pays the normal amount."),)
    return (_("A caller who loses the draw pays %(times)s.", times=factor(times)),)


def _says_lost_challenge(r: Rules) -> tuple[str, ...]:
    times = r.lost_challenge_multiplier
    if times == 1:
        return (_("A challenger who loses pays the normal amount."),)
    return (_("A challenger who loses pays %(times)s.", times=factor(times)),)


def _says_pot_ante(r: Rules) -> tuple[str, ...]:
    void = _("A void round (talon out, all three sunog): each player pays one stake into the pot.")
    if not r.pot_ante_units:
        return (void,)
    ante = _(
        "Every deal, each player puts %(stakes)s into the pot.", stakes=stakes(r.pot_ante_units, r)
    )
    return (ante, void)


def _says_pot_won_by(r: Rules) -> tuple[str, ...]:
    return either(
        r.pot_won_by == "next_winner",
        _("The pot goes to the winner of the next round that has a winner."),
        _("The pot goes to whoever wins %(count)s rounds in a row.", count=r.pot_streak),
    ) + (_("An unclaimed pot at the end goes back to the players in the shares they paid in."),)


MONEY = [
    Option(
        "stake",
        N_("Stake per unit"),
        N_("Pesos a loser pays the winner for each unit (one unit for an ordinary win)."),
        "money",
        group="money",
        says=lambda r: (_("Stake: %(amount)s per unit.", amount=money(r.stake, r)),),
        upfront=True,
    ),
    Option(
        "point_rate",
        N_("Per deadwood point"),
        N_(
            "Pesos a loser pays for each point of deadwood left in hand. "
            "0 = deadwood does not cost extra."
        ),
        "money",
        group="money",
        says=lambda r: either(
            r.point_rate,
            _("Each point of a loser's deadwood costs %(amount)s.", amount=money(r.point_rate, r)),
            _("Deadwood points are not paid for (point rate 0)."),
        ),
        upfront=True,
    ),
    # every amount shows it: no sentence of its own
    Option(
        "currency", N_("Currency symbol"), N_("Shown before every amount."), "text", group="money"
    ),
]
LOSSES = [
    # the three kinds of win are told in one sentence, with the Tongits units
    Option(
        "tongits_units",
        N_("Units for a Tongits win"),
        N_("Stakes each loser pays when someone empties their hand."),
        "number",
        group="units",
        says=_says_wins,
    ),
    Option(
        "draw_units",
        N_("Units for a draw win"),
        N_("Stakes each loser pays when a called draw is won."),
        "number",
        group="units",
    ),
    Option(
        "talon_units",
        N_("Units for a talon-out win"),
        N_("Stakes each loser pays when the talon runs out."),
        "number",
        group="units",
    ),
    Option(
        "challenged_draw_units",
        N_("Units after a challenged draw"),
        N_(
            "Stakes the caller or a challenger pays when they lose a challenged draw "
            "(instead of the draw units)."
        ),
        "number",
        group="units",
        says=lambda r: (
            _(
                "In a challenged draw, a losing caller or challenger pays %(stakes)s instead.",
                stakes=stakes(r.challenged_draw_units, r),
            ),
        ),
    ),
    Option(
        "failed_call_multiplier",
        N_("A failed draw call pays ×"),
        N_("The draw caller who loses pays this many times the amount."),
        "number",
        group="units",
        says=_says_failed_call,
    ),
    Option(
        "lost_challenge_multiplier",
        N_("A lost challenge pays ×"),
        N_("A challenger who loses pays this many times the amount."),
        "number",
        group="units",
        says=_says_lost_challenge,
    ),
    Option(
        "sunog_extra_units",
        N_("Extra units from a sunog loser"),
        N_("Stakes a burned player (no meld laid) pays on top."),
        "number",
        group="bonus",
        says=lambda r: either(
            r.sunog_extra_units,
            _("A sunog loser pays %(stakes)s extra.", stakes=stakes(r.sunog_extra_units, r)),
            _("A sunog loser pays like any other loser (at least the stake)."),
        ),
    ),
    Option(
        "ace_bonus_units",
        N_("Units per ace of the winner"),
        N_("Stakes each loser pays for every ace in the winner's hand and melds."),
        "number",
        group="bonus",
        says=lambda r: when(
            r.ace_bonus_units,
            _(
                "Each ace in the winner's cards earns %(stakes)s from each loser.",
                stakes=stakes(r.ace_bonus_units, r),
            ),
        ),
    ),
    Option(
        "secret_bonus_units",
        N_("Units per secret meld of the winner"),
        N_("Stakes each loser pays for every secret (face-down) four of a kind the winner laid."),
        "number",
        group="bonus",
        says=lambda r: when(
            r.secret_bonus_units,
            _(
                "Each secret meld (four of a kind laid face down) of the winner earns "
                "%(stakes)s from each loser.",
                stakes=stakes(r.secret_bonus_units, r),
            ),
        ),
    ),
    Option(
        "kang_multiplier",
        N_("Kang: a Tongits with kang pays ×"),
        N_(
            "When the table marks a Tongits win as kang, losers pay this many times. "
            "1 = no kang variant."
        ),
        "number",
        group="bonus",
        says=lambda r: when(
            r.kang_multiplier != 1,
            _("A Tongits with a kang is paid %(times)s.", times=factor(r.kang_multiplier)),
        ),
    ),
    Option(
        "pot_ante_units",
        N_("Pot ante per player per deal"),
        N_(
            "Stakes each player puts into the pot every round. A void round (all sunog at talon "
            "out) always adds one stake each."
        ),
        "number",
        group="pot",
        says=_says_pot_ante,
    ),
]
POT = [
    Option(
        "pot_won_by",
        N_("Who takes the pot"),
        N_(
            "The next winner: whoever wins the next decided round. A streak: whoever wins the set "
            "number of rounds in a row."
        ),
        "choice",
        (("next_winner", N_("The next winner")), ("streak", N_("A winning streak"))),
        group="pot",
        says=_says_pot_won_by,
    ),
    # told in the sentence on who takes the pot
    Option(
        "pot_streak",
        N_("Wins in a row to take the pot"),
        N_("Only with 'a winning streak'."),
        "number",
        group="pot",
    ),
    Option(
        "next_dealer",
        N_("Who deals next"),
        N_("Rotate: the next seat in turn order. Winner: the winner of the round deals."),
        "choice",
        (("rotate", N_("Rotate")), ("winner", N_("The winner"))),
        group="pot",
        says=lambda r: either(
            r.next_dealer == "rotate",
            _("The deal passes to the next seat in turn."),
            _("The winner of a round deals the next one."),
        ),
    ),
    Option(
        "progressive",
        N_("Progressive (points, not money)"),
        N_("Amounts are points; the session ends when a player is down to the loss limit."),
        "flag",
        group="progressive",
        says=lambda r: when(
            r.progressive,
            _(
                "Progressive: amounts are points, not money. The session ends when a player's "
                "balance reaches −%(limit)s pts; that player loses the session.",
                limit=r.loss_limit,
            ),
        ),
        lead=True,
    ),
    # told in the sentence on the progressive variant
    Option(
        "loss_limit",
        N_("Loss limit (progressive)"),
        N_("Points a player may lose before the session ends."),
        "number",
        group="progressive",
    ),
]
