"""The HTML pages. Thin: each view reads a form, calls the service, renders a template."""

from __future__ import annotations

import secrets

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for

from .. import idempotency, pin, service
from ..engine import replay
from ..extensions import csrf
from ..forms import (
    ConfirmForm,
    NewSessionForm,
    RoundForm,
    apply_preset,
    session_data,
    session_field,
)
from ..present.chart import balance_chart_svg
from ..present.house_rules import GROUPS, OPTIONS, PRESET_CHOICES
from ..present.qr import qr_svg
from ..present.rule_form import default_text, option_names, preset_values
from ..round_entry import (
    ENDINGS,
    analyse_hands,
    errors_by_field,
    field_for,
    form_from_record,
    record_from_form,
    sentence,
)

bp = Blueprint("pages", __name__)
RECENT_ROUNDS = 20
SETTLED = "This session is settled. Reopen it on the session page to enter or change rounds."
CONFLICT = (
    "Round {number} was changed on another phone while you were editing. Its saved version is "
    "shown below and what you typed is kept: review it, then save to replace the saved version."
)


def _game(token: str):
    try:
        return service.get_session(token)
    except service.NotFound:
        abort(
            404,
            description="There is no session at this link. Check the link or start a new session.",
        )


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
                    errors.setdefault(session_field(problem.where), []).append(
                        sentence(problem.message)
                    )
                status = 422
            else:
                pin.unlock_device(game)  # whoever set the PIN need not type it again here
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
    ), status


def _ledger_context(game, show_all: bool = False) -> dict:
    ledger = service.ledger_of(game)
    rules = service.rules_of(game)
    numbered = list(enumerate(ledger.results, 1))
    shown = numbered if show_all else numbered[-RECENT_ROUNDS:]
    return {
        "game": game,
        "ledger": ledger,
        "rules": rules,
        "unit": rules.unit,
        "rounds": list(reversed(shown)),
        "hidden_rounds": len(numbered) - len(shown),
        "chart": balance_chart_svg(game.players, ledger.history, unit=rules.unit)
        if ledger.history
        else None,
        "settlement": ledger.settlement(),
        "final": ledger.final_balances(),
        "confirm": ConfirmForm(),
        "can_edit": pin.unlocked(game),
        "has_pin": pin.has_pin(game),
        "unlock_url": url_for("pages.unlock", token=game.token),
    }


@bp.get("/s/<token>")
def session_page(token: str):
    game = _game(token)
    context = _ledger_context(game, show_all=request.args.get("all") == "1")
    link = url_for("pages.session_page", token=game.token, _external=True)
    local = request.host.split(":")[0] in ("localhost", "127.0.0.1", "[::1]", "::1")
    return render_template(
        "session.html",
        link=link,
        qr=qr_svg(link),
        local_link=local,
        just_created=request.args.get("new") == "1",
        **context,
    )


@bp.get("/s/<token>/ledger")
def ledger_part(token: str):
    """The ledger part of the session page, which other phones reload when a round is saved."""
    game = _game(token)
    return render_template(
        "_ledger.html", **_ledger_context(game, show_all=request.args.get("all") == "1")
    )


def _locked_redirect(game):
    """Send a locked device to the PIN form, coming back here (GET) afterwards."""
    target = (
        request.path if request.method == "GET" else url_for("pages.session_page", token=game.token)
    )
    return redirect(url_for("pages.unlock", token=game.token, next=target), 303)


def _safe_next(game, target: str | None) -> str:
    """Only a page of this session: the unlock form is no open redirect."""
    home = url_for("pages.session_page", token=game.token)
    if target and target.startswith(home) and "//" not in target and "\\" not in target:
        return target
    return home


@bp.route("/s/<token>/unlock", methods=["GET", "POST"])
def unlock(token: str):
    """The edit PIN, once per device: a right one marks this device in its session cookie."""
    game = _game(token)
    target = _safe_next(game, request.values.get("next"))
    if pin.unlocked(game):
        return redirect(target, 303)
    form = ConfirmForm()
    error, status = None, 200
    if request.method == "POST":
        if not form.validate():
            error, status = "The form had expired. Please enter the PIN again.", 400
        else:
            try:
                pin.check(game, request.form.get("pin"))
            except pin.PinError as problem:
                error, status = sentence(problem.message), problem.status
            else:
                pin.unlock_device(game)
                flash("Unlocked on this device: you can enter and change rounds.")
                return redirect(target, 303)
    return render_template("unlock.html", game=game, form=form, error=error, target=target), status


@bp.route("/s/<token>/pin", methods=["GET", "POST"])
def change_pin(token: str):
    """Set, change or remove the edit PIN (the current one is asked for when there is one)."""
    game = _game(token)
    form = ConfirmForm()
    errors: dict[str, list[str]] = {}
    status = 200
    if request.method == "POST":
        if not form.validate():
            errors["form"] = ["The form had expired. Please try again."]
            status = 400
        else:
            try:
                now_set = service.set_pin(
                    game,
                    {"pin": (request.form.get("new_pin") or "").strip()},
                    current=request.form.get("current_pin"),
                )
            except pin.PinError as problem:
                errors["current_pin"] = [sentence(problem.message)]
                status = problem.status
            except service.InputError as error:
                errors["new_pin"] = [sentence(p.message) for p in error.problems]
                status = error.status
            else:
                pin.unlock_device(game)
                flash(
                    "Edit PIN set: other phones need it once to change rounds."
                    if now_set
                    else "Edit PIN removed: anyone with the link can change rounds."
                )
                return redirect(url_for("pages.session_page", token=game.token), 303)
    return render_template(
        "pin.html", game=game, form=form, errors=errors, has_pin=pin.has_pin(game)
    ), status


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
    earlier = [r.record for r in game.rounds[: number - 1]]
    return replay(game.players, service.rules_of(game), game.first_dealer, earlier).next_dealer


def _round_page(game, number: int | None):
    rules = service.rules_of(game)
    dealer = _dealer_of(game, number)
    form = RoundForm()
    errors: dict[str, list[str]] = {}
    result = None
    status = 200
    conflict = None  # the saved version of the round, when this edit began from an older one
    idem = None
    needs_pin = not pin.unlocked(game)
    if needs_pin and request.method == "GET":
        return _locked_redirect(game)
    # One key per rendered form (kept when the form is shown again): a double tap or a resubmit
    # of the same round saves it once (idempotency.py). An edit carries the version it began from.
    idem_key = _form_key(request.form.get("idempotency_key")) if request.method == "POST" else None
    version = request.form.get("version") if number and request.method == "POST" else None
    if version is None and number:
        version = str(service.round_version(game, number))
    if game.settled:
        errors["form"] = [SETTLED]
    if request.method == "GET":
        data = form_from_record(game.rounds[number - 1].record) if number else {}
        data.setdefault("dealer", str(dealer))
        for name, value in data.items():
            getattr(form, name).data = value
    elif not game.settled:
        record = record_from_form(request.form, dealer)
        if number is None and idem_key:
            idem = idempotency.Idempotent(
                f"form-rounds:{game.token}",
                idem_key,
                idempotency.fingerprint(record_from_form(request.form)),  # as typed
                lambda answer: (201, {"number": answer[0]}),
            )
        if not form.validate():
            errors["form"] = [
                "The form had expired; your cards are kept. Please press Review again."
            ]
            status = 400
        elif needs_pin and (refused := _unlock_with(game, errors)):
            status = refused
        elif (saved := _saved_before(idem)) is not None:
            flash(f"Round {saved} saved.")  # this tap was the same round again: stored once
            return redirect(
                url_for("pages.session_page", token=game.token) + f"#round-{saved}", 303
            )
        elif (
            number
            and version != str(service.round_version(game, number))
            and _already_stored(game, number, record)
        ):
            flash(
                f"Round {number} changed; the rounds after it are recomputed."
            )  # the same edit sent twice
            return redirect(
                url_for("pages.session_page", token=game.token) + f"#round-{number}", 303
            )
        elif number and version != str(service.round_version(game, number)):
            conflict, version, status = (
                service.ledger_of(game).results[number - 1],
                str(service.round_version(game, number)),
                409,
            )
            errors["form"] = [CONFLICT.format(number=number)]
        else:
            if idem is None and number is None:
                idem_key = None  # a form from before keys: give it one now
            try:
                stored, result, _ = service.check_round(game, record, number)
            except service.InputError as error:
                errors = errors_by_field(error.problems)
                status = error.status
            else:
                key = service.review_key(game, stored)
                if request.form.get("action") == "save" and form.reviewed.data == key:
                    try:
                        if number is None:
                            answer = service.save_round(game, record, idem)
                            saved = answer[1]["number"] if idem is not None else answer[0]
                            flash(f"Round {saved} saved.")
                        else:
                            saved = number
                            service.edit_round(game, number, record, version)
                            flash(f"Round {number} changed; the rounds after it are recomputed.")
                    except service.VersionConflict:
                        conflict, version, status = (
                            service.ledger_of(game).results[number - 1],
                            str(service.round_version(game, number)),
                            409,
                        )
                        errors["form"] = [CONFLICT.format(number=number)]
                        result = None
                    else:
                        return redirect(
                            url_for("pages.session_page", token=game.token) + f"#round-{saved}", 303
                        )
                form.reviewed.data = key
    ledger = service.ledger_of(game)
    shown_number = number or len(ledger.results) + 1
    return render_template(
        "round.html",
        game=game,
        form=form,
        errors=errors,
        result=result,
        number=number,
        shown_number=shown_number,
        dealer=dealer,
        rules=rules,
        unit=rules.unit,
        endings=ENDINGS,
        pot=ledger.pot,
        conflict=conflict,
        version=version,
        idempotency_key=(idem.key if idem is not None else idem_key) or secrets.token_urlsafe(18),
        needs_pin=needs_pin and not pin.unlocked(game),
    ), status


def _already_stored(game, number: int, record: dict) -> bool:
    """Is this edit exactly what round `number` holds now (a double tap of Save)?"""
    try:
        stored, _, _ = service.check_round(game, record, number)
    except service.InputError:
        return False
    return stored == game.rounds[number - 1].record


def _form_key(value: str | None) -> str | None:
    try:
        return idempotency.read_key(value)
    except service.InputError:
        return None


def _saved_before(idem) -> int | None:
    """The round a copy of this very form already saved, or None (also when the key was used for
    other cards: the player went back and changed them, which makes a new round)."""
    if idem is None:
        return None
    try:
        found = idempotency.stored(idem)
    except service.InputError:
        idem.key = secrets.token_urlsafe(18)
        return None
    return None if found is None else found[1]["number"]


def _unlock_with(game, errors: dict) -> int | None:
    """The PIN typed into a form: unlocks this device (None), or says why not (the status)."""
    try:
        pin.check(game, request.form.get("pin"))
    except pin.PinError as problem:
        errors["pin"] = [sentence(problem.message)]
        return problem.status
    pin.unlock_device(game)
    return None


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
    answer.update(
        ok=True,
        review_key=service.review_key(game, stored),
        number=number or service.round_count(game) + 1,
        verdict_html=render_template("_verdict.html", result=result, unit=rules.unit, game=game),
    )
    return jsonify(answer)


@bp.route("/s/<token>/rounds/<int:number>/delete", methods=["GET", "POST"])
def delete_round(token: str, number: int):
    game = _game(token)
    ledger = service.ledger_of(game)
    if not 1 <= number <= len(ledger.results):
        abort(404, description=f"This session has no round {number}.")
    if not pin.unlocked(game):
        return _locked_redirect(game)
    form = ConfirmForm()
    error, status = None, 200
    version = (
        request.form.get("version")
        if request.method == "POST"
        else str(service.round_version(game, number))
    )
    if request.method == "POST":
        if form.validate():
            try:
                service.delete_round(game, number, version or None)
            except service.VersionConflict:
                error = (
                    f"Round {number} was changed on another phone since this page was opened: "
                    "here is its saved version. Delete it only if this is still the round to go."
                )
                status = 409
                version = str(service.round_version(game, number))
                ledger = service.ledger_of(game)
            except service.InputError as problem:
                error = problem.problems[0].message
            else:
                flash(f"Round {number} deleted; the rounds after it are recomputed.")
                return redirect(url_for("pages.session_page", token=game.token), 303)
        else:
            error = "The form had expired. Please press Delete again."
    return render_template(
        "delete_round.html",
        game=game,
        number=number,
        form=form,
        error=error,
        result=ledger.results[number - 1],
        unit=service.rules_of(game).unit,
        version=version,
    ), status


@bp.route("/s/<token>/settle", methods=["GET", "POST"])
def settle(token: str):
    game = _game(token)
    form = ConfirmForm()
    if request.method == "POST" and not pin.unlocked(game):
        return _locked_redirect(game)
    if request.method == "POST" and form.validate():
        service.settle(game)
        flash("Session settled. It stays readable here and can be reopened.")
        return redirect(url_for("pages.session_page", token=game.token) + "#settlement", 303)
    return render_template("settle.html", form=form, **_ledger_context(game))


@bp.post("/s/<token>/reopen")
def reopen(token: str):
    game = _game(token)
    if not pin.unlocked(game):
        return _locked_redirect(game)
    if ConfirmForm().validate():
        service.reopen(game)
        flash("Session reopened: rounds can be entered and changed again.")
    return redirect(url_for("pages.session_page", token=game.token), 303)
