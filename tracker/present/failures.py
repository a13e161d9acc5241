"""The words of answers that are no page of their own: error pages (and their JSON under
/api/), the database being out of reach, and a request to a host the server does
not answer to. The views (web/errors.py, web/public.py) only choose which. Lazy:
each is said in the language of the request that shows it."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

TITLES = {
    400: _l("That request did not make sense"),
    404: _l("Not found"),
    405: _l("Not allowed here"),
    413: _l("Too much at once"),
    415: _l("Send JSON"),
    500: _l("Something broke"),
    503: _l("Try again in a moment"),
}


def N_(text: str) -> str:
    """Marks an English text for the catalogue, keeping it English (see DEFAULT_DESCRIPTIONS)."""
    return text


# Werkzeug's own words for an HTTP error without a description of ours (a 404 of a URL that is
# no page): said in the reader's language by web/errors.py, English as Werkzeug has them
DEFAULT_DESCRIPTIONS = (
    N_("The browser (or proxy) sent a request that this server could not understand."),
    N_(
        "The requested URL was not found on the server. If you entered the URL manually please "
        "check your spelling and try again."
    ),
    N_("The method is not allowed for the requested URL."),
    N_("The data value transmitted exceeds the capacity limit."),
    N_("The server does not support the media type transmitted in the request."),
)
UNTITLED = _l("Error")
NOT_FOUND = _l("Not found.")
BUG = _l("The tracker hit a bug. Nothing was saved by this request.")
UNAVAILABLE = _l(
    "The tracker cannot reach its database just now (or the database is full or read-only). "
    "Nothing was saved by this request: try again in a minute."
)
# answered by web/public.py before any Flask request (no language known yet): English
WRONG_HOST_TITLE = "Wrong address"
WRONG_HOST = "This server does not answer to that name. Open the tracker at its own address."
