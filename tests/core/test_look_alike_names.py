"""Look-alike member names: a name with an invisible character is refused, and a name that
cannot be told from a member's (the same after Unicode NFKC, or in Cyrillic or Greek letters
that look Latin) is refused beside it, so no payment can go to a fake "Ana"."""

from __future__ import annotations

import pytest

from tests.support.group_api import make_group

CYRILLIC_ANA = "\u0410na"  # А (Cyrillic capital A), n, a
NFD_NINO = "Nin\u0303o"  # n + combining tilde: "Niño" decomposed


def refusal(answer) -> str:
    assert answer.status_code == 422, answer.get_json()
    return " ".join(error["message"] for error in answer.get_json()["errors"])


@pytest.mark.parametrize(
    ("twin", "said"),
    [
        ("A\u200bna", "invisible character (U+200B)"),
        ("\u200eAna", "invisible character (U+200E)"),
        (CYRILLIC_ANA, "looks just like Ana"),
        ("ΑΝΑ", "looks just like Ana"),  # Greek capitals
        ("Ａｎａ", "two members are called Ana"),  # full-width: NFKC makes it Ana
    ],
)
def test_a_look_alike_of_a_member_is_refused(client, twin, said):
    group = make_group(client, members=["Ana", "Ben", "Cris"])
    added = client.post(f"/api/groups/{group['id']}/members", json={"name": twin})
    assert said in refusal(added)
    members = client.get(f"/api/groups/{group['id']}").get_json()["members"]
    assert [m["name"] for m in members] == ["Ana", "Ben", "Cris"]
    pay = {"from": twin, "to": "Ben", "amount": "20"}
    assert client.post(f"/api/groups/{group['id']}/payments", json=pay).status_code == 422


def test_names_are_kept_in_one_unicode_form(client):
    made = client.post("/api/groups", json={"name": "B", "members": ["Niño", NFD_NINO, "Ben"]})
    assert "two members are called Niño" in refusal(made)
    group = make_group(client, members=[NFD_NINO, "Ben", "Cris"])
    assert group["members"][0]["name"] == "Niño"
    session = client.post("/api/sessions", json={"players": [NFD_NINO, "Ben", "Cris"]})
    assert session.get_json()["players"][0] == "Niño"


def test_names_of_other_alphabets_and_emoji_stay_welcome(client):
    group = make_group(client, members=["Ñoño", "Nono", "Анна", "Ana 👩‍🦰"])
    assert [m["name"] for m in group["members"]] == ["Ñoño", "Nono", "Анна", "Ana 👩‍🦰"]


@pytest.mark.parametrize(
    ("twin", "said"),
    [
        ("Ana\ufe0f", "looks just like Ana"),  # a variation selector after the a
        ("Ana\u200d", "looks just like Ana"),  # the emoji joiner with no emoji
    ],
)
def test_a_member_beside_ana_with_a_mark_no_one_sees_is_refused(client, twin, said):
    group = make_group(client, members=["Ana", "Ben", "Cris"])
    added = client.post(f"/api/groups/{group['id']}/members", json={"name": twin})
    assert said in refusal(added)


@pytest.mark.parametrize(
    "twin",
    [CYRILLIC_ANA, "ΑΝΑ", "Ana\u200d", "Ana\ufe0f", "ana\ufe0e"],
)
def test_a_session_cannot_seat_a_look_alike_of_another_player(client, twin):
    answer = client.post("/api/sessions", json={"players": ["Ana", twin, "Cris"]})
    errors = answer.get_json()["errors"]
    assert answer.status_code == 422 and errors[0]["where"] == "players[1]", errors
    assert "looks just like Ana" in errors[0]["message"] or "called" in errors[0]["message"]
    good = client.post("/api/sessions", json={"players": ["Ana", "Анна", "Ana 👩‍🦰"]})
    assert good.status_code == 201, good.get_json()


@pytest.mark.parametrize("name", ["\u0301\u0301", "\u0301Ana", "\u20dd"])
def test_a_name_of_marks_with_no_letter_under_them_is_refused(client, name):
    session = client.post("/api/sessions", json={"players": ["Ana", name, "Cris"]})
    assert "no letter under it" in refusal(session)
    group = client.post("/api/groups", json={"name": "B", "members": ["Ana", name, "Ben"]})
    assert "no letter under it" in refusal(group)
