"""Requests whose work grows with what is stored (an export, a group's stats, a session page
with every round): this machine runs one of them at a time, imports included, and answers
another at once with 503 and Retry-After instead of letting it queue (core/heavy.py). A
flood of them then holds at most one thread and one core, and every other request (a tap, a
poll, the home page) still finds the rest.
"""

from __future__ import annotations

from functools import wraps

from ..core.heavy import one_heavy, one_import

__all__ = ["heavy", "heavy_import", "one_heavy"]


def heavy(view):
    """`view`, run only while this machine runs no other heavy request (else a 503)."""

    @wraps(view)
    def gated(*args, **kwargs):
        with one_heavy():
            return view(*args, **kwargs)

    return gated


def heavy_import(view):
    """An import's view, run only while this machine runs no other heavy work (else a 503),
    decided before its body, up to 16 MB of JSON, is read."""

    @wraps(view)
    def gated(*args, **kwargs):
        with one_import():
            return view(*args, **kwargs)

    return gated
