"""How far each enemy lies from a ship, in which band of the range template and the arc of
which of her batteries (the ``bearings`` hook): a line on every other ship's card while one is
selected."""

from __future__ import annotations

from ahoy_tui.engine.geometry import distance
from ahoy_tui.rules.man_o_war.model import MowState
from ahoy_tui.rules.man_o_war.shooting import SIDES_OF, batteries_reaching
from ahoy_tui.rules.man_o_war.table import aim_line, outline
from ahoy_tui.rules.man_o_war.tables import tables


def bearings(state: MowState, ship_id: str) -> dict[str, str]:
    """For each enemy ship afloat: the inches hull to hull, and for each side of hers whose
    arc holds her, the range template's band from that side's firing point and the batteries
    whose weapons reach into it."""
    ship = next((s for s in state.ships if s.id == ship_id), None)
    if ship is None or not ship.afloat:
        return {}
    rules = tables()
    sides = [s for s in ("fore", "port", "starboard", "aft", "turret")
             if any(s in SIDES_OF[b.arc] for b in ship.card.batteries)]
    out: dict[str, str] = {}
    for other in state.ships:
        if other.holder == ship.holder or not other.afloat:
            continue
        hull = outline(other)
        words = []
        for side in sides:
            line = aim_line(ship, side, hull)
            if line is None:
                continue
            band = rules.band(line[2])
            if band is None:
                words.append(f"{side} arc: beyond long range")
                continue
            reach = batteries_reaching(ship, side, band)
            words.append(f"{side} {band}: {reach} batter{'y' if reach == 1 else 'ies'}")
        gap = distance(outline(ship), hull)
        out[other.id] = (f"{gap:.1f}\" from the {ship.name} · "
                         + ("; ".join(words) if words else "in no arc of her batteries"))
    return out
