"""Shooting: naval cannons along their fixed lines, and missile weapons at exposed crew.

A gun fires square to the hull from its broadside (port or starboard), or straight ahead or
astern from the bow or stern. The firer guesses a range and adds the artillery die; the shot hits
the hull its landing point lies on (cannon balls do not bounce on water). At 10" or less — point
blank — there is no guess: any result but a misfire hits. A shot entering through the bow or
stern rakes the decks.
"""

from __future__ import annotations

import math

from ahoy_tui.engine.dice import MISFIRE, Dice
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import UNIT, clean, contains, point_on_hull, ray_entry, ray_span
from ahoy_tui.engine.memo import KeyedMemo
from ahoy_tui.rules.ahoy.combat import bs_to_hit, follow_up_needed, to_wound_needed
from ahoy_tui.rules.ahoy.common import inches, tell
from ahoy_tui.rules.ahoy.crew import (
    casualty_order,
    engaged,
    gun_crew,
    hit_crew_aboard,
    hit_man,
    own_aboard,
)
from ahoy_tui.rules.ahoy.damage import critical_hit, damage_ship
from ahoy_tui.rules.ahoy.hulls import gap as hull_gap
from ahoy_tui.rules.ahoy.hulls import on_ray, ship_hull, within
from ahoy_tui.rules.ahoy.index import layout, muster, ships_by_id
from ahoy_tui.rules.ahoy.model import (
    AhoyState,
    Crewman,
    Gun,
    GunState,
    Ship,
    Task,
    replace_crew,
    update_ship,
)
from ahoy_tui.rules.ahoy.ramming import toughness
from ahoy_tui.rules.ahoy.tables import Ordnance, tables
from ahoy_tui.rules.ahoy.terrain import kind_of

CANNONS = "Naval Cannons"
POINT_BLANK = "Point Blank"
RAKE = "Rake the decks"
GUN_CREWS = "Gun Crews"
MISSILES = "Missile Weapons"
MISFIRE_RULE = "Naval Cannons (misfires)"
JOLLY = "Jolly Boats"
CHAIN = "Chainshot"

_DIRECTION = {"port": -2, "starboard": 2, "bow": 0, "stern": 4}
BOW_EDGE, STERN_EDGE = 0, 2  # hull edges: 0 bow, 1 starboard side, 2 stern, 3 port side
_BACK = 0.01  # inches


def line_of_fire(ship: Ship, gun: Gun) -> tuple[tuple[float, float], int]:
    """The gun's muzzle and the compass point it fires toward (a turret: the nearest point)."""
    origin, _ = aim(ship, gun)
    if gun.mount == "turret":
        return origin, round(ship.heading + gun.facing / 45) % 8
    return origin, (ship.heading + _DIRECTION[gun.mount]) % 8


def aim(ship: Ship, gun: Gun) -> tuple[tuple[float, float], tuple[float, float]]:
    """The gun's muzzle and the unit vector of its line of fire.

    A fixed gun fires square to its side, or ahead or astern; a turret (Gun Turrets) fires along
    its facing, from its place on the ship's centre line.
    """
    if gun.mount == "port":
        origin = point_on_hull(ship.x, ship.y, ship.heading, gun.along, -ship.beam / 2)
    elif gun.mount == "starboard":
        origin = point_on_hull(ship.x, ship.y, ship.heading, gun.along, ship.beam / 2)
    elif gun.mount == "bow":
        origin = point_on_hull(ship.x, ship.y, ship.heading, ship.length / 2, 0.0)
    elif gun.mount == "stern":
        origin = point_on_hull(ship.x, ship.y, ship.heading, -ship.length / 2, 0.0)
    else:
        origin = point_on_hull(ship.x, ship.y, ship.heading, gun.along, 0.0)
        return origin, bearing_vector(ship.heading * 45 + gun.facing)
    return origin, UNIT[(ship.heading + _DIRECTION[gun.mount]) % 8]


def bearing_vector(degrees: float) -> tuple[float, float]:
    """The unit vector of a compass bearing (0 north, clockwise; y grows southward)."""
    rad = math.radians(degrees)
    return clean(math.sin(rad)), clean(-math.cos(rad))


def on_the_line(state: AhoyState, ship: Ship, gun: Gun) -> list[tuple[float, Ship, int]]:
    """Every hull the gun's line of fire enters: (distance, ship, edge entered), nearest first."""
    origin, direction = aim(ship, gun)
    # The same muzzle, the same hulls in the same places and the same land: the same line.
    key = (origin, direction, ship.id, id(state.terrain), layout(state.ships))
    line = _LINES(key, state.terrain, lambda: _on_the_line(state, ship, origin, direction))
    ships = ships_by_id(state.ships)
    return [(distance, ships[other], edge) for distance, other, edge in line]


_LINES: KeyedMemo[list[tuple[float, str, int]]] = KeyedMemo()


def _on_the_line(state: AhoyState, ship: Ship, origin: tuple[float, float],
                 direction: tuple[float, float]) -> list[tuple[float, str, int]]:
    found = []
    land = land_ahead(state, origin, direction)
    for other in state.ships:
        if other.id == ship.id or not other.on_table or not on_ray(origin, direction, other):
            continue
        entry = ray_entry(origin, direction, ship_hull(other))
        if entry is None or entry[0] > land:
            continue
        edge = entry[1]
        if edge < 0:
            # A hull touching the muzzle (alongside, entangled): look from a hair behind it to
            # find the edge the shot goes in by, which decides a rake.
            back = (origin[0] - direction[0] * _BACK, origin[1] - direction[1] * _BACK)
            behind = ray_entry(back, direction, ship_hull(other))
            edge = behind[1] if behind is not None else edge
        found.append((entry[0], other.id, edge))
    found.sort(key=lambda item: item[0])
    return found


def land_ahead(state: AhoyState, origin: tuple[float, float],
               direction: tuple[float, float]) -> float:
    """How far a shot may fly along a line before land stops it (Terrain: land blocks lines of
    fire; rocks, quays, sandbanks and wrecks are too low to)."""
    nearest = math.inf
    for item in state.terrain:
        if kind_of(item)["blocks_fire"]:
            span = ray_span(origin, direction, item.outline)
            if span is not None:
                nearest = min(nearest, span[0])
    return nearest


def is_target(ship: Ship, other: Ship) -> bool:
    return other.side != ship.side and not other.struck and not other.captured_by


def nearest_target(state: AhoyState, ship: Ship, gun: Gun) -> tuple[float, Ship, int] | None:
    for item in on_the_line(state, ship, gun):
        if is_target(ship, item[1]):
            return item
    return None


def gun_ready(state: AhoyState, ship: Ship, gun: Gun) -> str | None:
    """Why this gun cannot fire now, or None if it can (a target aside)."""
    if gun.state == GunState.DESTROYED:
        return "the gun is destroyed"
    if gun.state == GunState.MALFUNCTION and state.player_turn <= gun.silent_until:
        return "the gun has malfunctioned and may not fire this turn or next"
    if gun.fired:
        return "the gun has already fired this turn"
    weapon = tables().gun(gun.weapon)
    crew = muster(state, ship).guns.get(gun.id, 0)
    if weapon.fire_needs(crew) is None:
        return f"the gun has {crew} crew and cannot be fired (needs {weapon.crew})"
    return None


def ship_may_shoot(state: AhoyState, ship: Ship) -> str | None:
    if ship.side != state.active or not ship.on_table:
        return "she is not one of your ships on the table"
    if ship.struck:
        return "she has struck her colours"
    if ship.captured_by:
        return "she has been captured"
    if ship.ram_target is not None:
        return "her crew are braced for impact"
    if ship.no_shooting:
        return "her crew are busy cutting her loose"
    if engaged(state, ship):
        return "her crew are fighting boarders"
    return None


def fire_choice(state: AhoyState, ship: Ship, gun: Gun, *, ship_checked: bool = False,
                ready_checked: bool = False) -> tuple[str, int] | None:
    """("point_blank", 0) or ("guess", range), ("swivel", 0) for a swivel gun with men in its
    arc, or None when the gun has nothing to shoot at."""
    if (not ship_checked and ship_may_shoot(state, ship)) or \
            (not ready_checked and gun_ready(state, ship, gun)):
        return None
    weapon = tables().gun(gun.weapon)
    if weapon.kind == "swivel":
        from ahoy_tui.rules.ahoy.templates import swivel_exposed

        return ("swivel", 0) if swivel_exposed(state, ship, gun) else None
    target = nearest_target(state, ship, gun)
    if target is None or target[0] > weapon.range:
        return None
    if target[0] <= tables().roll("point_blank"):
        return "point_blank", 0
    return "guess", weapon.range


def fire_gun(state: AhoyState, dice: Dice, ship_id: str, gun_id: str, guess: int,
             shot: str = "ball") -> AhoyState:
    """Fire a cannon along its line: roundshot, or chainshot (+1 damage, criticals at most 4)."""
    ship = state.ship(ship_id)
    gun = next(g for g in ship.guns if g.id == gun_id)
    weapon = tables().gun(gun.weapon)
    state = _set_gun(state, ship_id, gun_id, fired=True)
    chain = shot == "chain"
    rule = CHAIN if chain else CANNONS
    if not crew_ready(state, dice, ship, gun):
        return state
    name = gun_name(ship, gun)
    title = "T" + name[1:]  # (str.capitalize would lower-case the ship's name)
    what = " with chainshot" if chain else ""
    origin, direction = aim(ship, gun)
    if guess == 0:
        target = nearest_target(state, ship, gun)
        assert target is not None
        roll = dice.artillery(f"{name} fires{what} at point blank", POINT_BLANK, side=ship.side,
                              ship=ship_id)
        if roll == MISFIRE:
            return misfire(state, dice, ship_id, gun_id)
        dice.judge("hits")
        distance, victim, edge = target
        where = (origin[0] + direction[0] * distance, origin[1] + direction[1] * distance)
        tell(dice, "hit", f"{title} hits the {victim.name} at point blank "
             f"({inches(distance)}){what}", POINT_BLANK, side=ship.side, ship=victim.id,
             at=where)
        return ordnance_hit(state, dice, ship_id, victim.id, weapon, point_blank=True,
                            rake=edge in (BOW_EDGE, STERN_EDGE), chain=chain)
    roll = dice.artillery(f"{name}{what}: guessed {guess}\"", rule, side=ship.side,
                          ship=ship_id)
    if roll == MISFIRE:
        return misfire(state, dice, ship_id, gun_id)
    assert isinstance(roll, int)
    lands = guess + roll - gun.range_loss
    slipped = f" ({gun.range_loss}\" short: the elevation sprocket slipped)" \
        if gun.range_loss else ""
    ux, uy = direction
    point = (origin[0] + ux * lands, origin[1] + uy * lands)
    for _distance, victim, edge in on_the_line(state, ship, gun):
        if contains(ship_hull(victim), point):
            dice.judge(f"lands at {lands}\"{slipped}: hits the {victim.name}")
            tell(dice, "hit", f"{title}'s shot lands {lands}\" out: a hit on the "
                 f"{victim.name}!", rule, side=ship.side, ship=victim.id, at=point)
            return ordnance_hit(state, dice, ship_id, victim.id, weapon, point_blank=False,
                                rake=edge in (BOW_EDGE, STERN_EDGE), chain=chain)
    dice.judge(f"lands at {lands}\"{slipped}: a miss")
    tell(dice, "miss", f"{title}'s shot splashes into the sea {lands}\" out",
         rule, side=ship.side, ship=ship_id, at=point)
    return state


def gun_name(ship: Ship, gun: Gun) -> str:
    """"the Griffon's starboard fore heavy naval cannon": by her name and the gun's place."""
    return f"the {ship.name}'s {gun_place(ship, gun)} {tables().gun(gun.weapon).name.lower()}"


def gun_place(ship: Ship, gun: Gun) -> str:
    """Where a gun stands on her: its mount, with fore, amidships or aft where that side has
    more than one gun (``starboard fore``), counted from the bow by its place along the hull."""
    if gun.mount not in ("port", "starboard", "turret"):
        return gun.mount
    alike = sorted((g for g in ship.guns if g.mount == gun.mount), key=lambda g: -g.along)
    if len(alike) == 1:
        return gun.mount
    index = next(i for i, g in enumerate(alike) if g.id == gun.id)
    names = {2: ("fore", "aft"), 3: ("fore", "amidships", "aft")}.get(len(alike))
    where = names[index] if names else f"{index + 1} of {len(alike)} from the bow"
    return f"{gun.mount} {where}"


def crew_ready(state: AhoyState, dice: Dice, ship: Ship, gun: Gun) -> bool:
    """Gun Crews: a short-handed gun fires only on its roll."""
    weapon = tables().gun(gun.weapon)
    crew = gun_crew(state, ship, gun.id)
    need = weapon.fire_needs(crew)
    name = gun_name(ship, gun)
    if need is not None and need > 1:
        ok, _ = dice.need(need, f"{name} with only {crew} crew", GUN_CREWS, side=ship.side,
                          ship=ship.id, success="fires", failure="not ready")
        if not ok:
            tell(dice, "no_fire", f"Short-handed, {name} is not ready to fire", GUN_CREWS,
                 side=ship.side, ship=ship.id)
            return False
    return True


def ordnance_hit(state: AhoyState, dice: Dice, shooter_id: str, target_id: str,
                 weapon: Ordnance, *, point_blank: bool, rake: bool,
                 chain: bool = False) -> AhoyState:
    """Shooting at Ships: roll to damage on S v T, then the weapon's damage; 6s are critical.

    Chainshot adds to the damage and cannot cause a critical hit above the chart's 4.
    """
    shooter = state.ship(shooter_id)
    target = state.ship(target_id)
    bonus = int(point_blank) + int(rake)
    reasons = [r for r, on in (("point blank", point_blank), ("raking", rake)) if on]
    why = f" (+{bonus}: {', '.join(reasons)})" if bonus else ""
    if rake:
        tell(dice, "rake", f"The shot rakes the {target.name}'s decks!", RAKE,
             side=shooter.side, ship=target_id)
    if target.size == "jolly_boat":
        hits = dice.d3(f"crew hit aboard the Jolly Boat {target.name}", JOLLY, side=target.side,
                       ship=target_id)
        state = hit_crew_aboard(state, dice, target, hits, weapon.strength, saves=False,
                                by_side=shooter.side, purpose=weapon.name.lower(), rule=JOLLY)
    need = to_wound_needed(weapon.strength, toughness(target))
    if need is None:
        tell(dice, "no_effect", f"The {weapon.name.lower()} cannot harm the {target.name}",
             CANNONS, ship=target_id)
        return state
    rule = POINT_BLANK if point_blank else RAKE if rake else "Taking Damage"
    # The die is logged with its modifier added (2+1 = 3 vs 3+), as the table reads it.
    _, face = dice.need(need, f"to damage the {target.name} (S{weapon.strength} v "
                        f"T{toughness(target)}){why}", rule, side=shooter.side, ship=target_id,
                        modifier=bonus)
    wounded = face != 1 and face + bonus >= need
    dice.judge("damages" if wounded else "no damage", need=f"{need}+")
    if not wounded:
        return state
    extra = tables().table("chainshot")["damage_bonus"] if chain else 0
    # The log names every point added to the dice, so the total lost can be checked by hand.
    adds = [f"+1 {reason}" for reason in reasons] + ([f"+{extra} chainshot"] if extra else [])
    amount = dice.expr(weapon.wounds, f"damage from the {weapon.name.lower()}"
                       + (f" ({', '.join(adds)})" if adds else ""),
                       CHAIN if chain else "Taking Damage", side=shooter.side,
                       ship=target_id) + bonus + extra
    state = damage_ship(state, dice, target_id, amount, by_side=shooter.side,
                        cause=f"the {shooter.name}'s {weapon.name.lower()}")
    if face == 6 and not state.ship(target_id).sunk:
        most = tables().table("chainshot")["max_critical"] if chain else 6
        state = critical_hit(state, dice, target_id, by_side=shooter.side, max_roll=most)
    return state


def misfire(state: AhoyState, dice: Dice, ship_id: str, gun_id: str) -> AhoyState:
    ship = state.ship(ship_id)
    gun = next(g for g in ship.guns if g.id == gun_id)
    roll = dice.d6(f"misfire: the {ship.name}'s {gun.mount} gun", MISFIRE_RULE,
                   side=ship.side, ship=ship_id)
    result = tables().d6_entry("misfire", "", roll)
    if result == "destroyed":
        dice.judge("destroyed")
        tell(dice, "gun_destroyed", f"The {ship.name}'s {gun.mount} gun bursts: the gun is "
             "destroyed and its crew killed", MISFIRE_RULE, side=ship.side, ship=ship_id,
             big=True)
        gunners = {c.id: None for c in state.crew
                   if c.aboard == ship_id and c.task == Task.GUN and c.gun == gun_id}
        state = replace_crew(state, gunners)
        return _set_gun(state, ship_id, gun_id, state=GunState.DESTROYED)
    if result == "malfunction":
        dice.judge("malfunction")
        tell(dice, "malfunction", f"The {ship.name}'s {gun.mount} gun malfunctions: it may not "
             "fire this turn or next", MISFIRE_RULE, side=ship.side, ship=ship_id)
        return _set_gun(state, ship_id, gun_id, state=GunState.MALFUNCTION,
                        silent_until=state.player_turn + 2)
    dice.judge("damp powder")
    tell(dice, "damp", f"Damp powder: the {ship.name}'s {gun.mount} gun does not fire this turn",
         MISFIRE_RULE, side=ship.side, ship=ship_id)
    return state


def _set_gun(game: AhoyState, ship_id: str, gun_id: str, **changes: object) -> AhoyState:
    ship = game.ship(ship_id)
    guns = tuple(replace(g, **changes) if g.id == gun_id else g for g in ship.guns)
    return update_ship(game, ship_id, guns=guns)


# --- missile weapons -------------------------------------------------------------------------


def marksmen(state: AhoyState, ship: Ship) -> list[Crewman]:
    """Crew aboard with missile weapons who are free to shoot.

    Artillery crews "may either fire the artillery piece or their missile weapons": the men of a
    gun that has not fired this turn and has nothing it can fire at may shoot instead (and the
    gun is then done for the turn). The men of a gun that could fire serve it.
    """
    armed = [c for c in own_aboard(state, ship) if c.missile]
    if any(c.task == Task.GUN for c in armed):
        spare = {g.id for g in ship.guns
                 if not g.fired and fire_choice(state, ship, g, ship_checked=True) is None}
    else:
        spare = set()
    return [c for c in armed if c.task in (Task.SAILING, Task.IDLE, Task.FIRES)
            or (c.task == Task.GUN and c.gun in spare)]


def missile_targets(state: AhoyState, ship: Ship) -> list[Ship]:
    if ship_may_shoot(state, ship) or ship.missiles_fired:
        return []
    shooters = marksmen(state, ship)
    if not shooters:
        return []
    reach = max(tables().missile_weapon(c.missile).range for c in shooters if c.missile)
    found = []
    for other in state.ships:
        if not other.on_table or not is_target(ship, other):
            continue
        if own_aboard(state, other) and within(state, ship.id, other.id, reach) \
                and not land_between(state, ship, other):
            found.append(other)
    return found


def land_between(state: AhoyState, ship: Ship, other: Ship) -> bool:
    """Whether land lies between two ships' centres (marksmen cannot see through it)."""
    dx, dy = other.x - ship.x, other.y - ship.y
    length = math.hypot(dx, dy)
    if length <= 0 or not state.terrain:
        return False
    return land_ahead(state, (ship.x, ship.y), (dx / length, dy / length)) < length


def fire_missiles(state: AhoyState, dice: Dice, ship_id: str, target_id: str) -> AhoyState:
    """Every free marksman in range shoots; crew aboard a ship are always in cover (−1)."""
    ship = state.ship(ship_id)
    target = state.ship(target_id)
    state = update_ship(state, ship_id, missiles_fired=True)
    gap = hull_gap(state, ship.id, target.id)
    hits: list[tuple[int, int]] = []  # (strength, save modifier)
    shooters = marksmen(state, ship)
    for man in shooters:
        assert man.missile is not None
        weapon = tables().missile_weapon(man.missile)
        if gap > weapon.range:
            continue
        if man.task == Task.GUN and man.gun is not None:  # shooting instead of serving it
            state = _set_gun(state, ship_id, man.gun, fired=True)
        long_range = gap > weapon.range / 2
        need = bs_to_hit(tables().profile(man.profile).BS, 1 + int(long_range))
        why = "cover" + (", long range" if long_range else "")
        purpose = f"{weapon.name} from the {ship.name} at the {target.name}'s crew ({why})"
        if need <= 6:
            face = dice.d6(purpose, MISSILES, side=ship.side, ship=target_id, need=f"{need}+")
            hit = face >= need
        else:
            second = follow_up_needed(need)
            if second is None:
                continue
            face = dice.d6(purpose, MISSILES, side=ship.side, ship=target_id,
                           need=f"6 then {second}+")
            hit = face == 6
            if hit:
                dice.judge("6: roll again")
                again = dice.d6(f"{purpose}: second roll", MISSILES, side=ship.side,
                                ship=target_id, need=f"{second}+")
                hit = again >= second
        dice.judge("hits" if hit else "misses")
        if hit:
            hits.append((weapon.strength, weapon.save_modifier))
    tell(dice, "volley", f"The {ship.name}'s marksmen score {len(hits)} hit"
         f"{'' if len(hits) == 1 else 's'} on the {target.name}'s crew", MISSILES,
         side=ship.side, ship=target_id)
    crowd = casualty_order(own_aboard(state, state.ship(target_id)))
    for index, (strength, extra) in enumerate(hits):
        living = [c for c in crowd if any(m.id == c.id for m in state.crew)]
        if not living:
            break
        man = state.crewman(living[index % len(living)].id)
        state = hit_man(state, dice, man, strength, saves=True, save_extra=extra,
                        by_side=ship.side, purpose="missile fire", rule=MISSILES)
    return state
