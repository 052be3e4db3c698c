"""ACKS II's facts for an after-action report (the ``report_facts`` hook): structural hit points
lost, the crew left (sailors, rowers, marines), each vessel's fate, and the structural damage
each side has dealt (what the scenario's victory weighs) round by round."""

from __future__ import annotations

from ahoy_tui.engine.hexgrid import SQRT3, centre
from ahoy_tui.engine.report import FigureFacts, ReportFacts, ShipFacts
from ahoy_tui.rules.acks.model import AcksState, Status

FATES = {Status.SUNK: ("sunk", True), Status.SINKING: ("sinking", True),
         Status.ESCAPED: ("escaped off the battlemap", False), Status.SLAIN: ("slain", True),
         Status.TAKEN: ("taken by boarders", True)}


def report_facts(state: AcksState) -> ReportFacts:
    boarders = {f.on for f in state.figures
                if not f.down and any(v.id == f.on and v.side != f.side for v in state.vessels)}
    burning = {fire.vessel for fire in state.fires}
    ships = []
    figures = []
    for vessel in state.vessels:
        fate, lost = FATES.get(vessel.status, ("", False))
        x, y = centre(vessel.body.bow)
        marks = tuple(m for m, on in (("boarded", vessel.id in boarders),
                                      ("on fire", vessel.id in burning)) if on)
        ships.append(ShipFacts(vessel.id, vessel.name, vessel.side, x / SQRT3, y / SQRT3,
                               damage=vessel.shp_max - vessel.shp,
                               crew=vessel.sailors + vessel.rowers + vessel.marines,
                               fate=fate, lost=lost, marks=marks))
        if not vessel.creature:
            figures.append(FigureFacts(f"{vessel.captain.name}, captain of {vessel.name}",
                                       vessel.side, "down" if vessel.captain_down else ""))
    sides = (("p1", state.side_name("p1")), ("p2", state.side_name("p2")))
    return ReportFacts(
        turn=state.round, ships=tuple(ships), sides=sides,
        points=tuple((side, float(dealt)) for (side, _), dealt in
                     zip(sides, state.damage_dealt, strict=True)),
        points_word="structural damage dealt", damage_word="structural hit points lost",
        turn_word="round", units="hexes", figures=tuple(figures))
