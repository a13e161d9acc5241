"""The group's money and PIN forms: "Bayad na" (a payment, from the group page or a
group session's settle-up), its Undo, and the group's edit PIN."""

from __future__ import annotations

from decimal import Decimal

from flask import flash, redirect, render_template, request, url_for

from ... import core
from ...core import Idempotent, InputError, idempotency, pins
from ...core.barkada.group_store import member_names
from ...core.barkada.groups import set_group_pin
from ...core.barkada.member_payments import (
    AlreadyPaid,
    Overpaid,
    payments_between,
    record_payment,
    undo_payment,
)
from ...engine import MoneyError, money_text, parse_money
from ...present.barkada import words
from ...present.messages import sentence
from .. import devices, pin_page
from ..form_once import new_key
from ..forms import ConfirmForm
from .blueprint import bp
from .group_pages import errors_of, group_or_404, group_url, locked_redirect


def _back(group, **shown) -> str:
    """Where a payment form returns: the group's utang, or the settle-up of one of its sessions;
    `shown` names the payment that page says was recorded (`paid=<id>`) or that had already
    paid what was tapped again (`again=<id>`), read back from its stored row."""
    token = request.values.get("session", "")
    if token:
        try:
            game = core.get_session(token)
        except core.NotFound:
            game = None
        if game is not None and game.group_id == group.id:
            return url_for("pages.session_page", token=game.token, _anchor="settlement", **shown)
    return url_for("groups.group_page", token=group.token, _anchor="utang", **shown)


@bp.route("/<token>/pay", methods=["GET", "POST"])
def pay(token: str):
    """Bayad na: record a payment (the whole transfer by default; any part of it, any date)."""
    group = group_or_404(token)
    typed = {key: request.values.get(key, "") for key in ("from", "to", "amount", "paid_on")}
    form = ConfirmForm()
    errors: dict[str, list[str]] = {}
    status, asked = 200, None
    if request.method == "POST":
        if not devices.unlocked(group):
            return locked_redirect(group)
        if not form.validate():
            errors["form"], status = [words.EXPIRED], 400
        else:
            try:
                paid = _record(group, typed)
            except AlreadyPaid as refused:
                return _refused(group, refused)
            except Overpaid as over:  # asked first: nothing stored until "Record anyway"
                asked = {"text": sentence(over.problems[0].message), "key": over.key}
            except InputError as error:
                errors, status = errors_of(error), error.status
            else:
                if "id" in paid:  # the page it lands on says so, from the stored row
                    return redirect(_back(group, paid=paid["id"]), 303)
                amount = money_text(parse_money(paid["amount"]))  # answered before ids were kept
                flash(words.paid(paid["from"], paid["to"], amount))
                return redirect(_back(group), 303)
    page = render_template(
        "group_pay.html",
        group=group,
        form=form,
        typed=typed,
        errors=errors,
        words=words,
        members=group.members,
        session=request.values.get("session", ""),
        owed=request.form.get("owed", "")[:20],  # a suggested transfer's, kept while it is fixed
        new_key=new_key,
        asked=asked,  # "Ben owes Cris only ₱40.00; record ₱100.00 anyway?"
    )
    return page, status


def _record(group, typed: dict) -> dict:
    """The payment the form asks for, once: the same form sent again answers the first one's
    payment; the form sent back changed under its old key (Back, another amount) is a new
    payment, with a key of its own, checked like any other (a suggested transfer paid since is
    refused)."""
    idem = _once(group, typed)
    ask = request.form.get("confirm") != "1"  # "Record anyway" sends confirm=1
    try:
        try:
            _, paid = record_payment(group, typed, _tapped(group), idem, _offered(), ask)
        except idempotency.KeyReused:
            idem.renew()
            _, paid = record_payment(group, typed, _tapped(group), idem, _offered(), ask)
    except Overpaid as over:
        over.key = idem.key  # "Record anyway" sends the same key: tapped twice, recorded once
        raise
    return paid


def _tapped(group) -> pins.Access:
    """This phone, named in the group's history (the page checked it may change the group)."""
    return pins.Access(by=devices.label(group))


def _once(group, typed: dict) -> Idempotent:
    """The form's key (a new one if it has none): a second press of the same form answers the
    first one's payment instead of recording another."""
    key = idempotency.read_key(request.form.get("idempotency_key")) or new_key()

    def respond(payment):
        names = member_names(group)
        paid = {"id": payment.id, "from": names[payment.payer_id], "to": names[payment.payee_id]}
        return 201, {**paid, "amount": payment.amount}

    return Idempotent(f"payments:{group.token}", key, idempotency.fingerprint(typed), respond)


def _offered() -> Decimal | None:
    """The amount a suggested transfer's Bayad na offered (its hidden `owed`), or None: the pay
    form's payment of any amount (or a value that is no amount: no check then)."""
    value = request.form.get("owed", "")
    if not value:
        return None
    try:
        amount = parse_money(value)
    except MoneyError:
        return None
    return amount if amount > 0 else None


def _refused(group, refused: AlreadyPaid):
    """A suggested transfer tapped again after it was paid: nothing stored; the page shows the
    payment that paid it (from its row) and what is still owed. A transfer gone with no
    payment between the two (a session reopened, another settled) says so in a message."""
    paid = payments_between(group, refused.payer_id, refused.payee_id)
    if paid:
        return redirect(_back(group, again=paid[0].id), 303)
    flash(sentence(refused.problems[0].message))
    return redirect(_back(group), 303)


@bp.post("/<token>/payments/<int:payment_id>/undo")
def undo(token: str, payment_id: int):
    group = group_or_404(token)
    if not devices.unlocked(group):
        return locked_redirect(group)
    if ConfirmForm().validate():
        try:
            undo_payment(group, payment_id)
        except InputError as error:
            flash(sentence(error.problems[0].message))
        else:
            flash(str(words.UNDONE))
    return redirect(group_url(group, "payments"), 303)


@bp.route("/<token>/pin", methods=["GET", "POST"])
def change_pin(token: str):
    """Set, change or remove the group's edit PIN (as a session's: pages.change_pin)."""
    group = group_or_404(token)
    form = ConfirmForm()
    errors: dict[str, list[str]] = {}
    status = 200
    if request.method == "POST":
        has_pin = group.pin_hash is not None
        errors, status, now_set = pin_page.posted(
            group, form, set_group_pin, has_pin, str(words.EXPIRED)
        )
        if now_set is not None:
            flash(str(words.PIN_SET if now_set else words.PIN_REMOVED))
            return redirect(group_url(group), 303)
    page = render_template(
        "group_pin.html",
        group=group,
        form=form,
        errors=errors,
        words=words,
        has_pin=group.pin_hash is not None,
        owner=devices.owns(group),
    )
    return page, status
