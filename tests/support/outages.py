"""A database out of reach answered honestly (issue 10): the 503 it must be, a save through the
API with its Idempotency-Key, the rounds a session holds."""

from __future__ import annotations

from tests.support.records import DRAW


def assert_unavailable(response, api: bool) -> None:
    assert response.status_code == 503, response.get_data(as_text=True)[:300]
    assert response.headers["Retry-After"] == "30"
    assert response.headers["Cache-Control"] == "no-store"
    text = response.get_data(as_text=True)
    if api:
        message = response.get_json()["errors"][0]["message"]
        assert "Nothing was saved" in message and "try again" in message
    else:
        assert response.mimetype == "text/html"
        assert "Nothing was saved by this request: try again" in text
        assert "Try again in a moment" in text
    assert "bug" not in text


def api_save(client, token: str, key: str):
    return client.post(f"/api/sessions/{token}/rounds", json=DRAW, headers={"Idempotency-Key": key})


def round_count(client, token: str) -> int:
    return client.get(f"/api/sessions/{token}").get_json()["round_count"]
