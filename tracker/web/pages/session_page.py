"""The HTML pages around round entry (web/entry/round_entry.py): new session, the session page
and its ledger, unlock, the edit PIN, settle and reopen. Each view reads a form, calls one core
function and renders its answer."""

from __future__ import annotations

from contextlib import nullcontext
from datetime import UTC, datetime
from functools import partial

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from ... import core
from ...clock import local_day
from ...core import history, pins
from ...present.chart import balance_chart_svg
from ...present.house_rules import GROUPS, OPTIONS, PRESET_CHOICES
from ...present.messages import sentence
from ...present.qr import session_qr
from ...present.round_lines import round_line
from ...present.round_news import saved_sentence
from ...present.rule_form import default_text, option_names, preset_values
from ...present.share import share_text
from .. import devices, inputs, pin_page, public
from ..barkada import session_group as group_form
from ..entry import undo_saved
from ..entry.seats import seat_choice
from ..form_once import create_once, form_key
from ..forms import ConfirmForm, NewSessionForm, apply_preset, session_data, session_field
from ..heavy_limits import one_heavy
from ..lookups import game_or_404, locked_redirect, session_url
from .blueprint import bp
from .earlier_rounds import RECENT_ROUNDS, earlier_page


@bp.route("/new", methods=["GET", "POST"])
def new_session():
    form, key = NewSessionForm(), form_key()
    errors: dict[str, list[str]] = {}
    status = 200
    group = group_form.group_asked(form)
    if group is not None and not devices.unlocked(group):
        return group_form.locked(group)
    if request.method == "POST":
        if "apply_preset" in request.form:
            apply_preset(form, request.form.get("preset", "classic"))
        elif not form.validate():
            errors["form"] = [_("The form had expired. Please press Start again.")]
            status = 400
        else:
            try:
                data = inputs.checked(group_form.with_group(session_data(form), group))
                create = partial(core.create_session, group_access=devices.access)
                token, seed = create_once("new-session", key, data, create)
            except core.InputError as error:
                for problem in error.problems:
                    errors.setdefault(session_field(problem.where), []).append(
                        sentence(problem.message)
                    )
                status = 422
            except pins.PinError:  # the group's PIN was set since this page was opened
                return group_form.locked(group)
            else:
                game = core.get_session(token)
                devices.unlock(game)  # whoever set the PIN need not type it again here
                devices.welcome_owner(game, seed)
                return redirect(url_for("pages.session_page", token=game.token, new=1), 303)
    return render_template(
        "new_session.html",
        form=form,
        errors=errors,
        options=OPTIONS,
        option_names=option_names(),
        groups=GROUPS,
        presets=PRESET_CHOICES,
        default_text=default_text,
        preset_values=preset_values(),
        group=group,
        form_key=key,
    ), status


def _ledger_context(game, show_all: bool = False) -> dict:
    ledger = core.ledger_of(game)
    rules = core.rules_of(game)
    numbered = list(enumerate(ledger.results, 1))
    shown = numbered if show_all else numbered[-RECENT_ROUNDS:]
    settlement = ledger.settlement()
    return {
        "game": game,
        "ledger": ledger,
        "rules": rules,
        "unit": rules.unit,
        "rounds": [(number, result, round_line(result)) for number, result in reversed(shown)],
        "hidden_rounds": len(numbered) - len(shown),
        # the page of the rounds before those shown (pages/earlier_rounds.py), fetched on demand
        "earlier": earlier_page(game.token, len(numbered) - len(shown) + 1),
        "edited": history.edited_rounds(game),
        # drawn with no rounds too (hidden): a phone offline draws its waiting rounds on it
        "chart": balance_chart_svg(game.players, ledger.history, unit=rules.unit),
        "settlement": settlement,
        # the settle-up as text to share: the players, the day the session started, who pays whom
        "share": share_text(
            " · ".join(game.players),
            local_day(game.created_at),
            settlement,
            rules.unit,
            link=public.session_link(game.token),  # whoever reads it opens the ledger
        ),
        "final": ledger.final_balances(),
        "confirm": ConfirmForm(),
        "can_edit": devices.unlocked(game),
        "has_pin": core.has_pin(game),
        "unlock_url": url_for("pages.unlock", token=game.token),
        **group_form.settle_context(game),
    }


@bp.get("/s/<token>")
def session_page(token: str):
    game = game_or_404(token)
    devices.remember(game)
    with _heavy_if_all():
        return _session_page(game)


def _session_page(game):
    context = _ledger_context(game, show_all=_all_rounds())
    link = public.session_link(game.token)
    return render_template(
        "session.html",
        link=link,
        qr=session_qr(link),
        local_link=public.names_this_computer(link),
        just_created=request.args.get("new") == "1",
        recovery_code=devices.shown_once(game),
        **_saved_banner(game, context),
        rendered_at=datetime.now(UTC).replace(microsecond=0),
        **seat_choice(game),
        **context,
    )


def _saved_banner(game, context: dict) -> dict:
    """The banner of a round just saved: the seat pages' ?saved=7, or the round this phone
    saved, which it may undo for a while (web/entry/undo_saved.py)."""
    offer = undo_saved.offer(game)
    asked = request.args.get("saved") or (str(offer["number"]) if offer else None)
    shown = _saved_round(context, asked)
    return {"saved_round": shown, "undo_saved": offer if shown else None}


def _saved_round(context: dict, value: str | None) -> str | None:
    """What the seat pages show after the last Agree saved round `value` (?saved=7)."""
    results = context["ledger"].results
    if not value or len(value) > 9 or not value.isdigit() or not 1 <= int(value) <= len(results):
        return None
    return saved_sentence(results[int(value) - 1], int(value), context["unit"])


@bp.get("/s/<token>/ledger")
def ledger_part(token: str):
    """The ledger part of the session page, which other phones reload when a round is saved."""
    game = game_or_404(token)
    with _heavy_if_all():
        return render_template("_ledger.html", **_ledger_context(game, show_all=_all_rounds()))


def _all_rounds() -> bool:
    return request.args.get("all") == "1"


def _heavy_if_all():
    """Every round (?all=1) is work that grows with the session: heavy work, one at a time on
    this machine (web/heavy_limits.py); the last rounds, as phones show them, are not held back."""
    return one_heavy() if _all_rounds() else nullcontext()


def _safe_next(game, target: str | None) -> str:
    """Only a page of this session: the unlock form is no open redirect, and a target with a
    control character (a CR/LF would split the Location header) goes home."""
    home = url_for("pages.session_page", token=game.token)
    if not target or not target.startswith(home) or "//" in target or "\\" in target:
        return home
    return home if any(ord(c) < 32 or ord(c) == 127 for c in target) else target


@bp.route("/s/<token>/unlock", methods=["GET", "POST"])
def unlock(token: str):
    """The edit PIN, once per device: a right one marks this device in its session cookie."""
    game = game_or_404(token)
    target = _safe_next(game, request.values.get("next"))
    if devices.unlocked(game):
        return redirect(target, 303)
    form = ConfirmForm()
    error, status, wait = None, 200, None
    if request.method == "POST":
        if not form.validate():
            error, status = _("The form had expired. Please enter the PIN again."), 400
        else:
            try:
                pins.check(pins.guard_of(game), request.form.get("pin"), devices.client())
            except pins.PinError as problem:
                error, status = sentence(problem.message), problem.status
                wait = problem.retry_after
            else:
                devices.unlock(game)
                flash(_("Unlocked on this device: you can enter and change rounds."))
                return redirect(target, 303)
    page = render_template(
        "unlock.html",
        game=game,
        form=form,
        error=error,
        target=target,
        group_pin=pins.guard_of(game) is not game,
    )
    return page, status, {"Retry-After": str(wait)} if wait else {}


@bp.route("/s/<token>/pin", methods=["GET", "POST"])
def change_pin(token: str):
    """Set, change or remove the edit PIN (the current one is asked for when there is one)."""
    game = game_or_404(token)
    form = ConfirmForm()
    errors: dict[str, list[str]] = {}
    status = 200
    if request.method == "POST":
        expired = _("The form had expired. Please try again.")
        errors, status, now_set = pin_page.posted(
            game, form, core.set_pin, core.has_pin(game), expired
        )
        if now_set is not None:
            flash(
                _("Edit PIN set: other phones need it once to change rounds.")
                if now_set
                else _("Edit PIN removed: anyone with the link can change rounds.")
            )
            return redirect(session_url(game), 303)
    return render_template(
        "pin.html",
        game=game,
        form=form,
        errors=errors,
        has_pin=core.has_pin(game),
        owner=devices.owns(game),
    ), status


@bp.route("/s/<token>/settle", methods=["GET", "POST"])
def settle(token: str):
    game = game_or_404(token)
    form = ConfirmForm()
    if request.method == "POST" and not devices.unlocked(game):
        return locked_redirect(game)
    if request.method == "POST" and form.validate():
        core.settle(game)
        flash(_("Session settled. It stays readable here and can be reopened."))
        return redirect(session_url(game, "settlement"), 303)
    return render_template("settle.html", form=form, **_ledger_context(game))


@bp.post("/s/<token>/reopen")
def reopen(token: str):
    game = game_or_404(token)
    if not devices.unlocked(game):
        return locked_redirect(game)
    if ConfirmForm().validate():
        core.reopen(game)
        flash(_("Session reopened: rounds can be entered and changed again."))
    return redirect(session_url(game), 303)
