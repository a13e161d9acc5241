"""The house rules of what a round costs: stake and point rate, units per kind of win, the
multipliers and bonuses, the pot, the dealer, the progressive variant."""

from __future__ import annotations

from ...engine import Rules
from .words import Option, either, factor, money, stakes, when


def _says_wins(r: Rules) -> tuple[str, ...]:
    wins = [("Tongits", r.tongits_units), ("a draw", r.draw_units), ("talon out", r.talon_units)]
    paid = "; ".join(f"{stakes(units, r)} for {how}" for how, units in wins)
    return (f"Each loser pays the winner {paid}.",)


def _says_multiplier(who: str, times: int) -> tuple[str, ...]:
    return (f"{who} pays the normal amount." if times == 1 else f"{who} pays {factor(times)}.",)


def _says_pot_ante(r: Rules) -> tuple[str, ...]:
    ante = f"Every deal, each player puts {stakes(r.pot_ante_units, r)} into the pot."
    void = "A void round (talon out, all three sunog): each player pays one stake into the pot."
    return when(r.pot_ante_units, ante) + (void,)


def _says_pot_won_by(r: Rules) -> tuple[str, ...]:
    return either(
        r.pot_won_by == "next_winner",
        "The pot goes to the winner of the next round that has a winner.",
        f"The pot goes to whoever wins {r.pot_streak} rounds in a row.",
    ) + ("An unclaimed pot at the end goes back to the players in the shares they paid in.",)


MONEY = [
    Option(
        "stake",
        "Stake per unit",
        "Pesos a loser pays the winner for each unit (one unit for an ordinary win).",
        "money",
        group="money",
        says=lambda r: (f"Stake: {money(r.stake, r)} per unit.",),
        upfront=True,
    ),
    Option(
        "point_rate",
        "Per deadwood point",
        "Pesos a loser pays for each point of deadwood left in hand. "
        "0 = deadwood does not cost extra.",
        "money",
        group="money",
        says=lambda r: either(
            r.point_rate,
            f"Each point of a loser's deadwood costs {money(r.point_rate, r)}.",
            "Deadwood points are not paid for (point rate 0).",
        ),
        upfront=True,
    ),
    # every amount shows it: no sentence of its own
    Option("currency", "Currency symbol", "Shown before every amount.", "text", group="money"),
]
LOSSES = [
    # the three kinds of win are told in one sentence, with the Tongits units
    Option(
        "tongits_units",
        "Units for a Tongits win",
        "Stakes each loser pays when someone empties their hand.",
        "number",
        group="units",
        says=_says_wins,
    ),
    Option(
        "draw_units",
        "Units for a draw win",
        "Stakes each loser pays when a called draw is won.",
        "number",
        group="units",
    ),
    Option(
        "talon_units",
        "Units for a talon-out win",
        "Stakes each loser pays when the talon runs out.",
        "number",
        group="units",
    ),
    Option(
        "challenged_draw_units",
        "Units after a challenged draw",
        "Stakes the caller or a challenger pays when they lose a challenged draw "
        "(instead of the draw units).",
        "number",
        group="units",
        says=lambda r: (
            "In a challenged draw, a losing caller or challenger pays "
            f"{stakes(r.challenged_draw_units, r)} instead.",
        ),
    ),
    Option(
        "failed_call_multiplier",
        "A failed draw call pays ×",
        "The draw caller who loses pays this many times the amount.",
        "number",
        group="units",
        says=lambda r: _says_multiplier("A caller who loses the draw", r.failed_call_multiplier),
    ),
    Option(
        "lost_challenge_multiplier",
        "A lost challenge pays ×",
        "A challenger who loses pays this many times the amount.",
        "number",
        group="units",
        says=lambda r: _says_multiplier("A challenger who loses", r.lost_challenge_multiplier),
    ),
    Option(
        "sunog_extra_units",
        "Extra units from a sunog loser",
        "Stakes a burned player (no meld laid) pays on top.",
        "number",
        group="bonus",
        says=lambda r: either(
            r.sunog_extra_units,
            f"A sunog loser pays {stakes(r.sunog_extra_units, r)} extra.",
            "A sunog loser pays like any other loser (at least the stake).",
        ),
    ),
    Option(
        "ace_bonus_units",
        "Units per ace of the winner",
        "Stakes each loser pays for every ace in the winner's hand and melds.",
        "number",
        group="bonus",
        says=lambda r: when(
            r.ace_bonus_units,
            f"Each ace in the winner's cards earns {stakes(r.ace_bonus_units, r)} from each loser.",
        ),
    ),
    Option(
        "secret_bonus_units",
        "Units per secret meld of the winner",
        "Stakes each loser pays for every secret (face-down) four of a kind the winner laid.",
        "number",
        group="bonus",
        says=lambda r: when(
            r.secret_bonus_units,
            "Each secret meld (four of a kind laid face down) of the winner earns "
            f"{stakes(r.secret_bonus_units, r)} from each loser.",
        ),
    ),
    Option(
        "kang_multiplier",
        "Kang: a Tongits with kang pays ×",
        "When the table marks a Tongits win as kang, losers pay this many times. "
        "1 = no kang variant.",
        "number",
        group="bonus",
        says=lambda r: when(
            r.kang_multiplier != 1, f"A Tongits with a kang is paid {factor(r.kang_multiplier)}."
        ),
    ),
    Option(
        "pot_ante_units",
        "Pot ante per player per deal",
        "Stakes each player puts into the pot every round. A void round (all sunog at talon "
        "out) always adds one stake each.",
        "number",
        group="pot",
        says=_says_pot_ante,
    ),
]
POT = [
    Option(
        "pot_won_by",
        "Who takes the pot",
        "The next winner: whoever wins the next decided round. A streak: whoever wins the set "
        "number of rounds in a row.",
        "choice",
        (("next_winner", "The next winner"), ("streak", "A winning streak")),
        group="pot",
        says=_says_pot_won_by,
    ),
    # told in the sentence on who takes the pot
    Option(
        "pot_streak",
        "Wins in a row to take the pot",
        "Only with 'a winning streak'.",
        "number",
        group="pot",
    ),
    Option(
        "next_dealer",
        "Who deals next",
        "Rotate: the next seat in turn order. Winner: the winner of the round deals.",
        "choice",
        (("rotate", "Rotate"), ("winner", "The winner")),
        group="pot",
        says=lambda r: either(
            r.next_dealer == "rotate",
            "The deal passes to the next seat in turn.",
            "The winner of a round deals the next one.",
        ),
    ),
    Option(
        "progressive",
        "Progressive (points, not money)",
        "Amounts are points; the session ends when a player is down to the loss limit.",
        "flag",
        group="progressive",
        says=lambda r: when(
            r.progressive,
            "Progressive: amounts are points, not money. The session ends when a player's "
            f"balance reaches −{r.loss_limit} pts; that player loses the session.",
        ),
        lead=True,
    ),
    # told in the sentence on the progressive variant
    Option(
        "loss_limit",
        "Loss limit (progressive)",
        "Points a player may lose before the session ends.",
        "number",
        group="progressive",
    ),
]
