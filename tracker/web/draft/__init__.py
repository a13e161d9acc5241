"""The round a table enters together, one phone per seat, on the web: the draft's JSON
(blueprint `draft_api`), the seat phone's choice of player (blueprint `seats`), the seat page
(seat_page.py), the entry pages' "Clear this round" (clear_page.py) and the polls answered
before Flask (polls.py, part of the fast path)."""

from .blueprint import api_bp, bp

__all__ = ["routes", "api_bp", "bp"]


def routes() -> tuple:
    """The modules holding this package's routes, imported: each hangs its views on the
    blueprint(s) above. Called once by `tracker.web.blueprints()`, not at import, so that
    a module of another package may import this one's helpers without a circle."""
    from . import clear_page, draft_api, seat_page

    return (
        clear_page,
        draft_api,
        seat_page,
    )
