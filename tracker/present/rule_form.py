"""The house-rule options as the new-session form shows them: values, defaults and presets.
The words themselves are in house_rules/ (house_rules/words.py and the option tables)."""

from __future__ import annotations

from dataclasses import fields

from flask_babel import gettext as _

from ..engine import PRESETS, Rules
from .house_rules import OPTIONS


def option_names() -> list[str]:
    """Every option of the engine's Rules, in the form's order (fails loudly if one lacks words)."""
    names = [spec.name for spec in fields(Rules) if spec.name != "preset_name"]
    missing = [name for name in names if name not in OPTIONS]
    if missing:
        raise RuntimeError(f"house rules without an explanation: {missing}")
    return [name for name in OPTIONS if name in names]


def form_value(rules: Rules, name: str):
    """An option's value as the form shows it."""
    value = rules.to_dict()[name]
    if OPTIONS[name].kind == "flag":
        return bool(value)
    return str(value)


def _value_words(rules: Rules, name: str) -> str:
    option = OPTIONS[name]
    value = form_value(rules, name)
    if option.kind == "flag":
        return _("on") if value else _("off")
    choices = dict(option.choices)
    return _(choices[value]).lower() if value in choices else value


def default_text(name: str) -> str:
    """'default 10.00; pagat: 0.00': the classic default and, where it differs, the pagat one."""
    words = [(preset, _value_words(Rules.preset(preset), name)) for preset in PRESETS]
    text = _("default %(value)s", value=words[0][1])
    for preset, value in words[1:]:
        if value != words[0][1]:
            text += f"; {preset}: {value}"
    return text


def preset_values() -> dict:
    """For the form's script: each preset's value of every option."""
    return {
        preset: {name: form_value(Rules.preset(preset), name) for name in option_names()}
        for preset in PRESETS
    }
