"""The session's files: the printable summary (PDF), the CSV and JSON exports, and the import form.

Thin like the other views: the export dict comes from the model, the files from
tracker/documents, and an import goes through `core.import_session`, the same function the
JSON API (`POST /api/sessions/import`) calls.
"""

from __future__ import annotations

import flask
from flask import (
    Blueprint,
    Response,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import get_locale, ngettext
from flask_babel import gettext as _

from .. import core
from ..core import owners
from ..documents.csv_file import filename_stem, rounds_csv
from ..documents.pdf_cache import cache_folder
from ..documents.printer import Busy, Printer, PrintRefused
from ..documents.render import Limits
from ..engine import Problem
from ..exchange.export import export_json
from ..models import iso
from ..present import printing
from ..present.messages import problem_dict
from . import devices, summary_ahead
from .forms import ImportForm
from .heavy_limits import heavy
from .pages.blueprint import game_or_404

bp = Blueprint("exports", __name__)

# Endpoints whose body may be a whole session: a 200-round export is about 270 KB, more than
# the MAX_CONTENT_LENGTH every other request keeps to. They get IMPORT_MAX_BYTES.
IMPORT_ENDPOINTS = {"exports.import_page", "api.import_session"}
IMPORT_ENDPOINTS |= {"groups.import_page", "group_api.import_group"}  # a whole group


class Request(flask.Request):
    """`app.request_class`: the size limit of the import routes, decided when
    the URL is matched (before any hook reads the body), so no other code has to know of them."""

    def _for_import(self) -> bool:
        return self.url_rule is not None and self.url_rule.endpoint in IMPORT_ENDPOINTS

    def _import_limit(self) -> int | None:
        if self._for_import() and current_app:
            return current_app.config["IMPORT_MAX_BYTES"]
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


def kept_text(game, kind: str, make) -> str:
    """The text `make()` writes of the session (its export as "json" or "csv", the API's
    answer), kept by this worker for the session's revision: an export of a 1,000-round
    session costs about 0.7 s (it checks itself and replays every round); asked again, nothing."""
    kept = current_app.extensions.get("texts_kept")  # None: off the fast path
    if kept is None:
        return make()
    key, tag = f"{game.token} {kind}", str(game.revision)
    text = kept.get(key, tag)
    if text is None:
        text = make()
        kept.put(key, tag, text)
    return text


def _stem(game) -> str:
    """A download's file name, from what the export says of the session (not the whole
    export: its rounds are not needed); its date is the table's (the app's TIME_ZONE)."""
    return filename_stem({"created": iso(game.created_at), "players": list(game.players)})


def _file(body, mimetype: str, name: str, inline: bool = False) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = (
        f'{"inline" if inline else "attachment"}; filename="{name}"'
    )
    response.headers["Cache-Control"] = "no-store"  # a session's link and balances
    return response


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


def pdf_file(pdf: bytes, name: str) -> Response:
    """A printed PDF, shown in the browser (inline), never kept by a cache on the way."""
    return _file(pdf, "application/pdf", name, inline=True)


def printer() -> Printer:
    """This worker's printer (its print slots), made at its first summary."""
    app = current_app._get_current_object()
    made = app.extensions.get("summary_printer")
    if made is None:
        folder = cache_folder(app.instance_path)
        limits, renders = Limits.from_config(app.config), app.config["SUMMARY_RENDERS"]
        made = Printer(folder, limits, renders, zone=app.config["TIME_ZONE"])
        made = app.extensions.setdefault("summary_printer", made)
    return made


def not_printed(refused: PrintRefused) -> Response:
    busy = isinstance(refused, Busy)
    page = render_template(
        "error.html",
        code=503,
        title=printing.BUSY_TITLE if busy else printing.TOO_LARGE_TITLE,
        message=printing.BUSY if busy else printing.TOO_LARGE,
    )
    response = Response(page, status=503)
    response.headers["Retry-After"] = str(refused.retry_after)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/s/<token>/export.csv")
@heavy
def export_csv(token: str):
    game = game_or_404(token)
    # With a byte-order mark, so that a spreadsheet opens Ñoño and ₱ as UTF-8.
    text = "\ufeff" + kept_text(game, f"csv {get_locale()}", lambda: rounds_csv(game.export()))
    return _file(text, "text/csv", _stem(game) + ".csv")


@bp.get("/s/<token>/export.json")
@heavy
def export_file(token: str):
    game = game_or_404(token)
    text = kept_text(game, "json", lambda: export_json(game.export(history=True)))
    return _file(text, "application/json", _stem(game) + ".json")


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


def import_view(template: str, run, done):
    """An import page (a session's, a group's): GET shows the form; POST runs `run(source,
    seed)` on the uploaded file or the pasted text and answers `done(what it made, seed)`. A
    refusal shows the form again, saying what is wrong and which file to choose again."""
    form = ImportForm()
    if request.method == "GET":
        return render_template(template, form=form, problems=[])
    upload = request.files.get(form.file.name)
    data = upload.read() if upload is not None and upload.filename else b""
    seed = owners.new_seed()
    try:
        made = run(_import_source(form, data), seed)
    except core.InputError as error:
        problems = [problem_dict(problem) for problem in error.problems]
        if data:
            message = _(
                "(The file was %(name)s: choose it again once it is fixed.)", name=upload.filename
            )
            problems.append({"where": "file", "message": message})
        wait = error.retry_after  # a busy server: when to try again
        headers = {"Retry-After": str(wait)} if wait else {}
        return render_template(template, form=form, problems=problems), error.status, headers
    return done(made, seed)


def _import_source(form: ImportForm, data: bytes) -> bytes | str:
    """The export to import: the uploaded file's bytes or the pasted text, exactly one."""
    if not form.validate():
        message = _("The form had expired. Please press Import again.")
        raise core.InputError([Problem("form", message)], 400)
    text = form.text.data or ""
    if data and text.strip():
        message = _("Choose a file or paste the JSON, not both: clear the pasted text or the file.")
        raise core.InputError([Problem("form", message)])
    if not data and not text.strip():
        message = _("Choose the exported .json file, or paste its text.")
        raise core.InputError([Problem("form", message)])
    return data or text
