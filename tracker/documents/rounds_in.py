"""The rounds of an import, booked one by one by the engine as the session was played; each
accepted round is kept in its canonical form, each refused one reported with where it is."""

from __future__ import annotations

from ..engine import RoundError, Rules, add_round, money_str, parse_cards, replay, start_ledger
from .json_file import MAX_PROBLEMS

MAX_ROUNDS = 10_000
_SEATS = (0, 1, 2)


def read_rounds(
    rounds_in: list, players, rules: Rules, first_dealer: int, problems: list[dict]
) -> list[dict]:
    """Book every round with the engine; a refused round is reported and skipped, so one
    import lists the problems of all rounds (those after a bad one are checked as if it were
    left out)."""
    ledger = start_ledger(players, rules, first_dealer)
    rounds = []
    for number, record in enumerate(rounds_in):
        where = f"rounds[{number}]"
        if not isinstance(record, dict):
            problems.append({"where": where, "message": f"round {number + 1} must be an object"})
            continue
        dealer = record.get("dealer")
        if dealer is not None and (isinstance(dealer, bool) or dealer not in _SEATS):
            message = "dealer must be a seat: 0, 1 or 2"
            problems.append({"where": f"{where}.dealer", "message": message})
            continue
        # not given: the dealer the ledger says is next
        record = {**record, "dealer": ledger.next_dealer if dealer is None else dealer}
        try:
            add_round(ledger, record)
        except RoundError as error:
            for problem in error.problems:
                inner = "" if problem.where == "round" else f".{problem.where}"
                message = f"round {number + 1}: {problem.message}"
                problems.append({"where": f"{where}{inner}", "message": message})
            continue
        rounds.append(_export_round(record))
        if len(problems) > MAX_PROBLEMS:
            break
    return rounds


def _export_round(record: dict) -> dict:
    """An accepted round as the export writes it: canonical cards, every key in a fixed order
    (the flags written out, false too)."""
    hands = []
    for hand in record["hands"]:
        melds = [_export_meld(meld) for meld in hand.get("melds") or []]
        cards = [str(card) for card in parse_cards(hand.get("hand") or [])]
        flags = {flag: bool(hand.get(flag)) for flag in ("challenged", "kang")}
        hands.append({"melds": melds, "hand": cards, **flags})
    keys = ("dealer", "ending", "declarer", "last_drawer")
    return {**{key: record.get(key) for key in keys}, "hands": hands}


def _export_meld(meld) -> list[str] | dict:
    secret = isinstance(meld, dict) and meld.get("secret") is True
    cards = [str(card) for card in parse_cards(meld["cards"] if isinstance(meld, dict) else meld)]
    return {"cards": cards, "secret": True} if secret else cards


def check_totals(check, clean: dict, rules: Rules, problems: list[dict]) -> None:
    """An export written by `export_json` carries the balances it had; they must come back."""
    if check is None:
        return
    if not isinstance(check, dict) or not isinstance(check.get("balances"), list):
        message = "check must hold the balances the session had when exported"
        problems.append({"where": "check", "message": message})
        return
    players = clean["players"]
    ledger = replay(players, rules, clean["first_dealer"], clean["rounds"])
    now = [money_str(amount) for amount in ledger.balances]
    if [str(value) for value in check["balances"]] != now:
        was = ", ".join(f"{name} {value}" for name, value in zip(players, check["balances"]))
        got = ", ".join(f"{name} {value}" for name, value in zip(players, now))
        problems.append(
            {
                "where": "check.balances",
                "message": f"the rounds give balances {got}, but the export says {was}: "
                "the file was changed or comes from a different rules engine",
            }
        )
