"""Buy your fleet: Ramming Speed!'s fleet book (the ruleset's ``fleet_book``).

Galleys by class (their oar sections and towers as the class has them), each with her crew by
rank (captain, marines, archers, artillerymen, sailors) within her deck room (13.2: at most
fifteen men, five a section), her engines (bolt and stone throwers), a corvus, her rowers'
freshness (fresh, tired, fatigued, exhausted), and the admiral aboard one of them: his flagship.
Each galley is checked by the scenario's own rules (``scenario._galley``), so a fleet file and a
scenario file keep the same; the costs and the fleet's total are the project's own
(``data/fleet_book.toml``).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ahoy_tui.engine.fleet_book import (
    Check,
    Cost,
    Entry,
    Extra,
    Field,
    Fleet,
    OneTotalBook,
    Pick,
    Setting,
    base_checks,
    entry_of,
)
from ahoy_tui.rules.ramming_speed.tables import tables
from ahoy_tui.rules.tabledata import read_toml

MEN_ABOARD = "Men aboard"
ENGINES = "Engines"
ROWERS = "Rowers and energy"
VICTORY = "Victory"
RULESET_ID = "ramming-speed"
RANKS = ("captain", "marine", "archer", "artilleryman", "sailor")
FRESHNESS = ("fresh", "tired", "fatigued", "exhausted")
ENGINE_CHOICES = (("No engine", ""), ("A bolt thrower", "bolt"), ("A stone thrower", "stone"),
                  ("Bolt and stone throwers", "bolt+stone"))
MAX_SHIPS = 8


@cache
def _data() -> dict[str, Any]:
    return read_toml("ahoy_tui.rules.ramming_speed", "fleet_book.toml")


@cache
def _catalogue() -> tuple[Entry, ...]:
    out = []
    most = _data()["max_of_rank"]
    for key, kind in tables().galleys.items():
        crew = dict(kind.crew)
        fields = [Field(rank, f"{rank.capitalize()}s" if rank != "captain" else "Captain",
                        tuple((str(n), str(n)) for n in range(int(most[rank]) + 1)),
                        str(crew.get(rank, 0))) for rank in RANKS]
        fields.append(Field("engines", "Engines", ENGINE_CHOICES, "+".join(kind.engines)))
        fields.append(Field("crew_state", "Rowers", tuple((f.capitalize(), f)
                                                          for f in FRESHNESS), "fresh"))
        card = (f"{kind.oars} oar sections a side" if kind.oars else "sail only",
                f"towers: {', '.join(kind.towers) or 'none'} · {kind.length:g}\" by "
                f"{kind.beam:g}\"",
                "crew " + ", ".join(f"{n} {r}" for r, n in kind.crew))
        extras = (Extra("admiral", "the admiral aboard (his flagship)"),
                  Extra("corvus", "a corvus", int(_data()["corvus_cost"])))
        out.append(Entry(key, kind.name, "galley", kind.value, card, extras=extras,
                         fields=tuple(fields)))
    return tuple(out)


def galley_entry(entry: Entry, pick: Pick, side: str, ship_id: str, x: float, y: float,
                 heading: str) -> dict[str, Any]:
    """The scenario's ``[[ships]]`` entry for one bought galley."""
    engines = pick.option(entry, "engines")
    return {"id": ship_id, "name": f"{entry.name} {ship_id}", "side": side, "kind": entry.key,
            "x": x, "y": y, "heading": heading,
            "crew": {r: int(pick.option(entry, r) or 0) for r in RANKS},
            "engines": [e for e in engines.split("+") if e],
            "corvus": "corvus" in pick.extras, "admiral": "admiral" in pick.extras,
            "flagship": "admiral" in pick.extras,
            "crew_state": pick.option(entry, "crew_state"), "band": "slow"}


class RammingSpeedFleetBook(OneTotalBook):
    """What the fleet screen, ``ahoy fleets`` and ``--fleet`` ask of Ramming Speed!."""

    ruleset = RULESET_ID
    total_key = "points"
    fallback = 40

    title = "Ramming Speed!"
    unit = "points"
    kinds = (("galley", "galley"),)

    @property
    def default_total(self) -> int:
        return int(_data()["default_points"])

    def settings(self, fleet: Fleet) -> tuple[Setting, ...]:
        return (Setting("points", "Points", tuple((f"{p} points", str(p))
                                                  for p in _data()["points"]),
                        str(_data()["default_points"])),)

    def catalogue(self, fleet: Fleet) -> tuple[Entry, ...]:
        return _catalogue()

    def note(self, fleet: Fleet) -> str:
        return ("A galley costs her class's value, 2 an engine, 1 a corvus. Choose her crew, "
                "engines and rowers under the fleet; 1 puts the admiral aboard, 2 a corvus.")

    def costs(self, fleet: Fleet) -> list[Cost]:
        out = []
        for pick in fleet.picks:
            entry = entry_of(_catalogue(), pick.entry)
            if entry is None:
                continue
            out.append(Cost(entry.name, entry.cost))
            engines = [e for e in pick.option(entry, "engines").split("+") if e]
            if engines:
                out.append(Cost(f"engines ({entry.name})",
                                len(engines) * int(_data()["engine_cost"])))
            if "corvus" in pick.extras:
                out.append(Cost(f"corvus ({entry.name})", int(_data()["corvus_cost"])))
        return out

    def check(self, fleet: Fleet) -> list[Check]:
        from ahoy_tui.rules.ramming_speed.scenario import ScenarioError, _galley

        out = base_checks(self, fleet, VICTORY, {
            **dict.fromkeys(RANKS, MEN_ABOARD), "engines": ENGINES, "crew_state": ROWERS})
        if not fleet.picks:
            out.append(Check(VICTORY, "no galleys yet: buy a galley"))
        if len(fleet.picks) > MAX_SHIPS:
            out.append(Check(VICTORY, f"at most {MAX_SHIPS} galleys a side"))
        admirals = [i for i, p in enumerate(fleet.picks) if "admiral" in p.extras]
        if len(admirals) > 1:
            out.append(Check(MEN_ABOARD, "one admiral a fleet, in one flagship",
                             pick=admirals[1]))
        for index, pick in enumerate(fleet.picks):
            entry = entry_of(_catalogue(), pick.entry)
            if entry is None or any(c.pick == index for c in out):
                continue
            try:
                _galley(galley_entry(entry, pick, "p1", f"g{index}", 10.0, 10.0, "N"), index,
                        f"galley {index + 1}", {"p1": "p1"}, {"p1": 180.0})
            except ScenarioError as exc:
                text = str(exc).split(": ", 1)[-1]
                out.append(Check(MEN_ABOARD if "men on deck" in text else ENGINES,
                                 f"galley {index + 1}: {text}", pick=index))
        return out

    def with_fleet(self, data: Mapping[str, Any], side: str, fleet: Fleet) -> dict[str, Any]:
        return with_fleet(data, side, fleet)


HOMES = {"S": (0.0, 1.0, "N"), "N": (0.0, 0.0, "S"), "W": (1.0, 0.0, "E"),
         "E": (1.0, 1.0, "W")}


def with_fleet(data: Mapping[str, Any], side: str, fleet: Fleet) -> dict[str, Any]:
    """Scenario data with ``fleet`` in place of ``side``'s galleys, set out in line abreast 6"
    from that side's home edge (its ``home``), bows toward the enemy (the project's own)."""
    out = dict(data)
    table = out.get("table", {})
    width = float(table.get("width", 72))
    height = float(table.get("height", 48))
    index = 0 if side == "p1" else 1
    sides = [dict(s) for s in out.get("sides", [])]
    home = str(sides[index].get("home", "S" if index == 0 else "N")) if index < len(sides) \
        else "S"
    across, far, heading = HOMES.get(home, HOMES["S"])
    bought = [(e, p) for p in fleet.picks if (e := entry_of(_catalogue(), p.entry)) is not None]
    ships = [dict(s) for s in out.get("ships", []) if s.get("side") != side]
    for n, (entry, pick) in enumerate(bought):
        along = (n + 1) / (len(bought) + 1)
        if across:  # a west or east home: the line runs north and south
            x, y = (width - 6.0 if far else 6.0), height * along
        else:
            x, y = width * along, (height - 6.0 if far else 6.0)
        ships.append(galley_entry(entry, pick, side, f"{side}-{n + 1}", x, y, heading))
    out["ships"] = ships
    if index < len(sides):
        sides[index]["name"] = fleet.name
    out["sides"] = sides
    return out


FLEET_BOOK = RammingSpeedFleetBook()
