"""A round entered twice: the same cards saved again by a second phone that entered the same
round, or a round whose cards are those of the round before (a form sent again, the last
round's cards left in). Found by the cards alone: who dealt and the verdict follow from them.
And what else a phone must be told before its new round is saved (`unconfirmed`): the rounds
saved or changed since it began the round (`Seen-Revision`, a form's revision).
"""

from __future__ import annotations

from ..engine import RoundResult, money_str, replay
from ..engine.cards import CardError, parse_card
from ..engine.hands import hand_tokens
from ..engine.shape import ROUND_ID
from ..models import GameSession
from .ledger_memo import ledger_of, rules_of
from .outcomes import AlreadySaved, Checked, NeedsReview, Submission


def cards_of(record: dict, by_id: bool = True) -> tuple:
    """Each seat's cards, melded or in hand, in one order: what makes two rounds the same. A
    points round has no cards: its own id (engine shape.ROUND_ID) when it has one, so that two
    rounds with the same numbers are two rounds; else (a round saved before rounds had ids, a
    client that sends none, or `by_id` False: how it looks) its header and points."""
    if "points" in record:
        if by_id and record.get(ROUND_ID):
            return ("points", str(record[ROUND_ID]))
        header = tuple(str(record.get(key)) for key in ("ending", "declarer", "last_drawer"))
        return ("points", header, repr(record["points"]))
    hands = record.get("hands") or []
    return tuple(tuple(sorted(canonical(card) for card in hand_tokens(hand))) for hand in hands)


def canonical(token: str) -> str:
    """A card's notation as the engine writes it (10S, JK); what is no card, as it was sent."""
    try:
        return str(parse_card(token))
    except CardError:
        return token


def saved_since(game: GameSession, revision: int, record: dict) -> tuple[int, RoundResult] | None:
    """The round saved (or changed) after the session's `revision` that holds the cards of
    `record`, with its result: another phone saved this very round meanwhile. Nothing is
    read while the session is still at `revision` (every preview of a round asks)."""
    if revision >= game.revision:
        return None
    cards = cards_of(record)
    for round_ in game.rounds:
        if round_.version > revision and cards_of(round_.record) == cards:
            return round_.number, _results(game)[round_.number - 1]
    return None


def _results(game: GameSession) -> list[RoundResult]:
    """Every round's result; replayed when the rounds were read after the revision the
    ledger is for (another worker saved one in between)."""
    results = ledger_of(game).results
    if len(results) != len(game.rounds):
        return replay(game.players, rules_of(game), game.first_dealer, game.records()).results
    return results


def repeats_last(game: GameSession, record: dict) -> int | None:
    """The last round's number when `record` holds exactly its cards (a points round: its
    numbers, whatever its id: a form sent again with the last round's numbers left in)."""
    last = game.rounds[-1].record if game.rounds else None
    if last is not None and cards_of(last, by_id=False) == cards_of(record, by_id=False):
        return game.rounds[-1].number
    return None


def saved_elsewhere(
    game: GameSession, seen_revision: int | None, checked: Checked, keyed: bool = True
) -> AlreadySaved | NeedsReview | None:
    """What a phone that began this new round at the session's `seen_revision` must be told
    before it saves: the very round saved on another phone meanwhile (`keyed`: this request
    has an idempotency key of its own, so the round was saved by another form), or the rounds
    saved since (its cards now make a later round: review them again). None: nothing
    happened."""
    if seen_revision is None or seen_revision >= game.revision:
        return None
    if (earlier := saved_since(game, seen_revision, checked.record)) is not None:
        return AlreadySaved(*earlier, elsewhere=keyed)
    results = _results(game)
    since = [(r.number, results[r.number - 1]) for r in game.rounds if r.version > seen_revision]
    if not since:
        return None  # the session moved on (a settle, a PIN): no round of this phone's
    return NeedsReview(checked, since, repeats_last(game, checked.record))


class Overtaken(Exception):
    """Another phone saved or changed rounds since this new round began: nothing is saved (also
    when raised inside the transaction saving it: it is rolled back); `news` says what."""

    def __init__(self, news: AlreadySaved | NeedsReview):
        super().__init__(news)
        self.news = news


def check_still_new(game: GameSession, submission: Submission, checked: Checked) -> None:
    """Raise Overtaken when, since the revision the phone began this new round at, rounds were
    saved or changed (`saved_elsewhere`): asked before the round is saved, and again in each
    run of the transaction that saves it (a run again after a race sees the rounds that won)."""
    keyed = submission.idem is not None
    news = saved_elsewhere(game, submission.seen_revision, checked, keyed)
    if isinstance(news, NeedsReview) and _as_judged(submission, checked):
        news = None  # rounds changed meanwhile, none of it this round's number or money
    if news is None and submission.judged_number not in (None, checked.number):
        news = NeedsReview(checked)  # a round deleted since: this one moved up
    if news is not None:
        raise Overtaken(news)


def _as_judged(submission: Submission, checked: Checked) -> bool:
    """Whether the round would be saved now as the phone judged it: the same number and each
    player's net the same."""
    nets = [money_str(player.net) for player in checked.result.players]
    return submission.judged_number == checked.number and submission.judged_nets == nets


def unconfirmed(game: GameSession, submission: Submission, checked: Checked) -> NeedsReview | None:
    """What the table must see before the round is saved: for a new round, what happened since
    the phone began it (raised: Overtaken); then a verdict it has not confirmed yet (with the
    round before when it holds the same cards). None: save it."""
    new = submission.number is None
    if new:
        check_still_new(game, submission, checked)
    reviewed = submission.reviewed is None or submission.reviewed == checked.review_key
    if submission.save and reviewed:
        return None
    return NeedsReview(checked, same_as=repeats_last(game, checked.record) if new else None)


def news_of(game: GameSession, seen_revision: int | None, checked: Checked):
    """A new round's news for the phone about to confirm it: `saved_elsewhere`, or else only
    whether the round before holds the same cards (a NeedsReview either way)."""
    news = saved_elsewhere(game, seen_revision, checked)
    return news or NeedsReview(checked, same_as=repeats_last(game, checked.record))
