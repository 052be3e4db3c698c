"""Ahoy! scenarios: TOML files that set the table, the wind, the sides and their ships.

docs/scenarios.md documents the format. Loading checks every field and refers to ids in the
rules tables; any problem is one :class:`ScenarioError` line naming the file and the key.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
import cattrs
from attrs import field, frozen

from ahoy_tui.engine.dice import Dice, Rng
from ahoy_tui.engine.events import Event
from ahoy_tui.engine.geometry import HEADINGS, Table, clean, distance, overlap
from ahoy_tui.engine.ruleset import ScenarioInfo
from ahoy_tui.engine.serialize import make_strict, problem
from ahoy_tui.rules.ahoy.deploy import expand
from ahoy_tui.rules.ahoy.fleet import FleetError
from ahoy_tui.rules.ahoy.hulls import ship_hull
from ahoy_tui.rules.ahoy.model import (
    AhoyState,
    Crewman,
    CrewPlan,
    Feature,
    Gun,
    Options,
    Phase,
    Ship,
    Tally,
)
from ahoy_tui.rules.ahoy.tables import DataError, tables
from ahoy_tui.rules.ahoy.terrain import is_convex, octagon, strikes_as
from ahoy_tui.rules.scenario_files import in_rules_order

MOUNTS = ("port", "starboard", "bow", "stern", "turret")
# Limits that keep a hand-written scenario (or one inside a save) a tabletop battle.
MAX_TABLE = 240
MAX_SHIPS = 24
MAX_CREW = 200
MAX_GUNS = 40
MAX_TURNS = 200
MAX_BOATS = 6


class ScenarioError(ValueError):
    """A scenario that cannot be used; ``str()`` is one line naming the file and the problem."""


@frozen
class GunSpec:
    weapon: str
    mount: str
    along: float | None = None
    facing: float = 0.0  # a turret: degrees clockwise from the bow


@frozen
class ShipSpec:
    id: str
    name: str
    side: str
    size: str
    x: float
    y: float
    heading: str
    propulsion: str = "sail"
    ironclad: bool = False
    ram: bool = False
    length: float | None = None
    beam: float | None = None
    gunwale: int | None = None
    speed: int = 0
    anchored: bool = False
    guns: tuple[GunSpec, ...] = ()
    crew: dict[str, int] = field(factory=dict)
    captain: bool = True
    missiles: dict[str, str] = field(factory=dict)
    damage: int = 0
    fires: int = 0
    docked: bool = False
    fire_ship: bool = False
    tow: str | None = None
    boats: int = 0


@frozen
class TerrainSpec:
    """A piece of terrain: ``kind``, and its outline as ``points`` (a convex polygon), ``rect``
    ([x0, y0, x1, y1]) or ``circle`` ([x, y, radius], drawn as an octagon)."""

    kind: str
    id: str = ""
    name: str = ""
    points: tuple[tuple[float, float], ...] = ()
    rect: tuple[float, float, float, float] | None = None
    circle: tuple[float, float, float] | None = None
    shore: str = ""
    shallow: bool = True


@frozen
class SideSpec:
    id: str
    name: str


@frozen
class TableSpec:
    width: float = 72.0
    height: float = 48.0


@frozen
class ScenarioSpec:
    name: str
    title: str
    description: str
    sides: tuple[SideSpec, ...]
    ships: tuple[ShipSpec, ...]
    ruleset: str = "ahoy"
    table: TableSpec = field(factory=TableSpec)
    options: Options = field(factory=Options)
    victory: str = "last_afloat"
    terrain: tuple[TerrainSpec, ...] = ()


@frozen
class Scenario:
    """A checked scenario, ready to set up."""

    name: str
    title: str
    description: str
    spec: ScenarioSpec
    data: dict[str, Any] = field(eq=False)

    def to_data(self) -> dict[str, Any]:
        return dict(self.data)


_converter = make_strict(cattrs.Converter(forbid_extra_keys=True))


def parse(data: Mapping[str, Any], source: str, base: Path | None = None) -> Scenario:
    """Check scenario data. Its ``[[fleets]]`` become ``[[ships]]`` first (``base``: the folder
    fleet files are named relative to), so the scenario kept in a save has the ships themselves."""
    try:
        data = expand(data, base)
    except FleetError as exc:
        raise ScenarioError(f"{source}: {exc}") from None
    try:
        spec = _converter.structure(dict(data), ScenarioSpec)
    except (cattrs.BaseValidationError, KeyError, TypeError, ValueError) as exc:
        raise ScenarioError(f"{source}: {problem(exc)}") from None
    _check(spec, source)
    return Scenario(spec.name, spec.title, spec.description, spec, dict(data))


def _check(spec: ScenarioSpec, source: str) -> None:
    def fail(message: str) -> None:
        raise ScenarioError(f"{source}: {message}")

    if spec.ruleset != "ahoy":
        fail(f"ruleset is {spec.ruleset!r}, not 'ahoy'")
    side_ids = [s.id for s in spec.sides]
    if side_ids != ["p1", "p2"]:
        fail(f"sides must be p1 and p2, in that order (found {side_ids})")
    check_options(spec.options, source)
    if not (12 <= spec.table.width <= MAX_TABLE and 12 <= spec.table.height <= MAX_TABLE):
        fail(f"table: {spec.table.width}x{spec.table.height} is outside 12x12 to "
             f"{MAX_TABLE}x{MAX_TABLE} inches")
    if not 1 <= len(spec.ships) <= MAX_SHIPS:
        fail(f"ships: a scenario has 1 to {MAX_SHIPS} ships ({len(spec.ships)} given)")
    if spec.options.turn_limit > MAX_TURNS:
        fail(f"options.turn_limit: at most {MAX_TURNS} turns")
    table = Table(spec.table.width, spec.table.height)
    seen: set[str] = set()
    hulls = []
    for index, ship in enumerate(spec.ships):
        where = f"ships[{index}] ({ship.id})"
        if ship.id in seen:
            fail(f"{where}: the id is used twice")
        seen.add(ship.id)
        if ship.side not in side_ids:
            fail(f"{where}.side: {ship.side!r} is not p1 or p2")
        if ship.heading not in HEADINGS:
            fail(f"{where}.heading: {ship.heading!r} is not one of {', '.join(HEADINGS)}")
        try:
            size = tables().size(ship.size)
            tables().rates(ship.propulsion, ship.size)
            for gun in ship.guns:
                tables().gun(gun.weapon)
            for profile in ship.crew:
                tables().profile(profile)
            for profile, weapon in ship.missiles.items():
                tables().profile(profile)
                tables().missile_weapon(weapon)
        except DataError as exc:
            fail(f"{where}: {exc}")
        for gun in ship.guns:
            if gun.mount not in MOUNTS:
                fail(f"{where}.guns: mount {gun.mount!r} is not one of {', '.join(MOUNTS)}")
        smaller = max((s.max_length for s in tables().sizes.values()
                       if s.rank < size.rank), default=0.0)
        if ship.length is not None and not smaller <= ship.length <= size.max_length:
            fail(f"{where}.length: a {size.name} ship is {smaller:g}\" to {size.max_length:g}\" "
                 f"long (Ship Size table), not {ship.length:g}\"")
        if ship.size == "jolly_boat" and ship.ram:
            fail(f"{where}: Jolly Boats may not ram, so may not carry a ram")
        if not table.on_table((ship.x, ship.y)):
            fail(f"{where}: ({ship.x}, {ship.y}) is off the {table.width}x{table.height} table")
        if not 0 <= ship.damage < size.structure_points:
            fail(f"{where}.damage must be 0 to {size.structure_points - 1}")
        if ship.fire_ship:
            _check_fire_ship(spec, ship, where, fail)
        elif not any(n > 0 for n in ship.crew.values()):
            fail(f"{where}.crew: a ship needs at least one crewman")
        elif ship.tow is not None:
            fail(f"{where}.tow: only a fire ship is towed (set fire_ship = true)")
        if not 0 <= ship.boats <= MAX_BOATS:
            fail(f"{where}.boats: 0 to {MAX_BOATS} boats")
        if ship.boats and size.rank < tables().size("medium").rank:
            fail(f"{where}.boats: only Medium and Large ships carry boats (Launching craft)")
        if any(n < 0 for n in ship.crew.values()) or sum(ship.crew.values()) > MAX_CREW:
            fail(f"{where}.crew: 0 to {MAX_CREW} models of each kind, {MAX_CREW} in all")
        if len(ship.guns) > MAX_GUNS:
            fail(f"{where}.guns: at most {MAX_GUNS} guns")
        placed = _placed(spec, ship)
        if placed is None:
            fail(f"{where}: her station astern of her tower is off the table")
            return
        hulls.append((ship.id, ship_hull(placed)))
    for i, (a_id, a_hull) in enumerate(hulls):
        for b_id, b_hull in hulls[i + 1:]:
            if overlap(a_hull, b_hull):
                fail(f"ships {a_id} and {b_id} overlap")
    features = _check_terrain(spec, fail)
    for ship, (ship_id, hull) in zip(spec.ships, hulls, strict=True):
        for item in features:
            if strikes_as(item) and item.kind != "wreck" and overlap(hull, item.outline):
                fail(f"ship {ship_id} lies on top of terrain {item.id} ({item.kind})")
        if ship.docked and not any(item.kind == "quay" and distance(hull, item.outline) <= 1.0
                                   for item in features):
            fail(f"ship {ship_id} is docked but lies more than 1\" from any quay")


MAX_TERRAIN = 60


def _check_terrain(spec: ScenarioSpec, fail: Any) -> list[Feature]:
    if len(spec.terrain) > MAX_TERRAIN:
        fail(f"terrain: at most {MAX_TERRAIN} pieces")
    kinds = tables().table("terrain")
    out = []
    seen: set[str] = set()
    for index, piece in enumerate(spec.terrain):
        where = f"terrain[{index}]"
        if piece.kind not in kinds:
            fail(f"{where}.kind: {piece.kind!r} is not one of {', '.join(kinds)}")
        if piece.shore not in ("", "solid", "aground"):
            fail(f"{where}.shore: {piece.shore!r} is not solid or aground")
        shapes = [x for x in (piece.points or None, piece.rect, piece.circle) if x is not None]
        if len(shapes) != 1:
            fail(f"{where}: give exactly one of points, rect or circle")
        item = _feature(piece, index)
        if item.id in seen:
            fail(f"{where}.id: {item.id!r} is used twice")
        seen.add(item.id)
        if piece.points and not is_convex(piece.points):
            fail(f"{where}.points: the outline must be convex, its corners in order (split a "
                 "coastline into several convex pieces)")
        if piece.rect is not None and not (piece.rect[0] < piece.rect[2]
                                           and piece.rect[1] < piece.rect[3]):
            fail(f"{where}.rect: [x0, y0, x1, y1] with x0 < x1 and y0 < y1")
        if piece.circle is not None and not 0 < piece.circle[2] <= MAX_TABLE:
            fail(f"{where}.circle: the radius must be more than 0")
        out.append(item)
    return out


def _feature(piece: TerrainSpec, index: int) -> Feature:
    if piece.rect is not None:
        x0, y0, x1, y1 = piece.rect
        outline: tuple[tuple[float, float], ...] = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    elif piece.circle is not None:
        outline = octagon(*piece.circle)
    else:
        outline = tuple(piece.points)
    return Feature(id=piece.id or f"{piece.kind}{index + 1}", kind=piece.kind,
                   outline=outline, name=piece.name, shore=piece.shore, shallow=piece.shallow)


def _check_fire_ship(spec: ScenarioSpec, ship: ShipSpec, where: str, fail: Any) -> None:
    """Fire Ships: Medium or larger, crewless, towed by a ship of her size or larger."""
    rank = tables().size(ship.size).rank
    if rank < tables().size("medium").rank:
        fail(f"{where}.fire_ship: only Medium or larger ships may be fire ships")
    if any(n > 0 for n in ship.crew.values()):
        fail(f"{where}.crew: a fire ship carries no crew (leave crew out)")
    if ship.fires:
        fail(f"{where}.fires: a fire ship's markers (D6+1) are rolled at set-up")
    if ship.anchored or ship.boats:
        fail(f"{where}: a fire ship under tow has no anchor down and no boats")
    tower = next((s for s in spec.ships if s.id == ship.tow), None)
    if tower is None or tower.id == ship.id:
        fail(f"{where}.tow: a fire ship must be towed: name her tower's ship id")
        return
    if tower.side != ship.side or tower.fire_ship:
        fail(f"{where}.tow: her tower {tower.id} must be a ship of her side, not a fire ship")
    try:
        tower_rank = tables().size(tower.size).rank
    except DataError:
        return  # the tower's own entry reports its size
    if tower_rank < rank:
        fail(f"{where}.tow: her tower {tower.id} must be of her size or larger")


def _placed(spec: ScenarioSpec, ship: ShipSpec) -> Ship | None:
    """The ship where set-up puts her: a towed fire ship lies at her station (None: that is off
    the table)."""
    from ahoy_tui.rules.ahoy.fire_ships import station

    built = _ship(ship, 0)
    tower = next((s for s in spec.ships if s.id == ship.tow), None)
    if not ship.fire_ship or tower is None:
        return built
    try:
        x, y, heading = station(_ship(tower, 0), built)
    except DataError:
        return built  # the tower's own entry reports the problem
    if not Table(spec.table.width, spec.table.height).on_table((x, y)):
        return None
    return attrs.evolve(built, x=x, y=y, heading=heading)


def check_options(options: Options, source: str) -> None:
    if options.wind != "random" and options.wind not in ("N", "E", "S", "W"):
        raise ScenarioError(f"{source}: options.wind: {options.wind!r} is not random, N, E, S "
                            "or W")
    if options.weather not in ("normal", "light_airs", "gales"):
        raise ScenarioError(f"{source}: options.weather: {options.weather!r} is not normal, "
                            "light_airs or gales")
    if not isinstance(options.turn_limit, int) or options.turn_limit < 1:
        raise ScenarioError(f"{source}: options.turn_limit must be a whole number, at least 1")


def _ship(spec: ShipSpec, index: int) -> Ship:
    size = tables().size(spec.size)
    guns = []
    by_mount: dict[str, list[GunSpec]] = {}
    for gun in spec.guns:
        by_mount.setdefault(gun.mount, []).append(gun)
    length = spec.length if spec.length is not None else size.length
    number = 0
    for mount in MOUNTS:
        mounted = by_mount.get(mount, [])
        span = 0.6 * length
        for i, gun in enumerate(mounted):
            number += 1
            if gun.along is not None:
                along = gun.along
            elif len(mounted) == 1 or mount in ("bow", "stern"):
                along = 0.0
            else:
                along = -span / 2 + i * span / (len(mounted) - 1)
            guns.append(Gun(id=f"g{number}", weapon=gun.weapon, mount=mount,
                            along=clean(along), facing=float(gun.facing) % 360))
    proper = sum(n for p, n in spec.crew.items() if tables().profile(p).crew)
    first = guns[0].mount if guns else ""
    return Ship(
        id=spec.id, name=spec.name, side=spec.side, size=spec.size,
        length=length, beam=spec.beam if spec.beam is not None else size.beam,
        gunwale=spec.gunwale if spec.gunwale is not None else size.gunwale,
        x=spec.x, y=spec.y, heading=HEADINGS.index(spec.heading),
        sp=size.structure_points - spec.damage, sp_max=size.structure_points,
        propulsion=spec.propulsion, ironclad=spec.ironclad, ram=spec.ram, guns=tuple(guns),
        plan=CrewPlan(min(size.min_crew, proper), 0, first), fires=spec.fires,
        speed=spec.speed, moved_last=float(spec.speed),
        under_way=2 if spec.speed > 0 else 0, anchored=spec.anchored,
        fire_ship=spec.fire_ship, tow=spec.tow, boats=spec.boats,
    )


def _docked(ship: Ship, spec: ShipSpec, terrain: tuple[Feature, ...]) -> Ship:
    """A ship placed ``docked`` is made fast to the nearest quay."""
    if not spec.docked:
        return ship
    hull = ship_hull(ship)
    quay = min((f for f in terrain if f.kind == "quay"),
               key=lambda f: distance(hull, f.outline))
    return attrs.evolve(ship, docked=quay.id, speed=0, under_way=0, moved_last=0.0)


def _crew(spec: ShipSpec) -> list[Crewman]:
    """Her crew, numbered in the order of crew.toml's profiles (sailors, then marines), not in
    the order the scenario lists them: the same ship has the same men whatever keeps her."""
    men = []
    number = 0
    for profile_id, count in in_rules_order(spec.crew, tables().profiles):
        profile = tables().profile(profile_id)
        for _ in range(count):
            number += 1
            men.append(Crewman(id=f"{spec.id}.{number}", side=spec.side, ship=spec.id,
                               profile=profile_id, wounds=profile.W, aboard=spec.id,
                               armour=profile.armour, shield=profile.shield,
                               missile=spec.missiles.get(profile_id)))
    if spec.captain and not spec.fire_ship:
        profile = tables().profile("captain")
        men.append(Crewman(id=f"{spec.id}.captain", side=spec.side, ship=spec.id,
                           profile="captain", wounds=profile.W, aboard=spec.id,
                           armour=profile.armour, shield=profile.shield,
                           missile=spec.missiles.get("captain")))
    return men


def setup(scenario: Scenario, seed: int,
          options: Mapping[str, Any]) -> tuple[AhoyState, list[Event]]:
    """Build the opening state: ships placed, crews told off, the wind rolled."""
    from ahoy_tui.rules.ahoy.apply import settle
    from ahoy_tui.rules.ahoy.crew import apply_plan
    from ahoy_tui.rules.ahoy.fire_ships import starting_markers
    from ahoy_tui.rules.ahoy.flow import begin_player_turn, flow
    from ahoy_tui.rules.ahoy.legal import waiting
    from ahoy_tui.rules.ahoy.wind import initial_wind

    spec = scenario.spec
    try:
        opts = _converter.structure({**attrs.asdict(spec.options), **dict(options)}, Options)
    except (cattrs.BaseValidationError, KeyError, TypeError, ValueError) as exc:
        raise ScenarioError(f"options: {problem(exc)}") from None
    check_options(opts, "options")
    events: list[Event] = []
    dice = Dice(Rng(seed), events)
    wind = initial_wind(dice, opts.wind)
    terrain = tuple(_feature(piece, i) for i, piece in enumerate(spec.terrain))
    ships = tuple(_docked(_ship(s, i), s, terrain) for i, s in enumerate(spec.ships))
    crew = tuple(m for s in spec.ships for m in _crew(s))
    state = AhoyState(
        ruleset="ahoy", scenario=scenario.name, rng=dice.rng, to_act="p1",
        options=opts, table=Table(spec.table.width, spec.table.height),
        sides=tuple(s.id for s in spec.sides), side_names=tuple(s.name for s in spec.sides),
        ships=ships, crew=crew, wind=wind, turn=1, player_turn=1, active="p1",
        phase=Phase.ORDERS, tallies=tuple(Tally(s.id) for s in spec.sides), terrain=terrain,
    )
    state = starting_markers(state, dice)
    for ship in ships:
        state = apply_plan(state, ship.id)
    state = begin_player_turn(state, dice)
    state = flow(state, dice, waiting=waiting)
    return settle(state, dice), events


def builtin_dir() -> Any:
    return resources.files("ahoy_tui.rules.ahoy").joinpath("scenarios")


def builtin_names() -> list[str]:
    return sorted(p.name[:-5] for p in builtin_dir().iterdir() if p.name.endswith(".toml"))


def load(name: str | None = None, path: Path | None = None,
         data: Mapping[str, Any] | None = None) -> Scenario:
    if data is not None:
        return parse(data, "scenario")
    if path is not None:
        try:
            text = Path(path).read_text("utf-8")
        except OSError as exc:
            raise ScenarioError(f"{path}: cannot read ({exc.strerror or exc})") from None
        source = str(path)
        base = Path(path).parent
    else:
        base = None
        names = builtin_names()
        if name not in names:
            raise ScenarioError(f"no built-in scenario {name!r} (built in: {', '.join(names)})")
        text = builtin_dir().joinpath(f"{name}.toml").read_text("utf-8")
        source = f"{name}.toml"
    try:
        loaded = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{source}: not valid TOML ({exc})") from None
    return parse(loaded, source, base)


def infos() -> tuple[ScenarioInfo, ...]:
    out = []
    for name in builtin_names():
        scenario = load(name)
        out.append(ScenarioInfo(scenario.name, scenario.title, scenario.description,
                                tuple(s.name for s in scenario.spec.sides)))
    return tuple(out)
