"""The tracker's Prometheus metrics (prometheus_client): the metric objects, which any layer
counts on (the core too: nothing here knows Flask or the database), and the text of a scrape.

Under gunicorn with several workers, PROMETHEUS_MULTIPROC_DIR names an empty folder that
whoever starts gunicorn made (scripts/serve.sh does; tracker/gunicorn_conf.py empties it at
the start and notes each worker's exit): prometheus_client then keeps each process's values
in memory-mapped files there, and a scrape, answered by any worker, adds up every worker's.
Without it, the process's own registry (and its process and GC figures).

    tracker_http_requests_total{route, method, status}   web/observe.py, every request
    tracker_http_request_duration_seconds{route}         the same, until the app hands its body
    tracker_rounds_saved_total{change}                    core/rounds.py: "new", "edit"
    tracker_pdf_renders_total{outcome}                    documents/printer.py: OUTCOMES
    tracker_database_errors_total                         web/errors.py: a database failure, 503
    tracker_push_outbox_rows                              read at each scrape (web/observe.py)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    disable_created_metrics,
    generate_latest,
    multiprocess,
)
from prometheus_client.core import GaugeMetricFamily

disable_created_metrics()  # no `_created` series beside each counter: half the text, unused
MULTIPROCESS = bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))  # as prometheus_client chose
CONTENT_TYPE = CONTENT_TYPE_LATEST
ROUTE = "tracker.route"  # the WSGI environ's key: the route that answered the request
OTHER = "other"  # the route of a request no route answered (404, a host refused…)
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
# seconds: a 304 poll takes about 0.5 ms, a page 5-50 ms, a summary PDF up to a minute
BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60)
OUTCOMES = ("printed", "cached", "failed", "busy", "refused")

REQUESTS = Counter(
    "tracker_http_requests",
    "HTTP requests answered, by route (the URL rule, or 'other'), method and status",
    ["route", "method", "status"],
)
LATENCY = Histogram(
    "tracker_http_request_duration_seconds",
    "Time to answer a request, by route",
    ["route"],
    buckets=BUCKETS,
)
ROUNDS_SAVED = Counter(
    "tracker_rounds_saved", "Rounds stored: a new round, or an edit of one", ["change"]
)
PDF_RENDERS = Counter(
    "tracker_pdf_renders",
    "PDFs asked of the printer, by outcome: printed, cached (by this worker or another), "
    "failed (over its bounds), busy (no print slot free), refused (failed a moment ago)",
    ["outcome"],
)
DATABASE_ERRORS = Counter(
    "tracker_database_errors",
    "Requests answered 503 because the database was out of reach, full or read-only",
)
for _outcome in OUTCOMES:  # each outcome shown from the start, at 0
    PDF_RENDERS.labels(_outcome)
for _change in ("new", "edit"):
    ROUNDS_SAVED.labels(_change)

_seen: dict[tuple[str, str, str], tuple] = {}  # (route, method, status): its two children


def request_answered(route: str, method: str, status: str, seconds: float) -> None:
    """Count one request (its children kept: `labels()` takes a lock and builds a key)."""
    key = (route, method if method in METHODS else OTHER, status)
    children = _seen.get(key)
    if children is None:
        children = _seen.setdefault(key, (REQUESTS.labels(*key), LATENCY.labels(route)))
    children[0].inc()
    children[1].observe(seconds)


def round_saved(change: str) -> None:
    ROUNDS_SAVED.labels(change).inc()


def pdf_rendered(outcome: str) -> None:
    PDF_RENDERS.labels(outcome).inc()


def database_failed() -> None:
    DATABASE_ERRORS.inc()


class Sampled:
    """A gauge read when scraped (`read()`: a number, or None to leave it out)."""

    def __init__(self, name: str, documentation: str, read: Callable[[], float | None]):
        self.name, self.documentation, self.read = name, documentation, read

    def collect(self) -> Iterable[GaugeMetricFamily]:
        value = self.read()
        if value is not None:
            yield GaugeMetricFamily(self.name, self.documentation, value=value)


class _ThisProcess:
    """The process's own registry, as one collector of a scrape's registry."""

    def collect(self):
        return REGISTRY.collect()


def scrape(*sampled: Sampled) -> bytes:
    """The Prometheus text of every metric: every worker's (multiprocess mode) or this
    process's, and the `sampled` gauges read now."""
    registry = CollectorRegistry()
    if MULTIPROCESS:
        multiprocess.MultiProcessCollector(registry)
    else:
        registry.register(_ThisProcess())
    for collector in sampled:
        registry.register(collector)
    return generate_latest(registry)
