"""Putting fleets on the table: a scenario's ``[[fleets]]`` section, and a saved fleet in place
of one side's ships (``ahoy play --fleet p1=NAME``).

Both turn a fleet into ordinary ``[[ships]]`` entries before the scenario is checked, so a saved
game keeps the ships themselves and replays even after the fleet file changes or disappears.

Automatic deployment lines the ships up abreast along their side's table edge, bows toward the
opposite edge: 2" in from the edge, 3" of sea between hulls, further rows behind the first. The
edge is the one given, else the one behind the side's own scenario ships (against their mean
heading; the nearer edge breaks a tie), else the west edge for p1 and the east edge for p2.
Fleets deployed along the same edge share its rows.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ahoy_tui.rules.ahoy import fleet as fleets
from ahoy_tui.rules.ahoy.fleet import Fleet, FleetError, ShipDesign
from ahoy_tui.rules.ahoy.tables import tables

EDGES = ("N", "E", "S", "W")
# The heading that faces away from each edge, and the edge's outward direction.
_FACING = {"N": "S", "E": "W", "S": "N", "W": "E"}
_OUTWARD = {"N": (0.0, -1.0), "E": (1.0, 0.0), "S": (0.0, 1.0), "W": (-1.0, 0.0)}
_VECTORS = {"N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1), "S": (0, 1),
            "SW": (-1, 1), "W": (-1, 0), "NW": (-1, -1)}
EDGE_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}
GAP = 3.0      # inches of sea between neighbouring hulls
MARGIN = 2.0   # inches between the table edge and the sterns of the first row
FLEET_KEYS = {"side", "fleet", "file", "name", "ships", "edge", "speed", "positions"}
POSITION_KEYS = {"x", "y", "heading", "speed", "anchored"}


def side_edge(ships: Sequence[Mapping[str, Any]], side: str, width: float,
              height: float) -> str:
    """The edge a side deploys along: behind its ships, else p1 west and p2 east."""
    mine = [s for s in ships if s.get("side") == side]
    if not mine:
        return "W" if side == "p1" else "E"
    hx = sum(_VECTORS.get(str(s.get("heading")), (0, 0))[0] for s in mine)
    hy = sum(_VECTORS.get(str(s.get("heading")), (0, 0))[1] for s in mine)
    mx = sum(_number(s.get("x"), 0.0) for s in mine) / len(mine)
    my = sum(_number(s.get("y"), 0.0) for s in mine) / len(mine)
    near = {"N": my, "S": height - my, "W": mx, "E": width - mx}

    def rank(edge: str) -> tuple[float, float]:
        ox, oy = _OUTWARD[edge]
        return (round(ox * hx + oy * hy, 6), near[edge])  # most behind them, then nearest

    return min(EDGES, key=rank)


def auto_positions(designs: Sequence[ShipDesign], edge: str, width: float, height: float,
                   speed: int = 0) -> list[dict[str, Any]]:
    """Places abreast along ``edge``, in rows; raises :class:`FleetError` if they do not fit."""
    sizes = [tables().sizes.get(d.size) for d in designs]
    length = max((s.length for s in sizes if s), default=8.0)
    beam = max((s.beam for s in sizes if s), default=2.5)
    along_edge = height if edge in ("E", "W") else width
    depth_room = (width if edge in ("E", "W") else height) / 2
    pitch = beam + GAP
    per_row = max(1, int((along_edge - GAP) // pitch))
    rows = math.ceil(len(designs) / per_row)
    if MARGIN + rows * length + (rows - 1) * GAP > depth_room:
        raise FleetError(f"{len(designs)} ships do not fit in the deployment zone along the "
                         f"{EDGE_NAMES[edge]} edge (half the table)")
    out = []
    for index in range(len(designs)):
        row, place = divmod(index, per_row)
        in_row = min(per_row, len(designs) - row * per_row)
        along = along_edge / 2 + (place - (in_row - 1) / 2) * pitch
        inward = MARGIN + length / 2 + row * (length + GAP)
        x, y = {"W": (inward, along), "E": (width - inward, along),
                "N": (along, inward), "S": (along, height - inward)}[edge]
        out.append({"x": round(x, 2), "y": round(y, 2), "heading": _FACING[edge],
                    "speed": speed})
    return out


def ship_entries(fleet: Fleet, side: str, places: Sequence[Mapping[str, Any]],
                 taken: set[str]) -> list[dict[str, Any]]:
    """Scenario ``[[ships]]`` entries for a fleet's designs at the given places."""
    out = []
    for design, place in zip(fleet.ships, places, strict=True):
        ship_id = fleets.slug(design.name)
        if ship_id in taken:
            n = 2
            while f"{ship_id}_{n}" in taken:
                n += 1
            ship_id = f"{ship_id}_{n}"
        taken.add(ship_id)
        entry: dict[str, Any] = {
            "id": ship_id, "name": design.name, "side": side, "size": design.size,
            "propulsion": design.propulsion, "ironclad": design.ironclad, "ram": design.ram,
            "guns": [{"weapon": g.weapon, "mount": g.mount} for g in design.guns],
            "crew": dict(design.crew), "missiles": dict(design.missiles),
            "captain": design.captain,
        }
        entry.update(place)
        out.append(entry)
    return out


def expand(data: Mapping[str, Any], base: Path | None = None,
           folder: Path | None = None) -> dict[str, Any]:
    """Scenario data with its ``[[fleets]]`` turned into ``[[ships]]`` (unchanged without any).

    Raises :class:`FleetError` with a message naming ``fleets[i]`` and the field.
    """
    if "fleets" not in data:
        return dict(data)
    out = copy.deepcopy(dict(data))
    entries = out.pop("fleets")
    if not isinstance(entries, list):
        raise FleetError("fleets: expected a list of [[fleets]] tables")
    ships = out.setdefault("ships", [])
    if not isinstance(ships, list):
        raise FleetError("ships: expected a list of [[ships]] tables")
    table = out.get("table") or {}
    # A malformed table is the scenario check's to report; deploy on the default meanwhile.
    table = table if isinstance(table, dict) else {}
    width, height = _number(table.get("width"), 72.0), _number(table.get("height"), 48.0)
    taken = {str(s.get("id")) for s in ships if isinstance(s, dict)}
    # (fleet, side, given places or None, edge, speed, where) for each entry
    resolved: list[tuple[Fleet, str, list[dict[str, Any]] | None, str, int, str]] = []
    for index, entry in enumerate(entries):
        where = f"fleets[{index}]"
        if not isinstance(entry, dict):
            raise FleetError(f"{where}: expected a table")
        extra = sorted(set(entry) - FLEET_KEYS)
        if extra:
            raise FleetError(f"{where}: unknown field(s) {', '.join(extra)}")
        side = entry.get("side")
        if side not in ("p1", "p2"):
            raise FleetError(f"{where}.side: {side!r} is not p1 or p2")
        fleet = _entry_fleet(entry, where, base, folder)
        where = f"{where} ({fleet.name})"
        fleets.require_usable(fleet, where)
        positions = entry.get("positions")
        given = None if positions is None else _given_positions(positions, len(fleet.ships),
                                                                 where)
        edge = entry.get("edge") or side_edge([s for s in ships if isinstance(s, dict)],
                                              side, width, height)
        if edge not in EDGES:
            raise FleetError(f"{where}.edge: {edge!r} is not one of {', '.join(EDGES)}")
        speed = entry.get("speed", 0)
        if not isinstance(speed, int) or isinstance(speed, bool) or speed < 0:
            raise FleetError(f"{where}.speed: expected a whole number of inches, from 0")
        resolved.append((fleet, side, given, edge, speed, where))
    # Fleets deployed along the same edge share its rows, so they never land on each other.
    auto: dict[str, list[dict[str, Any]]] = {}
    for edge in EDGES:
        designs = [d for f, _, given, e, _, _ in resolved if given is None and e == edge
                   for d in f.ships]
        if designs:
            try:
                auto[edge] = auto_positions(designs, edge, width, height)
            except FleetError as exc:
                first = next(w for _, _, g, e, _, w in resolved if g is None and e == edge)
                raise FleetError(f"{first}: {exc}") from None
    for fleet, side, given, edge, speed, _ in resolved:
        if given is None:
            places = [{**place, "speed": speed} for place in auto[edge][:len(fleet.ships)]]
            auto[edge] = auto[edge][len(fleet.ships):]
        else:
            places = given
        ships.extend(ship_entries(fleet, side, places, taken))
    return out


def _number(value: Any, default: float) -> float:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    return default


def _entry_fleet(entry: Mapping[str, Any], where: str, base: Path | None,
                 folder: Path | None) -> Fleet:
    given = [k for k in ("fleet", "file", "ships") if k in entry]
    if len(given) != 1:
        found = f"; found {' and '.join(given)}" if given else ""
        raise FleetError(f"{where}: give exactly one of fleet (a saved fleet's name), file or "
                         f"ships (inline){found}")
    if "fleet" in entry:
        if not isinstance(entry["fleet"], str):
            raise FleetError(f"{where}.fleet: expected a saved fleet's name")
        try:
            return fleets.find(entry["fleet"], folder)
        except FleetError as exc:
            raise FleetError(f"{where}.fleet: {exc}") from None
    if "file" in entry:
        if not isinstance(entry["file"], str):
            raise FleetError(f"{where}.file: expected a file name")
        path = Path(entry["file"])
        if base is not None and not path.is_absolute():
            path = base / path
        try:
            return fleets.load_file(path)
        except FleetError as exc:
            raise FleetError(f"{where}.file: {exc}") from None
    name = entry.get("name", f"{entry['side']} fleet")
    return fleets.from_data({"name": name, "ships": entry["ships"]}, where, damaged="")


def _given_positions(positions: Any, count: int, where: str) -> list[dict[str, Any]]:
    if not isinstance(positions, list) or len(positions) != count:
        raise FleetError(f"{where}.positions: give one position per ship ({count})")
    out = []
    for i, place in enumerate(positions):
        if not isinstance(place, dict) or not {"x", "y", "heading"} <= set(place):
            raise FleetError(f"{where}.positions[{i}]: needs x, y and heading")
        extra = sorted(set(place) - POSITION_KEYS)
        if extra:
            raise FleetError(f"{where}.positions[{i}]: unknown field(s) {', '.join(extra)}")
        out.append(dict(place))
    return out


def with_fleet(data: Mapping[str, Any], side: str, fleet: Fleet) -> dict[str, Any]:
    """Scenario data with ``fleet`` in place of ``side``'s ships, deployed automatically along
    the edge behind them, at the slowest of their starting speeds."""
    out = copy.deepcopy(dict(data))
    ships = [s for s in out.get("ships", []) if isinstance(s, dict)]
    mine = [s for s in ships if s.get("side") == side]
    table = out.get("table") or {}
    width, height = float(table.get("width", 72.0)), float(table.get("height", 48.0))
    edge = side_edge(ships, side, width, height)
    try:
        auto_positions(fleet.ships, edge, width, height)  # say so in the fleet's own words
    except FleetError as exc:
        raise FleetError(f"{fleet.name} for {side}: {exc}") from None
    speed = min((int(s.get("speed", 0)) for s in mine), default=0)
    out["ships"] = [s for s in ships if s.get("side") != side]
    entry = {"side": side, "name": fleet.name, "edge": edge, "speed": speed,
             "ships": fleets.to_data(fleet)["ships"]}
    others = [f for f in out.get("fleets", []) if not (isinstance(f, dict)
                                                     and f.get("side") == side)]
    out["fleets"] = [*others, entry]
    return out
