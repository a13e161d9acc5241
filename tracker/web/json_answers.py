"""The web layer's ground floor for JSON: what every JSON view shares (the API's, the draft's,
a barkada's): the body read safely, the edit PIN or owner key of the request, If-Match, an
Idempotency-Key, and the core's refusals answered as JSON (docs/API.md, "Errors")."""

from __future__ import annotations

import re

from flask import Blueprint, jsonify, request
from flask_babel import gettext as _

from .. import core
from ..core import Conflict, Locked, Refused, idempotency, pins
from ..core.errors import InputError
from ..engine import Problem
from ..present.messages import errors_dict
from . import devices, inputs

VERSION = re.compile(r"[0-9]{1,10}")  # ASCII digits only: "¹".isdigit() is True
MAX_VERSION = 2**31 - 1  # the largest revision the database holds


def json_errors(blueprint: Blueprint) -> None:
    """Refusals of the core answered as JSON on `blueprint`'s routes."""
    blueprint.register_error_handler(InputError, input_error)
    blueprint.register_error_handler(pins.PinError, pin_error)


def read_body():
    return inputs.read_json(request)


def input_error(error: InputError):
    wait = error.retry_after  # a busy server: when to try again
    headers = {"Retry-After": str(wait)} if wait else {}
    return jsonify(errors_dict(error.problems)), error.status, headers


def pin_error(error: pins.PinError):
    headers = {"Retry-After": str(error.retry_after)} if error.retry_after else {}
    return jsonify(errors_dict([error.to_problem()])), error.status, headers


def access_of(game) -> pins.Access:
    """The session's edit PIN: from the X-Edit-Pin header, or a device the pages unlocked; or
    its owner key (X-Owner-Key), which may always change the session."""
    return devices.access(
        game, request.headers.get(devices.HEADER), request.headers.get(devices.OWNER_HEADER)
    )


def idempotent(scope: str, body, respond) -> core.Idempotent | None:
    key = idempotency.read_key(request.headers.get(idempotency.HEADER))
    if key is None:
        return None
    return core.Idempotent(scope, key, idempotency.fingerprint(body), respond)


def if_match():
    """The round version an edit or delete is based on (If-Match: "7"), or None for none."""
    value = (request.headers.get("If-Match") or "").strip()
    if value in ("", "*"):
        return None
    value = value.removeprefix("W/").strip().strip('"')
    if not VERSION.fullmatch(value) or int(value) > MAX_VERSION:
        raise InputError(
            [
                Problem(
                    "If-Match",
                    _('If-Match takes the round\'s version, as in GET (its ETag), e.g. "7"'),
                )
            ],
            400,
        )
    return int(value)


BEGAN_HEADER = "Draft-Began"


def draft_began() -> int | None:
    """The round a draft write was made on (Draft-Began: the `began.at` of the draft the phone
    showed), or None when not said: the write is then taken on whatever round is in progress."""
    value = (request.headers.get(BEGAN_HEADER) or "").strip()
    if not value:
        return None
    if not VERSION.fullmatch(value) or int(value) > MAX_VERSION:
        problem = Problem(BEGAN_HEADER, _("Draft-Began takes the draft's began.at, e.g. 12"))
        raise InputError([problem], 400)
    return int(value)


def not_saved(outcome: Conflict | Refused | Locked):
    """The JSON answer of a round change that did not happen."""
    if isinstance(outcome, Locked):
        return pin_error(outcome.error)
    if isinstance(outcome, Conflict):
        return input_error(outcome.error)
    return jsonify(errors_dict(outcome.problems)), outcome.status
