"""Every change function of the core records what it did: this test finds them in the source
(each function of tracker/core that commits, through `commit`, `commit_group`, the round
removal's guard, `idempotency.created` or `db.session.commit`), runs each one, and fails if
one records nothing, or if a change function appears that is in neither list below."""

from __future__ import annotations

import ast
import pathlib
from datetime import date

import pytest
from sqlalchemy import func, select

from tests.support.records import DRAW, PLAYERS, TALON
from tracker import core
from tracker.core import history, undo, upkeep
from tracker.core.barkada import group_store, groups, join
from tracker.core.barkada import import_export as group_exchange
from tracker.core.barkada import member_payments as group_payments
from tracker.core.owners import Claim
from tracker.exchange.history_in import KINDS
from tracker.extensions import db
from tracker.models import ChangeEvent, GameSession

CORE = pathlib.Path(__file__).parents[2] / "tracker" / "core"
WRITES = {"commit", "commit_group", "commit_versioned", "_guarded", "change_draft", "created"}

# The transaction helpers themselves, and changes that are not a change to a session's or a
# group's record, each with why.
NOT_CHANGES = {
    "store.commit": "the transaction helper every session change goes through",
    "store._changed": "the transaction helper under it (one run of commit_versioned)",
    "barkada.group_store.commit_group": "the group's transaction helper",
    "idempotency.created": "the transaction helper of create_session and create_group",
    "removal._guarded": "the PIN and answer wrapper of delete_round and restore_round",
    "draft.writes.change_draft": "a round being entered: recorded once saved (rounds._save)",
    "draft.writes.set_header": "likewise",
    "draft.writes.set_hand": "likewise",
    "draft.writes.set_done": "likewise",
    "draft.writes.set_confirm_alone": "likewise",
    "draft.writes.clear": "likewise",
    "draft.writes.agree": "likewise: the agreement that completes the table saves through _save",
    "draft.one_phone.keep_entry": "likewise, the one-phone page's kept taps",
    "draft.clearing.forget": "likewise: the draft of a round another phone saved already",
    "draft.answer.remember": "a cached answer of the draft, not data",
    "pins.guard": "a wrong PIN counted (rate limit), not a change",
    "pins.forgive": "the count of wrong PINs cleared",
    "upkeep.delete_sessions": "the session goes with its history (prune, on the server)",
}


def change_functions() -> set[str]:
    found = set()
    for path in sorted(CORE.rglob("*.py")):
        module = ".".join(path.relative_to(CORE).with_suffix("").parts)
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.FunctionDef) and _writes(node):
                found.add(f"{module}.{node.name}")
    return found


def _writes(function: ast.FunctionDef) -> bool:
    for node in ast.walk(function):
        if not isinstance(node, ast.Call):
            continue
        called = node.func
        name = getattr(called, "id", None) or getattr(called, "attr", None)
        if name in WRITES:
            return True
        if name == "commit" and getattr(called.value, "attr", None) == "session":
            return True
    return False


# -- one run of each change, through the core ------------------------------------------------


def _session(client, **extra) -> str:
    made = client.post("/api/sessions", json={"players": PLAYERS, **extra})
    assert made.status_code == 201
    return made.get_json()["id"]


def _group(client) -> tuple[str, str]:
    made = client.post("/api/groups", json={"name": "Biyernes", "members": PLAYERS + ["Dan"]})
    return made.get_json()["id"], made.get_json()["owner_key"]


def _with_rounds(client, *records) -> GameSession:
    token = _session(client)
    for record in records:
        assert client.post(f"/api/sessions/{token}/rounds", json=record).status_code == 201
    return core.get_session(token)


def _save(client):
    game = _with_rounds(client)
    return game, lambda: core.submit(game, core.Submission(dict(DRAW)))


def _edit(client):
    game = _with_rounds(client, DRAW)
    return game, lambda: core.submit(game, core.Submission(dict(TALON), number=1))


def _delete(client):
    game = _with_rounds(client, DRAW, TALON)
    return game, lambda: core.delete_round(game, 1)


def _restore(client):
    game = _with_rounds(client, DRAW, TALON)
    core.delete_round(game, 2)
    return game, lambda: core.restore_round(game, 2)


def _settle(client):
    game = _with_rounds(client, DRAW)
    return game, lambda: core.settle(game)


def _reopen(client):
    game = _with_rounds(client, DRAW)
    core.settle(game)
    return game, lambda: core.reopen(game)


def _set_pin(client):
    game = _with_rounds(client)
    return game, lambda: core.set_pin(game, {"pin": "1234"}, Claim(owner=True))


def _erase(client):
    game = _with_rounds(client, DRAW)
    return game, lambda: undo.erase_history(game, Claim(owner=True))


def _clear_round(client):
    game = _with_rounds(client)
    assert (
        client.put(f"/api/sessions/{game.token}/draft/seats/0", json=DRAW["hands"][0]).status_code
        == 200
    )
    return game, lambda: core.clear_round(game)


def _create_session(client):
    return None, lambda: core.create_session({"players": PLAYERS})


def _import_session(client):
    token = _session(client)
    text = client.get(f"/api/sessions/{token}/export").data
    return None, lambda: core.import_session(text)


def _give_owner(client):
    game = _with_rounds(client)
    return game, lambda: upkeep.give_owner(game.token)


def _create_group(client):
    return None, lambda: groups.create_group({"name": "Sabado", "members": PLAYERS})


def _group_of(client):
    token, _key = _group(client)
    return group_store.get_group(token)


def _add_member(client):
    group = _group_of(client)
    return group, lambda: groups.add_member(group, {"name": "Eli"})


def _change_member(client):
    group = _group_of(client)
    return group, lambda: groups.change_member(group, group.members[0].id, {"name": "Anita"})


def _set_group_pin(client):
    group = _group_of(client)
    return group, lambda: groups.set_group_pin(group, {"pin": "2468"}, Claim(owner=True))


PAID = {"from": "Cris", "to": "Ana", "amount": "47.00", "paid_on": date(2026, 12, 1).isoformat()}


def _record_payment(client):
    group = _group_of(client)
    return group, lambda: group_payments.record_payment(group, dict(PAID))


def _undo_payment(client):
    group = _group_of(client)
    payment = group_payments.record_payment(group, dict(PAID))
    return group, lambda: group_payments.undo_payment(group, payment.id)


def _join_group(client):
    group = _group_of(client)
    game = _with_rounds(client, DRAW)
    choices = join.default_choices(game, group)
    return game, lambda: join.join_group(game, group, choices, [])


def _leave_group(client):
    game, joined = _join_group(client)
    joined()
    return game, lambda: join.leave_group(game)


def _import_group(client):
    token, _key = _group(client)
    text = client.get(f"/api/groups/{token}/export").data
    return None, lambda: group_exchange.import_group(text)


SCENARIOS = {
    "rounds._save": _save,
    "rounds._edit": _edit,
    "removal.delete_round": _delete,
    "removal.restore_round": _restore,
    "lifecycle.settle": _settle,
    "lifecycle.reopen": _reopen,
    "lifecycle.set_pin": _set_pin,
    "lifecycle.create_session": _create_session,
    "imports.import_session": _import_session,
    "undo.erase_history": _erase,
    "draft.clearing.clear_round": _clear_round,
    "upkeep.give_owner": _give_owner,
    "barkada.groups.create_group": _create_group,
    "barkada.groups.add_member": _add_member,
    "barkada.groups.change_member": _change_member,
    "barkada.groups.set_group_pin": _set_group_pin,
    "barkada.member_payments.record_payment": _record_payment,
    "barkada.member_payments.undo_payment": _undo_payment,
    "barkada.import_export._import_group": _import_group,
    "barkada.join.join_group": _join_group,
    "barkada.join.leave_group": _leave_group,
}


def test_every_change_function_is_known():
    found = change_functions()
    unknown = found - set(SCENARIOS) - set(NOT_CHANGES)
    assert not unknown, f"change functions that no test shows record anything: {unknown}"
    assert set(SCENARIOS) <= found, set(SCENARIOS) - found  # the list follows the code
    assert set(NOT_CHANGES) <= found, set(NOT_CHANGES) - found


def _newest() -> int:
    """The id of the newest event (0: none): a change records one newer than any before."""
    return db.session.execute(select(func.max(ChangeEvent.id))).scalar_one() or 0


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_each_change_records_what_it_did(app, client, name):
    with app.app_context():
        target, run = SCENARIOS[name](client)
        before = _newest()
        run()
        db.session.expire_all()
        assert _newest() > before, f"{name} changed something and recorded nothing"
        newest = db.session.execute(select(ChangeEvent).order_by(ChangeEvent.id.desc())).scalar()
        assert newest.kind in KINDS
        if target is not None:
            assert history.latest(target).id == newest.id


def test_the_kinds_an_import_takes_are_the_kinds_the_core_writes():
    written = {
        value
        for name, value in vars(history).items()
        if name.isupper() and isinstance(value, str) and name != "PAGE"
    }
    assert written == set(KINDS)
