"""Man O' War cards (seed "Setup"): bought at 25 points each, dealt at random and allocated to a
side's Men O' War, no ship holding two cards of one symbol; the Admiral's ship is dealt one
free. The cards are the project's own, as data (``data/mow_cards.toml``).

Readings (docs/rules/man-o-war.md, M33): each side's cards come from its own deck. The free
card goes to the Admiral's ship; each card bought goes to the side's Man O' War holding fewest
cards that has none of its symbol (the first in the fleet's order on a tie). A card no Man O'
War can hold is lost, and its points with it. The cards lie face up on the ships' templates.

The rules that a card changes ask :func:`bonus` for what a ship's cards add.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from attrs import frozen

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.man_o_war.model import MowState, Ship
from ahoy_tui.rules.tabledata import DataError, lookup, read_toml, structure

PACKAGE = "ahoy_tui.rules.man_o_war"
SETUP = "Setup"
EFFECTS = frozenset({"crew", "boarding", "btw_save", "turn_cost", "sail", "oars", "gunnery",
                     "ram", "fire_crews", "carpenter", "initiative", "warded"})


@frozen
class FleetCard:
    id: str
    name: str
    symbol: str
    effect: str
    amount: int
    text: str


@frozen
class CardDeck:
    cards: Mapping[str, FleetCard]
    symbols: Mapping[str, str]
    cost: int

    def card(self, card_id: str) -> FleetCard:
        return lookup(self.cards, card_id, "mow_cards.toml", "deck")  # type: ignore[no-any-return]


def _card(card_id: str, raw: dict[str, object], symbols: Mapping[str, str]) -> FleetCard:
    where = f"mow_cards.toml [deck.{card_id}]"
    card = structure(FleetCard, {"id": card_id, **raw}, where)
    if card.symbol not in symbols:
        raise DataError(f"{where}: symbol {card.symbol!r} is not in [symbols]")
    if card.effect not in EFFECTS:
        raise DataError(f"{where}: unknown effect {card.effect!r}")
    return card


@cache
def deck() -> CardDeck:
    raw = read_toml(PACKAGE, "mow_cards.toml")
    symbols = {str(k): str(v) for k, v in raw["symbols"].items()}
    cards = {key: _card(key, value, symbols) for key, value in raw["deck"].items()}
    return CardDeck(MappingProxyType(cards), MappingProxyType(symbols),
                    int(raw["cards"]["cost"]))


def bonus(ship: Ship, effect: str) -> int:
    """What her Man O' War cards add for ``effect``."""
    if not ship.cards:
        return 0
    book = deck()
    return sum(book.card(c).amount for c in ship.cards if book.card(c).effect == effect)


def side_bonus(state: MowState, side: str, effect: str) -> int:
    """The most any ship of the side still fighting adds for ``effect`` (a card that helps the
    whole side counts once)."""
    return max((bonus(s, effect) for s in state.ships if s.side == side and s.in_the_fight),
               default=0)


def deal(state: MowState, dice: Dice, bought: Mapping[str, int]) -> MowState:
    """Setup: each side's cards dealt at random, the Admiral's ship's free card first."""
    book = deck()
    for side in state.sides:
        fleet = [s for s in (*state.ships, *state.reserve) if s.side == side]
        mows = [s for s in fleet if s.card.ship_class == "mow"]
        admiral = next((s for s in mows if s.admiral), None)
        count = bought.get(side, 0) + (1 if admiral is not None else 0)
        left = list(book.cards)
        for number in range(count):
            if not left or not mows:
                break
            roll = dice.die(len(left), f"{state.side_name(side)}: a Man O' War card dealt",
                            SETUP, side=side)
            card = book.card(left.pop(roll - 1))
            free = number == 0 and admiral is not None
            able = [s for s in mows if all(book.card(c).symbol != card.symbol for c in s.cards)]
            if free and admiral is not None:
                able = [admiral]
            if not able:
                dice.events.append(Happened(
                    "card_lost", f"{state.side_name(side)}: {card.name} is dealt, but no Man "
                    f"O' War can hold a second {book.symbols[card.symbol]} card: it is lost",
                    SETUP, side=side))
                continue
            ship = min(able, key=lambda s: (len(s.cards), mows.index(s)))
            held = replace(ship, cards=(*ship.cards, card.id))
            if card.effect == "crew":
                held = replace(held, crew=held.crew + card.amount)
            mows = [held if s.id == ship.id else s for s in mows]
            state = _with(state, held)
            dice.events.append(Happened(
                "card_dealt", f"{state.side_name(side)}: {card.name} to the {ship.name}"
                + (" (the Admiral's free card)" if free else "") + f" — {card.text}",
                SETUP, side=side, ship=ship.id))
    return state


def _with(state: MowState, ship: Ship) -> MowState:
    if any(s.id == ship.id for s in state.ships):
        return replace(state, ships=tuple(ship if s.id == ship.id else s for s in state.ships))
    return replace(state, reserve=tuple(ship if s.id == ship.id else s for s in state.reserve))
