"""Reading the hands of a round record: each player's melds on the table and cards in hand."""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Card, CardError, parse_cards
from .melds import Meld, MeldError, validate_meld
from .messages import N_, Later, message_of, ngettext, said
from .problems import Path, Problems
from .rules import Rules
from .shape import HAND_KEYS, MELD_KEYS, MOST_CARDS, MOST_IN_HAND, MOST_MELDS
from .values import check_keys, read_flag


@dataclass
class HandEntry:
    melds: list[Meld] = field(default_factory=list)
    hand: list[Card] = field(default_factory=list)
    challenged: bool = False
    kang: bool = False
    no_discard: bool = False


class _Seen:
    """The cards entered so far at the table: a card entered twice, or a joker more than the
    rules allow, is a problem wherever it is."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.cards: dict[int, str] = {}  # card (its bit): where it was entered, in words
        self.jokers = 0

    @property
    def count(self) -> int:
        return len(self.cards) + self.jokers

    def check(self, cards: list[Card], where: Path, label: str, problems: Problems) -> None:
        for card in cards:
            bit = card.bit  # one per card of the deck, 0 for a joker; an int hashes fast
            if not bit:
                self.jokers += 1
                if self.jokers > self.rules.jokers:
                    jokers = self.rules.jokers
                    problems.add(where, _joker_too_many(label, jokers))
            elif bit in self.cards:
                problems.add(where, _twice(label, str(card), self.cards[bit]))
            else:
                self.cards[bit] = label


def read_hands(value, players: list[str], rules: Rules, problems: Problems) -> list[HandEntry]:
    if not isinstance(value, list) or len(value) != 3:
        problems.add("hands", N_("enter the cards of all three players, in seat order"))
        return []
    seen = _Seen(rules)
    hands = [
        _read_hand(raw, Path.of("hands", seat), players[seat], seen, problems)
        for seat, raw in enumerate(value)
    ]
    if seen.count > 52 + rules.jokers:
        problems.add(
            "hands", N_("%(count)s cards entered, more than the deck holds", count=seen.count)
        )
    return hands


def too_big(hand) -> str | None:
    """Words for a seat's part as sent ({"melds", "hand"}) with more melds or cards than a deck
    makes, counted before any card is read (a hand of 65,000 cards cost seconds each time it
    was read); None for one that is not too big."""
    if not isinstance(hand, dict):
        return None
    melds = hand.get("melds") if isinstance(hand.get("melds"), list) else []
    if len(melds) > MOST_MELDS:
        return N_("%(count)s melds, more than a deck makes", count=len(melds))
    count = _count(hand.get("hand")) + sum(
        _count(meld.get("cards") if isinstance(meld, dict) else meld) for meld in melds
    )
    if count > MOST_CARDS:
        return N_("%(count)s cards, more than a deck holds", count=count)
    return None


def _count(cards) -> int:
    """Cards as sent, counted: every item of a list (a card or not), every word of a text."""
    return len(cards) if isinstance(cards, list) else len(card_tokens(cards))


def card_tokens(value) -> list[str]:
    """The card notations in a hand or meld as sent: a text of cards or a list of them."""
    if isinstance(value, str):
        return value.replace(",", " ").split()
    if not isinstance(value, list):
        return []
    return [token for token in value if isinstance(token, str)]


def hand_tokens(hand) -> list[str]:
    """The card notations of one seat's part, its hand and every meld, as sent; what is no
    hand or no list of cards gives none (the check says what is wrong with it)."""
    if not isinstance(hand, dict):
        return []
    tokens = card_tokens(hand.get("hand"))
    melds = hand.get("melds")
    for meld in melds if isinstance(melds, list) else []:
        tokens += card_tokens(meld.get("cards") if isinstance(meld, dict) else meld)
    return tokens


def _read_hand(raw, where: Path, name: str, seen: _Seen, problems: Problems) -> HandEntry:
    entry = HandEntry()
    if not isinstance(raw, dict):
        problems.add(where, N_("%(name)s's cards must be an object with melds and hand", name=name))
        return entry
    if (big := too_big(raw)) is not None:
        problems.add(where, N_("%(name)s's hand: %(what)s", name=name, what=big))
        return entry
    label = Later("%(name)s's hand", name=name)
    check_keys(raw, HAND_KEYS, where, label, problems)
    entry.challenged = read_flag(raw, "challenged", where, problems)
    entry.kang = read_flag(raw, "kang", where, problems)
    entry.no_discard = read_flag(raw, "no_discard", where, problems)
    entry.melds = _read_melds(_or_none(raw.get("melds")), where, name, seen, problems)
    hand_where = Path.of(*where, "hand")
    cards = _read_cards(_or_none(raw.get("hand")), hand_where, label, problems)
    if cards is not None:
        if len(cards) > MOST_IN_HAND:
            problems.add(
                hand_where,
                N_(
                    "%(name)s has %(count)s cards in hand; a hand holds at most 13",
                    name=name,
                    count=len(cards),
                ),
            )
        seen.check(cards, hand_where, label, problems)
        entry.hand = cards
    return entry


def _read_melds(melds, where: Path, name: str, seen: _Seen, problems: Problems) -> list[Meld]:
    if not isinstance(melds, list):
        problems.add(Path.of(*where, "melds"), N_("%(name)s's melds must be a list", name=name))
        return []
    found = []
    for index, meld in enumerate(melds):
        meld_where = Path.of(*where, "melds", index)
        secret = False
        label = Later("%(name)s's meld %(number)s", name=name, number=index + 1)
        if isinstance(meld, dict):
            check_keys(meld, MELD_KEYS, meld_where, label, problems)
            secret = read_flag(meld, "secret", meld_where, problems)
            meld = meld.get("cards")
        cards = _read_cards(meld, meld_where, label, problems)
        if cards is None:
            continue
        seen.check(cards, meld_where, label, problems)
        try:
            found.append(validate_meld(cards, seen.rules, secret=secret))
        except MeldError as error:
            problems.add(
                meld_where, N_("%(name)s's meld %(error)s", name=name, error=message_of(error))
            )
    return found


def _joker_too_many(label: str, jokers: int) -> str:
    if jokers == 0:
        return N_("%(label)s: a joker too many, the rules allow no jokers", label=said(label))
    return ngettext(
        "%(label)s: a joker too many, the rules allow only %(num)s joker",
        "%(label)s: a joker too many, the rules allow only %(num)s jokers",
        jokers,
        label=said(label),
    )


def _twice(label: str, card: str, other: str) -> str:
    return N_(
        "%(label)s: %(card)s is entered twice (also in %(other)s)",
        label=said(label),
        card=card,
        other=said(other),
    )


def _or_none(value):
    """No melds or no cards in hand may be given as null or "" too."""
    return [] if value is None or value == "" else value


def _read_cards(value, where: Path, label: str, problems: Problems) -> list[Card] | None:
    if not isinstance(value, (str, list)):
        problems.add(
            where, N_("%(label)s: write the cards as text, e.g. 7S 7D 7C", label=said(label))
        )
        return None
    try:
        return parse_cards(value)
    except CardError as error:
        problems.add(where, N_("%(label)s: %(error)s", label=said(label), error=message_of(error)))
        return None
