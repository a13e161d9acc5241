"""The JSON API (docs/API.md). Same service functions, so the same checks and messages as the forms.

Bodies must be JSON (Content-Type: application/json): a cross-site HTML form cannot send that,
which is why this blueprint needs no CSRF token.
"""

from __future__ import annotations

from flask import Blueprint, jsonify, request, url_for

from .. import idempotency, pin, service
from ..engine import Problem
from ..idempotency import Idempotent

bp = Blueprint("api", __name__, url_prefix="/api")


def _body():
    if not request.is_json:
        raise service.InputError(
            [Problem("body", "send JSON with Content-Type: application/json")], 415
        )
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


@bp.errorhandler(pin.PinError)
def pin_error(error: pin.PinError):
    headers = {"Retry-After": str(error.retry_after)} if error.retry_after else {}
    return jsonify({"errors": [error.to_problem().to_dict()]}), error.status, headers


def _may_change(game) -> None:
    """The session's edit PIN: from the X-Edit-Pin header, or a device the pages unlocked."""
    pin.require(game, request.headers.get(pin.HEADER))


def _idempotent(scope: str, body, respond) -> Idempotent | None:
    key = idempotency.read_key(request.headers.get(idempotency.HEADER))
    return None if key is None else Idempotent(scope, key, idempotency.fingerprint(body), respond)


def _if_match():
    """The round version an edit or delete is based on (If-Match: "7"), or None for none."""
    value = (request.headers.get("If-Match") or "").strip()
    if value in ("", "*"):
        return None
    value = value.removeprefix("W/").strip().strip('"')
    if not value.isdigit():
        raise service.InputError(
            [
                Problem(
                    "If-Match",
                    'If-Match takes the round\'s version, as in GET (its ETag), e.g. "7"',
                )
            ],
            400,
        )
    return int(value)


def _summary(game, ledger) -> dict:
    out = service.session_dict(game, ledger, rounds=False)
    out["url"] = url_for("pages.session_page", token=game.token, _external=True)
    return out


@bp.get("/sessions")
def list_sessions():
    return jsonify(
        {
            "sessions": [
                {
                    "id": game.token,
                    "players": game.players,
                    "created": game.created_at.isoformat() + "Z",
                    "rounds": count,
                    "settled": game.settled,
                    "url": url_for("pages.session_page", token=game.token, _external=True),
                }
                for game, count in service.recent_sessions()
            ]
        }
    )


@bp.post("/sessions")
def create_session():
    body = _body()

    def respond(game):
        out = service.session_dict(game)
        out["url"] = url_for("pages.session_page", token=game.token, _external=True)
        return 201, out

    idem = _idempotent("sessions", body, respond)
    answer = service.create_session(body, idem)
    status, out = respond(answer) if idem is None else answer
    return jsonify(out), status, {"Location": url_for("api.get_session", token=out["id"])}


@bp.get("/sessions/<token>")
def get_session(token: str):
    game = _game(token)
    out = service.session_dict(game)
    out["url"] = url_for("pages.session_page", token=game.token, _external=True)
    return jsonify(out)


@bp.get("/sessions/<token>/revision")
def revision(token: str):
    """What phones poll: changes whenever a round is saved, edited or deleted, or on settle."""
    try:
        revision, settled = service.revision_of(token)
    except service.NotFound:
        raise service.InputError([Problem("id", "no session with this id")], 404) from None
    return jsonify({"revision": revision, "settled": settled})


@bp.post("/sessions/<token>/rounds")
def add_round(token: str):
    game = _game(token)
    body = _body()
    _may_change(game)

    def respond(answer):
        number, result, ledger = answer
        return 201, {"number": number, "result": result.to_dict(), **_summary(game, ledger)}

    idem = _idempotent(f"rounds:{game.token}", body, respond)
    answer = service.save_round(game, body, idem)
    status, out = respond(answer) if idem is None else answer
    return (
        jsonify(out),
        status,
        {"Location": url_for("api.get_round", token=token, number=out["number"])},
    )


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
    round_ = game.rounds[number - 1]
    return (
        jsonify(
            service.round_dict(number, round_.record, ledger.results[number - 1], round_.version)
        ),
        {"ETag": f'"{round_.version}"'},
    )


@bp.put("/sessions/<token>/rounds/<int:number>")
def put_round(token: str, number: int):
    game = _game(token)
    _number(game, number)
    body = _body()
    version = _if_match()
    _may_change(game)
    result, ledger = service.edit_round(game, number, body, version)
    version = service.round_version(game, number)
    return (
        jsonify(
            {
                "number": number,
                "version": version,
                "result": result.to_dict(),
                **_summary(game, ledger),
            }
        ),
        {"ETag": f'"{version}"'},
    )


@bp.delete("/sessions/<token>/rounds/<int:number>")
def delete_round(token: str, number: int):
    game = _game(token)
    _number(game, number)
    version = _if_match()
    _may_change(game)
    ledger = service.delete_round(game, number, version)
    return jsonify(_summary(game, ledger))


@bp.post("/sessions/<token>/settle")
def settle(token: str):
    game = _game(token)
    _may_change(game)
    return jsonify(_summary(game, service.settle(game)))


@bp.post("/sessions/<token>/reopen")
def reopen(token: str):
    game = _game(token)
    _may_change(game)
    return jsonify(_summary(game, service.reopen(game)))


@bp.put("/sessions/<token>/pin")
def set_pin(token: str):
    """Set, change or remove the edit PIN; the current one (if any) in X-Edit-Pin."""
    game = _game(token)
    body = _body()
    return jsonify({"pin": service.set_pin(game, body, current=request.headers.get(pin.HEADER))})


# ---------------------------------------------------------------- export and import (issue 3)


@bp.post("/sessions/import")
def import_session():
    """A new session from a JSON export (the body is the export itself): 201 with its id and url."""
    game = service.import_session(_body())
    out = service.session_dict(game, rounds=False)
    out["url"] = url_for("pages.session_page", token=game.token, _external=True)
    return jsonify(out), 201, {"Location": url_for("api.get_session", token=game.token)}


@bp.get("/sessions/<token>/export")
def export_session(token: str):
    """The session as its JSON export: what POST /api/sessions/import (here or elsewhere) takes."""
    from flask import current_app

    from ..documents.export import export_json

    return current_app.response_class(
        export_json(_game(token).export()), mimetype="application/json"
    )
