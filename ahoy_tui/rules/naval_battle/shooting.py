"""Shooting: snipers, ship's guns, misfires, a creature's ranged attack.

Shooting is simultaneous. Every shot of every side is rolled against the ships as they stood
when the phase began (a crew shot down this phase still fires), armour saves are rolled as the
hits land, and the casualties, fires, jams and explosions all take effect together once every
shot has been rolled.

Readings where the seed is silent (docs/rules/naval-battle.md):

- Ranges are measured from the centre of one ship to the centre of the other, and a gun's fire
  arc is measured from the shooting ship's centre.
- One shot per gun, one for the snipers and one for the creature, each turn; the guns fired
  together cost at most the chits on Guns.
- A gun that adds the artillery die to its range hits when the target is no farther than the
  chart's range plus the die; a "misfire" face goes to the Misfire Chart. Targets up to the
  chart's range plus 10" (the best artillery die) may be chosen.
- A gun with the scatter die also needs the scatter die's HIT: a D6 of 1-2. A Doom Diver
  "corrects deviation" by rolling a missed scatter die once more.
- "BS as crew" (Bolt Thrower, Jezzail) hits on a D6 of 4+ (Ballistic Skill 3) plus the crew's
  shooting modifier.
- Each snipers' die uses its own chit's race (a specialist is of the ship's race): the race's
  shooting modifier and any maximum range (the Lizards' 18"). A gun's single roll uses the
  ship's race.
- A Master Gunner's reroll is of the ship's first Misfire Chart roll of the turn, when every chit
  on Guns is a Master Gunner; it is taken unless the roll is already a Weapon Jam.
- An Explosion kills the gun's own crew: the chits come off Guns first. A Doom Diver loses its
  Goblin on every shot.
- A creature whose crew are all dead shoots the nearest ship, friend or foe, every turn: the shot
  is made even when the plan leaves it out.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from attrs import define, field, frozen

from ahoy_tui.engine.dice import ARTILLERY_FACES, MISFIRE, Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import EPSILON, clean
from ahoy_tui.engine.memo import KeyedMemo
from ahoy_tui.rules.naval_battle import crew
from ahoy_tui.rules.naval_battle.model import GUNS, SNIPERS, NavalState, Ship, Shot
from ahoy_tui.rules.naval_battle.model import Gun as ShipGun
from ahoy_tui.rules.naval_battle.tables import Gun, Misfire, Race, tables

SHOOTING = "Shooting"
SNIPERS_RULE = "Snipers"
GUNS_RULE = "Ship's guns"
MISFIRES = "Misfires"
CREATURES = "Creatures"
CREWS = "Ship's Crews"
SPECIALISTS = "Specialists"
ARMOUR = "Armour"
REMOVING_CASUALTIES = "Removing casualties"

SNIPERS_WEAPON = "snipers"
CREATURE_WEAPON = "creature"
BEST_ARTILLERY = max(f for f in ARTILLERY_FACES if isinstance(f, int))
CREW_BS_TO_HIT = 4  # reading: "BS as crew" is Ballistic Skill 3, a 4+ on a D6
SCATTER_HITS = (1, 2)  # reading: the scatter die's two HIT faces, as a D6
CORRECTS_DEVIATION = ("doom_divers",)  # "Can correct deviation": one more scatter die
MASTER_GUNNER = "master_gunner"


@frozen
class Weapon:
    """Something a ship can shoot this turn and what it can reach."""

    weapon: str  # gun id, "snipers" or "creature"
    name: str
    action_points: int  # what one shot costs from the Guns box (0 for snipers, creature)
    targets: tuple[tuple[str, float], ...]  # (ship id, distance in inches) it can shoot at
    why_not: str = ""  # why it can shoot at nothing (no chits, out of arc, jammed…)


# --- measuring --------------------------------------------------------------------------------

def distance(a: Ship, b: Ship) -> float:
    """Inches from centre to centre (reading)."""
    return clean(math.hypot(b.x - a.x, b.y - a.y))


def signed(modifier: int) -> str:
    """A modifier as the dice write it: "+1", "−1" (a true minus sign)."""
    return f"{'+' if modifier >= 0 else '−'}{abs(modifier)}"


def inches(value: float) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return f'{text}"'


def bearing_to(a: Ship, b: Ship) -> float:
    """Compass degrees (0 = north, clockwise) from a's centre to b's (y grows southward)."""
    return math.degrees(math.atan2(b.x - a.x, -(b.y - a.y))) % 360


def in_arc(ship: Ship, gun: ShipGun, target: Ship) -> bool:
    """Line of sight: the target's centre within 22.5° of the barrel, unless the gun turns
    freely (Doom Divers, Jezzails, Swivel Guns, or a rotating platform)."""
    arc = tables().arc
    if gun.rotating or gun.type in arc.free:
        return True
    if distance(ship, target) == 0:
        return True
    barrel = ((ship.heading + gun.bearing) % 8) * 45
    off = abs((bearing_to(ship, target) - barrel + 180) % 360 - 180)
    return off <= arc.degrees / 2 + EPSILON


def crew_race(ship: Ship, kind: str) -> Race:
    """The race of a crew kind aboard: a race's own row, or the ship's for a specialist."""
    rules = tables()
    return rules.race(kind if kind in rules.races else ship.race)


def kind_name(kind: str) -> str:
    rules = tables()
    if kind in rules.races:
        return rules.race(kind).name
    if kind in rules.specialists:
        return rules.specialist(kind).name
    return kind.replace("_", " ")


def sniper_reach(ship: Ship, kind: str) -> int:
    """How far a sniper of this crew kind shoots: the chart's last band, or less for a race
    with primitive weapons (the Lizards' 18")."""
    band_max = max(band.max_range for band in tables().snipers)
    limit = crew_race(ship, kind).max_shooting_range
    return min(band_max, limit) if limit else band_max


def gun_reach(row: Gun) -> float | None:
    """The farthest a gun may be aimed: its range, plus the best artillery die for a gun that
    adds one; None for unlimited."""
    if not row.max_range:
        return None
    return row.max_range + (BEST_ARTILLERY if "artillery" in row.range_dice else 0)


def crewless(ship: Ship) -> bool:
    """A creature ship whose crew are all dead: the creature goes on alone."""
    return ship.creature_alive and ship.chits == 0


def _others(state: NavalState, ship: Ship) -> list[tuple[Ship, float]]:
    """The ships she may shoot at, nearest first: enemies, or for a crewless creature the
    nearest ship of either side."""
    others = sorted(((s, distance(ship, s)) for s in state.ships
                     if s.id != ship.id and not s.gone), key=lambda p: (p[1], p[0].id))
    if crewless(ship):
        return [(s, d) for s, d in others if others and d == others[0][1]]
    return [(s, d) for s, d in others if s.side != ship.side]


def _no_target(others: list[tuple[Ship, float]], what: str) -> str:
    return f"no enemy ship {what}" if others else "no enemy ship in the battle"


# --- what can shoot ---------------------------------------------------------------------------

def weapons(state: NavalState, ship_id: str) -> tuple[Weapon, ...]:
    """Every weapon of the ship this Shooting phase, with its targets (after the reveal, so
    the chits on Snipers and Guns are known). They depend on the ships alone, so they are
    remembered for the ships tuple: a turn's shooting asks for them many times."""
    ships = state.ships
    return _WEAPONS((id(ships), ship_id), ships, lambda: _weapons(state, ship_id))


_WEAPONS: KeyedMemo[tuple[Weapon, ...]] = KeyedMemo(256)


def _weapons(state: NavalState, ship_id: str) -> tuple[Weapon, ...]:
    ship = state.ship(ship_id)
    if ship.gone:
        return ()
    others = _others(state, ship)
    out = [_snipers_weapon(ship, others)]
    out.extend(_gun_weapon(ship, gun, others) for gun in ship.guns)
    if ship.creature is not None:
        out.append(_creature_weapon(ship, others))
    return tuple(out)


def _snipers_weapon(ship: Ship, others: list[tuple[Ship, float]]) -> Weapon:
    name = "snipers"
    if not ship.at(SNIPERS):
        return Weapon(SNIPERS_WEAPON, name, 0, (), "no chits on Snipers")
    reach = max(sniper_reach(ship, kind) for box, kind, n in ship.stations
                if box == SNIPERS and n)
    targets = tuple((s.id, d) for s, d in others if d <= reach)
    return Weapon(SNIPERS_WEAPON, name, 0, targets,
                  "" if targets else _no_target(others, f"within {inches(reach)}"))


def gun_label(gun: ShipGun) -> str:
    return f"{gun.id} ({tables().gun(gun.type).name})"


def _gun_weapon(ship: Ship, gun: ShipGun, others: list[tuple[Ship, float]]) -> Weapon:
    row = tables().gun(gun.type)
    name = gun_label(gun)

    def refused(why: str) -> Weapon:
        return Weapon(gun.id, name, row.action_points, (), why)

    if gun.destroyed:
        return refused("destroyed by an explosion")
    if gun.id in ship.jammed:
        return refused("jammed this turn")
    if ship.at(GUNS) < row.action_points:
        return refused(f"needs {row.action_points} chits on Guns ({ship.at(GUNS)} there)")
    if row.crew_race and ship.at_by_kind(GUNS, row.crew_race) < max(row.crew_lost, 1):
        return refused(f"needs a {kind_name(row.crew_race)} crew on Guns")
    reach = gun_reach(row)
    in_range = [(s, d) for s, d in others
                if d >= row.min_range and (reach is None or d <= reach)]
    targets = tuple((s.id, d) for s, d in in_range if in_arc(ship, gun, s))
    if targets:
        return Weapon(gun.id, name, row.action_points, targets)
    if in_range:
        return refused("no enemy ship in its arc")
    span = f"{row.min_range}-{reach}" if row.min_range else f"{reach}"
    return refused(_no_target(others, f"in range ({span}\")"))


def _creature_weapon(ship: Ship, others: list[tuple[Ship, float]]) -> Weapon:
    creature = ship.creature
    assert creature is not None
    name = f"{creature.name} (ranged attack)"
    if creature.dead:
        return Weapon(CREATURE_WEAPON, name, 0, (), f"the {creature.name} is dead")
    if not tables().creatures.ranged_dice(creature.chits):
        return Weapon(CREATURE_WEAPON, name, 0, (),
                      f"{creature.chits} chits: a D6 needs 6 creature action points")
    targets = tuple((s.id, d) for s, d in others if d <= creature.chits)
    return Weapon(CREATURE_WEAPON, name, 0, targets,
                  "" if targets else _no_target(others, f"within {inches(creature.chits)}"))


# --- the fire plan ----------------------------------------------------------------------------

def _rule_of(weapon: str) -> str:
    return {SNIPERS_WEAPON: SNIPERS_RULE, CREATURE_WEAPON: CREATURES}.get(weapon, GUNS_RULE)


def plan_problem(state: NavalState, side: str, shots: tuple[Shot, ...]) -> tuple[str, str] | None:
    """(rule, reason) if a side's fire plan is not allowed, else None."""
    arsenal: dict[str, dict[str, Weapon]] = {}
    fired: set[tuple[str, str]] = set()
    spent: dict[str, int] = {}
    crew_spent: dict[tuple[str, str], int] = {}
    for shot in shots:
        try:
            ship = state.ship(shot.ship)
        except KeyError:
            return SHOOTING, f"there is no ship {shot.ship!r}"
        if ship.side != side:
            return SHOOTING, f"{ship.name} is not one of your ships"
        if ship.gone:
            return SHOOTING, f"{ship.name} is out of the battle ({ship.gone})"
        rule = _rule_of(shot.weapon)
        arms = arsenal.setdefault(ship.id, {w.weapon: w for w in weapons(state, ship.id)})
        weapon = arms.get(shot.weapon)
        if weapon is None:
            return rule, f"{ship.name} has no weapon {shot.weapon!r}"
        if (ship.id, shot.weapon) in fired:
            return rule, f"{ship.name}'s {weapon.name} shoots once a turn"
        fired.add((ship.id, shot.weapon))
        try:
            target = state.ship(shot.target)
        except KeyError:
            return rule, f"there is no ship {shot.target!r}"
        if shot.target not in dict(weapon.targets):
            why = _why_not(state, ship, weapon, target)
            return rule, f"{ship.name}'s {weapon.name} cannot shoot at {target.name}: {why}"
        if shot.at_creature and not target.creature_alive:
            return CREATURES, f"{target.name} has no living creature to aim at"
        if shot.weapon in (SNIPERS_WEAPON, CREATURE_WEAPON):
            continue
        row = tables().gun(_ship_gun(ship, shot.weapon).type)
        spent[ship.id] = spent.get(ship.id, 0) + row.action_points
        if spent[ship.id] > ship.at(GUNS):
            return GUNS_RULE, (f"{ship.name}'s guns need {spent[ship.id]} action points; "
                               f"she has {ship.at(GUNS)} chits on Guns")
        if row.crew_race:
            key = (ship.id, row.crew_race)
            crew_spent[key] = crew_spent.get(key, 0) + row.crew_lost
            if crew_spent[key] > ship.at_by_kind(GUNS, row.crew_race):
                return CREWS, (f"{ship.name}: each {row.name} shot fires a "
                               f"{kind_name(row.crew_race)}, and she has "
                               f"{ship.at_by_kind(GUNS, row.crew_race)} on Guns")
    return None


def _ship_gun(ship: Ship, gun_id: str) -> ShipGun:
    return next(g for g in ship.guns if g.id == gun_id)


def _why_not(state: NavalState, ship: Ship, weapon: Weapon, target: Ship) -> str:
    """Why this weapon cannot shoot at this ship now, in a few words."""
    if weapon.why_not and not weapon.targets:
        return weapon.why_not
    if target.id == ship.id:
        return "she cannot shoot at herself"
    if target.gone:
        return f"she is out of the battle ({target.gone})"
    if crewless(ship):
        return "a creature without its crew attacks the nearest ship"
    if target.side == ship.side:
        return "she is a friend"
    d = distance(ship, target)
    if weapon.weapon in (SNIPERS_WEAPON, CREATURE_WEAPON):
        return f"{inches(d)} is out of range"
    gun = _ship_gun(ship, weapon.weapon)
    row = tables().gun(gun.type)
    reach = gun_reach(row)
    if d < row.min_range or (reach is not None and d > reach):
        return f"{inches(d)} is out of range"
    if not in_arc(ship, gun, target):
        return "she is outside the gun's 45° arc"
    return "out of reach"


# --- resolving --------------------------------------------------------------------------------

@define
class _Volley:
    """What the phase's shots did, held until every shot has been rolled."""

    hurts: list[tuple[str, int, str, bool]] = field(factory=list)  # target, points, by, creature
    fires: list[tuple[str, int]] = field(factory=list)
    jams: list[tuple[str, str]] = field(factory=list)
    blown: list[tuple[str, str, int]] = field(factory=list)  # ship, gun, crew killed
    fired_crew: list[tuple[str, str, int]] = field(factory=list)  # ship, kind, chits (Goblins)
    misfired: set[str] = field(factory=set)  # ships that have had their first misfire


def resolve(state: NavalState, plans: Mapping[str, tuple[Shot, ...]], dice: Dice,
            events: list[Event]) -> NavalState:
    """Every side's shots at once; casualties are removed after all have fired."""
    start = state
    volley = _Volley()
    arsenal: dict[str, dict[str, Weapon]] = {}
    for side, _ in start.sides:
        shots = list(plans.get(side, ()))
        shots.extend(_creatures_alone(start, side, shots, events))
        for shot in shots:
            ship = start.ship(shot.ship)
            if ship.gone:
                continue
            arms = arsenal.setdefault(ship.id, {w.weapon: w for w in weapons(start, ship.id)})
            weapon = arms.get(shot.weapon)
            reach = dict(weapon.targets) if weapon is not None else {}
            if weapon is None or shot.target not in reach:
                events.append(Happened("holds_fire", f"{ship.name} holds fire: "
                                       f"{shot.weapon} cannot reach {shot.target}", SHOOTING,
                                       side=ship.side, ship=ship.id))
                continue
            target = start.ship(shot.target)
            at_creature = shot.at_creature and target.creature_alive
            d = reach[shot.target]
            if shot.weapon == SNIPERS_WEAPON:
                _snipers_fire(ship, target, d, at_creature, dice, events, volley)
            elif shot.weapon == CREATURE_WEAPON:
                _creature_fire(ship, target, d, at_creature, dice, events, volley)
            else:
                _gun_fire(ship, _ship_gun(ship, shot.weapon), target, d, at_creature, dice,
                          events, volley)
    return _take_effect(state, volley, events)


def _creatures_alone(state: NavalState, side: str, shots: list[Shot],
                     events: list[Event]) -> list[Shot]:
    """A creature whose crew are all dead "will shoot each turn at the nearest ship, friend
    or foe": its shot, when the plan has none."""
    out: list[Shot] = []
    planned = {(s.ship, s.weapon) for s in shots}
    for ship in state.side_ships(side):
        if not crewless(ship) or (ship.id, CREATURE_WEAPON) in planned:
            continue
        weapon = next(w for w in weapons(state, ship.id) if w.weapon == CREATURE_WEAPON)
        if weapon.targets:
            target = state.ship(weapon.targets[0][0])
            assert ship.creature is not None
            events.append(Happened("creature_alone", f"{ship.name}'s {ship.creature.name}, its "
                                   f"crew dead, attacks the nearest ship, {target.name}",
                                   CREATURES, side=ship.side, ship=ship.id))
            out.append(Shot(ship.id, CREATURE_WEAPON, target.id))
    return out


def _say(events: list[Event], ship: Ship, kind: str, text: str, rule: str,
         big: bool = False) -> None:
    events.append(Happened(kind, text, rule, side=ship.side, ship=ship.id, big=big))


def _aim(target: Ship, at_creature: bool) -> str:
    if at_creature and target.creature is not None:
        return f"{target.name}'s {target.creature.name}"
    return target.name


def _land(ship: Ship, target: Ship, points: int, at_creature: bool, dice: Dice,
          events: list[Event], volley: _Volley, *, saved: bool = True) -> int:
    """Armour saves for ``points`` of damage on the target (or her creature); what gets
    through waits for the casualties step."""
    through = points
    if saved and points:
        through = crew.save_armour(dice, target, points, rule=ARMOUR,
                                   against_creature=at_creature, side=target.side)
    if through:
        volley.hurts.append((target.id, through, ship.id, at_creature))
    return through


def _plural(n: int, word: str, many: str = "") -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def crew_words(n: int, kind: str, job: str) -> str:
    """"3 Elf snipers", "2 Marines": chits of a crew kind at a job."""
    if kind in tables().specialists:
        return _plural(n, kind_name(kind))
    return f"{n} {kind_name(kind)} {job if n == 1 else job + 's'}"


def _snipers_fire(ship: Ship, target: Ship, d: float, at_creature: bool, dice: Dice,
                  events: list[Event], volley: _Volley) -> None:
    rules = tables()
    to_hit = rules.sniper_to_hit(d)
    saved_hits = unsaved_hits = 0
    for box, kind, n in ship.stations:
        if box != SNIPERS or not n:
            continue
        who = f"{ship.name}'s {crew_words(n, kind, 'sniper')}"
        if to_hit is None or d > sniper_reach(ship, kind):
            _say(events, ship, "out_of_range", f"{who} cannot reach {inches(d)} "
                 f"(at most {inches(sniper_reach(ship, kind))})", CREWS)
            continue
        modifier = crew_race(ship, kind).shooting
        mod = f" ({signed(modifier)})" if modifier else ""
        if to_hit - modifier > 6:
            _say(events, ship, "cannot_hit", f"{who} cannot hit at {inches(d)}: "
                 f"{to_hit}+{mod} is more than a 6", SNIPERS_RULE)
            continue
        faces = dice.nd6(n, f"{who} at {_aim(target, at_creature)}", SNIPERS_RULE,
                         side=ship.side, ship=ship.id)
        hits = sum(1 for face in faces if face + modifier >= to_hit)
        dice.judge(_plural(hits, "hit"), f"{to_hit}+{mod} each")
        if kind in rules.specialists and not rules.specialist(kind).sniper_hits_saved:
            unsaved_hits += hits
        else:
            saved_hits += hits
    hits = saved_hits + unsaved_hits
    _say(events, ship, "snipers", f"{ship.name}'s snipers hit {_plural(hits, 'time')} at "
         f"{inches(d)}" + (f" ({unsaved_hits} by Sharp Shooters: no armour save)"
                           if unsaved_hits else ""), SNIPERS_RULE)
    through = _land(ship, target, saved_hits, at_creature, dice, events, volley)
    through += _land(ship, target, unsaved_hits, at_creature, dice, events, volley, saved=False)
    if hits:
        _say(events, target, "wounds", f"{through} of {ship.name}'s {_plural(hits, 'hit')} "
             f"get through {_aim(target, at_creature)}'s armour", ARMOUR)


def _creature_fire(ship: Ship, target: Ship, d: float, at_creature: bool, dice: Dice,
                   events: list[Event], volley: _Volley) -> None:
    creature = ship.creature
    assert creature is not None
    rules = tables().creatures
    count = rules.ranged_dice(creature.chits)
    faces = dice.nd6(count, f"{ship.name}'s {creature.name}: ranged attack on "
                     f"{_aim(target, at_creature)} at {inches(d)}", CREATURES,
                     side=ship.side, ship=ship.id)
    damage = sum(faces)
    fires = sum(1 for face in faces if face in rules.fire_on)
    dice.judge(f"{damage} damage" + (f", {_plural(fires, 'fire')}" if fires else ""))
    _say(events, ship, "creature_attack", f"{ship.name}'s {creature.name} strikes "
         f"{_aim(target, at_creature)} for {damage} damage"
         + (f" and sets {target.name} on fire ({_plural(fires, 'fire')})" if fires else ""),
         CREATURES)
    through = _land(ship, target, damage, at_creature, dice, events, volley)
    _say(events, target, "wounds", f"{through} of the {creature.name}'s {damage} damage get "
         f"through {_aim(target, at_creature)}'s armour", ARMOUR)
    if fires:
        volley.fires.append((target.id, fires))


def _damage_die(dice: Dice, die: str, purpose: str, ship: Ship) -> int:
    if die == "D3":
        return dice.d3(purpose, GUNS_RULE, side=ship.side, ship=ship.id)
    sides = int(die.removeprefix("D"))
    return dice.die(sides, purpose, GUNS_RULE, side=ship.side, ship=ship.id)


def _gun_fire(ship: Ship, gun: ShipGun, target: Ship, d: float, at_creature: bool,
              dice: Dice, events: list[Event], volley: _Volley) -> None:
    rules = tables()
    row = rules.gun(gun.type)
    label = f"{ship.name}'s {gun_label(gun)}"
    aim = _aim(target, at_creature)
    _say(events, ship, "fires", f"{label} fires at {aim}, {inches(d)} away", GUNS_RULE)
    if row.crew_lost and row.crew_race:
        volley.fired_crew.append((ship.id, row.crew_race, row.crew_lost))
        _say(events, ship, "crew_fired", f"{label} fires {_plural(row.crew_lost, 'Goblin')} "
             "(lost with the shot)", GUNS_RULE)
    if not _hits(ship, gun, row, label, d, dice, events, volley):
        return
    first = _damage_die(dice, row.dice, f"{label}: damage on {aim}", ship)
    if first in row.misfire_on:
        dice.judge("misfire")
        _misfire(ship, gun, row, label, dice, events, volley)
        return
    faces = [first]
    if row.reroll:
        reroll = rules.reroll(row.reroll)
        while faces[-1] in reroll.faces:
            faces.append(_damage_die(dice, row.dice, f"{label}: {reroll.text}", ship))
            if not reroll.repeats:
                break
    fires = 0
    for face in faces:
        if face not in row.fire_on:
            continue
        if row.fire_roll:
            lit, _ = dice.need(row.fire_roll, f"{label}: a {face} on the damage roll, chance "
                               "of fire", GUNS_RULE, side=ship.side, ship=ship.id,
                               success="fire", failure="no fire")
            fires += 1 if lit else 0
        else:
            fires += 1
    if row.automatic_fires:
        fires += dice.expr(row.automatic_fires, f"{label}: automatic fires", GUNS_RULE,
                           side=ship.side, ship=ship.id)
    damage = sum(faces)
    rolled = "+".join(str(f) for f in faces)
    _say(events, ship, "gun_hit", f"{label} hits {aim} for {damage} damage"
         + (f" ({rolled})" if len(faces) > 1 else "")
         + (f" and starts {_plural(fires, 'fire')} on {target.name}" if fires else ""),
         GUNS_RULE)
    through = _land(ship, target, damage, at_creature, dice, events, volley)
    _say(events, target, "wounds", f"{through} of {damage} damage get through {aim}'s armour",
         ARMOUR)
    if fires:
        volley.fires.append((target.id, fires))


def _hits(ship: Ship, gun: ShipGun, row: Gun, label: str, d: float, dice: Dice,
          events: list[Event], volley: _Volley) -> bool:
    """The to-hit part of a gun's shot; a misfire is played here and counts as no hit."""
    if row.to_hit == "automatic" or row.automatic_hit:
        return True
    if row.to_hit == "crew_bs":
        modifier = crew_race(ship, ship.race).shooting
        if CREW_BS_TO_HIT - modifier > 6:
            _say(events, ship, "miss", f"{label} cannot hit", GUNS_RULE)
            return False
        hit, _ = dice.need(CREW_BS_TO_HIT, f"{label} to hit (BS as crew)", GUNS_RULE,
                           side=ship.side, ship=ship.id, modifier=modifier, success="hit",
                           failure="miss")
        if not hit:
            _say(events, ship, "miss", f"{label} misses", GUNS_RULE)
        return hit
    rolled = dice.artillery(f"{label}: artillery die", GUNS_RULE, side=ship.side, ship=ship.id)
    if rolled == MISFIRE or not isinstance(rolled, int):
        _misfire(ship, gun, row, label, dice, events, volley)
        return False
    if row.max_range and d > row.max_range + rolled:
        dice.judge("short", f'{inches(d - row.max_range)} or more')
        _say(events, ship, "miss", f"{label} falls short: {row.max_range}\" + {rolled}\" "
             f"does not reach {inches(d)}", GUNS_RULE)
        return False
    dice.judge("in range")
    if "scatter" not in row.range_dice:
        return True
    tries = 2 if row.id in CORRECTS_DEVIATION else 1
    for attempt in range(tries):
        purpose = f"{label}: scatter die" if attempt == 0 else \
            f"{label}: the Doom Diver corrects his deviation"
        face = dice.d6(purpose, GUNS_RULE, side=ship.side, ship=ship.id)
        on = face in SCATTER_HITS
        dice.judge("HIT" if on else "scatters off", "1-2 (HIT)")
        if on:
            return True
    _say(events, ship, "miss", f"{label} scatters off the target", GUNS_RULE)
    return False


def _chart(ship: Ship, label: str, dice: Dice, purpose: str) -> Misfire:
    modifier = crew_race(ship, ship.race).misfire
    roll = dice.d6(purpose, MISFIRES, side=ship.side, ship=ship.id)
    result = tables().misfire(roll + modifier)
    dice.judge(result.name, f"with {signed(modifier)}" if modifier else "")
    return result


def _misfire(ship: Ship, gun: ShipGun, row: Gun, label: str, dice: Dice,
             events: list[Event], volley: _Volley) -> None:
    _say(events, ship, "misfire", f"{label} misfires!", MISFIRES)
    result = _chart(ship, label, dice, f"{label}: Misfire Chart")
    first = ship.id not in volley.misfired
    volley.misfired.add(ship.id)
    masters = ship.at(GUNS) > 0 and ship.at_by_kind(GUNS, MASTER_GUNNER) == ship.at(GUNS)
    rerolls = tables().specialist(MASTER_GUNNER).misfire_rerolls_per_turn
    if first and masters and rerolls and result.id != "weapon_jam":
        _say(events, ship, "reroll", f"{ship.name}'s Master Gunners reroll the first misfire "
             f"of the turn ({result.name})", SPECIALISTS)
        result = _chart(ship, label, dice, f"{label}: Misfire Chart, Master Gunners' reroll")
    if result.destroyed or result.crew_lost_per_action_point:
        crew_lost = result.crew_lost(row.action_points)
        volley.blown.append((ship.id, gun.id, crew_lost))
        _say(events, ship, "explosion", f"{label} explodes, killing "
             f"{_plural(crew_lost, 'crewman', 'crewmen')} of her own crew", MISFIRES, big=True)
    elif result.fires_per_action_points:
        fires = result.fires(row.action_points)
        volley.fires.append((ship.id, fires))
        verb = "starts" if fires == 1 else "start"
        _say(events, ship, "misfire_fires", f"{label}: powder spills and "
             f"{_plural(fires, 'fire')} {verb} aboard {ship.name}", MISFIRES)
    else:
        volley.jams.append((ship.id, gun.id))
        _say(events, ship, "jam", f"{label} jams: no damage this turn", MISFIRES)


def _take_effect(state: NavalState, volley: _Volley, events: list[Event]) -> NavalState:
    """Everything the shots did, at once: jams, explosions and the crew they kill, the Goblins
    fired, fires, then the casualties (each ship's damage from each attacker together)."""
    for ship_id, gun_id in volley.jams:
        ship = state.ship(ship_id)
        state = state.with_ship(replace(ship, jammed=(*ship.jammed, gun_id)))
    for ship_id, gun_id, crew_lost in volley.blown:
        ship = state.ship(ship_id)
        guns = tuple(replace(g, destroyed=True) if g.id == gun_id else g for g in ship.guns)
        state = state.with_ship(replace(ship, guns=guns))
        state = crew.take_damage(state, ship_id, crew_lost, events, by=None, rule=MISFIRES,
                                 first_box=GUNS)
    for ship_id, kind, chits in volley.fired_crew:
        state = crew.take_damage(state, ship_id, chits, events, by=None, rule=GUNS_RULE,
                                 first_box=GUNS, first_kind=kind)
    burning: dict[str, int] = {}
    for ship_id, fires in volley.fires:
        burning[ship_id] = burning.get(ship_id, 0) + fires
    for ship_id, fires in burning.items():
        ship = state.ship(ship_id)
        if ship.gone:
            continue
        ship = replace(ship, fires=ship.fires + fires)
        state = state.with_ship(ship)
        verb = "breaks" if fires == 1 else "break"
        _say(events, ship, "fire", f"{_plural(fires, 'fire')} {verb} out aboard {ship.name} "
             f"({ship.fires} burning)", SHOOTING)
    totals: dict[tuple[str, str, bool], int] = {}
    for target, points, by, at_creature in volley.hurts:
        totals[(target, by, at_creature)] = totals.get((target, by, at_creature), 0) + points
    for (target, by, at_creature), points in totals.items():
        ship = state.ship(target)
        if at_creature and not ship.creature_alive:
            if ship.creature is not None and not ship.gone:
                _say(events, ship, "overkill", f"{points} more damage from "
                     f"{state.ship(by).name} is lost on the dead {ship.creature.name}",
                     REMOVING_CASUALTIES)
            continue
        state = crew.take_damage(state, target, points, events, by=by,
                                 rule=REMOVING_CASUALTIES, to_creature=at_creature)
    return state
