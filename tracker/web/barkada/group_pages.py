"""The HTML pages of a barkada: a new group, the group page (who owes whom with
"Bayad na", payments with Undo, members, sessions, a new session picking three members), and a
member's edit page. Each view reads a form, calls one core function and renders its answer;
the payment, PIN and unlock views are in money_forms.py."""

from __future__ import annotations

from flask import abort, flash, redirect, render_template, request, url_for

from ...clock import local_today
from ...core import InputError, NotFound, pins
from ...core.barkada.balances import group_money
from ...core.barkada.group_store import current_members, get_group, group_sessions, member_names
from ...core.barkada.groups import MAX_NOTE, add_member, change_member, create_group, member_of
from ...present.barkada import words
from ...present.display import short_day
from ...present.messages import sentence
from ...present.qr import group_qr
from ...present.share import share_text
from .. import devices, public
from ..form_once import create_once, form_key, new_key
from ..forms import ConfirmForm
from . import bayad_na
from .api_answers import seated_names
from .blueprint import bp

NEW_ROWS = 8  # member rows of the new-group form (more can be added on the group page)
RECENT_PAYMENTS = 20


def group_or_404(token: str):
    try:
        return get_group(token)
    except NotFound:
        abort(404, description=words.NO_GROUP)


def group_url(group, anchor: str = "") -> str:
    return url_for("groups.group_page", token=group.token) + (f"#{anchor}" if anchor else "")


def locked_redirect(group):
    """Send a locked device to the group's PIN form, coming back to the group page."""
    return redirect(url_for("groups.unlock", token=group.token, next=group_url(group)), 303)


def errors_of(error: InputError, field_of=None) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    for problem in error.problems:
        field = field_of(problem.where) if field_of else str(problem.where)
        errors.setdefault(field, []).append(sentence(problem.message))
    return errors


@bp.route("/new", methods=["GET", "POST"])
def new_group():
    form, key = ConfirmForm(), form_key()
    errors: dict[str, list[str]] = {}
    status = 200
    if request.method == "POST":
        if not form.validate():
            errors["form"] = [words.EXPIRED]
            status = 400
        else:
            try:
                token, seed = create_once("new-group", key, _typed_group(), create_group)
            except InputError as error:
                errors, status = errors_of(error, _new_field), error.status
            else:
                group = get_group(token)
                devices.welcome_owner(group, seed, devices.GROUPS_KEY)
                devices.unlock(group)
                return redirect(url_for("groups.group_page", token=group.token, new=1), 303)
    page = render_template(
        "group_new.html", form=form, errors=errors, rows=range(NEW_ROWS), form_key=key
    )
    return page, status


def _typed_group() -> dict:
    """The new-group form as the API's JSON; empty member rows are left out (their numbers
    kept in `rows` so that errors land at the row typed)."""
    members = []
    for row in range(NEW_ROWS):
        name = request.form.get(f"member_{row}", "").strip()
        note = request.form.get(f"note_{row}", "").strip()
        if name or note:
            members.append({"name": name, "note": note or None, "row": row})
    request.environ["group.rows"] = [member.pop("row") for member in members]
    return {
        "name": request.form.get("name", ""),
        "members": members,
        "pin": request.form.get("pin", "").strip(),
    }


def _new_field(where) -> str:
    """The form field of a create_group problem: members[2].note → note_<row of the 3rd>."""
    parts = str(where).replace("]", "").split("[")
    if parts[0].startswith("members") and len(parts) > 1:
        index, _, key = parts[1].partition(".")
        rows = request.environ.get("group.rows", [])
        row = rows[int(index)] if int(index) < len(rows) else int(index)
        return f"{'note' if key == 'note' else 'member'}_{row}"
    return parts[0] if parts[0] in ("name", "members", "pin") else "form"


@bp.get("/<token>")
def group_page(token: str):
    group = group_or_404(token)
    devices.remember(group, devices.GROUPS_KEY)
    return render_template("group.html", **group_context(group))


def group_context(group, errors=None) -> dict:
    money = group_money(group)
    names = member_names(group)
    notes = {member.name: member.note for member in group.members}
    link = public.group_link(group.token)
    games = list(reversed(group_sessions(group)))
    return {
        "group": group,
        "words": words,
        "members": group.members,
        "current": current_members(group),
        "balances": {names[m]: amount for m, amount in money.balances.items()},
        "utang": money.utang,
        "paid_notice": bayad_na.notice(group),  # where Bayad na lands (?paid=<id>)
        "paid_lately": bayad_na.group_paid(group),
        "share": share_text(group.name, local_today(), money.utang, link=link),
        "notes": notes,
        "payments": [
            (payment, names[payment.payer_id], names[payment.payee_id])
            for payment in reversed(group.payments[-RECENT_PAYMENTS:])
        ],
        "games": [(game, count, seated_names(game, names)) for game, count in games],
        "link": link,
        "qr": group_qr(link),
        "local_link": public.names_this_computer(link),
        "recovery_code": devices.shown_once(group),
        "just_created": request.args.get("new") == "1",
        "can_edit": devices.unlocked(group),
        "confirm": ConfirmForm(),
        "today": local_today().isoformat(),  # the table's date (TIME_ZONE)
        "errors": errors or {},
        "max_note": MAX_NOTE,
        "new_key": new_key,
        "day": short_day,
    }


@bp.post("/<token>/members")
def add(token: str):
    group = group_or_404(token)
    if not devices.unlocked(group):
        return locked_redirect(group)
    if not ConfirmForm().validate():
        flash(str(words.EXPIRED))
        return redirect(group_url(group, "members"), 303)
    data = {"name": request.form.get("name", ""), "note": request.form.get("note") or None}
    try:
        member = add_member(group, data, pins.Access(by=devices.label(group)))
    except InputError as error:
        context = group_context(group, errors_of(error, lambda w: f"add_{str(w).split('.')[-1]}"))
        return render_template("group.html", **context), error.status
    flash(words.added(member.name))
    return redirect(group_url(group, "members"), 303)


@bp.route("/<token>/members/<int:member_id>", methods=["GET", "POST"])
def edit_member(token: str, member_id: int):
    """Rename a member, change their payment note, or mark them gone (or back)."""
    group = group_or_404(token)
    try:
        member = member_of(group, member_id)
    except InputError:
        abort(404, description=words.NO_MEMBER)
    form = ConfirmForm()
    errors: dict[str, list[str]] = {}
    status = 200
    if request.method == "POST":
        if not devices.unlocked(group):
            return locked_redirect(group)
        if not form.validate():
            errors["form"], status = [words.EXPIRED], 400
        else:
            data = {
                "name": request.form.get("name", ""),
                "note": request.form.get("note") or None,
                "left": request.form.get("left") == "1",
            }
            try:
                change_member(group, member.id, data, pins.Access(by=devices.label(group)))
            except InputError as error:
                errors, status = errors_of(error), error.status
            else:
                flash(str(words.MEMBER_SAVED))
                return redirect(group_url(group, "members"), 303)
    page = render_template(
        "group_member.html", group=group, member=member, form=form, errors=errors, words=words
    )
    return page, status


@bp.route("/<token>/unlock", methods=["GET", "POST"])
def unlock(token: str):
    """The group's edit PIN, once per device (as a session's: pages.unlock)."""
    group = group_or_404(token)
    if devices.unlocked(group):
        return redirect(group_url(group), 303)
    form = ConfirmForm()
    error, status, wait = None, 200, None
    if request.method == "POST":
        if not form.validate():
            error, status = words.EXPIRED, 400
        else:
            try:
                pins.check(group, request.form.get("pin"), devices.client())
            except pins.PinError as problem:
                error, status, wait = sentence(problem.message), problem.status, problem.retry_after
            else:
                devices.unlock(group)
                flash(str(words.UNLOCKED))
                return redirect(group_url(group), 303)
    page = render_template("group_unlock.html", group=group, form=form, error=error, words=words)
    return page, status, {"Retry-After": str(wait)} if wait else {}
