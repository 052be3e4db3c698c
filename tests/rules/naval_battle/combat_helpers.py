"""Small ships and battles for the Shooting, Boarding and End Phase tests.

A ship is given by her Crew Assignments (box, crew kind, chits) this turn; her crew is what
those boxes hold. Positions are in inches, headings 0 = north, 2 = east (y grows southward).
"""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice, Rng
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.rules.naval_battle.model import (
    Creature,
    Gun,
    NavalState,
    Phase,
    Ship,
)
from ahoy_tui.rules.naval_battle.tables import tables


def ship(ship_id: str, side: str = "p1", *, race: str = "human",
         stations: tuple[tuple[str, str, int], ...] = (), x: float = 0, y: float = 0,
         heading: int = 0, guns: tuple[Gun, ...] = (), armour: int | None = None,
         creature: Creature | None = None, fires: int = 0, bound_to: tuple[str, ...] = (),
         boarding_damage: int = 0, jammed: tuple[str, ...] = ()) -> Ship:
    crew: dict[str, int] = {}
    for _, kind, n in stations:
        crew[kind] = crew.get(kind, 0) + n
    kind = tables().ship_type(race)
    return Ship(id=ship_id, name=ship_id.replace("_", " ").title(), side=side, race=race,
                size=max(sum(crew.values()), 1), crew=tuple(crew.items()),
                speed_value=kind.speed, maneuverability=kind.maneuverability,
                armour=kind.armour if armour is None else armour, x=x, y=y, heading=heading,
                speed=12, guns=guns, creature=creature, fires=fires,
                stations=tuple(stations), bound_to=bound_to,
                boarding_damage=boarding_damage, jammed=jammed)


def battle(*ships: Ship) -> NavalState:
    return NavalState(ruleset="naval-battle", scenario="test", rng=Rng(7), ships=ships,
                      phase=Phase.SHOOTING, to_act="p1")


def cup() -> tuple[Dice, list[Event]]:
    events: list[Event] = []
    return Dice(Rng(7), events), events


def said(events: list[Event]) -> str:
    return "\n".join(e.text for e in events if isinstance(e, Happened))


def lost(before: NavalState, after: NavalState, ship_id: str) -> int:
    return before.ship(ship_id).chits - after.ship(ship_id).chits
