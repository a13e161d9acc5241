"""The JSON API of barkadas (docs/API.md, "Groups"). Same core functions as the
group pages; the same PIN and owner headers as a session's (X-Edit-Pin, X-Owner-Key,
X-Recovery-Code), checked against the group's own PIN and owner key."""

from __future__ import annotations

from flask import current_app, jsonify, request, url_for
from flask_babel import gettext as _

from ...core import NotFound, owners, pins
from ...core.barkada import import_export as group_exchange
from ...core.barkada.group_store import get_group
from ...core.barkada.groups import (
    add_member,
    change_member,
    create_group,
    member_state,
    set_group_pin,
)
from ...core.barkada.member_payments import record_payment, undo_payment
from ...core.errors import InputError
from ...engine import Problem
from ...exchange.group_export import group_json
from ...exchange.json_file import MAX_PROBLEMS
from .. import devices, inputs
from ..admin import seed_of
from ..heavy_limits import heavy, heavy_import
from ..json_answers import idempotent
from .api_answers import group_dict, payment_dict
from .blueprint import api_bp


def group_of(token: str):
    try:
        return get_group(token)
    except NotFound:
        raise InputError([Problem("id", _("no group with this id"))], 404) from None


def group_access(group) -> pins.Access:
    """The group's edit PIN (X-Edit-Pin) or owner key (X-Owner-Key), or an unlocked device."""
    return devices.access(
        group, request.headers.get(devices.HEADER), request.headers.get(devices.OWNER_HEADER)
    )


def _located(group, body: dict, status: int = 200):
    location = url_for("group_api.get_group_json", token=group.token)
    return jsonify(body), status, {"Location": location}


def _mine(group) -> None:
    """This device made the group: the group is in its list (its owner key is the answer's)."""
    devices.remember(group, devices.GROUPS_KEY)


@api_bp.post("")
def create():
    """A new group: 201 with the group, its owner key and recovery code (answered once; again,
    derived from the key, to the same Idempotency-Key)."""
    body = inputs.read_json(request)
    idem = idempotent("groups", body, lambda made: (201, {"id": made.token}))
    seed = owners.new_seed() if idem is None else seed_of(idem.key)
    group = create_group(body, seed, idem)
    if idem is not None:
        group = get_group(group[1]["id"])
    _mine(group)
    made = owners.derive(seed, group.token)
    secrets = {"owner_key": made.owner_key, "recovery_code": made.recovery_code}
    return _located(group, {**group_dict(group), **secrets}, 201)


@api_bp.post("/import")
@heavy_import
def import_group():
    """A new group from a group export (the body is the export itself): 201, as a new group."""
    seed = owners.new_seed()
    group = group_exchange.import_group(inputs.read_json(request, limit=MAX_PROBLEMS), seed)
    _mine(group)
    made = owners.derive(seed, group.token)
    secrets = {"owner_key": made.owner_key, "recovery_code": made.recovery_code}
    return _located(group, {**group_dict(group), **secrets}, 201)


@api_bp.get("/<token>/export")
@heavy
def export_group(token: str):
    """The group as its export ("tongits-tracker-group/1"): what POST /api/groups/import takes."""
    text = group_json(group_exchange.export_group(group_of(token)))
    return current_app.response_class(text, mimetype="application/json")


@api_bp.get("/<token>")
def get_group_json(token: str):
    return jsonify(group_dict(group_of(token)))


@api_bp.post("/<token>/members")
def add(token: str):
    group = group_of(token)
    member = add_member(group, inputs.read_json(request), group_access(group))
    return _located(group, {"member": member_state(member), **group_dict(group)}, 201)


@api_bp.patch("/<token>/members/<int:member_id>")
def change(token: str, member_id: int):
    group = group_of(token)
    member = change_member(group, member_id, inputs.read_json(request), group_access(group))
    return jsonify({"member": member_state(member), **group_dict(group)})


@api_bp.put("/<token>/pin")
def set_pin(token: str):
    group = group_of(token)
    body = inputs.read_json(request)
    claim = devices.owner_claim(
        group,
        owner_key=request.headers.get(devices.OWNER_HEADER),
        recovery_code=request.headers.get(devices.RECOVERY_HEADER),
        pin=request.headers.get(devices.HEADER),
    )
    return jsonify({"pin": set_group_pin(group, body, claim)})


@api_bp.post("/<token>/payments")
def pay(token: str):
    """Bayad na: {"from", "to", "amount", "paid_on"?} → 201 with the payment and the group."""
    group = group_of(token)
    body = inputs.read_json(request)

    def respond(payment):
        names = {member.id: member.name for member in group.members}
        return 201, {"payment": payment_dict(payment, names), **group_dict(group)}

    idem = idempotent(f"payments:{group.token}", body, respond)
    answer = record_payment(group, body, group_access(group), idem)
    status, out = respond(answer) if idem is None else answer
    return _located(group, out, status)


@api_bp.delete("/<token>/payments/<int:payment_id>")
def undo(token: str, payment_id: int):
    group = group_of(token)
    undo_payment(group, payment_id, group_access(group))
    return jsonify(group_dict(group))
