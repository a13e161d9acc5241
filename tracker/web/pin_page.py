"""The edit PIN's page, a session's or a barkada's (pages/session_page.py, barkada/money_forms.py):
what its form's POST does. The current PIN is asked for when there is one, or the recovery
code; a refusal is shown at the field it is about, and what was typed stays."""

from __future__ import annotations

from flask import request

from ..core import InputError, pins
from ..present.messages import sentence
from . import devices


def posted(guarded, form, set_pin, has_pin: bool, expired: str):
    """`set_pin(guarded, data, claim)` with what the form sent: (the errors by field, the
    status, whether a PIN is set now: None when refused). The phone that set it is unlocked,
    and owns `guarded` when it gave the recovery code."""
    if not form.validate():
        return {"form": [expired]}, 400, None
    claim = devices.owner_claim(
        guarded,
        recovery_code=request.form.get("recovery_code"),
        pin=request.form.get("current_pin"),
    )
    try:
        now_set = set_pin(guarded, {"pin": (request.form.get("new_pin") or "").strip()}, claim)
    except pins.PinError as problem:
        return {_field(has_pin, problem): [sentence(problem.message)]}, problem.status, None
    except InputError as error:
        return {"new_pin": [sentence(p.message) for p in error.problems]}, error.status, None
    devices.unlock(guarded)
    if claim.recovery_code and claim.recovery_code.strip():
        devices.own(guarded)  # the recovery code makes this phone the owner
    return {}, 200, now_set


def _field(has_pin: bool, problem: pins.PinError) -> str:
    """The field a refusal is shown at: the current PIN's when it was about the PIN and the
    page asks for it, else the recovery code's."""
    typed_code = (request.form.get("recovery_code") or "").strip()
    about_pin = problem.where == "pin" and has_pin and not typed_code
    return "current_pin" if about_pin else "recovery_code"
