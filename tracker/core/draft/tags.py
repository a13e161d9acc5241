"""The ETags polling phones ask for, and the one query of each: a draft's
("<draft version>.<session revision>", version 0 when no draft was written yet: one indexed
query, game_session.token and round_draft.session_id being unique) and the session page's
revision poll ("<revision>.<settled>"). The Flask views read them through the ORM session
(`rows.draft_tag`), the fast path through its own connection (fast_polls/raw_reads.py): the
same SQL, the same tags.
"""

from __future__ import annotations

QUERY = (
    "SELECT d.version, s.revision FROM game_session s"
    " LEFT JOIN round_draft d ON d.session_id = s.id WHERE s.token = {}"
)
# the ETag's parts with the stored answer (core/draft/answer.py) when it answers that ETag
# and is not the one the phone has already (the second marker: the phone's ETag, or "")
ANSWER = (
    "SELECT d.version, s.revision, d.answer_tag,"
    " CASE WHEN d.answer_tag = {0} THEN NULL ELSE d.answer END FROM game_session s"
    " LEFT JOIN round_draft d ON d.session_id = s.id WHERE s.token = {0}"
)
# the session's revision and whether it is settled (sessions.revision_of), for the revision poll
REVISION = "SELECT revision, settled_at IS NOT NULL FROM game_session WHERE token = {}"


def revision_tag(revision: int, settled: bool) -> str:
    """The ETag of the revision poll's answer (api.revision and fast_polls/polls.py)."""
    return f"{revision}.{int(settled)}"


def draft_etag(version: int | None, revision: int) -> str:
    """The ETag of a draft's answer."""
    return f"{version or 0}.{revision}"
