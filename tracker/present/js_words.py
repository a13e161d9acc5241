"""The words the session side's scripts write on the page (static/*.js), translated on the
server: a page renders them as `<script type="application/json" id="words">`, and
each script looks its English text up there, keeping the English it has when the page has none
(an English page renders no such block, so English pages are unchanged).

The keys are the scripts' English texts, with their blanks written `{name}`; the values are the
same texts in the reader's language, blanks kept. A count's words are one entry, under the
English plural: the text of each plural category of the reader's language (CLDR's names, as
the browser's Intl.PluralRules chooses them: "one", "other", or "few", "many"... in another
language), each from ngettext at a number of that category (`tn` in static/words.js).

    words_for(*scripts) -> dict   e.g. words_for("picker", "entry", "round")
"""

from __future__ import annotations

from functools import lru_cache

from babel import Locale
from flask_babel import get_locale, get_translations, ngettext
from flask_babel import gettext as _

from .js_words_offline import offline_words
from .js_words_seat import seat_words


def _counted(plural_en: str, singular: str, plural: str, **blanks) -> dict:
    """{English plural: {category: text}}: a count's words in each plural category of the
    reader's language; the count's blank, %(count)s (or %(num)s, as the templates' own
    counts write it), is the script's {n}."""
    blanks.setdefault("count", "{n}")
    forms = _samples(str(get_locale()))
    if "num" in blanks:  # ngettext's own blank: the catalogue's form, filled in here
        say = get_translations().ungettext
        return {plural_en: {kind: say(singular, plural, n) % blanks for kind, n in forms}}
    return {plural_en: {kind: ngettext(singular, plural, n, **blanks) for kind, n in forms}}


@lru_cache(maxsize=16)
def _samples(locale: str) -> tuple[tuple[str, int], ...]:
    """(category, the least whole number of it) for each plural category of `locale`."""
    rule, found = Locale.parse(locale).plural_form, {}
    for number in range(1000):
        found.setdefault(rule(number), number)
    return tuple(found.items())


def _picker() -> dict:
    return {
        "Meld \u2713": _("Meld \u2713"),
        "Undo \u232b": _("Undo \u232b"),
        "Next \u25b8": _("Next \u25b8"),
        "Done \u2713": _("Done \u2713"),
        "joker": _("joker"),
        "{name} has {card}": _("%(name)s has %(card)s", name="{name}", card="{card}"),
    }


def _entry() -> dict:
    """The entry front end's words (entry.js, entry_gone.js), on the one-phone page and on the
    seat page."""
    return {
        "Round {n} was saved on {name}'s phone.": _(
            "Round %(number)s was saved on %(name)s's phone.", number="{n}", name="{name}"
        ),
        "Round {n} was saved on another phone.": _(
            "Round %(number)s was saved on another phone.", number="{n}"
        ),
        "Round {n} was cleared on {name}'s phone.": _(
            "Round %(number)s was cleared on %(name)s's phone.", number="{n}", name="{name}"
        ),
        "Round {n} was cleared on another phone.": _(
            "Round %(number)s was cleared on another phone.", number="{n}"
        ),
        "Put my cards back": _("Put my cards back"),
        "Your cards that were not kept are still on this phone.": _(
            "Your cards that were not kept are still on this phone."
        ),
        "Cards for {name}": _("Cards for %(name)s", name="{name}"),
        "Take out {card}": _("Take out %(card)s", card="{card}"),
        "Secret \u2713": _("Secret \u2713"),
        "Secret?": _("Secret?"),
        "also in {name}'s hand": _("also in %(name)s's hand", name="{name}"),
        "also in the hands of {names}": _("also in the hands of %(names)s", names="{names}"),
        "{card} is also in {name}'s hand: one of you must fix it.": _(
            "%(card)s is also in %(name)s's hand: one of you must fix it.",
            card="{card}",
            name="{name}",
        ),
        "{card} is also in the hands of {names}: one of you must fix it.": _(
            "%(card)s is also in the hands of %(names)s: one of you must fix it.",
            card="{card}",
            names="{names}",
        ),
        "Tap the cards of the meld first, then Meld \u2713": _(
            "Tap the cards of the meld first, then Meld \u2713"
        ),
        "set": _("set"),
        "run": _("run"),
        "{n} cards make a {kind}: Meld \u2713 lays it down": _(
            "%(count)s cards make a %(kind)s: Meld \u2713 lays it down", count="{n}", kind="{kind}"
        ),
        "Tap a meld, then Meld \u2713; then the cards left": _(
            "Tap a meld, then Meld \u2713; then the cards left"
        ),
        "No cards in hand": _("No cards in hand"),
        **_counted("{n} cards in hand", "%(count)s card in hand", "%(count)s cards in hand"),
        "deadwood {n}": _("deadwood %(points)s", points="{n}"),
        "Sunog": _("Sunog"),
        **_counted(
            "{melds} count as melds",
            "%(melds)s counts as a meld",
            "%(melds)s count as melds",
            melds="{melds}",
        ),
        " and ": " " + _("and") + " ",
    }


def _round() -> dict:
    return {
        "Players": _("Players"),
        "Type instead": _("Type instead"),
        "Offline \u00b7 your taps will be sent": _("Offline \u00b7 your taps will be sent"),
        "Not sent yet \u00b7 tap again to retry": _("Not sent yet \u00b7 tap again to retry"),
        "Not saved: no network. Every card is kept here: confirm again when it is back.": _(
            "Not saved: no network. Every card is kept here: confirm again when it is back."
        ),
        "Sending\u2026": _("Sending\u2026"),
        "Sunog": _("Sunog"),
        "deadwood {n}": _("deadwood %(points)s", points="{n}"),
        "{n} pts": _("%(points)s pts", points="{n}"),
        "no cards": _("no cards"),
        **_counted("{n} cards", "%(count)s card", "%(count)s cards"),
        "Tap {name}'s cards": _("Tap %(name)s's cards", name="{name}"),
        "{name}'s cards next \u25b8": _("%(name)s's cards next \u25b8", name="{name}"),
        "Ready": _("Ready"),
        "Review \u25b8": _("Review \u25b8"),
        "How did it end? Tap it above": _("How did it end? Tap it above"),
        **_counted("{n} things to fix", "%(count)s thing to fix", "%(count)s things to fix"),
        "Checking\u2026": _("Checking\u2026"),
    }


def _entry_review() -> dict:
    return {
        "Review the round": _("Review the round"),
        "\u25c2 Back to cards": _("\u25c2 Back to cards"),
        "Confirm \u2713": _("Confirm \u2713"),
        **_counted(
            "{n} things to fix before saving:",
            "%(count)s thing to fix before saving:",
            "%(count)s things to fix before saving:",
        ),
    }


def _live() -> dict:
    return {"+ Enter round {n}": "+ " + _("Enter round %(number)s", number="{n}")}


def _new() -> dict:
    return {"Player {n}": _("Player %(number)s", number="{n}")}


def _share() -> dict:
    return {
        "Copied": _("Copied"),
        "Select the text above and copy it": _("Select the text above and copy it"),
    }


def _history() -> dict:
    return {
        "No connection: nothing was sent and nothing changed. Tap it again when the phone is "
        "back online.": _(
            "No connection: nothing was sent and nothing changed. Tap it again when the phone "
            "is back online."
        ),
    }


def _print_summary() -> dict:
    """print_summary.js: the summary PDF being fetched, or why it was not."""
    busy = "The server is printing other summaries at the moment. Try again in a minute."
    failed = "The PDF could not be printed. Try again."
    offline = (
        "No connection: the PDF could not be fetched. Try again when the phone is back online."
    )
    return {
        "Preparing the PDF\u2026": _("Preparing the PDF\u2026"),
        busy: _("The server is printing other summaries at the moment. Try again in a minute."),
        failed: _("The PDF could not be printed. Try again."),
        offline: _(
            "No connection: the PDF could not be fetched. Try again when the phone is back online."
        ),
    }


def _earlier() -> dict:
    """earlier.js: the session page's earlier rounds being fetched, or why they were not."""
    offline = (
        "No connection: the earlier rounds could not be fetched. Tap again when the phone is "
        "back online."
    )
    failed = "The earlier rounds could not be fetched. Tap again in a moment."
    return {
        "Fetching the earlier rounds\u2026": _("Fetching the earlier rounds\u2026"),
        offline: _(
            "No connection: the earlier rounds could not be fetched. Tap again when the phone "
            "is back online."
        ),
        failed: _("The earlier rounds could not be fetched. Tap again in a moment."),
    }


def _points_entry() -> dict:
    saved = "Not saved: no network. Every number is kept here: confirm again when it is back."
    sent = "Not sent: no network. Every number is kept here: try again when it is back."
    return {
        "Sending\u2026": _("Sending\u2026"),
        saved: _(
            "Not saved: no network. Every number is kept here: confirm again when it is back."
        ),
        sent: _("Not sent: no network. Every number is kept here: try again when it is back."),
    }


SCRIPTS = {
    "points_entry": _points_entry,
    "print_summary": _print_summary,
    "earlier": _earlier,
    "picker": _picker,
    "entry": _entry,
    "round": _round,
    "entry_review": _entry_review,
    "seat": lambda: seat_words(_counted),
    "live": _live,
    "new": _new,
    "share": _share,
    "history": _history,
    "offline": lambda: offline_words(_counted),
}


def words_for(*scripts: str) -> dict:
    """The words of `scripts` in the reader's language; none for an English reader."""
    locale = get_locale()
    if locale is None or locale.language == "en":
        return {}
    words: dict = {}
    for script in scripts:
        words.update(SCRIPTS[script]())
    return {english: said for english, said in words.items() if said != english}
