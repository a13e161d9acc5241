"""The table's clock: every time shown to people (pages, PDFs, CSV file names, a group's
nights) is in one time zone, the app's TIME_ZONE (config.py; $TRACKER_TIME_ZONE, by default
Asia/Manila). The database keeps naive UTC (models.utcnow); machine-readable stamps (ISO
`datetime=` attributes, the JSON API, exports and backups) stay UTC.

    local_time(moment, zone=None) -> datetime | None   stored naive UTC (or aware) → the table's
                                                       time, aware; also the `local_time` filter
    local_day(moment, zone=None) -> date | None        the table's date of that moment
    local_today(zone=None) -> date                     today at the table
    table_zone() -> ZoneInfo                           the app's TIME_ZONE, DEFAULT_ZONE outside
    zone_named(name) -> ZoneInfo                       or ValueError naming the setting

`zone` is a zone name or a tzinfo; left out, the table's zone: the current app's TIME_ZONE, or
DEFAULT_ZONE outside an app (the PDF's child process is handed the name instead). Nothing here
imports Flask at import time: the printing child and config.py import this module.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, tzinfo
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

DEFAULT_ZONE = "Asia/Manila"  # the app is made for tables in the Philippines


@lru_cache(maxsize=32)
def zone_named(name: str) -> ZoneInfo:
    """The time zone of an IANA name ("Asia/Manila", "Europe/Berlin"); ValueError otherwise."""
    try:
        if not isinstance(name, str) or not name.strip():
            raise ValueError(name)
        return ZoneInfo(name.strip())
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise ValueError(
            "TIME_ZONE ($TRACKER_TIME_ZONE) must be a time zone name such as Asia/Manila or "
            f"Europe/Berlin, not {name!r}"
        ) from None


def table_zone() -> ZoneInfo:
    """The zone times are shown in: the current app's TIME_ZONE, else DEFAULT_ZONE."""
    from flask import current_app, has_app_context

    name = current_app.config.get("TIME_ZONE") if has_app_context() else None
    return zone_named(name or DEFAULT_ZONE)


def _zone(zone: str | tzinfo | None) -> tzinfo:
    if zone is None:
        return table_zone()
    return zone_named(zone) if isinstance(zone, str) else zone


def local_time(moment: datetime | None, zone: str | tzinfo | None = None) -> datetime | None:
    """`moment` as the table's clock shows it (aware). A naive moment is UTC, as the database
    keeps it. A moment whose local time falls outside the calendar (year 9999 and an eastern
    zone, an imported start) stays as it is rather than failing a page."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    try:
        return moment.astimezone(_zone(zone))
    except OverflowError:
        return moment


def local_day(moment: datetime | None, zone: str | tzinfo | None = None) -> date | None:
    """The date at the table when `moment` (naive UTC, or aware) happened."""
    local = local_time(moment, zone)
    return None if local is None else local.date()


def local_today(zone: str | tzinfo | None = None) -> date:
    """Today's date at the table (not the server's own clock zone)."""
    return datetime.now(_zone(zone)).date()
