"""Round entry on the web, all of it: the one-phone page and the points-only page
(round_entry.py, the form's fields: round_form.py), their live preview (live_preview.py), the
seat page of a phone per seat (seat_page.py, seats.py), the round draft's JSON that every entry
page follows (draft_api.py), "Clear this round" (clear_page.py) and the Undo offered after a
save (undo_saved.py). Its scripts are in static/entry/; its core is tracker/core/draft/."""

from .blueprint import api_bp, bp

__all__ = ["routes", "api_bp", "bp"]


def routes() -> tuple:
    """The modules holding this package's routes, imported: each hangs its views on the
    blueprint(s) above. Called once by `tracker.web.blueprints()`, not at import, so that
    a module of another package may import this one's helpers without a circle."""
    from . import clear_page, draft_api, live_preview, round_entry, seat_page

    return (round_entry, live_preview, seat_page, clear_page, draft_api)
