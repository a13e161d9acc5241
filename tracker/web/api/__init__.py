"""The JSON API of sessions under /api (blueprint `api`, docs/API.md): sessions and rounds,
and the history of a session or a group."""

from .blueprint import bp

__all__ = ["routes", "bp"]


def routes() -> tuple:
    """The modules holding this package's routes, imported: each hangs its views on the
    blueprint(s) above. Called once by `tracker.web.blueprints()`, not at import, so that
    a module of another package may import this one's helpers without a circle."""
    from . import history_routes, session_routes

    return (
        session_routes,
        history_routes,
    )
