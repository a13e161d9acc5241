"""What a server backup must carry, read back through the API: every session of a server."""

from __future__ import annotations

from tests.support.admin import ADMIN


def state(client) -> dict:
    """Every session of a server: token → (players, balances, rounds, settled, page size, pin)."""
    out = {}
    for item in client.get("/api/sessions", headers=ADMIN).get_json()["sessions"]:
        data = client.get(f"/api/sessions/{item['id']}").get_json()
        out[item["id"]] = (
            data["players"],
            data["balances"],
            [r["record"] for r in data["rounds"]],
            data["settled"],
            data["page_size"],
            data["rules"],
            data["first_dealer"],
            data.get("pin"),
            data["created"],
        )
    return out
