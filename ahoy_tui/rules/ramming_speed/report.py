"""Ramming Speed!'s facts for an after-action report (the ``report_facts`` hook): oar sections
and rudders lost, the men left, each galley's fate, and the victory points as they stand."""

from __future__ import annotations

from ahoy_tui.engine.report import ReportFacts, ShipFacts
from ahoy_tui.rules.ramming_speed.flow import crewed, got_away, score
from ahoy_tui.rules.ramming_speed.model import Galley, RSState, Status


def _fate(state: RSState, ship: Galley) -> tuple[str, bool]:
    if ship.status is Status.SUNK:
        return "sunk", True
    if ship.status is Status.CAPTURED:
        return "captured", True
    if got_away(state, ship):
        return "escaped", False
    if ship.status is Status.GONE:
        return "off the table", True
    if not crewed(state, ship.id):
        return "a drifting hulk", True
    return "", False


def report_facts(state: RSState) -> ReportFacts:
    boarded = {target for _, target in state.boarded}
    ships = []
    for ship in state.ships:
        fate, lost = _fate(state, ship)
        damage = (2 * ship.full_oars - sum(ship.oars)) + sum(1 for r in ship.rudders if not r)
        marks = tuple(m for m, on in (("boarded", ship.id in boarded), ("holed", ship.holed),
                                      ("withdrawing", ship.withdrawing)) if on)
        ships.append(ShipFacts(ship.id, ship.name, ship.side, ship.x, ship.y,
                               damage=max(0, damage), crew=len(state.crew_of(ship.id)),
                               fate=fate, lost=lost, marks=marks))
    return ReportFacts(
        turn=state.turn, ships=tuple(ships), sides=state.sides,
        points=tuple((side, float(score(state, side))) for side, _ in state.sides),
        damage_word="oar sections and rudders lost", crew_word="men",
        width=state.width, height=state.height)
