"""The Tongits stake tracker web app: `create_app()` builds it (Flask app factory)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from . import config
from .config import ROOT, database_url

if TYPE_CHECKING:  # Flask is imported by create_app: the PDF printer's child needs none of it
    from flask import Flask

__all__ = ["MIGRATIONS", "create_app", "database_url"]

MIGRATIONS = str(Path(__file__).resolve().parent / "migrations")


def create_app(overrides: dict | None = None) -> Flask:
    """The app. `overrides` replace settings (tests pass SQLALCHEMY_DATABASE_URI, TESTING…)."""
    from flask import Flask

    from . import logs

    overrides = dict(overrides or {})
    # A thread waiting for the interpreter gets it after 1 ms instead of 5 while another one
    # computes (an import, a stats page): a quick request, which waits for it at each read
    # and write, is not slowed five-fold by a heavy one in the same worker.
    sys.setswitchinterval(0.001)
    instance = config.instance_path(overrides)
    app = Flask(
        __name__,
        instance_path=str(instance),
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=None,  # static/, by its version: web/static_files.py, below
    )
    from .present.templates import PAGES_COMPILED

    # before anything makes the app's Jinja environment (Flask-Babel's init does)
    app.jinja_options = {**app.jinja_options, "bytecode_cache": PAGES_COMPILED}
    instance.mkdir(parents=True, exist_ok=True)
    config.load(app, instance, overrides)
    logs.configure(app.config["LOG_FORMAT"], app.name)  # before the app's logger is made
    _bind_extensions(app)
    _register_web(app)
    return app


def _bind_extensions(app: Flask) -> None:
    from . import push
    from .core import LedgerCache
    from .extensions import babel, csrf, db, migrate
    from .fast_polls import polls
    from .web import language
    from .web.client_limit import ClientLimit

    db.init_app(app)
    migrate.init_app(app, db, directory=MIGRATIONS)
    if app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        with app.app_context():
            _sqlite_pragmas(db.engine)
    csrf.init_app(app)
    babel.init_app(app, locale_selector=language.locale)
    polls.install(app)  # the fast path, when FAST_PATH is on (tracker/fast_polls)
    push.install(app)  # changes published to Pushpin, when PUSH_URL is set (tracker/push)
    if app.config["CLIENT_AT_ONCE"]:  # a public server's bound per address (inside ProxyFix)
        app.wsgi_app = ClientLimit(app.wsgi_app, app.config["CLIENT_AT_ONCE"])
        app.extensions["client_limit"] = app.wsgi_app  # it counts /readyz too (web/observe.py)
    app.extensions["ledger_cache"] = LedgerCache(app.config["LEDGER_CACHE_SIZE"])


def _register_web(app: Flask) -> None:
    from . import commands
    from .extensions import csrf
    from .present import templates
    from .web import (
        blueprints,
        body_in_time,
        compression,
        errors,
        exports,
        heavy_limits,
        language,
        observe,
        offline_pages,
        public,
        security,
        static_files,
    )

    compression.register(app)  # first: its after_request hook runs last, on the final body
    templates.configure(app.jinja_env)  # the filters and globals of every template
    language.register(app)  # the device's language, the switcher, Vary
    security.register(app)
    body_in_time.register(app)  # every body read whole within a deadline, first
    heavy_limits.register(app)  # the client named to the core, for the heavy work it finds
    offline_pages.register(app)  # the pages the service worker may keep
    for blueprint, json_only in blueprints():
        app.register_blueprint(blueprint)
        if json_only:
            csrf.exempt(blueprint)
    app.request_class = exports.Request  # the import routes take a whole session's JSON
    commands.register(app)  # flask --app tracker sessions list / prune / owner, backup, restore
    errors.register(app)
    # static/ under its version, precompressed (in front of the draft polls, behind the host
    # check); STATIC_FOLDER, another tree, for the tests only
    static_files.install(app, Path(app.config.get("STATIC_FOLDER") or ROOT / "static"))
    public.register(app)  # host check and proxy fix: in front of the draft polls
    observe.install(app)  # request ids, metrics, /healthz /readyz /metrics: in front of all


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
