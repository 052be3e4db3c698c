"""What a captain knows about gunnery: the odds of a shot, worked out from the rules' own tables.

A guessed shot lands at the guess plus the artillery die (2, 4, 6, 8 or 10; one face in six a
misfire) and hits if it lands on the hull, which the line of fire crosses between two distances.
So the best guess is the one whose five possible landing points fall most often on that stretch.
"""

from __future__ import annotations

from functools import cache

from ahoy_tui.engine.geometry import UNIT, ray_span
from ahoy_tui.rules.ahoy.combat import to_wound_needed
from ahoy_tui.rules.ahoy.crew import gun_crew
from ahoy_tui.rules.ahoy.hulls import ship_hull
from ahoy_tui.rules.ahoy.model import AhoyState, Gun, Ship
from ahoy_tui.rules.ahoy.ramming import toughness
from ahoy_tui.rules.ahoy.shooting import (
    BOW_EDGE,
    STERN_EDGE,
    fire_choice,
    gun_ready,
    line_of_fire,
    nearest_target,
)
from ahoy_tui.rules.ahoy.tables import Ordnance, tables

FACES = (2, 4, 6, 8, 10)  # the artillery die's numbers; the sixth face is a misfire


def best_guess(near: float, far: float, longest: int) -> tuple[int, float]:
    """The guess (1..longest) most likely to land between ``near`` and ``far``, and its odds."""
    best, odds = 1, -1.0
    for guess in range(1, longest + 1):
        hits = sum(1 for face in FACES if near <= guess + face <= far)
        chance = hits / 6
        if chance > odds + 1e-12:
            best, odds = guess, chance
    return best, odds


@cache
def _wound_chance(strength: int, toughness_: int, bonus: int) -> tuple[float, float]:
    """(chance to damage, chance of a natural-6 critical) on the S v T chart with a bonus."""
    need = to_wound_needed(strength, toughness_)
    if need is None:
        return 0.0, 0.0
    wins = sum(1 for face in range(2, 7) if face + bonus >= need)
    return wins / 6, (1 / 6 if 6 + bonus >= need else 0.0)


def _mean(expression: str) -> float:
    return {"D3": 2.0, "D6": 3.5}.get(expression, 2.0)


def expected_damage(weapon: Ordnance, target: Ship, *, point_blank: bool, rake: bool) -> float:
    """Structure Points a hit is worth on average, criticals counted roughly."""
    bonus = int(point_blank) + int(rake)
    wound, critical = _wound_chance(weapon.strength, toughness(target), bonus)
    return wound * (_mean(weapon.wounds) + bonus) + critical * 3.0


def guess_for(state: AhoyState, ship: Ship, gun: Gun) -> int:
    """The best guess for a gun whose line of fire has a target out of point-blank range."""
    target = nearest_target(state, ship, gun)
    weapon = tables().gun(gun.weapon)
    if target is None:
        return min(weapon.range, 12)
    origin, heading = line_of_fire(ship, gun)
    span = ray_span(origin, UNIT[heading], ship_hull(target[1]))
    near, far = span if span else (target[0], target[0] + target[1].beam)
    return best_guess(near, far, weapon.range)[0]


def shot_value(state: AhoyState, ship: Ship, gun: Gun) -> float:
    """Expected damage from firing this gun now (0 if it has nothing to fire at)."""
    choice = fire_choice(state, ship, gun)
    if choice is None:
        return 0.0
    target = nearest_target(state, ship, gun)
    if target is None:
        return 0.0
    distance, victim, edge = target
    weapon = tables().gun(gun.weapon)
    rake = edge in (BOW_EDGE, STERN_EDGE)
    if choice[0] == "point_blank":
        chance = 5 / 6
        pb = True
    else:
        origin, heading = line_of_fire(ship, gun)
        span = ray_span(origin, UNIT[heading], ship_hull(victim))
        near, far = span if span else (distance, distance + victim.beam)
        chance = best_guess(near, far, weapon.range)[1]
        pb = False
    return chance * expected_damage(weapon, victim, point_blank=pb, rake=rake)


def bearing_value(state: AhoyState, ship: Ship, *, as_crewed: bool = False) -> float:
    """What a ship's guns could do if she fired: the sum of their shot values.

    By default each gun counts as manned and loaded (her crew are told off again at the start of
    her turn). ``as_crewed`` counts the guns as they are manned now, this turn: an unmanned gun
    does nothing, an undermanned one only fires on its roll, a fired one is done.
    """
    if not as_crewed:
        return sum(_gun_potential(state, ship, gun) for gun in ship.guns)
    total = 0.0
    for gun in ship.guns:
        if gun.fired or gun_ready(state, ship, gun) is not None:
            continue
        needs = tables().gun(gun.weapon).fire_needs(gun_crew(state, ship, gun.id))
        if needs is None:
            continue
        total += (7 - needs) / 6 * _gun_potential(state, ship, gun)
    return total


def _gun_potential(state: AhoyState, ship: Ship, gun: Gun) -> float:
    target = nearest_target(state, ship, gun)
    if target is None or gun.state.value == "destroyed":
        return 0.0
    distance, victim, edge = target
    weapon = tables().gun(gun.weapon)
    if distance > weapon.range:
        return 0.0
    rake = edge in (BOW_EDGE, STERN_EDGE)
    if distance <= tables().roll("point_blank"):
        return 5 / 6 * expected_damage(weapon, victim, point_blank=True, rake=rake)
    origin, heading = line_of_fire(ship, gun)
    span = ray_span(origin, UNIT[heading], ship_hull(victim))
    near, far = span if span else (distance, distance + victim.beam)
    return best_guess(near, far, weapon.range)[1] * expected_damage(
        weapon, victim, point_blank=False, rake=rake)
