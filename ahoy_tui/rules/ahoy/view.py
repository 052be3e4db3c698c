"""What a screen should show of an Ahoy! battle: plain shapes and facts, no rules to apply.

:func:`scene` turns a state into the things on the table (hulls, bows, swimmers, lines of fire,
the planned move) and :func:`cards` into each ship's record card. A user interface draws these
and needs no rule of its own: every number here comes from the rules modules.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from typing import Any

from attrs import frozen

from ahoy_tui.engine.geometry import (
    UNIT,
    Polygon,
    contains,
    distance,
    heading_name,
    nearest_point,
    point_distance,
    point_on_hull,
)
from ahoy_tui.rules.ahoy.actions import Advance, FireGun, ReturnToTable
from ahoy_tui.rules.ahoy.crew import in_control, min_crew, on_deck_counts
from ahoy_tui.rules.ahoy.hulls import ship_hull, within
from ahoy_tui.rules.ahoy.model import AhoyState, GunState, Phase, Ship, Task, update_ship
from ahoy_tui.rules.ahoy.movement import burst_words, fixed_rate
from ahoy_tui.rules.ahoy.ramming import toughness
from ahoy_tui.rules.ahoy.shooting import (
    aim,
    gun_name,
    gun_place,
    land_ahead,
    line_of_fire,
    on_the_line,
)
from ahoy_tui.rules.ahoy.tables import tables
from ahoy_tui.rules.ahoy.templates import arc_outline, in_arc, teardrop
from ahoy_tui.rules.ahoy.terrain import in_shallows, shallow_areas
from ahoy_tui.rules.ahoy.wind import point_of_sail, wind_source
from ahoy_tui.rules.scene import (  # the shapes every ruleset's scene is drawn with
    Area,
    HullShape,
    LineShape,
    Mark,
    Measure,
    Point,
    Scene,
    Swimmers,
    TerrainShape,
    short_labels,
)

__all__ = ["Area", "Card", "GunLine", "HullShape", "LineShape", "Mark", "Measure", "Scene",
           "Swimmers", "TerrainShape", "cards", "measure", "scene", "tape_origins"]


def scene(state: AhoyState, selected: str | None = None, *, preview: int | None = None,
          preview_gun: str | None = None, preview_action: Any = None,
          ahead: Sequence[AhoyState] = ()) -> Scene:
    """The table now. ``selected`` shows that ship's lines of fire; ``preview`` highlights a
    distance on the planned move, with where she would end and her lines of fire from there
    (see :func:`move_preview`), or, with ``preview_gun``, the landing band of a guess.
    ``preview_action`` is the action a value stands for: a point on the edge to come back to
    (Sailing Off the Table) is drawn as her ghost there; one with no place on the map (a crew
    plan) draws no move. ``ahead`` is where a typed move line leads, state by state (see
    ``engine.look_ahead``): her track along it, and her ghost where it ends."""
    if preview_action is not None and not isinstance(preview_action, (Advance, FireGun)):
        preview = None
    hulls = []
    labels = ship_labels(state)
    for ship in state.ships:
        if not ship.on_table:
            continue
        bow = point_on_hull(ship.x, ship.y, ship.heading, ship.length / 2, 0.0)
        hulls.append(HullShape(ship.id, ship.name, ship.side, ship_hull(ship), bow,
                               ship.heading, (ship.x, ship.y), ship.fires, ship.anchored,
                               ship.struck, ship.sinking, bool(ship.captured_by),
                               label=labels[ship.id]))
    if isinstance(preview_action, ReturnToTable) and state.has_ship(preview_action.ship):
        hulls.append(return_ghost(state, preview_action))
    lines: list[LineShape] = []
    if ahead and state.move is not None:
        ghost, track = line_ahead(ahead, state.move.ship)
        hulls.extend(ghost)
        lines.extend(track)
    move = state.move
    if move is not None and state.has_ship(move.ship):
        ship = state.ship(move.ship)
        size = tables().size(ship.size)
        marks = []
        first = max(0.0, size.move_before_turn - move.since_turn)
        # Oar and steam ships may turn anywhere: no mark for the first turn.
        if (move.turns_left > 0 and first <= move.remaining
                and tables().power(ship.propulsion).by_wind):
            marks.append(Mark(first, "+"))
        marks.append(Mark(move.remaining, "|"))
        # Going astern, the planned move runs back from her stern.
        way = (ship.heading + move.course) % 8
        bow = point_on_hull(ship.x, ship.y, way, ship.length / 2, 0.0)
        lines.append(LineShape("move", bow, way, move.remaining, tuple(marks),
                               highlight=float(preview or 0) if preview_gun is None else 0.0,
                               ship=ship.id))
        if preview and preview_gun is None:
            ghost, ghost_lines = move_preview(state, ship, way, float(preview))
            hulls.append(ghost)
            lines.extend(ghost_lines)
    lines.extend(_tow_lines(state))
    for ship in state.ships:
        if ship.on_table and ship.ram_target is not None and not ship.moved:
            bow = point_on_hull(ship.x, ship.y, ship.heading, ship.length / 2, 0.0)
            _, fixed, _ = fixed_rate(state, ship)
            lines.append(LineShape("ram", bow, ship.heading, float(fixed + 6)))
    planning = preview and preview_gun is None and move is not None and move.ship == selected
    if selected is not None and state.has_ship(selected) and not planning:
        ship = state.ship(selected)
        if ship.on_table:
            for gun in ship.guns:
                if gun.state == GunState.DESTROYED:
                    continue
                weapon = tables().gun(gun.weapon)
                if weapon.kind == "swivel":
                    continue  # drawn as its arc
                origin, heading = line_of_fire(ship, gun)
                _, direction = aim(ship, gun)
                marks = [Mark(float(tables().roll("point_blank")), "o")]
                marks += [Mark(float(r), "+") for r in range(12, weapon.range + 1, 12)]
                band = None
                if preview_gun == gun.id and preview:
                    band = (float(preview + 2 - gun.range_loss),
                            float(preview + 10 - gun.range_loss))
                lines.append(LineShape("fire", origin, heading, float(weapon.range),
                                       tuple(marks), band=band, ship=ship.id, gun=gun.id,
                                       direction=direction if gun.mount == "turret" else None))
    # The planned move is drawn last, over any line of fire along the same heading.
    lines.sort(key=lambda line: line.kind == "move")
    groups: dict[tuple[float, float, str], int] = {}
    for man in state.crew:
        if man.aboard is None:
            key = (man.x, man.y, man.side)
            groups[key] = groups.get(key, 0) + 1
    swimmers = tuple(Swimmers(x, y, side, n) for (x, y, side), n in groups.items())
    reach: tuple[tuple[Polygon, float], ...] = ()
    if selected is not None and state.has_ship(selected):
        ship = state.ship(selected)
        reach_inches = float(tables().roll("boarding_reach"))
        near = any(o.side != ship.side and o.on_table
                   and within(state, ship.id, o.id, 6.0) for o in state.ships)
        if ship.on_table and near:
            reach = ((ship_hull(ship), reach_inches),)
    areas = shot_areas(state, selected) if selected is not None else ()
    return Scene(state.table.width, state.table.height, state.wind, heading_name(state.wind),
                 tuple(hulls), tuple(lines), swimmers, reach, terrain=terrain_shapes(state),
                 areas=areas)


def measure(state: AhoyState, ship_id: str, gun_id: str | None, point: Point) -> Measure:
    """The tape from a ship, or one of her guns, to a point (or to the hull under it).

    From a gun, the tape runs from her muzzle: to where its line of fire enters a hull on that
    line (the distance a guess must reach), else straight to the point or the nearest part of
    the hull there, saying it lies off the line. From the ship it runs hull to hull (boarding
    reach, marksmen, collisions are measured so), or from her hull to the point. Land lies
    across a line of fire or of sight (Terrain); hulls nearer on a gun's line take the shot
    first."""
    ship = state.ship(ship_id)
    target = next((o for o in state.ships if o.on_table and o.id != ship.id
                   and contains(ship_hull(o), point)), None)
    gun = next((g for g in ship.guns if g.id == gun_id), None) if gun_id else None
    words: list[str] = []
    in_line: bool | None = None
    blocked: list[str] = []
    if gun is not None:
        origin, direction = aim(ship, gun)
        weapon = tables().gun(gun.weapon)
        if weapon.kind == "swivel":
            reach = weapon.range
            inside = in_arc(origin, direction, reach, weapon.arc)
            end = nearest_point(ship_hull(target), origin) if target else point
            inches_ = math.hypot(end[0] - origin[0], end[1] - origin[1])
            in_line = inside(end)
            words.append(f'{inches_:.1f}": ' + ("in its arc" if in_line
                                                else "outside its arc"))
        else:
            on_line = {other.id: dist for dist, other, _ in on_the_line(state, ship, gun)}
            if target is not None and target.id in on_line:
                inches_ = on_line[target.id]
                end = (origin[0] + direction[0] * inches_, origin[1] + direction[1] * inches_)
                in_line = True
                blocked = [f"the {o.name}" for o in state.ships
                           if o.id in on_line and on_line[o.id] < inches_ - 1e-6]
                reach = "in range" if inches_ <= weapon.range else \
                    f"beyond its {weapon.range}\" range"
                words.append(f'{inches_:.1f}" along its line to the {target.name}: {reach}')
            else:
                end = nearest_point(ship_hull(target), origin) if target else point
                inches_ = math.hypot(end[0] - origin[0], end[1] - origin[1])
                along = (end[0] - origin[0]) * direction[0] + (end[1] - origin[1]) * direction[1]
                across = abs((end[0] - origin[0]) * direction[1]
                             - (end[1] - origin[1]) * direction[0])
                in_line = along > 0 and across <= 0.5
                on = "on its line" if in_line else "off its line of fire"
                to = f" to the {target.name}" if target is not None else ""
                words.append(f'{inches_:.1f}"{to}: {on}')
    else:
        hull = ship_hull(ship)
        if target is not None:
            inches_ = distance(hull, ship_hull(target))
            origin = nearest_point(hull, (target.x, target.y))
            end = nearest_point(ship_hull(target), origin)
            words.append(f'{inches_:.1f}" hull to hull to the {target.name}')
        else:
            origin = nearest_point(hull, point) if not contains(hull, point) else (ship.x, ship.y)
            end = point
            inches_ = point_distance(point, hull)
            words.append(f'{inches_:.1f}" from her hull')
    length = math.hypot(end[0] - origin[0], end[1] - origin[1])
    if length > 1e-9:
        unit = ((end[0] - origin[0]) / length, (end[1] - origin[1]) / length)
        if land_ahead(state, origin, unit) < length - 1e-6:
            blocked.insert(0, "land")
    words.append("blocked by " + ", ".join(blocked) if blocked else "nothing in the way")
    return Measure(origin, end, round(inches_, 2), " · ".join(words),
                   target.id if target else "", in_line, tuple(blocked))


def line_ahead(ahead: Sequence[AhoyState], ship_id: str) -> tuple[list[HullShape],
                                                                   list[LineShape]]:
    """A typed move line's track (a leg for each stretch she moves) and her ghost at its end."""
    legs = []
    for before, after in itertools.pairwise(ahead):
        if not (before.has_ship(ship_id) and after.has_ship(ship_id)):
            continue
        a, b = before.ship(ship_id), after.ship(ship_id)
        gap = math.hypot(b.x - a.x, b.y - a.y)
        if gap > 1e-6:
            legs.append(LineShape("tape", (a.x, a.y), 0, gap, ship=ship_id,
                                  direction=((b.x - a.x) / gap, (b.y - a.y) / gap)))
    end = ahead[-1]
    if not end.has_ship(ship_id) or not end.ship(ship_id).on_table:
        return [], legs
    ship = end.ship(ship_id)
    bow = point_on_hull(ship.x, ship.y, ship.heading, ship.length / 2, 0.0)
    ghost = HullShape(ship.id, ship.name, ship.side, ship_hull(ship), bow, ship.heading,
                      (ship.x, ship.y), 0, False, False, False, False, ghost=True)
    return [ghost], legs


def return_ghost(state: AhoyState, action: ReturnToTable) -> HullShape:
    """Where she would come back onto the table (Sailing Off the Table), as a ghost hull."""
    ship = state.ship(action.ship)
    x, y = state.table.along_edge((ship.exit_x, ship.exit_y), action.offset)
    hull = ship_hull(ship, x, y, action.heading)
    bow = point_on_hull(x, y, action.heading, ship.length / 2, 0.0)
    return HullShape(ship.id, ship.name, ship.side, hull, bow, action.heading, (x, y), 0,
                     False, False, False, False, ghost=True)


def move_preview(state: AhoyState, ship: Ship, way: int,
                 inches: float) -> tuple[HullShape, list[LineShape]]:
    """Where she will lie after ``inches`` more of her move, and from there: each gun's line of
    fire, marked where it would first strike an enemy hull (×), and every enemy gun whose line
    would cross her there (the threats)."""
    dx, dy = UNIT[way % 8]
    there = update_ship(state, ship.id, x=ship.x + dx * inches, y=ship.y + dy * inches)
    moved = there.ship(ship.id)
    bow = point_on_hull(moved.x, moved.y, moved.heading, moved.length / 2, 0.0)
    ghost = HullShape(ship.id, ship.name, ship.side, ship_hull(moved), bow, moved.heading,
                      (moved.x, moved.y), 0, False, False, False, False, ghost=True)
    lines = []
    for gun in moved.guns:
        if gun.state == GunState.DESTROYED:
            continue
        weapon = tables().gun(gun.weapon)
        if weapon.kind == "swivel":
            continue
        origin, heading = line_of_fire(moved, gun)
        _, direction = aim(moved, gun)
        marks = [Mark(float(tables().roll("point_blank")), "o")]
        struck = next(((d, o) for d, o, _ in on_the_line(there, moved, gun)
                       if o.side != ship.side and not o.struck and d <= weapon.range), None)
        if struck is not None:
            marks.append(Mark(struck[0], "×"))
        lines.append(LineShape("fire", origin, heading, float(weapon.range), tuple(marks),
                               ship=ship.id, gun=gun.id,
                               direction=direction if gun.mount == "turret" else None))
    for enemy in there.ships:
        if enemy.side == ship.side or not enemy.on_table or enemy.struck:
            continue
        for gun in enemy.guns:
            if gun.state == GunState.DESTROYED or tables().gun(gun.weapon).kind == "swivel":
                continue
            hit = next((d for d, o, _ in on_the_line(there, enemy, gun) if o.id == ship.id),
                       None)
            if hit is not None and hit <= tables().gun(gun.weapon).range:
                origin, direction = aim(enemy, gun)
                lines.append(LineShape("threat", origin, 0, hit, (), ship=enemy.id,
                                       gun=gun.id, direction=direction))
    return ghost, lines


def tape_origins(state: AhoyState, ship_id: str) -> tuple[tuple[str | None, str], ...]:
    """Where the tape may start on a ship: her hull, or each gun still aboard."""
    ship = state.ship(ship_id)
    out: list[tuple[str | None, str]] = [(None, f"the {ship.name}'s hull")]
    for gun in ship.guns:
        if gun.state not in (GunState.DESTROYED, GunState.HEAVED):
            out.append((gun.id, gun_name(ship, gun)))
    return tuple(out)


def ship_labels(state: AhoyState) -> dict[str, str]:
    """Each ship's short label, the same on the map, her card and her choices (boats and
    ships that join later included: the labels never change during a battle)."""
    return _labels(tuple((ship.id, ship.name) for ship in state.ships))


@functools.lru_cache(maxsize=64)
def _labels(ships: tuple[tuple[str, str], ...]) -> dict[str, str]:
    return short_labels(list(ships))


def shot_areas(state: AhoyState, ship_id: str) -> tuple[Area, ...]:
    """A ship's swivel arcs, and the grapeshot template of each gun that may fire grape now."""
    from ahoy_tui.rules.ahoy.ordnance import shot_choices

    if not state.has_ship(ship_id) or not state.ship(ship_id).on_table:
        return ()
    ship = state.ship(ship_id)
    out = []
    for gun in ship.guns:
        if gun.state == GunState.DESTROYED:
            continue
        weapon = tables().gun(gun.weapon)
        origin, direction = aim(ship, gun)
        if weapon.kind == "swivel":
            out.append(Area("swivel", arc_outline(origin, direction, weapon.range, weapon.arc),
                            ship.id, gun.id))
        elif "grape" in weapon.shots and state.phase == Phase.SHOOTING \
                and ship.side == state.active \
                and any(shot == "grape" for shot, _ in shot_choices(state, ship, gun)):
            out.append(Area("grape", teardrop(origin, direction), ship.id, gun.id))
    return tuple(out)


def terrain_shapes(state: AhoyState) -> tuple[TerrainShape, ...]:
    """Shallow water first (it lies under everything), then the terrain itself."""
    bands = [TerrainShape("shallow_band", area) for item, area in shallow_areas(state)
             if item.kind == "land"]
    return (*bands, *(TerrainShape(item.kind, item.outline, item.name)
                      for item in state.terrain))


def _tow_lines(state: AhoyState) -> list[LineShape]:
    """Fire Ships: the tow line from a tower's stern to her fire ship's bow."""
    from ahoy_tui.rules.ahoy.fire_ships import under_tow

    out = []
    for ship in state.ships:
        if not under_tow(ship) or ship.tow is None or not state.has_ship(ship.tow):
            continue
        tower = state.ship(ship.tow)
        if state.move is not None and state.move.ship == tower.id:
            continue  # she takes up her station when his move ends
        stern = point_on_hull(tower.x, tower.y, tower.heading, -tower.length / 2, 0.0)
        bow = point_on_hull(ship.x, ship.y, ship.heading, ship.length / 2, 0.0)
        length = ((stern[0] - bow[0]) ** 2 + (stern[1] - bow[1]) ** 2) ** 0.5
        out.append(LineShape("tow", stern, (tower.heading + 4) % 8, length, ship=ship.id))
    return out


@frozen
class GunLine:
    gun: str
    mount: str
    weapon: str
    crew: int
    needs: int
    status: str  # "ready", "fired", "malfunction", "destroyed"
    facing: str = ""  # a turret: its facing, "090°" from the bow (and any mishap)


@frozen
class Card:
    """A ship's record card."""

    ship: str
    name: str
    side: str
    side_name: str
    size: str
    propulsion: str
    heading: str
    point_of_sail: str
    speed: int
    sp: int
    sp_max: int
    toughness: int
    fires: int
    crew: tuple[tuple[str, int], ...]  # (what they are doing, how many)
    min_crew: int
    guns: tuple[GunLine, ...]
    flags: tuple[str, ...]
    where: str  # "at sea", "off the table", "sunk", "left the battle"
    label: str = ""  # her short label, as on the map
    free: tuple[tuple[str, int], ...] = ()  # the free hands by what they are: ("Marine", 2)


_TASK_WORDS = ((Task.SAILING, "sailing"), (Task.GUN, "guns"), (Task.FIRES, "fires"),
               (Task.IDLE, "free"), (Task.BOARDING, "boarding"), (Task.SWIMMING, "swimming"),
               (Task.CAPTIVE, "below decks"))


def cards(state: AhoyState) -> tuple[Card, ...]:
    return tuple(card(state, ship) for ship in state.ships)


def card(state: AhoyState, ship: Ship) -> Card:
    counts = on_deck_counts(state, ship)
    crew = tuple((word, counts.get(task, 0)) for task, word in _TASK_WORDS
                 if counts.get(task, 0))
    guns = []
    for gun in ship.guns:
        weapon = tables().gun(gun.weapon)
        manned = sum(1 for c in state.crew if c.aboard == ship.id and c.task == Task.GUN
                     and c.gun == gun.id and c.side == ship.side)
        if gun.state == GunState.DESTROYED:
            status = "destroyed"
        elif gun.state == GunState.HEAVED:
            status = "going overboard"
        elif gun.state == GunState.MALFUNCTION and state.player_turn <= gun.silent_until:
            status = "malfunction"
        elif gun.fired:
            status = "fired"
        else:
            status = "ready" if weapon.fire_needs(manned) is not None else "unmanned"
        facing = ""
        if gun.mount == "turret":
            facing = f"{gun.facing:03.0f}°" + (f" {gun.fault}" if gun.fault else "")
        guns.append(GunLine(gun.id, gun_place(ship, gun), weapon.name, manned, weapon.crew,
                            status, facing))
    flags = [word for word, on in (
        ("struck", ship.struck), ("sinking", ship.sinking),
        ("entangled", any(x.kind == "entangled" for x in state.locks if x.holds(ship.id))),
        ("grappled", any(x.kind == "grappled" for x in state.locks if x.holds(ship.id))),
        ("anchored", ship.anchored),
        ("out of control", ship.on_table and not ship.anchored and not ship.captured_by
         and not in_control(state, ship)),
        ("in irons", ship.in_irons), ("rudder damaged", ship.rudder_damaged),
        (tables().power(ship.propulsion).crippled, ship.dismasted and not ship.immobilised),
        (burst_words(state, ship), bool(burst_words(state, ship))),
        ("immobilised", ship.immobilised), ("ram", ship.ram), ("ironclad", ship.ironclad),
        ("stuck fast aground", ship.aground == "stuck"), ("beached", ship.aground == "beached"),
        (f"docked at {_feature_name(state, ship.docked)}", bool(ship.docked)),
        (f"{ship.heaved} gun{'s' if ship.heaved > 1 else ''} heaved overboard", ship.heaved > 0),
        ("in shallow water", not ship.aground and in_shallows(state, ship) is not None),
        ("fire ship", ship.fire_ship),
        (f"towed by the {_name(state, ship.tow)}", ship.fire_ship and bool(ship.tow)
         and not ship.adrift),
        ("cast adrift", ship.fire_ship and bool(ship.adrift)),
        (f"towing the {', '.join(f.name for f in _towing(state, ship))}",
         bool(_towing(state, ship))),
        (f"{ship.boats} boat{'s' if ship.boats != 1 else ''}", ship.boats > 0),
        (f"braced to ram the {_name(state, ship.ram_target)}", ship.ram_target is not None),
        (f"captured by {state.side_name(ship.captured_by) if ship.captured_by else ''}",
         bool(ship.captured_by)),
    ) if on]
    where = ("sunk" if ship.sunk else "left the battle" if ship.withdrawn else
             "off the table" if ship.off_table else "at sea")
    size = tables().size(ship.size)
    free: dict[str, int] = {}
    for man in state.crew:
        if man.aboard == ship.id and man.side == ship.side and man.task == Task.IDLE:
            kind = tables().profile(man.profile).name
            free[kind] = free.get(kind, 0) + 1
    return Card(ship.id, ship.name, ship.side, state.side_name(ship.side), size.name,
                ship.propulsion, heading_name(ship.heading),
                point_of_sail(ship.heading, state.wind), ship.speed, ship.sp, ship.sp_max,
                toughness(ship), ship.fires, crew, min_crew(ship), tuple(guns), tuple(flags),
                where, ship_labels(state)[ship.id], tuple(free.items()))


def _feature_name(state: AhoyState, feature_id: str | None) -> str:
    for item in state.terrain:
        if item.id == feature_id:
            return item.name or "the quay"
    return "the quay"
def _towing(state: AhoyState, ship: Ship) -> list[Ship]:
    from ahoy_tui.rules.ahoy.fire_ships import towed_by

    return towed_by(state, ship.id)


def _name(state: AhoyState, ship_id: str | None) -> str:
    return state.ship(ship_id).name if ship_id and state.has_ship(ship_id) else "?"


def wind_words(state: AhoyState) -> str:
    """The header's wind: the way it blows, as on the map (``wind ← west``), then where it
    comes from in brackets (the header drops the bracket first at 80 columns)."""
    arrows = "↑↗→↘↓↙←↖"  # the way the wind blows, as the sea map draws it
    return (f"wind {arrows[state.wind % 8]} {heading_name(state.wind)} (blowing from "
            f"the {heading_name(wind_source(state.wind))})")


def ship_at(state: AhoyState, x: float, y: float) -> str | None:
    """The ship whose hull covers a point of the table, if any."""
    from ahoy_tui.engine.geometry import contains

    for ship in state.ships:
        if ship.on_table and contains(ship_hull(ship), (x, y)):
            return ship.id
    return None


def along(start: Point, heading: int, distance: float) -> Point:
    dx, dy = UNIT[heading % 8]
    return start[0] + dx * distance, start[1] + dy * distance
