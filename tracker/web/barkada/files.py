"""A barkada's files: its export as a JSON download, and a group imported from one
(a new group with new links; works without JavaScript, as a session's import page)."""

from __future__ import annotations

from flask import current_app, flash, redirect, url_for
from flask_babel import ngettext

from ...core.barkada import import_export as group_exchange
from ...documents.csv_file import slug
from ...exchange.group_export import group_json
from .. import devices
from ..heavy_limits import heavy
from ..import_flow import import_view
from .blueprint import bp
from .group_pages import group_or_404


@bp.get("/<token>/export.json")
@heavy
def export_file(token: str):
    group = group_or_404(token)
    text = group_json(group_exchange.export_group(group))
    response = current_app.response_class(text, mimetype="application/json")
    stem = slug(group.name, "-") or "group"
    response.headers["Content-Disposition"] = f'attachment; filename="barkada-{stem}.json"'
    return response


@bp.route("/import", methods=["GET", "POST"])
def import_page():
    return import_view("group_import.html", _import_group, _imported)


def _import_group(source, seed: str):
    return group_exchange.import_group(source, seed=seed)


def _imported(group, seed: str):
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
