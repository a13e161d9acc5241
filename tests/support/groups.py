"""A barkada built for the stats tests: the group made through the API (group_api.py), its
sessions started through the API and given their group, seat members and start time straight
in the models, their rounds saved through the API (the session core's `submit`).
"""

from __future__ import annotations

from datetime import date, datetime

from tests.support.group_api import make_group, member_ids
from tests.support.two_nights import NIGHT_1, NIGHT_2
from tracker.extensions import db
from tracker.models import Barkada, GameSession, Payment

RULES = {"stake": "10.00", "point_rate": "1.00"}
# Night 1 on Friday 6 November 2026, 20:00 in Manila; night 2 starts at 01:00 on Friday 13
# November in Manila, which is still the 12th in UTC: a night counts on its Manila date.
FRIDAY_1 = datetime(2026, 11, 6, 12, 0)
FRIDAY_2 = datetime(2026, 11, 12, 17, 0)


def group_session(app, client, group: str, seats: list[str], records, started=None, settle=True):
    """A session of `group` with the members `seats` (names) at seats 0, 1, 2, started at the
    naive UTC time `started`, these rounds saved, then settled. Its token."""
    made = client.post("/api/sessions", json={"players": seats, "rules": RULES})
    assert made.status_code == 201, made.get_json()
    token = made.get_json()["id"]
    with app.app_context():
        barkada = db.session.query(Barkada).filter_by(token=group).one()
        ids = {member.name: member.id for member in barkada.members}
        game = db.session.query(GameSession).filter_by(token=token).one()
        game.group_id = barkada.id
        game.seat_members = [ids[name] for name in seats]
        if started is not None:
            game.created_at = started
        db.session.commit()
    for record in records:
        saved = client.post(f"/api/sessions/{token}/rounds", json=record)
        assert saved.status_code == 201, saved.get_json()
    if settle:
        assert client.post(f"/api/sessions/{token}/settle").status_code == 200
    return token


def pay(app, group: str, payer: str, payee: str, amount: str, paid_on: date) -> None:
    """A payment ("Bayad na") recorded straight in the model, the group's revision moved on."""
    with app.app_context():
        barkada = db.session.query(Barkada).filter_by(token=group).one()
        ids = {member.name: member.id for member in barkada.members}
        barkada.payments.append(
            Payment(payer_id=ids[payer], payee_id=ids[payee], amount=amount, paid_on=paid_on)
        )
        barkada.updated_at = datetime(2026, 12, 1)
        db.session.commit()


def rename(app, group: str, old: str, new: str) -> None:
    with app.app_context():
        barkada = db.session.query(Barkada).filter_by(token=group).one()
        member = next(member for member in barkada.members if member.name == old)
        member.name = new
        barkada.updated_at = datetime(2026, 12, 2)  # bumps the group's revision
        db.session.commit()


def two_nights(app, client):
    """Biyernes (Ana, Ben, Cris, Dan) with the two nights of tests/support/two_nights.py played
    and settled, on FRIDAY_1 and FRIDAY_2: (token, {member name: id}, night 2's token)."""
    made = make_group(client, name="Biyernes")
    token, ids = made["id"], member_ids(made)
    for night, started in ((NIGHT_1, FRIDAY_1), (NIGHT_2, FRIDAY_2)):
        seats = [key.title() for key in night[0]]
        last = group_session(app, client, token, seats, night[1], started)
    return token, ids, last
