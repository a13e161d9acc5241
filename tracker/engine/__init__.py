"""The Tongits rules engine: pure functions, no Flask, no database, no I/O."""
from .cards import Card, CardError, format_cards, parse_cards
from .deadwood import Arrangement, best_melds
from .melds import Meld, MeldError, validate_meld
from .rules import Rules, RulesError

__all__ = [
    "Arrangement", "Card", "CardError", "Meld", "MeldError", "Rules", "RulesError",
    "best_melds", "format_cards", "parse_cards", "validate_meld",
]
