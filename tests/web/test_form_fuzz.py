"""Hostile input through the HTML forms (hypothesis): the new-session form, the round form (new
and edit) and the live preview. Never a 500; a refusal says what is wrong and stores nothing."""

from __future__ import annotations

import re

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.forms import csrf_token, form_fields
from tests.support.records import DRAW
from tracker.extensions import db
from tracker.present.rule_form import option_names

pytestmark = pytest.mark.slow

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# any Unicode a browser can send (no lone surrogates: they cannot be encoded in a form)
chars = st.characters(blacklist_categories=("Cs",))
short = st.text(chars, max_size=12)
huge = st.builds(
    lambda text, times: text * times, st.text(chars, min_size=1, max_size=8), st.integers(500, 4000)
)
seats = st.sampled_from(["0", "1", "2", "3", "-1", "", " 1 ", "１", "0x1", "1e0", "²"])
cards = st.sampled_from(
    [
        "7S 7D 7C",
        "5H 6H 7H 8H",
        "AS AD",
        "JK",
        "10H",
        "T♠ J♠ Q♠",
        "ZZ",
        "7s,7d,7c",
        "*9S 9H 9D 9C",
        "|||",
        "7S 7S 7S",
        "<script>",
        "１０H",
        "K" * 50,
    ]
)
value = st.one_of(
    short, huge, seats, cards, st.sampled_from(["y", "on", "true", "draw", "tongits", "talon"])
)
card_text = st.one_of(cards, st.lists(cards, max_size=3).map(" | ".join), short, huge)


def _counts(app) -> tuple[int, int]:
    with app.app_context():
        sessions = db.session.execute(sa.text("SELECT COUNT(*) FROM game_session")).scalar()
        rounds = db.session.execute(sa.text("SELECT COUNT(*) FROM round")).scalar()
        db.session.remove()
    return sessions, rounds


def _token(client, url: str) -> str:
    cached = getattr(client, "_fuzz_csrf", None)
    if cached is None:
        cached = client._fuzz_csrf = csrf_token(client.get(url).get_data(as_text=True))
    return cached


new_session_fields = st.fixed_dictionaries(
    {},
    optional={
        "player_0": st.one_of(value, st.just("Ana")),
        "player_1": st.one_of(value, st.just("Ben")),
        "player_2": st.one_of(value, st.just("<b>Cris</b>")),
        "dealer": seats,
        "preset": st.one_of(short, st.sampled_from(["classic", "pagat", "PAGAT"])),
        "page_size": st.one_of(short, st.sampled_from(["a4", "letter", "A4"])),
        "pin": st.one_of(short, st.sampled_from(["1234", "123456", "12", "１２３４", "0000000"])),
        "apply_preset": st.sampled_from(["1"]),
        **{name: st.one_of(short, seats) for name in option_names()},
        "stake": value,
        "loss_limit": value,
    },
)


@SETTINGS
@given(fields=new_session_fields)
def test_the_new_session_form_answers_hostile_input_clearly(app, client, fields):
    before = _counts(app)
    response = client.post("/new", data={**fields, "csrf_token": _token(client, "/new")})
    html = response.get_data(as_text=True)
    assert response.status_code in (200, 303, 413, 422), (response.status_code, fields)
    after = _counts(app)
    if response.status_code == 303:
        assert after[0] == before[0] + 1 and "/s/" in response.headers["Location"]
        return
    assert after == before
    if response.status_code == 413:
        assert "Too much at once" in html
    if response.status_code == 422:
        assert 'role="alert"' in html  # each message next to its field
        for name in ("player_0", "player_1", "player_2"):  # what was typed is kept
            typed = fields.get(name)
            if typed and len(typed) <= 40 and typed.strip() == typed and "  " not in typed:
                from markupsafe import escape

                assert f'value="{escape(typed)}"' in html, name


round_fields = st.fixed_dictionaries(
    {},
    optional={
        "ending": st.one_of(value, st.sampled_from(["draw", "tongits", "talon"])),
        "declarer": seats,
        "last_drawer": seats,
        "dealer": seats,
        **{f"melds_{seat}": card_text for seat in range(3)},
        **{f"hand_{seat}": card_text for seat in range(3)},
        **{f"{flag}_{seat}": value for seat in range(3) for flag in ("challenged", "kang")},
        "action": st.sampled_from(["save", "review", "", "delete"]),
        "reviewed": st.one_of(short, st.just("0" * 20)),
        "idempotency_key": st.one_of(short, huge, st.just("k-1")),
        "version": st.one_of(short, seats),
        "pin": st.one_of(short, st.just("1234")),
    },
)


@SETTINGS
@given(fields=round_fields, edit=st.booleans())
def test_the_round_form_answers_hostile_input_clearly(app, client, make_session, fields, edit):
    token = getattr(client, "_fuzz_session", None)
    if token is None:
        token = client._fuzz_session = make_session()
        assert client.post(f"/api/sessions/{token}/rounds", json=DRAW).status_code == 201
    url = f"/s/{token}/rounds/1/edit" if edit else f"/s/{token}/rounds/new"
    before = _counts(app)
    revision = client.get(f"/api/sessions/{token}/revision").get_json()["revision"]
    response = client.post(
        url, data={**fields, "csrf_token": _token(client, f"/s/{token}/rounds/new")}
    )
    assert response.status_code in (200, 409, 413, 422), (response.status_code, fields)
    html = response.get_data(as_text=True)
    if response.status_code in (409, 422):
        assert 'role="alert"' in html
    elif response.status_code == 413:
        assert "Too much at once" in html
    # a random review key never matches: nothing is saved or changed
    assert _counts(app) == before
    assert client.get(f"/api/sessions/{token}/revision").get_json()["revision"] == revision
    preview = client.post(
        f"/s/{token}/rounds/preview", data={**fields, "csrf_token": _token(client, url)}
    )
    if preview.status_code == 413:
        return
    assert preview.status_code == 200 and isinstance(preview.get_json()["hands"], list)
    for error in preview.get_json()["errors"]:
        assert error["message"] and error["field"]


def test_the_preview_of_a_hand_with_a_card_twice_is_an_answer_not_a_crash(client, make_session):
    """Found by the fuzzing above: best_melds refuses a repeated card with a ValueError."""
    token = make_session()
    page = client.get(f"/s/{token}/rounds/new").get_data(as_text=True)
    response = client.post(
        f"/s/{token}/rounds/preview",
        data={"csrf_token": csrf_token(page), "ending": "talon", "hand_0": "7S 7S 8S"},
    )
    assert response.status_code == 200
    assert response.get_json()["hands"][0]["hand_error"] == "The same card is in the hand twice"


header_text = st.text(st.characters(min_codepoint=32, max_codepoint=255), max_size=300)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(key=header_text, match=header_text, pin=header_text)
def test_hostile_trust_headers_get_an_answer_not_a_crash(app, client, key, match, pin):
    """Idempotency-Key, If-Match and X-Edit-Pin with any text: a clear answer, never a 500."""
    token = getattr(client, "_fuzz_locked", None)
    if token is None:
        token = client._fuzz_locked = client.post(
            "/api/sessions", json={"players": ["A", "B", "C"], "pin": "2468"}
        ).get_json()["id"]
        assert (
            client.post(
                f"/api/sessions/{token}/rounds", json=DRAW, headers={"X-Edit-Pin": "2468"}
            ).status_code
            == 201
        )
    before = _counts(app)
    client._fuzz_n = getattr(client, "_fuzz_n", 0) + 1  # a fresh address now and then: not all 429s
    where = {"REMOTE_ADDR": f"10.0.{client._fuzz_n // 3 % 250}.1"}
    added = client.post(
        f"/api/sessions/{token}/rounds",
        json=DRAW,
        environ_base=where,
        headers={"Idempotency-Key": key, "X-Edit-Pin": pin},
    )
    assert added.status_code in (201, 400, 403, 429), added.get_json()
    assert all(e["message"] for e in added.get_json().get("errors", []))
    edited = client.put(
        f"/api/sessions/{token}/rounds/1",
        json=DRAW,
        environ_base=where,
        headers={"If-Match": match, "X-Edit-Pin": pin},
    )
    assert edited.status_code in (200, 400, 403, 409, 429), edited.get_json()
    if added.status_code != 201:
        assert _counts(app) == before


# ------------------------------------------------------------------ hostile text
# A browser sends any character but a lone surrogate; a control character in a name is refused
# next to its field, with what was typed kept.

control = st.characters(categories=("Cc",), exclude_characters="\t\n\r") | st.characters(
    min_codepoint=0x80, max_codepoint=0x9F
)
names_with_control = st.tuples(st.text("AnaBen", max_size=5), control, st.text("xyz", max_size=3))


@SETTINGS
@given(seat=st.integers(0, 2), parts=names_with_control)
def test_a_name_with_a_control_character_is_refused_next_to_its_field(app, client, seat, parts):
    from markupsafe import escape

    name = "".join(parts)
    fields = {"player_0": "Ana", "player_1": "Ben", "player_2": "Cris", f"player_{seat}": name}
    before = _counts(app)
    response = client.post("/new", data={**fields, "csrf_token": _token(client, "/new")})
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    found = re.search(rf'<p class="err" id="err-player_{seat}" role="alert">(.*?)</p>', html)
    assert found and "control character (U+" in found.group(1)
    assert f'value="{escape(name)}"' in html  # what was typed is kept
    assert _counts(app) == before


huge_digits = st.integers(31, 6000).map(lambda digits: "9" * digits)


@SETTINGS
@given(
    fields=st.fixed_dictionaries(
        {},
        optional={
            "dealer": huge_digits,
            "declarer": huge_digits,
            "last_drawer": huge_digits,
            "version": huge_digits,
            "reviewed": huge_digits,
            "idempotency_key": huge_digits,
            "pin": huge_digits,
        },
    ),
    edit=st.booleans(),
)
def test_numbers_of_thousands_of_digits_in_the_round_form_are_answers(
    app, client, make_session, fields, edit
):
    token = getattr(client, "_fuzz_digits", None)
    if token is None:
        token = client._fuzz_digits = make_session()
        assert client.post(f"/api/sessions/{token}/rounds", json=DRAW).status_code == 201
    url = f"/s/{token}/rounds/1/edit" if edit else f"/s/{token}/rounds/new"
    data = {**form_fields(DRAW, action="save"), **fields}
    revision = client.get(f"/api/sessions/{token}/revision").get_json()["revision"]
    response = client.post(url, data={**data, "csrf_token": _token(client, url)})
    # 303: the edit is what round 1 holds already (a Save sent twice), nothing to change
    assert response.status_code in (200, 303, 409, 422), response.status_code
    if response.status_code in (409, 422):
        assert 'role="alert"' in response.get_data(as_text=True)
    assert client.get(f"/api/sessions/{token}/revision").get_json()["revision"] == revision
