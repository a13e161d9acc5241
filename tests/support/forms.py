"""What a player's browser sends: the CSRF token of a page, a round typed into the form."""

from __future__ import annotations

import re

CSRF = re.compile(
    r'name="csrf_token" type="hidden" value="([^"]+)"|name="csrf_token" value="([^"]+)"'
)


def csrf_token(html: str) -> str:
    match = CSRF.search(html)
    assert match, "no CSRF token on the page"
    return match.group(1) or match.group(2)


def form_fields(record: dict, action: str = "review") -> dict:
    """The round form's fields for a record, as a player would type them."""
    data = {"ending": record.get("ending") or "", "action": action}
    if record.get("declarer") is not None:
        data["declarer"] = str(record["declarer"])
    if record.get("last_drawer") is not None:
        data["last_drawer"] = str(record["last_drawer"])
    if record.get("dealer") is not None:
        data["dealer"] = str(record["dealer"])
    for seat, entry in enumerate(record["hands"]):
        data[f"melds_{seat}"] = " | ".join(" ".join(meld) for meld in entry["melds"])
        data[f"hand_{seat}"] = " ".join(entry["hand"])
        for flag in ("challenged", "kang"):
            if entry.get(flag):
                data[f"{flag}_{seat}"] = "y"
    return data
