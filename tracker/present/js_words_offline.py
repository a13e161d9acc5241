"""The words of the scripts that work with no network (static/offline.js, conflict.js and the
offline part of round.js), in the reader's language: present/js_words.py serves them as the
script "offline", rendered on every page (templates/base.html)."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import pgettext


def offline_words(_counted) -> dict:
    return {
        **_counted(
            "{n} rounds not sent yet",
            "%(count)s round not sent yet",
            "%(count)s rounds not sent yet",
        ),
        **_counted(
            "and {n} more rounds saved or changed before these",
            "and %(count)s more round saved or changed before these",
            "and %(count)s more rounds saved or changed before these",
        ),
        "Getting the referee ready for offline\u2026": _(
            "Getting the referee ready for offline\u2026"
        ),
        # the offer's progress while it fetches (offline_progress.js)
        "{done} MB of {total} MB": _("%(done)s MB of %(total)s MB", done="{done}", total="{total}"),
        "Waiting for {file}\u2026": _("Waiting for %(file)s\u2026", file="{file}"),
        "since {time}": _("since %(time)s", time="{time}"),
        "Ready to work offline.": _("Ready to work offline."),
        "This browser may clear the offline data after some weeks unused.": _(
            "This browser may clear the offline data after some weeks unused."
        ),
        "This browser cannot run the referee offline.": _(
            "This browser cannot run the referee offline."
        ),
        "Offline \u00b7 ledger as of {time}": _(
            "Offline \u00b7 ledger as of %(time)s", time="{time}"
        ),
        "Not sent yet: provisional (the pot and streaks follow the server's order)": _(
            "Not sent yet: provisional (the pot and streaks follow the server's order)"
        ),
        "Round {n} \u00b7 {headline}": _(
            "Round %(number)s \u00b7 %(headline)s", number="{n}", headline="{headline}"
        ),
        **_view_words(_counted),
        "{name} wins {amount}": _("%(name)s wins %(amount)s", name="{name}", amount="{amount}"),
        "A push: nobody pays": _("A push: nobody pays"),
        "Void round: all three sunog": _("Void round: all three sunog"),
        **_conflict_words(),
        **_round_words(),
    }


def _view_words(_counted) -> dict:
    """The session as the phone sees it with rounds waiting (offline_view.js, round_offline.js,
    offline_sheet.js, offline_chart.js)."""
    return {
        # progressive amounts (money.js): "iskor" as the server says them (present/speech.py)
        "{points} pts": pgettext("points in progressive mode", "%(points)s pts", points="{points}"),
        "Pot {amount}": _("Pot %(amount)s", amount="{amount}"),
        "{name} deals next": _("%(name)s deals next", name="{name}"),
        "{name} deals": _("%(name)s deals", name="{name}"),
        "{name} reached the loss limit": _("%(name)s reached the loss limit", name="{name}"),
        **_counted("{n} rounds", "%(num)s round", "%(num)s rounds", num="{n}"),
        "provisional": _("provisional"),
        # the score sheet's rows and the chart's points of the rounds waiting here
        # (offline_sheet.js, offline_chart.js)
        "Waiting to be sent (provisional)": _("Waiting to be sent (provisional)"),
        "winner": _("winner"),
        "total": _("total"),
        "round {n}": _("round %(number)s", number="{n}"),
    }


def _conflict_words() -> dict:
    return {
        "On this phone: round {n} \u00b7 {headline}": _(
            "On this phone: round %(number)s \u00b7 %(headline)s",
            number="{n}",
            headline="{headline}",
        ),
        "Saved or changed meanwhile on another phone: round {n} \u00b7 {headline}": _(
            "Saved or changed meanwhile on another phone: round %(number)s \u00b7 %(headline)s",
            number="{n}",
            headline="{headline}",
        ),
        "On the server now it would be round {n} \u00b7 {headline}": _(
            "On the server now it would be round %(number)s \u00b7 %(headline)s",
            number="{n}",
            headline="{headline}",
        ),
        "This phone": _("This phone"),
        "On the server": _("On the server"),
        "Round {n}": _("Round %(number)s", number="{n}"),
        "Save it as round {n}": _("Save it as round %(number)s", number="{n}"),
        "Send it again": _("Send it again"),
        "Drop this round": _("Drop this round"),
        "Drop round {n}? Its cards are not kept anywhere else.": _(
            "Drop round %(number)s? Its cards are not kept anywhere else.", number="{n}"
        ),
    }


def _round_words() -> dict:
    return {
        "+ Enter round {n}": "+ " + _("Enter round %(number)s", number="{n}"),
        "The server has not answered for a while. Finish this round on this phone alone, with "
        "every card entered here?": _(
            "The server has not answered for a while. Finish this round on this phone alone, "
            "with every card entered here?"
        ),
        "Finish on this phone": _("Finish on this phone"),
        "Offline \u00b7 judged on this phone": _("Offline \u00b7 judged on this phone"),
        "Updated \u00b7 Reload": _("Updated \u00b7 Reload"),
        "Offline: this phone has not kept this session yet, so it cannot judge. Your taps are "
        "kept here.": _(
            "Offline: this phone has not kept this session yet, so it cannot judge. Your taps "
            "are kept here."
        ),
    }
