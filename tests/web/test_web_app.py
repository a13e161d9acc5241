"""The app around the pages: configuration, the migrations, the derived ledger and its memo,
and the export dict other parts (PDF summary, JSON/CSV export) build on."""

from tests.support.records import DRAW, PLAYERS, TALON, TONGITS
from tracker import create_app, database_url
from tracker.engine import Rules, replay
from tracker.extensions import db
from tracker.models import EXPORT_FORMAT, GameSession


def test_secret_key_is_made_once_and_shared(tmp_path, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    config = {
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'x.db'}",
        "INSTANCE_PATH": str(tmp_path / "inst"),
    }
    first = create_app(dict(config))
    second = create_app(dict(config))
    assert len(first.config["SECRET_KEY"]) == 64
    assert first.config["SECRET_KEY"] == second.config["SECRET_KEY"]
    assert (tmp_path / "inst" / "secret_key").read_text() == first.config["SECRET_KEY"]


def test_database_comes_from_database_url(tmp_path, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'env.db'}")
    app = create_app({"SECRET_KEY": "x", "INSTANCE_PATH": str(tmp_path)})
    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{tmp_path / 'env.db'}"
    monkeypatch.delenv("DATABASE_URL")
    app = create_app({"SECRET_KEY": "x", "INSTANCE_PATH": str(tmp_path)})
    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{tmp_path / 'tracker.db'}"
    assert database_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"


def test_migrations_build_the_schema_the_models_use(app):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext
    from flask_migrate import upgrade

    from tracker import MIGRATIONS

    with app.app_context():
        upgrade(directory=MIGRATIONS)  # already at head: a no-op that must not fail
        with db.engine.connect() as connection:
            diff = compare_metadata(MigrationContext.configure(connection), db.metadata)
        assert diff == []


def test_ledger_is_derived_and_another_worker_sees_changes(second_worker, make_session, client):
    token = make_session()
    client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    other_client = second_worker.test_client()  # its own memo of the ledger
    assert other_client.get(f"/api/sessions/{token}").get_json()["balances"]["Ana"] == "61.00"
    client.post(f"/api/sessions/{token}/rounds", json=TONGITS)  # appended: the other books only it
    client.post(f"/api/sessions/{token}/rounds", json=TALON)
    assert (
        other_client.get(f"/api/sessions/{token}").get_json()["balances"]
        == client.get(f"/api/sessions/{token}").get_json()["balances"]
    )
    client.put(f"/api/sessions/{token}/rounds/1", json=TALON)  # changed: the other replays all
    client.delete(f"/api/sessions/{token}/rounds/2")
    seen = other_client.get(f"/api/sessions/{token}").get_json()
    mine = client.get(f"/api/sessions/{token}").get_json()
    assert seen["balances"] == mine["balances"]
    # and it is exactly what the engine's replay of the stored rounds gives
    ledger = replay(PLAYERS, Rules(), 0, [r["record"] for r in mine["rounds"]])
    assert mine["balances"] == {n: f"{b:.2f}" for n, b in zip(PLAYERS, ledger.balances)}


def test_no_balance_is_stored(app):
    columns = {c.name for table in db.metadata.tables.values() for c in table.columns}
    assert not any("balance" in name or "pot" in name for name in columns)


def test_export_dict(app, make_session, client):
    token = make_session(rules={"preset": "pagat"}, dealer=2)
    client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    with app.app_context():
        game = db.session.execute(db.select(GameSession).filter_by(token=token)).scalar_one()
        export = game.export()
    assert export["format"] == EXPORT_FORMAT == "tongits-tracker/1"
    assert export["players"] == PLAYERS and export["first_dealer"] == 2
    assert export["rules"] == Rules.preset("pagat").to_dict()
    assert export["page_size"] == "letter" and export["settled"] is False  # the default paper
    assert export["created"].endswith("Z")
    assert len(export["rounds"]) == 1 and export["rounds"][0]["ending"] == "draw"
    ledger = replay(
        export["players"],
        Rules.from_dict(export["rules"]),
        export["first_dealer"],
        export["rounds"],
    )
    assert len(ledger.results) == 1


def test_a_crash_is_a_friendly_500(app, client):
    @app.get("/boom")
    def boom():
        raise RuntimeError("boom")

    @app.get("/api/boom")
    def api_boom():
        raise RuntimeError("boom")

    response = client.get("/boom")
    assert response.status_code == 500 and b"Nothing was saved" in response.data
    assert client.get("/api/boom").get_json()["errors"][0]["where"] == "request"


def test_concurrent_saves_on_two_workers_never_share_a_round_number(
    app, second_worker, make_session, client
):
    import threading

    token = make_session()
    other = second_worker
    for worker in (app, other):
        worker.test_client().get(f"/api/sessions/{token}")  # both hold the ledger in memory
    statuses = []
    lock = threading.Lock()

    def burst(worker, records):
        session_client = worker.test_client()
        for record in records:
            status = session_client.post(f"/api/sessions/{token}/rounds", json=record).status_code
            with lock:
                statuses.append(status)

    threads = [
        threading.Thread(target=burst, args=(worker, [DRAW, TALON, TONGITS] * 2))
        for worker in (app, other, app, other)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    session = client.get(f"/api/sessions/{token}").get_json()
    saved = statuses.count(201)
    assert saved + statuses.count(409) == len(statuses) and saved >= len(statuses) // 2
    assert [r["number"] for r in session["rounds"]] == list(range(1, saved + 1))
    ledger = replay(PLAYERS, Rules(), 0, [r["record"] for r in session["rounds"]])
    assert session["balances"] == {n: f"{b:.2f}" for n, b in zip(PLAYERS, ledger.balances)}
    assert [r["record"]["dealer"] for r in session["rounds"]] == [n % 3 for n in range(saved)]


def test_sqlite_runs_in_wal_mode(app):
    with app.app_context():
        if db.engine.dialect.name != "sqlite":
            return
        with db.engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"


def test_migrations_go_down_and_up_again(app):
    import sqlalchemy as sa
    from flask_migrate import downgrade, upgrade

    from tracker import MIGRATIONS

    with app.app_context():
        downgrade(directory=MIGRATIONS, revision="base")
        assert "game_session" not in sa.inspect(db.engine).get_table_names()
        upgrade(directory=MIGRATIONS)
        assert {"game_session", "round"} <= set(sa.inspect(db.engine).get_table_names())
