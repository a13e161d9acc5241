"""Whatever JSON arrives, the API answers 201/200 or a clear error: never a 500, and a refused
round stores nothing."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.records import DRAW

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
