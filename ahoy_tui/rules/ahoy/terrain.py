"""Terrain: land, quays, rocks, wrecks, sandbanks, mudflats and shallow water (the Advanced rules).

A piece of terrain is a :class:`~ahoy_tui.rules.ahoy.model.Feature`, a convex outline on the
table. A moving or drifting ship meets terrain as she meets another hull (``first_contact``):
:func:`first_hazard` finds the first thing on her path, and :func:`meet_hazard` settles it —
Running Aground, a wreck crossed on 4-6 (Wrecks and Sunken Ships), the 4+ roll on coming into
shallow water (Shallow Water), or making fast to a quay (Docking/Casting Off). A ship that runs
aground stops where she struck.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from attrs import frozen

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import (
    Point,
    Polygon,
    convex_hull,
    first_contact,
    overlap,
    ray_span,
)
from ahoy_tui.rules.ahoy.common import tell
from ahoy_tui.rules.ahoy.crew import available_hands, in_control
from ahoy_tui.rules.ahoy.hulls import ship_hull
from ahoy_tui.rules.ahoy.model import AhoyState, Feature, GunState, Ship, update_ship
from ahoy_tui.rules.ahoy.tables import tables

AGROUND = "Running Aground"
REFLOAT = "Beaching and Re-floating"
WRECKS = "Wrecks and Sunken Ships"
SHALLOW = "Shallow Water"
DOCKING = "Docking/Casting Off"



@frozen
class Hazard:
    """The first terrain on a ship's path: ``at`` inches along it, and what happens there."""

    at: float
    feature: str
    event: str  # "strike", "dock", "cross" (a wreck), "shallow"


def kind_of(feature: Feature) -> dict[str, Any]:
    entry: dict[str, Any] = tables().table("terrain")[feature.kind]
    return entry


def strikes_as(feature: Feature) -> str:
    """What striking it counts as: "solid" (+2), "aground" (+1) or "" (nothing to strike)."""
    return feature.shore or str(kind_of(feature)["strike"])


def feature(state: AhoyState, feature_id: str) -> Feature:
    for item in state.terrain:
        if item.id == feature_id:
            return item
    raise KeyError(feature_id)


# --- geometry ------------------------------------------------------------------------------


def is_convex(points: tuple[Point, ...]) -> bool:
    """Whether the points, in order, make a convex polygon with some area."""
    if len(points) < 3:
        return False
    return len(convex_hull(list(points))) == len(set(points)) == len(points)


def octagon(x: float, y: float, radius: float) -> Polygon:
    """A regular octagon whose sides are ``radius`` from its centre (a round marker)."""
    r = radius / math.cos(math.pi / 8)
    return tuple((round(x + r * math.cos(math.pi / 8 + i * math.pi / 4), 4),
                  round(y + r * math.sin(math.pi / 8 + i * math.pi / 4), 4)) for i in range(8))


@cache
def widened(outline: Polygon, distance: float) -> Polygon:
    """The outline grown by ``distance`` all round (its Minkowski sum with an octagon): the
    water within that distance of it, a little generous at the corners."""
    ring = octagon(0.0, 0.0, distance)
    return convex_hull([(px + ox, py + oy) for px, py in outline for ox, oy in ring])


def shallow_areas(state: AhoyState) -> list[tuple[Feature, Polygon]]:
    """The shallow water: within 4" of a shallow shore, and the scenario's shallows."""
    distance = float(tables().table("shallow")["distance"])
    out = []
    for item in state.terrain:
        if item.kind == "shallows":
            out.append((item, item.outline))
        elif item.kind == "land" and item.shallow:
            out.append((item, widened(item.outline, distance)))
    return out


def draws_shallow(ship: Ship) -> bool:
    """Medium and Large ships draw too much water for the shallows (Shallow Water)."""
    return ship.size in tables().table("shallow")["sizes"]


def in_shallows(state: AhoyState, ship: Ship) -> Feature | None:
    """The shore she is within 4" of, if she draws too much water for it (not at a quay)."""
    if not draws_shallow(ship) or ship.docked or not ship.on_table:
        return None
    hull = ship_hull(ship)
    for item, area in shallow_areas(state):
        if overlap(hull, area):
            return item
    return None


def solid_under(state: AhoyState, hull: Polygon) -> Feature | None:
    """Terrain a hull would lie on top of (a ship may not be placed or turned onto it)."""
    for item in state.terrain:
        if strikes_as(item) and item.kind != "wreck" and overlap(hull, item.outline):
            return item
    return None


# --- meeting terrain on the move -----------------------------------------------------------


def first_hazard(state: AhoyState, ship: Ship, direction: Point, distance: float,
                 passed: tuple[str, ...] = ()) -> Hazard | None:
    """The first terrain her hull meets within ``distance`` along ``direction``."""
    if not state.terrain or distance <= 0:
        return None
    hull = ship_hull(ship)
    best: Hazard | None = None

    def consider(t: float | None, item: Feature, event: str) -> None:
        nonlocal best
        if t is not None and t < distance and (best is None or t < best.at):
            best = Hazard(t, item.id, event)

    for item in state.terrain:
        if item.kind == "wreck":
            if item.id not in passed:
                consider(first_contact(hull, direction, distance, item.outline), item, "cross")
        elif strikes_as(item):
            event = "dock" if item.kind == "quay" else "strike"
            consider(first_contact(hull, direction, distance, item.outline), item, event)
    if draws_shallow(ship) and not ship.docked:
        for item, area in shallow_areas(state):
            key = f"{item.id}:shallow"
            if key in passed or overlap(hull, area):
                continue  # already in it: rolled for at the start of her movement
            consider(first_contact(hull, direction, distance, area), item, "shallow")
    return best


def meet_hazard(state: AhoyState, dice: Dice, ship_id: str, hazard: Hazard,
                speed: int) -> tuple[AhoyState, bool]:
    """Settle the terrain she has reached; ``True`` if it stops her."""
    ship = state.ship(ship_id)
    item = feature(state, hazard.feature)
    if hazard.event == "cross":
        strike_on = int(kind_of(item)["crossing"])
        over = item.name or "a wreck"
        face = dice.d6(f"{ship.name}: sailing over {over}", WRECKS,
                       side=ship.side, ship=ship_id, need=f"1-{strike_on} strikes")
        if face > strike_on:
            dice.judge("passes safely over")
            return state, False
        dice.judge("strikes the wreck!")
        return run_aground(state, dice, ship_id, item, speed, solid=True), True
    if hazard.event == "shallow":
        target = int(tables().table("shallow")["aground_on"])
        ok, _ = dice.need(target, f"{ship.name}: coming into shallow water off {called(item)}",
                          SHALLOW, side=ship.side, ship=ship_id, success="runs aground",
                          failure="finds enough water")
        if not ok:
            return state, False
        return run_aground(state, dice, ship_id, item, speed, solid=False, rule=SHALLOW), True
    if hazard.event == "dock":
        limit = int(tables().table("docking")["speed"])
        if speed <= limit and in_control(state, ship):
            tell(dice, "docked", f"The {ship.name} comes alongside {called(item)} and makes "
                 "fast", DOCKING, side=ship.side, ship=ship_id)
            state = update_ship(state, ship_id, docked=item.id, speed=0, under_way=0,
                                fend_off=False)
            return state, True
        why = (f"at {speed}\" (docking needs {limit}\" or less)" if speed > limit
               else "without her minimum crew at the sails")
        tell(dice, "quay_collision", f"The {ship.name} crashes into {called(item)} {why}",
             DOCKING, side=ship.side, ship=ship_id, big=True)
        return run_aground(state, dice, ship_id, item, speed, solid=True), True
    return run_aground(state, dice, ship_id, item, speed,
                       solid=strikes_as(item) == "solid"), True


def run_aground(state: AhoyState, dice: Dice, ship_id: str, item: Feature, speed: int, *,
                solid: bool, rule: str = AGROUND) -> AhoyState:
    """Running Aground: the D6 with its modifiers, damage on 7+, then stuck on 4+.

    Small ships running ashore on sand or mud beach without damage (Beaching and Re-floating).
    Whatever happens she stops dead where she struck.
    """
    from ahoy_tui.rules.ahoy.damage import damage_ship

    ship = state.ship(ship_id)
    table = tables().table("aground")
    what = called(item)
    state = update_ship(state, ship_id, speed=0, under_way=0, slowing=0, fend_off=False)
    if not solid and ship.size in table["beaching_sizes"] and (
            kind_of(item)["beach"] or item.kind == "shallows"):
        tell(dice, "beached", f"The {ship.name} runs ashore on {what} without harm; two "
             "crew must shove her off", REFLOAT, side=ship.side, ship=ship_id, big=True)
        return update_ship(state, ship_id, aground="beached")
    modifier = table["solid"] if solid else table["aground"]
    reasons = ["solid obstacle" if solid else "ran aground"]
    if speed > 12:
        modifier += table["over_12"]
        reasons.append("over 12\"")
    elif speed > 6:
        modifier += table["over_6"]
        reasons.append("over 6\"")
    struck = (f"runs aground in the shallows off {what}" if rule == SHALLOW
              else f"strikes {what}")
    tell(dice, "aground", f"The {ship.name} {struck} at {speed}\"", rule,
         side=ship.side, ship=ship_id, big=True)
    face = dice.d6(f"{ship.name}: running aground ({', '.join(reasons)}: +{modifier})", AGROUND,
                   side=ship.side, ship=ship_id, need=f"{table['damage_on']}+ for damage")
    if face + modifier >= table["damage_on"]:
        dice.judge(f"{face + modifier}: she is holed")
        roll = dice.d6(f"{ship.name}: running aground damage", AGROUND, side=ship.side,
                       ship=ship_id)
        dice.judge(str(table["damage_names"][roll]))
        amount = dice.expr(str(table["damage"][roll]), f"{ship.name}: damage from striking",
                           AGROUND, side=ship.side, ship=ship_id)
        state = damage_ship(state, dice, ship_id, amount, by_side=None,
                            cause=f"striking {what}", rule=AGROUND)
    else:
        dice.judge(f"{face + modifier}: a fearful grinding of timbers, no harm")
    if state.ship(ship_id).sunk:
        return state
    bonus = 1 if ship.size in table["stuck_bonus_sizes"] else 0
    stuck, _ = dice.need(table["stuck_on"], f"{ship.name}: is she stuck fast?", AGROUND,
                         side=ship.side, ship=ship_id, modifier=bonus, success="stuck fast",
                         failure="comes free")
    if not stuck:
        return update_ship(state, ship_id, fend_off=True)
    small = ship.size in table["beaching_sizes"]
    tell(dice, "stuck", f"The {ship.name} is stuck fast: "
         + ("two crew must shove her off" if small else "she must be re-floated (a 6)"),
         REFLOAT, side=ship.side, ship=ship_id, big=True)
    return update_ship(state, ship_id, aground="beached" if small else "stuck")


# --- orders and the start of movement ------------------------------------------------------


def refloat(state: AhoyState, dice: Dice, ship_id: str) -> AhoyState:
    """Re-floating: a 6 at the start of her movement, +1 per gun heaved overboard."""
    ship = state.ship(ship_id)
    need = int(tables().table("aground")["refloat"])
    ok, _ = dice.need(need, f"{ship.name}: re-float her", REFLOAT, side=ship.side,
                      ship=ship_id, modifier=ship.heaved, success="afloat again",
                      failure="still stuck")
    if not ok:
        return state
    tell(dice, "refloated", f"The {ship.name} floats free: she starts from a standstill",
         REFLOAT, side=ship.side, ship=ship_id, big=True)
    return update_ship(state, ship_id, aground="", speed=0, under_way=0, fend_off=True)


def may_shove_off(state: AhoyState, ship: Ship) -> bool:
    need = int(tables().table("aground")["shove_off_crew"])
    return ship.aground == "beached" and len(available_hands(state, ship)) >= need


def shove_off(state: AhoyState, dice: Dice, ship_id: str) -> AhoyState:
    ship = state.ship(ship_id)
    tell(dice, "shoved_off", f"Two of the {ship.name}'s crew shove her off: she starts from a "
         "standstill", REFLOAT, side=ship.side, ship=ship_id)
    return update_ship(state, ship_id, aground="", speed=0, under_way=0, fend_off=True,
                       ordered=(*ship.ordered, "shove_off"))


def heave_gun(state: AhoyState, dice: Dice, ship_id: str, gun_id: str) -> AhoyState:
    """Its crew spend the whole turn heaving it over the side; from her next turn it counts."""
    ship = state.ship(ship_id)
    guns = tuple(replace(g, state=GunState.HEAVED) if g.id == gun_id else g for g in ship.guns)
    tell(dice, "heave", f"The {ship.name}'s crew heave a gun overboard to lighten her",
         REFLOAT, side=ship.side, ship=ship_id)
    return update_ship(state, ship_id, guns=guns)


def guns_gone_over(state: AhoyState, ship_id: str) -> AhoyState:
    """At the start of her turn, guns heaved last turn are gone and lighten her."""
    ship = state.ship(ship_id)
    heaved = [g for g in ship.guns if g.state == GunState.HEAVED]
    if not heaved:
        return state
    return update_ship(state, ship_id, guns=tuple(g for g in ship.guns
                                                  if g.state != GunState.HEAVED),
                       heaved=ship.heaved + len(heaved))


def cast_off_from_quay(state: AhoyState, dice: Dice, ship_id: str) -> AhoyState:
    """Casting off: from speed 0 with her minimum crew; with fewer she is cast adrift (D6" with
    the wind)."""
    from ahoy_tui.rules.ahoy.movement import drift_ship

    ship = state.ship(ship_id)
    state = update_ship(state, ship_id, docked=None, speed=0, under_way=0,
                        ordered=(*ship.ordered, "cast_off_quay"))
    if in_control(state, ship):
        tell(dice, "cast_off", f"The {ship.name} casts off: she starts from a standstill",
             DOCKING, side=ship.side, ship=ship_id)
        return update_ship(state, ship_id, fend_off=True)
    tell(dice, "quay_adrift", f"Too few hands to cast off properly: the {ship.name} is cast "
         "adrift", DOCKING, side=ship.side, ship=ship_id, big=True)
    state = update_ship(state, ship_id, moved=True)
    return drift_ship(state, dice, ship_id)


def movement_starts(state: AhoyState, dice: Dice) -> AhoyState:
    """At the start of the movement phase: stuck ships try to re-float, and ships in shallow
    water roll again (Shallow Water: at the start of each later movement phase)."""
    for ship in state.ships:
        if ship.side != state.active or not ship.on_table or ship.captured_by:
            continue
        if ship.aground == "stuck":
            state = refloat(state, dice, ship.id)
            continue
        if ship.aground or ship.anchored:
            continue
        shore = in_shallows(state, ship)
        if shore is None:
            continue
        target = int(tables().table("shallow")["aground_on"])
        ok, _ = dice.need(target, f"{ship.name}: in shallow water off {called(shore)}",
                          SHALLOW, side=ship.side, ship=ship.id, success="runs aground",
                          failure="finds enough water")
        if ok:
            state = run_aground(state, dice, ship.id, shore, ship.speed, solid=False,
                                rule=SHALLOW)
    return state


def leave_wreck(state: AhoyState, ship: Ship) -> AhoyState:
    """Wrecks and Sunken Ships: a marker where she went down (the scenario may turn this off)."""
    if not state.options.wrecks:
        return state
    radius = float(tables().table("aground")["wreck_radius"])
    marker = Feature(id=f"wreck-{ship.id}", kind="wreck", outline=octagon(ship.x, ship.y, radius),
                     name=f"the wreck of the {ship.name}")
    return replace(state, terrain=(*state.terrain, marker))


def blocks_line(state: AhoyState, origin: Point, direction: Point,
                distance: float) -> Feature | None:
    """Land that a line of fire crosses before ``distance``."""
    for item in state.terrain:
        if not kind_of(item)["blocks_fire"]:
            continue
        span = ray_span(origin, direction, item.outline)
        if span is not None and span[0] < distance - 1e-9:
            return item
    return None


def called(item: Feature) -> str:
    """How the log names it: its own name ("the Horn", "Hag's Bar"), or "the rocks"."""
    return item.name or f"the {str(kind_of(item)['name']).lower()}"


def describe(item: Feature) -> str:
    """"the Old Quay (quay)", for the record card and the prompt."""
    kind = str(kind_of(item)["name"]).lower()
    return f"{item.name} ({kind})" if item.name else kind



