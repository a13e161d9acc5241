"""The JSON API (docs/API.md). Same service functions, so the same checks and messages as the forms.

Bodies must be JSON (Content-Type: application/json): a cross-site HTML form cannot send that,
which is why this blueprint needs no CSRF token.
"""
from __future__ import annotations

from flask import Blueprint, jsonify, request, url_for

from .. import service
from ..engine import Problem

bp = Blueprint("api", __name__, url_prefix="/api")




def _body():
    if not request.is_json:
        raise service.InputError([Problem("body", "send JSON with Content-Type: application/json")], 415)
    data = request.get_json(silent=True)
    if data is None:
        raise service.InputError([Problem("body", "the body is not valid JSON")], 400)
    return data


def _game(token: str):
    try:
        return service.get_session(token)
    except service.NotFound:
        raise service.InputError([Problem("id", "no session with this id")], 404) from None


def _number(game, number: int) -> int:
    if not 1 <= number <= service.round_count(game):
        raise service.InputError([Problem("number", f"this session has no round {number}")], 404)
    return number


@bp.errorhandler(service.InputError)
def input_error(error: service.InputError):
    return jsonify(error.to_dict()), error.status


def _summary(game, ledger) -> dict:
    out = service.session_dict(game, ledger, rounds=False)
    out["url"] = url_for("pages.session_page", token=game.token, _external=True)
    return out


@bp.get("/sessions")
def list_sessions():
    return jsonify({"sessions": [
        {"id": game.token, "players": game.players, "created": game.created_at.isoformat() + "Z",
         "rounds": count, "settled": game.settled,
         "url": url_for("pages.session_page", token=game.token, _external=True)}
        for game, count in service.recent_sessions()]})


@bp.post("/sessions")
def create_session():
    game = service.create_session(_body())
    out = service.session_dict(game)
    out["url"] = url_for("pages.session_page", token=game.token, _external=True)
    return jsonify(out), 201, {"Location": url_for("api.get_session", token=game.token)}


@bp.get("/sessions/<token>")
def get_session(token: str):
    game = _game(token)
    out = service.session_dict(game)
    out["url"] = url_for("pages.session_page", token=game.token, _external=True)
    return jsonify(out)


@bp.get("/sessions/<token>/revision")
def revision(token: str):
    """What phones poll: changes whenever a round is saved, edited or deleted, or on settle."""
    game = _game(token)
    return jsonify({"revision": game.revision, "settled": game.settled})


@bp.post("/sessions/<token>/rounds")
def add_round(token: str):
    game = _game(token)
    number, result, ledger = service.save_round(game, _body())
    out = {"number": number, "result": result.to_dict(), **_summary(game, ledger)}
    return jsonify(out), 201, {"Location": url_for("api.get_round", token=token, number=number)}


@bp.post("/sessions/<token>/rounds/check")
def check_round(token: str):
    """Score a round without saving it: the same answer a POST would give, nothing stored."""
    game = _game(token)
    _, result, _ = service.check_round(game, _body())
    return jsonify({"result": result.to_dict()})


@bp.get("/sessions/<token>/rounds/<int:number>")
def get_round(token: str, number: int):
    game = _game(token)
    _number(game, number)
    ledger = service.ledger_of(game)
    return jsonify(service.round_dict(number, game.rounds[number - 1].record, ledger.results[number - 1]))


@bp.put("/sessions/<token>/rounds/<int:number>")
def put_round(token: str, number: int):
    game = _game(token)
    _number(game, number)
    result, ledger = service.edit_round(game, number, _body())
    return jsonify({"number": number, "result": result.to_dict(), **_summary(game, ledger)})


@bp.delete("/sessions/<token>/rounds/<int:number>")
def delete_round(token: str, number: int):
    game = _game(token)
    _number(game, number)
    ledger = service.delete_round(game, number)
    return jsonify(_summary(game, ledger))


@bp.post("/sessions/<token>/settle")
def settle(token: str):
    game = _game(token)
    return jsonify(_summary(game, service.settle(game)))


@bp.post("/sessions/<token>/reopen")
def reopen(token: str):
    game = _game(token)
    return jsonify(_summary(game, service.reopen(game)))
