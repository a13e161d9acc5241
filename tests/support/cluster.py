"""A cluster on this machine, as docs/deploy.md lays one out: app nodes (gunicorn) and
Pushpin nodes on one database, behind one Caddy running the Caddyfile deploy.sh makes for
several nodes (tracker/deploy/files.py): load-balanced, health-checked, Pushpin sending on to
Caddy's own pool of the app nodes. For tests/deploy and benchmarks/."""

from __future__ import annotations

import secrets

from tests.support import caddy
from tests.support.live_server import Gunicorn, free_port
from tests.support.pushpin import Pushpin
from tracker.deploy.files import Plan


class Cluster:
    """`start()`, `stop()`: `apps` app nodes (gunicorn, `workers` each, an instance folder
    each) and `pushpins` Pushpin nodes (none: no push, the pages poll) on one database, behind
    one Caddy on `url`; Pushpin's ports moved by `offset` (each node 5 more)."""

    def __init__(
        self,
        database_url: str,
        folder,
        apps: int = 2,
        pushpins: int = 2,
        workers: int = 2,
        offset: int = 0,
    ):
        key = secrets.token_urlsafe(32)
        self.port, pool = free_port(), free_port()
        self.pushpins = [
            Pushpin(folder / f"pushpin-{n}", f"127.0.0.1:{pool}", key, offset + 5 * n)
            for n in range(pushpins)
        ]
        push = {
            "TRACKER_PUSH_URL": ", ".join(node.publish_url for node in self.pushpins),
            "TRACKER_PUSH_KEY": key,
        }
        self.apps = [
            Gunicorn(
                database_url,
                folder / f"node-{n}",
                workers,
                TRUST_PROXY="1",
                **(push if pushpins else {}),
            )
            for n in range(apps)
        ]
        app_nodes = tuple(node.url.removeprefix("http://") for node in self.apps)
        plan = Plan(
            domain=f"http://127.0.0.1:{self.port}",
            app_nodes=app_nodes,
            # no Pushpin: the streams go to the app, which answers 204 (the pages poll)
            push_nodes=tuple(node.url.removeprefix("http://") for node in self.pushpins)
            or app_nodes,
            pool_port=pool,
            http_port=free_port(),
            https_port=free_port(),
        )
        self.front = caddy.Caddy(folder / "caddy", plan, self.port)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        for node in self.apps:
            node.start()
        self.front.start()
        for node in self.pushpins:
            node.start()  # once requests get through it to an app node
        caddy.wait_answer(f"{self.url}/healthz")

    def stop(self) -> None:
        for node in self.pushpins:
            node.stop()
        self.front.stop()
        for node in self.apps:
            node.stop()
