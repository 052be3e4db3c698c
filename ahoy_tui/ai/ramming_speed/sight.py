"""What a captain reads off the table from his side's view: galleys still fighting, how far a
galley can go next turn, the path her bow must take to reach a point, edges and shores."""

from __future__ import annotations

import math

from ahoy_tui.ai.ramming_speed.odds import strength
from ahoy_tui.engine.geometry import bearing_deg, on_hull_deg, point_distance
from ahoy_tui.rules.ramming_speed import grappling, melee
from ahoy_tui.rules.ramming_speed.helm import (
    ROWED,
    energy_cost,
    full_distance,
    held,
    radius,
    sail_works,
)
from ahoy_tui.rules.ramming_speed.model import Band, Galley, RSState
from ahoy_tui.rules.ramming_speed.tables import band_distance

Pose = tuple[float, float, float]


def enemies(view: RSState, side: str) -> list[Galley]:
    return [s for s in view.ships if s.afloat and s.side != side]


def fighting_enemies(view: RSState, side: str) -> list[Galley]:
    """Enemies worth striking: afloat and not yet taken by boarders."""
    return [s for s in enemies(view, side) if not s.withdrawing or s.loads < 5]


def friends(view: RSState, ship: Galley) -> list[Galley]:
    return [s for s in view.ships if s.afloat and s.side == ship.side and s.id != ship.id]


def bow(pose: Pose, length: float) -> tuple[float, float]:
    return on_hull_deg(pose[0], pose[1], pose[2], length / 2, 0.0)


def next_band(view: RSState, ship: Galley, band: Band, energy: int) -> Band:
    """The fastest band she may take next turn after ``band`` this turn (6.0, 5.2)."""
    if ship.sail_only or sail_works(ship):
        return band
    at = ROWED.index(band) if band in ROWED else 1
    up = ROWED[min(len(ROWED) - 1, at + 1)]
    while up in (Band.CRUISING, Band.RAMMING) and energy < energy_cost(up):
        up = ROWED[ROWED.index(up) - 1]
    return up


def reach(view: RSState, ship: Galley, band: Band, energy: int) -> float:
    """Inches she can make next turn at her fastest."""
    up = next_band(view, ship, band, energy)
    if up is Band.SAIL:
        return float(full_distance(view, ship, Band.SAIL))
    base = band_distance(up.words, ship.oar_sections) if up not in (Band.HOVE_TO,) else 0
    return float(base * (4 - ship.loads) // 4)


def circle(view: RSState, ship: Galley, band: Band) -> float:
    return radius(view, ship, band if band is not Band.HOVE_TO else Band.SLOW)


def path_to(pose: Pose, length: float, r: float, point: tuple[float, float]) -> tuple[float,
                                                                                      float]:
    """The shortest way for her bow to reach ``point``: one turn on her circle, then straight
    (a Dubins curve of one arc). Returns (inches, heading on arrival)."""
    bx, by = bow(pose, length)
    fx, fy = math.sin(math.radians(pose[2])), -math.cos(math.radians(pose[2]))
    dx, dy = point[0] - bx, point[1] - by
    u = dx * fx + dy * fy          # ahead
    v = -dx * fy + dy * fx         # to starboard
    sign = 1.0 if v >= 0 else -1.0
    v = abs(v)
    big_d = math.hypot(u, v - r)
    if big_d < r:  # inside her turning circle: a loop and a half
        return 2 * math.pi * r + math.hypot(u, v), (pose[2] + 180) % 360
    t = math.sqrt(max(0.0, big_d * big_d - r * r))
    beta = math.atan2(v - r, u)
    phi = (beta + math.atan2(r, t)) % (2 * math.pi)
    return r * phi + t, (pose[2] + sign * math.degrees(phi)) % 360


def edge_gap(view: RSState, x: float, y: float) -> float:
    return min(x, y, view.width - x, view.height - y)


def shore_gap(view: RSState, x: float, y: float) -> float:
    return min((point_distance((x, y), s.points) for s in view.shores), default=math.inf)


def bearing(a: tuple[float, float], b: tuple[float, float]) -> float:
    return bearing_deg(a, b)


def boarders_strength(view: RSState, ship: Galley) -> float:
    return strength(melee.boarders(view, ship))


def defenders_strength(view: RSState, ship: Galley) -> float:
    """Everyone of hers fit on her deck, and any of her boarders who would come home."""
    return strength(m for m in view.men if m.aboard == ship.id and m.ship == ship.id
                    and melee.fit(view, m))


def is_held(view: RSState, ship: Galley) -> bool:
    return held(view, ship)


def sinking(ship: Galley) -> bool:
    return ship.holed and ship.loads >= 3


def escape_edge(view: RSState, side: str) -> str | None:
    return dict(view.escape).get(side)


def edge_heading(edge: str) -> float:
    return {"N": 0.0, "E": 90.0, "S": 180.0, "W": 270.0}[edge]


def edge_distance(view: RSState, edge: str, x: float, y: float) -> float:
    return {"N": y, "S": view.height - y, "W": x, "E": view.width - x}[edge]


def contested(view: RSState, ship: Galley) -> bool:
    return grappling.contested(view, ship.id)
