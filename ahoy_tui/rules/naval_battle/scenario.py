"""Naval Battle scenarios: TOML files that set the table, the sides and their ships.

docs/scenarios.md documents the format. A ship is bought as the rules buy her: a race's ship
type, a size (her action points), at most one modification paid in chits, a crew of that many
chits less the costs (specialists traded one chit each), and, for Dark Elf and Lizard ships, a
creature that takes half the chits. Any problem is one :class:`ScenarioError` line naming the
file and the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ahoy_tui.engine.dice import Rng
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.geometry import HEADINGS, overlap
from ahoy_tui.engine.ruleset import ScenarioInfo
from ahoy_tui.rules.naval_battle.model import (
    BEARINGS,
    SPECIALIST_STATIONS,
    Creature,
    Gun,
    NavalState,
    Ship,
    TableSize,
)
from ahoy_tui.rules.naval_battle.movement import hull_of, hull_size
from ahoy_tui.rules.naval_battle.tables import tables
from ahoy_tui.rules.scenario_files import (
    Scenario,
    builtin_infos,
    in_rules_order,
    raw_scenario,
)
from ahoy_tui.rules.scenario_shape import (
    COUNTS,
    FLAG,
    NUMBER,
    TEXT,
    WHOLE,
    Fields,
    List,
    check_shape,
)

RULESET_ID = "naval-battle"
MAX_TABLE = 240
MAX_SHIPS = 12
MAX_SIZE = 200
MAX_TURNS = 100
PACKAGE = "ahoy_tui.rules.naval_battle"
BUILTIN = ("duel", "dragon", "doomdivers", "learn")


class ScenarioError(ValueError):
    """A scenario that cannot be played, in one line naming the file and the key."""


# The kinds of the fields (docs/scenarios.md), checked before any is read.
GUN = Fields({"type": TEXT, "bearing": TEXT, "id": TEXT, "rotating": FLAG})
CREATURE = Fields({"name": TEXT, "modifications": List(TEXT)})
SHIP = Fields({"id": TEXT, "name": TEXT, "side": TEXT, "race": TEXT, "size": WHOLE,
              "modification": TEXT, "creature": CREATURE, "crew": COUNTS, "guns": List(GUN),
              "x": NUMBER, "y": NUMBER, "heading": TEXT})
SHAPE = Fields({"name": TEXT, "title": TEXT, "description": TEXT,
               "table": Fields({"width": NUMBER, "height": NUMBER}),
               "sides": List(Fields({"id": TEXT, "name": TEXT})),
               "options": Fields({"turn_limit": WHOLE}), "ships": List(SHIP)})


def infos() -> tuple[ScenarioInfo, ...]:
    return builtin_infos(PACKAGE, BUILTIN)


def load(name: str | None = None, path: Path | None = None,
         data: Mapping[str, Any] | None = None) -> Scenario:
    raw, source, name = raw_scenario(PACKAGE, BUILTIN, ScenarioError, name, path, data)
    if "fleets" in raw:  # fleets named by the scenario, in place of their sides' forces
        from ahoy_tui.engine.fleet_book import FleetBookError, scenario_fleets
        from ahoy_tui.rules.naval_battle.fleet_book import FLEET_BOOK

        try:
            raw = scenario_fleets(raw, source, path.parent if path is not None else None,
                                  FLEET_BOOK)
        except FleetBookError as exc:
            raise ScenarioError(str(exc)) from None
    scenario = Scenario(str(raw.get("name", name or "custom")), str(raw.get("title", "")),
                        str(raw.get("description", "")), raw, source)
    build(scenario)  # check every field now, so a bad file is refused when it is opened
    return scenario


def _need(data: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in data:
        raise ScenarioError(f"{where}: missing {key!r}")
    value = data[key]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise ScenarioError(f"{where}: {key!r} must be a whole number")
    if kind is float and (isinstance(value, bool) or not isinstance(value, (int, float))):
        raise ScenarioError(f"{where}: {key!r} must be a number")
    if kind in (str, list, dict) and not isinstance(value, kind):
        raise ScenarioError(f"{where}: {key!r} must be {kind.__name__}")
    return value


def build(scenario: Scenario, seed: int = 0) -> NavalState:
    """The battle's first state from a scenario (raises ScenarioError)."""
    src = scenario.source
    raw = scenario.data
    check_shape(raw, SHAPE, src, ScenarioError)
    rules = tables()
    table = raw.get("table", {})
    width = _need(table, "width", float, f"{src}: [table]")
    height = _need(table, "height", float, f"{src}: [table]")
    if not (12 <= width <= MAX_TABLE and 12 <= height <= MAX_TABLE):
        raise ScenarioError(f"{src}: [table]: width and height must be 12 to {MAX_TABLE} inches")
    sides_raw = _need(raw, "sides", list, src)
    if [s.get("id") for s in sides_raw] != ["p1", "p2"]:
        raise ScenarioError(f"{src}: [[sides]] must be p1 then p2")
    sides = tuple((str(s["id"]), str(s.get("name", s["id"]))) for s in sides_raw)
    options = raw.get("options", {})
    turn_limit = options.get("turn_limit", 8)
    if isinstance(turn_limit, bool) or not isinstance(turn_limit, int) \
            or not 1 <= turn_limit <= MAX_TURNS:
        raise ScenarioError(f"{src}: [options]: turn_limit must be 1 to {MAX_TURNS}")
    ships_raw = _need(raw, "ships", list, src)
    if not 2 <= len(ships_raw) <= MAX_SHIPS:
        raise ScenarioError(f"{src}: between 2 and {MAX_SHIPS} [[ships]]")
    ships: list[Ship] = []
    for index, entry in enumerate(ships_raw):
        ships.append(_ship(entry, f"{src}: ships[{index}]", width, height))
    ids = [s.id for s in ships]
    if len(set(ids)) != len(ids):
        raise ScenarioError(f"{src}: two ships share an id")
    _check_apart(ships, src)
    for side, _ in sides:
        if not any(s.side == side for s in ships):
            raise ScenarioError(f"{src}: side {side} has no ships")
    del rules
    return NavalState(ruleset=RULESET_ID, scenario=scenario.name, rng=Rng(seed),
                      title=scenario.title, table=TableSize(float(width), float(height)),
                      sides=sides, ships=tuple(ships), turn_limit=turn_limit,
                      to_act="p1")


def _check_apart(ships: list[Ship], src: str) -> None:
    """No two hulls may lie on top of each other (touching is allowed): ships that start inside
    one another would sail apart without ever colliding."""
    hulls = [(ship, hull_of(ship)) for ship in ships]
    for i, (a, a_hull) in enumerate(hulls):
        for b, b_hull in hulls[i + 1:]:
            if overlap(a_hull, b_hull):
                raise ScenarioError(f"{src}: ships {a.id} and {b.id} overlap (hulls "
                                    f"{_hull_words(a)} and {_hull_words(b)})")


def _hull_words(ship: Ship) -> str:
    """Her hull's size as a scenario writer needs it: the file gives only her centre."""
    length, beam = hull_size(ship)
    return f'{length:g}" by {beam:g}"'


def _ship(entry: Mapping[str, Any], where: str, width: float, height: float) -> Ship:
    rules = tables()
    ship_id = _need(entry, "id", str, where)
    where = f"{where} ({ship_id})"
    side = _need(entry, "side", str, where)
    if side not in ("p1", "p2"):
        raise ScenarioError(f"{where}: side must be p1 or p2")
    race = _need(entry, "race", str, where)
    try:
        kind = rules.ship_type(race)
    except KeyError:
        raise ScenarioError(f"{where}: no ship type {race!r} (the Ships chart has: "
                            f"{', '.join(sorted(rules.ship_types))})") from None
    size = _need(entry, "size", int, where)
    if not 2 <= size <= MAX_SIZE:
        raise ScenarioError(f"{where}: size must be 2 to {MAX_SIZE} action points")
    speed, maneuver, armour = kind.speed, kind.maneuverability, kind.armour
    chits = size
    modification = str(entry.get("modification", ""))
    creature_raw = entry.get("creature")
    creature = None
    if creature_raw is not None:
        if not kind.creatures:
            raise ScenarioError(f"{where}: only Dark Elf and Lizard ships have creatures")
        if modification:
            # Reading (docs A2): the pulled ship's armour cannot be modified and its speed and
            # maneuver are fixed at 1, so its one modification would change nothing.
            raise ScenarioError(f"{where}: a creature ship's modifications go on the creature")
        creature, chits = _creature(creature_raw, where, kind, size)
        speed = rules.creatures.ship_speed
        maneuver = rules.creatures.ship_maneuverability
    elif modification:
        try:
            mod = rules.modification(modification)
        except KeyError:
            raise ScenarioError(f"{where}: no modification {modification!r} (choose from "
                                f"{', '.join(sorted(rules.modifications))})") from None
        chits -= mod.cost(size)
        armour += mod.armour
        maneuver += mod.maneuverability
        speed += mod.speed
    crew_raw = _need(entry, "crew", dict, where)
    crew: list[tuple[str, int]] = []
    # her chits in the Crews chart's order (its races, then its specialists), not the order
    # the scenario lists them: which chits she loses first between turns follows this order
    for crew_kind, count in in_rules_order(crew_raw, [*rules.races, *rules.specialists]):
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ScenarioError(f"{where}: crew.{crew_kind} must be a whole number")
        if crew_kind not in SPECIALIST_STATIONS and crew_kind not in rules.races:
            raise ScenarioError(f"{where}: crew.{crew_kind} is neither a race of the Crews "
                                "chart nor a specialist")
        if count:
            crew.append((crew_kind, count))
    total = sum(n for _, n in crew)
    if total != chits:
        raise ScenarioError(f"{where}: the crew is {total} chits, but a size {size} ship "
                            f"keeps {chits} after her costs")
    guns: list[Gun] = []
    for g_index, gun in enumerate(entry.get("guns", [])):
        gwhere = f"{where}: guns[{g_index}]"
        gun_type = _need(gun, "type", str, gwhere)
        if gun_type not in rules.guns:
            raise ScenarioError(f"{gwhere}: no gun {gun_type!r} on the Guns chart")
        bearing = str(gun.get("bearing", "starboard"))
        if bearing not in BEARINGS:
            raise ScenarioError(f"{gwhere}: bearing must be one of {', '.join(BEARINGS)}")
        guns.append(Gun(str(gun.get("id", f"{gun_type}-{g_index + 1}")), gun_type,
                        BEARINGS[bearing], bool(gun.get("rotating", False))))
    x = _need(entry, "x", float, where)
    y = _need(entry, "y", float, where)
    if not (0 < x < width and 0 < y < height):
        raise ScenarioError(f"{where}: x, y must be on the table")
    heading = _need(entry, "heading", str, where)
    if heading not in HEADINGS:
        raise ScenarioError(f"{where}: heading must be one of {', '.join(HEADINGS)}")
    moving = creature.speed_value if creature is not None else speed
    return Ship(id=ship_id, name=str(entry.get("name", ship_id)), side=side, race=race,
                size=size, crew=tuple(crew), speed_value=speed, maneuverability=maneuver,
                armour=armour, x=float(x), y=float(y), heading=HEADINGS.index(heading),
                speed=rules.speed.start(moving), guns=tuple(guns), modification=modification,
                creature=creature)


def _creature(raw: Any, where: str, kind: Any, size: int) -> tuple[Creature, int]:
    rules = tables()
    if not isinstance(raw, dict):
        raise ScenarioError(f"{where}: creature must be a table")
    share = rules.creatures.share(size)
    mods = raw.get("modifications", [])
    if not isinstance(mods, list):
        raise ScenarioError(f"{where}: creature.modifications must be a list")
    chits = share
    speed, maneuver, armour = kind.speed, kind.maneuverability, kind.armour
    for mod_id in mods:
        try:
            mod = rules.modification(str(mod_id))
        except KeyError:
            raise ScenarioError(f"{where}: no modification {mod_id!r}") from None
        if mod.ships_only:
            raise ScenarioError(f"{where}: {mod.name} is for ships only")
        if mods.count(mod_id) > rules.modification_rules.per_creature_of_each_type:
            raise ScenarioError(f"{where}: a creature takes at most "
                                f"{rules.modification_rules.per_creature_of_each_type} "
                                f"of each modification")
        chits -= mod.cost(share)
        speed += mod.speed
        maneuver += mod.maneuverability
        armour += mod.armour
    if chits < 1:
        raise ScenarioError(f"{where}: the creature's modifications cost all its chits")
    creature = Creature(str(raw.get("name", "creature")), chits, share, speed, maneuver, armour,
                        tuple(str(m) for m in mods))
    return creature, size - share


def setup(scenario: Scenario, seed: int,
          options: Mapping[str, Any]) -> tuple[NavalState, list[Event]]:
    state = build(scenario, seed)
    events: list[Event] = [Happened("setup", f"{scenario.title}: turn 1 begins", "The Turn "
                                    "Sequence")]
    return state, events
