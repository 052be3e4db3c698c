"""The End Phase: Fire. Each area ablaze rolls: 1 the Blaze goes out (a damage marker takes its
place), 2-3 it holds, 4 it spreads prow-ward, 5 upward, 6 stern-ward.

Readings (docs/rules/man-o-war.md):

- Each location ablaze at the start of the End Phase rolls once; a Blaze that spreads this
  phase rolls from the next.
- Prow-ward and stern-ward are the next location along the same band (the card's columns);
  upward is the band above (low, then middle, then high) at the nearest column. A card without
  the split bar has no band above: an upward spread finds no space. Where two locations are
  equally near, a die chooses ("If there is a choice of areas roll a die").
- A location of two boxes with one ablaze: any spread sets its second box ablaze first.
- A damaged area is simply set on fire (its damage marker becomes a Blaze), no critical hit; a
  location ablaze in every box is "no space": nothing happens.
"""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.man_o_war import fleet_cards
from ahoy_tui.rules.man_o_war.damage import set_ablaze, tell, with_ship
from ahoy_tui.rules.man_o_war.model import Marks, MowState, Ship
from ahoy_tui.rules.man_o_war.tables import Location, tables

FIRE = "End Phase: Fire"
UP = {"low": "middle", "middle": "high"}


def blazes_spread(state: MowState, dice: Dice) -> MowState:
    """Roll for every area on fire on every ship afloat."""
    for ship_id in [s.id for s in state.ships if s.afloat and s.blazes]:
        ship = state.ship(ship_id)
        burning = [i for i, m in enumerate(ship.marks) if m.blazing]
        for index in burning:
            state = _roll_for(state, dice, ship_id, index)
    return state


def _roll_for(state: MowState, dice: Dice, ship_id: str, index: int) -> MowState:
    ship = state.ship(ship_id)
    if ship.gone:
        return state
    location = ship.card.locations[index]
    roll = dice.d6(f"{ship.name}: the blaze in her {location.name}", FIRE, side=ship.side,
                   ship=ship.id)
    result = tables().fire[roll]
    if roll <= fleet_cards.bonus(ship, "fire_crews"):
        result = "out"  # her fire crews put it out
    dice.judge({"out": "goes out", "holds": "does not spread", "prow": "spreads prow-ward",
                "up": "spreads upward", "stern": "spreads stern-ward"}[result])
    if result == "out":
        marks = ship.marks[index]
        marks = Marks(marks.damaged + 1, marks.blazing - 1)
        tell(dice, "blaze_out", f"The blaze in the {ship.name}'s {location.name} goes out",
             FIRE, ship)
        return with_ship(state, replace(ship, marks=_set(ship.marks, index, marks)))
    if result == "holds":
        return state
    marks = ship.marks[index]
    if marks.blazing < location.boxes:
        # the second part of a two-box area catches first
        tell(dice, "blaze_spreads", f"The blaze spreads through the {ship.name}'s "
             f"{location.name}", FIRE, ship)
        return set_ablaze(state, ship_id, index, dice)
    target = _next_area(dice, ship, location, result)
    if target is None:
        tell(dice, "blaze_holds", f"The blaze in the {ship.name}'s {location.name} has nowhere "
             "to spread", FIRE, ship)
        return state
    name = ship.card.locations[target].name
    before = state
    state = set_ablaze(state, ship_id, target, dice)
    if state is before:
        tell(dice, "blaze_holds", f"The {ship.name}'s {name} is already ablaze", FIRE, ship)
    else:
        tell(dice, "blaze_spreads", f"The blaze spreads from the {ship.name}'s "
             f"{location.name} to her {name}", FIRE, ship, big=True)
    return state


def neighbours(ship: Ship, location: Location, way: str) -> list[int]:
    """The locations a blaze in ``location`` spreading ``way`` ("prow", "up", "stern") may
    reach: the nearest along the band, or in the band above."""
    card = ship.card
    here = card.locations.index(location)
    if way == "up":
        band = UP.get(location.band)
        if band is None:
            return []
        row = [i for i, loc in enumerate(card.locations) if loc.band == band]
        if not row:
            return []
        nearest = min(abs(card.locations[i].column - location.column) for i in row)
        return [i for i in row if abs(card.locations[i].column - location.column) == nearest]
    row = [i for i, loc in enumerate(card.locations) if loc.band == location.band and i != here]
    if way == "prow":
        ahead = [i for i in row if card.locations[i].column < location.column]
        if not ahead:
            return []
        column = max(card.locations[i].column for i in ahead)
    else:
        astern = [i for i in row if card.locations[i].column > location.column]
        if not astern:
            return []
        column = min(card.locations[i].column for i in astern)
    return [i for i in row if card.locations[i].column == column]


def _next_area(dice: Dice, ship: Ship, location: Location, way: str) -> int | None:
    choices = neighbours(ship, location, way)
    if not choices:
        return None
    if len(choices) == 1:
        return choices[0]
    roll = dice.d6(f"{ship.name}: which area the blaze reaches", FIRE, side=ship.side,
                   ship=ship.id)
    pick = choices[(roll - 1) * len(choices) // 6]
    dice.judge(ship.card.locations[pick].name)
    return pick


def _set(values: tuple[Marks, ...], index: int, value: Marks) -> tuple[Marks, ...]:
    return (*values[:index], value, *values[index + 1:])
