"""What the session page says of a round the seat pages just saved (`?saved=N`), built by the
presentation layer from the saved result: the winner's takings, the pot when they took it, a
void round's pot; and each balance's change in the last round. Real database, English and
Filipino."""

import re

TONGITS = {
    "ending": "tongits",
    "declarer": 0,
    "hands": [
        {"melds": [["9S", "9H", "9D"], ["2C", "3C", "4C"]], "hand": []},
        {"melds": [["5S", "5H", "5D"]], "hand": ["KS"]},
        {"melds": [], "hand": ["AS"]},
    ],
}
VOID = {
    "ending": "talon",
    "hands": [
        {"melds": [], "hand": ["2C", "3D"]},
        {"melds": [], "hand": ["KS"]},
        {"melds": [], "hand": ["AS", "4H"]},
    ],
}


def saved_line(client, token, number, **headers):
    page = client.get(f"/s/{token}?saved={number}", headers=headers).get_data(as_text=True)
    found = re.search(r'id="saved-round">([^<]*)<', page)
    return found and found.group(1)


def post(client, token, record):
    response = client.post(f"/api/sessions/{token}/rounds", json=record)
    assert response.status_code == 201, response.get_json()


def test_the_saved_round_is_said_with_its_takings_and_the_pot(client, make_session):
    token = make_session(rules={"preset": "pagat"})
    post(client, token, TONGITS)
    # 3 stakes for Tongits from each of the two, and 1 more from Cris for sunog
    assert saved_line(client, token, 1) == "Round 1: Ana wins ₱70.00"
    post(client, token, TONGITS)  # two wins in a row: Ana takes the pot of 6 antes
    assert saved_line(client, token, 2) == "Round 2: Ana wins ₱70.00 + pot ₱120.00"
    assert saved_line(client, token, 2, **{"Accept-Language": "fil"}) == (
        "Round 2: panalo si Ana ng ₱70.00 + pot na ₱120.00"
    )
    post(client, token, VOID)
    assert saved_line(client, token, 3) == "Round 3: void round, ₱90.00 into the pot"
    for wrong in ("4", "0", "x", "9" * 5000, ""):
        assert saved_line(client, token, wrong) is None
    page = client.get(f"/s/{token}").get_data(as_text=True)
    changes = re.findall(r'data-change><span class="sr">round 3: </span>([^<]*)<', page)
    assert changes == ["−₱30.00"] * 3  # ante and void stake, each
