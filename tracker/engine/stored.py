"""Replaying rounds as stored: records the engine checked when they were saved, read again
without the work of checking them (the cold cost of a group's stats: thousands of rounds).

    replay_stored(players, rules, first_dealer, records, words=True) -> Ledger
        the same ledger as `replay`; words=False: the same figures, each payment without words
        (its parts' labels and its explanation empty), for a caller that needs only figures

A record in its stored form (`canonical_record` of a round the engine accepted: known keys,
seats as ints, true flags, cards in canonical notation) is read straight into values: no
problem list, no place names, no message texts. Anything else — another shape, a card in
another notation, a meld that is no meld, a card entered twice, a session already over — goes
through `add_round`, the full check, so a bad record still raises the very RoundError `replay`
raises, and every other input path (a round typed in, an import) is checked as before.
"""

from __future__ import annotations

from .cards import _CANONICAL, JOKER, Card
from .hands import HandEntry
from .ledger import Ledger, _book, add_round, start_ledger
from .melds import MeldError, validate_meld
from .money import CENT
from .problems import RoundError
from .record import ENDINGS, MAX_WINS, RoundInput
from .rules import Rules
from .scoring import score_entry
from .shape import HAND_FLAGS, HAND_KEYS, MELD_KEYS

STORED_KEYS = frozenset(("dealer", "ending", "declarer", "last_drawer", "hands"))
_HAND_KEYS, _MELD_KEYS = frozenset(HAND_KEYS), frozenset(MELD_KEYS)


class _NotStored(Exception):
    """The record is not in its stored form: it takes the full check."""


def replay_stored(
    players: list[str], rules: Rules, first_dealer: int, records: list[dict], words: bool = True
) -> Ledger:
    """The ledger `replay(players, rules, first_dealer, records)` gives, for records as stored;
    a RoundError names the round (`rounds[3]...`) as `replay`'s does. `words=False`: the
    payments of the rounds read here have no words (the figures are the same)."""
    ledger = start_ledger(players, rules, first_dealer)
    for number, record in enumerate(records):
        try:
            entry = None if ledger.ended else _stored_entry(record, ledger)
            if entry is None:
                add_round(ledger, record, stored=True)
                continue
            result = score_entry(entry, words)
        except RoundError as error:
            raise RoundError([p.under("rounds", number) for p in error.problems]) from None
        _book(ledger, result, {"dealer": entry.dealer})
    return ledger


def _stored_entry(record, ledger: Ledger) -> RoundInput | None:
    """The values of a stored record, as `read_record` reads them; None when it is not one."""
    try:
        return _read(record, ledger)
    except (_NotStored, MeldError, KeyError, TypeError):
        return None


def _seat(value, may_be_none: bool) -> int | None:
    if value is None and may_be_none:
        return None
    if type(value) is int and 0 <= value <= 2:
        return value
    raise _NotStored


def _read(record, ledger: Ledger) -> RoundInput:
    if type(record) is not dict or not STORED_KEYS.issuperset(record):
        raise _NotStored
    ending = record["ending"]
    if ending not in ENDINGS:
        raise _NotStored
    dealer = record.get("dealer")
    dealer = ledger.next_dealer if dealer is None else _seat(dealer, False)
    declarer = _seat(record.get("declarer"), ending == "talon")
    if ending == "talon" and declarer is not None:
        raise _NotStored
    last_drawer = _seat(record.get("last_drawer"), True)
    pot = ledger.pot.quantize(CENT)  # as money_str and parse_money carry it through the record
    streak = ledger.streak
    if pot < 0 or (streak is not None and not 0 <= streak[1] <= MAX_WINS):
        raise _NotStored
    hands = _hands(record["hands"], ledger.rules)
    return RoundInput(
        ledger.players, ledger.rules, dealer, ending, declarer, last_drawer, pot, hands, streak
    )


def _hands(value, rules: Rules) -> list[HandEntry]:
    if type(value) is not list or len(value) != 3:
        raise _NotStored
    tokens: list[str] = []  # every card of the round, as written
    hands = [_hand(raw, rules, tokens) for raw in value]
    jokers = tokens.count(JOKER)
    if jokers > rules.jokers or len(set(tokens)) != len(tokens) - jokers + (jokers > 0):
        raise _NotStored  # a joker too many, or a card entered twice
    return hands


def _hand(raw, rules: Rules, tokens: list) -> HandEntry:
    if type(raw) is not dict or not _HAND_KEYS.issuperset(raw):
        raise _NotStored
    entry = HandEntry()
    for flag in HAND_FLAGS:
        value = raw.get(flag, False)
        if type(value) is not bool:
            raise _NotStored
        setattr(entry, flag, value)
    melds = raw["melds"]
    if type(melds) is not list:
        raise _NotStored
    for meld in melds:
        secret = False
        if type(meld) is dict:
            if not _MELD_KEYS.issuperset(meld) or type(meld.get("secret", False)) is not bool:
                raise _NotStored
            secret, meld = meld.get("secret", False), meld["cards"]
        entry.melds.append(validate_meld(_cards(meld, tokens), rules, secret=secret))
    entry.hand = _cards(raw["hand"], tokens)
    if len(entry.hand) > 13:
        raise _NotStored
    return entry


def _cards(value, tokens: list) -> list[Card]:
    if type(value) is not list:
        raise _NotStored
    tokens += value
    return [_CANONICAL[token] for token in value]  # KeyError: not canonical; TypeError: no text
