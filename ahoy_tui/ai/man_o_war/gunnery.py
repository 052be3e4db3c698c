"""The rules' own odds of a battery's shot, and what a hit is worth, in Battle Honours.

A shot rolls a d6 for the hit location on the target's template (aimed high or low where the
card has the split bar; a score the card does not print is a miss), then the location's save
with the weapon's modifier for the range band (the rule of one: a 1 fails, a 6 saves). A failed
save puts a damage marker and brings the location's effect; a destroyed location hit again is a
critical hit (a third of them hole her below the waterline).

What a hit is worth is the project's estimate, in the Battle Honours the battle is won by: a
ship sunk or taken is worth her Below the Waterline boxes (and 5 more with the Admiral aboard);
a crew counter is a share of that (a ship with no crew is abandoned, and counts as sunk); a
battery, speed, the ram, a step toward her next critical hit, a little less.
"""

from __future__ import annotations

import math

from ahoy_tui.ai.man_o_war.sight import fighting
from ahoy_tui.rules.man_o_war import odds as rules_odds
from ahoy_tui.rules.man_o_war.model import MowState, Ship
from ahoy_tui.rules.man_o_war.shooting import FIRED, SIDES_OF
from ahoy_tui.rules.man_o_war.table import aim_line, first_under_template, outline
from ahoy_tui.rules.man_o_war.tables import RANGE_BANDS, Location, tables

ADMIRAL = float(tables().setup["admiral_honours"])
REACH = max(w.range for w in tables().weapons.values())  # the longest shot on the table
CREW_SHARE = 0.8  # a crew counter is this share of her worth divided among her crew
BATTERY = 0.35
MARKER = 0.1
OPENS_CRITICALS = 0.15
BLAZE = 0.4
COUNTER = 0.3  # a no movement or no firing counter (one turn)


def worth(ship: Ship) -> float:
    """The Battle Honours her loss gives the enemy: her Below the Waterline boxes, and 5 with
    the Admiral aboard."""
    return ship.card.btw.boxes + (ADMIRAL if ship.admiral else 0.0)


def btw_hit_value(ship: Ship) -> float:
    """A Below the Waterline hit: her worth shared among the boxes she has left."""
    left = max(1, ship.card.btw.boxes - ship.btw)
    return worth(ship) / left


def crew_value(ship: Ship) -> float:
    """A crew counter: her worth shared among the crew she has left (with none she is
    abandoned)."""
    return CREW_SHARE * worth(ship) / max(1, ship.crew)


def fail_chance(need: int, modifier: int) -> float:
    """The chance a save of ``need``+ with ``modifier`` fails (the rule of one): the rules' own
    odds (``rules/man_o_war/odds.py``)."""
    return _FAILS[need, modifier] if (need, modifier) in _FAILS else \
        _FAILS.setdefault((need, modifier), float(rules_odds.fail_chance(need, modifier)))


_FAILS: dict[tuple[int, int], float] = {}


def critical_value(ship: Ship) -> float:
    """A critical hit, averaged over the table: blaze, crew, rudder, guns, holed, magazine."""
    holed = btw_hit_value(ship)
    return (BLAZE + crew_value(ship) + COUNTER + COUNTER + holed + holed + BLAZE) / 6


def _means_left(ship: Ship, lost: str) -> bool:
    move = ship.card.move
    means = {"sail": bool(move.sail and not ship.no_sail),
             "oars": bool(move.oars and not ship.no_oars),
             "steam": bool(move.steam), "magic": bool(move.magic)}
    means[lost] = False
    return any(means.values())


def effect_value(ship: Ship, location: Location) -> float:
    """What the location's effect takes from her."""
    effect = location.effect
    if effect == "speed":
        return 0.1 * location.amount
    if effect in ("battery", "weapon"):
        left = sum(ship.batteries_left(i) for i, b in enumerate(ship.card.batteries)
                   if b.arc == location.arc)
        return BATTERY if left else 0.0
    if effect == "weakened":
        return 0.15
    if effect == "no_sail":
        return 0.0 if ship.no_sail else (0.3 if _means_left(ship, "sail") else 1.0)
    if effect == "no_oars":
        return 0.0 if ship.no_oars else (0.3 if _means_left(ship, "oars") else 1.0)
    if effect == "no_ram":
        return 0.3 if ship.card.ram and not ship.no_ram else 0.0
    if effect == "immobile":
        return 0.0 if ship.immobile else 1.0
    if effect == "crew":
        return crew_value(ship)
    if effect == "critical":
        return critical_value(ship)
    return 0.0


def damage_value(ship: Ship, index: int) -> float:
    """A failed save on her location ``index``: a marker and its effect, or a critical hit."""
    location = ship.card.locations[index]
    if ship.destroyed(index):
        return critical_value(ship) if location.criticals else 0.0
    hit = ship.marks_at(index).filled + 1
    value = MARKER
    if hit >= location.boxes and location.criticals:
        value += OPENS_CRITICALS
    if location.effect_on(hit):
        value += effect_value(ship, location)
    return value


def _damage_key(ship: Ship) -> tuple[object, ...]:
    """What a hit's worth on her depends on: her card and the marks on it, her crew, below the
    waterline, batteries and the effects already suffered (not where she lies)."""
    return (ship.template, ship.marks, ship.btw, ship.crew, ship.admiral, ship.batteries_lost,
            ship.no_sail, ship.no_oars, ship.no_ram, ship.immobile)


_SHOTS: dict[tuple[object, ...], float] = {}


def shot_value(ship: Ship, aim: str, modifier: int) -> float:
    """One hit from a battery on ``ship`` aimed ``aim`` with this save modifier, averaged over
    the hit location die (remembered: a captain asks of the same ship thousands of times)."""
    key = (_damage_key(ship), aim, modifier)
    found = _SHOTS.get(key)
    if found is None:
        if len(_SHOTS) > 4096:
            _SHOTS.clear()  # whole, not trimmed: another captain may think in a thread
        found = _SHOTS[key] = _shot_value(ship, aim, modifier)
    return found


def _shot_value(ship: Ship, aim: str, modifier: int) -> float:
    card = ship.card
    total = 0.0
    for score in range(1, 7):
        location = card.located(score, aim)
        if location is None:
            continue
        index = card.locations.index(location)
        total += fail_chance(location.save, modifier) * damage_value(ship, index)
    return total / 6


def best_aim(ship: Ship, modifier: int) -> tuple[str, float]:
    """High or low (or "" on a card without the split bar), whichever is worth more."""
    if not ship.card.split:
        return "", shot_value(ship, "", modifier)
    high = shot_value(ship, "high", modifier)
    low = shot_value(ship, "low", modifier)
    return ("low", low) if low >= high else ("high", high)


def batteries_on(ship: Ship, side: str, band: str, *, fresh: bool = False) -> list[int]:
    """Her batteries (one entry a battery) that fire ``side`` into ``band``: the ready ones, or
    with ``fresh`` every one she has left (as at the start of a Battle Phase)."""
    rules = tables()
    band_at = RANGE_BANDS.index(band)
    found: list[int] = []
    for index, battery in enumerate(ship.card.batteries):
        if side not in SIDES_OF[battery.arc]:
            continue
        if not fresh and ship.fired[index] & FIRED[side]:
            continue
        weapon = rules.weapon(battery.weapon)
        if RANGE_BANDS.index(weapon.min_band) > band_at or \
                rules.bands[band] > weapon.range + 1e-9:
            continue
        found.extend([index] * ship.batteries_left(index))
    return found


def firing_sides(ship: Ship) -> tuple[str, ...]:
    sides: list[str] = []
    for battery in ship.card.batteries:
        for side in SIDES_OF[battery.arc]:
            if side not in sides:
                sides.append(side)
    return tuple(sides)


def may_shoot(ship: Ship, *, fresh: bool = False) -> bool:
    """Whether she may fire (a no firing counter lasts only this turn: ``fresh`` ignores it)."""
    if not fighting(ship) or ship.straggler:
        return False
    return fresh or not ship.no_firing


def within_reach(a: Ship, b: Ship) -> bool:
    """A quick test: could any battery of hers reach the other's hull at all?"""
    span = (a.card.length + b.card.length) / 2
    return math.hypot(a.x - b.x, a.y - b.y) <= REACH + span + 0.5


def volley(state: MowState, ship: Ship, side: str, target: Ship, *, fresh: bool = False,
           aim: str | None = None, screened: bool = True) -> tuple[float, str] | None:
    """Her batteries on ``side`` fired at ``target``: (the Battle Honours they are worth on
    average, the aim: ``aim`` if given, else the better), or None when none bears. A friend
    first under the range template takes the shot (worth against her), wreckage or an island
    stops it (``screened``: look for them; if not, the target takes every shot)."""
    line = aim_line(ship, side, outline(target))
    if line is None:
        return None
    origin, point, reach = line
    band = tables().band(reach)
    if band is None:
        return None
    batteries = batteries_on(ship, side, band, fresh=fresh)
    if not batteries:
        return None
    struck_id = (first_under_template(state, ship, origin, point, target.id) if screened
                 else target.id)
    plain = "low" if target.card.split else ""
    if not struck_id:
        return 0.0, aim if aim is not None else plain
    struck = state.ship(struck_id) if struck_id != target.id else target
    sign = -1.0 if struck.side == ship.side else 1.0
    if struck.side != ship.side and not fighting(struck):
        sign = 0.0
    rules = tables()
    total = 0.0
    chosen = aim if aim is not None else plain
    for index in batteries:
        weapon = rules.weapon(ship.card.batteries[index].weapon)
        mods = weapon.weakened if ship.weakened[index] and weapon.weakened else weapon.save
        if struck is target and aim is None:
            chosen, value = best_aim(target, mods[band])
        else:
            value = shot_value(struck, chosen if struck.card.split else "", mods[band])
        total += value
    return sign * total, chosen


def struck_first(state: MowState, ship: Ship, side: str, target: Ship) -> str:
    """What a shot from her ``side`` at ``target`` strikes first under the range template, as
    the rules lay it: the target's id, another ship's, or "" for wreckage or an island."""
    line = aim_line(ship, side, outline(target))
    if line is None:
        return target.id
    return first_under_template(state, ship, line[0], line[1], target.id)


def best_volleys(state: MowState, ship: Ship, *, fresh: bool = False,
                 only: Ship | None = None) -> dict[str, tuple[float, str, str]]:
    """For each side she could fire now, the best (value, target id, aim)."""
    if not may_shoot(ship, fresh=fresh):
        return {}
    foes = [only] if only is not None else [s for s in state.ships
                                            if s.side != ship.side and fighting(s)]
    foes = [f for f in foes if within_reach(ship, f)]
    found: dict[str, tuple[float, str, str]] = {}
    if not foes:
        return found
    for side in firing_sides(ship):
        # each target as if nothing lay between, best first; then the first under the template
        # for the best ones, until no other could do better
        options: list[tuple[float, int, Ship]] = []
        for order, foe in enumerate(foes):
            shot = volley(state, ship, side, foe, fresh=fresh, screened=False)
            if shot is not None:
                options.append((shot[0], order, foe))
        options.sort(key=lambda o: (-o[0], o[1]))
        for clear, _, foe in options:
            if side in found and clear <= found[side][0]:
                break
            shot = volley(state, ship, side, foe, fresh=fresh)
            if shot is not None and (side not in found or shot[0] > found[side][0]):
                found[side] = (shot[0], foe.id, shot[1])
    return found


def firepower(state: MowState, ship: Ship, *, fresh: bool = False,
              only: Ship | None = None) -> float:
    """The Battle Honours her batteries would be worth fired now, each side at its best
    target (``only``: at that ship alone)."""
    return sum(max(0.0, v) for v, _, _ in best_volleys(state, ship, fresh=fresh,
                                                       only=only).values())


def ram_value(rammer: Ship, target: Ship) -> float:
    """A ram: the target saves below the waterline or takes the rammer's ram damage."""
    if not rammer.card.ram or rammer.no_ram:
        return 0.0
    btw = target.card.btw
    hits = min(rammer.card.ram, btw.boxes - target.btw)
    return fail_chance(btw.save, 0) * hits * btw_hit_value(target)
