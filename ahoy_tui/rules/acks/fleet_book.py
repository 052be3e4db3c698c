"""Buy your fleet: ACKS II sea combat's fleet book (the ruleset's ``fleet_book``).

Vessels from the Sea Vessels table at their cost in gold pieces; their crews (the sailors and
rowers of the table, the marines of her complement and more hired, their missile weapon); her
captain's class and level and whether he is a master mariner (three ranks of Seafaring); her
artillery by mount (bow, stern, port, starboard), within her war machines. Each vessel is checked
by the scenario's own rules (``scenario._vessel``), so a fleet file and a scenario file keep the
same; the purse and the classes are the project's own (``data/fleet_book.toml``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import cache
from typing import Any

from ahoy_tui.engine.fleet_book import (
    Check,
    Cost,
    Entry,
    Field,
    Fleet,
    OneTotalBook,
    Pick,
    Setting,
    base_checks,
    entry_of,
)
from ahoy_tui.rules.acks.tables import tables
from ahoy_tui.rules.tabledata import read_toml

ARTILLERY = "Artillery"
MISSILES = "Missiles"
STEERING = "Steering"
VICTORY = "Victory"
RULESET_ID = "acks"
MOUNTS = ("bow", "stern", "port", "starboard")
MAX_VESSELS = 6


@cache
def _data() -> dict[str, Any]:
    return read_toml("ahoy_tui.rules.acks", "fleet_book.toml")


@cache
def _catalogue() -> tuple[Entry, ...]:
    data = _data()
    pieces = (("None", ""), *((f"{tables().piece(k).name} ({gp} gp)", k)
                              for k, gp in data["artillery_gp"].items()))
    missiles = (("None", ""), *((m.replace("_", " "), m) for m in tables()["missile"]))
    classes = tuple((c["name"], key) for key, c in data["class"].items())
    levels = tuple((str(n), str(n)) for n in data["levels"])
    extra = tuple((f"+{n} ({n * int(data['marine_gp'])} gp)" if n else "None", str(n))
                  for n in data["extra_marines"])
    out = []
    for key, gp in data["vessel_gp"].items():
        kind = tables().vessel(key)
        slots, heaviest = kind.war_machines
        fields = [Field("captain_class", "Captain's class", classes, "fighter"),
                  Field("captain_level", "Captain's level", levels, "3"),
                  Field("master_mariner", "Master mariner", (("No", ""), ("Yes", "yes")), ""),
                  Field("missile", "Missile weapon", missiles, ""),
                  Field("marines", "Marines hired", extra, "0")]
        if slots:
            fields += [Field(m, f"Artillery {m}", pieces, "") for m in MOUNTS]
        card = (f"{kind.sailors} sailors · {kind.rowers} rowers · {kind.marines} marines",
                f"{kind.hexes} hex{'es' if kind.hexes != 1 else ''} · structure {kind.shp} · "
                f"{slots} war machine{'s' if slots != 1 else ''} (heaviest {heaviest} st)")
        out.append(Entry(key, kind.name, "vessel", int(gp), card, fields=tuple(fields)))
    return tuple(out)


def captain_of(entry: Entry, pick: Pick) -> dict[str, Any]:
    spec = _data()["class"].get(pick.option(entry, "captain_class"), _data()["class"]["fighter"])
    level = int(pick.option(entry, "captain_level") or 1)
    return {"name": f"the {spec['name'].lower()}", "level": level,
            "attack": max(1, math.floor(level * float(spec["attack_per_level"]))),
            "hp": max(1, level * int(spec["hp_per_level"])),
            "seafaring": 3 if pick.option(entry, "master_mariner") else 1, "initiative": 0}


def vessel_entry(entry: Entry, pick: Pick, side: str, vessel_id: str, column: int, row: int,
                 facing: str) -> dict[str, Any]:
    """The scenario's ``[[vessels]]`` entry for one bought vessel."""
    kind = tables().vessel(entry.key)
    out: dict[str, Any] = {"id": vessel_id, "name": f"{kind.name} {vessel_id}", "side": side,
                           "kind": entry.key, "column": column, "row": row, "facing": facing,
                           "captain": captain_of(entry, pick),
                           "marines": kind.marines + int(pick.option(entry, "marines") or 0),
                           "artillery": [{"kind": pick.option(entry, m), "mount": m}
                                         for m in MOUNTS if pick.option(entry, m)]}
    if pick.option(entry, "missile"):
        out["missile"] = pick.option(entry, "missile")
    return out


class AcksFleetBook(OneTotalBook):
    """What the fleet screen, ``ahoy fleets`` and ``--fleet`` ask of ACKS II sea combat."""

    ruleset = RULESET_ID
    total_key = "purse"
    fallback = 20000

    title = "ACKS II sea combat"
    unit = "gp"
    kinds = (("vessel", "Sea Vessels"),)

    @property
    def default_total(self) -> int:
        return int(_data()["default_purse"])

    def settings(self, fleet: Fleet) -> tuple[Setting, ...]:
        return (Setting("purse", "Purse", tuple((f"{p:,} gp", str(p))
                                                for p in _data()["purses"]),
                        str(_data()["default_purse"])),)

    def catalogue(self, fleet: Fleet) -> tuple[Entry, ...]:
        return _catalogue()

    def note(self, fleet: Fleet) -> str:
        return ("A vessel costs her price on the Sea Vessels table, her war machines theirs. "
                "Choose her captain, crew and artillery under the fleet.")

    def costs(self, fleet: Fleet) -> list[Cost]:
        out = []
        for pick in fleet.picks:
            entry = entry_of(_catalogue(), pick.entry)
            if entry is None:
                continue
            out.append(Cost(entry.name, entry.cost))
            for mount in MOUNTS:
                piece = pick.option(entry, mount)
                if piece in _data()["artillery_gp"]:
                    out.append(Cost(f"{piece} ({entry.name})", int(_data()["artillery_gp"][piece])))
            hired = pick.option(entry, "marines")
            if hired.isdigit() and int(hired):
                out.append(Cost(f"marines ({entry.name})", int(hired) * int(_data()["marine_gp"])))
        return out

    def check(self, fleet: Fleet) -> list[Check]:
        from ahoy_tui.rules.acks.scenario import ScenarioError, _vessel

        out = base_checks(self, fleet, VICTORY, {
            **dict.fromkeys(MOUNTS, ARTILLERY), "missile": MISSILES, "marines": MISSILES,
            "captain_class": STEERING, "captain_level": STEERING, "master_mariner": STEERING})
        if not fleet.picks:
            out.append(Check(VICTORY, "no vessels yet: buy a vessel"))
        if len(fleet.picks) > MAX_VESSELS:
            out.append(Check(VICTORY, f"at most {MAX_VESSELS} vessels a side"))
        for index, pick in enumerate(fleet.picks):
            entry = entry_of(_catalogue(), pick.entry)
            if entry is None or any(c.pick == index for c in out):
                continue
            try:
                _vessel(vessel_entry(entry, pick, "p1", f"v{index}", 5, 5, "N"), False, index,
                        f"vessel {index + 1}")
            except ScenarioError as exc:
                text = str(exc).split(": ", 1)[-1]
                out.append(Check(ARTILLERY, f"vessel {index + 1}: {text}", pick=index))
        return out

    def with_fleet(self, data: Mapping[str, Any], side: str, fleet: Fleet) -> dict[str, Any]:
        return with_fleet(data, side, fleet)


def with_fleet(data: Mapping[str, Any], side: str, fleet: Fleet) -> dict[str, Any]:
    """Scenario data with ``fleet`` in place of ``side``'s vessels, set out in line abreast off
    that side's edge (p1 the south, p2 the north), bows toward the enemy (the project's own)."""
    out = dict(data)
    grid = out.get("map", {})
    columns = int(grid.get("columns", 30))
    rows = int(grid.get("rows", 30))
    bought = [(e, p) for p in fleet.picks if (e := entry_of(_catalogue(), p.entry)) is not None]
    vessels = [dict(v) for v in out.get("vessels", []) if v.get("side") != side]
    monsters = [dict(m) for m in out.get("monsters", []) if m.get("side") != side]
    for n, (entry, pick) in enumerate(bought):
        column = round(columns * (n + 1) / (len(bought) + 1))
        row, facing = (rows - 7, "N") if side == "p1" else (6, "S")
        vessels.append(vessel_entry(entry, pick, side, f"{side}-{n + 1}", column, row, facing))
    out["vessels"] = vessels
    if "monsters" in out:
        out["monsters"] = monsters
    sides = [dict(s) for s in out.get("sides", [])]
    index = 0 if side == "p1" else 1
    if index < len(sides):
        sides[index]["name"] = fleet.name
    out["sides"] = sides
    return out


FLEET_BOOK = AcksFleetBook()
