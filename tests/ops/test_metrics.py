"""GET /metrics (tracker/metrics.py, web/observe.py): Prometheus text, only to a scraper on the
loopback that no proxy passed on or with the admin token, else the app's 404; requests counted
by route (never a raw path with its token), the fast path's polls too; rounds saved, PDFs
printed, database failures and the push outbox's rows, each moved by the real thing."""

from __future__ import annotations

import threading

from flask import request_started

from tests.support.admin import ADMIN, ADMIN_TOKEN
from tests.support.drafts import HEADER, url
from tests.support.live_server import free_port
from tests.support.metrics import samples, scraped, value
from tests.support.outages import api_save
from tests.support.records import DRAW, PLAYERS, TALON
from tracker.web.summary_ahead import QUEUES

REQUESTS = "tracker_http_requests_total"
SAVED = "tracker_rounds_saved_total"
PDFS = "tracker_pdf_renders_total"
SESSION_PAGE = "/s/<token>"


def test_only_the_loopback_with_no_proxy_header_or_the_admin_token_may_scrape(make_app):
    client = make_app(TRUSTED_HOSTS="tongits.example.org").test_client()
    answer = client.get("/metrics", headers={"Host": "127.0.0.1:8000"})
    assert answer.status_code == 200
    assert answer.mimetype == "text/plain"
    assert answer.headers["Cache-Control"] == "no-store" and "Set-Cookie" not in answer.headers
    assert "# TYPE tracker_http_requests_total counter" in answer.get_data(as_text=True)
    for proxied in (
        {"X-Forwarded-For": "203.0.113.9"},
        {"Forwarded": "for=203.0.113.9"},
        {"X-Real-IP": "203.0.113.9"},
        {"Grip-Sig": "x"},  # through Pushpin on this machine
    ):
        refused = client.get("/metrics", headers={"Host": "tongits.example.org", **proxied})
        assert refused.status_code == 404, proxied  # the app's own 404, as for any unknown path
        assert "tracker_http_requests_total" not in refused.get_data(as_text=True)
    elsewhere = {"REMOTE_ADDR": "192.168.1.20"}
    assert client.get("/metrics", environ_base=elsewhere).status_code in (400, 404)
    trusted = {"Host": "tongits.example.org"}
    assert client.get("/metrics", headers=trusted, environ_base=elsewhere).status_code == 404
    wrong = {**trusted, "Authorization": "Bearer not-it", "X-Forwarded-For": "203.0.113.9"}
    assert client.get("/metrics", headers=wrong).status_code == 404
    token = {"Authorization": f"Bearer {ADMIN_TOKEN}", "X-Forwarded-For": "203.0.113.9"}
    allowed = client.get("/metrics", headers={**trusted, **token}, environ_base=elsewhere)
    assert allowed.status_code == 200
    assert "tracker_http_requests_total" in allowed.get_data(as_text=True)
    # an IPv6 loopback is the loopback too
    assert client.get("/metrics", environ_base={"REMOTE_ADDR": "::1"}).status_code == 200


def test_requests_are_counted_by_route_never_by_their_path(client, make_session):
    token = make_session()
    before = scraped(client)
    for _ in range(3):
        assert client.get(f"/s/{token}").status_code == 200
    assert client.get(f"/s/{token}/no-such-page").status_code == 404
    after = scraped(client)
    page = {"route": SESSION_PAGE, "method": "GET", "status": "200"}
    assert value(after, REQUESTS, **page) - value(before, REQUESTS, **page) == 3
    other = {"route": "other", "method": "GET", "status": "404"}
    assert value(after, REQUESTS, **other) - value(before, REQUESTS, **other) == 1
    latency = "tracker_http_request_duration_seconds_count"
    grew = value(after, latency, route=SESSION_PAGE) - value(before, latency, route=SESSION_PAGE)
    assert grew == 3
    assert token not in after  # the links' tokens are secrets: never a label


def test_the_polls_the_fast_path_answers_are_counted_under_their_route(app, client, make_session):
    token = make_session()
    client.put(url(token, "/header"), json=HEADER)
    etag = client.get(url(token)).headers["ETag"]
    through_flask = []
    request_started.connect(lambda sender, **_: through_flask.append(1), app, weak=False)
    poll = {"route": "/api/sessions/<token>/draft", "method": "GET", "status": "304"}
    before = scraped(client)
    through_flask.clear()
    for _ in range(4):
        assert client.get(url(token), headers={"If-None-Match": etag}).status_code == 304
    revision = client.get(f"/api/sessions/{token}/revision")
    assert revision.status_code == 200
    assert through_flask == []  # answered in front of Flask (tracker/fast_polls/polls.py)
    after = scraped(client)
    assert value(after, REQUESTS, **poll) - value(before, REQUESTS, **poll) == 4
    page = {"route": "/api/sessions/<token>/revision", "method": "GET", "status": "200"}
    assert value(after, REQUESTS, **page) - value(before, REQUESTS, **page) == 1


def test_rounds_saved_count_each_round_once(client, make_session):
    token = make_session()
    before = scraped(client)
    assert api_save(client, token, "key-1").status_code == 201
    assert api_save(client, token, "key-1").status_code in (200, 201)  # a retry: saved once
    assert client.post(f"/api/sessions/{token}/rounds", json=TALON).status_code == 201
    edited = client.put(f"/api/sessions/{token}/rounds/2", json=DRAW, headers={"If-Match": "3"})
    assert edited.status_code == 200, edited.get_json()
    refused = client.post(f"/api/sessions/{token}/rounds", json={"ending": "draw"})
    assert refused.status_code == 422
    after = scraped(client)
    assert value(after, SAVED, change="new") - value(before, SAVED, change="new") == 2
    assert value(after, SAVED, change="edit") - value(before, SAVED, change="edit") == 1
    assert len(client.get(f"/api/sessions/{token}").get_json()["rounds"]) == 2


def test_copies_racing_on_two_workers_count_the_one_round_saved(
    app, second_worker, client, make_session
):
    token = make_session()
    before = value(scraped(client), SAVED, change="new")
    clients = [app.test_client(), second_worker.test_client()] * 2
    start, statuses = threading.Barrier(len(clients)), []

    def send(each):
        start.wait()
        statuses.append(api_save(each, token, "raced").status_code)

    threads = [threading.Thread(target=send, args=(each,)) for each in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert set(statuses) <= {200, 201} and len(statuses) == 4, statuses
    assert len(client.get(f"/api/sessions/{token}").get_json()["rounds"]) == 1
    assert value(scraped(client), SAVED, change="new") - before == 1


def test_a_printed_summary_then_the_same_one_from_the_cache(client, make_session):
    token = make_session()
    client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    for queue in list(QUEUES):  # an earlier test's print ahead counts in this process too
        assert queue.wait_idle(120)
    before = scraped(client)
    for _ in range(2):
        answer = client.get(f"/s/{token}/summary.pdf")
        assert answer.status_code == 200 and answer.data.startswith(b"%PDF-")
    after = scraped(client)
    assert value(after, PDFS, outcome="printed") - value(before, PDFS, outcome="printed") == 1
    assert value(after, PDFS, outcome="cached") - value(before, PDFS, outcome="cached") == 1
    assert value(after, PDFS, outcome="failed") == value(before, PDFS, outcome="failed")


def test_a_database_failure_is_counted(make_app, client, tmp_path):
    gone = make_app(f"sqlite:///{tmp_path / 'unmounted' / 'tracker.db'}").test_client()
    name = "tracker_database_errors_total"
    before = value(scraped(client), name)
    assert gone.get("/").status_code == 503
    assert gone.post("/api/sessions", json={"players": PLAYERS}).status_code == 503
    after = scraped(gone)  # the failing worker scrapes too: its outbox gauge is left out
    assert value(after, name) - before == 2
    assert ("tracker_push_outbox_rows", ()) not in samples(after)


def test_the_outbox_rows_waiting_are_read_at_each_scrape(make_app):
    # Pushpin away: the rows of each change wait in the outbox
    client = make_app(PUSH_URL=f"http://127.0.0.1:{free_port()}").test_client()
    assert value(scraped(client), "tracker_push_outbox_rows") == 0
    token = client.post("/api/sessions", json={"players": PLAYERS}).get_json()["id"]
    client.post(f"/api/sessions/{token}/rounds", json=DRAW)
    assert value(scraped(client), "tracker_push_outbox_rows") >= 1
    assert client.get("/api/sessions", headers=ADMIN).status_code == 200
