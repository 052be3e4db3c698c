"""Small battles for the Man O' War tests: a state with the ships asked for, and a dice cup."""

from __future__ import annotations

from typing import Any

from ahoy_tui.engine.dice import Dice, Rng
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.rules.man_o_war.model import MowState, Ship, new_ship


def battle(*ships: Ship, **fields: Any) -> MowState:
    return MowState(ruleset="man-o-war", scenario="test", rng=Rng(1, 0),
                    side_names=("The Empire", "Bretonnia"), races=("empire", "bretonnia"),
                    ships=ships, **fields)


def ship(ship_id: str, template: str, side: str = "p2", **fields: Any) -> Ship:
    from ahoy_tui.engine.fast import replace

    made = new_ship(ship_id, template, side)
    return replace(made, **fields) if fields else made


def cup() -> tuple[Dice, list[Event]]:
    events: list[Event] = []
    return Dice(Rng(7, 0), events), events


def said(events: list[Event], kind: str) -> list[str]:
    return [e.text for e in events if isinstance(e, Happened) and e.kind == kind]
