"""The app's WSGI middleware, found in its chain: create_app wraps the Flask app with the fast
path's DraftPolls, then the host gate and proxy fix when set, the static files, then
web/observe.py's Observed."""

from __future__ import annotations

from tracker.fast_polls.polls import DraftPolls


def fast_path_of(app) -> DraftPolls:
    """The app's DraftPolls, behind whatever wraps it."""
    layer = app.wsgi_app
    while not isinstance(layer, DraftPolls):
        # (WhiteNoise, which serves the static files, calls what it wraps `application`)
        layer = getattr(layer, "wsgi_app", None) or getattr(layer, "application", None)
        assert layer is not None, "the app has no fast path (FAST_PATH off?)"
    return layer
