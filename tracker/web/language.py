"""Which language a request is answered in (issue 12): English or Filipino.

A `?lang=` on the request wins, then the device's choice, then the browser's Accept-Language.
Tagalog (`tl`, `tl-PH`) is answered in Filipino (`fil`)."""

from __future__ import annotations

from flask import request

LANGUAGES = ("en", "fil")
DEFAULT = "en"
ALIASES = {"tl": "fil", "fil": "fil", "en": "en"}  # a tag's first part -> our language


def known(tag: str | None) -> str | None:
    """Our language for a tag such as "tl-PH" or "fil", else None."""
    if not tag:
        return None
    return ALIASES.get(tag.replace("_", "-").split("-")[0].strip().lower())


def locale() -> str:
    """Flask-Babel's locale selector."""
    chosen = known(request.args.get("lang"))
    if chosen:
        return chosen
    for tag, _quality in request.accept_languages:  # best first
        if known(tag):
            return known(tag)
    return DEFAULT
