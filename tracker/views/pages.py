"""The HTML pages. Thin: each view reads a form, calls the service, renders a template."""
from __future__ import annotations

from flask import (Blueprint, abort, flash, jsonify, redirect, render_template, request,
                   url_for)

from .. import service
from ..chart import balance_chart_svg
from ..engine import replay
from ..extensions import csrf
from ..forms import (ConfirmForm, NewSessionForm, RoundForm, apply_preset, session_data,
                     session_field)
from ..house_rules import GROUPS, OPTIONS, PRESET_CHOICES, default_text, option_names, preset_values
from ..qr import qr_svg
from ..round_entry import (ENDINGS, analyse_hands, errors_by_field, field_for, form_from_record,
                           record_from_form, sentence)

bp = Blueprint("pages", __name__)
RECENT_ROUNDS = 20
SETTLED = "This session is settled. Reopen it on the session page to enter or change rounds."


def _game(token: str):
    try:
        return service.get_session(token)
    except service.NotFound:
        abort(404, description="There is no session at this link. Check the link or start a new session.")


@bp.get("/")
def home():
    return render_template("home.html", sessions=service.recent_sessions())


@bp.route("/new", methods=["GET", "POST"])
def new_session():
    form = NewSessionForm()
    errors: dict[str, list[str]] = {}
    status = 200
    if request.method == "POST":
        if "apply_preset" in request.form:
            apply_preset(form, request.form.get("preset", "classic"))
        elif not form.validate():
            errors["form"] = ["The form had expired. Please press Start again."]
            status = 400
        else:
            try:
                game = service.create_session(session_data(form))
            except service.InputError as error:
                for problem in error.problems:
                    errors.setdefault(session_field(problem.where), []).append(sentence(problem.message))
                status = 422
            else:
                return redirect(url_for("pages.session_page", token=game.token, new=1), 303)
    return render_template("new_session.html", form=form, errors=errors, options=OPTIONS,
                           option_names=option_names(), groups=GROUPS, presets=PRESET_CHOICES,
                           default_text=default_text, preset_values=preset_values()), status


def _ledger_context(game, show_all: bool = False) -> dict:
    ledger = service.ledger_of(game)
    rules = service.rules_of(game)
    numbered = list(enumerate(ledger.results, 1))
    shown = numbered if show_all else numbered[-RECENT_ROUNDS:]
    return {
        "game": game, "ledger": ledger, "rules": rules, "unit": rules.unit,
        "rounds": list(reversed(shown)), "hidden_rounds": len(numbered) - len(shown),
        "chart": balance_chart_svg(game.players, ledger.history, unit=rules.unit) if ledger.history else None,
        "settlement": ledger.settlement(), "final": ledger.final_balances(),
        "confirm": ConfirmForm(),
    }


@bp.get("/s/<token>")
def session_page(token: str):
    game = _game(token)
    context = _ledger_context(game, show_all=request.args.get("all") == "1")
    link = url_for("pages.session_page", token=game.token, _external=True)
    local = request.host.split(":")[0] in ("localhost", "127.0.0.1", "[::1]", "::1")
    return render_template("session.html", link=link, qr=qr_svg(link), local_link=local,
                           just_created=request.args.get("new") == "1", **context)


@bp.get("/s/<token>/ledger")
def ledger_part(token: str):
    """The ledger part of the session page, which other phones reload when a round is saved."""
    game = _game(token)
    return render_template("_ledger.html", **_ledger_context(game, show_all=request.args.get("all") == "1"))


@bp.route("/s/<token>/rounds/new", methods=["GET", "POST"])
def new_round(token: str):
    return _round_page(_game(token), None)


@bp.route("/s/<token>/rounds/<int:number>/edit", methods=["GET", "POST"])
def edit_round(token: str, number: int):
    game = _game(token)
    if not 1 <= number <= service.round_count(game):
        abort(404, description=f"This session has no round {number}.")
    return _round_page(game, number)


def _dealer_of(game, number: int | None) -> int:
    """Who deals round `number` (the next round when None), as the ledger works it out."""
    if number is None:
        return service.ledger_of(game).next_dealer
    record = game.rounds[number - 1].record
    if record.get("dealer") is not None:
        return int(record["dealer"])
    earlier = [r.record for r in game.rounds[:number - 1]]
    return replay(game.players, service.rules_of(game), game.first_dealer, earlier).next_dealer


def _round_page(game, number: int | None):
    rules = service.rules_of(game)
    dealer = _dealer_of(game, number)
    form = RoundForm()
    errors: dict[str, list[str]] = {}
    result = None
    status = 200
    if game.settled:
        errors["form"] = [SETTLED]
    if request.method == "GET":
        data = form_from_record(game.rounds[number - 1].record) if number else {}
        data.setdefault("dealer", str(dealer))
        for name, value in data.items():
            getattr(form, name).data = value
    elif not game.settled:
        record = record_from_form(request.form, dealer)
        if not form.validate():
            errors["form"] = ["The form had expired; your cards are kept. Please press Review again."]
            status = 400
        else:
            try:
                stored, result, _ = service.check_round(game, record, number)
            except service.InputError as error:
                errors = errors_by_field(error.problems)
                status = error.status
            else:
                key = service.review_key(game, stored)
                if request.form.get("action") == "save" and form.reviewed.data == key:
                    if number is None:
                        saved, _, _ = service.save_round(game, record)
                        flash(f"Round {saved} saved.")
                    else:
                        saved = number
                        service.edit_round(game, number, record)
                        flash(f"Round {number} changed; the rounds after it are recomputed.")
                    return redirect(url_for("pages.session_page", token=game.token) + f"#round-{saved}", 303)
                form.reviewed.data = key
    ledger = service.ledger_of(game)
    shown_number = number or len(ledger.results) + 1
    return render_template("round.html", game=game, form=form, errors=errors, result=result,
                           number=number, shown_number=shown_number, dealer=dealer, rules=rules,
                           unit=rules.unit, endings=ENDINGS, pot=ledger.pot), status


@bp.post("/s/<token>/rounds/preview")
@bp.post("/s/<token>/rounds/<int:number>/preview")
def preview_round(token: str, number: int | None = None):
    """The live preview of the round form: the engine's answer as JSON (and the verdict HTML)."""
    csrf.protect()  # a 400 unless the form's CSRF token came along
    game = _game(token)
    rules = service.rules_of(game)
    if number is not None and not 1 <= number <= service.round_count(game):
        abort(404)
    record = record_from_form(request.form, _dealer_of(game, number))
    answer = {"ok": False, "hands": analyse_hands(record, rules), "errors": [], "review_key": None}
    if game.settled:
        answer["errors"] = [{"where": "session", "field": "form", "message": SETTLED}]
        return jsonify(answer)
    try:
        stored, result, _ = service.check_round(game, record, number)
    except service.InputError as error:
        answer["errors"] = [{**p.to_dict(), "field": field_for(p.where)} for p in error.problems]
        return jsonify(answer)
    answer.update(ok=True, review_key=service.review_key(game, stored), number=number or service.round_count(game) + 1,
                  verdict_html=render_template("_verdict.html", result=result, unit=rules.unit, game=game))
    return jsonify(answer)


@bp.route("/s/<token>/rounds/<int:number>/delete", methods=["GET", "POST"])
def delete_round(token: str, number: int):
    game = _game(token)
    ledger = service.ledger_of(game)
    if not 1 <= number <= len(ledger.results):
        abort(404, description=f"This session has no round {number}.")
    form = ConfirmForm()
    error = None
    if request.method == "POST":
        if form.validate():
            try:
                service.delete_round(game, number)
            except service.InputError as problem:
                error = problem.problems[0].message
            else:
                flash(f"Round {number} deleted; the rounds after it are recomputed.")
                return redirect(url_for("pages.session_page", token=game.token), 303)
        else:
            error = "The form had expired. Please press Delete again."
    return render_template("delete_round.html", game=game, number=number, form=form, error=error,
                           result=ledger.results[number - 1], unit=service.rules_of(game).unit)


@bp.route("/s/<token>/settle", methods=["GET", "POST"])
def settle(token: str):
    game = _game(token)
    form = ConfirmForm()
    if request.method == "POST" and form.validate():
        service.settle(game)
        flash("Session settled. It stays readable here and can be reopened.")
        return redirect(url_for("pages.session_page", token=game.token) + "#settlement", 303)
    return render_template("settle.html", form=form, **_ledger_context(game))


@bp.post("/s/<token>/reopen")
def reopen(token: str):
    game = _game(token)
    if ConfirmForm().validate():
        service.reopen(game)
        flash("Session reopened: rounds can be entered and changed again.")
    return redirect(url_for("pages.session_page", token=game.token), 303)
