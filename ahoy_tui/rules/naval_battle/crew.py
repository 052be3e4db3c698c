"""Crew Assignments and Removing casualties.

(Being written: see the contract in each docstring.)
"""

from __future__ import annotations

from ahoy_tui.engine.events import Event
from ahoy_tui.rules.naval_battle.model import NavalState


def take_damage(state: NavalState, ship_id: str, points: int, events: list[Event], *,
                by: str | None, rule: str, to_creature: bool = False) -> NavalState:
    """Removing casualties: ``points`` of damage (already past any saves) on a ship, each one
    chit taken off a Crew Assignments box in the owner's order (her revealed
    ``ShipOrders.casualties``, else ``USUAL_CASUALTIES``); ``to_creature`` puts them on her
    creature instead. Credits the damage done to ship ``by`` (for victory points) and marks a
    ship with no crew and no living creature ``gone``."""
    raise NotImplementedError
