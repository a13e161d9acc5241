"""Scoring one round (docs/rules.md §4-§6): who is sunog, who wins and why, who pays what."""

from __future__ import annotations

from .arrangement import Arrangement
from .deadwood import best_melds
from .messages import N_, names_of, ngettext
from .money import Amount
from .payments import payments
from .problems import Path, Problem, RoundError
from .record import RoundInput, read_record
from .results import PlayerResult, RoundResult
from .rules import Rules
from .verdict import decide, is_void, lowest, talon_compared


def score_round(
    record, rules: Rules | None = None, players: list[str] | None = None, stored: bool = False
) -> RoundResult:
    """Score one round record. `rules` and `players`, when given, replace the record's own;
    `stored`: a round read again as it was saved (record.read_record)."""
    entry = read_record(record, rules, players, stored)
    return score_entry(entry)


def score_entry(entry: RoundInput, words: bool = True) -> RoundResult:
    """The result of a checked round; `words=False`: its payments without words (payments)."""
    rules = entry.rules
    results = [_player(entry, seat, hand) for seat, hand in enumerate(entry.hands)]
    _check_flags(entry, results)
    winner, verdict = decide(entry, results)
    paid = [] if winner is None else payments(entry, results, winner, words)
    void = winner is None and is_void(entry, results)
    result = RoundResult(
        results,
        rules,
        entry.ending,
        entry.declarer,
        winner,
        void,
        verdict,
        paid,
        entry.pot,
        push=winner is None and not void,
        points_only=entry.points_only,
    )
    _move_pot(entry, result)
    for payment in paid:
        results[payment.payer].net -= payment.amount
        results[payment.payee].net += payment.amount
    for seat, amount, _ in result.pot_in:
        results[seat].net -= amount
    if result.pot_out:
        results[winner].net += result.pot_out
    return result


def _player(entry: RoundInput, seat: int, hand) -> PlayerResult:
    """A seat's result: its cards' best melds and deadwood, or in a points-only round the
    deadwood and facts the table said (the same fields, so the same rules score both)."""
    if entry.points_only:
        arrangement, sunog = Arrangement(hand.deadwood), hand.sunog
        counted = (hand.aces, hand.secret_melds)
    else:
        arrangement, sunog = best_melds(hand.hand, entry.rules), not hand.melds
        counted = None
    return PlayerResult(
        seat,
        entry.players[seat],
        hand.melds,
        arrangement,
        sunog=sunog,
        challenged=hand.challenged,
        kang=hand.kang,
        no_discard=hand.no_discard,
        counted=counted,
    )


def _check_flags(entry: RoundInput, results: list[PlayerResult]) -> None:
    """The §8 problems that need to know who is sunog."""
    problems = [problem for player in results for problem in _flag_problems(entry, player)]
    problems += _ending_problems(entry, results)
    if problems:
        raise RoundError(problems)


def _flag_problems(entry: RoundInput, player: PlayerResult) -> list[Problem]:
    problems = []
    key = "points" if entry.points_only else "hands"
    if player.challenged and (why := _why_no_challenge(entry, player)):
        problems.append(Problem(Path.of(key, player.seat, "challenged"), why))
    for flag, sentence in _ONLY_TONGITS:
        if getattr(player, flag) and not (
            entry.ending == "tongits" and player.seat == entry.declarer
        ):
            problems.append(
                Problem(
                    Path.of(key, player.seat, flag),
                    N_(sentence.template, name=player.name),
                )
            )
    return problems


_ONLY_TONGITS = (
    ("kang", N_("kang counts only for the player who won by Tongits, not %(name)s")),
    ("no_discard", N_("no discard counts only for the player who won by Tongits, not %(name)s")),
)


def _why_no_challenge(entry: RoundInput, player: PlayerResult) -> str | None:
    name = player.name
    if entry.ending != "draw":
        return N_("%(name)s challenged, but only a called draw can be challenged", name=name)
    if player.seat == entry.declarer:
        return N_("%(name)s called the draw and cannot also challenge it", name=name)
    if player.sunog:
        return N_("%(name)s is sunog (no meld on the table) and cannot challenge", name=name)
    return None


def _ending_problems(entry: RoundInput, results: list[PlayerResult]) -> list[Problem]:
    declarer = entry.declarer
    if entry.ending == "tongits" and entry.hands[declarer].hand:
        name, count = entry.players[declarer], len(entry.hands[declarer].hand)
        return [
            Problem(
                Path.of("hands", declarer, "hand"),
                ngettext(
                    "%(name)s declared Tongits but still has %(num)s card in hand",
                    "%(name)s declared Tongits but still has %(num)s cards in hand",
                    count,
                    name=name,
                ),
            )
        ]
    if entry.ending == "draw" and results[declarer].sunog:
        name = entry.players[declarer]
        return [
            Problem(
                "declarer",
                N_("%(name)s is sunog (no meld on the table) and cannot call a draw", name=name),
            )
        ]
    tied = lowest(talon_compared(entry.rules, results))
    if entry.ending == "talon" and entry.last_drawer is None and len(tied) > 1:
        names = names_of([p.name for p in tied])
        if len(tied) == 3:  # "A and B and C": what the table was always told
            names = N_("%(first)s and %(second)s and %(last)s", **_three(tied))
        sentence = N_(
            "%(names)s tie with %(deadwood)s at talon out: say who drew the last card",
            names=names,
            deadwood=tied[0].deadwood,
        )
        return [Problem("last_drawer", sentence)]
    return []


def _three(tied: list[PlayerResult]) -> dict:
    first, second, last = (p.name for p in tied)
    return {"first": first, "second": second, "last": last}


def _move_pot(entry: RoundInput, result: RoundResult) -> None:
    """Antes and void stakes go into the pot; the winner takes it as `pot_won_by` says."""
    rules = entry.rules
    if result.push:
        return  # nothing moves, no ante either; like a void round it breaks a winning streak
    if rules.pot_ante_units:
        ante = rules.pot_ante_units * rules.stake
        result.pot_in += [(seat, ante, N_("ante")) for seat in range(3)]
    if result.void:
        result.pot_in += [(seat, rules.stake, N_("void round")) for seat in range(3)]
        return  # a void round also breaks any winning streak
    winner = result.winner
    takes = True
    if rules.pot_won_by == "streak":
        wins = entry.streak[1] + 1 if entry.streak and entry.streak[0] == winner else 1
        takes = wins >= rules.pot_streak
        result.streak = None if takes else (winner, wins)
    pot = result.pot
    if takes and pot > 0:
        result.pot_out = pot
        name, amount = result.players[winner].name, Amount(pot, rules.unit)
        if rules.pot_won_by == "streak":
            said = N_(
                "%(name)s won %(streak)s rounds in a row and takes the pot of %(pot)s.",
                name=name,
                streak=rules.pot_streak,
                pot=amount,
            )
        else:
            said = N_("%(name)s won the round and takes the pot of %(pot)s.", name=name, pot=amount)
        result.verdict.append(said)
