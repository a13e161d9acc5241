"""What the benchmarks share, one version of each: the servers they measure (servers.py:
gunicorn, the app in a thread, an app on a fresh SQLite file for the test client), the phones
that ask them (phones.py: keep-alive clients, a pool, one request on a connection of its own),
and the timing (timing.py: percentiles, medians, a call timed, the CPU of processes)."""
