"""Friendly error pages; JSON errors under /api/."""

from __future__ import annotations

from flask import jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from ..engine import Problem
from ..sessions import InputError, NotFound

TITLES = {
    400: "That request did not make sense",
    404: "Not found",
    405: "Not allowed here",
    413: "Too much at once",
    415: "Send JSON",
    500: "Something broke",
}


def register(app) -> None:
    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        return _answer(error.code or 500, error.description or TITLES.get(error.code, "Error"))

    @app.errorhandler(NotFound)
    def not_found(error):
        return _answer(404, "Not found.")

    @app.errorhandler(InputError)
    def input_error(error: InputError):
        if request.path.startswith("/api/"):
            return jsonify(error.to_dict()), error.status
        return _answer(error.status, "; ".join(p.message for p in error.problems))

    @app.errorhandler(Exception)
    def crash(error: Exception):
        app.logger.exception("unhandled error")
        return _answer(500, "The tracker hit a bug. Nothing was saved by this request.")


def _answer(code: int, message: str):
    if request.path.startswith("/api/"):
        return jsonify(
            {"errors": [Problem("url" if code in (404, 405) else "request", message).to_dict()]}
        ), code
    return render_template(
        "error.html", code=code, title=TITLES.get(code, "Error"), message=message
    ), code
