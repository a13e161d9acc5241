"""The words of answers that are no page of their own: error pages (and their JSON under
/api/), the database being out of reach (issue 10), and a request to a host the server does
not answer to. The views (web/errors.py, web/public.py) only choose which."""

from __future__ import annotations

TITLES = {
    400: "That request did not make sense",
    404: "Not found",
    405: "Not allowed here",
    413: "Too much at once",
    415: "Send JSON",
    500: "Something broke",
    503: "Try again in a moment",
}
UNTITLED = "Error"
NOT_FOUND = "Not found."
BUG = "The tracker hit a bug. Nothing was saved by this request."
UNAVAILABLE = (
    "The tracker cannot reach its database just now (or the database is full or read-only). "
    "Nothing was saved by this request: try again in a minute."
)
WRONG_HOST_TITLE = "Wrong address"
WRONG_HOST = "This server does not answer to that name. Open the tracker at its own address."
