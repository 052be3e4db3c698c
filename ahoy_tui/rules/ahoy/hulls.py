"""Where a ship's hull lies on the table, and what is near it."""

from __future__ import annotations

from ahoy_tui.engine.geometry import Polygon, distance, hull, point_on_hull
from ahoy_tui.rules.ahoy.model import AhoyState, Ship


def ship_hull(ship: Ship, x: float | None = None, y: float | None = None,
              heading: int | None = None) -> Polygon:
    """The hull footprint, at her position or at the one given."""
    return hull(ship.x if x is None else x, ship.y if y is None else y,
                ship.heading if heading is None else heading, ship.length, ship.beam)


def hull_distance(a: Ship, b: Ship) -> float:
    return distance(ship_hull(a), ship_hull(b))


def others_on_table(state: AhoyState, ship_id: str) -> list[Ship]:
    return [s for s in state.ships if s.id != ship_id and s.on_table]


def bow_point(ship: Ship) -> tuple[float, float]:
    return point_on_hull(ship.x, ship.y, ship.heading, ship.length / 2, 0.0)
