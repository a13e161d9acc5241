"""Reading single values of the JSON a person or a form sent: never a crash, never a guess."""

from __future__ import annotations

from .problems import Path, Problem

SEATS = (0, 1, 2)


def read_seat(
    value, where, problems: list, *, missing: str | None = None, wrong: str | None = None
) -> int | None:
    """A seat, 0, 1 or 2, from a JSON number or a form's one-digit text (" 1 " too).

    None or "" is no seat: None is returned, with the problem `missing` added when it is given
    (a seat that must be said). Anything else that is not a seat (true, 1.0, 3, "x") adds the
    problem `wrong` (by default "{where} must be a seat: 0, 1 or 2") and returns None.
    """
    where = Path(where)
    if value is None or value == "":
        if missing is not None:
            problems.append(Problem(where, missing))
        return None
    if isinstance(value, str) and value.strip() in ("0", "1", "2"):
        return int(value.strip())
    if type(value) is int and value in SEATS:  # type(): true and 1.0 are not seats
        return value
    problems.append(Problem(where, wrong or f"{where} must be a seat: 0, 1 or 2"))
    return None
