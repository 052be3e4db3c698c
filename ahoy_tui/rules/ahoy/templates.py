"""Shot that hits every model under it: the grapeshot teardrop and a swivel gun's arc.

Crew aboard a ship have no place of their own on her deck, so "models under the template" is
read as a share of the models aboard: as many as the share of her deck the template covers
(rounded up: a model even partly covered is hit), taken in the usual casualty order. Men locked
below as captives are not on deck. Swimmers stand where they are, and are hit when their spot
lies under it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator

from ahoy_tui.engine.geometry import Point, Polygon, overlap, point_on_hull
from ahoy_tui.engine.memo import KeyedMemo
from ahoy_tui.rules.ahoy.crew import casualty_order
from ahoy_tui.rules.ahoy.hulls import radius, ship_hull
from ahoy_tui.rules.ahoy.index import layout, on_deck
from ahoy_tui.rules.ahoy.model import AhoyState, Crewman, Gun, Ship, Task
from ahoy_tui.rules.ahoy.tables import tables

Inside = Callable[[Point], bool]
_ALONG, _ACROSS = 12, 5  # sample points over a deck, lengthwise and across


def teardrop(origin: Point, direction: Point) -> Polygon:
    """The grapeshot template: narrow end at the muzzle, laid along the line of fire.

    The Warhammer flame template's rounded far end is drawn square: a trapezoid from the
    ``narrow`` width at the muzzle to the ``wide`` width ``length`` inches out.
    """
    grape = tables().table("grapeshot")
    length, narrow, wide = grape["length"], grape["narrow"], grape["wide"]
    ox, oy = origin
    dx, dy = direction
    sx, sy = -dy, dx  # square to the line
    return (
        (ox + sx * narrow / 2, oy + sy * narrow / 2),
        (ox + dx * length + sx * wide / 2, oy + dy * length + sy * wide / 2),
        (ox + dx * length - sx * wide / 2, oy + dy * length - sy * wide / 2),
        (ox - sx * narrow / 2, oy - sy * narrow / 2),
    )


def under_teardrop(origin: Point, direction: Point) -> Inside:
    grape = tables().table("grapeshot")
    length, narrow, wide = grape["length"], grape["narrow"], grape["wide"]

    def inside(p: Point) -> bool:
        rx, ry = p[0] - origin[0], p[1] - origin[1]
        along = rx * direction[0] + ry * direction[1]
        if not -1e-9 <= along <= length + 1e-9:
            return False
        across = abs(rx * -direction[1] + ry * direction[0])
        return across <= (narrow + (wide - narrow) * along / length) / 2 + 1e-9

    return inside


def in_arc(origin: Point, direction: Point, reach: float, arc: float) -> Inside:
    """Within ``reach`` inches of the muzzle and within ``arc`` degrees centred on the line."""
    half = math.radians(arc) / 2

    def inside(p: Point) -> bool:
        rx, ry = p[0] - origin[0], p[1] - origin[1]
        dist = math.hypot(rx, ry)
        if dist > reach + 1e-9:
            return False
        if dist < 1e-9:
            return True
        cos = (rx * direction[0] + ry * direction[1]) / dist
        return cos >= math.cos(half) - 1e-9

    return inside


def arc_outline(origin: Point, direction: Point, reach: float, arc: float,
                steps: int = 6) -> Polygon:
    """The arc as a polygon (for the map): the muzzle, then points round the far edge."""
    base = math.atan2(direction[1], direction[0])
    half = math.radians(arc) / 2
    edge = [(origin[0] + reach * math.cos(base - half + 2 * half * i / steps),
             origin[1] + reach * math.sin(base - half + 2 * half * i / steps))
            for i in range(steps + 1)]
    return (origin, *edge)


def deck_share(ship: Ship, inside: Inside) -> float:
    """The share of a ship's deck (sampled on a grid) that lies under a template."""
    return sum(1 for p in _deck_points(ship) if inside(p)) / (_ALONG * _ACROSS)


def models_under(state: AhoyState, inside: Inside, *, reach_from: Point, reach: float,
                 skip: str = "") -> list[tuple[Ship | None, list[Crewman]]]:
    """The models under a template: (ship, her models hit) per covered ship, then (None,
    swimmers). ``skip`` is the firing ship, whose own deck the shot clears."""
    found: list[tuple[Ship | None, list[Crewman]]] = []
    for ship in state.ships:
        if ship.id == skip or not ship.on_table:
            continue
        if math.hypot(ship.x - reach_from[0], ship.y - reach_from[1]) > reach + radius(ship):
            continue
        share = deck_share(ship, inside)
        if share <= 0:
            continue
        men = casualty_order([c for c in on_deck(state, ship.id) if c.task != Task.CAPTIVE])
        count = math.ceil(share * len(men) - 1e-9)
        found.append((ship, men[:count]))
    swimmers = [c for c in state.crew if c.aboard is None and inside((c.x, c.y))]
    if swimmers:
        found.append((None, swimmers))
    return found


def grape_exposed(state: AhoyState, ship: Ship, origin: Point, direction: Point) -> bool:
    """Whether grapeshot from here would hit at least one enemy model.

    The same answer as :func:`models_under`, found sooner: this is asked for every gun each time
    the legal shots are listed. A hull the template does not touch is passed over at once, and
    the first covered point of a deck with an enemy on it settles the question.
    """
    # The same muzzle, hulls in the same places and the same men: the same answer.
    key = (origin, direction, ship.id, ship.side, id(state.crew), layout(state.ships))
    return _EXPOSED(key, state.crew, lambda: _grape_exposed(state, ship, origin, direction))


_EXPOSED: KeyedMemo[bool] = KeyedMemo()


def _grape_exposed(state: AhoyState, ship: Ship, origin: Point, direction: Point) -> bool:
    reach = tables().table("grapeshot")["length"]
    inside = under_teardrop(origin, direction)
    shape = teardrop(origin, direction)
    for other in state.ships:
        if other.id == ship.id or not other.on_table:
            continue
        if math.hypot(other.x - origin[0], other.y - origin[1]) > reach + radius(other):
            continue
        if not overlap(shape, ship_hull(other)):
            continue
        men = [c for c in on_deck(state, other.id) if c.task != Task.CAPTIVE]
        enemies = sum(1 for c in men if c.side != ship.side)
        if not enemies:
            continue
        if enemies < len(men):  # a fight on her deck: which men are hit is the casualty order's
            count = math.ceil(deck_share(other, inside) * len(men) - 1e-9)
            if any(c.side != ship.side for c in casualty_order(men)[:count]):
                return True
        elif any(inside(p) for p in _deck_points(other)):
            return True
    return any(c.aboard is None and c.side != ship.side and inside((c.x, c.y))
               for c in state.crew)


def _deck_points(ship: Ship) -> Iterator[Point]:
    for i in range(_ALONG):
        for j in range(_ACROSS):
            yield point_on_hull(ship.x, ship.y, ship.heading,
                                ship.length * ((i + 0.5) / _ALONG - 0.5),
                                ship.beam * ((j + 0.5) / _ACROSS - 0.5))


def swivel_area(ship: Ship, gun: Gun) -> tuple[Point, Point, Inside]:
    from ahoy_tui.rules.ahoy.shooting import aim

    weapon = tables().gun(gun.weapon)
    origin, direction = aim(ship, gun)
    return origin, direction, in_arc(origin, direction, weapon.range, weapon.arc)


def swivel_exposed(state: AhoyState, ship: Ship, gun: Gun) -> bool:
    """Whether a swivel gun has at least one enemy model in range and in its arc."""
    origin, _, inside = swivel_area(ship, gun)
    reach = tables().gun(gun.weapon).range
    under = models_under(state, inside, reach_from=origin, reach=reach, skip=ship.id)
    return any(c.side != ship.side for _, men in under for c in men)
