"""The smaller holes closed: hostile text in every chart stays text (a currency "<!--" hid the
rest of the session page and emptied the summary PDF's tables), a CR/LF in the unlock link's
`next` goes home instead of a 500, weak ETags are matched on draft polls, and a wrong owner key
counts toward the wrong-PIN limit as docs/API.md says, and the engine's command line refuses a
hand bigger than a hand before it searches it."""

from __future__ import annotations

import io
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.support.drafts import url
from tests.support.records import TALON, TONGITS

HOSTILE = "<!--"
NAMES = ["<b>Ana", "Ben</svg>", "Cris&amp;"]


@pytest.mark.slow
def test_hostile_currency_and_names_stay_text_in_every_chart(client, make_session):
    token = make_session(rules={"currency": HOSTILE}, players=NAMES)
    for record in (TONGITS, TALON):
        assert client.post(f"/api/sessions/{token}/rounds", json=record).status_code == 201
    page = client.get(f"/s/{token}").get_data(as_text=True)
    chart = page[page.index('<svg xmlns="http://www.w3.org/2000/svg" viewBox') :]
    chart = chart[: chart.index("</svg>")]
    assert HOSTILE not in chart and "&lt;!--" in chart
    assert "<b>" not in page and "</svg>Ben" not in page
    assert 'id="settlement"' in page or "Settle" in page  # the rest of the page is there
    pdf = client.get(f"/s/{token}/summary.pdf")
    assert pdf.status_code == 200
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.data)).pages)
    assert "Ben</svg>" in text and "&lt;" not in text  # the names as typed, the tables there
    assert text.count("<!--") >= 2  # the amounts of the tables, in the table's own currency


def test_a_control_character_in_next_goes_home(client, make_session):
    token = make_session()
    for target in (f"/s/{token}%0a", f"/s/{token}%0d%0aSet-Cookie:x=1", f"/s/{token}%09"):
        answer = client.get(f"/s/{token}/unlock?next={target}")
        assert answer.status_code == 303
        assert answer.headers["Location"].endswith(f"/s/{token}")


def test_a_weak_etag_is_matched_on_draft_polls(client, make_session):
    token = make_session()
    first = client.get(url(token))
    tag = first.headers["ETag"]
    assert client.get(url(token), headers={"If-None-Match": tag}).status_code == 304
    assert client.get(url(token), headers={"If-None-Match": f"W/{tag}"}).status_code == 304


def test_a_wrong_owner_key_counts_as_a_wrong_pin(client, make_session):
    token = make_session()
    owner = make_session.owner[token]
    pin = client.put(f"/api/sessions/{token}/pin", json={"pin": "2468"}, headers=owner)
    assert pin.status_code == 200
    api = f"/api/sessions/{token}/rounds"
    answers = [
        client.post(api, json=TALON, headers={"X-Owner-Key": f"guess-{n}"}).status_code
        for n in range(6)
    ]
    assert answers == [403] * 5 + [429]
    assert client.get(f"/api/sessions/{token}").get_json()["round_count"] == 0


def test_the_engine_cli_refuses_a_hand_bigger_than_a_hand_at_once():
    """A 54-card "hand" searched for more than 10 minutes; now refused in well under a second.
    A full hand of 13 is still searched."""
    deck = " ".join(rank + suit for suit in "SHDC" for rank in RANKS) + " JK JK"
    started = time.monotonic()
    refused = engine_cli("deadwood", deck, "--rules", '{"jokers": 2}')
    assert refused.returncode == 2 and "a hand holds at most 13 cards; this one has 54" in (
        refused.stderr
    )
    assert time.monotonic() - started < 20
    full = engine_cli("deadwood", " ".join(rank + "S" for rank in RANKS))
    assert full.returncode == 0 and full.stdout.strip().endswith("deadwood: 0")


RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def engine_cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "tracker.engine", *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).resolve().parents[2],
    )
