"""Problems with input, each saying where it is (a Path into the JSON) and what is wrong."""

from __future__ import annotations

from dataclasses import dataclass

from .messages import N_


class Path(tuple):
    """A place in a record, e.g. Path(("hands", 1, "melds", 0)), shown as hands[1].melds[0].

    Names are joined with dots, numbers (list positions) are put in brackets. Callers move
    paths with `under` and `after` and never parse the text back.
    """

    __slots__ = ()

    def __new__(cls, parts=()):
        if isinstance(parts, str):  # one name, never parsed: "rules.stake" stays one part
            parts = (parts,)
        return super().__new__(cls, parts)

    @classmethod
    def of(cls, *parts) -> Path:
        return cls(parts)

    def under(self, *prefix) -> Path:
        """This path inside `prefix`: Path.of("pot").under("rounds", 3) is rounds[3].pot."""
        return Path(prefix + tuple(self))

    def after(self, *prefix) -> Path | None:
        """The rest of this path when it starts with `prefix`, else None."""
        if tuple(self[: len(prefix)]) != prefix:
            return None
        return Path(self[len(prefix) :])

    def __str__(self) -> str:
        text = ""
        for part in self:
            if isinstance(part, int) and not isinstance(part, bool):
                text += f"[{part}]"
            elif part == "":  # an object's empty key: named, never an empty place
                text += '[""]'
            else:
                text += f".{part}" if text else str(part)
        return text

    def __repr__(self) -> str:
        return f"Path({str(self)!r})"


@dataclass(frozen=True)
class Problem:
    """What is wrong (`message`, words for the table: a Message, see messages.py, or plain
    text) and where (`where`, a Path)."""

    where: Path
    message: str

    def __post_init__(self):
        if not isinstance(self.where, Path):
            object.__setattr__(self, "where", Path(self.where))

    def under(self, *prefix) -> Problem:
        return Problem(self.where.under(*prefix), self.message)

    def to_dict(self) -> dict:
        """The English words (a Message is a str: JSON writes its English text); the web
        renders `message` in the reader's language (present/messages.py)."""
        return {"where": str(self.where), "message": self.message}


MOST_PROBLEMS = 50  # said one by one; the rest are counted in one more problem


@dataclass(frozen=True)
class More(Problem):
    """The problem that counts the ones left out of a capped list (`capped`)."""

    count: int = 0

    def under(self, *prefix) -> More:
        return More(self.where.under(*prefix), self.message, self.count)


def capped(problems: list[Problem], most: int = MOST_PROBLEMS) -> list[Problem]:
    """`problems`, the first `most` of them and then one that counts the rest: no answer grows
    with a hostile input (65,000 problems made a 6 MB answer). A list capped before (a round's
    problems, then the refusal that carries them) keeps the count it had."""
    if len(problems) <= most or (len(problems) == most + 1 and isinstance(problems[-1], More)):
        return list(problems)
    left = problems[most:]
    count = sum(p.count if isinstance(p, More) else 1 for p in left)
    rest = N_("and %(count)s more problems", count=count)
    return [*problems[:most], More(left[0].where, rest, count)]


class RoundError(ValueError):
    """A round the engine will not score; `problems` lists each one with where it is (the
    first MOST_PROBLEMS, then how many more)."""

    def __init__(self, problems: list[Problem]):
        problems = capped(problems)
        self.problems = problems
        super().__init__("; ".join(f"{p.where}: {p.message}" for p in problems))

    def to_dict(self) -> dict:
        return {"errors": [problem.to_dict() for problem in self.problems]}


class Problems(list):
    """A list of Problems that reading a record collects, so that all are reported at once."""

    def add(self, where, message: str) -> None:
        self.append(Problem(where, message))
