"""The round draft (one phone per seat) through its JSON API: its address, the three seats'
hands written, every seat Done, the session's saved rounds."""

from __future__ import annotations

from tests.support.records import DRAW

HEADER = {key: DRAW[key] for key in ("ending", "declarer")}


def url(token, tail=""):
    return f"/api/sessions/{token}/draft{tail}"


def fill(client, token, record=DRAW):
    header = {key: record[key] for key in ("ending", "declarer") if key in record}
    assert client.put(url(token, "/header"), json=header).status_code == 200
    for seat, hand in enumerate(record["hands"]):
        response = client.put(url(token, f"/seats/{seat}"), json=hand)
        assert response.status_code == 200, response.get_json()
    return response.get_json()


def all_done(client, token):
    for seat in range(3):
        response = client.post(url(token, f"/seats/{seat}/done"))
        assert response.status_code == 200, response.get_json()
    return response.get_json()


def rounds_of(client, token):
    return client.get(f"/api/sessions/{token}").get_json()["rounds"]
