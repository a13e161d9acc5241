"""Fixtures of the web app's tests: a real database (a temp SQLite file made by the migrations,
or the server in TEST_DATABASE_URL, whose tables are dropped and recreated around each test)."""
from __future__ import annotations

import os
import re
import shutil

import pytest
import sqlalchemy as sa

from tracker import MIGRATIONS, create_app

CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"|name="csrf_token" value="([^"]+)"')


def _migrate(app) -> None:
    from flask_migrate import upgrade

    from tracker.extensions import db

    with app.app_context():
        upgrade(directory=MIGRATIONS)
        db.engine.dispose()  # closing the last connection folds SQLite's WAL into the file


def _drop_everything(url: str) -> None:
    engine = sa.create_engine(url)
    meta = sa.MetaData()
    meta.reflect(engine)
    meta.drop_all(engine)
    engine.dispose()


@pytest.fixture(scope="session")
def _migrated_sqlite(tmp_path_factory):
    """One SQLite file built by running the migrations; each test gets a copy."""
    path = tmp_path_factory.mktemp("template") / "template.db"
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "SECRET_KEY": "x",
                      "INSTANCE_PATH": str(path.parent / "instance")})
    _migrate(app)
    return path


@pytest.fixture
def database_url(tmp_path, request):
    """The one place the tests' database comes from."""
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        from tracker import database_url as normalise

        url = normalise(url)
        _drop_everything(url)
        yield url
        _drop_everything(url)
        return
    template = request.getfixturevalue("_migrated_sqlite")
    path = tmp_path / "tracker.db"
    shutil.copy(template, path)
    yield f"sqlite:///{path}"


@pytest.fixture
def app(database_url, tmp_path):
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url, "TESTING": True,
                      "SECRET_KEY": "test-secret", "INSTANCE_PATH": str(tmp_path / "instance")})
    if os.environ.get("TEST_DATABASE_URL"):
        _migrate(app)
    yield app
    from tracker.extensions import db

    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


def csrf_token(html: str) -> str:
    match = CSRF.search(html)
    assert match, "no CSRF token on the page"
    return match.group(1) or match.group(2)


PLAYERS = ["Ana", "Ben", "Cris"]


@pytest.fixture
def make_session(client):
    """Start a session through the API; returns its id (the token)."""
    def make(rules=None, players=None, dealer=0):
        response = client.post("/api/sessions", json={"players": players or PLAYERS, "dealer": dealer,
                                                     "rules": rules or {}})
        assert response.status_code == 201, response.get_json()
        return response.get_json()["id"]
    return make


# ------------------------------------------------------------------ round records for the tests

def hand(melds=(), cards=(), **flags) -> dict:
    return {"melds": [list(m) for m in melds], "hand": list(cards), **flags}


# A clean draw: Ana calls with 5, Ben challenges with 10 and loses, Cris is sunog.
DRAW = {"ending": "draw", "declarer": 0, "hands": [
    hand([["7S", "7D", "7C"]], ["2C", "3D"]),
    hand([["5H", "6H", "7H", "8H"]], ["KD"], challenged=True),
    hand([], ["AS", "AD", "9C"]),
]}
# Ben goes Tongits.
TONGITS = {"ending": "tongits", "declarer": 1, "hands": [
    hand([["9S", "9D", "9C"]], ["2C", "3D", "4H"]),
    hand([["5H", "6H", "7H"], ["JS", "JD", "JC"], ["2S", "3S", "4S"]], []),
    hand([], ["AS", "AD", "9H", "KC", "QC", "10C", "8D", "6D"]),
]}
# The talon runs out; Cris has the least deadwood.
TALON = {"ending": "talon", "declarer": None, "hands": [
    hand([["8S", "8D", "8C"]], ["KH", "QH"]),
    hand([["2H", "3H", "4H"]], ["9D", "10S"]),
    hand([["AC", "2C", "3C"]], ["AS"]),
]}

_ALL_52 = [f"{rank}{suit}" for suit in "SHDC" for rank in
           ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]]

# Every bad input of RULES.md §8: (name, record, where, message fragment, form field)
BAD_ROUNDS = [
    ("unknown card", {"ending": "talon", "hands": [
        hand([["7S", "7D", "7C"]], ["ZZ"]), hand([["5H", "6H", "7H"]], ["KD"]), hand([], ["AS"])]},
     "hands[0].hand", "'ZZ' is not a card", "hand_0"),
    ("same card twice", {"ending": "talon", "hands": [
        hand([["7S", "7D", "7C"]], ["2C"]), hand([["5H", "6H", "7H"]], ["7S"]), hand([], ["AS"])]},
     "hands[1].hand", "7S is entered twice", "hand_1"),
    ("joker not allowed", {"ending": "talon", "hands": [
        hand([["7S", "7D", "7C"]], ["2C"]), hand([["5H", "6H", "7H"]], ["KD"]), hand([], ["JK"])]},
     "hands[2].hand", "a joker too many", "hand_2"),
    ("more than the deck", {"ending": "talon", "hands": [
        hand([_ALL_52[0:13], _ALL_52[13:26]], []), hand([_ALL_52[26:39]], []),
        hand([_ALL_52[39:52]], ["JK"])]},
     "hands", "53 cards entered, more than the deck holds", "form"),
    ("hand over 13", {"ending": "talon", "hands": [
        hand([["7S", "7D", "7C"]], ["2C"]), hand([["5H", "6H", "7H"]], ["KD"]),
        hand([], ["AS", "2S", "3S", "4S", "5S", "6S", "8S", "9S", "10S", "JS", "QS", "KS", "AD", "2D"])]},
     "hands[2].hand", "Cris has 14 cards in hand; a hand holds at most 13", "hand_2"),
    ("invalid meld", {"ending": "talon", "hands": [
        hand([["7S", "8H", "9S"]], ["2C"]), hand([["5H", "6H", "7H"]], ["KD"]), hand([], ["AS"])]},
     "hands[0].melds[0]", "Ana's meld 7S 8H 9S is not a set or a run: a run must be one suit", "melds_0"),
    ("tongits with cards in hand", {"ending": "tongits", "declarer": 0, "hands": [
        hand([["7S", "7D", "7C"]], ["2C"]), hand([["5H", "6H", "7H"]], ["KD"]), hand([], ["AS"])]},
     "hands[0].hand", "Ana declared Tongits but still has 1 card(s) in hand", "hand_0"),
    ("sunog draw caller", {"ending": "draw", "declarer": 2, "hands": [
        hand([["7S", "7D", "7C"]], ["2C"]), hand([["5H", "6H", "7H"]], ["KD"]), hand([], ["AS"])]},
     "declarer", "Cris is sunog (no meld on the table) and cannot call a draw", "declarer"),
    ("sunog challenger", {"ending": "draw", "declarer": 0, "hands": [
        hand([["7S", "7D", "7C"]], ["2C"]), hand([["5H", "6H", "7H"]], ["KD"]),
        hand([], ["AS"], challenged=True)]},
     "hands[2].challenged", "Cris is sunog (no meld on the table) and cannot challenge", "challenged_2"),
    ("talon tie without last drawer", {"ending": "talon", "hands": [
        hand([["7S", "7D", "7C"]], ["2C", "3D"]), hand([["5H", "6H", "7H"]], ["5D"]), hand([], ["AS"])]},
     "last_drawer", "Ana and Ben tie with 5 at talon out: say who drew the last card", "last_drawer"),
]


def form_fields(record: dict, action: str = "review") -> dict:
    """The round form's fields for a record, as a player would type them."""
    data = {"ending": record.get("ending") or "", "action": action}
    if record.get("declarer") is not None:
        data["declarer"] = str(record["declarer"])
    if record.get("last_drawer") is not None:
        data["last_drawer"] = str(record["last_drawer"])
    if record.get("dealer") is not None:
        data["dealer"] = str(record["dealer"])
    for seat, entry in enumerate(record["hands"]):
        data[f"melds_{seat}"] = " | ".join(" ".join(meld) for meld in entry["melds"])
        data[f"hand_{seat}"] = " ".join(entry["hand"])
        for flag in ("challenged", "kang"):
            if entry.get(flag):
                data[f"{flag}_{seat}"] = "y"
    return data
