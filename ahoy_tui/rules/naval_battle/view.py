"""What a screen should show of a Naval Battle: plain shapes and facts, no rules to apply.

:func:`scene` turns a state into the shapes of a sea map (hulls, the planned track of the ship
being ordered, lines to the targets of a fire plan); :func:`cards` into each ship's record;
:func:`sheet` into one ship's play sheet as it is being filled in (with the live check of the
rules); :func:`fire_rows` into the weapons a side may fire. Every number comes from the rules
modules: a user interface draws these and needs no rule of its own.

Pass a state as its viewer may see it (``ruleset.view(state, side)``): nothing here hides a
sealed sheet.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from typing import Any

from attrs import frozen

from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import UNIT, heading_name
from ahoy_tui.rules.naval_battle import legal, movement, shooting
from ahoy_tui.rules.naval_battle.actions import DeclareSpeed, FirePlan, GiveOrders
from ahoy_tui.rules.naval_battle.model import (
    BEARINGS,
    GUNS,
    HOLD,
    MANEUVER_KINDS,
    SPECIALIST_STATIONS,
    SPEED,
    SPEED_CHANGES,
    STARBOARD,
    STATION_NAMES,
    STATIONS,
    STEADY,
    NavalState,
    Phase,
    Ship,
    ShipOrders,
    Shot,
)
from ahoy_tui.rules.naval_battle.tables import tables
from ahoy_tui.rules.scene import HullShape, LineShape, Mark, Measure, Point, Scene, short_labels

# what a screen needs of the model and the actions, so it imports no rules module itself
__all__ = ["HOLD", "MANEUVER_KINDS", "SPEED_CHANGES", "STATIONS", "STATION_NAMES",
           "DeclareSpeed", "FirePlan", "GiveOrders", "Phase", "ShipOrders", "Shot"]

CHANGE_NAMES = {"up": "speeds up", "hold": "holds her speed", "down": "slows down"}
MANEUVER_NAMES = {"port": "Port", "steady": "Steady as she goes", "starboard": "Starboard"}
_BEARING_WORDS = {step: word for word, step in BEARINGS.items()}


# --- the sea map --------------------------------------------------------------------------------

def scene(state: NavalState, selected: str | None = None, *,
          orders: ShipOrders | None = None, shots: Iterable[Shot] = ()) -> Scene:
    """The table now. ``orders`` (the sheet being written for one ship) draws her planned
    track; ``shots`` (a fire plan being written) draws a line from each shooter to its target."""
    labels = ship_labels(state)
    hulls = tuple(_hull_shape(ship, labels[ship.id]) for ship in state.ships if ship.afloat)
    lines: list[LineShape] = []
    for shot in shots:
        line = _shot_line(state, shot)
        if line is not None:
            lines.append(line)
    if orders is not None:
        ship = state.ship(orders.ship)
        lines.extend(track_lines(ship, orders))
        ghost, aims = track_end(state, ship, orders, labels[ship.id])
        hulls = (ghost, *hulls)
        lines.extend(aims)
    return Scene(state.table.width, state.table.height, 0, "", hulls, tuple(lines), ())


def track_end(state: NavalState, ship: Ship, orders: ShipOrders,
              label: str = "") -> tuple[HullShape, list[LineShape]]:
    """Where her planned track ends (on an empty table), and from there a line to each enemy
    a gun of hers would have in its arc and range, marked with the distance."""
    x, y, heading = movement.track(ship, orders)[-1]
    there = replace(ship, x=x, y=y, heading=heading)
    ghost = replace(_hull_shape(there, label), ghost=True)
    aims = []
    for other in state.ships:
        if other.side == ship.side or not other.afloat:
            continue
        gap = math.hypot(other.x - x, other.y - y)
        if gap <= 1e-9:
            continue
        for gun in there.guns:
            if gun.destroyed:
                continue
            row = tables().gun(gun.type)
            reach = shooting.gun_reach(row)
            if gap >= row.min_range and (reach is None or gap <= reach) \
                    and shooting.in_arc(there, gun, other):
                direction = ((other.x - x) / gap, (other.y - y) / gap)
                aims.append(LineShape("fire", (x, y), heading, gap,
                                      (Mark(gap, "×"),), ship=ship.id, gun=gun.id,
                                      direction=direction))
                break  # one line to each enemy she could shoot at from there
    return ghost, aims


def tape_origins(state: NavalState, ship_id: str) -> tuple[tuple[str | None, str], ...]:
    """Where the tape may start on a ship: her centre, or each of her guns."""
    ship = state.ship(ship_id)
    out: list[tuple[str | None, str]] = [(None, ship.name)]
    for gun in ship.guns:
        if not gun.destroyed:
            out.append((gun.id, f"{ship.name}'s {gun_words(gun)}"))
    return tuple(out)


def gun_words(gun: Any) -> str:
    """A gun by its type and where its barrel points: "Cannon (port)"."""
    bearing = _BEARING_WORDS.get(gun.bearing % 8, f"{gun.bearing * 45:03d}°")
    return f"{tables().gun(gun.type).name} ({'rotating' if gun.rotating else bearing})"


def measure(state: NavalState, ship_id: str, gun_id: str | None,
            point: tuple[float, float]) -> Measure:
    """The tape from a ship (or a gun of hers) to a point, or to the ship there. Ranges run
    centre to centre and a gun's arc is judged from her centre (the readings of Shooting);
    nothing on this table blocks a shot but the arc itself. From her centre it names every
    weapon of hers that bears on the end and reaches it, in which band (``ranges.reaching``);
    from a gun, whether the end lies in its arc and in which band of its range."""
    from ahoy_tui.rules.naval_battle.ranges import gun_band, reaching

    ship = state.ship(ship_id)
    target_id = ship_at(state, *point)
    target = state.ship(target_id) if target_id and target_id != ship.id else None
    end = (target.x, target.y) if target is not None else point
    inches_ = math.hypot(end[0] - ship.x, end[1] - ship.y)
    to = f"to the {target.name}" if target is not None else "to here"
    words = [f'{inches_:.1f}" centre to centre {to}']
    in_line: bool | None = None
    probe = target if target is not None else replace(ship, x=end[0], y=end[1])
    gun = next((g for g in ship.guns if g.id == gun_id), None) if gun_id else None
    if gun is not None:
        row = tables().gun(gun.type)
        in_line = shooting.in_arc(ship, gun, probe)
        band = gun_band(row, inches_)
        if band is None and inches_ < row.min_range:
            band = f'inside its {row.min_range}" least range'
        words += ["in its arc" if in_line else "outside its 45° arc", band or "out of range"]
    else:
        bear = reaching(ship, probe, inches_)
        words.append("bear: " + ", ".join(bear) if bear else "nothing of hers reaches")
    words.append("nothing blocks a shot")
    return Measure((ship.x, ship.y), end, round(inches_, 2), " · ".join(words),
                   target.id if target is not None else "", in_line)


def ship_labels(state: NavalState) -> dict[str, str]:
    """Each ship's short label, the same on the map, her card and her choices."""
    return short_labels([(ship.id, ship.name) for ship in state.ships])


def _hull_shape(ship: Ship, label: str = "") -> HullShape:
    outline = movement.hull_of(ship)
    dx, dy = UNIT[ship.heading % 8]
    reach = max((px - ship.x) * dx + (py - ship.y) * dy for px, py in outline)
    bow = (ship.x + dx * reach * 0.8, ship.y + dy * reach * 0.8)
    return HullShape(ship.id, ship.name, ship.side, outline, bow, ship.heading,
                     (ship.x, ship.y), ship.fires, False, False, False, False, label=label)


def track_lines(ship: Ship, orders: ShipOrders) -> tuple[LineShape, ...]:
    """Her planned track, one line a maneuver, each ending at its token's number (the last leg
    first, so that each number is drawn over the start of the leg after it)."""
    track = movement.track(ship, orders)
    out = []
    for number, ((x0, y0, _), (x1, y1, heading)) in enumerate(
            itertools.pairwise(track), start=1):
        length = math.hypot(x1 - x0, y1 - y0)
        if length <= 1e-9:
            continue
        direction = ((x1 - x0) / length, (y1 - y0) / length)
        out.append(LineShape("move", (x0, y0), heading, length,
                             (Mark(length, str(number)),), ship=ship.id,
                             direction=direction))
    return tuple(reversed(out))


def _shot_line(state: NavalState, shot: Shot) -> LineShape | None:
    try:
        ship, target = state.ship(shot.ship), state.ship(shot.target)
    except KeyError:
        return None
    start: Point = (ship.x, ship.y)
    length = math.hypot(target.x - ship.x, target.y - ship.y)
    if length <= 1e-9:
        return None
    direction = ((target.x - ship.x) / length, (target.y - ship.y) / length)
    return LineShape("fire", start, ship.heading, length, (Mark(length, "x"),), ship=ship.id,
                     gun=shot.weapon, direction=direction)


def ship_at(state: NavalState, x: float, y: float) -> str | None:
    """The ship whose hull covers a point of the table, if any."""
    from ahoy_tui.engine.geometry import contains

    for ship in state.ships:
        if ship.afloat and contains(movement.hull_of(ship), (x, y)):
            return ship.id
    return None


# --- record cards -------------------------------------------------------------------------------

@frozen
class Chits:
    """Chits of one crew kind: a race's ordinary crew, or a specialist."""

    kind: str
    name: str
    count: int
    specialist: bool


@frozen
class GunLine:
    gun: str
    name: str
    bearing: str  # "bow", "port", "starboard", "stern" (or "045°")
    action_points: int
    status: str  # "ready", "jammed", "destroyed"


@frozen
class ShipCard:
    """A ship's record: what everyone at the table can see of her."""

    ship: str
    name: str
    side: str
    side_name: str
    race: str
    size: int
    chits: int
    crew: tuple[Chits, ...]
    speed: int
    max_speed: int
    heading: str
    maneuverability: int
    armour: int
    fires: int
    guns: tuple[GunLine, ...]
    creature: str  # "Sea Dragon: 16 chits" ("" if none)
    stations: tuple[tuple[str, int], ...]  # this turn's boxes after the reveal (name, chits)
    declared: str  # this turn's revealed declaration, in words ("" before)
    flags: tuple[str, ...]
    damage_done: int
    damage_taken: int


def crew_name(kind: str) -> str:
    rules = tables()
    if kind in rules.specialists:
        return rules.specialist(kind).name
    if kind in rules.races:
        return rules.race(kind).name
    return kind.replace("_", " ").capitalize()


def crew_chits(ship: Ship) -> tuple[Chits, ...]:
    return tuple(Chits(kind, crew_name(kind), count, kind in SPECIALIST_STATIONS)
                 for kind, count in ship.crew)


def cards(state: NavalState) -> tuple[ShipCard, ...]:
    return tuple(card(state, ship) for ship in state.ships)


def card(state: NavalState, ship: Ship) -> ShipCard:
    rules = tables()
    guns = []
    for gun in ship.guns:
        row = rules.gun(gun.type)
        status = ("destroyed" if gun.destroyed else "jammed" if gun.id in ship.jammed
                  else "ready")
        bearing = _BEARING_WORDS.get(gun.bearing, f"{gun.bearing * 45:03d}°")
        if gun.rotating:
            bearing += ", rotating"
        guns.append(GunLine(gun.id, row.name, bearing, row.action_points, status))
    creature = ""
    if ship.creature is not None:
        c = ship.creature
        creature = f"{c.name}: " + ("dead" if c.dead else f"{c.chits} chits")
    stations = tuple((STATION_NAMES[s], ship.at(s)) for s in STATIONS) if ship.stations else ()
    declared = dict(state.speeds_shown).get(ship.id, "")
    flags = [word for word, on in (
        (ship.gone, bool(ship.gone)),
        ("grappled to " + ", ".join(_name(state, o) for o in ship.bound_to),
         bool(ship.bound_to)),
        ("won the last boarding round", ship.boarding_won),
        (f"modification: {ship.modification}", bool(ship.modification)),
    ) if on]
    return ShipCard(
        ship.id, ship.name, ship.side, state.side_name(ship.side), _race_name(ship.race),
        ship.size, ship.chits, crew_chits(ship), ship.speed,
        rules.speed.maximum(ship.moving_speed_value), heading_name(ship.heading),
        ship.moving_maneuverability, ship.armour, ship.fires, tuple(guns), creature, stations,
        CHANGE_NAMES.get(declared, ""), tuple(flags), ship.damage_done, ship.damage_taken)


def _race_name(race: str) -> str:
    rules = tables()
    return rules.ship_type(race).name if race in rules.ship_types else race


def _name(state: NavalState, ship_id: str) -> str:
    try:
        return state.ship(ship_id).name
    except KeyError:
        return ship_id


# --- the play sheet -----------------------------------------------------------------------------

@frozen
class Box:
    """One Crew Assignments box with its chits by kind."""

    station: str
    name: str
    chits: tuple[Chits, ...]  # only kinds with chits here

    @property
    def total(self) -> int:
        return sum(c.count for c in self.chits)


@frozen
class CreatureSheet:
    name: str
    chits: int  # all it has
    speed: int  # of them on speed
    maneuvers: int  # of them on turns


@frozen
class PlaySheet:
    """One ship's play sheet with the orders written on it so far, and whether they may be
    sealed (``problem``: the rule and reason they would be refused, None when ready)."""

    ship: str
    name: str
    side_name: str
    size: int
    speed: int  # the Ship Speed track now
    max_speed: int
    declared: str  # "up", "hold", "down"
    speed_after: int | None  # where the track goes with these chits (None: cannot tell)
    speed_words: str
    boxes: tuple[Box, ...]
    undealt: tuple[Chits, ...]  # chits not yet on a box
    tokens: tuple[str, ...]  # token n (1-based) is on tokens[n-1]: port, steady, starboard
    turn_cost: int  # action points a turn costs her
    turns_ordered: int
    turns_paid: int
    fire_team: int
    casualties: tuple[str, ...]
    grapple: bool
    cut_loose: bool
    may_cut_loose: bool
    creature: CreatureSheet | None
    problem: tuple[str, str] | None

    @property
    def ready(self) -> bool:
        return self.problem is None


def sheet(ship: Ship, orders: ShipOrders, declared: str = HOLD,
          side_name: str = "") -> PlaySheet:
    """The play sheet of ``ship`` with ``orders`` written on it (the declared change shown on
    the speed track)."""
    rules = tables()
    names = {c.kind: c for c in crew_chits(ship)}
    dealt: dict[str, int] = {}
    boxes = []
    for station in STATIONS:
        here: dict[str, int] = {}
        for box, kind, count in orders.assign:
            if box == station and count:
                here[kind] = here.get(kind, 0) + count
                dealt[kind] = dealt.get(kind, 0) + count
        chits = tuple(Chits(kind, names[kind].name if kind in names else crew_name(kind), n,
                            kind in SPECIALIST_STATIONS) for kind, n in here.items())
        boxes.append(Box(station, STATION_NAMES[station], chits))
    undealt = tuple(Chits(c.kind, c.name, c.count - dealt.get(c.kind, 0), c.specialist)
                    for c in names.values() if c.count - dealt.get(c.kind, 0) > 0)
    cost = movement.turn_cost(ship)
    ordered = sum(1 for m in orders.maneuvers if m != STEADY)
    creature = None
    if ship.creature is not None and ship.creature_alive:
        creature = CreatureSheet(ship.creature.name, ship.creature.chits,
                                 orders.creature_speed, orders.creature_maneuvers)
        on_turns = orders.creature_maneuvers
    else:
        on_turns = sum(n for s, _, n in orders.assign if s == "maneuvers")
    paid = min(ordered, on_turns // cost) if cost else ordered
    problem = legal.ship_orders_problem(ship, orders, declared)
    speed_after: int | None = None
    words = CHANGE_NAMES.get(declared, declared)
    try:
        moved, words = movement.change_speed(ship, declared, orders)
        speed_after = moved.speed
    except (ValueError, KeyError, ArithmeticError):
        pass
    return PlaySheet(
        ship.id, ship.name, side_name, ship.size, ship.speed,
        rules.speed.maximum(ship.moving_speed_value), declared, speed_after, words,
        tuple(boxes), undealt, orders.maneuvers, cost, ordered, paid, orders.fire_team,
        orders.casualties, orders.grapple, orders.cut_loose, ship.boarding_won, creature,
        problem)


def speed_chits(orders: ShipOrders) -> int:
    return sum(n for s, _, n in orders.assign if s == SPEED)


# --- writing a sheet: small pure edits a play sheet's keys make ----------------------------------

def move_chits(orders: ShipOrders, kind: str, source: str | None, target: str | None,
               count: int = 1) -> ShipOrders:
    """Move up to ``count`` chits of ``kind`` from box ``source`` to box ``target`` (None: the
    undealt pile). Takes no more than a box holds; dealing from the pile, the caller limits
    ``count`` to :func:`undealt_of`."""
    counts = {(s, k): n for s, k, n in orders.assign}
    if source is not None:
        count = min(count, counts.get((source, kind), 0))
        counts[(source, kind)] = counts.get((source, kind), 0) - count
    if target is not None:
        counts[(target, kind)] = counts.get((target, kind), 0) + count
    kinds = list(dict.fromkeys(k for _, k in counts))
    assign = tuple((s, k, counts[(s, k)]) for s in STATIONS for k in kinds
                   if counts.get((s, k), 0) > 0)
    return replace(orders, assign=assign)


def undealt_of(ship: Ship, orders: ShipOrders, kind: str) -> int:
    return ship.crew_of(kind) - sum(n for _, k, n in orders.assign if k == kind)


def turn_token(orders: ShipOrders, token: int, step: int) -> ShipOrders:
    """Move token ``token`` (0-based) one box toward port (-1) or starboard (+1)."""
    if not 0 <= token < len(orders.maneuvers):
        return orders
    kinds = MANEUVER_KINDS
    now = kinds.index(orders.maneuvers[token]) if orders.maneuvers[token] in kinds else 1
    new = kinds[max(0, min(len(kinds) - 1, now + step))]
    tokens = list(orders.maneuvers)
    tokens[token] = new
    return replace(orders, maneuvers=tuple(tokens))


def blank_orders(ship: Ship) -> ShipOrders:
    """A sheet with nothing dealt and every token on steady."""
    return ShipOrders(ship.id, (), (STEADY,) * ship.moving_maneuverability)


def starting_orders(ship: Ship, declared: str) -> ShipOrders:
    """Where a play sheet starts: the rules' plain sheet (every chit dealt, all steady). A ship
    holding her speed may have no chit on Speed: a Sailor the plain sheet put there works
    Maneuvers instead."""
    orders = legal.plain_orders(ship, declared, STEADY)
    if declared == HOLD:
        for _, kind, count in [a for a in orders.assign if a[0] == SPEED]:
            orders = move_chits(orders, kind, SPEED, "maneuvers", count)
    return orders


# --- the fire plan ------------------------------------------------------------------------------

@frozen
class Target:
    ship: str
    name: str
    distance: float
    creature: bool  # she has a living creature one may shoot at instead


@frozen
class WeaponRow:
    """One thing a ship may shoot this Shooting phase, and at what."""

    ship: str
    ship_name: str
    weapon: str
    name: str
    action_points: int
    targets: tuple[Target, ...]
    why_not: str


@frozen
class GunsBudget:
    ship: str
    name: str
    on_guns: int  # chits on the Guns box
    spent: int  # action points the plan spends


def fire_rows(state: NavalState, side: str) -> tuple[WeaponRow, ...]:
    rows = []
    for ship in state.side_ships(side):
        for weapon in shooting.weapons(state, ship.id):
            targets = tuple(
                Target(t, _name(state, t), float(d), state.ship(t).creature_alive)
                for t, d in weapon.targets)
            rows.append(WeaponRow(ship.id, ship.name, weapon.weapon, weapon.name,
                                  weapon.action_points, targets, weapon.why_not))
    return tuple(rows)


def budgets(state: NavalState, side: str, shots: Iterable[Shot],
            rows: Iterable[WeaponRow]) -> tuple[GunsBudget, ...]:
    cost = {(r.ship, r.weapon): r.action_points for r in rows}
    shots = tuple(shots)
    return tuple(GunsBudget(ship.id, ship.name, ship.at(GUNS),
                            sum(cost.get((s.ship, s.weapon), 0) for s in shots
                                if s.ship == ship.id))
                 for ship in state.side_ships(side))


def sheet_problem(state: NavalState, action: Any) -> str:
    """What is wrong with a side's sheet, "rule — reason", or "" (see ``legal.sheet_problem``)."""
    problem = legal.sheet_problem(state, action)
    return f"{problem[0]} — {problem[1]}" if problem else ""


def plan_problem(state: NavalState, side: str, shots: tuple[Shot, ...]) -> tuple[str, str] | None:
    return shooting.plan_problem(state, side, shots)


def starting_plan(state: NavalState, side: str) -> tuple[Shot, ...]:
    """Where a fire plan starts: every weapon that reaches an enemy at the nearest one."""
    return legal.example_plan(state, side).shots


# --- the reveal ---------------------------------------------------------------------------------

@frozen
class Revealed:
    """A ship's orders as everyone sees them when they are turned over."""

    ship: str
    name: str
    side: str
    side_name: str
    declared: str
    boxes: tuple[tuple[str, int], ...]  # (box name, chits)
    maneuvers: tuple[str, ...]
    fire_team: int
    grapple: bool
    cut_loose: bool
    creature: str


def revealed(state: NavalState, orders: Iterable[ShipOrders],
             declared: dict[str, str] | None = None) -> tuple[Revealed, ...]:
    declared = declared if declared is not None else dict(state.speeds_shown)
    out = []
    for o in orders:
        try:
            ship = state.ship(o.ship)
        except KeyError:
            continue
        boxes = tuple((STATION_NAMES[s], sum(n for b, _, n in o.assign if b == s))
                      for s in STATIONS)
        creature = ""
        if o.creature_speed or o.creature_maneuvers:
            creature = f"creature: {o.creature_speed} on speed, {o.creature_maneuvers} on turns"
        out.append(Revealed(ship.id, ship.name, ship.side, state.side_name(ship.side),
                            CHANGE_NAMES.get(declared.get(ship.id, HOLD), ""), boxes,
                            o.maneuvers, o.fire_team, o.grapple, o.cut_loose, creature))
    return tuple(out)


def maneuver_words(tokens: tuple[str, ...]) -> str:
    short = {"port": "port", "steady": "steady", STARBOARD: "starboard"}
    return ", ".join(f"{n}. {short.get(t, t)}" for n, t in enumerate(tokens, start=1))
