"""How good a written track is, in victory points (a galley sunk is worth her value): the ram
she makes or takes on the way (the ramming table's odds, 10.2-10.3), and where she ends it:
the rams she could make next turn and those she lays herself open to, her energy kept for the
strike (5.1), the table's edge, the shore and wreckage, her friends, boarding, and for a side
that wins by escaping, the way off its edge."""

from __future__ import annotations

import math

from attrs import frozen

from ahoy_tui.ai.ramming_speed import sight
from ahoy_tui.ai.ramming_speed.odds import accident_worth, ram_worth
from ahoy_tui.ai.ramming_speed.sight import Pose
from ahoy_tui.ai.ramming_speed.sim import Mover, Outcome
from ahoy_tui.engine.geometry import point_distance, unit_deg
from ahoy_tui.rules.ramming_speed.helm import energy_cost
from ahoy_tui.rules.ramming_speed.model import Band, Galley, RSState
from ahoy_tui.rules.ramming_speed.movement import attack_angle

ATTACK = 0.55     # a ram she could make next turn, against one made now
THREAT = 0.75     # a ram she lays herself open to next turn
BOARD_EDGE = 1.1  # boarders' strength over the defenders' to want to grapple


@frozen
class Foe:
    """An enemy as expected at the end of the move, and what she can do next turn."""

    ship: Galley
    pose: Pose
    reach: float
    circle: float
    band: Band          # her fastest band next turn
    can_move: bool
    board: float        # her boarders' strength
    defend: float       # her defenders' strength


def foe(view: RSState, m: Mover) -> Foe:
    ship = m.ship
    energy = ship.energy - energy_cost(m.band)
    nb = sight.next_band(view, ship, m.band, energy)
    return Foe(ship, m.end, sight.reach(view, ship, m.band, energy),
               sight.circle(view, ship, nb), nb, not sight.is_held(view, ship),
               sight.boarders_strength(view, ship), sight.defenders_strength(view, ship))


@frozen
class Me:
    """The galley whose orders are weighed, and what she brings to a fight."""

    ship: Galley
    board: float
    defend: float
    corvus: bool
    escape: str | None      # the edge she wins by leaving from
    chase: bool             # her enemy wins by escaping: catch him


def me_of(view: RSState, ship: Galley) -> Me:
    other = view.other(ship.side)
    return Me(ship, sight.boarders_strength(view, ship), sight.defenders_strength(view, ship),
              ship.corvus and not ship.corvus_spent, sight.escape_edge(view, ship.side),
              sight.escape_edge(view, other) is not None)


def feasible(path: float, reach: float) -> float:
    if path <= reach:
        return 1.0
    return math.exp(-(path - reach) / 4.0)


def contact_worth(me: Me, out: Outcome, view: RSState) -> float:
    ship = me.ship
    other = out.other
    worth = 0.0
    if out.raked is not None:
        worth += 0.25 * out.raked.value
    if out.kind == "ram" and other is not None:
        hurt = ram_worth(other, out.band, out.angle)
        if other.side == ship.side:
            # never ram her own: worse than any prize she might win by it (issue 37)
            return worth - hurt - 2.0 - other.value - 10.0
        extra = 0.05 * other.value if out.zone in ("oars", "rear") else 0.0
        return worth + hurt + extra + board_worth(me, other, view)
    if out.kind == "rammed" and other is not None:
        if other.side == ship.side:
            return worth - ram_worth(ship, out.band, out.angle) - 2.0
        return worth - ram_worth(ship, out.band, out.angle)
    if out.kind == "touch" and other is not None:
        if other.side == ship.side:
            return worth - 1.5
        return worth + board_worth(me, other, view)
    if out.kind == "accident":
        return worth - accident_worth(ship) - 1.0
    if out.kind == "left":
        x, y, _ = out.pose
        if me.escape is not None and view.nearest_edge(x, y) == me.escape:
            return worth + 1000.0
        if not any(s.id != ship.id and not s.withdrawing for s in view.side_ships(ship.side)):
            return worth - 1000.0   # her side's last galley: off the table, the battle lost
        return worth - ship.value - 20.0   # half her value to the enemy, and her out of it
    return worth


def board_worth(me: Me, other: Galley, view: RSState) -> float:
    """Lying alongside an enemy: a prize if her boarders are the stronger, a loss if his."""
    if me.escape is not None:
        return -0.5 * me.ship.value
    theirs_def = sight.defenders_strength(view, other)
    theirs_board = sight.boarders_strength(view, other)
    worth = 0.0
    if me.board > BOARD_EDGE * theirs_def and not sight.sinking(other):
        worth += 0.35 * other.value * (1.3 if me.corvus else 1.0)
    if theirs_board > BOARD_EDGE * me.defend:
        worth -= 0.35 * me.ship.value
    return worth


def weigh(view: RSState, me: Me, band: Band, out: Outcome, foes: list[Foe],
          friends: list[Pose], chosen_reach: tuple[float, float, Band]) -> float:
    """Her track's worth: the contact on the way and the place it leaves her."""
    ship = me.ship
    score = contact_worth(me, out, view)
    if out.kind in ("left",):
        return score
    pose = out.pose
    stopped = out.kind in ("ram", "rammed", "accident")
    reach, r, nb = chosen_reach
    if stopped:
        reach, nb = 0.0, Band.HOVE_TO
    x, y, h = pose
    best = 0.0
    rest = 0.0
    threat = 0.0
    nearest = math.inf
    for f in foes:
        target = f.ship
        if out.other is not None and target.id == out.other.id and out.kind in ("ram",
                                                                                 "rammed"):
            continue
        fx, fy, fh = f.pose
        if me.escape is None and nb is not Band.SAIL:
            path, arrive = sight.path_to(pose, ship.length, r, (fx, fy))
            nearest = min(nearest, path)
            worth = feasible(path, reach) * ram_worth(target, nb, attack_angle(arrive, fh))
            if target.withdrawing:
                worth *= 0.5
            if worth > best:
                best, rest = worth, rest + best
            else:
                rest += worth
        if f.can_move and f.reach > 0:
            path, arrive = sight.path_to(f.pose, target.length, f.circle, (x, y))
            threat += feasible(path, f.reach) * ram_worth(ship, f.band, attack_angle(arrive, h))
            if me.escape is not None:
                threat += 0.05 * max(0.0, 30.0 - path)
        if me.chase:
            d = math.hypot(fx - x, fy - y)
            score -= 0.4 * d
        gap = math.hypot(fx - x, fy - y) - (ship.length + target.length) / 2
        if gap < 2.5 and not stopped:
            score += 0.5 * board_worth(me, target, view)
    score += ATTACK * (best + 0.2 * rest) - THREAT * threat
    if nearest < math.inf:
        score -= 0.05 * max(0.0, nearest - reach)
    score -= energy_cost(band) * (0.35 if nearest > reach + 12 else 0.08)
    score -= _room(view, ship, pose, reach, me.escape)
    for fx, fy, _ in friends:
        d = math.hypot(fx - x, fy - y)
        if d < ship.length * 0.9:
            score -= (ship.length * 0.9 - d) * 0.8
    if me.escape is not None:
        score += _escape(view, me, pose)
    return score


def _room(view: RSState, ship: Galley, pose: Pose, reach: float,
          escape: str | None = None) -> float:
    """The edge and the shore close ahead of her, or close aboard (her own escape edge is
    where she wants to be)."""
    x, y, h = pose
    cost = 0.0
    ux, uy = unit_deg(h)
    ahead = min(max(reach, 6.0), 12.0)
    ax, ay = x + ux * ahead, y + uy * ahead
    if escape is None or view.nearest_edge(x, y) != escape:
        gap = sight.edge_gap(view, x, y)
        if gap < 6:
            cost += (6 - gap) * 0.6
        if not (0 <= ax <= view.width and 0 <= ay <= view.height):
            cost += 1.5
    if view.shores:
        for shore in view.shores:
            near = point_distance((x, y), shore.points) - ship.length / 2
            if near < 3:
                cost += (3 - near) * 1.2
            if point_distance((ax, ay), shore.points) < 1.0:
                cost += 1.0
    for wreck in view.wrecks:
        d = math.hypot(wreck.x - x, wreck.y - y) - (ship.length + wreck.length) / 2
        if d < 2:
            cost += (2 - d) * 0.8
    return cost


def _escape(view: RSState, me: Me, pose: Pose) -> float:
    assert me.escape is not None
    x, y, _ = pose
    left = sight.edge_distance(view, me.escape, x, y)
    return -0.6 * left
