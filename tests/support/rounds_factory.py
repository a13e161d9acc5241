"""Realistic random Tongits sessions for tests and benchmarks.

A round is dealt from a real shuffled deck: each player gets some melds (sets and runs taken
from what is left of the deck) plus loose cards, the engine's own `best_melds` finds the melds
hidden in the loose cards, and a random part of them is put on the table. Endings, challenges,
kang, secret melds, void rounds (all three sunog at talon out) all occur. Every round is
booked with the engine's `add_round`, so a generated session is valid by construction and a
round the engine refuses is a bug (in this generator or in the engine) that shows at once.

    from tests.support.rounds_factory import random_session
    export = random_session(seed=7, rounds=200)  # the export dict of tracker/exchange/export.py
    known_session()  # two rounds whose payments are worked out by hand
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

from tracker.engine import Rules, add_round, best_melds, start_ledger
from tracker.engine.cards import DECK, JOKER_CARD, SUITS

FORMAT = "tongits-tracker/1"
PLAYERS = ["Ana", "Ben", "Cris"]
CREATED = datetime(2026, 11, 30, 20, 15, tzinfo=timezone(timedelta(hours=8)))


def _find_set(pool, rng: random.Random, size: int):
    by_rank: dict[int, list] = {}
    for card in pool:
        if not card.is_joker:
            by_rank.setdefault(card.rank, []).append(card)
    ranks = [rank for rank, cards in by_rank.items() if len(cards) >= size]
    if not ranks:
        return None
    return rng.sample(by_rank[rng.choice(ranks)], size)


def _find_run(pool, rng: random.Random, size: int, rules: Rules):
    have = {(card.rank, card.suit) for card in pool if not card.is_joker}
    top = 14 if rules.qka_run else 13
    starts = [
        (low, suit)
        for suit in SUITS
        for low in range(1, top - size + 2)
        if all(((r - 1) % 13 + 1, suit) in have for r in range(low, low + size))
    ]
    if not starts:
        return None
    low, suit = rng.choice(starts)
    wanted = {((r - 1) % 13 + 1, suit) for r in range(low, low + size)}
    cards = [card for card in pool if not card.is_joker and (card.rank, card.suit) in wanted]
    return sorted(
        cards, key=lambda card: card.rank if low + size - 1 <= 13 or card.rank > 1 else 14
    )


def _take(pool: list, cards) -> None:
    for card in cards:
        pool.remove(card)


def _plant(pool: list, rng: random.Random, rules: Rules, secret_ok: bool):
    """A meld taken out of the pool: (cards, secret) or None when none is left."""
    kind = rng.random()
    if kind < 0.12:
        cards = _find_set(pool, rng, 4)
        if cards:
            _take(pool, cards)
            return cards, secret_ok and rng.random() < 0.5
    if kind < 0.5:
        cards = _find_set(pool, rng, 3)
    else:
        cards = _find_run(pool, rng, rng.choice((3, 3, 4, 5)), rules)
    if cards is None:
        cards = _find_set(pool, rng, 3) or _find_run(pool, rng, 3, rules)
    if cards is None:
        return None
    _take(pool, cards)
    return cards, False


def _meld_json(cards, secret: bool):
    names = [str(card) for card in cards]
    return {"cards": names, "secret": True} if secret else names


def _player(
    pool: list,
    rng: random.Random,
    rules: Rules,
    *,
    melds_wanted: int,
    empty_hand: bool,
    sunog: bool,
    opened: bool = False,
) -> dict:
    table = []
    for _ in range(0 if sunog else melds_wanted):
        planted = _plant(pool, rng, rules, secret_ok=True)
        if planted:
            table.append(planted)
    if (empty_hand or opened) and not table:
        # a Tongits or a draw call needs a meld of one's own; the pool always has a run of 3 left
        table.append(_plant(pool, rng, rules, secret_ok=False))
    if empty_hand:
        return {
            "melds": [_meld_json(c, s) for c, s in table],
            "hand": [],
            "challenged": False,
            "kang": False,
        }
    loose = rng.sample(pool, min(len(pool), rng.randint(3, 10)))
    _take(pool, loose)
    if not sunog and rng.random() < 0.5:
        # some melds found in the loose cards go on the table too
        for meld in best_melds(loose, rules).melds:
            if rng.random() < 0.5:
                table.append((list(meld.cards), False))
                _take(loose, meld.cards)
    while len(loose) > 13:
        pool.append(loose.pop())
    rng.shuffle(loose)
    return {
        "melds": [_meld_json(c, s) for c, s in table],
        "hand": [str(c) for c in loose],
        "challenged": False,
        "kang": False,
    }


def random_round(rng: random.Random, rules: Rules, dealer: int) -> dict:
    """One valid round record (not yet checked against a ledger)."""
    pool = list(DECK) + [JOKER_CARD] * rules.jokers
    rng.shuffle(pool)
    roll = rng.random()
    if roll < 0.05:
        ending, declarer = "void", None
    elif roll < 0.25:
        ending, declarer = "tongits", rng.randrange(3)
    elif roll < 0.65:
        ending, declarer = "draw", rng.randrange(3)
    else:
        ending, declarer = "talon", None
    hands: list = [None, None, None]
    # the declarer is dealt first, while the pool surely still holds a meld for them
    for seat in sorted(range(3), key=lambda seat: seat != declarer):
        empty = ending == "tongits" and seat == declarer
        if ending == "void":
            sunog = True
        elif ending == "draw" and seat == declarer:
            sunog = False
        else:
            sunog = not empty and rng.random() < 0.18
        hands[seat] = _player(
            pool,
            rng,
            rules,
            melds_wanted=rng.choice((1, 1, 2, 2, 3)),
            empty_hand=empty,
            sunog=sunog,
            opened=ending == "draw" and seat == declarer,
        )
    record = {
        "dealer": dealer,
        "ending": "talon" if ending == "void" else ending,
        "declarer": declarer,
        "last_drawer": None,
        "hands": hands,
    }
    if ending == "tongits" and rng.random() < 0.2:
        hands[declarer]["kang"] = True
    if ending == "draw":
        for seat in range(3):
            if seat != declarer and hands[seat]["melds"] and rng.random() < 0.35:
                hands[seat]["challenged"] = True
    if record["ending"] == "talon":
        record["last_drawer"] = rng.randrange(3)
    return record


def random_rounds(
    rng: random.Random, players: list[str], rules: Rules, first_dealer: int, count: int
) -> list[dict]:
    """`count` rounds that the engine books one after another (fewer if a progressive session
    ends at its loss limit)."""
    ledger = start_ledger(players, rules, first_dealer)
    rounds = []
    while len(rounds) < count and not ledger.ended:
        record = random_round(rng, rules, ledger.next_dealer)
        add_round(ledger, record)  # raises RoundError if the generator (or engine) is wrong
        rounds.append(record)
    return rounds


def random_session(
    seed: int = 1,
    rounds: int = 20,
    players: list[str] | None = None,
    rules: Rules | dict | None = None,
    first_dealer: int = 0,
    page_size: str = "letter",
    settled: bool = False,
) -> dict:
    """A whole session as the export dict of tracker/exchange/export.py."""
    rng = random.Random(seed)
    players = list(players or PLAYERS)
    if rules is None:
        rules = Rules()
    elif isinstance(rules, dict):
        rules = Rules.from_dict(rules)
    return {
        "format": FORMAT,
        "created": CREATED.isoformat(),
        "players": players,
        "first_dealer": first_dealer,
        "rules": rules.to_dict(),
        "page_size": page_size,
        "settled": settled,
        "rounds": random_rounds(rng, players, rules, first_dealer, rounds),
    }


def known_session(**extra) -> dict:
    """Two rounds worked out by hand (classic rules, stake ₱10, ₱1 a point).

    Round 1, Ana goes Tongits: Ben (melds down, KS QH left = 20) pays 10 + 20 = ₱30;
    Cris (sunog, 2C 3D left = 5) pays 10 + 5 = ₱15.
    Round 2, Ben calls a draw with 14 (6H 8C), Ana has 5 (AS 4C), Cris 19 (9H 8H 2S):
    Ana wins; Ben's call failed: (10 + 14) × 2 = ₱48; Cris pays 10 + 19 = ₱29.
    Balances: Ana +122, Ben −78, Cris −44.
    """
    return {
        "format": "tongits-tracker/1",
        "created": "2026-11-30T20:15:00+08:00",
        "players": ["Ana", "Ben", "Cris"],
        "first_dealer": 0,
        "rules": Rules().to_dict(),
        "page_size": "letter",
        "settled": False,
        "rounds": [
            {
                "dealer": 0,
                "ending": "tongits",
                "declarer": 0,
                "last_drawer": None,
                "hands": [
                    {
                        "melds": [["7S", "7D", "7C"], ["2H", "3H", "4H"]],
                        "hand": [],
                        "challenged": False,
                        "kang": False,
                    },
                    {
                        "melds": [["9S", "9D", "9C"]],
                        "hand": ["KS", "QH"],
                        "challenged": False,
                        "kang": False,
                    },
                    {"melds": [], "hand": ["2C", "3D"], "challenged": False, "kang": False},
                ],
            },
            {
                "dealer": 1,
                "ending": "draw",
                "declarer": 1,
                "last_drawer": None,
                "hands": [
                    {
                        "melds": [["JS", "JD", "JC"]],
                        "hand": ["AS", "4C"],
                        "challenged": False,
                        "kang": False,
                    },
                    {
                        "melds": [["10S", "10D", "10C"]],
                        "hand": ["6H", "8C"],
                        "challenged": False,
                        "kang": False,
                    },
                    {
                        "melds": [["4D", "5D", "6D"]],
                        "hand": ["9H", "8H", "2S"],
                        "challenged": False,
                        "kang": False,
                    },
                ],
            },
        ],
        **extra,
    }
