"""Who wins a round and why (docs/rules.md §4, §5): one function per way a round ends."""

from __future__ import annotations

from .messages import N_, names_of
from .record import RoundInput
from .results import PlayerResult

Decided = tuple[PlayerResult | None, list[str]]  # the winner (None: a void round), the verdict


def decide(entry: RoundInput, results: list[PlayerResult]) -> tuple[int | None, list[str]]:
    """The winner's seat (None for a void round or a push, see `is_void`) and the verdict,
    sentence by sentence."""
    winner, verdict = _ENDINGS[entry.ending](entry, results)
    if winner is None:
        return None, verdict
    sunog = [p.name for p in results if p.sunog]
    if len(sunog) == 1:
        verdict.append(N_("%(name)s is sunog.", name=sunog[0]))
    elif len(sunog) == 2:  # all three: the talon sentence says so
        verdict.append(N_("%(names)s are sunog.", names=names_of(sunog)))
    return winner.seat, verdict


def is_void(entry: RoundInput, results: list[PlayerResult]) -> bool:
    """A void round (§5.3, `all_sunog = "void"`): talon out with all three sunog. A round
    without a winner that is not void is a push."""
    return (
        entry.ending == "talon"
        and all(p.sunog for p in results)
        and entry.rules.all_sunog == "void"
    )


def _tongits(entry: RoundInput, results: list[PlayerResult]) -> Decided:
    winner = results[entry.declarer]
    return winner, [N_(_WENT_TONGITS[winner.kang, winner.no_discard].template, name=winner.name)]


_WENT_TONGITS = {  # (with a kang, without a discard): the sentence, its parameters to come
    (False, False): N_("%(name)s went Tongits: emptied their hand and wins."),
    (True, False): N_("%(name)s went Tongits with a kang: emptied their hand and wins."),
    (False, True): N_("%(name)s went Tongits without a discard: emptied their hand and wins."),
    (True, True): N_(
        "%(name)s went Tongits with a kang and without a discard: emptied their hand and wins."
    ),
}


def _draw(entry: RoundInput, results: list[PlayerResult]) -> Decided:
    caller = results[entry.declarer]
    challengers = [p for p in results if p.challenged]
    if entry.rules.draw_showdown == "all":
        compared = [p for p in results if not p.sunog]
    else:
        compared = [caller] + challengers
    verdict = [
        N_("%(name)s called a draw with %(deadwood)s.", name=caller.name, deadwood=caller.deadwood)
    ]
    verdict += [
        N_("%(name)s challenged with %(deadwood)s.", name=p.name, deadwood=p.deadwood)
        for p in challengers
    ]
    verdict += _folded([p.name for p in results if p not in compared and not p.sunog])
    tied = lowest(compared)
    if len(tied) > 1 and entry.rules.draw_tie == "push":
        return None, [*verdict, _push(tied)]
    winner, sentence = _draw_winner(caller, tied, entry.rules.draw_tie)
    verdict.append(sentence)
    if winner is not caller:
        verdict.append(N_("%(name)s's call failed.", name=caller.name))
    verdict += [
        N_("%(name)s lost the challenge.", name=p.name) for p in challengers if p is not winner
    ]
    return winner, verdict


def _folded(names: list[str]) -> list[str]:
    """Who did not challenge when only challengers show (they lose whatever they hold)."""
    if not names:
        return []
    if len(names) == 1:
        return [N_("%(name)s did not challenge and folds.", name=names[0])]
    return [N_("%(names)s did not challenge and fold.", names=names_of(names))]


def _draw_winner(caller: PlayerResult, tied: list[PlayerResult], draw_tie: str):
    """Who of the lowest wins a draw, and the sentence that says why."""
    if len(tied) == 1:
        return tied[0], _lowest_wins(tied[0])
    if caller in tied and draw_tie == "caller":
        return caller, _tie(
            tied,
            caller,
            N_("%(names)s tie with %(deadwood)s: a tie goes to the caller, %(winner)s wins."),
        )
    winner = _first_after(caller.seat, [p for p in tied if p is not caller])
    if caller in tied:
        return winner, _tie(
            tied,
            winner,
            N_("%(names)s tie with %(deadwood)s: a tie goes to the challenger, %(winner)s wins."),
        )
    return winner, _tie(
        tied,
        winner,
        N_(
            "%(names)s tie with %(deadwood)s: the tie goes to the first in turn after the "
            "caller, %(winner)s wins."
        ),
    )


def _talon(entry: RoundInput, results: list[PlayerResult]) -> Decided:
    compared = talon_compared(entry.rules, results)
    if not compared:
        return None, [
            N_("Talon out and all three are sunog: a void round, each pays one stake into the pot.")
        ]
    opening = [N_("The talon ran out.")]
    if all(p.sunog for p in compared):
        opening = [
            N_(
                "The talon ran out with all three sunog: under this table's rules the lowest "
                "deadwood still wins."
            )
        ]
    tied = lowest(compared)
    if len(tied) == 1:
        return tied[0], [*opening, _lowest_wins(tied[0])]
    drawer = results[entry.last_drawer]
    rule = entry.rules.talon_tie
    if drawer in tied:
        why = N_(
            "%(names)s tie with %(deadwood)s: who drew the last card wins the tie, %(winner)s wins."
        )
        winner = drawer
    elif rule == "push":
        return None, [*opening, _push(tied, drawer.name)]
    elif rule == "before_last_drawer":
        why = N_(
            "%(names)s tie with %(deadwood)s: the tie goes to the first in turn before "
            "%(drawer)s, who drew the last card, %(winner)s wins."
        )
        winner = _first_after(drawer.seat, tied, step=-1)
    else:
        why = N_(
            "%(names)s tie with %(deadwood)s: the tie goes to the first in turn after "
            "%(drawer)s, who drew the last card, %(winner)s wins."
        )
        winner = _first_after(drawer.seat, tied)
    return winner, [*opening, _tie(tied, winner, why, drawer=drawer.name)]


def talon_compared(rules, results: list[PlayerResult]) -> list[PlayerResult]:
    """Who is compared at talon out: every player not sunog; when all three are sunog, nobody
    (a void round) or, with `all_sunog = "lowest_wins"`, all three."""
    compared = [p for p in results if not p.sunog]
    if not compared and rules.all_sunog == "lowest_wins":
        return list(results)
    return compared


def _push(tied: list[PlayerResult], drawer: str | None = None) -> str:
    """'Ana and Ben tie at 5: a push, nobody pays.' (and who drew the last card, at talon)"""
    names = names_of([p.name for p in tied])
    if drawer is None:
        return N_(
            "%(names)s tie at %(deadwood)s: a push, nobody pays.",
            names=names,
            deadwood=tied[0].deadwood,
        )
    return N_(
        "%(names)s tie at %(deadwood)s, and %(drawer)s drew the last card: a push, nobody pays.",
        names=names,
        deadwood=tied[0].deadwood,
        drawer=drawer,
    )


_ENDINGS = {"tongits": _tongits, "draw": _draw, "talon": _talon}


def _lowest_wins(winner: PlayerResult) -> str:
    return N_(
        "%(name)s has the lowest deadwood, %(deadwood)s, and wins.",
        name=winner.name,
        deadwood=winner.deadwood,
    )


def _tie(tied: list[PlayerResult], winner: PlayerResult, sentence, **more) -> str:
    """`sentence` (a Message with no parameters yet: its template) said of this tie."""
    names = names_of([p.name for p in tied])
    return N_(sentence.template, names=names, deadwood=winner.deadwood, winner=winner.name, **more)


def lowest(players: list[PlayerResult]) -> list[PlayerResult]:
    """The players of `players` with the least deadwood (all of them on a tie)."""
    if not players:
        return []
    low = min(player.deadwood for player in players)
    return [player for player in players if player.deadwood == low]


def _first_after(seat: int, players: list[PlayerResult], step: int = 1) -> PlayerResult:
    """The player of `players` who comes first in turn order after `seat` (seat itself last);
    with step -1, first going backwards from `seat`."""
    return min(players, key=lambda player: (step * (player.seat - seat) - 1) % 3)
