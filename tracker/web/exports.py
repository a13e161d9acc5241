"""The session's files: the printable summary (PDF), the CSV and JSON exports, and the import form.

Thin like the other views: the export dict comes from the model, the files from
tracker/documents, and an import goes through `core.import_session`, the same function the
JSON API (`POST /api/sessions/import`) calls.
"""

from __future__ import annotations

import flask
from flask import (
    Blueprint,
    current_app,
    flash,
    redirect,
    url_for,
)
from flask_babel import get_locale, ngettext

from .. import core
from ..documents.csv_file import filename_stem, rounds_csv
from ..documents.printer import PrintRefused
from ..exchange.export import export_json
from ..models import iso
from . import devices, summary_ahead
from .file_answers import file_answer, kept_text, not_printed, pdf_file, printer
from .heavy_limits import heavy
from .import_flow import import_view
from .lookups import game_or_404

bp = Blueprint("exports", __name__)

# Endpoints whose body may be a whole session: a 200-round export is about 270 KB, more than
# the MAX_CONTENT_LENGTH every other request keeps to. They get IMPORT_MAX_BYTES.
SESSION_IMPORTS = {"exports.import_page", "api.import_session"}
GROUP_IMPORTS = {"groups.import_page", "group_api.import_group"}  # GROUP_IMPORT_MAX_BYTES
IMPORT_ENDPOINTS = SESSION_IMPORTS | GROUP_IMPORTS


class Request(flask.Request):
    """`app.request_class`: the size limit of the import routes, decided when
    the URL is matched (before any hook reads the body), so no other code has to know of them."""

    def _for_import(self) -> bool:
        return self.url_rule is not None and self.url_rule.endpoint in IMPORT_ENDPOINTS

    def _import_limit(self) -> int | None:
        if self._for_import() and current_app:
            group = self.url_rule.endpoint in GROUP_IMPORTS
            return current_app.config["GROUP_IMPORT_MAX_BYTES" if group else "IMPORT_MAX_BYTES"]
        return None

    @property
    def max_content_length(self) -> int | None:
        if self._max_content_length is None and (limit := self._import_limit()) is not None:
            return limit
        return flask.Request.max_content_length.fget(self)

    @max_content_length.setter
    def max_content_length(self, value: int | None) -> None:
        self._max_content_length = value

    @property
    def max_form_memory_size(self) -> int | None:  # the pasted JSON is a form field
        if self._max_form_memory_size is None and (limit := self._import_limit()) is not None:
            return limit
        return flask.Request.max_form_memory_size.fget(self)

    @max_form_memory_size.setter
    def max_form_memory_size(self, value: int | None) -> None:
        self._max_form_memory_size = value


def _stem(game) -> str:
    """A download's file name, from what the export says of the session (not the whole
    export: its rounds are not needed); its date is the table's (the app's TIME_ZONE)."""
    return filename_stem({"created": iso(game.created_at), "players": list(game.players)})


@bp.get("/s/<token>/summary.pdf")
def summary(token: str):
    """From the cache of rendered summaries when the session has not changed since it was last
    printed (one query and a file read); printed within bounds, then kept, otherwise
    (documents/printer.py); 503 with Retry-After when it cannot be printed now."""
    game = game_or_404(token)
    # in the reader's language (?lang=fil or the device's): part of the cache key
    key = summary_ahead.version_key(game, str(get_locale() or "en"))
    try:
        pdf = printer().pdf(key, game.export)
    except PrintRefused as refused:
        return not_printed(refused)
    return pdf_file(pdf, _stem(game) + ".pdf")


@bp.after_app_request
def print_ahead(response):
    """After a change to a session, its summary printed in the background (summary_ahead.py)."""
    return summary_ahead.after_change(response, printer)


@bp.get("/s/<token>/export.csv")
@heavy
def export_csv(token: str):
    game = game_or_404(token)
    # With a byte-order mark, so that a spreadsheet opens Ñoño and ₱ as UTF-8.
    text = "\ufeff" + kept_text(game, f"csv {get_locale()}", lambda: rounds_csv(game.export()))
    return file_answer(text, "text/csv", _stem(game) + ".csv")


@bp.get("/s/<token>/export.json")
@heavy
def export_file(token: str):
    game = game_or_404(token)
    text = kept_text(game, "json", lambda: export_json(game.export(history=True)))
    return file_answer(text, "application/json", _stem(game) + ".json")


@bp.route("/import", methods=["GET", "POST"])
def import_page():
    return import_view("import.html", _import_session, _imported)


def _import_session(source, seed: str):
    return core.import_session(source, seed=seed)


def _imported(game, seed: str):
    devices.welcome_owner(game, seed)
    count = len(game.rounds)
    flash(
        ngettext(
            "Session imported with %(num)s round: this is its new link.",
            "Session imported with %(num)s rounds: this is its new link.",
            count,
        )
    )
    return redirect(url_for("pages.session_page", token=game.token), 303)
