"""Shooting: snipers, ship's guns, misfires, a creature's ranged attack.

(Being written: see the contract in each docstring.)
"""

from __future__ import annotations

from collections.abc import Mapping

from attrs import frozen

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event
from ahoy_tui.rules.naval_battle.model import NavalState, Shot


@frozen
class Weapon:
    """Something a ship can shoot this turn and what it can reach."""

    weapon: str  # gun id, "snipers" or "creature"
    name: str
    action_points: int  # what one shot costs from the Guns box (0 for snipers, creature)
    targets: tuple[tuple[str, float], ...]  # (ship id, distance in inches) it can shoot at
    why_not: str = ""  # why it can shoot at nothing (no chits, out of arc, jammed…)


def weapons(state: NavalState, ship_id: str) -> tuple[Weapon, ...]:
    """Every weapon of the ship this Shooting phase, with its targets (after the reveal, so
    the chits on Snipers and Guns are known)."""
    raise NotImplementedError


def plan_problem(state: NavalState, side: str, shots: tuple[Shot, ...]) -> tuple[str, str] | None:
    """(rule, reason) if a side's fire plan is not allowed, else None."""
    raise NotImplementedError


def resolve(state: NavalState, plans: Mapping[str, tuple[Shot, ...]], dice: Dice,
            events: list[Event]) -> NavalState:
    """Every side's shots at once; casualties are removed after all have fired."""
    raise NotImplementedError
