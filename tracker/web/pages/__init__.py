"""The HTML pages of a session (blueprint `pages`): home, new session, the session page,
history, and the installable app's shell and offline engine files. Round entry has its own
package (web/entry/)."""

from .blueprint import bp

__all__ = ["routes", "bp"]


def routes() -> tuple:
    """The modules holding this package's routes, imported: each hangs its views on the
    blueprint(s) above. Called once by `tracker.web.blueprints()`, not at import, so that
    a module of another package may import this one's helpers without a circle."""
    from . import (
        app_shell,
        earlier_rounds,
        events,
        forget,
        history_page,
        home,
        offline_engine,
        offline_state,
        session_page,
    )

    return (
        home,
        session_page,
        earlier_rounds,
        history_page,
        app_shell,
        offline_engine,
        offline_state,
        events,
        forget,
    )
