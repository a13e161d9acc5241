"""The round a table enters together, one phone per seat: one draft row per session that
every phone fills (writes.py), judged as a round would be (preview.py), answered as JSON
(answer.py, changes.py, tags.py); the one-phone page keeps its taps in it too (one_phone.py)."""
