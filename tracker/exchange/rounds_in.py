"""The rounds of an import, booked one by one by the engine as the session was played; each
accepted round is kept in its canonical form, each refused one reported with where it is."""

from __future__ import annotations

from ..engine import (
    Ledger,
    Path,
    Problem,
    RoundError,
    Rules,
    add_round,
    canonical_record,
    money_str,
    read_seat,
    replay,
    start_ledger,
)
from ..engine.messages import N_
from .json_file import MAX_PROBLEMS

# Rounds a session holds: a long night is 60, a marathon 300. Every read of a session replays
# its rounds once per worker and revision (about 1 ms a round), so this bounds that cost.
MAX_ROUNDS = 1_000


def read_rounds(
    rounds_in: list, players, rules: Rules, first_dealer: int, problems: list[Problem]
) -> list[dict]:
    """Book every round with the engine; a refused round is reported and skipped, so one
    import lists the problems of all rounds (those after a bad one are checked as if it were
    left out)."""
    ledger = start_ledger(players, rules, first_dealer)
    rounds = []
    for number, record in enumerate(rounds_in):
        clean, found = _book(ledger, record, number)
        if clean is not None:
            rounds.append(clean)
        problems += [problem.under("rounds", number) for problem in found]
        if len(problems) > MAX_PROBLEMS:
            break
    return rounds


def _book(ledger: Ledger, record, number: int) -> tuple[dict | None, list[Problem]]:
    """The round booked on the ledger, as the export writes it; or None and its problems."""
    if not isinstance(record, dict):
        return None, [Problem(Path(), N_("round %(number)s must be an object", number=number + 1))]
    found: list[Problem] = []
    dealer = read_seat(record.get("dealer"), "dealer", found)
    if found:
        return None, found
    # not given: the dealer the ledger says is next
    record = {**record, "dealer": ledger.next_dealer if dealer is None else dealer}
    try:
        add_round(ledger, record)
    except RoundError as error:
        return None, [_in_round(problem, number) for problem in error.problems]
    return _export_round(canonical_record(record, ledger.rules)), []


def _in_round(problem: Problem, number: int) -> Problem:
    """The engine's problem with a round, as an import tells it: 'round 4: ...', and the
    round's own problems ('round') at the round itself."""
    where = Path() if problem.where == Path.of("round") else problem.where
    return Problem(
        where, N_("round %(number)s: %(error)s", number=number + 1, error=problem.message)
    )


def _export_round(record: dict) -> dict:
    """A canonical round as the export writes it: the flags written out, false too (a
    points-only round as stored)."""
    if "points" in record:
        return record
    hands = [
        {**hand, "challenged": bool(hand.get("challenged")), "kang": bool(hand.get("kang"))}
        for hand in record["hands"]
    ]
    return {**record, "hands": hands}


def check_totals(check, clean: dict, rules: Rules, problems: list[Problem]) -> None:
    """An export written by `export_json` carries the balances it had; they must come back."""
    if check is None:
        return
    if not isinstance(check, dict) or not isinstance(check.get("balances"), list):
        message = N_("check must hold the balances the session had when exported")
        problems.append(Problem("check", message))
        return
    players = clean["players"]
    ledger = replay(players, rules, clean["first_dealer"], clean["rounds"])
    now = [money_str(amount) for amount in ledger.balances]
    if [str(value) for value in check["balances"]] != now:
        was = ", ".join(f"{name} {value}" for name, value in zip(players, check["balances"]))
        got = ", ".join(f"{name} {value}" for name, value in zip(players, now))
        message = N_(
            "the rounds give balances %(got)s, but the export says %(was)s: "
            "the file was changed or comes from a different rules engine",
            got=got,
            was=was,
        )
        problems.append(Problem(Path.of("check", "balances"), message))
