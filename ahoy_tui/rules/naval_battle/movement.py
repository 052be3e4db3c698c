"""The Movement Phase: speed, maneuvers, simultaneous movement, collisions, grappling.

(Being written: see the contract in each docstring.)
"""

from __future__ import annotations

from fractions import Fraction

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event
from ahoy_tui.engine.geometry import Polygon
from ahoy_tui.rules.naval_battle.model import NavalState, Ship, ShipOrders


def hull_of(ship: Ship) -> Polygon:
    """Her footprint on the table (length and beam grow with her size)."""
    raise NotImplementedError


def turn_cost(ship: Ship) -> int:
    """Action points one turn to port or starboard costs her (10% of the original)."""
    raise NotImplementedError


def change_speed(ship: Ship, change: str, orders: ShipOrders) -> tuple[Ship, str]:
    """Changing speed: her new speed on the track from the declared change ("up", "hold",
    "down") and the chits on Speed (or, for a creature ship, ``orders.creature_speed``), and a
    line saying what happened."""
    raise NotImplementedError


def legs(ship: Ship, orders: ShipOrders) -> tuple[tuple[int, Fraction], ...]:
    """Maneuvering: each maneuver as (turn in 45° steps: -1 port, 0 steady, +1 starboard,
    inches); unpaid turns are already steady as she goes."""
    raise NotImplementedError


def track(ship: Ship, orders: ShipOrders) -> tuple[tuple[float, float, int], ...]:
    """Where she would go with these orders on an empty table: (x, y, heading) after each
    maneuver, from her present pose (the first item)."""
    raise NotImplementedError


def move_all(state: NavalState, dice: Dice, events: list[Event]) -> NavalState:
    """The Movement Phase after the reveal (speeds already changed): every ship moves at once
    along her maneuvers, in steps fine enough to catch collisions."""
    raise NotImplementedError
