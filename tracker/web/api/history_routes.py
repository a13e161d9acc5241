"""History in the JSON API (docs/API.md), routes of api.bp: a session's and a group's events,
newest first and paged; a deleted round brought back; the last change undone; a session's
history erased by its owner. Events are only ever written by the changes themselves: no
endpoint takes one."""

from __future__ import annotations

from flask import jsonify, request
from flask_babel import gettext as _

from ... import core
from ...core import Conflict, Locked, Refused, Saved, history, undo
from ...core.barkada.group_store import get_group
from ...core.errors import InputError, NotFound
from ...engine import Problem
from ...present import history_lines as words
from .. import devices, inputs
from ..json_answers import access_of, not_saved
from ..lookups import game_of
from .answers import summary
from .blueprint import bp

MAX_PAGE = 200


@bp.get("/sessions/<token>/history")
def session_history(token: str):
    game = game_of(token)
    return jsonify(_page(game, game.players))


@bp.get("/groups/<token>/history")
def group_history(token: str):
    try:
        group = get_group(token)
    except NotFound:
        raise InputError([Problem("id", _("no group with this id"))], 404) from None
    return jsonify(_page(group, None))


def _page(target, players: list[str] | None) -> dict:
    before = _number("before", request.args.get("before"))
    limit = _number("limit", request.args.get("limit")) or history.PAGE
    limit = min(limit, MAX_PAGE)
    events = history.events(target, before=before, limit=limit + 1)
    more = len(events) > limit
    events = events[:limit]
    return {
        "events": [_event(event, players) for event in events],
        "older": events[-1].id if more and events else None,
    }


def _event(event, players: list[str] | None) -> dict:
    """The event as stored, with who and what in the reader's language."""
    title = words.title(event.kind, event.round, event.before or {}, event.after or {})
    by_text = words.phones_agreed(event, players) or words.who(event.by, players)
    return {**event.to_dict(), "by_text": by_text, "title": title}


def _number(name: str, value: str | None) -> int | None:
    if value is None or value == "":
        return None
    if not value.isascii() or not value.isdigit() or not 0 < int(value) < 2**31:
        message = _("%(name)s is an event id: a whole number from 1", name=name)
        raise InputError([Problem(name, message)], 400)
    return int(value)


@bp.post("/sessions/<token>/rounds/<int:number>/restore")
def restore_round(token: str, number: int):
    inputs.read_empty_or_json(request)
    game = game_of(token)
    outcome = core.restore_round(game, number, access_of(game))
    if not isinstance(outcome, Saved):
        return not_saved(outcome)
    out = {"number": number, "version": outcome.version, "result": outcome.result.to_dict()}
    return jsonify({**out, **summary(game, outcome.ledger)}), 201


@bp.post("/sessions/<token>/undo")
def undo_change(token: str):
    """Undo the session's last change: {"event": <its id>} (refused, 409, if it is not the last)."""
    game = game_of(token)
    body = inputs.read_json(request)
    event = body.get("event") if isinstance(body, dict) else None
    try:
        outcome = undo.undo(game, event, access_of(game))
    except NotFound:
        message = _("no such event in this session's history")
        raise InputError([Problem("event", message)], 404) from None
    if isinstance(outcome, Conflict | Refused | Locked):
        return not_saved(outcome)
    return jsonify(summary(game, core.ledger_of(game)))


@bp.delete("/sessions/<token>/history")
def erase_history(token: str):
    """The owner (X-Owner-Key, the phone that started it, or X-Recovery-Code) erases it."""
    game = game_of(token)
    claim = devices.owner_claim(
        game,
        owner_key=request.headers.get(devices.OWNER_HEADER),
        recovery_code=request.headers.get(devices.RECOVERY_HEADER),
    )
    undo.erase_history(game, claim)
    return jsonify(_page(game, game.players))
