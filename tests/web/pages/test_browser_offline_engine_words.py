"""The phone's referee speaks the page's language: the engine worker (Pyodide in Debian's
Chromium) says its verdict lines, each payment's explanation and each problem in Filipino from
the server's own catalogue and speech module (tracker/present/speech.py), byte for byte what
the server says for the same answer, and stays the engine's own English in English."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.support.browser import APPS
from tests.support.records import BAD_ROUNDS
from tests.support.rounds_factory import random_session
from tracker.engine import Rules, fields_of_record
from tracker.engine.judge import preview, preview_form
from tracker.present.messages import say

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(600)]

ROUNDS = 300
SPEAK = (Path(__file__).parents[2] / "support" / "engine_worker.js").read_text()
STATE = json.dumps({"players": ["Ana", "Ben", "Cris"], "rules": {}, "records": []})


def random_rules(rng: random.Random) -> Rules:
    """Either preset with a draw of house rules: progressive mode (points), aces, secret
    melds, multipliers, so that the explanations say every kind of part."""
    pick = rng.choice
    return Rules.preset(
        pick(["classic", "pagat"]),
        jokers=pick([0, 0, 1, 2]),
        secret_runs=pick([True, False]),
        no_discard_multiplier=rng.randint(1, 3),
        kang_multiplier=rng.randint(1, 2),
        pot_ante_units=rng.randint(0, 2),
        progressive=pick([True, False]),
        stake=pick(["5.00", "10.00", "12.50", "1250.00"]),
    )


def random_cases(count: int) -> list[list[str]]:
    rng = random.Random(20261203)
    out = []
    for _ in range(count):
        made = random_session(
            seed=rng.randrange(10**9), rounds=rng.randint(1, 4), rules=random_rules(rng)
        )
        *before, last = made["rounds"]
        state = {k: made[k] for k in ("players", "rules", "first_dealer")}
        out.append([json.dumps({**state, "records": before}), json.dumps(last)])
    return out


def refused_cases() -> list[list[str]]:
    """Every bad round of docs/rules.md §8, a session that is no object, and a round with so
    many problems that the last one counts the rest."""
    cases = [[STATE, json.dumps(record)] for _name, record, *_ in BAD_ROUNDS]
    many = {"ending": "talon", **{f"x{i}": 1 for i in range(60)}}
    return [*cases, ["[]", "{}"], [STATE, json.dumps(many)]]


def servers_words(server: str, cases, lang: str, judged=preview) -> list[str]:
    """What the server says of each answer (`judged`'s): its `say` in a request read in `lang`."""
    with APPS[server].test_request_context(f"/?lang={lang}"):
        return [judged(session, record, say) for session, record in cases]


def sentences(text: str) -> list[str]:
    """The sentences of an answer the page shows: verdict lines, explanations, problems."""
    answer = json.loads(text)
    said = [problem["message"] for problem in answer.get("problems", [])]
    result = answer.get("result") or {}
    said += result.get("verdict", [])
    return said + [payment["explain"] for payment in result.get("payments", [])]


def test_the_phone_says_rounds_in_filipino_as_the_server_does(server, phone):
    phone.goto(server + "/")
    cases = random_cases(ROUNDS) + refused_cases()
    filipino, english = servers_words(server, cases, "fil"), servers_words(server, cases, "en")
    assert english == [preview(*case) for case in cases]  # English is the engine's own
    assert sum('"result"' in text for text in english) == ROUNDS
    assert any("more problems" in text for text in english)
    spoken = [sentences(text) for text in filipino]
    assert all(spoken) and all(a != b for a, b in zip(spoken, map(sentences, english)))
    assert any("puntos" in text or "iskor" in text for text in filipino)  # points mode said
    phone.set_default_timeout(300_000)
    got = phone.evaluate(SPEAK, [cases, {"op": "preview", "langs": ["fil", "en", None]}])
    texts = got["texts"]
    different = [i for i, (a, b) in enumerate(zip(texts["fil"], filipino)) if a != b]
    assert different == [], (len(different), texts["fil"][different[0]], filipino[different[0]])
    assert texts["en"] == english and texts["null"] == english


def test_a_filipino_page_s_engine_answers_in_filipino_by_itself(server, phone):
    """engine_client.js: `previewForm(session, fields, lang)`, the page's language (<html lang>,
    which the server writes for its reader: "fil") when no language is named; the worker
    fetched the words as it started."""
    phone.goto(server + "/")
    phone.evaluate("document.documentElement.lang = 'fil'")
    rounds = random_cases(3) + refused_cases()[:2]
    cases = [[s, json.dumps(fields_of_record(json.loads(r)))] for s, r in rounds]
    asked = """async ([cases, lang]) => {
        const engine = await import('/static/engine_client.js'), out = [];
        for (const [session, fields] of cases) {
            out.push(await engine.previewForm(JSON.parse(session), JSON.parse(fields), lang));
        }
        return out;
    }"""
    phone.set_default_timeout(120_000)
    for lang in (None, "fil", "en"):
        said = servers_words(server, cases, lang or "fil", preview_form)
        expected = [json.loads(text) for text in said]
        assert phone.evaluate(asked, [cases, lang]) == expected, lang


def test_a_catalogue_not_the_servers_is_never_run_and_the_phone_says_english(server, phone):
    """A .mo whose bytes are not the manifest's (or none, offline) is refused: the worker
    answers in the engine's own English, and asks for the words again next time."""
    phone.context.route(
        "**/translations/fil/LC_MESSAGES/messages.mo",
        lambda route: route.fulfill(status=200, body=b"\xde\x12\x04\x95" + b"\0" * 60),
    )
    warned = []
    phone.on("console", lambda message: warned.append(message.text))
    phone.goto(server + "/")
    cases = random_cases(2) + refused_cases()[:1]
    got = phone.evaluate(SPEAK, [cases, {"op": "preview", "langs": ["fil"]}])
    assert got["texts"]["fil"] == servers_words(server, cases, "en")
    refused = [text for text in warned if "words of fil" in text and "not the server's" in text]
    assert len(refused) >= 2  # as it started, and again when asked next
