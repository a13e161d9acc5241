"""The words of a bounded summary print (issue 10): the line a long session's PDF carries about
the rounds it leaves out, and what the page says when a print cannot be made right now."""

from __future__ import annotations

# The page answered (503) when the summary cannot be printed now; {retry} is in seconds.
TOO_LARGE_TITLE = "The summary could not be printed"
TOO_LARGE = (
    "The summary is too large to print right now: printing it took longer or needed more "
    "memory than the server allows. Nothing was changed. The CSV export has every round; "
    "try the summary again in a minute."
)
BUSY_TITLE = "The printer is busy"
BUSY = (
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
    hidden = "Round 1 is" if first_shown == 2 else f"Rounds 1–{_count(first_shown - 1)} are"
    return (
        f"{hidden} not printed here: this summary lists the last {_count(shown)} of "
        f"{_count(total)} rounds (rounds {_count(first_shown)}–{_count(total)}). The standings, "
        "the balance chart and the settle-up above count every round; the CSV export has "
        "every round."
    )
