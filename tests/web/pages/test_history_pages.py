"""A session's history page, played through the pages as a table would (no JavaScript): the
phone's seat names who changed what, an edit shows each player's amount before and after and
opens to the cards, the ledger marks the edited round, Undo takes back the last change,
Restore brings a deleted round back, the owner erases; in Filipino too."""

from __future__ import annotations

import re
from html import unescape

from tests.support.forms import csrf_token
from tests.support.records import DRAW, TALON, TONGITS


def _page(client, token, **params) -> str:
    response = client.get(f"/s/{token}/history", query_string=params)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def _choose_seat(client, token, seat: int) -> None:
    page = client.get(f"/s/{token}").get_data(as_text=True)
    form = {"csrf_token": csrf_token(page), "seat": str(seat)}
    assert client.post(f"/s/{token}/seat", data=form).status_code == 303


def _post(client, token, url, **fields):
    fields["csrf_token"] = csrf_token(_page(client, token))
    return client.post(url, data=fields)


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_a_table_reads_who_changed_what_and_when(client, make_session, round_entry):
    token = make_session()
    _choose_seat(client, token, 1)  # this phone is Ben's
    for record in (DRAW, TALON):
        assert round_entry.save(token, record).status_code == 303
    ledger = client.get(f"/s/{token}").get_data(as_text=True)
    assert "badge edited" not in ledger
    assert round_entry.save(token, TONGITS, number=2).status_code == 303
    text = _text(_page(client, token))
    assert "Round 2 edited on Ben's phone" in text
    assert "Round 1 saved on Ben's phone" in text
    assert text.index("Round 2 edited") < text.index("Round 2 saved")  # newest first
    # each player's amount, before → after, for the players whose amount changed
    assert re.search(r"Ana [−+]₱[\d.]+ → [−+]₱[\d.]+", text)
    html = _page(client, token)
    assert "<details>" in html and "Before" in html and "After" in html
    assert 'class="card' in html  # the cards, as the ledger shows them
    # the ledger marks round 2 edited (a badge in its line, no link inside the <summary>: a
    # link in a control is two targets in one), and links to the history in its details
    ledger = client.get(f"/s/{token}").get_data(as_text=True)
    summary = re.search(r'id="round-2">\s*<summary>(.*?)</summary>', ledger, re.S).group(1)
    assert '<span class="badge edited">edited</span>' in summary and "<a " not in summary
    assert ledger.count("badge edited") == 1
    assert re.search(
        r'<a class="btn" href="/s/[^"]+/history">This round was edited: see the history</a>',
        ledger,
    )
    assert all("<a " not in s for s in re.findall(r"<summary>(.*?)</summary>", ledger, re.S))
    assert f'href="/s/{token}/history"' in ledger


def test_undo_and_restore_without_javascript(client, make_session, round_entry):
    token = make_session()
    for record in (DRAW, TALON, TONGITS):
        round_entry.save(token, record)
    # delete round 2 on its page, then bring it back from the history
    page = client.get(f"/s/{token}/rounds/2/delete").get_data(as_text=True)
    deleted = client.post(f"/s/{token}/rounds/2/delete", data={"csrf_token": csrf_token(page)})
    assert deleted.status_code == 303
    html = _page(client, token)
    assert "Restore round 2" in html
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 2
    back = _post(client, token, f"/s/{token}/rounds/2/restore")
    assert back.status_code == 303
    assert "Round 2 is back." in client.get(back.location).get_data(as_text=True)
    assert client.get(f"/api/sessions/{token}/rounds/2").get_json()["record"]["ending"] == "talon"
    # Undo is offered on the last change only, and takes it back
    html = _page(client, token)
    last = re.search(r'name="event" value="(\d+)"', html).group(1)
    assert html.count('name="event"') == 1
    undone = _post(client, token, f"/s/{token}/history/undo", event=last)
    assert undone.status_code == 303
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 2
    # the undone restore reads as undone, not as a second delete; the round can come back
    html = _page(client, token)
    text = _text(html)
    assert text.count("Round 2 deleted") == 1 and text.count("Round 2 brought back") == 2
    assert text.index("Undone: Round 2 brought back") < text.index("Round 2 deleted")
    assert "Restore round 2" in html
    fil = client.get(f"/s/{token}/history", headers={"Accept-Language": "fil"})
    assert _text(fil.get_data(as_text=True)).count("Na-undo: Ibinalik ang round 2") == 1
    # an event that is no longer the last: refused, saying why, nothing changed
    stale = _post(client, token, f"/s/{token}/history/undo", event=last)
    assert stale.status_code == 409
    assert "only the last change can be undone" in stale.get_data(as_text=True)
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 2


def test_a_settled_session_offers_only_its_reopen(client, make_session, round_entry):
    token = make_session()
    round_entry.save(token, DRAW)
    page = client.get(f"/s/{token}/settle").get_data(as_text=True)
    assert client.post(f"/s/{token}/settle", data={"csrf_token": csrf_token(page)}).status_code
    html = _page(client, token)
    assert "Session settled" in html and html.count('name="event"') == 1  # Undo of the settle
    undone = _post(
        client,
        token,
        f"/s/{token}/history/undo",
        event=re.search(r'name="event" value="(\d+)"', html).group(1),
    )
    assert undone.status_code == 303
    assert client.get(f"/api/sessions/{token}").get_json()["settled"] is False


def test_a_locked_phone_reads_the_history_but_changes_nothing(app, client, make_session):
    token = make_session()
    client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    client.delete(f"/api/sessions/{token}/rounds/1")
    owner = make_session.owner[token]
    client.put(f"/api/sessions/{token}/pin", json={"pin": "2468"}, headers=owner)
    other = app.test_client()
    html = other.get(f"/s/{token}/history").get_data(as_text=True)
    assert "Round 1 deleted through the API" in _text(html)
    assert "Edit PIN set" in html
    assert 'name="event"' not in html and "Restore round 1" not in html
    assert "Erase" not in html
    form = {"csrf_token": csrf_token(other.get(f"/s/{token}/unlock").get_data(as_text=True))}
    answer = other.post(f"/s/{token}/rounds/1/restore", data=form)
    assert answer.status_code == 303 and "/unlock" in answer.location
    assert other.get(f"/api/sessions/{token}").get_json()["round_count"] == 0


def test_the_owner_erases_the_history_on_the_page(client, round_entry):
    page = client.get("/new").get_data(as_text=True)
    from tests.support.forms import new_session_fields

    made = client.post("/new", data=new_session_fields(page))
    token = made.location.split("/s/")[1].split("?")[0]
    round_entry.save(token, DRAW)
    html = _page(client, token)
    assert "Erase the history" in html
    erased = _post(client, token, f"/s/{token}/history/erase")
    assert erased.status_code == 303
    text = _text(_page(client, token))
    assert "History erased on the owner's phone" in text and "Round 1 saved" not in text
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 1


def test_the_history_in_filipino(client, make_session, round_entry):
    token = make_session()
    _choose_seat(client, token, 0)
    round_entry.save(token, DRAW)
    round_entry.save(token, TALON, number=1)
    client.set_cookie("lang", "fil")
    text = _text(_page(client, token, lang="fil"))
    assert "Binago ang round 1 sa phone ni Ana" in text
    assert "Na-save ang round 1 sa phone ni Ana" in text
    assert "pinakabago muna" in text


def test_one_phone_has_one_name_throughout_the_history(client, make_session, round_entry):
    """A round saved before the phone said whose it is, and one after: both are Ben's phone."""
    token = make_session()
    assert round_entry.save(token, DRAW).status_code == 303  # no seat chosen yet
    _choose_seat(client, token, 1)
    assert round_entry.save(token, TALON).status_code == 303
    text = _text(_page(client, token))
    assert "Round 1 saved on Ben's phone" in text and "Round 2 saved on Ben's phone" in text
    assert "saved on a phone" not in text and "saved on the owner's phone" not in text
