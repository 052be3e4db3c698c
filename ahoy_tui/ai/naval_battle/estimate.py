"""What a captain expects of a shot, a boarding or a pose: averages, not dice.

Every figure here is a mean worked from the rules' tables (the Guns chart, the Sniper Fire
chart, armour saves, the Boarding Actions chart), so a captain can weigh a choice without rolling
anything. The engine's own dice decide what happens; these only guide the choosing. Where the
rules lean on WFB (artillery guesses, Ballistic Skill), the captain assumes a fair chance.
"""

from __future__ import annotations

import math
from functools import cache

from ahoy_tui.engine.geometry import UNIT
from ahoy_tui.rules.naval_battle.model import Gun, NavalState, Ship
from ahoy_tui.rules.naval_battle.odds import boarding_die, damage_die, save_chance
from ahoy_tui.rules.naval_battle.tables import tables

Pose = tuple[float, float, int]  # x, y, heading (45° steps, 0 = north)

# The readings the rules make of WFB (docs/rules/naval-battle.md): "BS as crew" hits on a 4+
# (the race's shooting bonus helps); a gun with the artillery die hits at its range plus the
# die (2-10, or a misfire); a stone thrower must also roll a HIT on the scatter die (1 in 3).
CREW_BS_NEED = 4
ARTILLERY_FACES = (2, 4, 6, 8, 10)  # and a misfire
SCATTER_HIT = 1 / 3
FIRE_WORTH = 1.5  # a fire started: a point now and maybe more before it is put out
ARC_SOFT = 8.0  # degrees past the arc where a gun still counts a little (the enemy may turn)


def bearing_degrees(frm: tuple[float, float], to: tuple[float, float]) -> float:
    """The compass bearing from one point to another, degrees clockwise from north."""
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    return math.degrees(math.atan2(dx, -dy)) % 360.0


def relative_bearing(pose: Pose, to: tuple[float, float]) -> float:
    """Where a point lies from a ship's bow, degrees clockwise (0..360)."""
    return (bearing_degrees((pose[0], pose[1]), to) - pose[2] * 45.0) % 360.0


def angle_between(a: float, b: float) -> float:
    d = abs(a - b) % 360.0
    return min(d, 360.0 - d)


def free_gun(gun: Gun) -> bool:
    return gun.rotating or gun.type in tables().arc.free


def arc_share(gun: Gun, pose: Pose, to: tuple[float, float]) -> float:
    """How surely a gun's 45° arc (22.5° each side of the barrel, measured to the target's
    centre) takes in a point: 1 inside, fading to 0 a few degrees outside (the enemy's end
    pose is a guess)."""
    if free_gun(gun):
        return 1.0
    off = angle_between(relative_bearing(pose, to), gun.bearing * 45.0)
    half = tables().arc.degrees / 2
    if off <= half:
        return 1.0
    return max(0.0, 1 - (off - half) / ARC_SOFT)


def range_share(gun: Gun, distance: float) -> float:
    """The chance the shot reaches (artillery die added for the guns that use it)."""
    row = tables().gun(gun.type)
    if distance < row.min_range:
        return 0.0
    if row.max_range == 0 or distance <= row.max_range:
        return 1.0
    if "artillery" not in row.range_dice:
        return 0.0
    over = distance - row.max_range
    return sum(1 for f in ARTILLERY_FACES if f >= over) / len(ARTILLERY_FACES)


def saved_share(armour: int, modifier: int = 0) -> float:
    """The chance an armour save succeeds (a D6 scoring the armour value or more): the rules'
    odds (rules/naval_battle/odds.py)."""
    return float(save_chance(armour, modifier))


@cache
def gun_damage(gun_type: str, shooting_bonus: int = 0) -> float:
    """A shot's expected damage before the target's saves, fires counted as damage to come."""
    row = tables().gun(gun_type)
    mean = float(damage_die(row)[2])  # the rules' odds: rerolls to the end, misfires 0
    sides = {"D3": 3, "D4": 4, "D6": 6}.get(row.dice, 6)
    if row.to_hit == "automatic" or row.automatic_hit:
        hit = 1.0
    elif row.to_hit == "crew_bs":
        hit = max(0.0, min(1.0, (7 - CREW_BS_NEED + shooting_bonus) / 6))
    else:
        hit = 5 / 6 * (SCATTER_HIT if "scatter" in row.range_dice else 1.0)
    fires = len(row.fire_on) / sides * ((7 - row.fire_roll) / 6 if row.fire_roll else 1.0)
    if row.automatic_fires:
        fires += 2.0
    return hit * mean + hit * fires * FIRE_WORTH / 2


def race_bonus(ship: Ship, attr: str) -> int:
    """The best racial modifier of her crew for one ability (her ordinary crew's race)."""
    return _race_bonus(tuple(k for k, _ in ship.crew), ship.race, attr)


@cache
def _race_bonus(kinds: tuple[str, ...], race: str, attr: str) -> int:
    races = tables().races
    values = [getattr(races[kind], attr) for kind in kinds if kind in races]
    if not values and race in races:
        values = [getattr(races[race], attr)]
    return max(values, default=0)


def shot_through(gun_type: str, shooter: Ship, target: Ship, at_creature: bool = False) -> float:
    """Expected damage a gun does a target, after her armour saves (fires get no save)."""
    armour = target.creature.armour if at_creature and target.creature else target.armour
    return gun_damage(gun_type, race_bonus(shooter, "shooting")) * (1 - saved_share(armour))


def sniper_value(shooter: Ship, target: Ship, distance: float, sharp: bool = False) -> float:
    """Expected damage one chit on Snipers does at this distance (0 out of reach)."""
    reach = race_bonus(shooter, "max_shooting_range")
    if reach and distance > reach:
        return 0.0
    need = tables().sniper_to_hit(max(0.0, distance))
    if need is None:
        return 0.0
    need -= race_bonus(shooter, "shooting")
    hit = max(0.0, min(1.0, (7 - need) / 6))
    return hit * (1.0 if sharp else 1 - saved_share(target.armour))


def boarding_power(ship: Ship, chits: float, enemy: Ship) -> float:
    """Expected damage ``chits`` of her crew on Boarding do in a round (Even or losing)."""
    rules = tables()
    row = rules.boarding_row("even_or_losing")
    marines = min(ship.crew_of("marine"), int(chits))
    dice = chits + marines * (rules.specialist("marine").boarding_dice - 1)
    hit = float(boarding_die(row.to_hit, race_bonus(ship, "boarding")))  # the rules' odds
    save = saved_share(enemy.armour, row.save_modifier + race_bonus(enemy, "boarding_save"))
    return dice * hit * (1 - save)


def max_speed(ship: Ship) -> int:
    return tables().speed.maximum(ship.moving_speed_value)


def ahead(pose: Pose, distance: float) -> tuple[float, float]:
    ux, uy = UNIT[pose[2] % 8]
    return pose[0] + ux * distance, pose[1] + uy * distance


def distance(a: tuple[float, float], b: tuple[float, float]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def off_table(state: NavalState, point: tuple[float, float], margin: float) -> bool:
    return not (margin <= point[0] <= state.table.width - margin
                and margin <= point[1] <= state.table.height - margin)


def edge_room(state: NavalState, point: tuple[float, float]) -> float:
    """Inches to the nearest table edge (negative: off the table)."""
    return min(point[0], point[1], state.table.width - point[0], state.table.height - point[1])
