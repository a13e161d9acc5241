"""What a phone keeps of a session to judge its next round offline (core.offline_state),
and where it saves that round once the network is back (the API's POST of a round, with
Seen-Revision: the answer's `revision`).

    GET /s/<token>/offline.json     never kept by a cache: the phone asks again for each round
"""

from __future__ import annotations

from flask import jsonify, url_for

from ... import core
from ..lookups import game_or_404
from .blueprint import bp


@bp.get("/s/<token>/offline.json")
def offline_state(token: str):
    game = game_or_404(token)
    state = core.offline_state(game)
    answer = jsonify({**state, "api": url_for("api.add_round", token=game.token)})
    answer.headers["Cache-Control"] = "no-store"
    return answer
