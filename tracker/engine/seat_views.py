"""What one seat's phone shows of its own part of a round in progress (docs/API.md, "Round
draft": `preview.seats`; the one-phone page's live preview and the offline `judge.preview`):
each meld as the engine reads it (a set or a run, secret, and whether it may be laid secret),
the deadwood of the cards in hand, sunog, and the flags this seat may be offered. The engine
decides each of these (offers.py); a page only shows them. Nothing here refuses anything:
what is wrong is the round check's problems.

A seat's cards may come as a draft holds them (lists of card notations) or as the API takes
them (texts such as "7S 7D 7C", "" for none): both give the same view.
"""

from __future__ import annotations

from .cards import CardError, format_cards, parse_cards
from .deadwood import best_melds
from .hands import card_tokens, too_big
from .melds import MeldError, validate_meld
from .messages import message_of
from .offers import may_be_secret, offered_flags
from .rules import Rules
from .shape import HAND_FLAGS, MOST_IN_HAND  # more than a hand holds: no deadwood is searched
from .values import read_seat


def seat_views(rules: Rules, header: dict, hands: list) -> list[dict]:
    """One view per seat of the draft's `hands` (a seat's hand object or None), under `header`."""
    ending = header.get("ending")
    declarer = None if ending == "talon" else read_seat(header.get("declarer"), "declarer", [])
    return [_view(rules, ending, declarer, seat, hand) for seat, hand in enumerate(hands)]


def _view(rules: Rules, ending, declarer, seat: int, hand) -> dict:
    hand = hand if isinstance(hand, dict) else {}
    if (big := too_big(hand)) is not None:  # no card of it is read
        return {"melds": [], "deadwood": None, "hand_error": big, "sunog": False, "flags": []}
    raw = hand.get("melds")
    melds = [_meld(rules, meld) for meld in (raw if isinstance(raw, list) else [])]
    sunog = not melds
    ticked = [flag for flag in HAND_FLAGS if hand.get(flag) is True]
    return {
        "melds": melds,
        "deadwood": None,
        **_in_hand(rules, hand.get("hand")),
        "sunog": sunog,
        "flags": offered_flags(rules, ending, declarer, seat, sunog, ticked),
    }


def _meld(rules: Rules, meld) -> dict:
    secret = isinstance(meld, dict) and meld.get("secret") is True
    cards = meld.get("cards") if isinstance(meld, dict) else meld
    try:
        found = validate_meld(_parsed(cards), rules, secret=secret)
    except (CardError, MeldError) as error:
        return _bad_meld(cards, secret, message_of(error))
    except TypeError:
        return _bad_meld(cards, secret, None)
    return {
        "cards": [str(card) for card in found.cards],
        "ok": True,
        "kind": found.kind,
        "secret": secret,
        "may_be_secret": secret or may_be_secret(list(found.cards), rules),
    }


def _bad_meld(cards, secret: bool, message) -> dict:
    return {
        "cards": card_tokens(cards),
        "ok": False,
        "kind": None,
        "secret": secret,
        "may_be_secret": False,
        "message": message,
    }


def _in_hand(rules: Rules, cards) -> dict:
    """The cards in hand: how many, the deadwood and the melds the engine finds among them, and
    whether they make a meld as they are (the group the picker is building); `hand_error` when
    they do not parse (the same card twice …). Nothing is searched for more than a hand holds."""
    try:
        parsed = _parsed(cards if cards is not None else [])
    except (CardError, ValueError) as error:
        return {"hand_error": message_of(error)}
    except TypeError:
        return {}
    view: dict = {"count": len(parsed)}
    if parsed:
        try:
            view["open"] = {"ok": True, "kind": validate_meld(parsed, rules).kind}
        except MeldError as error:
            view["open"] = {"ok": False, "message": message_of(error)}
    if len(parsed) > MOST_IN_HAND:
        return view
    try:
        arrangement = best_melds(parsed, rules)
    except ValueError as error:  # the same card twice in the hand
        return {**view, "hand_error": message_of(error)}
    return {
        **view,
        "deadwood": arrangement.deadwood,
        "hand_melds": [format_cards(meld.cards) for meld in arrangement.melds],
        "deadwood_cards": format_cards(arrangement.deadwood_cards),
    }


def _parsed(cards) -> list:
    if isinstance(cards, str):
        return parse_cards(cards)
    if not isinstance(cards, list) or not all(isinstance(card, str) for card in cards):
        raise TypeError("not a list of cards")
    return parse_cards(" ".join(cards))
