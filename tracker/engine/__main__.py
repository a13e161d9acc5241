"""Command line of the engine.

    python -m tracker.engine deadwood "CARDS" [--rules JSON]
    python -m tracker.engine score FILE  (a round record; - reads it from stdin)

Exit 0 with the answer, or 2 with each problem and where it is.
"""

from __future__ import annotations

import argparse
import json
import sys

from . import (
    CardError,
    RoundError,
    Rules,
    RulesError,
    best_melds,
    json_text,
    parse_cards,
    score_round,
)
from .problems import Problem
from .shape import MOST_IN_HAND


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tracker.engine",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True)
    deadwood = commands.add_parser("deadwood", help="best arrangement and deadwood of a hand")
    deadwood.add_argument("cards", help='the hand, e.g. "QC QD QH 8C 9C 10C 3S"')
    deadwood.add_argument(
        "--rules",
        default="{}",
        help="options as JSON, e.g. '{\"qka_run\": false}'; a hand with jokers needs "
        "'{\"jokers\": 2}' (the rules allow none unless said)",
    )
    score = commands.add_parser("score", help="score a round record (JSON file, or - for stdin)")
    score.add_argument("file")
    args = parser.parse_args(argv)
    if args.command == "deadwood":
        return _deadwood(args.cards, args.rules)
    return _score(args.file)


class _Refused(Exception):
    def __init__(self, where, message: str, more: tuple[Problem, ...] = ()):
        self.problems = [Problem(where, message), *more]


def _deadwood(text: str, rules_text: str) -> int:
    try:
        rules = _rules(rules_text)
        cards = _cards(text, rules)
        arrangement = best_melds(cards, rules)
    except _Refused as refused:
        for problem in refused.problems:
            print(f"error: {problem.where}: {problem.message}", file=sys.stderr)
        return 2
    for meld in arrangement.melds:
        print(f"{meld.kind}: {meld}")
    print(f"unmatched: {' '.join(map(str, arrangement.deadwood_cards)) or '-'}")
    print(f"deadwood: {arrangement.deadwood}")
    return 0


def _jokers(count: int) -> str:
    return f"{count} joker" if count == 1 else f"{count} jokers"


def _rules(text: str) -> Rules:
    try:
        return Rules.from_dict(_json(text, "rules", under="rules"))
    except RulesError as error:
        raise _Refused(error.where, str(error)) from None


def _cards(text: str, rules: Rules) -> list:
    try:
        cards = parse_cards(text)
    except CardError as error:
        raise _Refused("cards", str(error)) from None
    if len(cards) > MOST_IN_HAND:  # the search grows fast with the hand: say so at once
        most = f"a hand holds at most {MOST_IN_HAND} cards; this one has {len(cards)}"
        raise _Refused("cards", most)
    naturals = [card for card in cards if not card.is_joker]
    if len(set(naturals)) != len(naturals):
        raise _Refused("cards", "the same card is in the hand twice")
    jokers = len(cards) - len(naturals)
    if jokers > rules.jokers:
        allowed = "no jokers" if rules.jokers == 0 else f"only {_jokers(rules.jokers)}"
        raise _Refused(
            "cards",
            f"the hand has {_jokers(jokers)} but the rules allow {allowed}: "
            f"say how many the table plays with, e.g. --rules '{{\"jokers\": {min(jokers, 2)}}}'",
        )
    return cards


def _json(text: str, where: str, under: str | None = None):
    """The JSON value of `text`, read by the engine's own safe reader (json_text): refused, never
    a crash, when it is no JSON or holds what no round can. `under` names the value itself
    (rules.jokers); `where` names the whole text."""
    try:
        data = json_text.loads(text)
    except ValueError as error:
        raise _Refused(where, f"not valid JSON: {error}") from None
    problems = json_text.problems_in({under: data} if under else data, where)
    if problems:
        first, *more = problems
        raise _Refused(first.where, first.message, tuple(more))
    return data


def _score(path: str) -> int:
    try:
        record = _json(_read(path), "file")
        result = score_round(record)
    except _Refused as refused:
        return _errors(refused.problems)
    except RoundError as error:
        return _errors(error.problems)
    print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    return 0


def _read(path: str) -> str:
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as file:
            return file.read()
    except OSError as error:
        raise _Refused("file", str(error)) from None
    except UnicodeDecodeError:
        raise _Refused("file", "the file is not UTF-8 text") from None


def _errors(problems: list[Problem]) -> int:
    errors = {"errors": [problem.to_dict() for problem in problems]}
    print(json.dumps(errors, ensure_ascii=False, indent=2))
    return 2


if __name__ == "__main__":
    sys.exit(main())
