"""The rules' tables (``data/rules.toml``) and the galleys (``data/galleys.toml``), read once."""

from __future__ import annotations

from functools import cache
from typing import Any

from attrs import frozen

from ahoy_tui.rules.tabledata import lookup, read_toml

PACKAGE = "ahoy_tui.rules.ramming_speed"


@frozen
class GalleyType:
    """A kind of galley: her size in inches, oar sections a side, towers, crew, engines."""

    id: str
    name: str
    length: float
    beam: float
    oars: int
    towers: tuple[str, ...]
    crew: tuple[tuple[str, int], ...]
    engines: tuple[str, ...] = ()
    sail_only: bool = False
    corvus: bool = False
    value: int = 10


@frozen
class Tables:
    rules: dict[str, Any]
    galleys: dict[str, GalleyType]

    def galley(self, kind: str) -> GalleyType:
        return lookup(self.galleys, kind, "galleys.toml", "galley")

    def __getitem__(self, key: str) -> Any:
        return self.rules[key]


def _galley(gid: str, raw: dict[str, Any]) -> GalleyType:
    return GalleyType(
        id=gid, name=raw["name"], length=float(raw["length"]), beam=float(raw["beam"]),
        oars=int(raw["oars"]), towers=tuple(raw.get("towers", ())),
        crew=tuple((rank, int(n)) for rank, n in raw["crew"].items()),
        engines=tuple(raw.get("engines", ())), sail_only=bool(raw.get("sail_only", False)),
        corvus=bool(raw.get("corvus", False)), value=int(raw.get("value", 10)))


@cache
def tables() -> Tables:
    rules = read_toml(PACKAGE, "rules.toml")
    galleys = read_toml(PACKAGE, "galleys.toml")["galley"]
    return Tables(rules, {gid: _galley(gid, raw) for gid, raw in galleys.items()})


def ram_loads(total: int) -> int:
    """The loads of water a ram's total ships (10.2): 0 none, 99 cut in half."""
    for row in tables()["ram"]["table"]:
        if total >= row["least"]:
            return int(row["loads"])
    return 0


def angle_modifier(angle: float) -> int:
    """The ram's modifier for its angle to the victim's centre line (10.3)."""
    for row in tables()["ram"]["angle"]:
        if angle >= row["least"]:
            return int(row["modifier"])
    return int(tables()["ram"]["angle"][-1]["modifier"])


def band_distance(band: str, sections: int) -> int:
    """Inches a turn at ``band`` with ``sections`` oar sections a side (6.3); 0 if none."""
    if sections <= 0:
        return 0
    row = tables()["speed"]["slow" if band == "backing" else band]
    return int(row[min(sections, len(row)) - 1])
