"""What a phone keeps of a session to judge its next round with no network (the engine's
`judge` and `preview`, tracker/engine/judge.py, run in the phone under Pyodide).

    offline_state(game) -> {"token", "revision", "settled", "unit", "next_number",
                            "ledger": {...},
                            "state": {"players", "rules", "first_dealer", "records"}}

`state` is exactly the session text `judge` takes (as JSON): the rules as every option's value
(what `read_rules` reads back into the same Rules), the rounds' stored records in play order;
`judge(state, record)` then says what `check_round(game, record)` says of the next round.
`revision` is the session's revision these records stand at: what the phone sends back as
Seen-Revision when it saves the round it judged (docs/API.md), so that a round saved or changed
on another phone meanwhile is shown to the table, not overwritten.
`ledger` is the engine's ledger after those rounds (`Ledger.to_dict`, as `judge` answers it
after a round): what the phone's pages show offline before any round waits in its outbox (the
next dealer, the pot, the balances), so that a page never shows an old copy's dealer.
"""

from __future__ import annotations

from ..models import GameSession
from .ledger_memo import ledger_of, rules_of


def offline_state(game: GameSession) -> dict:
    """The session as a phone keeps it to judge offline. The revision is read before the rounds
    (with the session row): the records are never older than the revision says."""
    revision = game.revision
    rules = rules_of(game)
    records = game.records()
    ledger = ledger_of(game)
    return {
        "token": game.token,
        "revision": revision,
        "settled": game.settled,
        "unit": rules.unit,
        "next_number": len(records) + 1,
        "ledger": ledger.to_dict(),
        "state": {
            "players": list(game.players),
            "rules": rules.to_dict(),
            "first_dealer": game.first_dealer,
            "records": records,
        },
    }
