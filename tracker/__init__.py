"""The Tongits stake tracker web app: `create_app()` builds it (Flask app factory)."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from flask import Flask

ROOT = Path(__file__).resolve().parent.parent
MIGRATIONS = str(Path(__file__).resolve().parent / "migrations")


def create_app(config: dict | None = None) -> Flask:
    """The app. `config` overrides settings (tests pass SQLALCHEMY_DATABASE_URI, TESTING…)."""
    config = dict(config or {})
    instance = Path(
        config.pop("INSTANCE_PATH", None) or os.environ.get("TRACKER_INSTANCE") or ROOT / "instance"
    )
    app = Flask(
        __name__,
        instance_path=str(instance),
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    instance.mkdir(parents=True, exist_ok=True)
    app.config.update(
        SQLALCHEMY_DATABASE_URI=database_url(
            os.environ.get("DATABASE_URL") or f"sqlite:///{instance / 'tracker.db'}"
        ),
        SQLALCHEMY_ENGINE_OPTIONS={"pool_pre_ping": True},
        MAX_CONTENT_LENGTH=256 * 1024,
        WTF_CSRF_TIME_LIMIT=None,  # a session lasts all evening; the token is tied to the cookie
        # Every POST view checks its form's token itself (form.validate()), so a stale token
        # re-shows the form with everything typed kept instead of a bare 400 page.
        WTF_CSRF_CHECK_DEFAULT=False,
        SEND_FILE_MAX_AGE_DEFAULT=3600,
        JSON_SORT_KEYS=False,
        LEDGER_CACHE_SIZE=512,  # sessions whose derived ledger a worker keeps; a busy evening has a few hundred tables
        IMPORT_MAX_BYTES=16 * 1024 * 1024,  # an imported session (about 1.4 KB a round)
        # the signed session cookie: CSRF token and the sessions this device unlocked (pin.py)
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
    )
    if os.environ.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = os.environ["SECRET_KEY"]
    app.config.update(config)
    app.config["SQLALCHEMY_DATABASE_URI"] = database_url(app.config["SQLALCHEMY_DATABASE_URI"])
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _persistent_secret(instance / "secret_key")

    from .extensions import csrf, db, migrate
    from .ledger_cache import LedgerCache

    db.init_app(app)
    migrate.init_app(app, db, directory=MIGRATIONS)
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        with app.app_context():
            _sqlite_pragmas(db.engine)
    csrf.init_app(app)
    app.extensions["ledger_cache"] = LedgerCache(app.config["LEDGER_CACHE_SIZE"])

    from .present import display
    from .web import api, errors, pages

    display.register(app)
    from . import security

    security.register(app)
    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)
    csrf.exempt(api.bp)  # JSON only (see api.py): a cross-site form cannot send it
    from .documents import backup
    from .web import exports

    app.request_class = exports.Request  # the import routes take a whole session's JSON
    app.register_blueprint(exports.bp)
    backup.register(app)  # flask --app tracker backup FILE / restore FILE
    errors.register(app)
    return app


def database_url(url: str) -> str:
    """SQLAlchemy URL; plain postgres:// URLs use the installed psycopg (3) driver."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _sqlite_pragmas(engine) -> None:
    """WAL: pages keep reading while another worker writes; wait for a lock, do not fail."""
    from sqlalchemy import event

    @event.listens_for(engine, "connect")
    def on_connect(connection, _record):
        cursor = connection.cursor()
        cursor.execute("PRAGMA busy_timeout = 10000")
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.close()


def _persistent_secret(path: Path) -> str:
    """One secret key shared by every worker process, kept in the instance folder."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        text = path.read_text().strip()
        if text:
            return text
        path.unlink()
        return _persistent_secret(path)
    with os.fdopen(fd, "w") as file:
        key = secrets.token_hex(32)
        file.write(key)
    return key
