"""Man O' War's facts for an after-action report (the ``report_facts`` hook): the boxes of each
template filled with damage or Blaze markers (and Below the Waterline hits), the crew left, each
ship's fate, the Wizards', monsters' and flyers' fates, and the Battle Honours won so far."""

from __future__ import annotations

from ahoy_tui.engine.report import FigureFacts, ReportFacts, ShipFacts
from ahoy_tui.rules.man_o_war import creatures, flyers
from ahoy_tui.rules.man_o_war.model import MowState, Ship

WIZARD_FATES = {"killed": "killed", "left": "left the battle", "clinging": "clinging to wreckage"}


def _fate(ship: Ship) -> tuple[str, bool]:
    if ship.sunk:
        return ("scuttled" if ship.scuttled_by else "sunk"), True
    if ship.captured_by:
        return "captured", True
    if ship.abandoned:
        return "abandoned", True
    if ship.left_table:
        return "left the battle", False
    return "", False


def report_facts(state: MowState) -> ReportFacts:
    boarded = {state.boarding.defender} if state.boarding is not None else set()
    ships = []
    for ship in state.ships:
        fate, lost = _fate(ship)
        marks = tuple(m for m, on in (("boarded", ship.id in boarded),
                                      ("ablaze", any(m.blazing for m in ship.marks)),
                                      ("aground", ship.aground)) if on)
        damage = sum(m.filled for m in ship.marks) + ship.btw
        ships.append(ShipFacts(ship.id, ship.name, ship.side, ship.x, ship.y, damage=damage,
                               crew=ship.crew, fate=fate, lost=lost, marks=marks))
    figures = [FigureFacts(f"{state.side_name(w.side)}'s Wizard ({w.level})", w.side,
                           WIZARD_FATES.get(w.fate, w.fate)) for w in state.wizards]
    figures += [FigureFacts(creatures.name(c), c.side, "dead" if c.where == "dead" else "")
                for c in state.creatures]
    figures += [FigureFacts(flyers.name(f), f.side, f.fate) for f in state.flyers]
    return ReportFacts(
        turn=state.turn, ships=tuple(ships),
        sides=tuple(zip(state.sides, state.side_names, strict=True)),
        points=tuple(zip(state.sides, (float(h) for h in state.honours), strict=True)),
        points_word="Battle Honours", damage_word="boxes damaged", width=state.table.width,
        height=state.table.height, figures=tuple(figures))
