"""Template helpers: money as the table reads it, the sign of an amount, cards with their suit
symbols; and the house rules' words (`house_rules` in every template)."""

from __future__ import annotations

import re
from decimal import Decimal

from markupsafe import Markup, escape

from ..engine import money_text, parse_cards
from ..models import iso
from . import house_rules

SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED = {"H", "D"}
CARD_TOKEN = re.compile(r"\b(10|[2-9AJQK])([SHDC])\b")  # a card in the engine's notation


def money(amount, unit: str = "₱") -> str:
    return money_text(Decimal(str(amount)), unit)


def signed_money(amount, unit: str = "₱") -> str:
    amount = Decimal(str(amount))
    return ("+" if amount > 0 else "") + money_text(amount, unit)


def sign_class(amount) -> str:
    """The one set of class names for an amount's sign, on the pages and in the PDF."""
    amount = Decimal(str(amount))
    return "plus" if amount > 0 else "minus" if amount < 0 else "zero"


def card_html(token: str) -> Markup:
    token = str(token)
    if token == "JK":
        return Markup('<span class="card jk">JK</span>')
    rank, suit = token[:-1], token[-1]
    colour = "red" if suit in RED else "blk"
    return Markup(
        f'<span class="card {colour}">{escape(rank)}{SUIT_SYMBOL.get(suit, escape(suit))}</span>'
    )


def cards_html(cards) -> Markup:
    """Cards (a list or notation text) as small coloured chips; unreadable text is shown as is."""
    if isinstance(cards, str):
        try:
            cards = [str(card) for card in parse_cards(cards)]
        except ValueError:
            return Markup(escape(cards))
    return Markup(" ").join(card_html(card) for card in cards)


def card_text(text) -> str:
    """A message with every card in it shown as the chips show it: 'a meld 9S 10S' → 'a meld
    9♠ 10♠'. For the pages only: the engine and the JSON API keep the notation."""
    return CARD_TOKEN.sub(lambda m: m.group(1) + SUIT_SYMBOL[m.group(2)], str(text))


def register(app) -> None:
    app.jinja_env.filters.update(
        money=money,
        signed_money=signed_money,
        sign=sign_class,
        cards=cards_html,
        card_text=card_text,
        iso=iso,
    )
    app.jinja_env.globals["house_rules"] = house_rules
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
