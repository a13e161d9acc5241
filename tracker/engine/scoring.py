"""Scoring one round (RULES.md §4-§6): who is sunog, who wins and why, who pays what."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from .deadwood import Arrangement, best_melds
from .melds import Meld
from .money import ZERO, money_str, money_text
from .problems import Path, Problem, RoundError
from .record import RoundInput, read_record
from .rules import Rules


@dataclass
class PlayerResult:
    seat: int
    name: str
    melds: list[Meld]
    arrangement: Arrangement
    sunog: bool
    challenged: bool
    kang: bool
    net: Decimal = ZERO

    @property
    def deadwood(self) -> int:
        return self.arrangement.deadwood

    def to_dict(self) -> dict:
        return {
            "seat": self.seat,
            "name": self.name,
            "deadwood": self.deadwood,
            "sunog": self.sunog,
            "net": money_str(self.net),
            "challenged": self.challenged,
            "kang": self.kang,
            "melds": [_meld_dict(meld) for meld in self.melds],
            "hand_melds": [_meld_dict(meld) for meld in self.arrangement.melds],
            "deadwood_cards": [str(card) for card in self.arrangement.deadwood_cards],
        }


@dataclass
class Payment:
    payer: int
    payee: int
    amount: Decimal
    parts: list[tuple[str, Decimal]]
    multipliers: list[tuple[str, int]]
    explain: str

    def to_dict(self, players: list[str]) -> dict:
        return {
            "from": self.payer,
            "to": self.payee,
            "from_name": players[self.payer],
            "to_name": players[self.payee],
            "amount": money_str(self.amount),
            "parts": [
                {"label": label, "amount": money_str(amount)} for label, amount in self.parts
            ],
            "multipliers": [
                {"label": label, "factor": factor} for label, factor in self.multipliers
            ],
            "explain": self.explain,
        }


@dataclass
class RoundResult:
    players: list[PlayerResult]
    rules: Rules
    ending: str
    declarer: int | None
    winner: int | None
    void: bool
    verdict: list[str]
    payments: list[Payment]
    pot_before: Decimal
    pot_in: list[tuple[int, Decimal, str]] = field(default_factory=list)
    pot_out: Decimal = ZERO
    streak: tuple[int, int] | None = None

    @property
    def pot(self) -> Decimal:
        return self.pot_before + sum((amount for _, amount, _ in self.pot_in), ZERO) - self.pot_out

    def to_dict(self) -> dict:
        names = [player.name for player in self.players]
        return {
            "winner": self.winner,
            "winner_name": None if self.winner is None else names[self.winner],
            "void": self.void,
            "ending": self.ending,
            "declarer": self.declarer,
            "verdict": self.verdict,
            "players": [player.to_dict() for player in self.players],
            "payments": [payment.to_dict(names) for payment in self.payments],
            "pot_before": money_str(self.pot_before),
            "pot_in": [
                {"from": seat, "amount": money_str(amount), "reason": reason}
                for seat, amount, reason in self.pot_in
            ],
            "pot_out": {"to": self.winner, "amount": money_str(self.pot_out)}
            if self.pot_out
            else None,
            "pot": money_str(self.pot),
            "streak": None
            if self.streak is None
            else {"seat": self.streak[0], "wins": self.streak[1]},
        }


def _meld_dict(meld: Meld) -> dict:
    return {"kind": meld.kind, "cards": [str(card) for card in meld.cards], "secret": meld.secret}


def score_round(
    record, rules: Rules | None = None, players: list[str] | None = None
) -> RoundResult:
    """Score one round record. `rules` and `players`, when given, replace the record's own."""
    entry = read_record(record, rules, players)
    return score_entry(entry)


def score_entry(entry: RoundInput) -> RoundResult:
    rules = entry.rules
    results = [
        PlayerResult(
            seat,
            entry.players[seat],
            hand.melds,
            best_melds(hand.hand, rules),
            sunog=not hand.melds,
            challenged=hand.challenged,
            kang=hand.kang,
        )
        for seat, hand in enumerate(entry.hands)
    ]
    _check_flags(entry, results)
    winner, verdict = _decide(entry, results)
    payments = [] if winner is None else _payments(entry, results, winner)
    result = RoundResult(
        results,
        rules,
        entry.ending,
        entry.declarer,
        winner,
        winner is None,
        verdict,
        payments,
        entry.pot,
    )
    _move_pot(entry, result)
    for payment in payments:
        results[payment.payer].net -= payment.amount
        results[payment.payee].net += payment.amount
    for seat, amount, _ in result.pot_in:
        results[seat].net -= amount
    if result.pot_out:
        results[winner].net += result.pot_out
    return result


def _check_flags(entry: RoundInput, results: list[PlayerResult]) -> None:
    """The §8 problems that need to know who is sunog."""
    problems = []
    declarer = entry.declarer
    for player in results:
        where = Path.of("hands", player.seat)
        if player.challenged:
            if entry.ending != "draw":
                problems.append(
                    Problem(
                        Path.of(*where, "challenged"),
                        f"{player.name} challenged, but only a called draw can be challenged",
                    )
                )
            elif player.seat == declarer:
                problems.append(
                    Problem(
                        Path.of(*where, "challenged"),
                        f"{player.name} called the draw and cannot also challenge it",
                    )
                )
            elif player.sunog:
                problems.append(
                    Problem(
                        Path.of(*where, "challenged"),
                        f"{player.name} is sunog (no meld on the table) and cannot challenge",
                    )
                )
        if player.kang and not (entry.ending == "tongits" and player.seat == declarer):
            problems.append(
                Problem(
                    Path.of(*where, "kang"),
                    f"kang counts only for the player who won by Tongits, not {player.name}",
                )
            )
    if entry.ending == "tongits" and entry.hands[declarer].hand:
        name = entry.players[declarer]
        count = len(entry.hands[declarer].hand)
        problems.append(
            Problem(
                Path.of("hands", declarer, "hand"),
                f"{name} declared Tongits but still has {count} card(s) in hand",
            )
        )
    if entry.ending == "draw" and results[declarer].sunog:
        name = entry.players[declarer]
        problems.append(
            Problem("declarer", f"{name} is sunog (no meld on the table) and cannot call a draw")
        )
    if entry.ending == "talon" and entry.last_drawer is None:
        tied = _lowest([p for p in results if not p.sunog])
        if len(tied) > 1:
            names = " and ".join(p.name for p in tied)
            problems.append(
                Problem(
                    "last_drawer",
                    f"{names} tie with {tied[0].deadwood} at talon out: say who drew the last card",
                )
            )
    if problems:
        raise RoundError(problems)


def _lowest(players: list[PlayerResult]) -> list[PlayerResult]:
    if not players:
        return []
    low = min(player.deadwood for player in players)
    return [player for player in players if player.deadwood == low]


def _first_after(seat: int, players: list[PlayerResult]) -> PlayerResult:
    """The player of `players` who comes first in turn order after `seat` (seat itself last)."""
    return min(players, key=lambda player: (player.seat - seat - 1) % 3)


def _decide(entry: RoundInput, results: list[PlayerResult]) -> tuple[int | None, list[str]]:
    rules = entry.rules
    verdict = []
    sunog = [p.name for p in results if p.sunog]
    if entry.ending == "tongits":
        winner = results[entry.declarer]
        kang = " with a kang" if winner.kang else ""
        verdict.append(f"{winner.name} went Tongits{kang}: emptied their hand and wins.")
    elif entry.ending == "draw":
        caller = results[entry.declarer]
        challengers = [p for p in results if p.challenged]
        if rules.draw_showdown == "all":
            compared = [p for p in results if not p.sunog]
        else:
            compared = [caller] + challengers
        verdict.append(f"{caller.name} called a draw with {caller.deadwood}.")
        for player in challengers:
            verdict.append(f"{player.name} challenged with {player.deadwood}.")
        if rules.draw_showdown == "challengers":
            folded = [p.name for p in results if p not in compared and not p.sunog]
            if folded:
                verdict.append(
                    f"{_join(folded)} did not challenge and fold{'s' if len(folded) == 1 else ''}."
                )
        tied = _lowest(compared)
        if len(tied) == 1:
            winner = tied[0]
            verdict.append(f"{winner.name} has the lowest deadwood, {winner.deadwood}, and wins.")
        elif caller in tied and rules.draw_tie == "caller":
            winner = caller
            verdict.append(
                f"{_join([p.name for p in tied])} tie with {caller.deadwood}: a tie goes to the caller, {caller.name} wins."
            )
        else:
            others = [p for p in tied if p is not caller]
            winner = _first_after(caller.seat, others)
            why = (
                "a tie goes to the challenger"
                if caller in tied
                else "the tie goes to the first in turn after the caller"
            )
            verdict.append(
                f"{_join([p.name for p in tied])} tie with {winner.deadwood}: {why}, {winner.name} wins."
            )
        if winner is not caller:
            verdict.append(f"{caller.name}'s call failed.")
        for player in challengers:
            if player is not winner:
                verdict.append(f"{player.name} lost the challenge.")
    else:
        compared = [p for p in results if not p.sunog]
        if not compared:
            verdict.append(
                "Talon out and all three are sunog: a void round, each pays one stake into the pot."
            )
            return None, verdict
        tied = _lowest(compared)
        verdict.append("The talon ran out.")
        if len(tied) == 1:
            winner = tied[0]
            verdict.append(f"{winner.name} has the lowest deadwood, {winner.deadwood}, and wins.")
        else:
            drawer = results[entry.last_drawer]
            winner = drawer if drawer in tied else _first_after(drawer.seat, tied)
            why = (
                "who drew the last card wins the tie"
                if drawer in tied
                else f"the tie goes to the first in turn after {drawer.name}, who drew the last card"
            )
            verdict.append(
                f"{_join([p.name for p in tied])} tie with {winner.deadwood}: {why}, {winner.name} wins."
            )
    if sunog:
        verdict.append(f"{_join(sunog)} {'is' if len(sunog) == 1 else 'are'} sunog.")
    return winner.seat, verdict


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _payments(entry: RoundInput, results: list[PlayerResult], winner_seat: int) -> list[Payment]:
    rules = entry.rules
    unit = rules.unit
    winner = results[winner_seat]
    challenged_draw = entry.ending == "draw" and any(p.challenged for p in results)
    winner_cards = [card for meld in winner.melds for card in meld.cards]
    winner_cards += [card for meld in winner.arrangement.melds for card in meld.cards]
    winner_cards += list(winner.arrangement.deadwood_cards)
    aces = sum(1 for card in winner_cards if card.rank == 1)
    secrets = sum(1 for meld in winner.melds if meld.secret)
    payments = []
    for loser in results:
        if loser is winner:
            continue
        is_caller = entry.ending == "draw" and loser.seat == entry.declarer
        units = {
            "tongits": rules.tongits_units,
            "draw": rules.draw_units,
            "talon": rules.talon_units,
        }[entry.ending]
        if challenged_draw and (is_caller or loser.challenged):
            units = rules.challenged_draw_units
        parts = []
        if units:
            parts.append((_times(units, rules.stake, unit) + " stake", units * rules.stake))
        if rules.point_rate and loser.deadwood:
            points = f"{loser.deadwood} pt{'' if loser.deadwood == 1 else 's'}"
            parts.append(
                (
                    f"{points} × {money_text(rules.point_rate, unit)}",
                    loser.deadwood * rules.point_rate,
                )
            )
        if loser.sunog and rules.sunog_extra_units:
            parts.append(
                (
                    _times(rules.sunog_extra_units, rules.stake, unit) + " sunog",
                    rules.sunog_extra_units * rules.stake,
                )
            )
        if aces and rules.ace_bonus_units:
            each = rules.ace_bonus_units * rules.stake
            parts.append(
                (f"{aces} ace{'s' if aces > 1 else ''} × {money_text(each, unit)}", aces * each)
            )
        if secrets and rules.secret_bonus_units:
            each = rules.secret_bonus_units * rules.stake
            parts.append(
                (
                    f"{secrets} secret meld{'s' if secrets > 1 else ''} × {money_text(each, unit)}",
                    secrets * each,
                )
            )
        multipliers = []
        if is_caller and rules.failed_call_multiplier != 1:
            multipliers.append(("failed call", rules.failed_call_multiplier))
        if loser.challenged and rules.lost_challenge_multiplier != 1:
            multipliers.append(("lost challenge", rules.lost_challenge_multiplier))
        if entry.ending == "tongits" and winner.kang and rules.kang_multiplier != 1:
            multipliers.append(("kang", rules.kang_multiplier))
        subtotal = sum((amount for _, amount in parts), ZERO)
        amount = subtotal
        for _, factor in multipliers:
            amount *= factor
        payments.append(
            Payment(
                loser.seat,
                winner.seat,
                amount,
                parts,
                multipliers,
                _explain(parts, subtotal, multipliers, amount, unit),
            )
        )
    return payments


def _times(units: int, stake: Decimal, unit: str) -> str:
    return money_text(stake, unit) if units == 1 else f"{units} × {money_text(stake, unit)}"


def _explain(parts, subtotal: Decimal, multipliers, amount: Decimal, unit: str) -> str:
    """'₱10.00 stake + 14 pts × ₱1.00 = ₱24.00, ×2 failed call = ₱48.00'."""
    text = " + ".join(label for label, _ in parts) or "nothing"
    text += f" = {money_text(subtotal, unit)}"
    running = subtotal
    for label, factor in multipliers:
        running *= factor
        text += f", ×{factor} {label} = {money_text(running, unit)}"
    return text


def _move_pot(entry: RoundInput, result: RoundResult) -> None:
    """Antes and void stakes go into the pot; the winner takes it as `pot_won_by` says."""
    rules = entry.rules
    if rules.pot_ante_units:
        ante = rules.pot_ante_units * rules.stake
        result.pot_in += [(seat, ante, "ante") for seat in range(3)]
    if result.void:
        result.pot_in += [(seat, rules.stake, "void round") for seat in range(3)]
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
        name = result.players[winner].name
        how = (
            f"won {rules.pot_streak} rounds in a row"
            if rules.pot_won_by == "streak"
            else "won the round"
        )
        result.verdict.append(f"{name} {how} and takes the pot of {money_text(pot, rules.unit)}.")
