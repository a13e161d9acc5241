"""The house rules of the play itself: the preset, melds and deadwood, the draw showdown."""

from __future__ import annotations

from ...engine import Rules
from .words import Option, either

PRESET = Option(
    "preset",
    "Start from a preset",
    "Classic: the full rules (seeds 000/002). Pagat: the rules on pagat.com. "
    "Every option below can still be changed.",
    "choice",
    (("classic", "Classic (the full rules)"), ("pagat", "Pagat (pagat.com)")),
    says=lambda r: (f"Starting from {_PRESET_WORDS[r.preset_name]}, with the options below.",),
)
# how the summary names a preset, and the short name a session's page gives it
_PRESET_WORDS = {"classic": "the classic full rules", "pagat": "the pagat.com rules"}
PRESET_NAMES = {"classic": "Classic rules", "pagat": "Pagat rules"}


def _says_jokers(r: Rules) -> tuple[str, ...]:
    if not r.jokers:
        return ("No jokers.",)
    count = "One joker is" if r.jokers == 1 else "Two jokers are"
    return (f"{count} in the deck; a joker left in the hand counts {r.joker_points} points.",)


OPTIONS = [
    Option(
        "qka_run",
        "Q-K-A is a run",
        "On: the ace may end a run high (Q-K-A, J-Q-K-A). K-A-2 never counts.",
        "flag",
        group="melds",
        says=lambda r: either(
            r.qka_run,
            "Q-K-A counts as a run (the ace is low or high, but K-A-2 never counts).",
            "Q-K-A is not a run: the ace is always low.",
        ),
    ),
    Option(
        "concealed_melds_count",
        "Melds in hand count as deadwood",
        "On: every card left in hand counts, even cards that would make a meld. "
        "Off: melds held in hand are free.",
        "flag",
        group="melds",
        says=lambda r: either(
            r.concealed_melds_count,
            "Every card left in the hand counts as deadwood, even melds held in the hand.",
            "Melds held in the hand do not count as deadwood.",
        ),
    ),
    Option(
        "jokers",
        "Jokers in the deck",
        "0, 1 or 2 jokers; a joker stands for any card in a meld.",
        "number",
        group="melds",
        says=_says_jokers,
    ),
    # told in the sentence on jokers
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
        "Everyone: the caller and every player who is not sunog compare. Challengers only: only "
        "players who challenged (laban) compare; the others fold and lose.",
        "choice",
        (("all", "Everyone not sunog"), ("challengers", "Challengers only")),
        group="draw",
        says=lambda r: either(
            r.draw_showdown == "all",
            "A called draw is compared with every player who is not sunog.",
            "A called draw is compared only with the players who challenge it; "
            "the others fold and lose. If nobody challenges, the caller wins.",
        ),
    ),
    Option(
        "draw_tie",
        "A tie with the draw caller goes to",
        "Who wins when the caller ties for the lowest deadwood. A push: any tie for the lowest "
        "means nobody wins and nobody pays.",
        "choice",
        (
            ("caller", "The caller"),
            ("challenger", "The other player"),
            ("push", "Nobody: a push, nobody pays"),
        ),
        group="draw",
        says=lambda r: either(
            r.draw_tie == "push",
            "A tie for the lowest in a called draw is a push: nobody wins and nobody pays.",
            f"A tie in a called draw goes to the {r.draw_tie}.",
        ),
    ),
]
