"""Hands per second of best_melds: random 13-card hands and dense ones (docs/rules.md §3).

Dense: 13 of the 16-20 cards of a window of 4-5 consecutive ranks in all four suits, so runs
and sets overlap everywhere. Each figure is the median of several timed passes over the same
2,000 hands, the search's memo cleared before every pass (a cold start each time).

    python benchmarks/engine.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tracker.engine import Rules, best_melds, parse_cards  # noqa: E402
from tracker.engine.cards import DECK  # noqa: E402
from tracker.engine.deadwood import _MEMOS  # noqa: E402

HANDS = 2_000
PASSES = 25


def random_hands(rng: random.Random) -> list:
    return [rng.sample(DECK, 13) for _ in range(HANDS)]


def dense_hands(rng: random.Random) -> list:
    hands = []
    for _ in range(HANDS):
        width = rng.choice((4, 5))
        low = rng.randint(1, 14 - width)
        window = [card for card in DECK if low <= card.rank < low + width]
        hands.append(rng.sample(window, 13))
    return hands


def hands_per_second(hands, rules: Rules) -> float:
    rates = []
    for _ in range(PASSES):
        for memo in _MEMOS.values():
            memo.clear()
            memo[0] = 0
        start = time.perf_counter()
        for hand in hands:
            best_melds(hand, rules)
        rates.append(len(hands) / (time.perf_counter() - start))
    return statistics.median(rates)


def joker_hand_ms(rules: Rules) -> float:
    hand = parse_cards("JK JK 5H 6H 8H 9S 9D 10C JC QC KD 2S 3S")
    times = []
    for _ in range(PASSES):
        start = time.perf_counter()
        best_melds(hand, rules)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    rng = random.Random(2026)
    rules = Rules()
    print(
        f"random 13-card hands: {hands_per_second(random_hands(rng), rules):,.0f} hands/s"
        " (target 100,000)"
    )
    print(
        f"dense 13-card hands:  {hands_per_second(dense_hands(rng), rules):,.0f} hands/s"
        " (target 20,000)"
    )
    print(f"13 cards, 2 jokers:   {joker_hand_ms(Rules(jokers=2)):.2f} ms (target under 5 ms)")


if __name__ == "__main__":
    main()
