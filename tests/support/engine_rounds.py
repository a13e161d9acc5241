"""Short-hand for writing round records in tests: hand("7S 7D 7C | 5H 6H 7H", "2C 3D")."""

from decimal import Decimal

PLAYERS = ["Ana", "Ben", "Cris"]


def hand(melds: str = "", cards: str = "", **flags) -> dict:
    entry = {
        "melds": [group.split() for group in melds.split("|") if group.strip()],
        "hand": cards.split(),
    }
    entry.update(flags)
    return entry


def record(
    ending: str, hands: list, declarer=None, last_drawer=None, rules=None, pot="0", **extra
) -> dict:
    return {
        "players": PLAYERS,
        "rules": rules or {},
        "dealer": 0,
        "ending": ending,
        "declarer": declarer,
        "last_drawer": last_drawer,
        "pot": pot,
        "hands": hands,
        **extra,
    }


def paid(result, payer: int) -> Decimal:
    """What `payer` paid the winner this round (0 when they paid nothing)."""
    return sum((p.amount for p in result.payments if p.payer == payer), Decimal(0))


# Hands the scoring and house-rules tests share, each with its deadwood
OPEN_LOW = hand("7S 7D 7C", "2C 3D")  # opened, deadwood 5
OPEN_TEN = hand("5H 6H 7H 8H", "KD")  # opened, deadwood 10
SUNOG = hand("", "AS AD 9C")  # no meld, deadwood 11
FIVE = hand("9S 9H 9D", "4C AC")  # opened, deadwood 5
FIVE_B = hand("JH QH KH", "2S 3S")  # opened, deadwood 5
TEN = hand("JS QS KS", "10C")  # opened, deadwood 10
