"""Facts derived from a state, worked out once.

States are immutable, and a new state shares every part it did not change with the old one:
moving a ship leaves the crew tuple the very same object, and the other ships too. So who stands
on which ship is worked out once per crew tuple, and a hull's outline once per ship object, and
looked up by identity afterwards. Only the most recent few are kept.
"""

from __future__ import annotations

from typing import Any

from ahoy_tui.engine.geometry import Polygon, hull
from ahoy_tui.rules.ahoy.model import AhoyState, Crewman, Ship, Task

_KEEP = 256
_DECKS: dict[int, tuple[tuple[Crewman, ...], dict[str | None, list[Crewman]]]] = {}
_MUSTERS: dict[int, tuple[tuple[Crewman, ...], dict[tuple[str, str], Muster]]] = {}
_HULLS: dict[int, tuple[Ship, Polygon]] = {}


def _remember(cache: dict[int, Any], key: int, value: Any) -> None:
    if len(cache) >= _KEEP:
        # Cleared whole, not trimmed: a captain may be thinking in another thread, and a
        # single clear() cannot meet a half-finished iteration.
        cache.clear()
    cache[key] = value


def decks(crew: tuple[Crewman, ...]) -> dict[str | None, list[Crewman]]:
    """Everyone by the ship he stands on (``None``: in the water)."""
    found = _DECKS.get(id(crew))
    if found is not None and found[0] is crew:
        return found[1]
    table: dict[str | None, list[Crewman]] = {}
    for man in crew:
        table.setdefault(man.aboard, []).append(man)
    _remember(_DECKS, id(crew), (crew, table))
    return table


class Muster:
    """Who is on one ship's deck, from her side's point of view: her own men (captives aside),
    enemy boarders, captives, the hands that may be told off to tasks, and how many of hers sail
    her, fight fires and crew each gun. Worked out once per crew tuple and ship; read only."""

    __slots__ = ("boarders", "captives", "fires", "guns", "hands", "own", "sailing")

    def __init__(self, men: list[Crewman], side: str) -> None:
        self.own: tuple[Crewman, ...] = tuple(
            c for c in men if c.side == side and c.task != Task.CAPTIVE)
        self.boarders: tuple[Crewman, ...] = tuple(
            c for c in men if c.side != side and c.task == Task.BOARDING)
        self.captives: tuple[Crewman, ...] = tuple(c for c in men if c.task == Task.CAPTIVE)
        self.hands: tuple[Crewman, ...] = tuple(
            c for c in self.own if c.task != Task.BOARDING)
        self.sailing = sum(1 for c in self.own if c.task == Task.SAILING)
        self.fires = sum(1 for c in self.own if c.task == Task.FIRES)
        guns: dict[str | None, int] = {}
        for c in self.own:
            if c.task == Task.GUN:
                guns[c.gun] = guns.get(c.gun, 0) + 1
        self.guns = guns

    @property
    def engaged(self) -> bool:
        """A fight going on aboard: enemy boarders on her deck."""
        return bool(self.boarders)


def muster(state: AhoyState, ship: Ship) -> Muster:
    """Her deck's muster (see :class:`Muster`), remembered for this crew tuple."""
    crew = state.crew
    found = _MUSTERS.get(id(crew))
    if found is None or found[0] is not crew:
        found = (crew, {})
        _remember(_MUSTERS, id(crew), found)
    key = (ship.id, ship.side)
    made = found[1].get(key)
    if made is None:
        made = found[1][key] = Muster(on_deck(state, ship.id), ship.side)
    return made


def ship_outline(ship: Ship) -> Polygon:
    found = _HULLS.get(id(ship))
    if found is not None and found[0] is ship:
        return found[1]
    poly = hull(ship.x, ship.y, ship.heading, ship.length, ship.beam)
    _remember(_HULLS, id(ship), (ship, poly))
    return poly


def on_deck(state: AhoyState, ship_id: str | None) -> list[Crewman]:
    """Everyone standing on a ship of ``state`` (``None``: in the water). Do not change it."""
    return decks(state.crew).get(ship_id, _NOBODY)


_NOBODY: list[Crewman] = []


_LAYOUTS: dict[int, tuple[tuple[Ship, ...], tuple[object, ...], dict[str, Ship]]] = {}


def layout(ships: tuple[Ship, ...]) -> tuple[object, ...]:
    """Where every ship lies, as a value: (id, x, y, heading, length, beam, on the table) each.
    Equal layouts mean the same hulls in the same places, whatever else changed (a gun fired,
    a hull holed), so lines of fire and templates worked out for one hold for the other."""
    return _layout(ships)[1]


def ships_by_id(ships: tuple[Ship, ...]) -> dict[str, Ship]:
    """The ships of a tuple, by id. Do not change it."""
    return _layout(ships)[2]


def _layout(ships: tuple[Ship, ...]) -> tuple[tuple[Ship, ...], tuple[object, ...],
                                               dict[str, Ship]]:
    found = _LAYOUTS.get(id(ships))
    if found is not None and found[0] is ships:
        return found
    made = (ships, tuple((s.id, s.x, s.y, s.heading, s.length, s.beam, s.on_table)
                         for s in ships), {s.id: s for s in ships})
    _remember(_LAYOUTS, id(ships), made)
    return made
