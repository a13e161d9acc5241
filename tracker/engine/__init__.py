"""The Tongits rules engine: pure functions, no Flask, no database, no I/O.

Everything else (the web app, the API, exports, scripts) uses only what is listed here.
"""

from . import json_text
from .arrangement import Arrangement
from .canonical import canonical_record
from .cards import Card, CardError, format_cards, parse_cards
from .deadwood import best_melds
from .fields import fields_of_record, points_mode, record_from_fields
from .ledger import Ledger, add_round, replay, start_ledger
from .melds import Meld, MeldError, validate_meld
from .money import MoneyError, money_str, money_text, parse_money
from .offers import flags_in_play, may_be_secret, offered_flags
from .points import POINTS_COUNTS, POINTS_FLAGS, POINTS_KEYS
from .problems import Path, Problem, RoundError
from .record import ENDINGS, ROUND_KEYS, check_players
from .rules import PRESETS, Rules, RulesError, read_rules
from .scoring import RoundResult, score_round
from .seat_views import seat_views
from .settle import Transfer, settle
from .shape import FLAGS, HAND_FLAGS, HAND_KEYS, HEADER, MELD_KEYS, SEATS, describe, form_fields
from .stats import Stats, Tally, Versus, combine, session_stats
from .stored import replay_stored
from .values import read_seat

__all__ = [
    "ENDINGS",
    "FLAGS",
    "HEADER",
    "SEATS",
    "describe",
    "form_fields",
    "HAND_FLAGS",
    "HAND_KEYS",
    "MELD_KEYS",
    "POINTS_COUNTS",
    "POINTS_FLAGS",
    "POINTS_KEYS",
    "PRESETS",
    "ROUND_KEYS",
    "Arrangement",
    "Card",
    "CardError",
    "Ledger",
    "Meld",
    "MeldError",
    "MoneyError",
    "Path",
    "Problem",
    "RoundError",
    "RoundResult",
    "Rules",
    "RulesError",
    "Stats",
    "Tally",
    "Transfer",
    "Versus",
    "add_round",
    "best_melds",
    "canonical_record",
    "combine",
    "check_players",
    "fields_of_record",
    "format_cards",
    "json_text",
    "may_be_secret",
    "flags_in_play",
    "money_str",
    "money_text",
    "offered_flags",
    "parse_cards",
    "parse_money",
    "points_mode",
    "read_rules",
    "read_seat",
    "record_from_fields",
    "replay",
    "replay_stored",
    "score_round",
    "seat_views",
    "session_stats",
    "settle",
    "start_ledger",
    "validate_meld",
]
