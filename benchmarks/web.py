"""Web app speed with 1,000 rounds in a session: saving a round and rendering the session page
(medians, through the Flask test client, on a SQLite file made by the migrations), the page on
a second worker after a save on the first, the cold replay a fresh worker pays once, and the
weight of the round-entry page (HTML + CSS + JS).

    .venv/bin/python benchmarks/web.py [--rounds 1000] [--repeat 41] [--lang en|fil|both]

`--lang` is the language the pages are asked in (Accept-Language); `both` times the
session page in English and in Filipino in turns, and prints what Filipino costs over English
(target: at most 1.10 times).
"""

from __future__ import annotations

import argparse
import gzip
import random
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from typical import typical_round  # noqa: E402  (benchmarks/typical.py)

from benchmarks.harness.servers import app_on, fresh_app  # noqa: E402
from benchmarks.harness.timing import median_ms  # noqa: E402
from tracker.engine import Rules, replay  # noqa: E402
from tracker.extensions import db  # noqa: E402
from tracker.models import GameSession, Round  # noqa: E402

PLAYERS = ["Ana", "Ben", "Cris"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=41)
    parser.add_argument("--lang", choices=["en", "fil", "both"], default="en")
    args = parser.parse_args()
    langs = ["en", "fil"] if args.lang == "both" else [args.lang]
    rng = random.Random(7)
    app = fresh_app("tracker-bench")
    with app.app_context():
        records = [typical_round(rng) for _ in range(args.rounds)]
        game = GameSession(players=PLAYERS, first_dealer=0, rules=Rules().to_dict())
        db.session.add(game)
        db.session.flush()
        db.session.add_all(
            Round(session_id=game.id, number=n, record=r) for n, r in enumerate(records, 1)
        )
        game.revision = 1
        db.session.commit()
        token = game.token
        start = time.perf_counter()
        replay(PLAYERS, Rules(), 0, records)
        cold = time.perf_counter() - start

    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = langs[0]
    assert client.get(f"/s/{token}").status_code == 200  # this worker derives the ledger once

    saves = []
    for _ in range(args.repeat):
        record = typical_round(rng)
        start = time.perf_counter()
        response = client.post(f"/api/sessions/{token}/rounds", json=record)
        saves.append(time.perf_counter() - start)
        assert response.status_code == 201, response.get_json()

    renders: dict[str, list[float]] = {lang: [] for lang in langs}
    for lang in langs:  # each language's first render (its catalogue loaded) is not timed
        assert client.get(f"/s/{token}", headers={"Accept-Language": lang}).status_code == 200
    for _ in range(args.repeat):
        for lang in langs:  # in turns: a busy machine slows both alike
            start = time.perf_counter()
            response = client.get(f"/s/{token}", headers={"Accept-Language": lang})
            renders[lang].append(time.perf_counter() - start)
            assert response.status_code == 200
            assert f'<html lang="{lang}">' in response.get_data(as_text=True)
    page_kb = len(response.data) / 1024

    # Two workers (two apps, one database): a round saved on one, the page rendered on the other,
    # which books only the rounds added since it last looked.
    other = app_on(app.config["SQLALCHEMY_DATABASE_URI"], app.config["INSTANCE_PATH"])
    other = other.test_client()
    other.environ_base["HTTP_ACCEPT_LANGUAGE"] = langs[0]
    assert other.get(f"/s/{token}").status_code == 200
    crossed = []
    for _ in range(args.repeat):
        assert (
            client.post(f"/api/sessions/{token}/rounds", json=typical_round(rng)).status_code == 201
        )
        start = time.perf_counter()
        assert other.get(f"/s/{token}").status_code == 200
        crossed.append(time.perf_counter() - start)

    entry = client.get(f"/s/{token}/rounds/new")
    assets = [entry.data] + [
        client.get(url).data
        for url in re.findall(r'(?:href|src)="(/static/[^"]+)"', entry.get_data(as_text=True))
    ]
    weight = sum(len(a) for a in assets) / 1024
    gz = sum(len(gzip.compress(a)) for a in assets) / 1024

    rounds = args.rounds + args.repeat  # when the page renders were timed
    print(
        f"session of {args.rounds:,} rounds (+{2 * args.repeat} saved during the run), SQLite file"
    )
    print(f"save a round (POST /api/sessions/<id>/rounds): median {median_ms(saves):.1f} ms")
    for lang in langs:
        print(
            f"render the session page (GET /s/<id>, {rounds:,} rounds, {lang}): "
            f"median {median_ms(renders[lang]):.1f} ms"
            f" ({page_kb:.0f} KB of HTML)"
        )
    if len(langs) == 2:
        ratio = median_ms(renders["fil"]) / median_ms(renders["en"])
        print(f"Filipino over English: {ratio:.3f} times (target: at most 1.10)")
    print(
        f"the session page on another worker after a save there: median {median_ms(crossed):.1f} ms"
    )
    print(f"cold replay of {args.rounds:,} rounds (a worker's first request): {cold * 1000:.0f} ms")
    print(
        f"round-entry page: {weight:.1f} KB (HTML + CSS + JS, {len(assets)} files; "
        f"{gz:.1f} KB gzipped)"
    )


if __name__ == "__main__":
    main()
