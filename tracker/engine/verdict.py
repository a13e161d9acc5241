"""Who wins a round and why (RULES.md §4, §5): one function per way a round ends."""

from __future__ import annotations

from .record import RoundInput
from .results import PlayerResult

Decided = tuple[PlayerResult | None, list[str]]  # the winner (None: a void round), the verdict


def decide(entry: RoundInput, results: list[PlayerResult]) -> tuple[int | None, list[str]]:
    """The winner's seat (None for a void round) and the verdict, sentence by sentence."""
    winner, verdict = _ENDINGS[entry.ending](entry, results)
    if winner is None:
        return None, verdict
    sunog = [p.name for p in results if p.sunog]
    if sunog:
        verdict.append(f"{_join(sunog)} {'is' if len(sunog) == 1 else 'are'} sunog.")
    return winner.seat, verdict


def _tongits(entry: RoundInput, results: list[PlayerResult]) -> Decided:
    winner = results[entry.declarer]
    kang = " with a kang" if winner.kang else ""
    return winner, [f"{winner.name} went Tongits{kang}: emptied their hand and wins."]


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
    winner, sentence = _draw_winner(caller, lowest(compared), entry.rules.draw_tie)
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
    compared = [p for p in results if not p.sunog]
    if not compared:
        return None, [
            "Talon out and all three are sunog: a void round, each pays one stake into the pot."
        ]
    tied = lowest(compared)
    if len(tied) == 1:
        return tied[0], ["The talon ran out.", _lowest_wins(tied[0])]
    drawer = results[entry.last_drawer]
    if drawer in tied:
        why = "who drew the last card wins the tie"
        winner = drawer
    else:
        why = f"the tie goes to the first in turn after {drawer.name}, who drew the last card"
        winner = _first_after(drawer.seat, tied)
    return winner, ["The talon ran out.", _tie(tied, winner, why)]


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


def _first_after(seat: int, players: list[PlayerResult]) -> PlayerResult:
    """The player of `players` who comes first in turn order after `seat` (seat itself last)."""
    return min(players, key=lambda player: (player.seat - seat - 1) % 3)


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
