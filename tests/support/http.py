"""Plain HTTP to a live server (tests/support/live_server.py): one JSON request, or many sent
at the same moment by threads."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request


def send(url: str, body: dict | None, key: str | None = None, method: str = "POST"):
    """(status, JSON body) of one request; `key` goes as its Idempotency-Key."""
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Idempotency-Key"] = key
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def burst(url: str, requests: list[tuple[dict, str | None]]) -> list:
    """POST each (body, key) of `requests` from its own thread, all at the same moment; their
    answers in the same order."""
    start = threading.Barrier(len(requests))
    answers: list = [None] * len(requests)

    def one(index: int):
        body, key = requests[index]
        start.wait()
        answers[index] = send(url, body, key)

    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(requests))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    return answers
