"""Combat: batteries firing, by the range template.

A ship fires after she moves. Each of her batteries fires once a Battle Phase — a broadside
battery once to each side, for it has guns on both — and each battery's shot is one hit, its
location rolled on the target's template (``damage.hit_ship``). All the batteries she fires one
way fire at one target with one aim ("you cannot split cannons firing in the same direction").

Readings (docs/rules/man-o-war.md): the range is from the range template's centre mark to the
nearest point of the target's hull, and its band gives the weapon's save modifier
(``rules.toml [weapons]``); a weapon that cannot fire into a band (a catapult at close range)
does not fire there; a prize, a straggler, and a ship with a no firing counter do not fire.
Her targets are the ships the enemy holds: a prize is her captor's (her own side may fire on
her, her captor's may not). A shot not aimed (its target's card has no split bar) that strikes
a ship with the split bar in the way strikes her low, at her hull.
"""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import Polygon
from ahoy_tui.rules.man_o_war import fleet_cards
from ahoy_tui.rules.man_o_war.creatures import holding, name, save, touching_ships, wound
from ahoy_tui.rules.man_o_war.damage import COMBAT, hit_ship, tell, with_ship
from ahoy_tui.rules.man_o_war.model import MowState, Ship
from ahoy_tui.rules.man_o_war.table import (
    aim_line,
    creature_outline,
    outline,
    struck_under_template,
)
from ahoy_tui.rules.man_o_war.tables import RANGE_BANDS, tables

MONSTER_FIRE = "Sea Monsters: Attacks"

# A battery's `fired` bits: broadsides fire once to each side.
FIRED = {"fore": 1, "aft": 1, "turret": 1, "port": 1, "starboard": 2}
SIDES_OF = {"fore": ("fore",), "aft": ("aft",), "broadside": ("port", "starboard"),
            "turret": ("turret",)}


def may_fire(ship: Ship) -> str:
    """Why she may not fire at all ("" if she may)."""
    if ship.no_firing:
        return "a no firing counter silences her guns"
    if ship.captured_by:
        return "a prize cannot fire"
    if ship.straggler:
        return "a straggler cannot fire"
    if ship.abandoned:
        return "she has no crew"
    return ""


def ready(ship: Ship, side: str) -> list[int]:
    """Her batteries (template indexes) that may still fire to ``side``, one entry a battery."""
    found = []
    for index, battery in enumerate(ship.card.batteries):
        if side not in SIDES_OF[battery.arc]:
            continue
        if ship.fired[index] & FIRED[side]:
            continue
        found.extend([index] * ship.batteries_left(index))
    return found


def target_outline(state: MowState, target_id: str) -> Polygon:
    """A target's outline on the table: a ship's hull, or a sea monster's body."""
    if state.has_creature(target_id):
        return creature_outline(state.creature(target_id))
    return outline(state.ship(target_id))


def in_reach(ship: Ship, side: str, target: Ship | Polygon) -> tuple[float, str] | None:
    """(range, band) of ``target`` (a ship, or an outline) for her batteries on ``side``, or
    None out of arc or range."""
    line = aim_line(ship, side, outline(target) if isinstance(target, Ship) else target)
    if line is None:
        return None
    band = tables().band(line[2])
    return None if band is None else (line[2], band)


def shootable(ship: Ship, side: str, band: str) -> list[int]:
    """Her ready batteries on ``side`` whose weapons reach into ``band``."""
    rules = tables()
    out = []
    for index in ready(ship, side):
        weapon = rules.weapon(ship.card.batteries[index].weapon)
        if (RANGE_BANDS.index(weapon.min_band) <= RANGE_BANDS.index(band)
                and rules.bands[band] <= weapon.range + 1e-9):
            out.append(index)
    return out


def targets(state: MowState, ship: Ship) -> list[tuple[str, str]]:
    """Every (side, target) she may fire at now."""
    if may_fire(ship):
        return []
    held = holding(state, ship) if state.creatures else []
    # held by a sea monster she fires at nothing else; a monster on the surface is a target
    aims: list[tuple[str, Polygon]] = [] if held else [
        (t.id, outline(t)) for t in state.ships
        if t.holder != ship.side and t.afloat and t.id != ship.id]
    aims += [(c.id, creature_outline(c)) for c in state.creatures
             if c.surfaced and c.side != ship.holder and (not held or c.id in held)]
    found = []
    sides = {s for b in ship.card.batteries for s in SIDES_OF[b.arc]}
    for side in ("fore", "port", "starboard", "aft", "turret"):
        if side not in sides or not ready(ship, side):
            continue
        for target_id, poly in aims:
            reach = in_reach(ship, side, poly)
            if reach is not None and shootable(ship, side, reach[1]):
                found.append((side, target_id))
    return found


def in_the_way(state: MowState, ship: Ship, side: str, target_id: str) -> str:
    """What a shot from her ``side`` at a ship would meet first under the range template, in
    words, before it is fired ("" when the target herself): a ship in the way (a friend, an
    abandoned ship, a prize), the wreck of a ship, an island."""
    if not state.has_ship(target_id):
        return ""
    line = aim_line(ship, side, outline(state.ship(target_id)))
    if line is None:
        return ""
    struck, what = struck_under_template(state, ship, line[0], line[1], target_id)
    if struck == target_id:
        return ""
    if not struck:
        return what
    return blocker_words(state, ship, struck)


def blocker_words(state: MowState, ship: Ship, struck: str) -> str:
    """A ship under the template in the way of her shot, as the choice and the tape name her:
    "the Couronne (a friend)"."""
    other = state.ship(struck)
    whose = ("abandoned" if other.abandoned else "your own prize" if other.captured_by
             and other.holder == ship.holder else "a friend" if other.holder == ship.holder
             else "an enemy")
    return f"the {other.name} ({whose})"


def batteries_reaching(ship: Ship, side: str, band: str) -> int:
    """Her batteries (each one left) on ``side`` whose weapons reach into ``band``, fired this
    turn or not: what the enemy cards and the tape count."""
    rules = tables()
    return sum(ship.batteries_left(i) for i, b in enumerate(ship.card.batteries)
               if side in SIDES_OF[b.arc]
               and RANGE_BANDS.index(rules.weapon(b.weapon).min_band) <= RANGE_BANDS.index(band)
               and rules.bands[band] <= rules.weapon(b.weapon).range + 1e-9)


def fire(state: MowState, dice: Dice, ship_id: str, side: str, target_id: str,
         aim: str) -> MowState:
    ship = state.ship(ship_id)
    if state.has_creature(target_id):
        return fire_at_monster(state, dice, ship, side, target_id)
    target = state.ship(target_id)
    reach = in_reach(ship, side, target)
    assert reach is not None
    distance, band = reach
    state, batteries = _batteries_fired(state, ship, side, band)
    line = aim_line(ship, side, outline(target))
    assert line is not None
    origin, point, _ = line
    tell(dice, "fires", f"The {ship.name} fires {len(batteries)} batter"
         f"{'y' if len(batteries) == 1 else 'ies'} ({side}) at the {target.name}, "
         f"{distance:.1f}\" away: {band} range" + (f", aimed {aim}" if aim else ""),
         COMBAT, ship)
    rules = tables()
    for index in batteries:
        struck, what = struck_under_template(state, ship, origin, point, target_id)
        battery = ship.card.batteries[index]
        weapon = rules.weapon(battery.weapon)
        mods = weapon.weakened if ship.weakened[index] and weapon.weakened else weapon.save
        if not struck:
            tell(dice, "blocked", f"The {weapon.name}'s shot strikes {what} under the range "
                 f"template, short of the {target.name}", COMBAT, ship)
            continue
        if struck != target_id:
            tell(dice, "in_the_way", f"The {state.ship(struck).name} is in the way: the shot "
                 "hits her", COMBAT, ship)
        if state.ship(struck).gone:
            continue
        level = aim or ("low" if state.ship(struck).card.split else "")
        gunnery = fleet_cards.bonus(ship, "gunnery") if band == "close" else 0
        state = hit_ship(state, dice, struck, aim=level, save_modifier=mods[band] - gunnery,
                         source=f"The {ship.name}'s {weapon.name}", by=ship.side)
    return state


def _batteries_fired(state: MowState, ship: Ship, side: str, band: str) -> tuple[MowState,
                                                                                 list[int]]:
    batteries = shootable(ship, side, band)
    fired = list(ship.fired)
    for index in set(batteries):
        fired[index] |= FIRED[side]
    return with_ship(state, replace(ship, fired=tuple(fired))), batteries


def fire_at_monster(state: MowState, dice: Dice, ship: Ship, side: str,
                    target_id: str) -> MowState:
    """Each battery's shot: a sea monster in contact with another ship is hit only on a 4+
    (on 1-3 the shot strikes the ship instead); the monster saves, with the weapon's modifier
    for the range, or takes a wound."""
    beast = state.creature(target_id)
    reach = in_reach(ship, side, creature_outline(beast))
    assert reach is not None
    distance, band = reach
    state, batteries = _batteries_fired(state, ship, side, band)
    tell(dice, "fires", f"The {ship.name} fires {len(batteries)} batter"
         f"{'y' if len(batteries) == 1 else 'ies'} ({side}) at the {name(beast)}, "
         f"{distance:.1f}\" away: {band} range", COMBAT, ship)
    rules = tables()
    for index in batteries:
        beast = state.creature(target_id)
        if not beast.surfaced:
            break
        weapon = rules.weapon(ship.card.batteries[index].weapon)
        mods = weapon.weakened if ship.weakened[index] and weapon.weakened else weapon.save
        others = [s for s in touching_ships(state, beast) if s != ship.id]
        if others:
            roll = dice.d6(f"{ship.name}: the {name(beast)} or the ship it holds", MONSTER_FIRE,
                           side=ship.side, ship=ship.id)
            if roll <= 3:
                victim = state.ship(others[0])
                dice.judge(f"the {victim.name}", "4+")
                tell(dice, "in_the_way", f"The shot strikes the {victim.name} instead of the "
                     f"{name(beast)}", MONSTER_FIRE, ship)
                level = "low" if victim.card.split else ""
                state = hit_ship(state, dice, victim.id, aim=level, save_modifier=mods[band],
                                 source=f"The {ship.name}'s {weapon.name}", by=ship.side)
                continue
            dice.judge("the monster", "4+")
        if not save(dice, beast, mods[band], f"the {ship.name}'s {weapon.name}", MONSTER_FIRE):
            state = wound(state, dice, target_id, 1, by=ship.side,
                          cause=f"the {ship.name}'s {weapon.name}")
    return state
