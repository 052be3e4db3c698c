"""How far each enemy lies from a ship and which of her guns bear on her (the ``bearings``
hook): a line on every other ship's record while one is selected."""

from __future__ import annotations

from ahoy_tui.rules.naval_battle import shooting
from ahoy_tui.rules.naval_battle.model import NavalState
from ahoy_tui.rules.naval_battle.tables import tables
from ahoy_tui.rules.naval_battle.view import gun_words


def bearings(state: NavalState, ship_id: str) -> dict[str, str]:
    """For each enemy afloat: the inches centre to centre (the reading of Shooting), and each
    of her guns that has the enemy in its 45° arc and range."""
    ship = next((s for s in state.ships if s.id == ship_id), None)
    if ship is None or not ship.afloat:
        return {}
    out: dict[str, str] = {}
    for other in state.ships:
        if other.side == ship.side or not other.afloat:
            continue
        inches = shooting.distance(ship, other)
        guns = []
        for gun in ship.guns:
            if gun.destroyed or not shooting.in_arc(ship, gun, other):
                continue
            row = tables().gun(gun.type)
            reach = shooting.gun_reach(row)
            if inches >= row.min_range and (reach is None or inches <= reach):
                guns.append(gun_words(gun))
        out[other.id] = (f"{inches:.1f}\" from the {ship.name} · "
                         + (", ".join(guns) + " bear" if guns else "no gun of hers bears"))
    return out
