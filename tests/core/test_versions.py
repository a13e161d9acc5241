"""Two edits of the same round racing: the later one is refused with a clear message (optimistic
version check), never silently lost; the form keeps what was typed and shows the saved version."""

from __future__ import annotations

import re
import threading

from tests.support.forms import confirmation, csrf_token
from tests.support.records import DRAW, TALON, TONGITS


def _round(client, token, number):
    response = client.get(f"/api/sessions/{token}/rounds/{number}")
    assert response.status_code == 200
    body = response.get_json()
    assert response.headers["ETag"] == f'"{body["version"]}"'
    return body


def test_get_gives_the_version_and_an_edit_changes_it(client, make_session):
    token = make_session()
    client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    version = _round(client, token, 1)["version"]
    response = client.put(
        f"/api/sessions/{token}/rounds/1", json=TALON, headers={"If-Match": f'"{version}"'}
    )
    assert response.status_code == 200
    new = response.get_json()["version"]
    assert new != version and response.headers["ETag"] == f'"{new}"'
    assert _round(client, token, 1)["version"] == new
    assert client.get(f"/api/sessions/{token}").get_json()["rounds"][0]["version"] == new


def test_an_edit_from_a_stale_version_is_refused_and_changes_nothing(client, make_session):
    token = make_session()
    client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    stale = _round(client, token, 1)["version"]
    # Ben's phone changes round 1 first
    assert (
        client.put(
            f"/api/sessions/{token}/rounds/1", json=TALON, headers={"If-Match": str(stale)}
        ).status_code
        == 200
    )
    before = client.get(f"/api/sessions/{token}").get_json()
    response = client.put(
        f"/api/sessions/{token}/rounds/1", json=TONGITS, headers={"If-Match": f'"{stale}"'}
    )
    assert response.status_code == 409
    error = response.get_json()["errors"][0]
    assert error["where"] == "version"
    assert "round 1 was changed on another phone while you were editing" in error["message"]
    after = client.get(f"/api/sessions/{token}").get_json()
    assert after == before and after["rounds"][0]["record"]["ending"] == "talon"
    # W/"n", "n", n and * are understood; garbage is a 400
    current = after["rounds"][0]["version"]
    assert (
        client.put(
            f"/api/sessions/{token}/rounds/1", json=TONGITS, headers={"If-Match": f'W/"{current}"'}
        ).status_code
        == 200
    )
    assert (
        client.put(
            f"/api/sessions/{token}/rounds/1", json=DRAW, headers={"If-Match": "*"}
        ).status_code
        == 200
    )
    bad = client.put(f"/api/sessions/{token}/rounds/1", json=DRAW, headers={"If-Match": "banana"})
    assert bad.status_code == 400 and bad.get_json()["errors"][0]["where"] == "If-Match"


def test_a_delete_moves_later_rounds_so_their_old_versions_no_longer_fit(client, make_session):
    token = make_session()
    for record in (DRAW, TALON, TONGITS):
        client.post(f"/api/sessions/{token}/rounds", json=record)
    second = _round(client, token, 2)["version"]
    third = _round(client, token, 3)["version"]
    # someone deletes round 1 on another phone: what was round 3 is round 2 now
    response = client.delete(
        f"/api/sessions/{token}/rounds/1",
        headers={"If-Match": str(_round(client, token, 1)["version"])},
    )
    assert response.status_code == 200
    for stale in (second, third):
        refused = client.put(
            f"/api/sessions/{token}/rounds/2", json=DRAW, headers={"If-Match": str(stale)}
        )
        assert refused.status_code == 409
        assert (
            client.delete(
                f"/api/sessions/{token}/rounds/2", headers={"If-Match": str(stale)}
            ).status_code
            == 409
        )
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 2


def test_two_edits_racing_on_two_workers_one_wins_one_is_refused(
    app, second_worker, make_session, client
):
    token = make_session()
    client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    version = _round(client, token, 1)["version"]
    other = second_worker
    start = threading.Barrier(2)
    answers = {}

    def edit(worker, record, name):
        phone = worker.test_client()
        start.wait()
        answers[name] = phone.put(
            f"/api/sessions/{token}/rounds/1", json=record, headers={"If-Match": str(version)}
        )

    threads = [
        threading.Thread(target=edit, args=(app, TALON, "ana")),
        threading.Thread(target=edit, args=(other, TONGITS, "ben")),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    statuses = sorted(answer.status_code for answer in answers.values())
    assert statuses == [200, 409], statuses
    winner = next(name for name, answer in answers.items() if answer.status_code == 200)
    stored = client.get(f"/api/sessions/{token}").get_json()["rounds"][0]["record"]["ending"]
    assert stored == {"ana": "talon", "ben": "tongits"}[winner]  # the refused one changed nothing


def test_the_edit_form_refuses_a_stale_version_keeps_the_typing_and_shows_the_saved_round(
    client, make_session, round_entry
):
    token = make_session()
    client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    mine = round_entry.hidden(token, 1)
    # meanwhile another phone changes round 1
    assert client.put(f"/api/sessions/{token}/rounds/1", json=TALON).status_code == 200
    response, typed = round_entry.review(token, TONGITS, 1, hidden=mine, melds_2="QS KS AS")
    html = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "Round 1 was changed on another phone while you were editing" in html
    assert 'id="conflict"' in html and "Saved version of round 1" in html
    assert 'value="QS KS AS"' in html  # what was typed is kept
    new_version = re.search(r'name="version" value="([^"]*)"', html).group(1)
    assert new_version != mine["version"]
    assert (
        client.get(f"/api/sessions/{token}").get_json()["rounds"][0]["record"]["ending"] == "talon"
    )
    # a save straight from the stale page (its old review key) is refused too, nothing stored
    save = {**typed, "action": "save", "reviewed": "whatever"}
    assert client.post(f"/s/{token}/rounds/1/edit", data=save).status_code == 409
    # reviewing again from the shown version, then saving, replaces it deliberately
    saved = round_entry.save(token, TONGITS, 1, hidden={**mine, "version": new_version})
    assert saved.status_code == 303
    assert (
        client.get(f"/api/sessions/{token}").get_json()["rounds"][0]["record"]["ending"]
        == "tongits"
    )


def test_the_delete_form_refuses_a_round_changed_since_it_was_opened(client, make_session):
    token = make_session()
    client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    page = client.get(f"/s/{token}/rounds/1/delete").get_data(as_text=True)
    fields = {
        "csrf_token": csrf_token(page),
        "version": re.search(r'name="version" value="([^"]*)"', page).group(1),
    }
    client.put(f"/api/sessions/{token}/rounds/1", json=TALON)
    response = client.post(f"/s/{token}/rounds/1/delete", data=fields)
    assert response.status_code == 409 and "changed on another phone" in response.get_data(
        as_text=True
    )
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 1
    fresh = re.search(r'name="version" value="([^"]*)"', response.get_data(as_text=True)).group(1)
    assert (
        client.post(f"/s/{token}/rounds/1/delete", data={**fields, "version": fresh}).status_code
        == 303
    )
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 0


def test_the_edit_form_sent_twice_is_no_conflict(client, make_session, round_entry):
    token = make_session()
    client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    reviewed, fields = round_entry.review(token, TALON, 1)
    save = confirmation(reviewed, fields)
    assert client.post(f"/s/{token}/rounds/1/edit", data=save).status_code == 303
    again = client.post(f"/s/{token}/rounds/1/edit", data=save, follow_redirects=True)
    assert again.status_code == 200 and again.request.path == f"/s/{token}"
    assert "Round 1 changed" in again.get_data(as_text=True)
    session = client.get(f"/api/sessions/{token}").get_json()
    assert session["round_count"] == 1 and session["rounds"][0]["record"]["ending"] == "talon"
