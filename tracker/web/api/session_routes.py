"""The JSON API of sessions and their rounds (docs/API.md): routes of the `api` blueprint.
The same core functions as the forms, so the same checks and messages."""

from __future__ import annotations

from flask import current_app, jsonify, request, url_for
from flask_babel import gettext as _

from ... import core
from ...core import AlreadySaved, Deleted, NeedsReview, Saved, Submission, owners, pins
from ...core.barkada.group_store import group_of
from ...core.draft.tags import revision_tag
from ...core.errors import InputError
from ...engine import Problem
from ...exchange.export import export_json
from ...exchange.json_file import MAX_PROBLEMS
from .. import devices, inputs
from ..admin import allowed, seed_of
from ..file_answers import kept_text
from ..heavy_limits import heavy, heavy_import
from ..json_answers import access_of, idempotent, if_match, not_saved, read_body
from ..lookups import game_of
from . import round_news
from .answers import round_dict, session_dict, session_list, summary
from .blueprint import bp


def _number(game, number: int) -> int:
    if not 1 <= number <= core.round_count(game):
        raise InputError(
            [Problem("number", _("this session has no round %(number)s", number=number))], 404
        )
    return number


@bp.get("/sessions")
def list_sessions():
    """Every session, for the server's owner only (Authorization: Bearer <TRACKER_ADMIN_TOKEN>);
    without a token an empty list, with a wrong one 403."""
    if not allowed(request.headers.get("Authorization")):
        return jsonify(session_list([]))
    return jsonify(session_list(core.recent_sessions()))


@bp.post("/sessions")
def create_session():
    body = read_body()

    def respond(game):
        group = group_of(game)
        if group is not None:  # this device named the group: it is one of the group's
            devices.remember(group, devices.GROUPS_KEY)
        return 201, session_dict(game)

    idem = idempotent("sessions", body, respond)
    # A repeated create (same Idempotency-Key) derives the same owner key and recovery code
    # again, from the key and the server's secret: they are answered again, never stored.
    seed = owners.new_seed() if idem is None else seed_of(idem.key)
    answer = core.create_session(body, idem, seed, group_access=access_of)
    status, out = respond(answer) if idem is None else answer
    if status == 201:
        out = {**out, **owner_secrets(seed, out["id"])}
    return jsonify(out), status, {"Location": url_for("api.get_session", token=out["id"])}


def owner_secrets(seed: bytes, token: str) -> dict:
    made = owners.derive(seed, token)
    return {"owner_key": made.owner_key, "recovery_code": made.recovery_code}


@bp.get("/sessions/<token>")
def get_session(token: str):
    """The session, with ROUNDS_PAGE of its rounds from ?from= (1: the first); kept by this
    worker for the session's revision (200 rounds of results cost about 50 ms to write)."""
    game = game_of(token)
    first = request.args.get("from", "1")
    count = core.round_count(game)
    if not first.isdigit() or len(first) > 6 or not 1 <= int(first) <= max(count, 1):
        most = _("from is the number of a round, 1 to %(count)s", count=max(count, 1))
        raise InputError([Problem("from", most)], 400)
    group = group_of(game)
    mine = group is not None and devices.knows(group)  # the answer names the group: or not
    text = kept_text(  # a PIN set or removed moves no revision: it is part of the key
        game,
        f"api {first} {mine} {pins.has_pin(game)}",
        lambda: current_app.json.dumps(session_dict(game, first=int(first))) + "\n",
    )
    return current_app.response_class(text, mimetype="application/json")


@bp.get("/sessions/<token>/revision")
def revision(token: str):
    """What phones poll: changes whenever a round is saved, edited or deleted, or on settle."""
    try:
        revision, settled = core.revision_of(token)
    except core.NotFound:
        raise InputError([Problem("id", _("no session with this id"))], 404) from None
    answer = jsonify({"revision": revision, "settled": settled})
    answer.set_etag(revision_tag(revision, settled))
    return answer.make_conditional(request)  # 304 when If-None-Match names this ETag


@bp.post("/sessions/<token>/rounds")
def add_round(token: str):
    game = game_of(token)
    body = read_body()

    def respond(saved: Saved):
        out = {"number": saved.number, "result": saved.result.to_dict()}
        return 201, {**out, **summary(game, saved.ledger)}

    idem = idempotent(f"rounds:{game.token}", body, respond)
    submission = round_news.submission(body, idem, access_of(game))
    outcome = core.submit_sent(game, submission, round_news.draft_changed())
    if isinstance(outcome, (AlreadySaved, NeedsReview)):
        return round_news.answer(game, outcome)
    if not isinstance(outcome, Saved):
        return not_saved(outcome)
    status, out = outcome.answer or respond(outcome)
    location = url_for("api.get_round", token=token, number=out["number"])
    return jsonify(out), status, {"Location": location}


@bp.post("/sessions/<token>/rounds/check")
def check_round(token: str):
    """Score a round without saving it: the same answer a POST would give, nothing stored."""
    game = game_of(token)
    checked = core.check_round(game, read_body())
    return jsonify({"result": checked.result.to_dict()})


@bp.get("/sessions/<token>/rounds/<int:number>")
def get_round(token: str, number: int):
    game = game_of(token)
    _number(game, number)
    ledger = core.ledger_of(game)
    round_ = game.rounds[number - 1]
    return (
        jsonify(round_dict(number, round_.record, ledger.results[number - 1], round_.version)),
        {"ETag": f'"{round_.version}"'},
    )


@bp.put("/sessions/<token>/rounds/<int:number>")
def put_round(token: str, number: int):
    game = game_of(token)
    _number(game, number)
    body = read_body()
    submission = Submission(body, number=number, version=if_match(), access=access_of(game))
    outcome = core.submit(game, submission)
    if not isinstance(outcome, Saved):
        return not_saved(outcome)
    out = {"number": number, "version": outcome.version, "result": outcome.result.to_dict()}
    return jsonify({**out, **summary(game, outcome.ledger)}), {"ETag": f'"{outcome.version}"'}


@bp.delete("/sessions/<token>/rounds/<int:number>")
def delete_round(token: str, number: int):
    game = game_of(token)
    _number(game, number)
    outcome = core.delete_round(game, number, if_match(), access_of(game))
    if not isinstance(outcome, Deleted):
        return not_saved(outcome)
    return jsonify(summary(game, outcome.ledger))


@bp.post("/sessions/<token>/settle")
def settle(token: str):
    inputs.read_empty_or_json(request)
    game = game_of(token)
    return jsonify(summary(game, core.settle(game, access_of(game))))


@bp.post("/sessions/<token>/reopen")
def reopen(token: str):
    inputs.read_empty_or_json(request)
    game = game_of(token)
    return jsonify(summary(game, core.reopen(game, access_of(game))))


@bp.put("/sessions/<token>/pin")
def set_pin(token: str):
    """Set, change or remove the edit PIN: for the owner (X-Owner-Key, or the device that
    started the session), the recovery code (X-Recovery-Code) or the current PIN (X-Edit-Pin)."""
    game = game_of(token)
    body = read_body()
    claim = devices.owner_claim(
        game,
        owner_key=request.headers.get(devices.OWNER_HEADER),
        recovery_code=request.headers.get(devices.RECOVERY_HEADER),
        pin=request.headers.get(devices.HEADER),
    )
    return jsonify({"pin": core.set_pin(game, body, claim)})


# ---------------------------------------------------------------- export and import


@bp.post("/sessions/import")
@heavy_import
def import_session():
    """A new session from a JSON export (the body is the export itself): 201 with its id and url."""
    seed = owners.new_seed()
    game = core.import_session(inputs.read_json(request, limit=MAX_PROBLEMS), seed)
    return (
        jsonify({**summary(game), **owner_secrets(seed, game.token)}),
        201,
        {"Location": url_for("api.get_session", token=game.token)},
    )


@bp.get("/sessions/<token>/export")
@heavy
def export_session(token: str):
    """The session as its JSON export: what POST /api/sessions/import (here or elsewhere) takes."""
    game = game_of(token)
    text = kept_text(game, "json", lambda: export_json(game.export(history=True)))
    return current_app.response_class(text, mimetype="application/json")
