"""What one seat's phone shows of its own part while the round draft is entered (docs/API.md,
"Round draft": `preview.seats`): each meld as the engine reads it (a set or a run, secret, and
whether it may be laid secret), the deadwood of the cards in hand, sunog, and the flags this
seat may be offered. The engine decides each of these (engine/offers.py); the page only shows
them. Nothing here refuses anything: what is wrong is the preview's `errors`.
"""

from __future__ import annotations

from ..engine import (
    CardError,
    MeldError,
    Rules,
    best_melds,
    may_be_secret,
    offered_flags,
    parse_cards,
    read_seat,
    validate_meld,
)

MOST_IN_HAND = 13  # more cards than a hand holds: the check says so; no deadwood is searched


def seat_views(rules: Rules, header: dict, hands: list) -> list[dict]:
    """One view per seat of the draft's `hands` (a seat's hand object or None), under `header`."""
    ending = header.get("ending")
    declarer = None if ending == "talon" else read_seat(header.get("declarer"), "declarer", [])
    return [_view(rules, ending, declarer, seat, hand) for seat, hand in enumerate(hands)]


def _view(rules: Rules, ending, declarer, seat: int, hand) -> dict:
    hand = hand if isinstance(hand, dict) else {}
    raw = hand.get("melds")
    melds = [_meld(rules, meld) for meld in (raw if isinstance(raw, list) else [])]
    sunog = not melds
    ticked = [flag for flag in ("challenged", "kang", "no_discard") if hand.get(flag) is True]
    return {
        "melds": melds,
        "deadwood": _deadwood(rules, hand.get("hand")),
        "sunog": sunog,
        "flags": offered_flags(rules, ending, declarer, seat, sunog, ticked),
    }


def _meld(rules: Rules, meld) -> dict:
    secret = isinstance(meld, dict) and meld.get("secret") is True
    cards = meld.get("cards") if isinstance(meld, dict) else meld
    try:
        found = validate_meld(_parsed(cards), rules, secret=secret)
    except (CardError, MeldError, TypeError):
        return {"ok": False, "kind": None, "secret": secret, "may_be_secret": False}
    return {
        "ok": True,
        "kind": found.kind,
        "secret": secret,
        "may_be_secret": secret or may_be_secret(list(found.cards), rules),
    }


def _deadwood(rules: Rules, cards) -> int | None:
    """The deadwood of the cards in hand; None while they do not parse or are too many."""
    try:
        parsed = _parsed(cards if cards is not None else [])
    except (CardError, TypeError, ValueError):
        return None
    if len(parsed) > MOST_IN_HAND:
        return None
    try:
        return best_melds(parsed, rules).deadwood
    except ValueError:  # the same card twice in the hand: the check names it
        return None


def _parsed(cards) -> list:
    if isinstance(cards, str):
        return parse_cards(cards)
    if not isinstance(cards, list) or not all(isinstance(card, str) for card in cards):
        raise TypeError("not a list of cards")
    return parse_cards(" ".join(cards))
