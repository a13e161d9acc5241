"""Meld validation (docs/rules.md §2): sets, runs, jokers."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import JOKER_CARD, Card, format_cards
from .messages import N_, ngettext
from .rules import Rules


class MeldError(ValueError):
    """A meld that is not a set or a run; the message is a sentence for the table."""


@dataclass(frozen=True)
class Meld:
    kind: str  # "set" or "run"
    cards: tuple[Card, ...]
    secret: bool = False

    def __str__(self) -> str:
        return format_cards(self.cards)


# Melds found valid, by their cards and the options a meld depends on: a replay of a long
# session (or of a group's season) meets the same melds again and again. Bounded.
_VALID: dict[tuple, Meld] = {}
_VALID_LIMIT = 50_000


def validate_meld(cards, rules: Rules | None = None, secret: bool = False) -> Meld:
    """The meld these cards make, in display order; raises MeldError saying why not."""
    rules = rules or Rules()
    cards = list(cards)
    key = (
        tuple([card.bit for card in cards]),
        rules.jokers,
        rules.qka_run,
        rules.secret_runs,
        secret,
    )
    meld = _VALID.get(key)
    if meld is None:
        meld = _validated(cards, rules, secret)
        if len(_VALID) >= _VALID_LIMIT:
            _VALID.clear()
        _VALID[key] = meld
    return meld


def _validated(cards: list, rules: Rules, secret: bool) -> Meld:
    shown = format_cards(cards)
    naturals = [card for card in cards if not card.is_joker]
    jokers = len(cards) - len(naturals)
    _check_cards(shown, cards, naturals, rules, secret)
    ranks = {card.rank for card in naturals}
    suits = {card.suit for card in naturals}
    if len(ranks) == 1:
        if len(cards) > 4:
            raise MeldError(N_("%(cards)s is not a set: a set has 3 or 4 cards", cards=shown))
        jokers_last = sorted(naturals, key=lambda card: card.sort_key) + [JOKER_CARD] * jokers
        return Meld("set", tuple(jokers_last), secret)
    if len(suits) > 1:
        reason = _mixed_problem(naturals, len(cards), rules)
        raise MeldError(
            N_("%(cards)s is not a set or a run: %(reason)s", cards=shown, reason=reason)
        )
    start = _run_start(naturals, len(cards), rules)
    if start is None:
        reason = _run_problem(naturals, len(cards), rules)
        raise MeldError(N_("%(cards)s is not a run: %(reason)s", cards=shown, reason=reason))
    return Meld("run", tuple(_run_order(naturals, jokers, start)), secret)


def _mixed_problem(naturals, length: int, rules: Rules) -> str:
    """Why cards of several suits and ranks are no meld: the rule they come closest to."""
    if len({card.rank for card in naturals}) < len(naturals):
        return N_("a set must be one rank")
    if _run_start(naturals, length, rules) is not None:
        return N_("a run must be one suit")  # consecutive, only not of one suit (7S 8H 9D)
    return N_("a set must be one rank, a run consecutive cards of one suit")


def _check_cards(shown: str, cards: list, naturals: list, rules: Rules, secret: bool) -> None:
    """What any meld must be: no card twice, no more jokers than allowed, 3 cards or more, and
    the shape of a secret meld when secret."""
    jokers = len(cards) - len(naturals)
    if len(set(naturals)) != len(naturals):
        raise MeldError(N_("%(cards)s has the same card twice", cards=shown))
    if jokers > rules.jokers:
        if rules.jokers == 0:
            raise MeldError(
                ngettext(
                    "%(cards)s has %(num)s joker but the rules allow no jokers",
                    "%(cards)s has %(num)s jokers but the rules allow no jokers",
                    jokers,
                    cards=shown,
                )
            )
        # more jokers than at least one allowed: two or more, counted by what is allowed
        raise MeldError(
            ngettext(
                "%(cards)s has %(jokers)s jokers but the rules allow at most %(num)s joker",
                "%(cards)s has %(jokers)s jokers but the rules allow at most %(num)s jokers",
                rules.jokers,
                cards=shown,
                jokers=jokers,
            )
        )
    if len(cards) < 3:
        raise MeldError(N_("%(cards)s is not a meld: a meld needs at least 3 cards", cards=shown))
    if secret:
        _check_secret(shown, cards, naturals, rules)


def _check_secret(shown: str, cards: list, naturals: list, rules: Rules) -> None:
    """A secret meld is four of a kind; with `secret_runs` a run of 4 or more cards too (that it
    is a run is checked as for any meld)."""
    if len(cards) == 4 and len({card.rank for card in naturals}) == 1:
        return
    one_suit = len(cards) >= 4 and len({card.suit for card in naturals}) == 1
    if rules.secret_runs:
        if one_suit:
            return
        why = N_(
            "%(cards)s cannot be a secret meld: a secret meld is four of a kind or a run of 4 "
            "or more cards"
        )
    elif one_suit:
        why = N_(
            "%(cards)s cannot be a secret meld: a secret meld is four of a kind (secret runs "
            "are off in these house rules)"
        )
    else:
        why = N_("%(cards)s cannot be a secret meld: a secret meld is four of a kind")
    raise MeldError(N_(why.template, cards=shown))


def _run_start(naturals, length: int, rules: Rules) -> int | None:
    """Lowest rank of a window of `length` consecutive ranks that holds every natural card.

    The ace is rank 1, or rank 14 when Q-K-A runs are on; a window never holds both (K-A-2).
    """
    if len(naturals) != len({card.rank for card in naturals}):
        return None
    for high_ace in (False, True) if rules.qka_run else (False,):
        positions = [14 if high_ace and card.rank == 1 else card.rank for card in naturals]
        lowest_allowed, highest_allowed = (2, 14) if high_ace else (1, 13)
        start = max(lowest_allowed, max(positions) - length + 1)
        if start <= min(positions) and start + length - 1 <= highest_allowed:
            return start
    return None


def _run_problem(naturals, length: int, rules: Rules) -> str:
    ranks = sorted(card.rank for card in naturals)
    if len(ranks) != len(set(ranks)):
        return N_("a run cannot have the same rank twice")
    if length > 13:
        return N_("a run has at most 13 cards")
    if 1 in ranks and 13 in ranks and 2 in ranks:
        if rules.qka_run:
            return N_("K-A-2 never counts: the ace is low (or high in Q-K-A), never both")
        return N_("K-A-2 never counts: the ace is low")
    if 1 in ranks and 13 in ranks and not rules.qka_run:
        return N_("Q-K-A is not a run under these house rules: the ace is low")
    return N_("the cards are not consecutive")


def _run_order(naturals, jokers: int, start: int) -> list[Card]:
    """The run from its lowest rank up, each joker in the gap it fills."""
    by_position = {(14 if card.rank == 1 and start > 1 else card.rank): card for card in naturals}
    length = len(naturals) + jokers
    return [by_position.get(position, JOKER_CARD) for position in range(start, start + length)]
