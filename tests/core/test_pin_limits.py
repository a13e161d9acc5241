"""PIN guessing is bounded per session as well as per address. A 4-digit PIN fell
after 174 tries from 35 loopback addresses; now all addresses together get
`pins.MAX_WRONG_PER_SESSION` tries per window, and the owner and unlocked devices go on."""

from __future__ import annotations

import http.client
import json

import pytest
import sqlalchemy as sa

from tests.support.live_server import Gunicorn, migrate
from tests.support.records import DRAW, PLAYERS
from tracker.core import owners, pins

SECRET = "0150"  # found at the 151st try of 0000, 0001, … without a cap per session
SEVERAL = "from several devices"


@pytest.mark.slow
def test_35_addresses_guessing_stop_at_the_cap_per_session(app, client):
    from tracker import core

    made = client.post("/api/sessions", json={"players": PLAYERS, "pin": SECRET}).get_json()
    checked, refused, guess = 0, 0, 0
    with app.app_context():
        game = core.get_session(made["id"])
        for address in range(35):
            for _ in range(pins.MAX_WRONG):
                try:
                    pins.check(game, f"{guess:04d}", f"10.0.0.{address}")
                except pins.PinError as error:
                    if error.status == 429 and SEVERAL in error.message:
                        refused += 1
                    else:
                        checked += 1
                else:
                    pytest.fail(f"the PIN fell at try {guess + 1}")
                guess += 1
        assert checked == pins.MAX_WRONG_PER_SESSION and refused == 175 - checked
        # even the right PIN from a new address waits, with the time to wait said
        with pytest.raises(pins.PinError) as limited:
            pins.check(game, SECRET, "10.0.1.1")
        assert limited.value.status == 429 and 800 < limited.value.retry_after <= 900
        assert limited.value.message.startswith(
            "too many wrong tries at this session's PIN from several devices: try again in "
            "15 minutes"
        )
        # an unlocked device, the owner key and the recovery code are not kept waiting
        pins.admit(game, pins.Access(unlocked=True, client="10.0.1.1"))
        owners.admit_pin_change(game, owners.Claim(owner_key=made["owner_key"], client="x"))
        owners.admit_pin_change(game, owners.Claim(recovery_code=made["recovery_code"]))
        # but a wrong owner key counts, and is refused like a PIN
        with pytest.raises(pins.PinError) as wrong_key:
            owners.admit_pin_change(game, owners.Claim(owner_key="guess", client="10.0.1.2"))
        assert wrong_key.value.status == 429


@pytest.mark.slow
def test_the_api_says_when_to_try_again_and_the_owner_goes_on(client, app):
    made = client.post("/api/sessions", json={"players": PLAYERS, "pin": SECRET}).get_json()
    url = f"/api/sessions/{made['id']}/rounds"
    answers = []
    for address in range(6):
        for guess in range(5):
            answers.append(
                client.post(
                    url,
                    json=DRAW,
                    headers={"X-Edit-Pin": f"9{address}{guess}0"},
                    environ_base={"REMOTE_ADDR": f"10.1.0.{address}"},
                )
            )
    last = answers[-1]
    assert last.status_code == 429 and 0 < int(last.headers["Retry-After"]) <= 900
    assert SEVERAL in last.get_json()["errors"][0]["message"]
    assert sum(answer.status_code == 403 for answer in answers) <= pins.MAX_WRONG_PER_SESSION
    owner = {"X-Owner-Key": made["owner_key"]}
    assert client.post(url, json=DRAW, headers=owner).status_code == 201
    pin_url = f"/api/sessions/{made['id']}/pin"
    assert client.put(pin_url, json={"pin": "864213"}, headers=owner).get_json() == {"pin": True}
    # the unlock page says it too
    from tests.support.forms import csrf_token

    phone = app.test_client()
    page = phone.get(f"/s/{made['id']}/unlock").get_data(as_text=True)
    unlock = phone.post(
        f"/s/{made['id']}/unlock",
        data={"csrf_token": csrf_token(page), "pin": "864213"},
        environ_base={"REMOTE_ADDR": "10.2.0.1"},
    )
    assert unlock.status_code == 429 and "Retry-After" in unlock.headers
    assert "Too many wrong tries at this session" in unlock.get_data(as_text=True)


def _post(port: int, source: str, path: str, body: dict, headers: dict) -> tuple[int, dict, dict]:
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=10, source_address=(source, 0)
    )
    try:
        connection.request(
            "POST", path, json.dumps(body), {"Content-Type": "application/json", **headers}
        )
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), json.loads(response.read() or b"null")
    finally:
        connection.close()


@pytest.mark.slow
def test_real_gunicorn_guessed_from_several_loopback_addresses(database_url, tmp_path):
    instance = tmp_path / "instance"
    if not database_url.startswith("sqlite"):
        migrate(database_url, instance)
    server = Gunicorn(database_url, instance).start()
    try:
        status, _, made = _post(
            server.port, "127.0.0.1", "/api/sessions", {"players": PLAYERS, "pin": SECRET}, {}
        )
        assert status == 201
        path = f"/api/sessions/{made['id']}/rounds"
        statuses, last = [], None
        guess = 0
        for address in range(2, 12):  # 10 source addresses, 5 tries each
            for _ in range(pins.MAX_WRONG):
                last = _post(
                    server.port, f"127.0.0.{address}", path, DRAW, {"X-Edit-Pin": f"{guess:04d}"}
                )
                statuses.append(last[0])
                guess += 1
        assert 201 not in statuses  # the PIN (the 151st guess) never fell
        assert statuses.count(403) <= pins.MAX_WRONG_PER_SESSION
        assert last[0] == 429 and 0 < int(last[1]["Retry-After"]) <= 900
        assert SEVERAL in last[2]["errors"][0]["message"]
        engine = sa.create_engine(database_url)
        with engine.connect() as connection:
            tries, addresses = connection.execute(
                sa.text("SELECT COUNT(*), COUNT(DISTINCT client) FROM pin_attempt")
            ).one()
        engine.dispose()
        assert tries == pins.MAX_WRONG_PER_SESSION and addresses >= 4  # the server saw them apart
        # the owner key is not kept waiting
        owner = {"X-Owner-Key": made["owner_key"]}
        assert _post(server.port, "127.0.0.20", path, DRAW, owner)[0] == 201
    finally:
        server.stop()
