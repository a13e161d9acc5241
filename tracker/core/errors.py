"""The few ways the core refuses: every other module of `sessions` raises these, none imports
another to do so."""

from __future__ import annotations

from ..engine import Problem
from ..engine.messages import N_
from ..engine.problems import capped


class InputError(ValueError):
    """Input the tracker will not take; `problems` say where and what, `status` the HTTP code,
    `retry_after` (a busy server's 503) the seconds before it is worth sending again."""

    def __init__(self, problems: list[Problem], status: int = 422, retry_after: int | None = None):
        problems = capped(problems)  # the first ones, then how many more
        self.problems = problems
        self.status = status
        self.retry_after = retry_after
        super().__init__("; ".join(f"{p.where}: {p.message}" for p in problems))

    def to_dict(self) -> dict:
        return {"errors": [problem.to_dict() for problem in self.problems]}


class NotFound(LookupError):
    """No session with this token, or no round with this number."""


class RoundGone(InputError):
    """409: a draft write made on a round the table has cleared or saved since (its problem,
    at `began`, says on whose phone)."""


class VersionConflict(InputError):
    """An edit or delete based on a version of the round that is no longer the stored one."""

    def __init__(self, number: int, expected, current: int):
        self.number, self.expected, self.current = number, expected, current
        super().__init__(
            [
                Problem(
                    "version",
                    N_(
                        "round %(number)s was changed on another phone while you were "
                        "editing (version %(expected)s is now %(current)s): review the new "
                        "version, then make your change again",
                        number=number,
                        expected=expected,
                        current=current,
                    ),
                )
            ],
            409,
        )


def settled_error() -> InputError:
    return InputError(
        [Problem("session", N_("this session is settled: reopen it to change its rounds"))], 409
    )
