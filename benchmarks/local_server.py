"""The app for the browser benchmarks, now benchmarks/harness/servers.py's `serve`: kept only
while session_page_weight.py (being edited elsewhere) still imports it from here."""

from benchmarks.harness.servers import serve  # noqa: F401
