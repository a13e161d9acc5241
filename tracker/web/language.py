"""Which language a request is answered in: English or Filipino, or any language
whose catalogue is in tracker/translations (a third language is a catalogue, not code).

The choice, first that applies:
1. `?lang=` on the request (fil, en; tl and tl-PH are answered in fil). A page (HTML, GET)
   asked with it also remembers it on this device: the `lang` cookie, one year, SameSite=Lax,
   HttpOnly, Secure as the app's other cookies. No redirect: one round trip on a table's
   Wi-Fi, and a link such as a PDF's `?lang=fil` answers at once.
2. The `lang` cookie: this device's choice, for pages and for the JSON API alike (the pages'
   scripts call the API and show its refusals to the same person who chose the language).
3. Accept-Language, best first (q-ordered).
4. English.

Every answer the language can change says `Vary: Accept-Language, Cookie`.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlencode

from babel import Locale, UnknownLocaleError
from flask import Flask, has_request_context, request

from ..present.display import language
from . import public

TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"
DEFAULT = "en"
COOKIE = "lang"
COOKIE_AGE = 365 * 24 * 3600  # a year: the device keeps its choice
STATIC = "/static/"
VARY = ("Vary", "Accept-Language, Cookie")  # what every answer but /static/ says


def catalogues(folder: Path = TRANSLATIONS) -> tuple[str, ...]:
    """The languages with a catalogue (tracker/translations/<lang>/LC_MESSAGES/messages.po)."""
    return tuple(sorted(p.parent.parent.name for p in folder.glob("*/LC_MESSAGES/messages.po")))


LANGUAGES = (DEFAULT, *(code for code in catalogues() if code != DEFAULT))
ALIASES = {"tl": "fil"}  # Tagalog is read in Filipino


def known(tag: str | None) -> str | None:
    """Our language for a tag such as "tl-PH", "fil" or "en-US", else None."""
    if not tag:
        return None
    tag = tag.strip().replace("-", "_")
    first = tag.split("_")[0].lower()
    for code in (tag, first, ALIASES.get(first)):
        if code in LANGUAGES:
            return code
    return None


def locale() -> str:
    """Flask-Babel's locale selector (outside a request, such as a command: English)."""
    if not has_request_context():
        return DEFAULT
    return choose(request.args.get("lang"), request.cookies.get(COOKIE), request.accept_languages)


def choose(asked: str | None, kept: str | None, accepted) -> str:
    """The language for what a request asks (`?lang=`), what the device keeps (its cookie) and
    what its browser accepts ((tag, quality) pairs, best first): the one rule, for the app and
    for the draft polls answered in front of it (fast_polls/polls.py)."""
    if code := known(asked) or known(kept):
        return code
    for tag, _quality in accepted:
        if code := known(tag):
            return code
    return DEFAULT


def asked() -> str | None:
    return known(request.args.get("lang"))


def name(code: str) -> str:
    """A language's name in itself: "English", "Filipino" (what its speakers look for)."""
    try:
        own = Locale.parse(code).get_display_name(code)
    except (UnknownLocaleError, ValueError):
        return code
    return own[:1].upper() + own[1:] if own else code


def switches() -> list[dict]:
    """Links to this same page in each other language (the switcher in base.html)."""
    now = language()
    links = []
    for code in LANGUAGES:
        if code == now:
            continue
        args = request.args.copy()
        args["lang"] = code
        query = urlencode(list(args.items(multi=True)))
        href = f"{request.script_root}{request.path}?{query}"
        links.append({"code": code, "name": name(code), "href": href})
    return links


def remember(response):
    """The device keeps a language asked on a page; answers vary with the language."""
    if request.path.startswith(STATIC):
        return response
    response.vary.add("Accept-Language")
    response.vary.add("Cookie")
    code = asked()
    if (
        code
        and request.method == "GET"
        and response.mimetype == "text/html"
        and request.cookies.get(COOKIE) != code
    ):
        response.set_cookie(
            COOKIE,
            code,
            max_age=COOKIE_AGE,
            samesite="Lax",
            httponly=True,
            secure=public.secure_cookies(),
        )
    return response


def register(app: Flask) -> None:
    app.after_request(remember)

    @app.context_processor
    def language_of_page():
        return {"html_lang": language(), "language_switches": switches}
