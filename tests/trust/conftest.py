"""Tests of what the tracker must be trusted with (outages, crashes, races, PINs, owners,
hostile input, limits): the app and database fixtures of tests/conftest.py. Those needing a
PostgreSQL server (its own locks, its restart, faults only it raises) carry the `postgres`
mark and run in the PostgreSQL pass only."""
