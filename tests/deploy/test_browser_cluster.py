"""A cluster as docs/deploy.md lays it out, all on this machine: two app nodes (gunicorn, each
with its own instance folder, as on two machines) and two Pushpin nodes on one PostgreSQL,
behind one Caddy running the Caddyfile deploy.sh makes for several nodes (load-balanced and
health-checked; Pushpin sends on to Caddy's own pool of the app nodes). A phone on each Pushpin
node sees a round saved on either app node by push (how soon is benchmarks/push_front.py's
figure, not a timed test's: the machine is shared); one app node killed mid-evening loses
and doubles no round, and the health checks route around it."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request
import uuid

import pytest

from tests.push.conftest import offset
from tests.push.test_browser_push import live, new_session
from tests.support import caddy
from tests.support.cluster import Cluster
from tests.support.entry import one_phone
from tests.support.live_server import migrate
from tests.support.pushpin import installed
from tests.support.records import TALON

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.postgres,
    pytest.mark.skipif(not caddy.installed(), reason="no caddy: scripts/setup.sh test"),
    pytest.mark.skipif(not installed(), reason="no pushpin: scripts/setup.sh test"),
]


@pytest.fixture
def cluster(database_url, tmp_path):
    if not database_url.startswith("postgresql"):
        pytest.skip("the nodes share a PostgreSQL (TEST_DATABASE_URL)")
    migrate(database_url, tmp_path / "migrate")
    made = Cluster(database_url, tmp_path, offset=offset())
    try:
        made.start()
        yield made
    finally:
        made.stop()


@pytest.fixture
def phone_on_each_node(browser, cluster):
    """Two phones on the session page, their streams on the two Pushpin nodes (Caddy sends a
    stream to the node with fewer open)."""
    token = new_session(cluster.url)
    phones = []
    for _ in range(2):
        phone = one_phone(browser)
        phone.goto(f"{cluster.url}/s/{token}")
        live(phone)
        phones.append(phone)
    held = cluster.front.upstreams()
    assert [held[node.url.removeprefix("http://")] for node in cluster.pushpins] == [1, 1]
    yield token, phones
    for phone in phones:
        errors = phone.js_errors
        phone.context.close()
        assert errors == [], errors


ROUNDS = 60  # about 8 s of rounds, the node killed after the tenth


def save(base: str, token: str, key: str) -> int:
    """A round sent as the phones send one: its idempotency key kept across tries."""
    request = urllib.request.Request(
        f"{base}/api/sessions/{token}/rounds",
        json.dumps(TALON).encode(),
        {"Content-Type": "application/json", "Idempotency-Key": key},
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError:
        return 0


def rounds(base: str, token: str) -> list[int]:
    with urllib.request.urlopen(f"{base}/api/sessions/{token}", timeout=10) as answer:
        return [entry["number"] for entry in json.load(answer)["rounds"]]


def seen_within(phones, number: int) -> float:
    """Seconds until every phone shows round `number`."""
    started = time.monotonic()
    for phone in phones:
        phone.locator(f"#round-{number}").wait_for(timeout=10_000)
    return time.monotonic() - started


WATCH_STREAM = """() => { window.streamWentOff = 0; new MutationObserver(() => {
  if (document.documentElement.dataset.stream !== "live") window.streamWentOff += 1;
}).observe(document.documentElement, { attributes: true, attributeFilter: ["data-stream"] }); }"""


def test_a_phone_on_each_node_sees_a_save_on_either_app_node_by_push(cluster, phone_on_each_node):
    """A page polls only while its stream is not open (static/live.js): a round shown while the
    stream stayed open all along came through Pushpin."""
    token, phones = phone_on_each_node
    for phone in phones:
        phone.evaluate(WATCH_STREAM)
    for number in range(1, 5):
        node = cluster.apps[number % 2]  # straight to one app node, then the other
        assert save(node.url, token, str(uuid.uuid4())) == 201
        print(f"round {number} saved on {node.url}: seen in {seen_within(phones, number):.2f} s")
    assert [phone.evaluate("window.streamWentOff") for phone in phones] == [0, 0]


def test_an_app_node_killed_mid_evening_loses_and_doubles_nothing(cluster, phone_on_each_node):
    """Three tables sending rounds through Caddy at once while one app node is killed
    (SIGKILL, master and workers, whatever they were doing): each round is sent again under
    its own key until it is stored, as the phone's outbox does."""
    token, phones = phone_on_each_node
    tokens = [token, new_session(cluster.url), new_session(cluster.url)]
    tries: list[tuple[float, int]] = []  # (when, status) of every request sent
    tenth, killed = threading.Event(), []

    def table(token: str):
        for number in range(1, ROUNDS + 1):
            key = str(uuid.uuid4())
            while (status := save(cluster.url, token, key)) not in (200, 201):
                tries.append((time.monotonic(), status))
                time.sleep(0.2)
            tries.append((time.monotonic(), status))
            if number == 10:
                tenth.set()
            time.sleep(0.05)

    tables = [threading.Thread(target=table, args=(token,)) for token in tokens]
    for thread in tables:
        thread.start()
    assert tenth.wait(timeout=60)
    cluster.apps[0].kill()  # while the tables go on sending
    killed.append(time.monotonic())
    for thread in tables:
        thread.join(timeout=240)
    assert not any(thread.is_alive() for thread in tables)
    for each in tokens:
        assert rounds(cluster.url, each) == list(range(1, ROUNDS + 1))  # none lost or twice
    # from a health check's interval on, every request went to the live node at once
    after = [status for when, status in tries if when > killed[0] + 3]
    assert len(after) >= 30 and set(after) == {201}, tries
    # and the phones still hear each save, through both Pushpin nodes
    assert seen_within(phones, ROUNDS) < 5.0
    assert save(cluster.apps[1].url, token, str(uuid.uuid4())) == 201
    assert seen_within(phones, ROUNDS + 1) < 1.0
