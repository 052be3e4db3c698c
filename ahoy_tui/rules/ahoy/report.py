"""Ahoy!'s facts for an after-action report (the ``report_facts`` hook): Structure Points lost,
crew left, each ship's fate, and the victory points as the turn limit would count them."""

from __future__ import annotations

from ahoy_tui.engine.report import ReportFacts, ShipFacts
from ahoy_tui.rules.ahoy.flow import victory_points
from ahoy_tui.rules.ahoy.model import AhoyState, Ship


def _fate(ship: Ship) -> tuple[str, bool]:
    if ship.sunk:
        return "sunk", True
    if ship.captured_by:
        return "captured", True
    if ship.struck:
        return "struck her colours", True
    if ship.withdrawn:
        return "left the battle", True
    if ship.off_table:
        return "off the table", False
    return "", False


def report_facts(state: AhoyState) -> ReportFacts:
    crew: dict[str, int] = {}
    boarded: set[str] = set()
    for man in state.crew:
        crew[man.ship] = crew.get(man.ship, 0) + 1
        if man.aboard is not None and man.aboard != man.ship:
            boarded.add(man.aboard)
    ships = []
    for ship in state.ships:
        fate, lost = _fate(ship)
        marks = tuple(m for m, on in (("boarded", ship.id in boarded), ("on fire", ship.fires > 0),
                                      ("dismasted", ship.dismasted)) if on)
        ships.append(ShipFacts(ship.id, ship.name, ship.side, ship.x, ship.y,
                               damage=ship.sp_max - ship.sp, crew=crew.get(ship.id, 0),
                               fate=fate, lost=lost, marks=marks))
    return ReportFacts(
        turn=state.turn, ships=tuple(ships),
        sides=tuple(zip(state.sides, state.side_names, strict=True)),
        points=tuple((side, victory_points(state, side)) for side in state.sides),
        damage_word="Structure Points lost", width=state.table.width,
        height=state.table.height)
