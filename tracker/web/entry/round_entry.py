"""Round entry pages: enter, edit, preview and delete a round (endpoints `pages.*`).

Each POST reads the form into a `Submission`, calls `core.submit` (or `delete_round`) once,
and shows its outcome: saved (redirect), needs review, conflict, refused or locked (the page
again, with what was typed kept).
"""

from __future__ import annotations

import secrets

from flask import abort, flash, make_response, redirect, render_template, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ... import core
from ...core import AlreadySaved, Conflict, Deleted, Locked, NeedsReview, Saved, idempotency
from ...core.errors import RoundGone
from ...engine import fields_of_record, flags_in_play, record_from_fields
from ...present.messages import say
from ...present.round_news import news_lines
from .. import devices
from ..devices import EVERYONE
from ..forms import ConfirmForm, RoundForm
from ..lookups import game_or_404, locked_redirect, session_url
from .blueprint import bp
from .live_preview import keep_entry, seen_revision
from .round_form import (
    ENDINGS,
    SETTLED,
    errors_by_field,
    sentence,
)
from .seats import seat_page

EXPIRED = _l("The form had expired; your cards are kept. Please press Review again.")
CONFLICT = _l(
    "Round %(number)s was changed on another phone while you were editing. Its saved version "
    "is shown below and what you typed is kept: review it, then save to replace the saved "
    "version."
)
DELETE_CONFLICT = _l(
    "Round %(number)s was changed on another phone since this page was opened: "
    "here is its saved version. Delete it only if this is still the round to go."
)


@bp.route("/s/<token>/rounds/new", methods=["GET", "POST"])
def new_round(token: str):
    game = game_or_404(token)
    devices.remember(game)
    seat = request.args.get("seat")
    if request.method == "GET" and seat not in (None, "", EVERYONE):
        return seat_page(game, seat)  # one phone per seat (web/entry/seat_page.py)
    return _round_page(game, None)


@bp.route("/s/<token>/rounds/<int:number>/edit", methods=["GET", "POST"])
def edit_round(token: str, number: int):
    game = game_or_404(token)
    _round_or_404(game, number)
    devices.remember(game)
    return _round_page(game, number)


def _round_page(game, number: int | None):
    page = _RoundPage(game, number, core.dealer_of(game, number))
    if request.method == "GET":
        if not devices.unlocked(game):
            return locked_redirect(game)
        return page.show_stored()
    page.key = _form_key(request.form.get("idempotency_key"))
    if game.settled:
        return page.show(errors={"form": [str(SETTLED)]})
    if not page.form.validate():
        return page.show(errors={"form": [str(EXPIRED)]}, status=400)
    submission = page.submission()
    if page.number is None:
        try:  # what was typed survives a failed save or a reload
            keep_entry(game, request.form)
        except RoundGone:  # the draft was cleared since: a Confirm still saves the round
            pass
        outcome = core.submit_entry(game, submission)
    else:
        outcome = core.submit(game, submission)
    if not submission.access.unlocked and not isinstance(outcome, Locked):
        devices.unlock(game)  # the PIN typed into this form was right
    return page.answer(outcome)


class _RoundPage:
    """The round form of one request: what was posted, and the page that shows an outcome."""

    def __init__(self, game, number: int | None, dealer: int):
        self.game, self.number, self.dealer = game, number, dealer
        self.form = RoundForm()
        self.key: str | None = None  # the idempotency key the form carries
        self.idem: core.Idempotent | None = None
        self.version = request.form.get("version") if number and request.method == "POST" else None
        # a new round: the session's revision when this phone began it (a round saved since
        # with the same cards was saved on another phone)
        self.seen_revision = game.revision if request.method == "GET" else None
        if number is None and request.method == "POST":
            self.seen_revision = seen_revision(request.form, game)
        self.news: list[str] = []
        if self.version is None and number:
            self.version = str(core.round_version(game, number))

    def submission(self) -> core.Submission:
        # One key per rendered form (kept when the form is shown again): a double tap or a
        # resubmit of the same round saves it once. An edit carries the version it began from.
        if self.number is None and self.key:
            self.idem = core.Idempotent(
                f"form-rounds:{self.game.token}",
                self.key,
                idempotency.fingerprint(record_from_fields(request.form)),  # as typed
                lambda saved: (201, {"number": saved.number}),
                renew_if_reused=True,
            )
        return core.Submission(
            record_from_fields(request.form, self.dealer),
            number=self.number,
            save=request.form.get("action") == "save",
            reviewed=self.form.reviewed.data or "",
            version=self.version,
            idem=self.idem,
            access=devices.access(self.game, request.form.get("pin")),
            repeat_is_saved=True,
            seen_revision=self.seen_revision,
        )

    def answer(self, outcome):
        if isinstance(outcome, Saved):
            return self.saved(outcome.number)
        if isinstance(outcome, AlreadySaved):
            flash(news_lines(outcome, core.rules_of(self.game).unit)[0])
            return redirect(session_url(self.game), 303)
        if isinstance(outcome, NeedsReview):
            self.form.reviewed.data = outcome.checked.review_key
            self.news = news_lines(outcome, core.rules_of(self.game).unit)
            self.seen_revision = self.game.revision  # the phone has now seen what changed
            return self.show(result=outcome.checked.result)
        if isinstance(outcome, Conflict):
            self.version = str(outcome.version)
            errors = {"form": [CONFLICT % {"number": self.number}]}
            return self.show(errors=errors, status=409, conflict=outcome.saved)
        if isinstance(outcome, Locked):
            errors = {"pin": [sentence(outcome.error.message)]}
            return self.show(errors=errors, status=outcome.error.status)
        return self.show(errors=errors_by_field(outcome.problems), status=outcome.status)

    def saved(self, number: int):
        """A new round: the top of the session page (the balances, "+ Enter round" for the
        next); a changed round: that round, where the table was looking."""
        if self.number is None:
            # on the session page the saved-round box says it, with its Undo (session.html)
            flash(_("Round %(number)s saved.", number=number), "round-saved")
            devices.note_saved(self.game, number)  # its page offers to undo it for a while
            return redirect(session_url(self.game), 303)
        flash(_("Round %(number)s changed; the rounds after it are recomputed.", number=number))
        return redirect(session_url(self.game, f"round-{number}"), 303)

    def show_stored(self):
        """The form of a GET: empty for a new round, the stored round for an edit."""
        if self.number:
            data = fields_of_record(self.game.rounds[self.number - 1].record)
        else:  # the round in progress: what this or another phone entered so far
            data = fields_of_record(core.entry_of(self.game) or {})
        data.setdefault("dealer", str(self.dealer))
        if request.args.get("mode") == "points" and not self.number and self._points_on():
            data = {key: data[key] for key in ("ending", "declarer", "last_drawer", "dealer")}
            data["mode"] = "points"  # the header entered so far is kept, the cards are not
        for name, value in data.items():
            getattr(self.form, name).data = value
        errors = {"form": [str(SETTLED)]} if self.game.settled else {}
        return self.show(errors=errors)

    def _points_on(self) -> bool:
        return core.rules_of(self.game).points_rounds

    def show(self, errors=None, status: int = 200, result=None, conflict=None):
        game = self.game
        ledger = core.ledger_of(game)
        rules = core.rules_of(game)
        points = self.form.mode.data == "points" and (rules.points_rounds or self.number)
        if points and not self.number and not self.form.round_id.data:
            self.form.round_id.data = secrets.token_urlsafe(12)  # begun now: its own id
        page = render_template(
            "round_points.html" if points else "round.html",
            game=game,
            form=self.form,
            errors=errors or {},
            result=result,
            number=self.number,
            shown_number=self.number or len(ledger.results) + 1,
            dealer=self.dealer,
            rules=rules,
            flags_in_play=flags_in_play(rules),
            unit=rules.unit,
            endings=ENDINGS,
            pot=ledger.pot,
            conflict=conflict,
            version=self.version,
            # a key used before for other cards was renewed by the core
            idempotency_key=(self.idem.key if self.idem else self.key) or secrets.token_urlsafe(18),
            needs_pin=not devices.unlocked(game),
            seen_revision=self.seen_revision,
            # the round in progress on the draft that this page shows (its writes name it)
            draft_began=None if self.number else core.entry_began(game),
            news=self.news,
        )
        # The server fills the form (the dealer, the round's number): Back after saving must
        # ask for it again, never show the browser's copy with the last round's fields.
        response = make_response(page, status)
        response.headers["Cache-Control"] = "no-store"
        return response


def _form_key(value: str | None) -> str | None:
    try:
        return idempotency.read_key(value)
    except core.InputError:
        return None


def _round_or_404(game, number: int) -> None:
    if not 1 <= number <= core.round_count(game):
        abort(404, description=_("This session has no round %(number)s.", number=number))


@bp.route("/s/<token>/rounds/<int:number>/delete", methods=["GET", "POST"])
def delete_round(token: str, number: int):
    game = game_or_404(token)
    _round_or_404(game, number)
    if not devices.unlocked(game):
        return locked_redirect(game)
    form = ConfirmForm()
    error, status = None, 200
    version = str(core.round_version(game, number))
    if request.method == "POST":
        version = request.form.get("version")
        if not form.validate():
            error = _("The form had expired. Please press Delete again.")
        else:
            outcome = core.delete_round(game, number, version or None, devices.access(game))
            if isinstance(outcome, Deleted):
                flash(
                    _(
                        "Round %(number)s deleted; the rounds after it are recomputed.",
                        number=number,
                    )
                )
                return redirect(session_url(game), 303)
            if isinstance(outcome, Locked):
                return locked_redirect(game)
            if isinstance(outcome, Conflict):
                error, status = DELETE_CONFLICT % {"number": number}, 409
                version = str(outcome.version)
            else:
                error = say(outcome.problems[0].message)
    return render_template(
        "delete_round.html",
        game=game,
        number=number,
        form=form,
        error=error,
        result=core.ledger_of(game).results[number - 1],
        unit=core.rules_of(game).unit,
        version=version,
    ), status
