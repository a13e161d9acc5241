"""Reading single values of the JSON a person or a form sent: never a crash, never a guess."""

from __future__ import annotations

import re
import unicodedata

from .messages import N_, said, these_and
from .problems import Path, Problem

SEATS = (0, 1, 2)
# A whole number given as text with more digits than this is out of every range: it is not
# turned into an int (int() of thousands of digits fails), a stand-in this large is returned.
_LONGEST = 18
_TOO_LARGE = 10**_LONGEST


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
    wrong = wrong or N_("%(where)s must be a seat: 0, 1 or 2", where=str(where))
    problems.append(Problem(where, wrong))
    return None


def whole_number(value) -> int | None:
    """An int, or the text of one (" 12 ", "-3"); None for anything else (true, 2.0, "2.5",
    "1e3", "+3", "03", a list). Text of more than 18 digits gives a stand-in beyond every range."""
    if type(value) is int:
        return value
    if not isinstance(value, str):
        return None
    text = value.strip()
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()) or digits[0] == "0" and text != "0":
        return None  # "03" and "-0" are not how a whole number is written
    if len(digits) > _LONGEST:
        return -_TOO_LARGE if text[0] == "-" else _TOO_LARGE
    return int(text)


def bad_character(text: str) -> str | None:
    """Words for the first character of `text` that no page, PDF or file should get: a control
    character (U+0007), half of a broken pair (a lone surrogate, U+D800), or an invisible one
    (a zero-width space U+200B, a direction mark: what makes "Ana" and "Ana" two names); the
    zero-width joiner of emoji (U+200D) is kept; or a mark first, with no letter under it (an
    accent U+0301 alone, which would sit on whatever the page shows before the name). None if
    none."""
    if text and unicodedata.category(text[0]).startswith("M"):
        return N_("a mark with no letter under it (%(code)s)", code=_code(text[0]))
    for char in text:
        kind = unicodedata.category(char)
        if kind == "Cc":
            return N_("a control character (%(code)s)", code=_code(char))
        if kind == "Cs":
            return N_("a broken character (%(code)s)", code=_code(char))
        if kind == "Cf" and char != JOINER:
            return N_("an invisible character (%(code)s)", code=_code(char))
    return None


JOINER = "\u200d"  # joins emoji into one (👩‍🦰)


def name_text(value) -> str:
    """A name as typed, in one form: Unicode NFKC (a decomposed "Ñ" and the composed one are
    the same name; full-width letters are letters), runs of spaces as one; "" for no text."""
    if not isinstance(value, str):
        return ""
    return " ".join(unicodedata.normalize("NFKC", value).split())


def _code(char: str) -> str:
    return f"U+{ord(char):04X}"


_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def mended(value):
    """`value` (JSON data) with every lone surrogate and control character but tab, newline and
    return in its text replaced by U+FFFD: what a page, list or backup shows of data stored
    before such text was refused, so that no one session can make them fail."""
    if isinstance(value, str):
        if value.isascii() and value.isprintable():  # nothing to mend: most text, every card
            return value
        return _UNSAFE.sub("\ufffd", value)
    if isinstance(value, list):
        return [mended(item) for item in value]
    if isinstance(value, dict):
        return {mended(key): mended(item) for key, item in value.items()}
    return value


def shown(value, limit: int = 40) -> str:
    """`value` as a message may quote it: short, and any control character or lone surrogate
    escaped, so that the message can always be printed, encoded and stored."""
    if isinstance(value, (list, tuple)):
        return N_("a list")
    if isinstance(value, dict):
        return N_("an object")
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return N_("a number too long to show")
    text = value if isinstance(value, str) else str(value)
    if len(text) > limit:
        text = text[:limit] + "…"
    return "".join(
        char.encode("unicode_escape").decode("ascii")
        if unicodedata.category(char) in ("Cc", "Cs")
        else char
        for char in text
    )


def read_flag(data: dict, key: str, where, problems: list) -> bool:
    """data[key] as true or false, false when the key is absent. Anything else, null, "true"
    and 1 too, is a problem: a flag is never guessed."""
    value = data.get(key, False)
    if type(value) is bool:
        return value
    said = N_("%(key)s must be true or false", key=key)
    problems.append(Problem(Path.of(*Path(where), key), said))
    return False


def check_keys(data: dict, known: tuple[str, ...], where, what: str, problems: list) -> None:
    """A problem for each key of `data` that is not one of `known` (a misspelt "challange"
    must not be read as no challenge), naming the keys there are."""
    for key in data:
        if key not in known:
            keys = these_and(list(known))
            name = shown(key)
            place = Path.of(*Path(where), name) if name else Path(where) or Path.of("round")
            message = N_(
                "unknown key '%(name)s' in %(what)s: the keys are %(keys)s",
                name=name,
                what=said(what),
                keys=keys,
            )
            problems.append(Problem(place, message))
