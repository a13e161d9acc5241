"""The Prometheus text of GET /metrics read back (prometheus_client's own parser)."""

from __future__ import annotations

from prometheus_client.parser import text_string_to_metric_families


def samples(text: str) -> dict[tuple[str, tuple], float]:
    """Every sample of the text: (its name, its labels sorted) -> its value."""
    found = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


def value(text: str, name: str, **labels: str) -> float:
    """The sample `name` with exactly these labels (0 when the text has none)."""
    return samples(text).get((name, tuple(sorted(labels.items()))), 0.0)


def scraped(client) -> str:
    """GET /metrics from the loopback (the test client's address), as Prometheus reads it."""
    answer = client.get("/metrics")
    assert answer.status_code == 200, answer.status_code
    return answer.get_data(as_text=True)
