"""The phone's own referee: the engine's files, run by Pyodide in a Web Worker of Debian's
Chromium, judge 1,000 random rounds (both presets, the other tables' house rules, jokers) and
give, byte for byte, the JSON text the server's engine gives for the same session and round."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.support.rounds_factory import random_session
from tracker.engine import Rules
from tracker.engine.judge import judge

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.timeout(600)]

ROUNDS = 1000

# Starts the app's engine worker and judges each [session, record] pair in turn.
JUDGE_ALL = (Path(__file__).parents[2] / "support" / "engine_worker.js").read_text()


def random_rules(rng: random.Random) -> Rules:
    """Either preset with a draw of the other tables' house rules and of jokers."""
    pick = rng.choice
    return Rules.preset(
        pick(["classic", "pagat"]),
        jokers=pick([0, 0, 1, 2]),
        qka_run=pick([True, False]),
        concealed_melds_count=pick([True, False]),
        draw_showdown=pick(["all", "challengers"]),
        draw_tie=pick(["caller", "challenger", "push"]),
        talon_tie=pick(["after_last_drawer", "before_last_drawer", "push"]),
        all_sunog=pick(["void", "lowest_wins"]),
        secret_runs=pick([True, False]),
        challenged_draw_pays=pick(["showdown_losers", "all_losers"]),
        no_discard_multiplier=rng.randint(1, 3),
        kang_multiplier=rng.randint(1, 2),
        pot_ante_units=rng.randint(0, 2),
        pot_won_by=pick(["next_winner", "streak"]),
        next_dealer=pick(["rotate", "winner"]),
        progressive=pick([True, False]),
        stake=pick(["5.00", "10.00", "12.50"]),
    )


def cases(count: int) -> list[tuple[str, str]]:
    """Sessions of one to six rounds (so pots, streaks and dealers differ): the state before
    the last round, and the last round."""
    rng = random.Random(20261202)
    out = []
    while len(out) < count:
        made = random_session(
            seed=rng.randrange(10**9),
            rounds=rng.randint(1, 6),
            rules=random_rules(rng),
            first_dealer=rng.randint(0, 2),
        )
        *before, last = made["rounds"]
        state = {k: made[k] for k in ("players", "rules", "first_dealer")}
        out.append((json.dumps({**state, "records": before}), json.dumps(last)))
    return out


def test_the_phones_engine_judges_every_round_as_the_server_does(server, phone):
    phone.goto(server + "/")
    judged = cases(ROUNDS)
    expected = [judge(session, record) for session, record in judged]
    assert all('"result"' in text for text in expected)  # rounds the engine books
    assert len({json.loads(s)["rules"]["jokers"] for s, _ in judged}) == 3
    phone.set_default_timeout(300_000)
    got = phone.evaluate(JUDGE_ALL, [[list(case) for case in judged], {}])["texts"]
    different = [i for i, (a, b) in enumerate(zip(got, expected)) if a != b]
    assert different == [], (len(different), got[different[0]][:400], expected[different[0]][:400])


def test_a_refused_round_is_refused_with_the_same_problems(server, phone):
    """Hostile texts too: JSON nested thousands deep would end Pyodide's interpreter (not a
    RecursionError, as in CPython); it is refused before parsing, and the worker judges on."""
    phone.goto(server + "/")
    state = json.dumps({"players": ["Ana", "Ben", "Cris"], "rules": {}, "records": []})
    refused = [(state, '{"ending": "nap"}'), ("[]", "{}"), (state, "1e999")]
    refused += [("[" * 5000, "{}"), (state, "[" * 100_000), (state, '{"a": "\ud800"}')]
    good = cases(1)
    got = phone.evaluate(JUDGE_ALL, [[list(case) for case in refused + good], {}])["texts"]
    assert got == [judge(*case) for case in refused + good]
    assert all('"problems"' in text for text in got[:-1]) and '"result"' in got[-1]
