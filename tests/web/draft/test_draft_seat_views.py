"""What each seat's phone is told of its own part of the round draft (`preview.seats`) and of
the pot (`preview.pot`), on a real database: the engine's reading of each meld (and whether it
may be laid secret), the deadwood in hand, sunog, and the flags the seat may tick."""

from tests.support.drafts import all_done, fill, url
from tests.support.records import TALON


def put(client, token, tail, body):
    response = client.put(url(token, tail), json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_each_seat_is_told_its_melds_deadwood_sunog_and_flags(client, make_session):
    token = make_session(rules={"preset": "classic", "kang_multiplier": 2})
    put(client, token, "/header", {"ending": "draw", "declarer": 0})
    put(client, token, "/seats/0", {"melds": [["9S", "9H", "9D", "9C"]], "hand": ["2C"]})
    put(client, token, "/seats/1", {"melds": [["4D", "5D", "6D"]], "hand": ["KD", "QD"]})
    body = put(client, token, "/seats/2", {"melds": [["AH", "2S"]], "hand": ["3C", "3C"]})
    ana, ben, cris = body["preview"]["seats"]
    assert ana == {
        "melds": [
            {
                "cards": ["9S", "9H", "9D", "9C"],
                "ok": True,
                "kind": "set",
                "secret": False,
                "may_be_secret": True,
            }
        ],
        "count": 1,
        "open": {"ok": False, "message": ana["open"]["message"]},  # one card makes no meld
        "deadwood": 2,
        "hand_melds": [],
        "deadwood_cards": "2C",
        "sunog": False,
        "flags": [],  # the caller may not challenge her own draw
    }
    assert ben["melds"] == [
        {
            "cards": ["4D", "5D", "6D"],
            "ok": True,
            "kind": "run",
            "secret": False,
            "may_be_secret": False,
        }
    ]
    assert (ben["deadwood"], ben["sunog"], ben["flags"]) == (20, False, ["challenged"])
    assert cris["melds"][0]["ok"] is False and cris["deadwood"] is None  # 3♣ twice
    assert cris["melds"][0]["message"] and cris["hand_error"]  # both say what is wrong
    assert body["preview"]["pot"] == "0.00"
    # Ben is now sunog: a challenge is no longer offered; the Tongits winner is offered kang
    body = put(client, token, "/seats/1", {"melds": [], "hand": ["KD", "QD"]})
    assert body["preview"]["seats"][1]["flags"] == []
    body = put(client, token, "/header", {"ending": "tongits", "declarer": 0})
    assert [seat["flags"] for seat in body["preview"]["seats"]] == [["kang"], [], []]
    # a flag already ticked stays offered, to be taken back (the check refuses it meanwhile)
    body = put(client, token, "/seats/2", {"melds": [], "hand": ["3C"], "challenged": True})
    assert body["preview"]["seats"][2]["flags"] == ["challenged"]
    assert client.get(url(token)).get_json()["preview"]["seats"] == body["preview"]["seats"]


def test_a_secret_meld_is_no_sunog_and_the_pot_is_what_the_round_plays_for(client, make_session):
    token = make_session(rules={"preset": "pagat"})
    secret = {"cards": ["5S", "5H", "5D", "5C"], "secret": True}
    body = put(client, token, "/seats/1", {"melds": [secret], "hand": ["KS"]})
    assert body["preview"]["seats"][1]["sunog"] is False
    assert body["preview"]["seats"][1]["melds"][0]["secret"] is True
    record = {
        "ending": "tongits",
        "declarer": 0,
        "hands": [
            {"melds": [["9S", "9H", "9D"], ["2C", "3C", "4C"]], "hand": []},
            {"melds": [secret], "hand": ["KS"]},
            {"melds": [], "hand": ["AS"]},
        ],
    }
    saved = client.post(f"/api/sessions/{token}/rounds", json=record)
    assert saved.status_code == 201, saved.get_json()
    assert client.get(url(token)).get_json()["preview"]["pot"] == "60.00"  # 3 antes of ₱20


def test_a_hand_changed_after_agreeing_is_named_with_the_money_it_moved(client, make_session):
    token = make_session()
    fill(client, token, TALON)
    body = all_done(client, token)
    assert body["last_change"] is None  # every hand entered once, no hand changed yet
    paid = {(p["from"], p["to"]): p["amount"] for p in body["preview"]["result"]["payments"]}
    agreed = client.post(url(token, "/seats/0/agree"), json={"version": body["version"]})
    assert agreed.status_code == 200
    ben = {"melds": [["2H", "3H", "4H"]], "hand": ["8H", "10S"]}  # 9♦ → 8♥: one point less
    body = put(client, token, "/seats/1", ben)
    assert body["seats"][0]["agreed"] is False  # Ana must agree again
    change = body["last_change"]
    assert change["seat"] == 1 and change["at"] == agreed.get_json()["version"]
    assert (change["removed"], change["added"]) == (["9D"], ["8H"])
    # Ben's payment to Cris moved by one point; nothing else moved
    before = paid[(1, 2)]
    (moved,) = change["money"]
    assert (moved["from"], moved["to"], moved["was"]) == (1, 2, before)
    assert float(moved["amount"]) == float(before) - 1
    assert moved["was_text"] == f"₱{before}" and moved["amount_text"] == f"₱{moved['amount']}"
    assert client.get(url(token)).get_json()["last_change"] == change
    # the header changed after it: Ben's change is no longer the latest
    body = put(client, token, "/header", {"ending": "talon", "last_drawer": 2})
    assert body["last_change"] is None


def test_amounts_come_written_for_the_reader(client, make_session):
    """The pot and the money a change moved come as text too, written by the presentation
    layer: the scripts format no amount. Points are "iskor" for a Filipino reader."""
    token = make_session(rules={"preset": "pagat"})
    assert client.get(url(token)).get_json()["preview"]["pot_text"] == "₱0.00"
    points = make_session(rules={"preset": "classic", "progressive": True})
    english = client.get(url(points)).get_json()["preview"]
    filipino = client.get(url(points), headers={"Accept-Language": "fil"}).get_json()["preview"]
    assert english["pot"] == filipino["pot"] == "0.00"
    assert (english["pot_text"], filipino["pot_text"]) == ("0 pts", "0 iskor")
