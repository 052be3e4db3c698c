"""ACKS II sea combat scenarios: TOML files that size the battlemap, set the wind and place each
side's vessels (with captains, crews and artillery) and sea monsters (docs/scenarios.md). Any
problem is one :class:`ScenarioError` line naming the file and the key."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ahoy_tui.engine.dice import Dice, Rng
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.hexgrid import FACINGS, Body
from ahoy_tui.engine.ruleset import ScenarioInfo
from ahoy_tui.rules.acks.model import WIND_STRENGTHS, AcksState, Captain, Piece, Vessel, Wind
from ahoy_tui.rules.acks.pitch import pitch_table
from ahoy_tui.rules.acks.tables import tables
from ahoy_tui.rules.scenario_files import (
    Scenario,
    builtin_infos,
    in_rules_order,
    raw_scenario,
)
from ahoy_tui.rules.scenario_shape import (
    FLAG,
    TEXT,
    WHOLE,
    Each,
    Fields,
    List,
    check_shape,
)
from ahoy_tui.rules.tabledata import DataError

RULESET_ID = "acks"
PACKAGE = "ahoy_tui.rules.acks"
BUILTIN = ("quinquereme", "longship_raid", "sea_serpent", "boarding_bridge", "fire_pots",
           "learn")
MOUNTS = ("bow", "stern", "port", "starboard")
GEAR = ("boarding_bridge", "boarding_ramp", "fire_pot_pole")
MAX_VESSELS = 12
# a scenario's victory conditions, in the order the state keeps them whatever order the
# scenario gives them in
VICTORY = ("escape_p1", "escape_p2", "taken_by", "limit_winner")


class ScenarioError(ValueError):
    """A scenario that cannot be played, in one line naming the file and the key."""


# The kinds of the fields (docs/scenarios.md), checked before any is read.
PLACED = {"id": TEXT, "name": TEXT, "side": TEXT, "kind": TEXT, "column": WHOLE, "row": WHOLE,
          "facing": TEXT}
CAPTAIN = Fields({"name": TEXT, "level": WHOLE, "attack": WHOLE, "initiative": WHOLE,
                  "seafaring": WHOLE, "hp": WHOLE})
VESSEL = Fields({**PLACED, "captain": CAPTAIN,
                 "artillery": List(Fields({"kind": TEXT, "mount": TEXT, "pitch": FLAG})),
                 "missile": TEXT, "gear": List(TEXT), "sails": FLAG, "speed": WHOLE,
                 "sailors": WHOLE, "rowers": WHOLE, "marines": WHOLE})
SHAPE = Fields({
    "name": TEXT, "title": TEXT, "description": TEXT,
    "sides": List(Fields({"name": TEXT})),
    "map": Fields({"columns": WHOLE, "rows": WHOLE}), "rounds": WHOLE,
    "wind": Fields({"strength": TEXT, "from": TEXT}),
    "victory": Each(TEXT, "a table of conditions, each an edge or a side"),
    "vessels": List(VESSEL), "monsters": List(Fields({**PLACED, "hp": WHOLE})),
})


def infos() -> tuple[ScenarioInfo, ...]:
    return builtin_infos(PACKAGE, BUILTIN)


def load(name: str | None = None, path: Path | None = None,
         data: Mapping[str, Any] | None = None) -> Scenario:
    raw, source, name = raw_scenario(PACKAGE, BUILTIN, ScenarioError, name, path, data)
    if "fleets" in raw:  # fleets named by the scenario, in place of their sides' forces
        from ahoy_tui.engine.fleet_book import FleetBookError, scenario_fleets
        from ahoy_tui.rules.acks.fleet_book import FLEET_BOOK

        try:
            raw = scenario_fleets(raw, source, path.parent if path is not None else None,
                                  FLEET_BOOK)
        except FleetBookError as exc:
            raise ScenarioError(str(exc)) from None
    build(raw, source, 0)
    return Scenario(str(raw.get("name", name)), str(raw.get("title", name)),
                    str(raw.get("description", "")), raw, source)


def setup(scenario: Any, seed: int, options: Mapping[str, Any]) -> tuple[AcksState, list[Event]]:
    return build(scenario.to_data(), scenario.source, seed)


def _table(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise ScenarioError(f"{where} must be a table of keys")
    return value


def _int(raw: Mapping[str, Any], key: str, where: str, default: int | None = None,
         low: int = 0, high: int = 10_000) -> int:
    value = raw.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ScenarioError(f"{where}: {key} must be a whole number from {low} to {high}")
    return value


def _facing(value: Any, where: str) -> int:
    if isinstance(value, str) and value.upper() in FACINGS:
        return FACINGS.index(value.upper())
    raise ScenarioError(f"{where}: a facing is one of {', '.join(FACINGS)}")


def _axial(column: int, row: int) -> Any:
    from ahoy_tui.engine.hexgrid import Hex

    return Hex(column, row - (column - (column & 1)) // 2)


def build(raw: Mapping[str, Any], source: str, seed: int) -> tuple[AcksState, list[Event]]:
    """The first state of the battle, or a ScenarioError naming what is wrong."""
    check_shape(raw, SHAPE, source, ScenarioError)
    events: list[Event] = []
    dice = Dice(Rng(seed, 0), events)
    sides_raw = raw.get("sides")
    if not isinstance(sides_raw, list) or len(sides_raw) != 2:
        raise ScenarioError(f"{source}: [[sides]] must name exactly two sides")
    names = tuple(str(_table(s, f"{source}: sides[{i}]").get("name", f"Side {i + 1}"))
                  for i, s in enumerate(sides_raw))
    battlemap = _table(raw.get("map", {}), f"{source}: [map]")
    columns = _int(battlemap, "columns", f"{source}: [map]", 30, 8, 60)
    rows = _int(battlemap, "rows", f"{source}: [map]", 30, 8, 60)
    rounds = _int(raw, "rounds", source, 30, 1, 200)
    wind_raw = _table(raw.get("wind", {}), f"{source}: [wind]")
    strength = wind_raw.get("strength", "moderate")
    if strength == "roll":
        total = sum(dice.nd(2, 6, "wind strength", "Sailing Movement"))
        strength = ("still" if total <= 4 else "gentle" if total <= 6 else "moderate"
                    if total <= 9 else "strong" if total <= 11 else "very strong")
    if strength not in WIND_STRENGTHS:
        raise ScenarioError(f"{source}: [wind] strength is roll or one of "
                            f"{', '.join(WIND_STRENGTHS)}")
    wind = Wind(str(strength), _facing(wind_raw.get("from", "N"), f"{source}: [wind].from"))
    victory_raw = _table(raw.get("victory", {}), f"{source}: [victory]")
    victory = []
    for key, value in in_rules_order(victory_raw, VICTORY):
        if key not in VICTORY:
            raise ScenarioError(f"{source}: [victory] knows escape_p1, escape_p2, taken_by "
                                "and limit_winner, not " + key)
        if key.startswith("escape") and value not in ("N", "E", "S", "W"):
            raise ScenarioError(f"{source}: [victory] {key} is an edge: N, E, S or W")
        if key in ("taken_by", "limit_winner") and value not in ("p1", "p2"):
            raise ScenarioError(f"{source}: [victory] {key} is a side: p1 or p2")
        victory.append((key, str(value)))
    vessels: list[Vessel] = []
    entries = [("vessels", v) for v in raw.get("vessels", [])] + \
        [("monsters", m) for m in raw.get("monsters", [])]
    if not entries:
        raise ScenarioError(f"{source}: [[vessels]] lists no vessel")
    if len(entries) > MAX_VESSELS:
        raise ScenarioError(f"{source}: at most {MAX_VESSELS} vessels and monsters")
    counts = {"vessels": 0, "monsters": 0}
    for group, entry in entries:
        where = f"{source}: {group}[{counts[group]}]"
        counts[group] += 1
        vessel = _vessel(_table(entry, where), group == "monsters", len(vessels), where)
        if any(v.id == vessel.id for v in vessels):
            raise ScenarioError(f"{where}: id {vessel.id!r} is used twice")
        for h in vessel.hexes:
            col, row = h.q, h.r + (h.q - (h.q & 1)) // 2
            if not (0 <= col < columns and 0 <= row < rows):
                raise ScenarioError(f"{where}: {vessel.name} lies off the {columns} x {rows} "
                                    "battlemap")
        for other in vessels:
            if set(other.hexes) & set(vessel.hexes):
                raise ScenarioError(f"{where}: {vessel.name} shares a hex with {other.name}")
        vessels.append(vessel)
    for side in ("p1", "p2"):
        if not any(v.side == side for v in vessels):
            raise ScenarioError(f"{source}: side {side} has no vessel or monster")
    state = AcksState(ruleset=RULESET_ID, scenario=str(raw.get("title", "")), rng=dice.rng,
                      round_limit=rounds, columns=columns, rows=rows, wind=wind,
                      vessels=tuple(vessels), side_names=(names[0], names[1]),
                      victory=tuple(victory), to_act="p1")
    events.append(Happened("wind", f"The wind: {wind.strength}, from the "
                           f"{FACINGS[wind.source]}", "Sailing Movement", big=True))
    events.append(Happened("round", "Round 1", "Round Sequence", big=True))
    return replace(state, rng=dice.rng), events


def _vessel(s: Mapping[str, Any], creature: bool, index: int, where: str) -> Vessel:
    side = s.get("side")
    if side not in ("p1", "p2"):
        raise ScenarioError(f"{where}: side must be p1 or p2")
    kind_id = str(s.get("kind", ""))
    column = _int(s, "column", where, None, 0, 59)
    row = _int(s, "row", where, None, 0, 59)
    facing = _facing(s.get("facing", "N"), where)
    vid = str(s.get("id", f"{side}-{index + 1}"))
    if creature:
        try:
            mkind = tables().monster(kind_id)
        except DataError as exc:
            raise ScenarioError(f"{where}: {exc}") from None
        hp = _int(s, "hp", where, mkind.hp, 1, 1000)
        return Vessel(vid, str(side), str(s.get("name", mkind.name)), kind_id,
                      Body(_axial(column, row), facing, mkind.hexes), hp, hp,
                      Captain(mkind.name, mkind.hit_dice, mkind.attack, mkind.initiative, 0,
                              hp), creature=True)
    try:
        kind = tables().vessel(kind_id)
    except DataError as exc:
        raise ScenarioError(f"{where}: {exc}") from None
    cap = _table(s.get("captain", {}), f"{where}.captain")
    captain = Captain(str(cap.get("name", "the captain")),
                      _int(cap, "level", f"{where}.captain", 1, 0, 14),
                      _int(cap, "attack", f"{where}.captain", 1, -5, 20),
                      _int(cap, "initiative", f"{where}.captain", 0, -3, 3),
                      _int(cap, "seafaring", f"{where}.captain", 1, 0, 5),
                      _int(cap, "hp", f"{where}.captain", 6, 1, 200))
    pieces = []
    slots, _ = kind.war_machines
    pieces_raw = s.get("artillery", [])
    if not isinstance(pieces_raw, list):
        raise ScenarioError(f"{where}: artillery is a list of {{kind, mount}}")
    if len(pieces_raw) > slots:
        raise ScenarioError(f"{where}: a {kind.name} carries at most {slots} war machines")
    for n, p in enumerate(pieces_raw):
        p = _table(p, f"{where}.artillery[{n}]")
        try:
            tables().piece(str(p.get("kind", "")))
        except DataError as exc:
            raise ScenarioError(f"{where}.artillery[{n}]: {exc}") from None
        if p.get("mount") not in MOUNTS:
            raise ScenarioError(f"{where}.artillery[{n}]: mount is one of {', '.join(MOUNTS)}")
        pitch = bool(p.get("pitch", False))
        if pitch and str(p["kind"]) not in pitch_table()["pitch"]:
            raise ScenarioError(f"{where}.artillery[{n}]: only a catapult throws pitch")
        pieces.append(Piece(f"a{n + 1}", str(p["kind"]), str(p["mount"]), pitch=pitch))
    missile = str(s.get("missile", ""))
    if missile and missile not in tables()["missile"]:
        raise ScenarioError(f"{where}: missile is one of {', '.join(tables()['missile'])}")
    marines_default = kind.marines
    gear_raw = s.get("gear", [])
    if not isinstance(gear_raw, list) or any(g not in GEAR for g in gear_raw):
        raise ScenarioError(f"{where}: gear is a list of {', '.join(GEAR)}")
    sails = bool(s.get("sails", kind.rowers == 0))
    speed = _int(s, "speed", where, 0, 0, 480)
    return Vessel(vid, str(side), str(s.get("name", f"{kind.name} {index + 1}")), kind_id,
                  Body(_axial(column, row), facing, kind.hexes), kind.shp, kind.shp, captain,
                  sailors=_int(s, "sailors", where, kind.sailors, 0, 1000),
                  rowers=_int(s, "rowers", where, kind.rowers, 0, 1000),
                  marines=_int(s, "marines", where, marines_default, 0, 1000),
                  missile=missile, pieces=tuple(pieces), sails=sails, speed=speed,
                  gear=tuple(str(g) for g in gear_raw))
