"""A barkada (a group that plays every week) on the web: its pages under /g (blueprint
`groups`) and its JSON under /api/groups (blueprint `group_api`)."""

from .blueprint import api_bp, bp

__all__ = ["routes", "api_bp", "bp"]


def routes() -> tuple:
    """The modules holding this package's routes, imported: each hangs its views on the
    blueprint(s) above. Called once by `tracker.web.blueprints()`, not at import, so that
    a module of another package may import this one's helpers without a circle."""
    from . import (
        events,
        files,
        group_api,
        group_pages,
        history_page,
        join_page,
        money_forms,
        stats_routes,
    )

    return (
        group_pages,
        money_forms,
        files,
        history_page,
        join_page,
        stats_routes,
        group_api,
        events,
    )
