"""A barkada's files (issue 11): its export as a JSON download, and a group imported from one
(a new group with new links; works without JavaScript, as a session's import page)."""

from __future__ import annotations

import json

from flask import current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext

from .. import sessions
from ..engine import Problem
from ..present import groups as words
from ..sessions import group_exchange, owners
from . import devices
from .forms import ImportForm
from .group_pages import bp, group_or_404


@bp.get("/<token>/export.json")
def export_file(token: str):
    group = group_or_404(token)
    text = json.dumps(group_exchange.export_group(group), ensure_ascii=False, indent=1)
    response = current_app.response_class(text, mimetype="application/json")
    stem = "".join(c if c.isalnum() else "-" for c in group.name.lower()).strip("-") or "group"
    response.headers["Content-Disposition"] = f'attachment; filename="barkada-{stem}.json"'
    return response


@bp.route("/import", methods=["GET", "POST"])
def import_page():
    form = ImportForm()
    if request.method == "GET":
        return render_template("group_import.html", form=form, problems=[])
    upload = request.files.get(form.file.name)
    data = upload.read() if upload is not None and upload.filename else b""
    seed = owners.new_seed()
    try:
        group = group_exchange.import_group(_source(form, data), seed=seed)
    except sessions.InputError as error:
        problems = [problem.to_dict() for problem in error.problems]
        return render_template("group_import.html", form=form, problems=problems), error.status
    devices.welcome_owner(group, seed, devices.GROUPS_KEY)
    count = len(group.members)
    flash(
        ngettext(
            "Group imported with %(num)s member: this is its new link.",
            "Group imported with %(num)s members: this is its new link.",
            count,
        )
    )
    return redirect(url_for("groups.group_page", token=group.token), 303)


def _source(form: ImportForm, data: bytes) -> bytes | str:
    if not form.validate():
        raise sessions.InputError([Problem("form", str(words.EXPIRED))], 400)
    text = form.text.data or ""
    if bool(data) == bool(text.strip()):
        message = _("Choose the group's exported .json file, or paste its text (one of them).")
        raise sessions.InputError([Problem("form", message)])
    return data or text
