"""What the phone shows while a round is entered offline (the engine's `judge.preview`, run in
the phone) is what the one-phone page's live preview shows online for the same form: each
seat's view (melds, deadwood, flags) and the same verdict or the same problems. The phone
sends the form's fields to its engine (judge.preview_form), which reads them as the server
reads the posted form (engine.record_from_fields) and answers the record with the verdict."""

from __future__ import annotations

import json

import pytest

from tests.support.forms import csrf_token
from tests.support.records import DRAW
from tracker.engine import judge as judge_module
from tracker.engine import record_from_fields
from tracker.engine.judge import judge, preview, preview_form
from tracker.web.entry.round_form import spoken

RULES = {"jokers": 2, "kang_multiplier": 2, "no_discard_multiplier": 2, "secret_runs": True}
FORMS = {
    "good draw, a challenge, cards typed loosely": {
        "ending": "draw",
        "declarer": "0",
        "melds_0": "7S 7D 7C",
        "hand_0": " 2C,3D ",
        "melds_1": "5h 6h 7h 8h",
        "hand_1": "KD",
        "challenged_1": "y",
        "hand_2": "AS AD 9C",
    },
    "a bad meld": {
        "ending": "talon",
        "last_drawer": "1",
        "melds_0": "7S 8H 9S | 10D JD QD",
        "hand_0": "2C",
        "melds_1": "5H 6H 7H",
        "hand_1": "KD",
        "hand_2": "AS",
    },
    "a bad card": {
        "ending": "draw",
        "declarer": "1",
        "melds_0": "7S 7D 7C",
        "hand_0": "ZZ 2C",
        "melds_1": "5H 6H XX",
        "hand_2": "AS 1C",
    },
    "a card entered twice": {
        "ending": "talon",
        "melds_0": "7S 7D 7C",
        "hand_0": "2C",
        "melds_1": "5H 6H 7H",
        "hand_1": "7S",
        "hand_2": "KH KH",
    },
    "empty hands": {},
    "flags ticked, secret melds and a joker": {
        "ending": "tongits",
        "declarer": "1",
        "melds_0": "KS KD KC",
        "hand_0": "2C 3D 4H",
        "melds_1": "*9H 9S 9D 9C | *2S 3S 4S 5S | JH JD JK",
        "kang_1": "y",
        "no_discard_1": "y",
        "hand_2": "AS AD 8H KH QC 10C 8D 6D",
    },
    "a flag ticked that is not offered": {
        "ending": "tongits",
        "declarer": "1",
        "melds_0": "KS KD KC",
        "hand_0": "2C 3D 4H",
        "challenged_0": "y",  # no challenge at a Tongits: still shown, so it can be taken back
        "melds_1": "9H 9S 9D | 2S 3S 4S 5S | JH JD JC",
        "hand_2": "AS AD",
    },
    "a draw with challenges": {
        "ending": "draw",
        "declarer": "0",
        "melds_0": "7S 7D 7C",
        "hand_0": "2C",
        "melds_1": "5H 6H 7H",
        "hand_1": "KD QD",
        "challenged_1": "y",
        "hand_2": "AS AD 9C",
        "challenged_2": "y",  # sunog: refused, and still shown
    },
    "talon out, a lone secret mark, a full hand": {
        "ending": "talon",
        "last_drawer": "2",
        "melds_0": "8S 8D 8C | *",
        "hand_0": "KH QH",
        "melds_1": "2H 3H 4H",
        "hand_1": "AS 2S 3S 4S 5S 6S 8S 9S 10S JS QS KS AD 2D",
        "melds_2": "AC 2C 3C",
        "hand_2": "AS",
    },
}


@pytest.fixture
def table(client, make_session):
    """A session with one round saved, the state a phone keeps of it and the form's CSRF."""
    token = make_session(rules=RULES, dealer=2)
    assert client.post(f"/api/sessions/{token}/rounds", json=DRAW).status_code == 201
    state = client.get(f"/s/{token}/offline.json").get_json()["state"]
    page = client.get(f"/s/{token}/rounds/new").get_data(as_text=True)
    return token, json.dumps(state), csrf_token(page)


@pytest.mark.parametrize("form", FORMS.values(), ids=list(FORMS))
def test_the_phones_preview_shows_what_the_servers_preview_shows(app, client, table, form):
    token, state, csrf = table
    online = client.post(f"/s/{token}/rounds/preview", data={**form, "csrf_token": csrf})
    answer = online.get_json()
    offline = json.loads(preview_form(state, json.dumps(form)))
    assert offline["record"] == record_from_fields(form)  # what the outbox keeps
    with app.test_request_context("/"):  # the phone words the engine's English as the page does
        views = spoken(offline["views"])
    assert views == answer["hands"]
    if answer["ok"]:
        assert offline["number"] == answer["number"] == 2
    else:
        assert [p["where"] for p in offline["problems"]] == [e["where"] for e in answer["errors"]]


def test_preview_answers_what_judge_answers_from_the_same_replay(client, table):
    _token, state, _csrf = table
    record = json.dumps(record_from_fields(FORMS["good draw, a challenge, cards typed loosely"]))
    judged = json.loads(judge(state, record))
    before = judge_module._replayed.cache_info()
    previewed = json.loads(preview(state, record))
    after = judge_module._replayed.cache_info()
    assert after.hits == before.hits + 1 and after.misses == before.misses  # replayed once
    assert {k: v for k, v in previewed.items() if k != "views"} == judged
    assert [view["flags"] for view in previewed["views"]] == [[], ["challenged"], []]
    assert previewed["views"][0]["deadwood"] == 5
