"""The app's settings in one place: defaults, then the environment, then what `create_app` is
given (tests), and the instance folder's secret key when none of them sets one."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from urllib.parse import urlsplit

from .clock import DEFAULT_ZONE, zone_named

ROOT = Path(__file__).resolve().parent.parent
ADMIN_TOKEN_LEAST = 32  # characters: a token too short to be guessed (deploy makes 43)
LEDGER_CACHE_SIZE = 512  # sessions whose derived ledger a worker keeps: a busy evening's tables


def instance_path(config: dict) -> Path:
    """The instance folder (database file, secret key): given, $TRACKER_INSTANCE, or ./instance."""
    return Path(
        config.pop("INSTANCE_PATH", None) or os.environ.get("TRACKER_INSTANCE") or ROOT / "instance"
    )


def defaults(instance: Path) -> dict:
    return dict(
        SQLALCHEMY_DATABASE_URI=os.environ.get("DATABASE_URL")
        or f"sqlite:///{instance / 'tracker.db'}",
        SQLALCHEMY_ENGINE_OPTIONS={"pool_pre_ping": True},
        MAX_CONTENT_LENGTH=256 * 1024,
        WTF_CSRF_TIME_LIMIT=None,  # a session lasts all evening; the token is tied to the cookie
        # Every POST view checks its form's token itself (form.validate()), so a stale token
        # re-shows the form with everything typed kept instead of a bare 400 page.
        WTF_CSRF_CHECK_DEFAULT=False,
        SEND_FILE_MAX_AGE_DEFAULT=3600,
        JSON_SORT_KEYS=False,
        LEDGER_CACHE_SIZE=LEDGER_CACHE_SIZE,
        # rounds a worker replays, cold, for a group's balances before that is heavy work (about
        # a second of one core; core/barkada/balances.py)
        GROUP_COLD_ROUNDS=int(os.environ.get("TRACKER_GROUP_COLD_ROUNDS") or 3000),
        IMPORT_MAX_BYTES=16 * 1024 * 1024,  # an imported session (about 1.4 KB a round)
        # an imported group: what a thousand nights of forty rounds played export (about 37 MiB
        # with every round's history), read back; one import at a time, ~23 bytes of memory a byte
        GROUP_IMPORT_MAX_BYTES=48 * 1024 * 1024,
        **body_limits(),
        # the signed session cookie: CSRF token and the sessions this device unlocked
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        # sent only when it changes (not on every poll); a session page re-sends it (devices.py)
        SESSION_REFRESH_EACH_REQUEST=False,
        # GET /api/sessions lists every session only with this token, /metrics and /readyz's
        # details answer it from anywhere; unset: never. At least ADMIN_TOKEN_LEAST characters
        ADMIN_TOKEN=os.environ.get("TRACKER_ADMIN_TOKEN") or None,
        **summary_limits(),
        # on a public server (tracker/web/public.py)
        PUBLIC_URL=os.environ.get("PUBLIC_URL") or None,
        # a name for this release, part of the deploy's version: a new one makes the phones'
        # service worker update even when no static file changed
        RELEASE=os.environ.get("TRACKER_RELEASE") or "",
        TRUSTED_HOSTS=os.environ.get("TRUSTED_HOSTS") or None,
        TRUST_PROXY=os.environ.get("TRUST_PROXY") or 0,
        # requests of one address at once in a worker (web/client_limit.py); 0: no bound
        CLIENT_AT_ONCE=int(os.environ.get("CLIENT_AT_ONCE") or 0),
        # the one time zone of every time shown to people: pages, PDFs, CSV, a group's nights
        # (tracker/clock.py); the database and the machine-readable stamps stay UTC
        TIME_ZONE=os.environ.get("TRACKER_TIME_ZONE", "").strip() or DEFAULT_ZONE,
        # the summary PDF printed in the background after each change (web/summary_ahead.py)
        SUMMARY_AHEAD=os.environ.get("TRACKER_SUMMARY_AHEAD", "1").strip()
        not in ("0", "false", "no"),
        # the shortcuts taken only for speed (tracker/fast_path): "0" turns them all off, and
        # plain Flask answers the same bytes, slower
        FAST_PATH=os.environ.get("TRACKER_FAST_PATH", "1").strip() not in ("0", "false", "no"),
        # push through Pushpin (tracker/push): its publish address, e.g. http://127.0.0.1:5561
        # (several nodes: their addresses separated by commas or spaces; unset: no push, the
        # pages poll), and its sig_key, which tells its requests apart
        PUSH_URL=os.environ.get("TRACKER_PUSH_URL") or None,
        PUSH_KEY=os.environ.get("TRACKER_PUSH_KEY") or None,
        # "json": every log line one JSON object with its request's id, and an access line per
        # request (tracker/logs.py); "plain": Flask's logging, no access lines
        LOG_FORMAT=os.environ.get("TRACKER_LOG_FORMAT") or "plain",
    )


# The summary PDF's bounds: a 2,000-round print takes about 25 s of CPU and 520 MiB
# of address space (benchmarks/pdf_bounds.py), so the limits leave it about twice that. The
# wall clock is only against a stuck print: on a loaded machine (load 10 on 2 cores) that
# print took 60-90 s, and a client that gives up still finds it in the cache on its retry.
SUMMARY_LIMITS = {
    "SUMMARY_MAX_ROUNDS": 2000,  # rounds listed one by one; the totals count every round
    "SUMMARY_RENDERS": 2,  # prints at once in one worker process
    "SUMMARY_RENDER_SECONDS": 180,  # wall clock, then the print is killed
    "SUMMARY_RENDER_CPU_SECONDS": 45,
    "SUMMARY_RENDER_MEMORY_MIB": 1024,
    # a request for a version another worker is printing waits this long for its file (a
    # 200-round print takes about 5 s), then is answered 503 with Retry-After 2
    "SUMMARY_WAIT_SECONDS": 10,
}


def body_limits() -> dict:
    """A body's pace (web/body_in_time.py): seconds free, then bytes a second on average; and
    the seconds any body but an import's may take, all of it."""
    return dict(
        BODY_GRACE_SECONDS=int(os.environ.get("TRACKER_BODY_GRACE_SECONDS") or 3),
        BODY_MIN_RATE=int(os.environ.get("TRACKER_BODY_MIN_RATE") or 8192),
        BODY_SECONDS=int(os.environ.get("TRACKER_BODY_SECONDS") or 10),
    )


def summary_limits() -> dict:
    """SUMMARY_LIMITS, each from the environment variable of its name when set (whole numbers,
    at least 1; SUMMARY_RENDERS at least 0)."""
    limits = {}
    for name, default in SUMMARY_LIMITS.items():
        text = os.environ.get(name, "").strip()
        if not text:
            limits[name] = default
            continue
        lowest = 0 if name == "SUMMARY_RENDERS" else 1
        if not text.isdigit() or int(text) < lowest:
            raise ValueError(f"{name} must be a whole number of at least {lowest}, not {text!r}")
        limits[name] = int(text)
    return limits


def load(app, instance: Path, overrides: dict) -> None:
    """Defaults, then $SECRET_KEY, then `overrides`; a persistent secret if still none."""
    app.config.update(defaults(instance))
    if os.environ.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = os.environ["SECRET_KEY"]
    app.config.update(overrides)
    app.config["SQLALCHEMY_DATABASE_URI"] = database_url(app.config["SQLALCHEMY_DATABASE_URI"])
    public_server(app.config)
    # an unknown zone stops the start, naming the setting (not the first page that shows a time)
    app.config["TIME_ZONE"] = zone_named(app.config["TIME_ZONE"]).key
    app.config["LOG_FORMAT"] = log_format(app.config["LOG_FORMAT"])
    app.config["ADMIN_TOKEN"] = admin_token(app.config["ADMIN_TOKEN"])
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = persistent_secret(instance / "secret_key")


def public_server(config) -> None:
    """PUBLIC_URL, TRUSTED_HOSTS and TRUST_PROXY read and checked (a mistake stops the start
    with its name); cookies Secure when the public address is https."""
    if config["PUBLIC_URL"]:
        config["PUBLIC_URL"] = public_url(config["PUBLIC_URL"])
        if config["PUBLIC_URL"].startswith("https://"):
            config["SESSION_COOKIE_SECURE"] = True
    hosts = config["TRUSTED_HOSTS"]
    if isinstance(hosts, str):
        config["TRUSTED_HOSTS"] = [h.strip() for h in hosts.split(",") if h.strip()] or None
    config["TRUST_PROXY"] = proxy_count(config["TRUST_PROXY"])


def public_url(url: str) -> str:
    """The address phones reach the tracker at: scheme, host, maybe a port and a path."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query:
        raise ValueError(f"PUBLIC_URL must be like https://tongits.example.org, not {url!r}")
    return url.strip().rstrip("/")


def proxy_count(value) -> int:
    """How many reverse proxies stand in front (TRUST_PROXY): 0/1 or a number, yes/no too."""
    text = str(value).strip().lower()
    if text in ("", "false", "no", "off"):
        return 0
    if text in ("true", "yes", "on"):
        return 1
    if text.isdigit():
        return int(text)
    raise ValueError(f"TRUST_PROXY must be 0, 1 or the number of proxies, not {value!r}")


def log_format(value: str) -> str:
    """LOG_FORMAT read and checked: "plain" or "json"."""
    text = str(value).strip().lower()
    if text not in ("plain", "json"):
        raise ValueError(f"TRACKER_LOG_FORMAT must be plain or json, not {value!r}")
    return text


def admin_token(value) -> str | None:
    """TRACKER_ADMIN_TOKEN read and checked: unset, or at least ADMIN_TOKEN_LEAST characters
    (a short one set by hand stops the start; the token itself is never said)."""
    if value is None or not str(value).strip():
        return None
    token = str(value).strip()
    if len(token) < ADMIN_TOKEN_LEAST:
        raise ValueError(
            f"TRACKER_ADMIN_TOKEN must be at least {ADMIN_TOKEN_LEAST} characters, not "
            f"{len(token)}: make one with `python3 -c 'import secrets; "
            "print(secrets.token_urlsafe(32))'`"
        )
    return token


def database_url(url: str) -> str:
    """SQLAlchemy URL; plain postgres:// URLs use the installed psycopg (3) driver."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def persistent_secret(path: Path) -> str:
    """One secret key shared by every worker process, kept in the instance folder."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        text = path.read_text().strip()
        if text:
            return text
        path.unlink()
        return persistent_secret(path)
    with os.fdopen(fd, "w") as file:
        key = secrets.token_hex(32)
        file.write(key)
    return key
