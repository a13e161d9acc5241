"""The session's draft row: read (a blank one when none was written yet), its ETag in one
small query (what polling phones ask), and its content reset: made blank for the next round
inside a save's transaction, or a change of content that takes every agreement away."""

from __future__ import annotations

from sqlalchemy import select, text

from ...extensions import db
from ...models import GameSession, RoundDraft, utcnow
from ..errors import NotFound
from . import agreed, tags
from .preview import blank_seats

TAG_QUERY = text(tags.QUERY.format(":token"))  # the polls' query (tags.py), through the ORM


def draft_tag(token: str) -> str:
    """The ETag of the draft's answer, "<draft version>.<session revision>" (version 0: none
    yet), in one small query: what polling phones ask."""
    row = db.session.execute(TAG_QUERY, {"token": token}).one_or_none()
    if row is None:
        raise NotFound(token)
    return tags.draft_etag(row[0], row[1])


def tag_of(game: GameSession, draft: RoundDraft) -> str:
    return tags.draft_etag(draft.version, game.revision)


def get_draft(game: GameSession) -> RoundDraft:
    """The session's draft; a blank one (not stored) when none was written yet."""
    draft = db.session.execute(
        select(RoundDraft).where(RoundDraft.session_id == game.id)
    ).scalar_one_or_none()
    if draft is None:
        draft = RoundDraft(session_id=game.id, version=0, changed=0, header={}, seats=blank_seats())
        draft.confirm_alone = False
    return draft


def made_blank(draft: RoundDraft, number: int, by: int | None, who: str | None = None) -> None:
    """Inside a save's transaction: the draft blank for the next round, remembering the round
    it saved, by whose Agree (a seat; None: the one-phone page), for the versions it answers;
    `who` saved it (a history label), when known."""
    changed, until = draft.changed, (draft.version or 0) + 1  # the version this change gives
    blanked(draft)
    began(draft, "saved", who if by is None else f"seat:{by}", number)
    draft.confirm_alone = False  # asked again for each round
    draft.last_saved = {"number": number, "from": changed, "until": until, "by": by}
    draft.updated_at = utcnow()
    draft.answer = draft.answer_tag = None  # made once committed, at the new revision


def began(draft: RoundDraft, how: str, who: str | None, number: int | None) -> None:
    """The draft just made blank: the next round begins at this version, after round `number`
    was `how` ("cleared" by the table, or "saved") by `who` (a history label; None: unknown)."""
    draft.began = {"at": draft.changed, "how": how, "by": who, "number": number}


def began_at(draft: RoundDraft) -> int:
    """The version at which the round in progress began (0: never made blank). A write made on
    the draft as it was before that would bring back what was cleared or saved: refused."""
    return int((draft.began or {}).get("at", 0))


def blanked(draft: RoundDraft) -> None:
    """The header and the three hands gone (a content change: every agreement goes too)."""
    draft.header = {}
    content_changed(draft, blank_seats())


def content_changed(draft: RoundDraft, seats: list[dict]) -> None:
    """The header or a hand changed: every agreement goes, and `changed` names this version."""
    draft.seats = [agreed.kept(state, False) for state in seats]
    draft.changed = (draft.version or 0) + 1 if draft.id is not None else 1
