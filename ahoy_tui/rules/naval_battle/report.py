"""Naval Battle's facts for an after-action report (the ``report_facts`` hook): damage taken,
crew chits left, why a ship is out of the battle, and the Victory Points as they stand."""

from __future__ import annotations

from ahoy_tui.engine.report import FigureFacts, ReportFacts, ShipFacts
from ahoy_tui.rules.naval_battle.flow import victory_points
from ahoy_tui.rules.naval_battle.model import NavalState


def report_facts(state: NavalState) -> ReportFacts:
    ships = []
    figures = []
    for ship in state.ships:
        marks = tuple(m for m, on in (("boarded", bool(ship.bound_to)), ("on fire", ship.fires > 0))
                      if on)
        ships.append(ShipFacts(ship.id, ship.name, ship.side, ship.x, ship.y,
                               damage=ship.damage_taken, crew=ship.chits, fate=ship.gone,
                               lost=bool(ship.gone), marks=marks))
        if ship.creature is not None:
            figures.append(FigureFacts(f"{ship.creature.name} of {ship.name}", ship.side,
                                       "killed" if ship.creature.dead else ""))
    return ReportFacts(
        turn=state.turn, ships=tuple(ships), sides=state.sides,
        points=tuple((side, float(victory_points(state, side))) for side, _ in state.sides),
        damage_word="damage taken", crew_word="crew chits", width=state.table.width,
        height=state.table.height, figures=tuple(figures))
