"""Each house-rule option describes itself once (docs/rules.md §2-§7): the label and help the
new-session form shows, and the sentence the printed summary says about the table's choice.
The declarations are in play.py (preset, melds, draw), round_costs.py (money, units, pot) and
other_tables.py (the house rules of other tables: pushes, secret runs, no discard);
validation is the engine's (`Rules.from_dict`): these modules only explain.

    OPTIONS[name] -> Option(name, label, help, kind, choices, group, says, lead, upfront)
    PRESET                         the preset, declared the same way
    describe(rules) -> list[str]   every choice of the table as a sentence (the PDF's list)
    terms(rules, preset=True)      the short line under a session's title: preset, stake, rate
    PAPER, paper_name(size)        the summary's paper sizes in words
"""

from __future__ import annotations

from decimal import Decimal

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ...engine import Rules
from . import other_tables, play, round_costs
from .words import N_, Option, money

_OPTIONS: list[Option] = [
    *round_costs.MONEY,
    *play.OPTIONS,
    *round_costs.LOSSES,
    *round_costs.POT,
    *other_tables.OPTIONS,
]
PRESET = play.PRESET
OPTIONS = {option.name: option for option in _OPTIONS}
UPFRONT = tuple(option.name for option in _OPTIONS if option.upfront)
PRESET_CHOICES = PRESET.choices
GROUPS = {
    "money": _l("Money"),
    "melds": _l("Melds and deadwood"),
    "draw": _l("Draw showdown"),
    "units": _l("What a loss costs"),
    "bonus": _l("Bonuses"),
    "pot": _l("Pot and dealer"),
    "progressive": _l("Progressive variant"),
    "other": _l("Other tables' house rules"),
}
# the printed summary's paper, as the new-session form offers it
PAPER = (("letter", N_("Letter (short bond)")), ("a4", "A4"))  # shown as _(text)


def describe(rules: Rules) -> list[str]:
    """Every house-rule choice of a table as a sentence a player understands (the summary's
    list): the preset first, then what changes every amount, then each option in form order."""
    ordered = sorted(_OPTIONS, key=lambda option: not option.lead)
    return [sentence for option in [PRESET, *ordered] for sentence in option.says(rules)]


def terms(rules: Rules, preset: bool = True) -> list[str]:
    """The short line under a session's title (page and summary): preset, stake, point rate,
    and the progressive variant's limit. The summary leaves the preset out (its list of house
    rules opens with it) and so starts with a capital."""
    out = [_(play.PRESET_NAMES[rules.preset_name])] if preset else []
    if rules.progressive:
        out.append(_("progressive (points, not money)"))
    out += [
        _("stake %(amount)s", amount=money(rules.stake, rules)),
        _("point rate %(amount)s per deadwood point", amount=money(rules.point_rate, rules)),
    ]
    if rules.progressive:
        out.append(_("loss limit %(amount)s", amount=money(Decimal(-rules.loss_limit), rules)))
    return [out[0][:1].upper() + out[0][1:], *out[1:]]


def paper_name(size: str | None) -> str:
    """'A4' or 'Letter' (anything else prints on Letter, the default)."""
    return "A4" if str(size or "").lower() == "a4" else _("Letter")
