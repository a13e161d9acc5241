"""Whatever an import or a backup holds, the answer is the session or a refusal that says where
(422 for the page and the API, exit 2 for `flask restore`): never a crash, never a silent
misreading, and nothing stored (part 4)."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tests.support.admin import ADMIN
from tests.support.forms import csrf_token
from tests.support.rounds_factory import known_session, random_session
from tracker.engine import Path
from tracker.exchange.export import ExportError, export_json, read_export


class Raw(str):
    """A value written into the JSON text as it is (1e999, NaN, 10**5000, deep nesting)."""


def json_text(data) -> str:
    """The export as JSON, with every Raw value put in unquoted."""
    raws: dict[str, str] = {}

    def mark(value):
        if isinstance(value, Raw):
            key = f"@@raw{len(raws)}@@"
            raws[key] = str(value)
            return key
        if isinstance(value, dict):
            return {key: mark(item) for key, item in value.items()}
        if isinstance(value, list):
            return [mark(item) for item in value]
        return value

    text = json.dumps(mark(data), ensure_ascii=True)
    for key, raw in raws.items():
        text = text.replace(f'"{key}"', raw)
    return text


def nested(depth: int) -> Raw:
    return Raw("[" * depth + "]" * depth)


# Each class of bad input: where it goes, what it is, and where the refusal must point.
# A place is a path into the export; <round> and <hand> are filled in with the drawn ones,
# "+" adds to a list; a key of a meld turns the meld into an object.
HAND = ("rounds", "<round>", "hands", "<hand>")
CLASSES = {
    "stake that overflows": (("rules", "stake"), "1e9999999", ("rules", "stake")),
    "count that overflows": (("rules", "pot_streak"), Raw("1e999"), ("rules", "pot_streak")),
    "NaN": (("rules", "kang_multiplier"), Raw("NaN"), ("rules", "kang_multiplier")),
    "integer of 5,000 digits": (("first_dealer",), Raw("9" * 5000), ("first_dealer",)),
    "integer of 5,000 digits in a round": (
        ("rounds", "<round>", "last_drawer"),
        Raw("1" + "0" * 5000),
        ("rounds", "<round>"),
    ),
    "nesting 40 deep": ((*HAND, "hand"), nested(40), (*HAND, "hand")),
    "nesting 5,000 deep": ((*HAND, "melds"), nested(5000), ("file",)),
    "unknown key in a round": (("rounds", "<round>", "challange"), True, ("rounds", "<round>")),
    "unknown key in a hand": ((*HAND, "kangg"), False, (*HAND,)),
    "unknown key in a meld": ((*HAND, "melds", 0, "secrett"), True, (*HAND, "melds", 0)),
    "string for a boolean": ((*HAND, "challenged"), "true", (*HAND, "challenged")),
    "number for a boolean": ((*HAND, "kang"), 1, (*HAND, "kang")),
    "null for a boolean": (("settled",), None, ("settled",)),
    "string for secret": ((*HAND, "melds", 0, "secret"), "true", (*HAND, "melds", 0)),
    "a streak in a round": (
        ("rounds", "<round>", "streak"),
        {"seat": 0, "wins": Raw("1e999")},
        (
            "rounds",
            "<round>",
            "streak",
        ),
    ),
    "a pot in a round": (("rounds", "<round>", "pot"), "5.00", ("rounds", "<round>", "pot")),
    "boolean for a seat": (("rounds", "<round>", "last_drawer"), True, ("rounds", "<round>")),
    "boolean for the first dealer": (("first_dealer",), False, ("first_dealer",)),
    "boolean for a count": (("rules", "tongits_units"), True, ("rules", "tongits_units")),
    "fraction for a seat": (("rounds", "<round>", "dealer"), 1.5, ("rounds", "<round>", "dealer")),
    "whole float for a seat": (
        ("rounds", "<round>", "dealer"),
        1.0,
        ("rounds", "<round>", "dealer"),
    ),
    "fraction for a count": (("rules", "pot_streak"), 2.5, ("rules", "pot_streak")),
    "joker the rules do not allow": ((*HAND, "hand", "+"), "JK", (*HAND,)),
    "lone surrogate in a name": (("players", 1), "Be\ud800n", ("players", 1)),
    "control character in a name": (("players", 2), "Cr\x07is", ("players", 2)),
    "control character in the currency": (("rules", "currency"), "₱\x00", ("rules", "currency")),
    "lone surrogate in a card": ((*HAND, "hand", 0), "\udc80", (*HAND, "hand", 0)),
}


def concrete(path: tuple, round_: int, hand: int) -> tuple:
    return tuple(round_ if p == "<round>" else hand if p == "<hand>" else p for p in path)


def spoiled(export: dict, name: str, round_: int = 1, hand: int = 0) -> tuple[str, tuple]:
    """The export with one bad value put in: its JSON text, and where it must be refused."""
    place, value, where = CLASSES[name]
    place, where = concrete(place, round_, hand), concrete(where, round_, hand)
    data = json.loads(export_json(export))
    *path, key = place
    parent = data
    for index, part in enumerate(path, 1):
        meld = index == len(path) and isinstance(parent[part], list) and key != "+"
        if meld and isinstance(key, str):
            parent[part] = {"cards": parent[part]}  # a meld given keys: written as an object
        parent = parent[part]
    if key == "+":
        parent.append(value)
    else:
        parent[key] = value
    return json_text(data), where


def refused_at(problems, where: tuple) -> bool:
    return any(tuple(problem.where[: len(where)]) == where for problem in problems)


def assert_refused(text: str, where: tuple):
    with pytest.raises(ExportError) as caught:
        read_export(text)
    problems = caught.value.problems
    assert refused_at(problems, where), [p.to_dict() for p in problems]
    for problem in problems:
        assert isinstance(problem.where, Path) and problem.message


# -- each class, by hand --------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(CLASSES))
def test_each_class_is_refused_where_it_is(name):
    text, where = spoiled(known_session(), name)
    assert_refused(text, where)


def test_a_good_export_still_imports():
    text, _ = spoiled(known_session(), "integer of 5,000 digits")
    good = export_json(known_session())
    assert read_export(good)["rounds"] and text != good


# -- fuzzing --------------------------------------------------------------------------------

SESSIONS = [random_session(seed=seed, rounds=6) for seed in (2, 5)]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    session=st.sampled_from(SESSIONS),
    name=st.sampled_from(sorted(CLASSES)),
    round_=st.integers(0, 5),
    hand=st.integers(0, 2),
)
def test_fuzz_any_bad_value_anywhere_is_refused_where_it_is(session, name, round_, hand):
    hand = _a_hand_that_fits(session, name, round_, hand)
    assume(hand is not None)  # a round where no hand has the meld or card to spoil
    text, where = spoiled(session, name, round_, hand)
    assert_refused(text, where)


def _a_hand_that_fits(session: dict, name: str, round_: int, hand: int) -> int | None:
    """The drawn hand, or the next one that has the meld or card the bad value replaces."""
    for seat in (hand, (hand + 1) % 3, (hand + 2) % 3):
        place = concrete(CLASSES[name][0], round_, seat)
        if "nesting" in name or _exists(session, place):
            return seat
    return None


def _exists(session: dict, place: tuple) -> bool:
    value = session
    for part in place[:-1]:
        if isinstance(value, list) and (not isinstance(part, int) or part >= len(value)):
            return False
        value = value[part]
    return not (isinstance(value, list) and isinstance(place[-1], int) and place[-1] >= len(value))


# -- through the page, the API and `flask restore`: 422 / exit 2, nothing stored ------------

WEB_CLASSES = sorted(CLASSES)


def session_count(client) -> int:
    return len(client.get("/api/sessions", headers=ADMIN).get_json()["sessions"])


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(name=st.sampled_from(WEB_CLASSES), round_=st.integers(0, 1), hand=st.integers(0, 2))
def test_fuzz_the_api_and_the_page_refuse_and_store_nothing(client, name, round_, hand):
    hand = _a_hand_that_fits(known_session(), name, round_, hand)
    assume(hand is not None)
    text, where = spoiled(known_session(), name, round_, hand)
    before = session_count(client)
    response = client.post("/api/sessions/import", data=text, content_type="application/json")
    assert response.status_code == 422, response.get_data(as_text=True)
    errors = response.get_json()["errors"]
    where = ("body",) if where == ("file",) else where  # the API names the whole JSON its body
    assert any(error["where"].startswith(str(Path(where))) for error in errors), errors
    token = csrf_token(client.get("/import").get_data(as_text=True))
    page = client.post("/import", data={"csrf_token": token, "text": text})
    assert page.status_code == 422 and "Nothing was imported" in page.get_data(as_text=True)
    assert session_count(client) == before


@pytest.mark.parametrize(
    "name", ["nesting 5,000 deep", "integer of 5,000 digits", "lone surrogate in a name"]
)
def test_an_uploaded_file_is_refused_too(client, name):
    text, where = spoiled(known_session(), name)
    token = csrf_token(client.get("/import").get_data(as_text=True))
    page = client.post(
        "/import",
        data={"csrf_token": token, "file": (io.BytesIO(text.encode()), "s.json")},
        content_type="multipart/form-data",
    )
    assert page.status_code == 422
    assert f"({Path(where)}" in page.get_data(as_text=True) or where == ("file",)


@pytest.mark.parametrize(
    "name",
    [
        "nesting 5,000 deep",
        "integer of 5,000 digits in a round",
        "count that overflows",
        "lone surrogate in a name",
        "boolean for a seat",
        "unknown key in a hand",
    ],
)
def test_restore_refuses_with_exit_2_and_where(app, client, tmp_path, name):
    text, where = spoiled(known_session(), name)
    session = '{"token": "' + "a" * 20 + '", ' + text[1:]  # the session's own link
    body = '{"format": "tongits-tracker-backup/1", "sessions": [' + session + "]}"
    path = tmp_path / "backup.json"
    path.write_text(body, encoding="utf-8")
    result = app.test_cli_runner().invoke(args=["restore", str(path)])
    assert result.exit_code == 2, result.output
    prefix = "file" if where == ("file",) else f"sessions[0].{Path(where)}"
    assert "nothing was changed" in result.output and f"  {prefix}" in result.output
    assert session_count(client) == 0
