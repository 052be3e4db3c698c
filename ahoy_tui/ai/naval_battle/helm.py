"""Where a ship could be at the end of the Movement Phase, and how good a place that is.

A :class:`Course` is one way to fill in a ship's maneuver boxes and Speed box: the tokens in
order and the chits on Speed. The captain predicts her track with the rules' own
``movement.change_speed`` and ``movement.track``; the enemy he predicts from what he can see,
holding her course at her speed (changed by what she declared, if she has declared). He then
weighs the end pose (:func:`weigh`): the damage his guns and snipers can expect to do from there
and what the enemy's can do to him, both in victory points (damage × 50 ÷ the shooter's size,
as the rules score it), boarding and collisions, and the table's edge, which takes a ship out
of the battle.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from functools import cache

from attrs import frozen

from ahoy_tui.ai.naval_battle import estimate as est
from ahoy_tui.ai.naval_battle.estimate import Pose
from ahoy_tui.engine.geometry import UNIT
from ahoy_tui.rules.naval_battle import movement
from ahoy_tui.rules.naval_battle.model import (
    DOWN,
    HOLD,
    MANEUVER_KINDS,
    MANEUVERS,
    PORT,
    SPECIALIST_STATIONS,
    SPEED,
    STARBOARD,
    STEADY,
    UP,
    NavalState,
    Ship,
    ShipOrders,
)
from ahoy_tui.rules.naval_battle.odds import collision_mean

OFF_TABLE = -1000.0  # leaving the table takes her out of the battle
SAMPLES = 3  # points checked along each maneuver for collisions and the table edge


@frozen
class Enemy:
    """An enemy ship as the captain expects her to move: her positions along the turn."""

    ship: Ship
    path: tuple[tuple[float, float], ...]  # evenly spaced in time, start to end
    pose: Pose  # at the end of the Movement Phase
    speed: int


@frozen
class Aim:
    """What a ship can do from an end pose: the plan the chits will be dealt to."""

    target: str | None  # the ship her guns and snipers mean to hit
    guns: tuple[tuple[str, str], ...]  # (gun id, target id) for the guns expected to bear
    guns_ap: int  # action points those guns want on Guns
    snipers: bool  # an enemy within sniper reach
    contact: str | None  # the enemy she is expected to touch
    board: bool  # she means to grapple and board
    nearest: float  # inches to the nearest enemy at the end of the move
    damage: float  # expected damage she does (before victory point weighting)
    threat: float  # expected damage done to her


@frozen
class Course:
    """One way to fill in the maneuver tokens and the Speed box, and where it takes her."""

    maneuvers: tuple[str, ...]
    speed_chits: int  # crew (or creature) chits on Speed
    turn_chits: int  # chits paying the turns
    speed: int  # her speed after the change
    poses: tuple[Pose, ...]  # after each maneuver, from where she is now
    score: float
    aim: Aim


def plain_crew(ship: Ship) -> int:
    """Her chits that may go on any box (not specialists)."""
    return sum(n for kind, n in ship.crew if kind not in SPECIALIST_STATIONS)


_TURN_COSTS: dict[tuple[int, int], int] = {}


def turn_cost(ship: Ship) -> int:
    """What a turn costs her (the movement rules' ``turn_cost``, remembered)."""
    key = (ship.size, ship.creature.share if ship.creature_alive and ship.creature else -1)
    cost = _TURN_COSTS.get(key)
    if cost is None:
        cost = _TURN_COSTS[key] = movement.turn_cost(ship)
    return cost


def helm_crew(ship: Ship) -> int:
    """Chits that may pay for speed and turns: a creature's own, else crew and Sailors."""
    if ship.creature_alive and ship.creature is not None:
        return ship.creature.chits
    return plain_crew(ship) + ship.crew_of("sailor")


@cache
def sequences(tokens: int) -> tuple[tuple[str, ...], ...]:
    """Every way to lay ``tokens`` maneuver tokens (3^tokens; a big ship keeps the simpler)."""
    if tokens <= 4:
        return tuple(itertools.product(MANEUVER_KINDS, repeat=tokens))
    # at most one change of mind: turns to one side then steady, or steady then turns
    out: set[tuple[str, ...]] = set()
    for turn in (PORT, STARBOARD):
        for k in range(tokens + 1):
            out.add((turn,) * k + (STEADY,) * (tokens - k))
            out.add((STEADY,) * (tokens - k) + (turn,) * k)
    return tuple(sorted(out))


def speed_options(ship: Ship, declared: str, spare: int, fine: bool = False,
                  zero: bool = True) -> list[int]:
    """Chits on Speed worth trying for a declaration (an up costs 2 a inch, a down 1);
    ``zero``: with none at all (as good as holding)."""
    if declared == HOLD:
        return [0]
    if not zero:
        return [c for c in speed_options(ship, declared, spare, fine) if c]
    if declared == UP:
        room = est.max_speed(ship) - ship.speed
        steps = (1, 2, 3, 4, 6) if fine else (2, 4, 6)
        gains = sorted({min(room, g) for g in steps if g} | {0})
        return [g * 2 for g in gains if g * 2 <= spare]
    steps = (1, 2, 4, 6, 9, 16) if fine else (2, 4, 8, 16)
    drops = sorted({min(ship.speed, d) for d in steps} | {0, min(ship.speed, spare)})
    return [d for d in drops if d <= spare]


def course_orders(ship: Ship, maneuvers: tuple[str, ...], speed_chits: int,
                  turn_chits: int) -> ShipOrders:
    """Orders enough for the movement rules to move her (the rest of the sheet comes later)."""
    if ship.creature_alive:
        return ShipOrders(ship.id, (), maneuvers, creature_speed=speed_chits,
                          creature_maneuvers=turn_chits)
    kind = next((k for k, _ in ship.crew if k not in SPECIALIST_STATIONS), "sailor")
    assign = tuple((box, kind, n) for box, n in ((MANEUVERS, turn_chits), (SPEED, speed_chits))
                   if n)
    return ShipOrders(ship.id, assign, maneuvers)


_HULLS: dict[int, tuple[float, float]] = {}


def hull_size(ship: Ship) -> tuple[float, float]:
    """Her length and beam, from the movement rules' footprint (it grows with her size)."""
    size = _HULLS.get(ship.size)
    if size is None:
        poly = movement.hull_of(ship)
        a, b, c = poly[0], poly[1], poly[2]
        size = _HULLS[ship.size] = (est.distance(b, c), est.distance(a, b))
    return size


def predict_enemy(view: NavalState, enemy: Ship, turn: int = 0) -> Enemy:
    """An enemy holding her course (or turning ``turn`` 45° steps at the start) at her speed,
    changed by her revealed declaration (a guess at how much)."""
    declared = dict(view.speeds_shown).get(enemy.id, HOLD)
    speed = enemy.speed
    if declared == UP:
        speed = min(est.max_speed(enemy), speed + 3)
    elif declared == DOWN:
        speed = max(0, speed - 4)
    heading = (enemy.heading + turn) % 8
    if enemy.bound_to:
        speed = 0
    ux, uy = UNIT[heading]
    steps = SAMPLES * 3
    path = tuple((enemy.x + ux * speed * i / steps, enemy.y + uy * speed * i / steps)
                 for i in range(steps + 1))
    return Enemy(enemy, path, (path[-1][0], path[-1][1], heading), speed)


def path_points(poses: Sequence[Pose], samples: int) -> list[tuple[float, float, float]]:
    """Points along her track (x, y, share of the move done): each maneuver's straight leg
    from the pose before it (turned) to the pose after it."""
    legs = len(poses) - 1
    out = [(poses[0][0], poses[0][1], 0.0)]
    for i in range(legs):
        x0, y0, _ = poses[i]
        x1, y1, _ = poses[i + 1]
        for k in range(1, samples + 1):
            t = k / samples
            out.append((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, (i + t) / legs))
    return out


def _enemy_at(enemy: Enemy, share: float) -> tuple[float, float]:
    index = share * (len(enemy.path) - 1)
    low = int(index)
    high = min(low + 1, len(enemy.path) - 1)
    t = index - low
    (x0, y0), (x1, y1) = enemy.path[low], enemy.path[high]
    return x0 + (x1 - x0) * t, y0 + (y1 - y0) * t


def guns_on(view: NavalState, shooter: Ship, pose: Pose,
            targets: Iterable[tuple[Ship, tuple[float, float]]],
            at_creature: bool = False) -> list[tuple[float, int, str, str]]:
    """(expected damage, action points, gun id, target id) for each gun that would bear from
    ``pose`` on one of ``targets`` (the best target for each gun)."""
    from ahoy_tui.rules.naval_battle.tables import tables

    rules = tables()
    out = []
    targets = list(targets)
    for gun in shooter.guns:
        if gun.destroyed:
            continue
        best: tuple[float, str] | None = None
        for target, point in targets:
            d = est.distance((pose[0], pose[1]), point)
            share = est.range_share(gun, d)
            if share > 0:
                share *= est.arc_share(gun, pose, point)
            if share < 0.3:
                continue
            value = share * est.shot_through(gun.type, shooter, target, at_creature)
            if best is None or value > best[0]:
                best = (value, target.id)
        if best is not None:
            out.append((best[0], rules.gun(gun.type).action_points, gun.id, best[1]))
    return out


def firepower(shots: list[tuple[float, int, str, str]], budget: float,
              sniper_chit: float) -> tuple[float, list[tuple[float, int, str, str]]]:
    """Guns worth their action points against putting the chits on Snipers instead: the
    damage expected of ``budget`` chits and the guns chosen (best damage per point first)."""
    chosen = []
    total = 0.0
    left = budget
    for shot in sorted(shots, key=lambda s: s[0] / max(s[1], 1), reverse=True):
        value, ap = shot[0], shot[1]
        if ap <= left and value >= sniper_chit * ap * 0.8:
            chosen.append(shot)
            total += value
            left -= ap
    return total + max(0.0, left) * sniper_chit, chosen


def weigh(view: NavalState, ship: Ship, poses: Sequence[Pose], speed: int, spent: int,
          enemies: Sequence[Enemy], friends: Sequence[tuple[float, float]] = ()
          ) -> tuple[float, Aim]:
    """How good the end of this track is for her, in victory points the turn may bring."""
    end = poses[-1]
    length, _ = hull_size(ship)
    half = length / 2
    score = 0.0
    points = path_points(poses, SAMPLES)
    for x, y, _ in points:
        if est.off_table(view, (x, y), half * 0.6):
            return OFF_TABLE, _no_aim()
    for fx, fy in friends:
        if est.distance((end[0], end[1]), (fx, fy)) < length:
            score -= 3.0  # two of our own ships fouling each other
    crew = plain_crew(ship) - (0 if ship.creature_alive else spent)
    crew = max(0, crew)
    # contact: the nearest approach to each enemy along the turn
    contact: Enemy | None = None
    start = (poses[0][0], poses[0][1])
    for enemy in enemies:
        e_len, _ = hull_size(enemy.ship)
        reach = (length + e_len) / 3
        apart = est.distance(start, enemy.path[0])
        if apart > speed + enemy.speed + reach + 1.0:
            continue
        if any(est.distance((x, y), _enemy_at(enemy, t)) < reach for x, y, t in points):
            contact = enemy
            break
    targets = [(e.ship, (e.pose[0], e.pose[1])) for e in enemies]
    nearest = min((est.distance((end[0], end[1]), p) for _, p in targets), default=99.0)
    fire_reserve = min(crew, ship.fires * 3)
    board_reserve = 0.0
    board = False
    board_value = 0.0
    if contact is not None:
        mine = est.boarding_power(ship, crew * 0.7, contact.ship)
        theirs = est.boarding_power(contact.ship, plain_crew(contact.ship) * 0.5, ship)
        vp_mine, vp_theirs = 50 / ship.size, 50 / contact.ship.size
        board = mine > theirs * 1.1
        if board:
            board_value = 1.5 * (mine * vp_mine - theirs * vp_theirs)
            board_reserve = crew * 0.7
        else:
            board_value = -1.5 * max(0.0, theirs * vp_theirs - mine * vp_mine) - 1.0
            board_reserve = crew * 0.3
        # a collision: both ships take the combined speed ÷ 6 and the open-ended die (the
        # rules' odds, rules/naval_battle/odds.py), the rammer half
        bump = float(collision_mean(int(speed), int(contact.speed)))
        bump_me = bump * (1 - est.saved_share(ship.armour))
        bump_them = bump * (1 - est.saved_share(contact.ship.armour))
        board_value += bump_them * 0.5 * vp_mine - bump_me * 0.5 * vp_theirs
    # shooting from the end pose
    best_sniper, sniper_target = 0.0, None
    for target, point in targets:
        d = est.distance((end[0], end[1]), point)
        value = est.sniper_value(ship, target, d)
        if value > best_sniper:
            best_sniper, sniper_target = value, target.id
    gunners = ship.crew_of("master_gunner")
    sharp = ship.crew_of("sharp_shooter")
    shots = guns_on(view, ship, end, targets)
    budget = max(0.0, crew - fire_reserve - board_reserve)
    damage, chosen = firepower(shots, budget + gunners, best_sniper)
    if sniper_target is not None and sharp:
        target_ship = next(t for t, _ in targets if t.id == sniper_target)
        d = est.distance((end[0], end[1]), next(p for t, p in targets if t.id == sniper_target))
        damage += sharp * est.sniper_value(ship, target_ship, d, sharp=True)
    if ship.creature_alive and ship.creature is not None:
        from ahoy_tui.rules.naval_battle.tables import tables

        chits = ship.creature.chits
        dice = tables().creatures.ranged_dice(chits)
        if dice and nearest <= chits:
            damage += dice * 3.5 * 0.6
    target_id = chosen[0][3] if chosen else sniper_target
    score += damage * 50 / ship.size
    # what they can do to her from where they will be
    threat_total = 0.0
    me = [(ship, (end[0], end[1]))]
    for enemy in enemies:
        e_crew = plain_crew(enemy.ship)
        d = est.distance((enemy.pose[0], enemy.pose[1]), (end[0], end[1]))
        e_sniper = est.sniper_value(enemy.ship, ship, d)
        e_shots = guns_on(view, enemy.ship, enemy.pose, me)
        e_damage, _ = firepower(e_shots, e_crew * 0.6 + enemy.ship.crew_of("master_gunner"),
                                e_sniper)
        e_damage += enemy.ship.crew_of("sharp_shooter") * est.sniper_value(
            enemy.ship, ship, d, sharp=True)
        threat_total += e_damage
        score -= 0.8 * e_damage * 50 / enemy.ship.size
    score += board_value
    # next turn's helm, with the crew she may have lost by then
    score += _edge_ahead(view, ship, end, speed, half, lost=threat_total)
    # closing with the enemy: the guns and snipers want her within reach next turn
    ideal = 16.0
    if nearest > ideal:
        score -= 0.04 * (nearest - ideal)
    aim = Aim(target_id, tuple((g, t) for _, _, g, t in chosen),
              sum(ap for _, ap, _, _ in chosen), sniper_target is not None,
              contact.ship.id if contact is not None else None, board, nearest, damage,
              threat_total)
    return score, aim


def _no_aim() -> Aim:
    return Aim(None, (), 0, False, None, False, 99.0, 0.0, 0.0)


def _edge_ahead(view: NavalState, ship: Ship, end: Pose, speed: int, half: float,
                lost: float = 0.0) -> float:
    """Next turn: can she still keep off the edge? Straight on, or turning some of her tokens
    one way, at her speed or slowed with whatever chits the turns leave (a point a inch), with
    the crew left after the ``lost`` she may expect to lose before then (a creature's chits
    are its own)."""
    tokens = max(ship.moving_maneuverability, 1)
    cost = turn_cost(ship)
    spare = helm_crew(ship) if ship.creature_alive else max(0, int(helm_crew(ship) - lost))
    margin = half + 1.0
    best = -300.0
    for turns in range(tokens + 1):
        left = spare - turns * cost
        if left < 0:
            break
        for pace in (speed, max(0, speed - left)):
            penalty = -0.3 * turns if pace == speed else -2.0 - 0.3 * turns
            if penalty <= best:
                continue
            for way in ((1,) if turns == 0 else (-1, 1)):
                if _stays_on(view, end, pace, tokens, turns, way, margin):
                    best = penalty
                    break
    return best


def _stays_on(view: NavalState, end: Pose, pace: float, tokens: int, turns: int, way: int,
              margin: float) -> bool:
    x, y, heading = end
    for index in range(tokens):
        if index < turns:
            heading = (heading + way) % 8
        ux, uy = UNIT[heading]
        for part in (0.5, 1.0):
            px, py = x + ux * pace / tokens * part, y + uy * pace / tokens * part
            if est.off_table(view, (px, py), margin * 0.6):
                return False
        x, y = x + ux * pace / tokens, y + uy * pace / tokens
    # and she must not end pointing at an edge she cannot turn from at this pace
    return not est.off_table(view, est.ahead((x, y, heading), pace * 0.5), 0.0)


World = tuple[float, Sequence[Enemy]]  # a guess at how the enemy moves, and its weight


def plan_courses(view: NavalState, ship: Ship, declared: str, worlds: Sequence[World],
                 friends: Sequence[tuple[float, float]] = (), fine: bool = False,
                 zero: bool = True) -> list[Course]:
    """Every course worth trying for her under a declaration, weighed against each guess at
    the enemy's move (the weighted mean; the aim is the likeliest guess's)."""
    cost = turn_cost(ship)
    spare = helm_crew(ship)
    courses = []
    for speed_chits in speed_options(ship, declared, spare, fine, zero):
        orders = course_orders(ship, (STEADY,) * ship.moving_maneuverability, speed_chits, 0)
        changed, _ = movement.change_speed(ship, declared, orders)
        for maneuvers in sequences(ship.moving_maneuverability):
            turns = sum(1 for m in maneuvers if m != STEADY)
            turn_chits = turns * cost
            if turn_chits + speed_chits > spare:
                continue
            orders = course_orders(changed, maneuvers, speed_chits, turn_chits)
            poses = movement.track(changed, orders)
            spent = turn_chits + speed_chits - (0 if ship.creature_alive else min(
                ship.crew_of("sailor"), turn_chits + speed_chits))
            score = 0.0
            aim: Aim | None = None
            for weight, enemies in worlds:
                value, seen = weigh(view, ship, poses, changed.speed, spent, enemies, friends)
                score += weight * value
                aim = aim or seen
            assert aim is not None
            score -= 0.01 * turns  # all else equal, a steady hand
            courses.append(Course(maneuvers, speed_chits, turn_chits, changed.speed,
                                  tuple(poses), score, aim))
    return courses


def best_course(view: NavalState, ship: Ship, declared: str, worlds: Sequence[World],
                friends: Sequence[tuple[float, float]] = (), fine: bool = False,
                zero: bool = True) -> Course | None:
    courses = plan_courses(view, ship, declared, worlds, friends, fine, zero)
    return max(courses, key=lambda c: c.score, default=None)


def turn_toward(pose: Pose, point: tuple[float, float]) -> int:
    """The 45° steps to port (-) or starboard (+) that point her bow nearest the point."""
    rel = est.relative_bearing(pose, point)
    steps = round(rel / 45.0) % 8
    return steps - 8 if steps > 4 else steps


def nearest_enemy(view: NavalState, ship: Ship) -> Ship | None:
    enemies = [s for s in view.ships if s.afloat and s.side != ship.side]
    return min(enemies, key=lambda e: math.hypot(e.x - ship.x, e.y - ship.y), default=None)
