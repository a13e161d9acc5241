"""Command line: `python -m tracker.engine deadwood "CARDS"` and `python -m tracker.engine score FILE`."""

from __future__ import annotations

import argparse
import json
import sys

from . import CardError, RoundError, Rules, RulesError, best_melds, parse_cards, score_round


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tracker.engine", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    deadwood = commands.add_parser("deadwood", help="best arrangement and deadwood of a hand")
    deadwood.add_argument("cards", help='the hand, e.g. "QC QD QH 8C 9C 10C 3S"')
    deadwood.add_argument(
        "--rules", default="{}", help="options as JSON, e.g. '{\"qka_run\": false}'"
    )
    score = commands.add_parser("score", help="score a round record (JSON file, or - for stdin)")
    score.add_argument("file")
    args = parser.parse_args(argv)
    if args.command == "deadwood":
        return _deadwood(args.cards, args.rules)
    return _score(args.file)


def _deadwood(text: str, rules_text: str) -> int:
    try:
        rules = Rules.from_dict(json.loads(rules_text))
        arrangement = best_melds(parse_cards(text), rules)
    except (CardError, RulesError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for meld in arrangement.melds:
        print(f"{meld.kind}: {meld}")
    print(f"unmatched: {' '.join(map(str, arrangement.deadwood_cards)) or '-'}")
    print(f"deadwood: {arrangement.deadwood}")
    return 0


def _score(path: str) -> int:
    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    except OSError as error:
        print(json.dumps({"errors": [{"where": "file", "message": str(error)}]}))
        return 2
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        print(json.dumps({"errors": [{"where": "file", "message": f"not valid JSON: {error}"}]}))
        return 2
    try:
        result = score_round(record)
    except RoundError as error:
        print(json.dumps(error.to_dict(), ensure_ascii=False, indent=2))
        return 2
    print(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
