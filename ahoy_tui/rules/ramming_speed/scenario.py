"""Ramming Speed! scenarios: TOML files that set the table, the shores, the wind and each
side's galleys with their crews (docs/scenarios.md documents the format). Any problem is one
:class:`ScenarioError` line naming the file and the key."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ahoy_tui.engine.dice import Dice, Rng
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import HEADINGS, convex_hull, overlap
from ahoy_tui.engine.orders import Sealed
from ahoy_tui.engine.ruleset import ScenarioInfo
from ahoy_tui.rules.ramming_speed import melee, sailing
from ahoy_tui.rules.ramming_speed.model import (
    RANKS,
    Band,
    Engine,
    Galley,
    Man,
    RSState,
    Sail,
    Shore,
    Wind,
)
from ahoy_tui.rules.ramming_speed.tables import tables
from ahoy_tui.rules.scenario_files import Scenario, builtin_infos, raw_scenario
from ahoy_tui.rules.scenario_shape import (
    COUNTS,
    FLAG,
    NUMBER,
    POINT,
    TEXT,
    WHOLE,
    Either,
    Fields,
    List,
    check_shape,
)
from ahoy_tui.rules.tabledata import DataError

RULESET_ID = "ramming-speed"
PACKAGE = "ahoy_tui.rules.ramming_speed"
BUILTIN = ("corvus", "salamis", "merchantman", "learn")
MAX_SHIPS = 16
MAX_TURNS = 60
CREWS = ("fresh", "tired", "fatigued", "exhausted")
BANDS = ("hove-to", "slow", "cruising", "ramming")


class ScenarioError(ValueError):
    """A scenario that cannot be played, in one line naming the file and the key."""


# The kinds of the fields (docs/scenarios.md), checked before any is read.
HEADING = Either((TEXT, NUMBER), "a compass point (N, NE, ...) or degrees")
GALLEY = Fields({"id": TEXT, "name": TEXT, "side": TEXT, "kind": TEXT, "crew_state": TEXT,
                 "band": TEXT, "crew": COUNTS, "admiral": FLAG, "sail": TEXT,
                 "engines": List(TEXT), "x": NUMBER, "y": NUMBER, "heading": HEADING,
                 "corvus": FLAG, "flagship": FLAG})
SHAPE = Fields({
    "name": TEXT, "title": TEXT, "description": TEXT,
    "sides": List(Fields({"name": TEXT, "home": HEADING})),
    "table": Fields({"width": NUMBER, "height": NUMBER}), "turns": WHOLE,
    "shores": List(Fields({"name": TEXT, "points": List(POINT)})),
    "ships": List(GALLEY),
    "wind": Fields({"strength": TEXT, "from": HEADING}),
    "victory": Fields({"escape": Fields({"side": TEXT, "edge": TEXT})}),
})


def infos() -> tuple[ScenarioInfo, ...]:
    return builtin_infos(PACKAGE, BUILTIN)


def load(name: str | None = None, path: Path | None = None,
         data: Mapping[str, Any] | None = None) -> Scenario:
    raw, source, name = raw_scenario(PACKAGE, BUILTIN, ScenarioError, name, path, data)
    if "fleets" in raw:  # fleets named by the scenario, in place of their sides' forces
        from ahoy_tui.engine.fleet_book import FleetBookError, scenario_fleets
        from ahoy_tui.rules.ramming_speed.fleet_book import FLEET_BOOK

        try:
            raw = scenario_fleets(raw, source, path.parent if path is not None else None,
                                  FLEET_BOOK)
        except FleetBookError as exc:
            raise ScenarioError(str(exc)) from None
    build(raw, source, 0)  # check it all now, in one line if wrong
    return Scenario(str(raw.get("name", name)), str(raw.get("title", name)),
                    str(raw.get("description", "")), raw, source)


def _heading(value: Any, where: str) -> float:
    if isinstance(value, str) and value.upper() in HEADINGS:
        return HEADINGS.index(value.upper()) * 45.0
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value) % 360
    raise ScenarioError(f"{where}: a heading is a compass point (N, NE, ...) or degrees")


def _table(value: Any, where: str) -> Mapping[str, Any]:
    """A TOML table where one is wanted, or a ScenarioError naming the key."""
    if not isinstance(value, Mapping):
        raise ScenarioError(f"{where} must be a table of keys")
    return value


def _flag(raw: Mapping[str, Any], key: str, where: str) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise ScenarioError(f"{where}: {key} is true or false")
    return value


def _num(raw: Mapping[str, Any], key: str, where: str, default: float | None = None) -> float:
    value = raw.get(key, default)
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise ScenarioError(f"{where}: {key} must be a number")
    return float(value)


def build(raw: Mapping[str, Any], source: str, seed: int) -> tuple[RSState, list[Event]]:
    """The first state of the battle, or a ScenarioError naming what is wrong."""
    check_shape(raw, SHAPE, source, ScenarioError)
    events: list[Event] = []
    dice = Dice(Rng(seed, 0), events)
    sides_raw = raw.get("sides")
    if not isinstance(sides_raw, list) or len(sides_raw) != 2:
        raise ScenarioError(f"{source}: [[sides]] must name exactly two sides")
    sides_raw = [_table(s, f"{source}: sides[{i}]") for i, s in enumerate(sides_raw)]
    sides = tuple((f"p{i + 1}", str(s.get("name", f"p{i + 1}"))) for i, s in
                  enumerate(sides_raw))
    homes = {}
    for i, s in enumerate(sides_raw):
        homes[f"p{i + 1}"] = _heading(s.get("home", "S" if i == 0 else "N"),
                                      f"{source}: sides[{i}].home")
    table = _table(raw.get("table", {}), f"{source}: [table]")
    width = _num(table, "width", f"{source}: [table]", 72.0)
    height = _num(table, "height", f"{source}: [table]", 48.0)
    if not (12 <= width <= 240 and 12 <= height <= 240):
        raise ScenarioError(f"{source}: [table] width and height run from 12 to 240 inches")
    turns = raw.get("turns", 12)
    if not isinstance(turns, int) or not 1 <= turns <= MAX_TURNS:
        raise ScenarioError(f"{source}: turns must be a whole number from 1 to {MAX_TURNS}")
    shores = []
    shores_raw = raw.get("shores", [])
    if not isinstance(shores_raw, list):
        raise ScenarioError(f"{source}: [[shores]] must be a list of shores")
    for i, sh in enumerate(shores_raw):
        where = f"{source}: shores[{i}]"
        sh = _table(sh, where)
        points = sh.get("points")
        if not isinstance(points, list) or len(points) < 3:
            raise ScenarioError(f"{where}: points must list at least three [x, y] corners")
        try:
            poly = convex_hull([(float(p[0]), float(p[1])) for p in points])
        except (TypeError, ValueError, IndexError):
            raise ScenarioError(f"{where}: points must be [x, y] pairs of numbers") from None
        shores.append(Shore(str(sh.get("name", "the shore")), poly))
    ships_raw = raw.get("ships")
    if not isinstance(ships_raw, list) or not ships_raw:
        raise ScenarioError(f"{source}: [[ships]] lists no galley")
    if len(ships_raw) > MAX_SHIPS:
        raise ScenarioError(f"{source}: at most {MAX_SHIPS} galleys")
    ships: list[Galley] = []
    men: list[Man] = []
    for i, s in enumerate(ships_raw):
        where = f"{source}: ships[{i}]"
        ship, crew = _galley(_table(s, where), i, where, dict(sides), homes)
        if any(other.id == ship.id for other in ships):
            raise ScenarioError(f"{where}: id {ship.id!r} is used by another galley")
        if not (0 < ship.x < width and 0 < ship.y < height):
            raise ScenarioError(f"{where}: x and y must lie on the table ({width:g}\" by "
                                f"{height:g}\")")
        ships.append(ship)
        men.extend(crew)
    for side, _ in sides:
        if not any(s.side == side for s in ships):
            raise ScenarioError(f"{source}: side {side} has no galley")
        if sum(1 for s in ships if s.side == side and s.flagship) > 1:
            raise ScenarioError(f"{source}: side {side} has two flagships")
    for a in range(len(ships)):
        for b in range(a + 1, len(ships)):
            if overlap(ships[a].outline, ships[b].outline):
                raise ScenarioError(f"{source}: ships[{a}] ({ships[a].name}) and ships[{b}] "
                                    f"({ships[b].name}) overlap")
        for n, shore in enumerate(shores):
            if overlap(ships[a].outline, shore.points):
                raise ScenarioError(f"{source}: ships[{a}] ({ships[a].name}) is aground on "
                                    f"shores[{n}] ({shore.name})")
    wind_raw = raw.get("wind")
    if wind_raw is None:
        wind = sailing.first_wind(dice)
    else:
        wind_raw = _table(wind_raw, f"{source}: [wind]")
        strength = wind_raw.get("strength", "calm")
        if strength not in ("calm", "light", "breeze", "roll"):
            raise ScenarioError(f"{source}: [wind] strength is calm, light, breeze or roll")
        frm = _heading(wind_raw.get("from", "N"), f"{source}: [wind].from")
        if strength == "roll":  # 3.1's D6 for the strength, the direction as set
            strength = sailing.roll_strength(dice)
        wind = Wind(strength, (frm + 180) % 360)
    escape = []
    victory = _table(raw.get("victory", {}), f"{source}: [victory]")
    if "escape" in victory:
        esc = _table(victory["escape"], f"{source}: [victory] escape")
        if esc.get("side") not in dict(sides) or esc.get("edge") not in ("N", "S", "E", "W"):
            raise ScenarioError(f"{source}: [victory] escape needs a side (p1/p2) and an edge")
        escape.append((str(esc["side"]), str(esc["edge"])))
    state = RSState(ruleset=RULESET_ID, scenario=str(raw.get("title", "")), rng=dice.rng,
                    sides=sides, ships=tuple(ships), men=tuple(men), shores=tuple(shores),
                    wind=wind, width=width, height=height, turn_limit=turns, orders=Sealed(),
                    escape=tuple(escape), to_act="p1")
    for ship in state.ships:
        state = melee.place_crew(state, ship.id)
    events.append(Happened("wind", f"The wind: {sailing.wind_words(wind)}", "3.1 Sailing",
                           big=True))
    events.append(Happened("turn", "Turn 1", "1.1 Sequence of play", big=True))
    return replace(state, rng=dice.rng), events


def _galley(s: Mapping[str, Any], index: int, where: str, sides: dict[str, str],
            homes: dict[str, float]) -> tuple[Galley, list[Man]]:
    side = s.get("side")
    if side not in sides:
        raise ScenarioError(f"{where}: side must be one of {', '.join(sides)}")
    try:
        kind = tables().galley(str(s.get("kind", "trireme")))
    except DataError as exc:
        raise ScenarioError(f"{where}: {exc}") from None
    sid = str(s.get("id", f"{side}-{index + 1}"))
    name = str(s.get("name", f"{kind.name} {index + 1}"))
    crew_state = s.get("crew_state", "fresh")
    if crew_state not in CREWS:
        raise ScenarioError(f"{where}: crew_state is one of {', '.join(CREWS)}")
    band_name = str(s.get("band", "hove-to"))
    if band_name not in BANDS:
        raise ScenarioError(f"{where}: band is one of {', '.join(BANDS)}")
    band = Band[band_name.upper().replace("-", "_")]
    crew = dict(kind.crew)
    for rank, n in _table(s.get("crew", {}), f"{where}.crew").items():
        if rank not in RANKS or not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ScenarioError(f"{where}: crew is counts of {', '.join(RANKS)}")
        crew[rank] = n
    if _flag(s, "admiral", where):
        crew["admiral"] = 1
    if sum(crew.values()) > 15:
        raise ScenarioError(f"{where}: at most fifteen men on deck, five a section (13.2)")
    if s.get("sail", "stowed") not in ("up", "stowed"):
        raise ScenarioError(f"{where}: sail is up or stowed")
    sail = Sail.UP if s.get("sail") == "up" else Sail.STOWED
    kinds = s.get("engines", kind.engines)
    if not isinstance(kinds, (list, tuple)) or any(k not in ("bolt", "stone") for k in kinds):
        raise ScenarioError(f"{where}: engines is a list of \"bolt\" and \"stone\" (19.0, 20.0)")
    engines = tuple(Engine(f"{sid}-e{n + 1}", kind_, "middle" if kind_ == "bolt" else "bow")
                    for n, kind_ in enumerate(kinds))
    ship = Galley(
        id=sid, side=str(side), name=name, kind=kind.id,
        x=_num(s, "x", where), y=_num(s, "y", where),
        heading=_heading(s.get("heading", "N"), f"{where}.heading"),
        length=kind.length, beam=kind.beam, oars=(kind.oars, kind.oars), full_oars=kind.oars,
        energy=int(tables()["energy"][crew_state]),
        band=Band.SAIL if sail is Sail.UP else band, sail=sail,
        sail_only=kind.sail_only, towers=kind.towers, engines=engines,
        corvus=_flag(s, "corvus", where) or ("corvus" not in s and kind.corvus),
        flagship=_flag(s, "flagship", where),
        home=homes[str(side)], value=kind.value, start_men=sum(crew.values()))
    men = []
    for rank in RANKS:
        for n in range(crew.get(rank, 0)):
            men.append(Man(f"{sid}-{rank[:3]}{n + 1}", rank, sid, sid, "middle"))
    return ship, men


def setup(scenario: Scenario, seed: int, options: Mapping[str, Any]) -> tuple[RSState,
                                                                             list[Event]]:
    state, events = build(scenario.data, scenario.source, seed)
    return replace(state, scenario=scenario.name), events
