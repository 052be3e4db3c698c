"""What a captain knows about gunnery: the odds of a shot, worked out from the rules' own tables.

A guessed shot lands at the guess plus the artillery die (2, 4, 6, 8 or 10; one face in six a
misfire) and hits if it lands on the hull, which the line of fire crosses between two distances.
So the best guess is the one whose five possible landing points fall most often on that stretch.
"""

from __future__ import annotations

from functools import cache

from ahoy_tui.engine.geometry import ray_span
from ahoy_tui.engine.odds import mean
from ahoy_tui.rules.ahoy.crew import gun_crew
from ahoy_tui.rules.ahoy.hulls import ship_hull
from ahoy_tui.rules.ahoy.model import AhoyState, Crewman, Gun, Ship
from ahoy_tui.rules.ahoy.odds import ARTILLERY_NUMBERS, damage_chances, model_hit_chance
from ahoy_tui.rules.ahoy.odds import expression as damage_expression
from ahoy_tui.rules.ahoy.ramming import toughness
from ahoy_tui.rules.ahoy.shooting import (
    BOW_EDGE,
    STERN_EDGE,
    aim,
    fire_choice,
    gun_ready,
    nearest_target,
)
from ahoy_tui.rules.ahoy.tables import Ordnance, tables
from ahoy_tui.rules.ahoy.templates import in_arc, models_under, under_teardrop

FACES = ARTILLERY_NUMBERS  # the artillery die's numbers; the sixth face is a misfire


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
    """(chance to damage, chance of a natural-6 critical) on the S v T chart with a bonus: the
    rules' odds (rules/ahoy/odds.py), as floats."""
    wound, critical = damage_chances(strength, toughness_, bonus)
    return float(wound), float(critical)


@cache  # a damage expression's mean never changes; the judges ask it thousands of times
def _mean(expression: str) -> float:
    return float(mean(damage_expression(expression)))


def expected_damage(weapon: Ordnance, target: Ship, *, point_blank: bool, rake: bool,
                    chain: bool = False) -> float:
    """Structure Points a hit is worth on average, criticals counted roughly (chainshot: one
    more point, and its criticals, at most Dismasted, count a little less)."""
    bonus = int(point_blank) + int(rake)
    wound, critical = _wound_chance(weapon.strength, toughness(target), bonus)
    extra = tables().table("chainshot")["damage_bonus"] if chain else 0
    return wound * (_mean(weapon.wounds) + bonus + extra) + critical * (2.5 if chain else 3.0)


def guess_for(state: AhoyState, ship: Ship, gun: Gun) -> int:
    """The best guess for a gun whose line of fire has a target out of point-blank range."""
    target = nearest_target(state, ship, gun)
    weapon = tables().gun(gun.weapon)
    if target is None:
        return min(weapon.range, 12)
    return best_guess(*_span(ship, gun, target[0], target[1]), weapon.range)[0]


def shot_value(state: AhoyState, ship: Ship, gun: Gun, shot: str = "ball") -> float:
    """Expected damage from firing this gun now (0 if it has nothing to fire at)."""
    choice = fire_choice(state, ship, gun)
    if choice is None or choice[0] == "swivel":
        return 0.0
    target = nearest_target(state, ship, gun)
    if target is None:
        return 0.0
    distance, victim, edge = target
    if victim.sinking:
        return 0.0  # a hull at 0 SP, already going down, has nothing left to lose
    weapon = tables().gun(gun.weapon)
    rake = edge in (BOW_EDGE, STERN_EDGE)
    chain = shot == "chain"
    if choice[0] == "point_blank":
        chance = 5 / 6
        pb = True
    else:
        chance = best_guess(*_span(ship, gun, distance, victim), _longest(weapon, chain))[1]
        pb = False
    return chance * expected_damage(weapon, victim, point_blank=pb, rake=rake, chain=chain)


def _longest(weapon: Ordnance, chain: bool) -> int:
    return min(weapon.range, tables().table("chainshot")["max_guess"]) if chain \
        else weapon.range


def _span(ship: Ship, gun: Gun, distance: float, victim: Ship) -> tuple[float, float]:
    """Where the line of fire crosses the victim's hull, less any slip of a turret's
    elevation (the shot lands that much short, so the hull is that much further off)."""
    origin, direction = aim(ship, gun)
    span = ray_span(origin, direction, ship_hull(victim))
    near, far = span if span else (distance, distance + victim.beam)
    return near + gun.range_loss, far + gun.range_loss


def guess_for_shot(state: AhoyState, ship: Ship, gun: Gun, shot: str) -> int:
    """The best guess for a gun's ball or chainshot."""
    target = nearest_target(state, ship, gun)
    weapon = tables().gun(gun.weapon)
    longest = _longest(weapon, shot == "chain")
    if target is None:
        return min(longest, 12)
    return best_guess(*_span(ship, gun, target[0], target[1]), longest)[0]


MAN_WORTH = 1.0  # a model cut down, in Structure Points, when weighing grape and swivels


def _kill_chance(man: Crewman, need: int, strength: int, save_extra: int) -> float:
    """The chance a model under the template takes a wound: the rules' odds
    (rules/ahoy/odds.py), as a float."""
    return float(model_hit_chance(man, need, strength, save_extra))


def aimed_at_a_wreck(state: AhoyState, ship: Ship, gun: Gun) -> bool:
    """The ship this gun's ball or chain would strike is already going down (0 SP)."""
    target = nearest_target(state, ship, gun)
    return target is not None and target[1].sinking


def going_down(state: AhoyState, ship: Ship, victim: Ship) -> bool:
    """``victim`` is sinking (0 SP) and not locked to ``ship``: her crew, soon in the water,
    are no longer worth a volley (locked to her, they could yet board)."""
    return victim.sinking and victim.id not in state.locked_with(ship.id)


def template_value(state: AhoyState, ship: Ship, gun: Gun, shot: str) -> float:
    """What grapeshot or a swivel gun would do now: enemy models cut down (friends under it
    count against), and for grapeshot the blast on each ship's hull."""
    weapon = tables().gun(gun.weapon)
    origin, direction = aim(ship, gun)
    if weapon.kind == "swivel":
        inside, reach = in_arc(origin, direction, weapon.range, weapon.arc), weapon.range
        need, strength, extra = weapon.to_hit, weapon.strength, weapon.save_modifier
    elif shot == "grape":
        grape = tables().table("grapeshot")
        inside, reach = under_teardrop(origin, direction), grape["length"]
        need, strength, extra = grape["to_hit"], grape["strength"], 0
    else:
        return 0.0
    value = 0.0
    for victim, men in models_under(state, inside, reach_from=origin, reach=reach,
                                    skip=ship.id):
        if victim is not None and victim.side != ship.side and going_down(state, ship, victim):
            continue  # no volley at the crew of a ship going down
        for man in men:
            sign = 1.0 if man.side != ship.side else -1.5
            value += sign * MAN_WORTH * _kill_chance(man, need, strength, extra)
        if victim is not None and weapon.kind != "swivel":
            sign = 1.0 if victim.side != ship.side else -1.5
            value += sign * expected_damage(weapon, victim, point_blank=False, rake=False)
    return value * 5 / 6  # the artillery die misfires one time in six


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
    return best_guess(*_span(ship, gun, distance, victim), weapon.range)[1] * expected_damage(
        weapon, victim, point_blank=False, rake=rake)
