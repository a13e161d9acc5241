"""The house rules of the play itself: the preset, melds and deadwood, the draw showdown."""

from __future__ import annotations

from flask_babel import gettext as _

from ...engine import Rules
from .words import N_, Option, either

PRESET = Option(
    "preset",
    N_("Start from a preset"),
    N_(
        "Classic: the full rules most tables play. Pagat: the rules on pagat.com. "
        "Every option below can still be changed."
    ),
    "choice",
    (("classic", N_("Classic (the full rules)")), ("pagat", N_("Pagat (pagat.com)"))),
    says=lambda r: (_PRESET_WORDS[r.preset_name](),),
)
# how the summary names a preset, and the short name a session's page gives it
_PRESET_WORDS = {
    "classic": lambda: _("Starting from the classic full rules, with the options below."),
    "pagat": lambda: _("Starting from the pagat.com rules, with the options below."),
}
PRESET_NAMES = {"classic": N_("Classic rules"), "pagat": N_("Pagat rules")}


def _says_jokers(r: Rules) -> tuple[str, ...]:
    if not r.jokers:
        return (_("No jokers."),)
    if r.jokers == 1:
        return (
            _(
                "One joker is in the deck; a joker left in the hand counts %(points)s points.",
                points=r.joker_points,
            ),
        )
    return (
        _(
            "Two jokers are in the deck; a joker left in the hand counts %(points)s points.",
            points=r.joker_points,
        ),
    )


OPTIONS = [
    Option(
        "qka_run",
        N_("Q-K-A is a run"),
        N_("On: the ace may end a run high (Q-K-A, J-Q-K-A). K-A-2 never counts."),
        "flag",
        group="melds",
        says=lambda r: either(
            r.qka_run,
            _("Q-K-A counts as a run (the ace is low or high, but K-A-2 never counts)."),
            _("Q-K-A is not a run: the ace is always low."),
        ),
    ),
    Option(
        "concealed_melds_count",
        N_("Melds in hand count as deadwood"),
        N_(
            "On: every card left in hand counts, even cards that would make a meld. "
            "Off: melds held in hand are free."
        ),
        "flag",
        group="melds",
        says=lambda r: either(
            r.concealed_melds_count,
            _("Every card left in the hand counts as deadwood, even melds held in the hand."),
            _("Melds held in the hand do not count as deadwood."),
        ),
    ),
    Option(
        "jokers",
        N_("Jokers in the deck"),
        N_("0, 1 or 2 jokers; a joker stands for any card in a meld."),
        "number",
        group="melds",
        says=_says_jokers,
    ),
    # told in the sentence on jokers
    Option(
        "joker_points",
        N_("A joker left in hand costs"),
        N_("Deadwood points for a joker still in hand."),
        "choice",
        (("25", N_("25 points")), ("30", N_("30 points"))),
        group="melds",
    ),
    Option(
        "draw_showdown",
        N_("Who shows hands at a draw"),
        N_(
            "Everyone: the caller and every player who is not sunog compare. Challengers only: "
            "only players who challenged (laban) compare; the others fold and lose."
        ),
        "choice",
        (("all", N_("Everyone not sunog")), ("challengers", N_("Challengers only"))),
        group="draw",
        says=lambda r: either(
            r.draw_showdown == "all",
            _("A called draw is compared with every player who is not sunog."),
            _(
                "A called draw is compared only with the players who challenge it; "
                "the others fold and lose. If nobody challenges, the caller wins."
            ),
        ),
    ),
    Option(
        "draw_tie",
        N_("A tie with the draw caller goes to"),
        N_(
            "Who wins when the caller ties for the lowest deadwood. A push: any tie for the lowest "
            "means nobody wins and nobody pays."
        ),
        "choice",
        (
            ("caller", N_("The caller")),
            ("challenger", N_("The other player")),
            ("push", N_("Nobody: a push, nobody pays")),
        ),
        group="draw",
        says=lambda r: either(
            r.draw_tie == "push",
            _("A tie for the lowest in a called draw is a push: nobody wins and nobody pays."),
            _("A tie in a called draw goes to the caller.")
            if r.draw_tie == "caller"
            else _("A tie in a called draw goes to the challenger."),
        ),
    ),
]
