"""How far each enemy lies from a ship and which of her guns bear on her (the ``bearings``
hook): a line on every other ship's card while one is selected."""

from __future__ import annotations

from ahoy_tui.engine.geometry import distance
from ahoy_tui.rules.ahoy.hulls import ship_hull
from ahoy_tui.rules.ahoy.model import AhoyState, GunState
from ahoy_tui.rules.ahoy.shooting import gun_place, on_the_line
from ahoy_tui.rules.ahoy.tables import tables


def bearings(state: AhoyState, ship_id: str) -> dict[str, str]:
    """For each enemy ship on the table: the inches hull to hull from ``ship_id``, and each of
    her guns whose line of fire strikes that enemy first within its range (point blank within
    10"), else that none bears."""
    if not state.has_ship(ship_id):
        return {}
    ship = state.ship(ship_id)
    if not ship.on_table:
        return {}
    point_blank = float(tables().roll("point_blank"))
    bands: dict[str, dict[str, list[str]]] = {}  # enemy → band → the guns' places
    for gun in ship.guns:
        if gun.state in (GunState.DESTROYED, GunState.HEAVED):
            continue
        weapon = tables().gun(gun.weapon)
        if weapon.kind == "swivel":
            continue
        first = next(iter(on_the_line(state, ship, gun)), None)
        if first is None:
            continue
        inches, other, _ = first
        if inches > weapon.range:
            continue
        band = "point blank" if inches <= point_blank else "in range"
        bands.setdefault(other.id, {}).setdefault(band, []).append(_short(gun_place(ship, gun)))
    out: dict[str, str] = {}
    hull = ship_hull(ship)
    for other in state.ships:
        if other.side == ship.side or not other.on_table:
            continue
        gap = distance(hull, ship_hull(other))
        found = bands.get(other.id, {})
        guns = "; ".join(f"{', '.join(places)} {band}" for band, places in found.items())
        # short, to fit under a card at 80 columns (the selected ship's name is on her card)
        out[other.id] = f"{gap:.1f}\" off · " + (guns or "no gun bears")
    return out


def _short(place: str) -> str:
    """A gun's place as her card writes it: ``S fore``, ``P aft``, ``bow``."""
    words = place.replace("amidships", "mid").split(" ", 1)
    side = {"port": "P", "starboard": "S"}.get(words[0])
    return place if side is None else " ".join([side, *words[1:]])
