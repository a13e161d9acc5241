"""The web layer's ground floor for files: a file answered (inline or as a download, never
kept by a cache on the way), the worker's printer of PDFs and its refusal page, and the export
texts a worker keeps for a session's revision. The session's files (exports.py) and a
barkada's (barkada/files.py, stats_routes.py) use them."""

from __future__ import annotations

from flask import Response, current_app, render_template

from ..documents.pdf_cache import cache_folder
from ..documents.printer import Busy, Printer, PrintRefused
from ..documents.render import Limits
from ..present import printing


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


def file_answer(body, mimetype: str, name: str, inline: bool = False) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = (
        f'{"inline" if inline else "attachment"}; filename="{name}"'
    )
    response.headers["Cache-Control"] = "no-store"  # a session's link and balances
    return response


def pdf_file(pdf: bytes, name: str) -> Response:
    """A printed PDF, shown in the browser (inline), never kept by a cache on the way."""
    return file_answer(pdf, "application/pdf", name, inline=True)


def printer() -> Printer:
    """This worker's printer (its print slots), made at its first summary."""
    app = current_app._get_current_object()
    made = app.extensions.get("summary_printer")
    if made is None:
        folder = cache_folder(app.instance_path)
        limits, renders = Limits.from_config(app.config), app.config["SUMMARY_RENDERS"]
        zone, wait = app.config["TIME_ZONE"], app.config["SUMMARY_WAIT_SECONDS"]
        made = Printer(folder, limits, renders, zone=zone, wait=wait)
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
