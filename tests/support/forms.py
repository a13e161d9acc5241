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
        for flag in ("challenged", "kang", "no_discard"):
            if entry.get(flag):
                data[f"{flag}_{seat}"] = "y"
    return data


def form_key(page: str) -> dict:
    """The idempotency key a create form carries ({} when the page has none)."""
    match = IDEMPOTENCY_KEY.search(page)
    return {"idempotency_key": match.group(1)} if match else {}


REVIEWED = re.compile(r'name="reviewed" id="reviewed" value="([^"]+)"')
IDEMPOTENCY_KEY = re.compile(r'name="idempotency_key" value="([^"]+)"')
VERSION = re.compile(r'name="version" value="([^"]*)"')
REVISION = re.compile(r'name="revision" value="(\d+)"')


def review_key(response) -> str:
    """The review key a reviewed round's page carries (what Confirm and save sends back)."""
    match = REVIEWED.search(response.get_data(as_text=True))
    assert match, f"no reviewed verdict on the page ({response.status_code})"
    return match.group(1)


def confirmation(review, fields: dict) -> dict:
    """The fields of Confirm and save on the reviewed page: what was typed, and its key."""
    return {**fields, "action": "save", "reviewed": review_key(review)}


class RoundEntry:
    """The round form as a player uses it, the review-then-save dance: open the page, type a
    round and press Review, then Confirm and save with the review key the page carries."""

    def __init__(self, client):
        self.client = client

    def on(self, client) -> RoundEntry:
        """The same dance on another phone (another test client)."""
        return RoundEntry(client)

    @staticmethod
    def url(token: str, number: int | None = None) -> str:
        return f"/s/{token}/rounds/{number}/edit" if number else f"/s/{token}/rounds/new"

    def hidden(self, token: str, number: int | None = None, key: bool = False) -> dict:
        """The hidden fields of a freshly opened form: its CSRF token, the version of the round
        an edit begins from (a new round: the session's revision it began at) and, with `key`,
        the form's idempotency key."""
        page = self.client.get(self.url(token, number)).get_data(as_text=True)
        fields = {"csrf_token": csrf_token(page)}
        if number and (version := VERSION.search(page)):
            fields["version"] = version.group(1)
        if not number and (revision := REVISION.search(page)):
            fields["revision"] = revision.group(1)  # the session's revision the form began at
        if key:
            fields["idempotency_key"] = IDEMPOTENCY_KEY.search(page).group(1)
        return fields

    def review(
        self,
        token: str,
        record: dict,
        number: int | None = None,
        *,
        action: str = "review",
        hidden: dict | None = None,
        key: bool = False,
        **typed,
    ):
        """Type `record` (and `typed` fields) into the form and send it: (page, fields sent)."""
        if hidden is None:
            hidden = self.hidden(token, number, key=key)
        fields = {**hidden, **form_fields(record, action), **typed}
        return self.client.post(self.url(token, number), data=fields), fields

    def confirm(self, token: str, review, fields: dict, number: int | None = None):
        """Press Confirm and save on the reviewed page."""
        return self.client.post(self.url(token, number), data=confirmation(review, fields))

    def save(self, token: str, record: dict, number: int | None = None, **options):
        """Review, then confirm: what a player does to save a round."""
        review, fields = self.review(token, record, number, **options)
        assert review.status_code == 200, review.status_code
        return self.confirm(token, review, fields, number)


def new_session_fields(page: str) -> dict:
    """The new-session form filled in for Ana, Ben and Cris (classic, ₱10 stake), with the CSRF
    token of `page`."""
    return {
        "csrf_token": csrf_token(page),
        **form_key(page),
        "player_0": "Ana",
        "player_1": "Ben",
        "player_2": "Cris",
        "dealer": "0",
        "preset": "classic",
        "stake": "10",
        "point_rate": "1",
        "page_size": "a4",
    }


def pin_and_unlock(client, token: str, owner: dict, pin: str = "0420") -> None:
    """The owner puts an edit PIN on the session; then `client` unlocks it as a phone would."""
    answer = client.put(f"/api/sessions/{token}/pin", json={"pin": pin}, headers=owner)
    assert answer.status_code == 200
    page = client.get(f"/s/{token}/unlock").get_data(as_text=True)
    right = client.post(f"/s/{token}/unlock", data={"csrf_token": csrf_token(page), "pin": pin})
    assert right.status_code == 303
