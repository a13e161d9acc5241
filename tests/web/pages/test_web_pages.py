"""The HTML pages through the Flask test client: every page, the forms (CSRF on), and every bad
input of docs/rules.md §8 through the round form, with the same messages as the API."""

import html
import re

import pytest

from tests.support.admin import ADMIN
from tests.support.forms import csrf_token, form_fields
from tests.support.pages import field_error, plain, text_of
from tests.support.records import BAD_ROUNDS, DRAW, PLAYERS, TALON, TONGITS
from tracker.present.display import card_text


def api_session(client, token):
    return client.get(f"/api/sessions/{token}").get_json()


# ------------------------------------------------------------------ home and new session


def test_home_lists_sessions_with_their_state(client, make_session):
    assert "No sessions yet" in text_of(client.get("/"))
    token = make_session()
    client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    assert "No sessions yet" in text_of(client.get("/"))  # made by the API: not opened here
    client.get(f"/s/{token}")  # this device opens it: its home page lists it
    page = text_of(client.get("/"))
    assert "Ana · Ben · Cris" in page and "1 round · open" in plain(client.get("/"))
    assert f"/s/{token}" in page


def new_session_form(client, **changes):
    page = client.get("/new")
    assert page.status_code == 200
    data = {
        "csrf_token": csrf_token(page.get_data(as_text=True)),
        "player_0": "Ana",
        "player_1": "Ben",
        "player_2": "Cris",
        "dealer": "2",
        "preset": "classic",
        "stake": "20",
        "point_rate": "0.50",
        "currency": "₱",
        "qka_run": "y",
        "jokers": "0",
        "joker_points": "25",
        "draw_showdown": "all",
        "draw_tie": "caller",
        "tongits_units": "1",
        "draw_units": "1",
        "talon_units": "1",
        "challenged_draw_units": "1",
        "failed_call_multiplier": "2",
        "lost_challenge_multiplier": "2",
        "sunog_extra_units": "0",
        "ace_bonus_units": "0",
        "secret_bonus_units": "0",
        "kang_multiplier": "2",
        "pot_ante_units": "0",
        "pot_won_by": "next_winner",
        "pot_streak": "2",
        "next_dealer": "rotate",
        "loss_limit": "500",
        "page_size": "letter",
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def test_new_session_form_explains_every_option(client):
    page = text_of(client.get("/new"))
    from dataclasses import fields

    from tracker.engine import Rules

    for spec in fields(Rules):
        if spec.name != "preset_name":
            assert f'name="{spec.name}"' in page, spec.name
            assert f'id="help-{spec.name}"' in page, spec.name
    assert "default 10.00" in page and "pagat: 0.00" in page
    # every input, select has a label
    ids = re.findall(r'<(?:input(?! [^>]*type="hidden")|select)[^>]* id="([^"]+)"', page)
    for id_ in ids:
        assert f'for="{id_}"' in page, id_


def test_new_session_form_starts_a_session(client):
    response = client.post("/new", data=new_session_form(client))
    assert response.status_code == 303
    token = response.headers["Location"].split("/s/")[1].split("?")[0]
    session = api_session(client, token)
    assert session["players"] == PLAYERS and session["first_dealer"] == 2
    assert session["rules"]["stake"] == "20.00" and session["rules"]["point_rate"] == "0.50"
    assert session["rules"]["kang_multiplier"] == 2 and session["rules"]["qka_run"] is True
    assert session["rules"]["concealed_melds_count"] is False and session["page_size"] == "letter"
    page = text_of(client.get(response.headers["Location"]))
    assert "Share this session" in page and "<svg" in page and f"/s/{token}" in page


@pytest.mark.parametrize(
    "changes, field, message",
    [
        ({"player_1": ""}, "player_1", "player 2 needs a name"),
        ({"player_2": "ANA"}, "player_2", "two players are called ANA"),
        ({"stake": "ten"}, "stake", "'ten' is not an amount"),
        ({"point_rate": "-1"}, "point_rate", "point rate cannot be negative"),
        ({"jokers": "3"}, "jokers", "jokers must be from 0 to 2"),
        ({"pot_streak": "x"}, "pot_streak", "pot_streak must be a whole number"),
        ({"dealer": "5"}, "dealer", "who deals first"),
    ],
)
def test_bad_new_session_keeps_input_and_stores_nothing(client, changes, field, message):
    response = client.post("/new", data=new_session_form(client, **changes))
    assert response.status_code == 422
    assert message[1:] in field_error(response, field)
    assert field_error(response, field)[0].isupper()
    page = text_of(response)
    assert 'value="Cris"' in page or changes.get("player_2")  # what was typed is kept
    for name, value in changes.items():
        if value and name != "dealer":  # a radio: it can only hold its three seats
            assert f'value="{value}"' in page
    assert client.get("/api/sessions", headers=ADMIN).get_json()["sessions"] == []


def test_new_session_needs_csrf(client):
    data = new_session_form(client)
    del data["csrf_token"]
    response = client.post("/new", data=data)
    assert response.status_code == 400
    assert "expired" in field_error(response, "form")
    assert client.get("/api/sessions", headers=ADMIN).get_json()["sessions"] == []


def test_preset_button_fills_the_options_without_javascript(client):
    data = new_session_form(client, preset="pagat", apply_preset="1")
    page = text_of(client.post("/new", data=data))
    assert re.search(r'id="tongits_units" name="tongits_units" value="3"', page)
    assert 'value="Ana"' in page
    assert client.get("/api/sessions", headers=ADMIN).get_json()["sessions"] == []


# ------------------------------------------------------------------ round entry


def test_round_page_shows_dealer_and_picker_fallback(client, make_session):
    token = make_session(dealer=1)
    page = text_of(client.get(f"/s/{token}/rounds/new"))
    assert "Round 1 · Ben deals" in plain(client.get(f"/s/{token}/rounds/new"))
    for seat in range(3):
        assert f'for="melds_{seat}"' in page and f'for="hand_{seat}"' in page
    assert "round.js" in page and "<script>" not in page and "onclick" not in page


def test_review_then_confirm_saves_the_round(client, round_entry, make_session):
    token = make_session()
    review, data = round_entry.review(token, DRAW)
    assert review.status_code == 200
    page = text_of(review)
    assert "Ana called a draw with 5." in page
    assert "Ben pays Ana ₱40.00" in plain(review) and "×2 lost challenge = ₱40.00" in page
    assert "Confirm and save" in page
    assert api_session(client, token)["rounds"] == []  # review stores nothing
    saved = round_entry.save(token, DRAW)
    assert saved.status_code == 303 and saved.headers["Location"].endswith(f"/s/{token}")
    session = api_session(client, token)
    assert session["balances"] == {"Ana": "61.00", "Ben": "-40.00", "Cris": "-21.00"}
    shown = client.get(f"/s/{token}").get_data(as_text=True)
    assert 'id="saved-round">Round 1: Ana wins ₱61.00<' in shown and "Undo round 1" in shown


def test_confirm_without_the_reviewed_verdict_only_reviews(client, round_entry, make_session):
    token = make_session()
    response, _ = round_entry.review(token, DRAW, action="save")
    assert response.status_code == 200 and "Confirm and save" in text_of(response)
    assert api_session(client, token)["rounds"] == []


def test_a_review_is_stale_after_another_phone_saves(client, round_entry, make_session):
    token = make_session()
    review, data = round_entry.review(token, TALON)
    client.post(f"/api/sessions/{token}/rounds", json=DRAW)  # someone else saves round 1
    response = round_entry.confirm(token, review, data)
    assert response.status_code == 200  # shown again for review, not saved blind
    assert len(api_session(client, token)["rounds"]) == 1


@pytest.mark.parametrize(
    "name, record, where, message, field", BAD_ROUNDS, ids=[c[0] for c in BAD_ROUNDS]
)
def test_every_bad_round_of_rules_8_through_the_form(
    client, round_entry, make_session, name, record, where, message, field
):
    token = make_session()
    before = api_session(client, token)
    response, data = round_entry.review(token, record)
    assert response.status_code == 422
    # the page shows the cards as the picker's chips do (7♠); the API keeps the notation (7S)
    assert card_text(message) in field_error(response, field)
    page = text_of(response)
    for key, value in data.items():  # everything typed is kept
        if key.startswith(("melds_", "hand_")) and value:
            assert f'value="{value}"' in page, key
    # the API gives the same message for the same round
    api = client.post(f"/api/sessions/{token}/rounds", json=record).get_json()["errors"]
    assert any(e["where"] == where and message in e["message"] for e in api)
    assert api_session(client, token) == before


def test_secret_meld_is_marked_with_a_star(client, round_entry, make_session):
    token = make_session(rules={"secret_bonus_units": 3})
    record = {
        "ending": "tongits",
        "declarer": 0,
        "hands": [
            {"melds": [["9S", "9H", "9D", "9C"], ["2S", "3S", "4S"]], "hand": []},
            {"melds": [["5H", "6H", "7H"]], "hand": ["KD"]},
            {"melds": [], "hand": ["AS"]},
        ],
    }
    data_review, data = round_entry.review(token, record)
    data["melds_0"] = "*9S 9H 9D 9C | 2S 3S 4S"
    review = client.post(f"/s/{token}/rounds/new", data=data)
    assert "1 secret meld × ₱30.00" in text_of(review)


def test_preview_json_runs_the_engine(client, make_session):
    token = make_session()
    page = client.get(f"/s/{token}/rounds/new")
    data = {**form_fields(DRAW), "csrf_token": csrf_token(page.get_data(as_text=True))}
    data["hand_2"] = "AS AD 9C 10C JC QC"
    answer = client.post(f"/s/{token}/rounds/preview", data=data).get_json()
    assert answer["ok"] is True and answer["review_key"]
    assert answer["hands"][2]["sunog"] is True
    assert answer["hands"][2]["deadwood"] == 2 and answer["hands"][2]["hand_melds"] == [
        "9C 10C JC QC"
    ]
    assert "Ana called a draw" in answer["verdict_html"]
    data["melds_0"] = "7S 8H 9S"
    answer = client.post(f"/s/{token}/rounds/preview", data=data).get_json()
    assert answer["ok"] is False
    assert answer["hands"][0]["melds"][0]["ok"] is False
    assert answer["errors"][0]["field"] == "melds_0"
    assert api_session(client, token)["rounds"] == []
    assert (
        client.post(f"/s/{token}/rounds/preview", data={"ending": "draw"}).status_code == 400
    )  # CSRF


# ------------------------------------------------------------------ ledger, edit, delete, settle


def test_session_page_shows_balances_pot_dealer_and_rounds(client, round_entry, make_session):
    token = make_session()
    for record in (DRAW, TONGITS, TALON):
        assert round_entry.save(token, record).status_code == 303
    page = text_of(client.get(f"/s/{token}"))
    words = plain(client.get(f"/s/{token}"))
    session = api_session(client, token)
    for name in PLAYERS:
        assert name in page
    assert "Pot ₱0.00" in words
    assert f"{PLAYERS[session['next_dealer']]} deals next" in words
    assert (
        "Ana called · Ben challenged and lost" in words
        and "Ben went Tongits" in words
        and "Talon out · Cris wins with 1" in words
    )
    assert 'aria-label="Balance over rounds"' in page
    assert page.index('id="round-3"') < page.index('id="round-1"')  # newest first
    part = text_of(client.get(f"/s/{token}/ledger"))
    assert 'id="round-3"' in part and "<html" not in part


def test_edit_round_through_the_form_recomputes(client, round_entry, make_session):
    token = make_session()
    for record in (DRAW, TONGITS):
        round_entry.save(token, record)
    edit_page = text_of(client.get(f"/s/{token}/rounds/1/edit"))
    assert "Edit round 1" in edit_page and 'value="7S 7D 7C"' in edit_page
    assert round_entry.save(token, TALON, 1).status_code == 303
    session = api_session(client, token)
    assert session["rounds"][0]["result"]["winner_name"] == "Cris"
    assert session["rounds"][1]["result"]["winner_name"] == "Ben"
    bad = dict(TALON, ending="tongits", declarer=0)
    response, _ = round_entry.review(token, bad, 1)
    assert response.status_code == 422 and "declared Tongits" in field_error(response, "hand_0")
    assert api_session(client, token) == session


def test_delete_round_through_the_form(client, round_entry, make_session):
    token = make_session()
    for record in (DRAW, TONGITS, TALON):
        round_entry.save(token, record)
    page = client.get(f"/s/{token}/rounds/2/delete")
    assert "Delete round 2?" in text_of(page)
    response = client.post(
        f"/s/{token}/rounds/2/delete", data={"csrf_token": csrf_token(page.get_data(as_text=True))}
    )
    assert response.status_code == 303
    session = api_session(client, token)
    assert [r["result"]["winner_name"] for r in session["rounds"]] == ["Ana", "Cris"]
    assert client.post(f"/s/{token}/rounds/1/delete").status_code == 200  # no CSRF: asked again
    assert len(api_session(client, token)["rounds"]) == 2


def test_settle_shows_who_pays_whom_and_can_reopen(client, round_entry, make_session):
    token = make_session()
    round_entry.save(token, DRAW)
    page = client.get(f"/s/{token}/settle")
    assert "Ben pays Ana ₱40.00" in plain(page) and "Cris pays Ana ₱21.00" in plain(page)
    response = client.post(
        f"/s/{token}/settle", data={"csrf_token": csrf_token(page.get_data(as_text=True))}
    )
    assert response.status_code == 303
    session_page = text_of(client.get(f"/s/{token}"))
    assert "Settled: who pays whom" in session_page and "Reopen the session" in session_page
    assert "Enter round" not in session_page
    form = client.get(f"/s/{token}/rounds/new")
    assert "This session is settled" in text_of(form)
    refused, _ = round_entry.review(token, TALON)
    assert len(api_session(client, token)["rounds"]) == 1
    assert "1 round · settled" in plain(client.get("/"))
    client.post(f"/s/{token}/reopen", data={"csrf_token": csrf_token(session_page)})
    assert api_session(client, token)["settled"] is False


def test_missing_pages_are_friendly(client, make_session):
    response = client.get("/s/not-a-session")
    assert response.status_code == 404 and "no session at this link" in text_of(response)
    token = make_session()
    assert client.get(f"/s/{token}/rounds/5/edit").status_code == 404
    assert client.get(f"/s/{token}/rounds/5/delete").status_code == 404
    assert client.get("/nowhere").status_code == 404
    assert client.post("/").status_code == 405


def test_progressive_session_counts_points(client, round_entry, make_session):
    token = make_session(rules={"progressive": True, "loss_limit": 30})
    round_entry.save(token, DRAW)
    page = text_of(client.get(f"/s/{token}"))
    assert "+61 pts" in page and "Ben reached the loss limit" in plain(client.get(f"/s/{token}"))
    response, _ = round_entry.review(token, TALON)
    assert "the session is over" in field_error(response, "form").lower()


def test_verdict_shows_pot_movements(client, round_entry, make_session):
    token = make_session(rules={"pot_ante_units": 1})
    review, _ = round_entry.review(token, TALON)
    words = plain(review)
    assert "Into the pot: Ana ₱10.00 (ante), Ben ₱10.00 (ante), Cris ₱10.00 (ante)." in words
    assert "Cris takes the pot: ₱30.00." in words
    assert "&lt;" not in review.get_data(as_text=True)


def test_hostile_names_are_escaped_everywhere(client, make_session):
    name = "<img src=x onerror=alert(1)>"
    token = make_session(players=["Ana", name, "Cris"])
    client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    for url in [
        f"/s/{token}",
        "/",  # lists the session this device opened
        f"/s/{token}/ledger",
        f"/s/{token}/rounds/new",
        f"/s/{token}/rounds/1/edit",
        f"/s/{token}/rounds/1/delete",
        f"/s/{token}/settle",
    ]:
        page = client.get(url).get_data(as_text=True)
        assert name not in page, url
        assert "&lt;img src=x onerror=alert(1)&gt;" in page, url


def test_long_sessions_show_the_latest_rounds_and_all_on_request(client, make_session):
    token = make_session()
    for _ in range(22):
        assert client.post(f"/api/sessions/{token}/rounds", json=TALON).status_code == 201
    page = text_of(client.get(f"/s/{token}"))
    assert 'id="round-22"' in page and 'id="round-18"' in page and 'id="round-17"' not in page
    assert "Show earlier rounds" in page  # the rest a page at a time: test_earlier_rounds.py
    everything = text_of(client.get(f"/s/{token}?all=1"))
    assert 'id="round-1"' in everything and "Show earlier rounds" not in everything


def test_preview_of_an_edit_scores_the_round_in_its_place(client, make_session):
    token = make_session(rules={"pot_ante_units": 1})
    for record in (DRAW, TONGITS):
        client.post(f"/api/sessions/{token}/rounds", json=record)
    page = client.get(f"/s/{token}/rounds/1/edit")
    data = {
        **form_fields(TALON),
        "dealer": "0",
        "csrf_token": csrf_token(page.get_data(as_text=True)),
    }
    answer = client.post(f"/s/{token}/rounds/1/preview", data=data).get_json()
    assert answer["ok"] is True
    assert "Cris takes the pot: ₱30.00" in html.unescape(
        re.sub(r"<[^>]+>", " ", answer["verdict_html"])
    )
    assert client.post(f"/s/{token}/rounds/9/preview", data=data).status_code == 404
    assert api_session(client, token)["rounds"][0]["result"]["winner_name"] == "Ana"


def test_pages_need_no_inline_script_or_style(client, make_session):
    """Ready for a Content Security Policy without 'unsafe-inline'."""
    token = make_session()
    client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    for url in [
        "/",
        "/new",
        f"/s/{token}",
        f"/s/{token}/ledger",
        f"/s/{token}/rounds/new",
        f"/s/{token}/rounds/1/edit",
        f"/s/{token}/rounds/1/delete",
        f"/s/{token}/settle",
        "/nowhere",
    ]:
        page = client.get(url).get_data(as_text=True)
        assert not re.search(r"<script(?![^>]*\bsrc=)", page), url
        assert not re.search(r"\sstyle=", page), url
        assert not re.search(r"\son[a-z]+=", page), url
        assert "<style" not in page, url
        outside = page.replace(f"http://localhost/s/{token}", "").replace(
            'xmlns="http://www.w3.org/2000/svg"', ""
        )
        assert "http://" not in outside and "https://" not in outside, url  # nothing from elsewhere


def test_confirming_twice_saves_once(client, round_entry, make_session):
    token = make_session()
    review, data = round_entry.review(token, DRAW)
    first = round_entry.confirm(token, review, data)
    second = round_entry.confirm(token, review, data)
    assert first.status_code == 303 and second.status_code == 303  # told, back to the ledger
    assert "Round 1 was already saved: Ana wins" in text_of(client.get(f"/s/{token}"))
    assert len(api_session(client, token)["rounds"]) == 1


def test_a_link_to_localhost_is_flagged(client, make_session):
    token = make_session()
    assert "other phones cannot open it" in text_of(
        client.get(f"/s/{token}")
    )  # the test host is localhost
    lan = text_of(client.get(f"/s/{token}", headers={"Host": "192.168.1.20:8000"}))
    assert "other phones cannot open it" not in lan and f"http://192.168.1.20:8000/s/{token}" in lan


def test_messages_on_the_page_show_card_symbols_the_api_keeps_the_notation(
    client, round_entry, make_session
):
    """Issue 9: a message says 9♠ where the chips say 9♠; the JSON API says 9S."""
    token = make_session()
    record = {
        "ending": "talon",
        "hands": [
            {"melds": [["7S", "8H", "9S"]], "hand": ["2C"]},
            {"melds": [["5H", "6H", "7H"]], "hand": ["KD"]},
            {"melds": [], "hand": ["AS"]},
        ],
    }
    response, _ = round_entry.review(token, record)
    assert response.status_code == 422
    shown = "7♠ 8♥ 9♠ is not a set or a run: a run must be one suit"
    assert shown in field_error(response, "melds_0")
    assert shown in text_of(response)  # the summary at the top too
    api = client.post(f"/api/sessions/{token}/rounds", json=record).get_json()["errors"]
    assert any("7S 8H 9S is not a set or a run" in e["message"] for e in api)
    assert card_text("Ana's meld 10H JH QH, AS and JK: 'QS' stays") == (
        "Ana's meld 10♥ J♥ Q♥, A♠ and JK: 'Q♠' stays"
    )
