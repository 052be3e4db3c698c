"""The easy captain: a plain oarsman's tactics. Each galley picks the nearest enemy, steers
straight at her, cruises while she is far and goes to ramming speed inside 20"; a galley that
must escape steers for its edge. Boards whatever she holds, throws lines when she has more men,
shoots at the nearest enemy, and evens her oars."""

from __future__ import annotations

import math

from ahoy_tui.ai.ramming_speed import sight
from ahoy_tui.ai.ramming_speed.bridge import Bridge
from ahoy_tui.rules.ramming_speed.actions import WriteOrders
from ahoy_tui.rules.ramming_speed.helm import (
    bands_allowed,
    default_orders,
    full_distance,
    problem,
    radius,
    steer_toward,
)
from ahoy_tui.rules.ramming_speed.model import Band, Galley, RSState

CLOSE = 20.0


class EasyCaptain(Bridge):
    level = "easy"
    careful = False

    def write(self, view: RSState, side: str, ship: Galley) -> tuple[WriteOrders, str]:
        allowed = bands_allowed(view, ship)
        edge = sight.escape_edge(view, side)
        target = min(sight.enemies(view, side),
                     key=lambda e: math.hypot(e.x - ship.x, e.y - ship.y), default=None)
        if edge is not None:
            goal, what = sight.edge_heading(edge), f"runs for the {edge} edge"
        elif target is not None:
            goal = sight.bearing((ship.x, ship.y), (target.x, target.y))
            what = f"steers at {target.name}"
        else:
            goal, what = ship.heading, "holds her course"
        far = target is None or math.hypot(target.x - ship.x, target.y - ship.y) > CLOSE
        wanted = [Band.CRUISING, Band.SLOW] if far else [Band.RAMMING, Band.CRUISING, Band.SLOW]
        band = next((b for b in wanted if b in allowed), allowed[-1])
        if ship.embedded is not None and Band.BACKING in allowed:
            band = Band.BACKING
        n = full_distance(view, ship, band)
        moves = steer_toward(ship, band, n, radius(view, ship, band), goal) if n else ""
        if problem(view, ship, band, moves)[0]:
            plain = default_orders(view, ship)
            band, moves = plain.band, plain.moves
        speed = band.words
        return (WriteOrders(side, ship.id, band.words, moves),
                f"{ship.name} {what} at {speed} speed" if band in (
                    Band.CRUISING, Band.RAMMING, Band.SLOW) else f"{ship.name} {what}, {speed}")
