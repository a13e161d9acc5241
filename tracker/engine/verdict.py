"""Who wins a round and why (RULES.md §4, §5): one function per way a round ends."""

from __future__ import annotations

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
    if sunog and len(sunog) < 3:  # all three: the talon sentence says so
        verdict.append(f"{_join(sunog)} {'is' if len(sunog) == 1 else 'are'} sunog.")
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
    flags = ((winner.kang, "with a kang"), (winner.no_discard, _CLEAN))
    said = " and ".join(words for flag, words in flags if flag)
    said = f" {said}" if said else ""
    return winner, [f"{winner.name} went Tongits{said}: emptied their hand and wins."]


_CLEAN = "without a discard"


def _draw(entry: RoundInput, results: list[PlayerResult]) -> Decided:
    caller = results[entry.declarer]
    challengers = [p for p in results if p.challenged]
    if entry.rules.draw_showdown == "all":
        compared = [p for p in results if not p.sunog]
    else:
        compared = [caller] + challengers
    verdict = [f"{caller.name} called a draw with {caller.deadwood}."]
    verdict += [f"{p.name} challenged with {p.deadwood}." for p in challengers]
    verdict += _folded([p.name for p in results if p not in compared and not p.sunog])
    tied = lowest(compared)
    if len(tied) > 1 and entry.rules.draw_tie == "push":
        return None, [*verdict, _push(tied)]
    winner, sentence = _draw_winner(caller, tied, entry.rules.draw_tie)
    verdict.append(sentence)
    if winner is not caller:
        verdict.append(f"{caller.name}'s call failed.")
    verdict += [f"{p.name} lost the challenge." for p in challengers if p is not winner]
    return winner, verdict


def _folded(names: list[str]) -> list[str]:
    """Who did not challenge when only challengers show (they lose whatever they hold)."""
    if not names:
        return []
    return [f"{_join(names)} did not challenge and fold{'s' if len(names) == 1 else ''}."]


def _draw_winner(caller: PlayerResult, tied: list[PlayerResult], draw_tie: str):
    """Who of the lowest wins a draw, and the sentence that says why."""
    if len(tied) == 1:
        return tied[0], _lowest_wins(tied[0])
    if caller in tied and draw_tie == "caller":
        return caller, _tie(tied, caller, "a tie goes to the caller")
    winner = _first_after(caller.seat, [p for p in tied if p is not caller])
    if caller in tied:
        return winner, _tie(tied, winner, "a tie goes to the challenger")
    return winner, _tie(tied, winner, "the tie goes to the first in turn after the caller")


def _talon(entry: RoundInput, results: list[PlayerResult]) -> Decided:
    compared = talon_compared(entry.rules, results)
    if not compared:
        return None, [
            "Talon out and all three are sunog: a void round, each pays one stake into the pot."
        ]
    opening = ["The talon ran out."]
    if all(p.sunog for p in compared):
        opening = [
            "The talon ran out with all three sunog: under this table's rules the lowest "
            "deadwood still wins."
        ]
    tied = lowest(compared)
    if len(tied) == 1:
        return tied[0], [*opening, _lowest_wins(tied[0])]
    drawer = results[entry.last_drawer]
    rule = entry.rules.talon_tie
    if drawer in tied:
        why = "who drew the last card wins the tie"
        winner = drawer
    elif rule == "push":
        return None, [*opening, _push(tied, f", and {drawer.name} drew the last card")]
    elif rule == "before_last_drawer":
        why = f"the tie goes to the first in turn before {drawer.name}, who drew the last card"
        winner = _first_after(drawer.seat, tied, step=-1)
    else:
        why = f"the tie goes to the first in turn after {drawer.name}, who drew the last card"
        winner = _first_after(drawer.seat, tied)
    return winner, [*opening, _tie(tied, winner, why)]


def talon_compared(rules, results: list[PlayerResult]) -> list[PlayerResult]:
    """Who is compared at talon out: every player not sunog; when all three are sunog, nobody
    (a void round) or, with `all_sunog = "lowest_wins"`, all three."""
    compared = [p for p in results if not p.sunog]
    if not compared and rules.all_sunog == "lowest_wins":
        return list(results)
    return compared


def _push(tied: list[PlayerResult], also: str = "") -> str:
    """'Ana and Ben tie at 5: a push, nobody pays.'"""
    names = _join([p.name for p in tied])
    return f"{names} tie at {tied[0].deadwood}{also}: a push, nobody pays."


_ENDINGS = {"tongits": _tongits, "draw": _draw, "talon": _talon}


def _lowest_wins(winner: PlayerResult) -> str:
    return f"{winner.name} has the lowest deadwood, {winner.deadwood}, and wins."


def _tie(tied: list[PlayerResult], winner: PlayerResult, why: str) -> str:
    names = _join([p.name for p in tied])
    return f"{names} tie with {winner.deadwood}: {why}, {winner.name} wins."


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


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
