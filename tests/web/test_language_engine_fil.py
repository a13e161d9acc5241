"""The engine's and the core's words in the reader's language: the API's refusals by
Accept-Language, the verdict and the payments on the pages by ?lang=, the draft's errors, and
plurals by each language's rule. English stays as it always was."""

from __future__ import annotations

import html
import re
from decimal import Decimal

from tests.support.drafts import url
from tests.support.records import DRAW, hand
from tracker.engine.messages import ngettext
from tracker.engine.money import Amount
from tracker.present.messages import say

BAD_MELD = {
    "ending": "talon",
    "hands": [
        hand([["7S", "8H", "9D"]], ["2C"]),
        hand([["5H", "6H", "7H"]], ["KD"]),
        hand([], ["AS"]),
    ],
}


def plain(response) -> str:
    text = html.unescape(response.get_data(as_text=True))
    return " ".join(re.sub(r"<[^>]+>", " ", text).split())


def _refusal(client, token, language):
    response = client.post(
        f"/api/sessions/{token}/rounds", json=BAD_MELD, headers={"Accept-Language": language}
    )
    assert response.status_code == 422
    return response.get_json()["errors"]


def test_an_api_refusal_is_filipino_for_a_filipino_phone_and_its_place_unchanged(
    client, make_session
):
    token = make_session()
    english = _refusal(client, token, "en")
    filipino = _refusal(client, token, "fil")
    tagalog = _refusal(client, token, "tl-PH,en;q=0.5")
    assert english == [
        {
            "where": "hands[0].melds[0]",
            "message": "Ana's meld 7S 8H 9D is not a set or a run: a run must be one suit",
        }
    ]
    assert (
        filipino
        == tagalog
        == [
            {
                "where": "hands[0].melds[0]",
                "message": "bahay ni Ana: hindi set o run ang 7S 8H 9D: iisang suit dapat ang run",
            }
        ]
    )


def test_a_core_refusal_is_filipino_too(client):
    response = client.post(
        "/api/sessions",
        json={"players": ["Ana", "ana", "Cris"]},
        headers={"Accept-Language": "fil"},
    )
    assert response.status_code == 422
    assert response.get_json()["errors"] == [
        {
            "where": "players[1]",
            "message": "dalawang player ang ana ang pangalan: bigyan ng ibang pangalan ang "
            "bawat isa",
        }
    ]


def test_the_verdict_on_the_session_page_is_filipino_with_lang_fil(client, make_session):
    token = make_session(rules={"point_rate": "1"})
    assert client.post(f"/api/sessions/{token}/rounds", json=DRAW).status_code == 201
    english = plain(client.get(f"/s/{token}?lang=en"))
    filipino = plain(client.get(f"/s/{token}?lang=fil"))
    assert "Ana called a draw with 5." in english and "Cris is sunog." in english
    assert "Ben lost the challenge." in english and "10 pts × ₱1.00" in english
    for line in (
        "Nag-draw si Ana na may 5 puntos.",
        "Lumaban si Ben na may 10 puntos.",
        "Panalo si Ana: siya ang pinakamababa, 5 puntos.",
        "Talo si Ben sa laban.",
        "Sunog si Cris.",
        "Panalo si Ana",
        "10 puntos × ₱1.00",
        "Magbabayad si Ben kay Ana",
    ):
        assert line in filipino, line
    assert "called a draw" not in filipino and "lost the challenge" not in filipino


def test_plurals_follow_each_languages_rule(app):
    def label(count):
        return ngettext(
            "%(num)s pt × %(rate)s", "%(num)s pts × %(rate)s", count, rate=Amount(Decimal(1))
        )

    with app.test_request_context("/?lang=en"):
        assert [say(label(n)) for n in (1, 2, 4)] == [
            "1 pt × ₱1.00",
            "2 pts × ₱1.00",
            "4 pts × ₱1.00",
        ]
    with app.test_request_context("/?lang=fil"):
        assert [say(label(n)) for n in (1, 2, 4)] == [
            "1 puntos × ₱1.00",
            "2 puntos × ₱1.00",
            "4 puntos × ₱1.00",
        ]
        minutes = [
            say(ngettext("try again in %(num)s minute", "try again in %(num)s minutes", n))
            for n in (1, 15)
        ]
        assert minutes == [
            "subukan ulit pagkalipas ng 1 minuto",
            "subukan ulit pagkalipas ng 15 minuto",
        ]
        big = say(
            ngettext(
                "%(num)s ace × %(each)s",
                "%(num)s aces × %(each)s",
                2,
                each=Amount(Decimal("1234.5")),
            )
        )
        assert big == "2 alas × ₱1,234.50"  # the amount written by Babel for fil


def test_a_draft_error_is_filipino_for_a_filipino_phone_and_english_stays_stored(
    client, make_session
):
    token = make_session()
    bad = hand([["7S", "8H", "9D"]], ["2C"])
    written = client.put(url(token, "/seats/0"), json=bad, headers={"Accept-Language": "fil"})
    assert written.status_code == 200
    errors = written.get_json()["preview"]["errors"]
    assert any(e["message"].startswith("bahay ni Ana: hindi set o run") for e in errors), errors
    english = client.get(url(token)).get_json()["preview"]["errors"]
    assert any(e["message"].startswith("Ana's meld 7S 8H 9D") for e in english), english
    filipino = client.get(url(token), headers={"Accept-Language": "tl-PH"}).get_json()
    assert any(e["message"].startswith("bahay ni Ana") for e in filipino["preview"]["errors"]), (
        filipino
    )
