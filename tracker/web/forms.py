"""The HTML forms (Flask-WTF, CSRF on). They hold what the user typed; the checking is the
core's (tracker/core) and the engine's, the same code the JSON API runs."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import BooleanField, HiddenField, StringField, TextAreaField

from ..engine import FLAGS, Path, Rules
from ..engine.shape import HAND_PARTS, ROUND_ID_FIELD
from ..present.house_rules import OPTIONS
from ..present.rule_form import form_value, option_names

SEATS = (0, 1, 2)


def _new_session_form() -> type[FlaskForm]:
    attrs = {
        "player_0": StringField(_l("First player")),
        "player_1": StringField(_l("Second player (plays after the first)")),
        "player_2": StringField(_l("Third player")),
        "dealer": StringField(_l("Deals first"), default="0"),
        "preset": StringField(_l("Preset"), default="classic"),
        "page_size": StringField(
            _l("Paper for the printed summary"), default="letter"
        ),  # short bond, common in the Philippines
        "pin": StringField(_l("Edit PIN (optional)")),
    }
    defaults = Rules()
    for name in option_names():
        option = OPTIONS[name]
        value = form_value(defaults, name)
        if option.kind == "flag":
            attrs[name] = BooleanField(option.label, default=value)
        else:
            attrs[name] = StringField(option.label, default=value)
    return type("NewSessionForm", (FlaskForm,), attrs)


NewSessionForm = _new_session_form()


def session_data(form) -> dict:
    """The form as the API's session JSON, so both go through `sessions.create_session`."""
    rules = {"preset": form.preset.data or "classic"}
    for name in option_names():
        rules[name] = getattr(form, name).data
        if OPTIONS[name].kind != "flag":
            rules[name] = (rules[name] or "").strip()
    return {
        "players": [form.player_0.data or "", form.player_1.data or "", form.player_2.data or ""],
        "dealer": (form.dealer.data or "").strip(),
        "rules": rules,
        "page_size": form.page_size.data,
        "pin": (form.pin.data or "").strip(),
    }


def apply_preset(form, preset: str) -> None:
    """Fill every option with the preset's value (the no-JavaScript 'Use preset' button)."""
    try:
        rules = Rules.preset(preset)
    except ValueError:
        return
    for name in option_names():
        getattr(form, name).data = form_value(rules, name)
    form.preset.data = preset


def session_field(where: Path) -> str:
    """The form field an error of `create_session` belongs to."""
    seat, option = where.after("players"), where.after("rules")
    if seat and isinstance(seat[0], int):
        return f"player_{seat[0]}"
    if option:
        return "preset" if option[0] in ("preset", "preset_name") else str(option)
    return where[0] if where in (("dealer",), ("page_size",), ("pin",)) else "form"


PART_LABELS = {"melds": _l("Melds on the table"), "hand": _l("Cards in hand")}


def _round_form() -> type[FlaskForm]:
    """The one-phone round form, made from the engine's description of a round
    (engine/shape.py): the header, then for each seat its parts and a box for each flag a
    player may claim, and a points-only round's numbers (engine/points.py)."""
    attrs = {
        "ending": StringField(_l("How the round ended")),
        "declarer": StringField(_l("By whom")),
        "dealer": StringField(_l("Dealer")),
        "last_drawer": StringField(_l("Who drew the last card")),
        "reviewed": HiddenField(),
        "mode": HiddenField(),  # a points-only round (the house option points_rounds)
        ROUND_ID_FIELD: HiddenField(),  # a points-only round's own id, made when it is begun
    }
    for seat in SEATS:
        attrs.update({f"{part}_{seat}": StringField(PART_LABELS[part]) for part in HAND_PARTS})
        attrs.update({f"{f.name}_{seat}": BooleanField(_l(f.short)) for f in FLAGS})
        attrs[f"points_{seat}"] = StringField(_l("Deadwood points"))
        attrs[f"sunog_{seat}"] = BooleanField(_l("Sunog"))
        attrs[f"aces_{seat}"] = StringField(_l("Aces"))
        attrs[f"secret_melds_{seat}"] = StringField(_l("Secret melds"))
    return type("RoundForm", (FlaskForm,), attrs)


RoundForm = _round_form()


class ConfirmForm(FlaskForm):
    """A bare CSRF-checked button: delete, settle, reopen."""


class ImportForm(FlaskForm):
    """Import a session from its JSON export: a file, or the text pasted (works without JS)."""

    file = FileField(_l("The exported .json file"))
    text = TextAreaField(_l("Or paste the JSON here"))
