"""The log's format and each request's id.

`TRACKER_LOG_FORMAT=json` (the setting LOG_FORMAT): every log line the process writes is one
JSON object (python-json-logger) on stderr, with the time, level, logger and message, the id of
the request it was written during (`request_id`, null outside one) and any fields the call
gave; tracker/web/observe.py adds one access line per request (logger `tracker.access`).
`plain`, the default: the logging Flask sets up, as before, and no access lines (gunicorn's
`--access-logfile` writes those when wanted).

gunicorn's config (tracker/gunicorn_conf.py) formats gunicorn's own lines with the same
formatter, before any app exists.
"""

from __future__ import annotations

import logging
import re
import secrets
import sys
from contextvars import ContextVar

from pythonjsonlogger.json import JsonFormatter

SANE_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
FIELDS = "%(levelname)s %(name)s %(message)s %(request_id)s"
RENAMED = {"levelname": "level", "name": "logger"}

# the id of the request this thread is answering (observe.py sets it around each request)
request_id: ContextVar[str | None] = ContextVar("request_id", default=None)


def new_request_id(given: str | None) -> str:
    """The id of a request: the one its X-Request-Id header gives when that is sane (at most
    64 of A-Z a-z 0-9 . _ -), else a new random one."""
    if given and SANE_ID.fullmatch(given):
        return given
    return secrets.token_hex(16)


class RequestIdFilter(logging.Filter):
    """Puts the current request's id on every record a handler writes."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id.get()
        return True


def json_formatter() -> logging.Formatter:
    return JsonFormatter(FIELDS, rename_fields=RENAMED, timestamp="time", json_ensure_ascii=False)


def json_handler(stream=None) -> logging.Handler:
    """A handler writing one JSON object a line (to stderr unless `stream` is given)."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(json_formatter())
    handler.addFilter(RequestIdFilter())
    handler.set_name("tracker-json")
    return handler


def configure(log_format: str, app_logger: str = "tracker") -> None:
    """JSON lines for the whole process (the root logger's handler, Flask's own handler taken
    off the app's logger so nothing is written twice, the app's INFO lines kept), or the plain
    logging as Flask sets it up. Called by create_app each time: a process that made a JSON app
    and then a plain one (the tests) ends plain."""
    root, logger = logging.getLogger(), logging.getLogger(app_logger)
    ours = [handler for handler in root.handlers if handler.get_name() == "tracker-json"]
    for handler in ours:
        root.removeHandler(handler)
    if log_format != "json":
        if ours:  # JSON before: the app's logger as Flask left it
            logger.setLevel(logging.NOTSET)
        return
    from flask.logging import default_handler  # the handler Flask adds to the app's logger

    root.addHandler(json_handler())
    logger.removeHandler(default_handler)
    if logger.level == logging.NOTSET or logger.level > logging.INFO:
        logger.setLevel(logging.INFO)
