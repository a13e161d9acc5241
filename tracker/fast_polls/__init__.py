"""The fast path's middleware, in front of the Flask app and so above `web`: the polled draft
and the session page's revision poll answered from one raw query (raw_reads.py), a 304 or a
stored answer (polls.py). The fast path's toolkit, which `core` uses, is `tracker/fast_path/`,
below `core`; both follow its one switch (FAST_PATH)."""
