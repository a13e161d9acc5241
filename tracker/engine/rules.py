"""The table's house rules: every option of docs/rules.md, defaults = the "classic" preset."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from decimal import Decimal

from .messages import N_, message_of, these_or
from .money import MoneyError, parse_money
from .problems import Path, Problem
from .values import bad_character, shown, whole_number


class RulesError(ValueError):
    """A bad option; `option` names it (as docs/rules.md spells it)."""

    def __init__(self, option: str, message: str):
        self.option = option
        super().__init__(message)

    @property
    def where(self) -> Path:
        """Where in a record the bad option is: rules.stake (or rules, when it is no object)."""
        return Path.of("rules") if self.option == "rules" else Path.of("rules", self.option)


@dataclass(frozen=True)
class Rules:
    # `preset` in the rules JSON; named apart from the `Rules.preset()` constructor.
    preset_name: str = "classic"
    # melds and deadwood (§2, §3)
    qka_run: bool = True
    concealed_melds_count: bool = False
    jokers: int = 0
    joker_points: int = 25
    # who wins a draw (§5)
    draw_showdown: str = "all"
    draw_tie: str = "caller"
    # other tables' house rules (docs/rules.md §7, "Other tables' house rules")
    talon_tie: str = "after_last_drawer"
    all_sunog: str = "void"
    secret_runs: bool = False
    challenged_draw_pays: str = "showdown_losers"
    no_discard_multiplier: int = 1
    # money (§6)
    stake: Decimal = Decimal("10.00")
    point_rate: Decimal = Decimal("1.00")
    currency: str = "₱"
    tongits_units: int = 1
    draw_units: int = 1
    talon_units: int = 1
    challenged_draw_units: int = 1
    failed_call_multiplier: int = 2
    lost_challenge_multiplier: int = 2
    sunog_extra_units: int = 0
    ace_bonus_units: int = 0
    secret_bonus_units: int = 0
    kang_multiplier: int = 1
    pot_ante_units: int = 0
    pot_won_by: str = "next_winner"
    pot_streak: int = 2
    next_dealer: str = "rotate"
    # a round may be entered as each player's deadwood points, without the cards (§7)
    points_rounds: bool = False
    # progressive variant (§7)
    progressive: bool = False
    loss_limit: int = 500

    def __post_init__(self):
        for spec in fields(self):
            value = getattr(self, spec.name)
            object.__setattr__(self, spec.name, _check(spec.name, value))

    @classmethod
    def preset(cls, name: str = "classic", /, **overrides) -> Rules:
        if name not in PRESETS:
            choose = " or ".join(PRESETS)  # the values as written: no word to translate
            said = N_(
                "unknown preset '%(name)s' (choose %(presets)s)", name=shown(name), presets=choose
            )
            raise RulesError("preset", said)
        unknown = sorted(set(overrides) - _NAMES)
        if unknown:
            option = shown(unknown[0])
            raise RulesError(option, N_("unknown rule option '%(option)s'", option=option))
        return cls(**{**PRESETS[name], "preset_name": name, **overrides})

    @classmethod
    def from_dict(cls, data: dict | None) -> Rules:
        """Options by name; `preset` picks the defaults the other options override."""
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise RulesError("rules", N_("rules must be an object of house-rule options"))
        data = dict(data)
        preset = data.pop("preset", "classic")
        odd = sorted(shown(key) for key in data if not isinstance(key, str))
        if odd:  # ** below takes only text keys
            raise RulesError(odd[0], N_("unknown rule option '%(option)s'", option=odd[0]))
        return cls.preset(preset if isinstance(preset, str) else shown(preset), **data)

    def to_dict(self) -> dict:
        out = asdict(self)
        out = {"preset": out.pop("preset_name"), **out}
        for name in ("stake", "point_rate"):
            out[name] = str(out[name])
        return out

    def with_options(self, **changes) -> Rules:
        return replace(self, **changes)

    @property
    def unit(self) -> str:
        """What amounts are counted in: pesos, or plain points in progressive mode."""
        return "pts" if self.progressive else self.currency


PRESETS = {
    "classic": {},
    "pagat": {
        "qka_run": False,
        "draw_showdown": "challengers",
        "draw_tie": "challenger",
        "tongits_units": 3,
        "challenged_draw_units": 3,
        "point_rate": Decimal("0"),
        "failed_call_multiplier": 1,
        "lost_challenge_multiplier": 1,
        "sunog_extra_units": 1,
        "ace_bonus_units": 1,
        "secret_bonus_units": 3,
        "pot_ante_units": 2,
        "pot_won_by": "streak",
        "next_dealer": "winner",
    },
}

_NAMES = {spec.name for spec in fields(Rules)} - {"preset_name"}
_CHOICES = {
    "preset_name": tuple(PRESETS),
    "draw_showdown": ("all", "challengers"),
    "draw_tie": ("caller", "challenger", "push"),
    "talon_tie": ("after_last_drawer", "before_last_drawer", "push"),
    "all_sunog": ("void", "lowest_wins"),
    "challenged_draw_pays": ("showdown_losers", "all_losers"),
    "pot_won_by": ("next_winner", "streak"),
    "next_dealer": ("rotate", "winner"),
    "joker_points": (25, 30),
}
# (smallest, largest) for the whole-number options
_RANGES = {
    "jokers": (0, 2),
    "tongits_units": (0, 100),
    "draw_units": (0, 100),
    "talon_units": (0, 100),
    "challenged_draw_units": (0, 100),
    "sunog_extra_units": (0, 100),
    "ace_bonus_units": (0, 100),
    "secret_bonus_units": (0, 100),
    "pot_ante_units": (0, 100),
    "failed_call_multiplier": (1, 10),
    "lost_challenge_multiplier": (1, 10),
    "kang_multiplier": (1, 10),
    "no_discard_multiplier": (1, 10),
    "pot_streak": (2, 10),
    "loss_limit": (1, 1_000_000),
}
_FLAGS = ("qka_run", "concealed_melds_count", "secret_runs", "progressive", "points_rounds")


def _check(name: str, value):
    if name in ("stake", "point_rate"):
        return _amount(name, value)
    if name in _FLAGS:
        return _flag(name, value)
    if name == "currency":
        return _currency(value)
    given = value
    if name in _RANGES or name == "joker_points":
        value = _whole(name, value)
    if name in _CHOICES and value not in _CHOICES[name]:
        choices = [str(choice) for choice in _CHOICES[name]]
        said = N_(
            "%(name)s must be %(allowed)s, not '%(given)s'",
            name=name,
            allowed=these_or(choices),
            given=shown(given),
        )
        raise RulesError(name, said)
    if name in _RANGES:
        low, high = _RANGES[name]
        if not low <= value <= high:
            said = N_("%(name)s must be from %(low)s to %(high)s", name=name, low=low, high=high)
            raise RulesError(name, said)
    return value


def _amount(name: str, value) -> Decimal:
    try:
        amount = parse_money(value)
    except MoneyError as error:
        said = N_("%(name)s: %(error)s", name=name.replace("_", " "), error=message_of(error))
        raise RulesError(name, said) from None
    if amount < 0:
        said = N_("%(name)s cannot be negative", name=name.replace("_", " "))
        raise RulesError(name, said)
    return amount


_FLAG_WORDS = {
    **dict.fromkeys(("true", "on", "1", "yes"), True),
    **dict.fromkeys(("false", "off", "0", "no"), False),
}


def _flag(name: str, value) -> bool:
    """true or false; a form's words for them too ("on", "yes", "0", ...)."""
    if isinstance(value, str) and value.lower() in _FLAG_WORDS:
        return _FLAG_WORDS[value.lower()]
    if not isinstance(value, bool):
        raise RulesError(name, N_("%(key)s must be true or false", key=name))
    return value


def _whole(name: str, value) -> int:
    number = whole_number(value)
    if number is None:
        raise RulesError(name, N_("%(name)s must be a whole number", name=name))
    return number


def _currency(value) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= 4:
        raise RulesError("currency", N_("currency must be a short symbol such as ₱"))
    bad = bad_character(value)
    if bad:
        raise RulesError("currency", N_("currency has %(bad)s: use a symbol such as ₱", bad=bad))
    return value


def read_rules(value, problems: list) -> Rules:
    """The Rules of a session's options (a JSON object). Options that cannot be add a Problem
    at their place (rules.stake) and give the defaults."""
    if not isinstance(value, dict):
        problems.append(Problem("rules", N_("rules must be an object of house-rule options")))
        return Rules()
    try:
        return Rules.from_dict(value)
    except RulesError as error:
        problems.append(Problem(error.where, message_of(error)))
        return Rules()
