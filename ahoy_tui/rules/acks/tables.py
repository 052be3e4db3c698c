"""ACKS II sea combat's tables (``data/rules.toml``) and vessels (``data/vessels.toml``), read
once, and the lookups the rules make in them."""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from attrs import frozen

from ahoy_tui.rules.tabledata import lookup, read_toml, structure

PACKAGE = "ahoy_tui.rules.acks"


@frozen
class VesselType:
    """A class of vessel: her size on the battlemap, crew, combat speeds (feet a round; 0 where
    she has no oars or no sail), armour class, structural hit points, war machines (how many,
    the heaviest in stone), deck, and ramming damage in d6 (0: no naval ram)."""

    name: str
    length_ft: float
    width_ft: float
    hexes: int
    sailors: int
    rowers: int
    marines: int
    ac: int
    shp: int
    war_machines: tuple[int, int]
    deck: str
    sprint: int = 0
    cruise: int = 0
    slow: int = 0
    sail: int = 0
    ram_d6: int = 0
    crew_fights: bool = False
    fast_before_strong_wind: bool = False


@frozen
class Tables:
    rules: dict[str, Any]
    vessels: dict[str, VesselType]

    def vessel(self, kind: str) -> VesselType:
        return lookup(self.vessels, kind, "vessels.toml", "vessel")

    def __getitem__(self, key: str) -> Any:
        return self.rules[key]


@cache
def tables() -> Tables:
    rules = read_toml(PACKAGE, "rules.toml")
    raw = read_toml(PACKAGE, "vessels.toml")["vessel"]
    vessels = {vid: structure(VesselType, data, f"vessels.toml [vessel.{vid}]")
               for vid, data in raw.items()}
    return Tables(rules, vessels)


def hexes_moved(speed_ft: int, natural_initiative: int, fast: bool = False) -> int:
    """Hexes a vessel moves on her count (Movement During Sea Combat): her speed rounded to the
    nearest 30' and capped (390'-480' only for ``fast`` galleys before a strong wind, else
    360'); a half hex rounds up on a natural initiative of 4 or more, down on 3 or less."""
    move = tables()["movement"]
    step = move["step_feet"]
    top = move["fastest"] if fast else move["fast_from"] - step
    feet = min(top, max(0, math.floor(speed_ft / step + 0.5) * step))
    whole, half = divmod(feet, move["hex_feet"])
    if half and natural_initiative >= move["round_up_from"]:
        whole += 1
    return int(whole)


def missile_band(weapon: str, hexes: int) -> str | None:
    """The range band (short, medium, long, double long) of a missile weapon at ``hexes``, or
    None beyond double long (Missile Weapon Range by Hex)."""
    bands = lookup(tables()["missile"], weapon, "rules.toml", "missile")
    for name, (low, high) in zip(("short", "medium", "long", "double long"), bands,
                                 strict=True):
        if low <= hexes <= high:
            return name
    return None


def crew_reach(crew: int) -> str:
    """How far a crew of ``crew`` sailors and marines may be shot at as a troop formation
    without penalty (rowers at their oars do not count)."""
    for band in tables()["crew_target"]["bands"]:
        if crew >= band["least"]:
            return str(band["reach"])
    raise AssertionError("the last band starts at 0")
