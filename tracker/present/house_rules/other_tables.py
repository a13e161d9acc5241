"""The house rules other Tongits tables play by (docs/rules.md §7, "Other tables' house rules"):
ties that are a push, the talon-out tie, all three sunog, secret runs, who pays a challenged
draw's stakes, a Tongits without a discard. Each default keeps the rules above unchanged."""

from __future__ import annotations

from flask_babel import gettext as _

from ...engine import Rules
from .words import N_, Option, either, factor, stakes, when

_TALON_TIE = {
    "after_last_drawer": N_(
        "A tie at talon out that does not include the player who drew the last "
        "card goes to the tied player who comes first in turn after them."
    ),
    "before_last_drawer": N_(
        "A tie at talon out that does not include the player who drew the last "
        "card goes to the tied player who comes first going backwards in turn from them."
    ),
    "push": N_(
        "A tie at talon out that does not include the player who drew the last card is a "
        "push: nobody wins and nobody pays."
    ),
}


def _says_challenged_draw_pays(r: Rules) -> tuple[str, ...]:
    return either(
        r.challenged_draw_pays == "all_losers",
        _(
            "In a challenged draw every loser pays %(stakes)s, "
            "also a player who folded or did not show.",
            stakes=stakes(r.challenged_draw_units, r),
        ),
        _(
            "In a challenged draw only the caller and challengers who lost pay the "
            "challenged-draw stakes; the other losers pay the draw stakes."
        ),
    )


OPTIONS = [
    Option(
        "talon_tie",
        N_("A tie at talon out without the last drawer goes to"),
        N_(
            "When the lowest are tied and the player who drew the last card is not one of them. "
            "(If they are, they win the tie.)"
        ),
        "choice",
        (
            ("after_last_drawer", N_("The first after the last drawer")),
            ("before_last_drawer", N_("The first before the last drawer")),
            ("push", N_("Nobody: a push, nobody pays")),
        ),
        group="other",
        says=lambda r: (_(_TALON_TIE[r.talon_tie]),),
    ),
    Option(
        "all_sunog",
        N_("Talon out with all three sunog"),
        N_(
            "Void: no winner, each player pays one stake into the pot. Lowest wins: the lowest "
            "deadwood still wins, ties as at any talon out."
        ),
        "choice",
        (
            ("void", N_("A void round (stakes into the pot)")),
            ("lowest_wins", N_("The lowest still wins")),
        ),
        group="other",
        says=lambda r: either(
            r.all_sunog == "lowest_wins",
            _("When all three are sunog at talon out, the lowest deadwood still wins."),
            _("When all three are sunog at talon out, the round is void."),
        ),
    ),
    Option(
        "secret_runs",
        N_("A run of 4 or more may be a secret meld"),
        N_(
            "On: a straight flush of 4 or more cards laid face down counts as a secret meld too "
            "(saves from sunog, earns the secret bonus). Off: only four of a kind."
        ),
        "flag",
        group="other",
        says=lambda r: when(
            r.secret_runs,
            _("A run of 4 or more cards of one suit laid face down is a secret meld too."),
        ),
    ),
    Option(
        "challenged_draw_pays",
        N_("Who pays the challenged-draw units"),
        N_(
            "Showdown losers: only the caller and challengers who lost. All losers: every loser, "
            "also the players who folded."
        ),
        "choice",
        (
            ("showdown_losers", N_("The caller and challengers who lost")),
            ("all_losers", N_("Every loser")),
        ),
        group="other",
        says=_says_challenged_draw_pays,
    ),
    Option(
        "no_discard_multiplier",
        N_("A Tongits without a single discard pays ×"),
        N_(
            "When the table marks the Tongits winner's hand 'no discard', losers pay this many "
            "times. 1 = not played."
        ),
        "number",
        group="other",
        says=lambda r: when(
            r.no_discard_multiplier != 1,
            _(
                "A Tongits won without a single discard is paid %(times)s.",
                times=factor(r.no_discard_multiplier),
            ),
        ),
    ),
    Option(
        "points_rounds",
        N_("Points-only rounds"),
        N_(
            "On: a round may be entered as how it ended and each player's deadwood points, "
            "without the cards. The money is the same; the referee cannot check the points."
        ),
        "flag",
        group="other",
        says=lambda r: when(
            r.points_rounds,
            _(
                "A round may be entered as each player's deadwood points, without the cards; "
                "such a round is not checked by the referee."
            ),
        ),
    ),
]
