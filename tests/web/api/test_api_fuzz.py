"""Whatever JSON arrives, the API answers 201/200 or a clear error: never a 500, and a refused
round stores nothing."""

import json

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.records import DRAW, TALON
from tracker.extensions import db

pytestmark = pytest.mark.slow

cards = st.sampled_from(
    ["7S", "7D", "7C", "8S", "9S", "10S", "JK", "AS", "KD", "ZZ", "", "7s 7d 7c", "T♠"]
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 5),
    st.sampled_from(["0", "1", "2", "draw", "tongits", "talon", "x", ""]),
    st.floats(allow_nan=True),
)
json_values = st.recursive(
    st.one_of(scalars, cards),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(
            st.sampled_from(
                ["melds", "hand", "cards", "secret", "challenged", "kang", "ending", "declarer"]
            ),
            inner,
            max_size=4,
        ),
    ),
    max_leaves=12,
)
hands = st.lists(
    st.fixed_dictionaries(
        {},
        optional={
            "melds": st.one_of(
                st.lists(st.one_of(st.lists(cards, max_size=4), cards, json_values), max_size=3),
                json_values,
            ),
            "hand": st.one_of(st.lists(cards, max_size=5), cards, json_values),
            "challenged": scalars,
            "kang": scalars,
        },
    ),
    min_size=0,
    max_size=4,
)
records = st.fixed_dictionaries(
    {},
    optional={
        "ending": scalars,
        "declarer": scalars,
        "last_drawer": scalars,
        "dealer": scalars,
        "hands": st.one_of(hands, json_values),
    },
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(record=records)
def test_any_round_gets_an_answer_not_a_crash(client, make_session, record):
    token = getattr(test_any_round_gets_an_answer_not_a_crash, "token", None)
    if token is None or client.get(f"/api/sessions/{token}").status_code != 200:
        token = make_session()
        test_any_round_gets_an_answer_not_a_crash.token = token
    before = client.get(f"/api/sessions/{token}").get_json()
    response = client.post(f"/api/sessions/{token}/rounds", json=record)
    assert response.status_code in (201, 422), response.get_json()
    if response.status_code == 422:
        errors = response.get_json()["errors"]
        assert errors and all(e["where"] and e["message"] for e in errors)
        assert client.get(f"/api/sessions/{token}").get_json()["revision"] == before["revision"]
    else:
        assert (
            client.put(
                f"/api/sessions/{token}/rounds/{response.get_json()['number']}", json=DRAW
            ).status_code
            == 200
        )


@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    payload=st.fixed_dictionaries(
        {},
        optional={
            "players": st.one_of(
                st.lists(st.one_of(st.text(max_size=45), scalars), max_size=4), json_values
            ),
            "dealer": scalars,
            "page_size": st.one_of(scalars, st.sampled_from(["a4", "LETTER"])),
            "rules": st.one_of(
                st.dictionaries(
                    st.sampled_from(
                        [
                            "preset",
                            "stake",
                            "point_rate",
                            "jokers",
                            "qka_run",
                            "draw_tie",
                            "pot_won_by",
                            "currency",
                            "loss_limit",
                            "joker_points",
                            "preset_name",
                        ]
                    ),
                    st.one_of(scalars, json_values),
                    max_size=4,
                ),
                json_values,
            ),
        },
    )
)
def test_any_session_gets_an_answer_not_a_crash(client, payload):
    response = client.post("/api/sessions", json=payload)
    assert response.status_code in (201, 422), response.get_json()
    if response.status_code == 201:
        assert client.get(f"/api/sessions/{response.get_json()['id']}").status_code == 200


# ------------------------------------------------------------------ hostile JSON
# What Python's own parser trips on or takes silently: integers of thousands of digits (a bare
# ValueError inside json), NaN and 1e999 (infinity), nesting thousands of levels deep (a
# RecursionError), lone surrogates (PostgreSQL will not store them) and control characters.
# Anywhere in a body: a clear 400/422 naming the place, and nothing stored.

SESSION = {
    "players": ["Ana", "Ben", "Cris"],
    "dealer": 1,
    "rules": {"stake": "10", "currency": "PHP", "jokers": 0},
    "page_size": "a4",
}
SENTINEL = "@@hostile@@"

long_integers = st.integers(31, 6000).flatmap(
    lambda digits: st.sampled_from(["9" * digits, "-" + "1" * digits])
)
not_finite = st.sampled_from(["NaN", "Infinity", "-Infinity", "1e999", "-1e99999", "1E400"])
bad_chars = st.characters(categories=("Cc", "Cs"), exclude_characters="\t\n\r") | st.characters(
    min_codepoint=0x80, max_codepoint=0x9F
)
bad_text = st.tuples(st.text("AnaBen ", max_size=4), bad_chars, st.text("xyz", max_size=3)).map(
    lambda parts: json.dumps("".join(parts))  # \u escapes: a lone surrogate travels fine
)
deep = st.integers(33, 30000).map(lambda depth: "[" * depth + "]" * depth)


def _places(value, path=()):
    """Every place in a JSON value, as a path (the whole value is ())."""
    yield path
    if isinstance(value, (dict, list)):
        for key, item in value.items() if isinstance(value, dict) else enumerate(value):
            yield from _places(item, (*path, key))


def _where(path) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text or "body"


def _with(body, path, raw: str) -> str:
    """`body` as JSON text with the value at `path` replaced by the raw JSON text `raw`."""
    if not path:
        return raw
    body = json.loads(json.dumps(body))
    parent = body
    for part in path[:-1]:
        parent = parent[part]
    parent[path[-1]] = SENTINEL
    return json.dumps(body).replace(json.dumps(SENTINEL), raw)


def _rows(app) -> tuple:
    with app.app_context():
        counts = tuple(
            db.session.execute(sa.text(f"SELECT COUNT(*) FROM {table}")).scalar()
            for table in ("game_session", "round", "idempotent_request")
        )
        db.session.remove()
    return counts


HOSTILE = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@HOSTILE
@given(
    target=st.sampled_from(["session", "round", "edit", "check", "import"]),
    place=st.data(),
    raw=st.one_of(long_integers, not_finite, bad_text, deep),
)
def test_hostile_values_anywhere_in_a_body_are_refused_at_their_place(
    app, client, target, place, raw
):
    token = getattr(client, "_hostile_session", None)
    if token is None:
        token = client._hostile_session = client.post("/api/sessions", json=SESSION).get_json()[
            "id"
        ]
        assert client.post(f"/api/sessions/{token}/rounds", json=DRAW).status_code == 201
    method, url, body = {
        "session": ("post", "/api/sessions", SESSION),
        "round": ("post", f"/api/sessions/{token}/rounds", DRAW),
        "edit": ("put", f"/api/sessions/{token}/rounds/1", DRAW),
        "check": ("post", f"/api/sessions/{token}/rounds/check", DRAW),
        "import": ("post", "/api/sessions/import", None),
    }[target]
    if body is None:
        body = client.get(f"/api/sessions/{token}/export").get_json()
    path = place.draw(st.sampled_from(list(_places(body))))
    before = _rows(app), client.get(f"/api/sessions/{token}/revision").get_json()
    response = getattr(client, method)(
        url,
        data=_with(body, path, raw),
        content_type="application/json",
        headers={"Idempotency-Key": f"hostile-{len(raw)}"},
    )
    assert response.status_code == 422, (response.status_code, response.get_json())
    errors = response.get_json()["errors"]
    assert errors and all(e["where"] and e["message"] for e in errors)
    if raw.startswith("["):
        assert "nested more than 32 levels" in errors[0]["message"]
    else:  # the place is named, as in the JSON
        assert errors[0]["where"] == _where(path), (errors, path)
    assert (_rows(app), client.get(f"/api/sessions/{token}/revision").get_json()) == before


@HOSTILE
@given(text=st.one_of(st.text(max_size=60), st.binary(max_size=60).map(repr)))
def test_malformed_json_is_a_400_naming_the_body(app, client, text):
    try:
        json.loads(text)
        return  # JSON after all: the other tests send those
    except ValueError:
        pass
    before = _rows(app)
    response = client.post("/api/sessions", data=text, content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["errors"] == [
        {"where": "body", "message": "the body is not valid JSON"}
    ]
    assert _rows(app) == before


@HOSTILE
@given(
    version=st.one_of(
        st.integers(2**31, 10**30).map(str),
        st.integers(31, 6000).map(lambda digits: "7" * digits),
        st.sampled_from(["-1", "+7", "7.0", "1e3", "¹", "٧", "７", "0x7", "7 7"]),
    )
)
def test_an_if_match_out_of_range_is_a_400_and_changes_nothing(app, client, make_session, version):
    token = getattr(client, "_if_match_session", None)
    if token is None:
        token = client._if_match_session = make_session()
        assert client.post(f"/api/sessions/{token}/rounds", json=DRAW).status_code == 201
    before = _rows(app), client.get(f"/api/sessions/{token}").get_json()
    for method, body in (("put", TALON), ("delete", None)):
        response = getattr(client, method)(
            f"/api/sessions/{token}/rounds/1", json=body, headers={"If-Match": version}
        )
        assert response.status_code == 400, (version, response.get_json())
        assert response.get_json()["errors"][0]["where"] == "If-Match"
    assert (_rows(app), client.get(f"/api/sessions/{token}").get_json()) == before


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Ben\x07", "control character (U+0007)"),
        ("Ben\x00", "control character (U+0000)"),
        ("Ben\x85", "control character (U+0085)"),
        ("Ben\ud800", "lone surrogate, U+D800"),
        ("\udfffBen", "lone surrogate, U+DFFF"),
    ],
)
def test_a_name_with_a_control_character_or_a_lone_surrogate_is_refused(app, client, name, message):
    before = _rows(app)
    body = json.dumps({"players": ["Ana", name, "Cris"]})
    response = client.post("/api/sessions", data=body, content_type="application/json")
    assert response.status_code == 422
    error = response.get_json()["errors"][0]
    assert error["where"] == "players[1]" and message in error["message"]
    assert _rows(app) == before
