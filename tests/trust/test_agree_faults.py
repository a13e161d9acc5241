"""The last Agree saves the round and clears the draft in one transaction: a database fault
anywhere in it leaves neither (503, "Nothing was saved", and that is true), the draft as it was
before that Agree, and the Agree sent again saves the round once and answers it; an Agree
repeated after its round was saved answers that round, however often.

The faults are the database driver's own errors: raised by the driver at the statement that
clears the draft (after the round's INSERT went through in the same transaction), and, on
PostgreSQL, the server ending the connection itself (pg_terminate_backend) right after the
round's INSERT."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from sqlalchemy import event

from tests.support.drafts import all_done, fill, rounds_of, url
from tests.support.faults import Fault
from tests.support.records import DRAW
from tracker.extensions import db


def ready_to_agree(client, token) -> int:
    """Every hand in, every seat Done, seats 0 and 1 agreed: seat 2's Agree is the last."""
    fill(client, token)
    version = all_done(client, token)["version"]
    for seat in (0, 1):
        assert (
            client.post(url(token, f"/seats/{seat}/agree"), json={"version": version}).status_code
            == 200
        )
    return version


def assert_nothing_saved(client, token, answer) -> None:
    assert answer.status_code == 503, answer.get_json()
    message = answer.get_json()["errors"][0]["message"]
    assert "Nothing was saved" in message and "try again" in message
    assert rounds_of(client, token) == []


def assert_retry_saves_once(client, token, version) -> None:
    """The last Agree sent again saves round 1; sent once more, it answers the same round."""
    for _ in range(2):
        retry = client.post(url(token, "/seats/2/agree"), json={"version": version})
        assert retry.status_code == 201 and retry.get_json()["saved"] == {"number": 1}
    rounds = rounds_of(client, token)
    assert len(rounds) == 1 and rounds[0]["result"]["winner"] == DRAW["declarer"]


def agree_with(fault, client, token, version):
    try:
        return client.post(url(token, "/seats/2/agree"), json={"version": version})
    finally:
        fault.remove()


def test_a_fault_while_the_draft_is_cleared_saves_nothing_and_the_retry_saves_once(
    app, client, make_session
):
    token = make_session()
    version = ready_to_agree(client, token)
    before = client.get(url(token)).get_json()
    fault = Fault(app, "UPDATE ROUND_DRAFT")
    answer = agree_with(fault, client, token, version)
    assert fault.left == 0, "the fault never fired"
    assert_nothing_saved(client, token, answer)
    after = client.get(url(token)).get_json()
    assert [s["agreed"] for s in after["seats"]] == [True, True, False]
    assert after["version"] == before["version"] and after["last_saved"] is None
    assert_retry_saves_once(client, token, version)
    cleared = client.get(url(token)).get_json()
    assert cleared["last_saved"]["number"] == 1
    assert all(seat["hand"] is None and not seat["agreed"] for seat in cleared["seats"])


def test_a_fault_at_the_idempotency_record_rolls_the_round_back_too(app, client, make_session):
    """The last statement of the transaction fails: the round and the draft's clearing go."""
    token = make_session()
    version = ready_to_agree(client, token)
    fault = Fault(app, "INSERT INTO IDEMPOTENT")
    answer = agree_with(fault, client, token, version)
    assert fault.left == 0, "the fault never fired"
    assert_nothing_saved(client, token, answer)
    assert_retry_saves_once(client, token, version)


@pytest.mark.postgres
def test_postgresql_ending_the_connection_mid_agree_saves_nothing(
    app, client, make_session, database_url
):
    token = make_session()
    version = ready_to_agree(client, token)
    admin = sa.create_engine(database_url, isolation_level="AUTOCOMMIT")
    ended = []

    def end_it(connection, cursor, statement, parameters, context, executemany):
        if not ended and statement.lstrip().upper().startswith("INSERT INTO ROUND "):
            pid = connection.exec_driver_sql("SELECT pg_backend_pid()").scalar()
            with admin.connect() as other:
                other.execute(sa.text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
            ended.append(pid)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "after_cursor_execute", end_it)
    try:
        answer = client.post(url(token, "/seats/2/agree"), json={"version": version})
    finally:
        event.remove(engine, "after_cursor_execute", end_it)
        admin.dispose()
    assert ended, "the connection was never ended"
    assert_nothing_saved(client, token, answer)
    assert_retry_saves_once(client, token, version)
