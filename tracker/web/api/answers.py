"""The JSON shapes of the API's answers (docs/API.md): a session, a round, a session list."""

from __future__ import annotations

from flask import url_for

from ...core import ledger_of, rules_of
from ...core.barkada.group_store import group_of
from ...core.pins import has_pin
from ...engine import Ledger, RoundResult
from ...models import GameSession
from .. import devices, public

ROUNDS_PAGE = 200  # rounds in one answer: GET /api/sessions/<id>?from=201 gives the next ones


def session_dict(
    game: GameSession, ledger: Ledger | None = None, rounds: bool = True, first: int = 1
) -> dict:
    """The API's view of a session (GET /api/sessions/<id>), with its page's `url`: its rounds
    from round `first`, ROUNDS_PAGE of them, and where the next ones are (`rounds_next`)."""
    ledger = ledger or ledger_of(game)
    summary = ledger.to_dict()
    out = {
        "id": game.token,
        "players": list(game.players),
        "first_dealer": game.first_dealer,
        "rules": rules_of(game).to_dict(),
        "page_size": game.page_size,
        "created": game.created_at.isoformat() + "Z",
        "revision": game.revision,
        "round_count": len(ledger.results),
        "balances": summary["balances"],
        "pot": summary["pot"],
        "pot_shares": summary["pot_shares"],
        "next_dealer": ledger.next_dealer,
        "next_dealer_name": game.players[ledger.next_dealer],
        "ended": summary["ended"],
        "loser": summary["loser"],
        "settlement": summary["settlement"],
        "settled": game.settled,
        "pin": has_pin(game),
        "group": _group(game),
    }
    if rounds:
        out.update(_rounds_page(game, ledger, first))
    out["url"] = page_url(game)
    return out


def _rounds_page(game: GameSession, ledger: Ledger, first: int) -> dict:
    last = min(first - 1 + ROUNDS_PAGE, len(ledger.results))
    pairs = zip(game.rounds[first - 1 : last], ledger.results[first - 1 : last])
    more = last < len(ledger.results)
    return {
        "rounds": [
            round_dict(number, round_.record, result, round_.version)
            for number, (round_, result) in enumerate(pairs, first)
        ],
        "rounds_from": first,
        "rounds_next": url_for("api.get_session", token=game.token, **{"from": last + 1})
        if more
        else None,
    }


def summary(game: GameSession, ledger: Ledger | None = None) -> dict:
    """A session without its rounds: what every change answers."""
    return session_dict(game, ledger, rounds=False)


def round_dict(number: int, record: dict, result: RoundResult, version: int | None = None) -> dict:
    out = {"number": number, "record": record, "result": result.to_dict()}
    if version is not None:
        out["version"] = version
    return out


def session_list(sessions: list[tuple[GameSession, int]]) -> dict:
    return {
        "sessions": [
            {
                "id": game.token,
                "players": game.players,
                "created": game.created_at.isoformat() + "Z",
                "rounds": count,
                "settled": game.settled,
                "url": page_url(game),
            }
            for game, count in sessions
        ]
    }


def _group(game: GameSession) -> dict | None:
    """The barkada a session was started from: its id and link, for a device of the group
    (devices.knows); else None, as for a session on its own."""
    group = group_of(game)
    if group is None or not devices.knows(group):
        return None
    return {"id": group.token, "url": public.group_link(group.token)}


def page_url(game: GameSession) -> str:
    return public.session_link(game.token)
