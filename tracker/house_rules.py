"""The house-rule options in plain words, for the new-session form (RULES.md §2-§7).

Validation is the engine's (`Rules.from_dict`); this module only explains and labels.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from .engine import PRESETS, Rules


@dataclass(frozen=True)
class Option:
    name: str
    label: str
    help: str
    kind: str  # "flag", "choice", "number", "money", "text"
    choices: tuple[tuple[str, str], ...] = ()
    group: str = "more"


_OPTIONS = [
    Option(
        "stake",
        "Stake per unit",
        "Pesos a loser pays the winner for each unit (one unit for an ordinary win).",
        "money",
        group="money",
    ),
    Option(
        "point_rate",
        "Per deadwood point",
        "Pesos a loser pays for each point of deadwood left in hand. 0 = deadwood does not cost extra.",
        "money",
        group="money",
    ),
    Option("currency", "Currency symbol", "Shown before every amount.", "text", group="money"),
    Option(
        "qka_run",
        "Q-K-A is a run",
        "On: the ace may end a run high (Q-K-A, J-Q-K-A). K-A-2 never counts.",
        "flag",
        group="melds",
    ),
    Option(
        "concealed_melds_count",
        "Melds in hand count as deadwood",
        "On: every card left in hand counts, even cards that would make a meld. Off: melds held in hand are free.",
        "flag",
        group="melds",
    ),
    Option(
        "jokers",
        "Jokers in the deck",
        "0, 1 or 2 jokers; a joker stands for any card in a meld.",
        "number",
        group="melds",
    ),
    Option(
        "joker_points",
        "A joker left in hand costs",
        "Deadwood points for a joker still in hand.",
        "choice",
        (("25", "25 points"), ("30", "30 points")),
        group="melds",
    ),
    Option(
        "draw_showdown",
        "Who shows hands at a draw",
        "Everyone: the caller and every player who is not sunog compare. Challengers only: only players who challenged (laban) compare; the others fold and lose.",
        "choice",
        (("all", "Everyone not sunog"), ("challengers", "Challengers only")),
        group="draw",
    ),
    Option(
        "draw_tie",
        "A tie with the draw caller goes to",
        "Who wins when the caller ties for the lowest deadwood.",
        "choice",
        (("caller", "The caller"), ("challenger", "The other player")),
        group="draw",
    ),
    Option(
        "tongits_units",
        "Units for a Tongits win",
        "Stakes each loser pays when someone empties their hand.",
        "number",
        group="units",
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
        "Stakes the caller or a challenger pays when they lose a challenged draw (instead of the draw units).",
        "number",
        group="units",
    ),
    Option(
        "failed_call_multiplier",
        "A failed draw call pays ×",
        "The draw caller who loses pays this many times the amount.",
        "number",
        group="units",
    ),
    Option(
        "lost_challenge_multiplier",
        "A lost challenge pays ×",
        "A challenger who loses pays this many times the amount.",
        "number",
        group="units",
    ),
    Option(
        "sunog_extra_units",
        "Extra units from a sunog loser",
        "Stakes a burned player (no meld laid) pays on top.",
        "number",
        group="bonus",
    ),
    Option(
        "ace_bonus_units",
        "Units per ace of the winner",
        "Stakes each loser pays for every ace in the winner's hand and melds.",
        "number",
        group="bonus",
    ),
    Option(
        "secret_bonus_units",
        "Units per secret meld of the winner",
        "Stakes each loser pays for every secret (face-down) four of a kind the winner laid.",
        "number",
        group="bonus",
    ),
    Option(
        "kang_multiplier",
        "Kang: a Tongits with kang pays ×",
        "When the table marks a Tongits win as kang, losers pay this many times. 1 = no kang variant.",
        "number",
        group="bonus",
    ),
    Option(
        "pot_ante_units",
        "Pot ante per player per deal",
        "Stakes each player puts into the pot every round. A void round (all sunog at talon out) always adds one stake each.",
        "number",
        group="pot",
    ),
    Option(
        "pot_won_by",
        "Who takes the pot",
        "The next winner: whoever wins the next decided round. A streak: whoever wins the set number of rounds in a row.",
        "choice",
        (("next_winner", "The next winner"), ("streak", "A winning streak")),
        group="pot",
    ),
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
    ),
    Option(
        "progressive",
        "Progressive (points, not money)",
        "Amounts are points; the session ends when a player is down to the loss limit.",
        "flag",
        group="progressive",
    ),
    Option(
        "loss_limit",
        "Loss limit (progressive)",
        "Points a player may lose before the session ends.",
        "number",
        group="progressive",
    ),
]

OPTIONS = {option.name: option for option in _OPTIONS}
PRESET_CHOICES = (("classic", "Classic (the full rules)"), ("pagat", "Pagat (pagat.com)"))
GROUPS = {
    "money": "Money",
    "melds": "Melds and deadwood",
    "draw": "Draw showdown",
    "units": "What a loss costs",
    "bonus": "Bonuses",
    "pot": "Pot and dealer",
    "progressive": "Progressive variant",
}


def option_names() -> list[str]:
    """Every option of the engine's Rules, in the form's order (fails loudly if one lacks words)."""
    names = [spec.name for spec in fields(Rules) if spec.name != "preset_name"]
    missing = [name for name in names if name not in OPTIONS]
    if missing:
        raise RuntimeError(f"house rules without an explanation: {missing}")
    return [option.name for option in _OPTIONS if option.name in names]


def form_value(rules: Rules, name: str):
    """An option's value as the form shows it."""
    value = rules.to_dict()[name]
    option = OPTIONS[name]
    if option.kind == "flag":
        return bool(value)
    return str(value)


def default_text(name: str) -> str:
    """'default 10.00 (pagat: 0)' — the classic default and, where it differs, the pagat one."""
    words = []
    for preset in PRESETS:
        value = form_value(Rules.preset(preset), name)
        option = OPTIONS[name]
        if option.kind == "flag":
            value = "on" if value else "off"
        elif option.choices:
            value = dict(option.choices).get(value, value).lower()
        words.append((preset, value))
    text = f"default {words[0][1]}"
    for preset, value in words[1:]:
        if value != words[0][1]:
            text += f"; {preset}: {value}"
    return text


def preset_values() -> dict:
    """For the form's script: each preset's value of every option."""
    return {
        preset: {name: form_value(Rules.preset(preset), name) for name in option_names()}
        for preset in PRESETS
    }
