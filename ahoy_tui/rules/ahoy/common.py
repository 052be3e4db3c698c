"""Small helpers shared by the Ahoy! rules modules."""

from __future__ import annotations

import math

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Happened


def tell(dice: Dice, kind: str, text: str, rule: str = "", *, side: str | None = None,
         ship: str | None = None, big: bool = False,
         at: tuple[float, float] | None = None) -> None:
    """Record something that happened (the dice cup carries the action's event list); ``at``
    is where on the table, when a map should mark it (where a shot fell)."""
    dice.events.append(Happened(kind, text, rule, side, ship, big, at))


def half_up(value: float) -> int:
    """Half, rounding fractions up (the seed's usual rounding for halves)."""
    return math.ceil(value / 2)


def inches(value: float) -> str:
    """A distance as players say it: 3", 2.5"."""
    rounded = round(value, 1)
    text = f"{rounded:.0f}" if rounded == int(rounded) else f"{rounded:.1f}"
    return f'{text}"'
