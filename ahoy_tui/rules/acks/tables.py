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
class ArtilleryType:
    """A war machine: damage dice, the share of it a vessel takes, range bands in hexes
    (short, medium, long), rounds to reload; harpoons latch on, catapults lob."""

    name: str
    damage: str
    share: tuple[int, int]
    range: tuple[int, int, int]
    reload: int = 0
    harpoon: bool = False
    catapult: bool = False


@frozen
class MonsterType:
    """A sea monster: length in hexes, AC, Hit Dice and hit points, attack throw bonus, bite,
    initiative, combat and running speed in feet, size and the share a vessel takes."""

    name: str
    hexes: int
    ac: int
    hit_dice: int
    hp: int
    attack: int
    damage: str
    initiative: int
    combat_ft: int
    running_ft: int
    size: str
    share: tuple[int, int]
    snatch: str = "1d2"


@frozen
class Tables:
    rules: dict[str, Any]
    vessels: dict[str, VesselType]
    artillery: dict[str, ArtilleryType]
    monsters: dict[str, MonsterType]

    def vessel(self, kind: str) -> VesselType:
        return lookup(self.vessels, kind, "vessels.toml", "vessel")

    def piece(self, kind: str) -> ArtilleryType:
        return lookup(self.artillery, kind, "artillery.toml", "artillery")

    def monster(self, kind: str) -> MonsterType:
        return lookup(self.monsters, kind, "monsters.toml", "monster")

    def __getitem__(self, key: str) -> Any:
        return self.rules[key]


@cache
def tables() -> Tables:
    rules = read_toml(PACKAGE, "rules.toml")
    raw = read_toml(PACKAGE, "vessels.toml")["vessel"]
    vessels = {vid: structure(VesselType, data, f"vessels.toml [vessel.{vid}]")
               for vid, data in raw.items()}
    artillery = {k: structure(ArtilleryType, d, f"artillery.toml [artillery.{k}]")
                 for k, d in read_toml(PACKAGE, "artillery.toml")["artillery"].items()}
    monsters = {k: structure(MonsterType, d, f"monsters.toml [monster.{k}]")
                for k, d in read_toml(PACKAGE, "monsters.toml")["monster"].items()}
    return Tables(rules, vessels, artillery, monsters)


def dice_expr(expr: str) -> tuple[int, int]:
    """``"3d6"`` as (3, 6)."""
    count, sides = expr.lower().split("d")
    return int(count or 1), int(sides)


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
