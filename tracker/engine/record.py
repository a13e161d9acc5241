"""Reading a round record (the JSON of one round) into checked values, collecting every problem.

Each problem says where it is (`hands[1].melds[0]`, as in the JSON) and what is wrong in words
a player understands (RULES.md §8). Nothing is scored until the whole record is clean.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from .cards import Card, CardError, parse_cards
from .melds import Meld, MeldError, validate_meld
from .money import MoneyError, parse_money
from .problems import Path, Problem, Problems, RoundError
from .rules import Rules, RulesError
from .values import read_seat

ENDINGS = ("tongits", "draw", "talon")
MAX_NAME = 40


@dataclass
class HandEntry:
    melds: list[Meld] = field(default_factory=list)
    hand: list[Card] = field(default_factory=list)
    challenged: bool = False
    kang: bool = False


@dataclass
class RoundInput:
    players: list[str]
    rules: Rules
    dealer: int
    ending: str
    declarer: int | None
    last_drawer: int | None
    pot: Decimal
    hands: list[HandEntry]
    streak: tuple[int, int] | None  # (seat, rounds won in a row) before this round


def check_players(value) -> tuple[list[str], list[Problem]]:
    """Three names in turn order, white space folded, and the problems with them."""
    problems = Problems()
    names = read_players(value, problems)
    return names, list(problems)


def read_players(value, problems: Problems) -> list[str]:
    if not isinstance(value, list) or len(value) != 3:
        problems.add("players", "Tongits needs exactly three players, in turn order")
        return ["Seat 1", "Seat 2", "Seat 3"]
    names = []
    for seat, name in enumerate(value):
        name = " ".join(name.split()) if isinstance(name, str) else ""
        if not name:
            problems.add(Path.of("players", seat), f"player {seat + 1} needs a name")
        elif len(name) > MAX_NAME:
            problems.add(
                Path.of("players", seat),
                f"player {seat + 1}'s name is longer than {MAX_NAME} characters",
            )
        elif name.casefold() in (n.casefold() for n in names):
            problems.add(
                Path.of("players", seat),
                f"two players are called {name}: give each a different name",
            )
        names.append(name or f"Seat {seat + 1}")
    return names


def _seat(record: dict, key: str, problems: Problems, what: str | None = None) -> int | None:
    """The seat at `key`; `what` (e.g. "called the draw") when it must be said."""
    missing = None if what is None else f"say who {what}"
    wrong = f"{key} must be a seat: 0, 1 or 2"
    return read_seat(record.get(key), key, problems, missing=missing, wrong=wrong)


def read_record(record, rules: Rules | None = None, players: list[str] | None = None) -> RoundInput:
    """Check a round record and return its values; raise RoundError listing every problem."""
    problems = Problems()
    if not isinstance(record, dict):
        raise RoundError([Problem("round", "a round must be a JSON object")])
    if players is None:
        players = read_players(record.get("players"), problems)
    if rules is None:
        try:
            rules = Rules.from_dict(record.get("rules"))
        except RulesError as error:
            problems.add(Path.of("rules", error.option), str(error))
            rules = Rules()
        except (TypeError, ValueError):
            problems.add("rules", "rules must be an object of options")
            rules = Rules()
    dealer = _seat(record, "dealer", problems) or 0
    ending = record.get("ending")
    if ending not in ENDINGS:
        problems.add("ending", "say how the round ended: tongits, draw or talon")
    declarer = None
    if ending == "tongits":
        declarer = _seat(record, "declarer", problems, "won by Tongits")
    elif ending == "draw":
        declarer = _seat(record, "declarer", problems, "called the draw")
    else:  # nobody declares at talon out: a seat given anyway is ignored, anything else refused
        _seat(record, "declarer", problems)
    last_drawer = _seat(record, "last_drawer", problems)
    try:
        pot = parse_money(record.get("pot", "0") or "0")
        if pot < 0:
            problems.add("pot", "the pot cannot be negative")
    except MoneyError as error:
        problems.add("pot", f"pot: {error}")
        pot = Decimal("0.00")
    streak = _read_streak(record.get("streak"), problems)
    hands = _read_hands(record.get("hands"), players, rules, problems)
    if problems:
        raise RoundError(list(problems))
    entry = RoundInput(players, rules, dealer, ending, declarer, last_drawer, pot, hands, streak)
    return entry


def _read_streak(value, problems: Problems):
    if value in (None, {}):
        return None
    try:
        seat, wins = int(value["seat"]), int(value["wins"])
        if seat in (0, 1, 2) and wins >= 0:
            return (seat, wins)
    except (TypeError, KeyError, ValueError):
        pass
    problems.add("streak", 'streak must look like {"seat": 0, "wins": 1}')
    return None


def _read_hands(value, players, rules: Rules, problems: Problems) -> list[HandEntry]:
    if not isinstance(value, list) or len(value) != 3:
        problems.add("hands", "enter the cards of all three players, in seat order")
        return []
    hands = []
    seen: dict[Card, str] = {}
    jokers_seen = 0
    for seat, raw in enumerate(value):
        name = players[seat]
        entry = HandEntry()
        hands.append(entry)
        where = Path.of("hands", seat)
        if not isinstance(raw, dict):
            problems.add(where, f"{name}'s cards must be an object with melds and hand")
            continue
        for flag in ("challenged", "kang"):
            flag_value = raw.get(flag, False)
            if flag_value not in (True, False, None):
                problems.add(Path.of(*where, flag), f"{flag} must be true or false")
            setattr(entry, flag, bool(flag_value))
        melds = raw.get("melds") or []
        if not isinstance(melds, list):
            problems.add(Path.of(*where, "melds"), f"{name}'s melds must be a list")
            melds = []
        for index, meld in enumerate(melds):
            meld_where = Path.of(*where, "melds", index)
            secret = False
            if isinstance(meld, dict):
                secret = meld.get("secret") is True
                meld = meld.get("cards")
            label = f"{name}'s meld {index + 1}"
            cards = _read_cards(meld, meld_where, label, problems)
            if cards is None:
                continue
            jokers_seen = _check_unique(
                cards, meld_where, label, seen, jokers_seen, rules, problems
            )
            try:
                entry.melds.append(validate_meld(cards, rules, secret=secret))
            except MeldError as error:
                problems.add(meld_where, f"{name}'s meld {error}")
        hand_where = Path.of(*where, "hand")
        cards = _read_cards(raw.get("hand") or [], hand_where, f"{name}'s hand", problems)
        if cards is not None:
            if len(cards) > 13:
                problems.add(
                    hand_where, f"{name} has {len(cards)} cards in hand; a hand holds at most 13"
                )
            jokers_seen = _check_unique(
                cards, hand_where, f"{name}'s hand", seen, jokers_seen, rules, problems
            )
            entry.hand = cards
    if len(seen) + jokers_seen > 52 + rules.jokers:
        problems.add("hands", f"{len(seen) + jokers_seen} cards entered, more than the deck holds")
    return hands


def _read_cards(value, where: Path, label: str, problems: Problems) -> list[Card] | None:
    if not isinstance(value, (str, list)):
        problems.add(where, f"{label}: write the cards as text, e.g. 7S 7D 7C")
        return None
    try:
        return parse_cards(value)
    except CardError as error:
        problems.add(where, f"{label}: {error}")
        return None


def _check_unique(cards, where, label, seen: dict, jokers_seen: int, rules: Rules, problems) -> int:
    for card in cards:
        if card.is_joker:
            jokers_seen += 1
            if jokers_seen > rules.jokers:
                allowed = "no jokers" if rules.jokers == 0 else f"only {rules.jokers} joker(s)"
                problems.add(where, f"{label}: a joker too many, the rules allow {allowed}")
        elif card in seen:
            problems.add(where, f"{label}: {card} is entered twice (also in {seen[card]})")
        else:
            seen[card] = label
    return jokers_seen
