"""The words of a bounded summary print: the line a long session's PDF carries about
the rounds it leaves out, and what the page says when a print cannot be made right now."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

# The page answered (503) when the summary cannot be printed now; {retry} is in seconds.
TOO_LARGE_TITLE = _l("The summary could not be printed")
TOO_LARGE = _l(
    "The summary is too large to print right now: printing it took longer or needed more "
    "memory than the server allows. Nothing was changed. The CSV export has every round; "
    "try the summary again in a minute."
)
BUSY_TITLE = _l("The printer is busy")
BUSY = _l(
    "The server is printing other summaries at the moment. Nothing was changed. "
    "Try again in a few seconds; the CSV export is available now."
)


def _count(number: int) -> str:
    return f"{number:,}"


def rounds_left_out(total: int, shown: int) -> str | None:
    """The line above the rounds table of a summary that prints only the last `shown` of
    `total` rounds; None when every round is printed."""
    if shown >= total:
        return None
    first_shown = total - shown + 1
    counts = {"shown": _count(shown), "total": _count(total), "first": _count(first_shown)}
    if first_shown == 2:
        return _(
            "Round 1 is not printed here: this summary lists the last %(shown)s of %(total)s "
            "rounds (rounds %(first)s–%(total)s). The standings, the balance chart and the "
            "settle-up above count every round; the CSV export has every round.",
            **counts,
        )
    return _(
        "Rounds 1–%(last_hidden)s are not printed here: this summary lists the last %(shown)s "
        "of %(total)s rounds (rounds %(first)s–%(total)s). The standings, the balance chart and "
        "the settle-up above count every round; the CSV export has every round.",
        last_hidden=_count(first_shown - 1),
        **counts,
    )
