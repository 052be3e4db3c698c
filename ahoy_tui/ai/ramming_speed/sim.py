"""Follow one galley's written track against where the others are expected to be, the way the
movement phase does (8.0): everyone moves at once, by share of her move; the first touch stops
her. Her bow inside another's hull is a ram (10.0) or, announced and shallow, an oar rake
(9.1); another's bow inside hers is a ram on her; any other touch stops her (the rules'
movement module). Wreckage and the shore are accidents (23.1-23.2); off the table she is gone.
"""

from __future__ import annotations

from attrs import frozen

from ahoy_tui.ai.ramming_speed.sight import Pose
from ahoy_tui.engine.geometry import contains, hull_deg, overlap
from ahoy_tui.rules.ramming_speed.helm import track
from ahoy_tui.rules.ramming_speed.model import Band, Galley, RSState
from ahoy_tui.rules.ramming_speed.movement import attack_angle, bow_tip, local, zone_of
from ahoy_tui.rules.ramming_speed.tables import tables

STRIDE = 2  # quarter inches between the positions checked: every half inch


@frozen
class Mover:
    """A galley as she is expected to move this turn: her positions every quarter inch."""

    ship: Galley
    band: Band
    poses: tuple[Pose, ...]

    def at(self, share: float) -> Pose:
        i = round(share * (len(self.poses) - 1))
        return self.poses[i]

    @property
    def end(self) -> Pose:
        return self.poses[-1]


@frozen
class Outcome:
    """What her orders came to: how it ended (``none``, ``ram`` by her, ``rammed``, ``touch``,
    ``rake``, ``accident``, ``left``), with whom, the angle and band of any ram, and her pose
    at the end."""

    kind: str
    other: Galley | None
    angle: float
    band: Band
    pose: Pose
    zone: str = ""
    raked: Galley | None = None


def still(ship: Galley) -> Mover:
    return Mover(ship, Band.HOVE_TO, ((ship.x, ship.y, ship.heading),))


def mover(ship: Galley, band: Band, moves: str, r: float) -> Mover:
    if not moves:
        return Mover(ship, band, ((ship.x, ship.y, ship.heading),))
    return Mover(ship, band, tuple(track(ship, band, moves, r)))


def follow(view: RSState, me: Mover, others: list[Mover], rake: bool = False) -> Outcome:
    """Her track against the others' until the first contact, or its end."""
    ship = me.ship
    poses = me.poses
    n = len(poses) - 1
    if n <= 0:
        return Outcome("none", None, 0.0, me.band, poses[0])
    reach = tables()["ram"]["rake_angle"]
    near = [o for o in others if _could_meet(me, o)]
    passed: set[str] = set()
    raked: Galley | None = None
    steps = list(range(STRIDE, n + 1, STRIDE))
    if not steps or steps[-1] != n:
        steps.append(n)
    for i in steps:
        pose = poses[i]
        share = i / n
        x, y, h = pose
        hull = None
        for o in near:
            if o.ship.id in passed:
                continue
            ox, oy, oh = o.at(share)
            lim = (ship.length + o.ship.length) / 2 + 0.2
            if abs(ox - x) > lim or abs(oy - y) > lim:
                continue
            if hull is None:
                hull = hull_deg(x, y, h, ship.length, ship.beam)
            theirs = hull_deg(ox, oy, oh, o.ship.length, o.ship.beam)
            if not overlap(hull, theirs):
                continue
            angle = attack_angle(h, oh)
            tip = bow_tip(x, y, h, ship.length)
            enemy = o.ship.side != ship.side
            if contains(theirs, tip) and me.band is not Band.BACKING:
                if rake and enemy and angle <= reach:
                    passed.add(o.ship.id)
                    raked = o.ship
                    continue
                along, _ = local((ox, oy, oh), tip)
                return Outcome("ram", o.ship, angle, me.band, pose,
                               zone_of(o.ship.length, along), raked)
            their_tip = bow_tip(ox, oy, oh, o.ship.length)
            if contains(hull, their_tip) and o.band is not Band.BACKING:
                return Outcome("rammed", o.ship, angle, o.band, pose, "", raked)
            return Outcome("touch", o.ship, 0.0, me.band, pose, "", raked)
        if not (0.0 <= x <= view.width and 0.0 <= y <= view.height):
            return Outcome("left", None, 0.0, me.band, pose, "", raked)
        if (view.wrecks or view.shores) and _aground(view, ship, pose):
            return Outcome("accident", None, 90.0, me.band, pose, "", raked)
    return Outcome("rake" if raked else "none", None, 0.0, me.band, poses[-1], "", raked)


def _could_meet(me: Mover, other: Mover) -> bool:
    a, b = me.poses, other.poses
    span = (len(a) + len(b)) / 4 + (me.ship.length + other.ship.length) / 2 + 1
    return abs(a[0][0] - b[0][0]) + abs(a[0][1] - b[0][1]) <= span * 1.5


def _aground(view: RSState, ship: Galley, pose: Pose) -> bool:
    x, y, h = pose
    half = ship.length / 2
    hull = None
    for wreck in view.wrecks:
        if abs(wreck.x - x) < half + wreck.length and abs(wreck.y - y) < half + wreck.length:
            hull = hull or hull_deg(x, y, h, ship.length, ship.beam)
            # wreckage she lies in already she works clear of without a blow (23.1)
            if overlap(hull, wreck.outline) and not overlap(ship.outline, wreck.outline):
                return True
    for shore in view.shores:
        xs = [p[0] for p in shore.points]
        ys = [p[1] for p in shore.points]
        if min(xs) - half <= x <= max(xs) + half and min(ys) - half <= y <= max(ys) + half:
            hull = hull or hull_deg(x, y, h, ship.length, ship.beam)
            if overlap(hull, shore.points):
                return True
    return False
