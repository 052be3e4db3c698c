"""Ahoy!'s rules tables, loaded once from the TOML files in ``data/``.

Ship sizes, movement rates (sail, oars, steam) and what each way of moving allows, ordnance and
missile weapons, crew profiles, the critical hit tables and the D6 tables live as data, read
through cattrs into frozen classes. Code refers to
entries by symbolic id (``"medium"``, ``"naval_cannon"``); an unknown id raises
:class:`DataError` naming the file and the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

import attrs
import cattrs
from attrs import frozen

from ahoy_tui.rules.tabledata import DataError, frozen_view, int_keys, lookup, read_toml


@frozen
class SizeClass:
    id: str
    name: str
    max_length: float
    turns: int
    min_crew: int
    move_before_turn: int
    toughness: int
    structure_points: int
    length: float
    beam: float
    gunwale: int
    ram_dice: int
    rank: int


@frozen
class Rate:
    """A movement rate: roll ``dice`` and add ``fixed`` inches."""

    dice: str
    fixed: int


@frozen
class SailRates:
    beating: Rate
    reaching: Rate
    running: Rate

    def rate(self, point_of_sail: str) -> Rate:
        rate: Rate = getattr(self, point_of_sail)
        return rate


@frozen
class Power:
    """A way of moving a ship (sail, oars, steam) and what it lets her do beyond her rates."""

    id: str
    section: str
    by_wind: bool
    hold: bool
    burst: str
    burst_misfire: str
    burst_misfire_cause: str
    astern: int
    astern_rule: str
    crippled: str
    below_decks: tuple[str, ...]


@frozen
class Ordnance:
    id: str
    name: str
    range: int
    strength: int
    wounds: str
    armour_save: bool
    crew: int
    undercrewed: dict[int, int]
    kind: str = "cannon"          # "cannon", or "swivel" (Swivel Guns)
    shots: tuple[str, ...] = ("ball",)  # Advanced – Ordnance: "chain", "grape"
    arc: int = 0                  # degrees, centred on the mount's direction (swivels)
    save_modifier: int = 0        # worsens the armour save of a model it hits
    to_hit: int = 0               # D6 score to hit each model (swivels)

    def fire_needs(self, crew: int) -> int | None:
        """The D6 score a crew of this size needs before firing (1: none; None: cannot fire)."""
        if crew >= self.crew:
            return 1
        return self.undercrewed.get(crew)


@frozen
class Missile:
    id: str
    name: str
    range: int
    strength: int
    save_modifier: int


@frozen
class Profile:
    id: str
    name: str
    M: int
    WS: int
    BS: int
    S: int
    T: int
    W: int
    I: int  # noqa: E741 - the profile's own letter
    A: int
    Ld: int
    armour: str
    shield: bool
    crew: bool


@frozen
class Critical:
    roll: int
    name: str
    crew_hits: str = ""
    crew_strength: int = 0
    crew_saves: bool = True
    speed_loss: str = ""
    effect: str = ""
    guns_destroyed: int = 0
    damage: str = ""
    fires: str = ""


@frozen
class Tables:
    """Every table, read-only: the mappings are views that refuse changes."""

    sizes: Mapping[str, SizeClass]
    movement: Mapping[str, Mapping[str, SailRates]]
    powers: Mapping[str, Power]
    ordnance: Mapping[str, Ordnance]
    missile: Mapping[str, Missile]
    profiles: Mapping[str, Profile]
    armour: Mapping[str, int]
    criticals: Mapping[str, tuple[Critical, ...]]
    d6: Mapping[str, Any]

    def size(self, size_id: str) -> SizeClass:
        return lookup(self.sizes, size_id, "ships.toml", "sizes")

    @property
    def sail(self) -> Mapping[str, SailRates]:
        return self.movement["sail"]

    def rates(self, propulsion: str, size_id: str) -> SailRates:
        """The Beating / Reaching / Running rates for a sail, oar or steam ship of a size."""
        by_size = lookup(self.movement, propulsion, "movement.toml", "")
        return lookup(by_size, size_id, "movement.toml", propulsion)

    def power(self, propulsion: str) -> Power:
        return lookup(self.powers, propulsion, "movement.toml", "powers")

    def gun(self, weapon_id: str) -> Ordnance:
        return lookup(self.ordnance, weapon_id, "weapons.toml", "ordnance")

    def missile_weapon(self, weapon_id: str) -> Missile:
        return lookup(self.missile, weapon_id, "weapons.toml", "missile")

    def profile(self, profile_id: str) -> Profile:
        return lookup(self.profiles, profile_id, "crew.toml", "profiles")

    def critical(self, propulsion: str, roll: int) -> Critical:
        table = lookup(self.criticals, propulsion, "criticals.toml", "")
        for row in table:
            if row.roll == roll:
                return row
        raise DataError(f"criticals.toml has no row {roll} in [[{propulsion}]]")

    def roll(self, name: str) -> int:
        value: int = lookup(self.d6["rolls"], name, "tables.toml", "rolls")
        return value

    def table(self, name: str) -> dict[str, Any]:
        value: dict[str, Any] = lookup(self.d6, name, "tables.toml", "")
        return value

    def d6_entry(self, table: str, key: str, roll: int) -> Any:
        """The entry for a D6 roll in a ``{1 = …, 2 = …}`` table of tables.toml."""
        entries = self.table(table)[key] if key else self.table(table)
        return entries.get(roll)








@cache
def tables() -> Tables:
    """The Ahoy! tables (read once)."""
    conv = cattrs.Converter(forbid_extra_keys=True)
    ships = read_toml("ahoy_tui.rules.ahoy", "ships.toml")
    movement = read_toml("ahoy_tui.rules.ahoy", "movement.toml")
    weapons = read_toml("ahoy_tui.rules.ahoy", "weapons.toml")
    crew = read_toml("ahoy_tui.rules.ahoy", "crew.toml")
    criticals = read_toml("ahoy_tui.rules.ahoy", "criticals.toml")
    d6 = int_keys(read_toml("ahoy_tui.rules.ahoy", "tables.toml"))

    def each(section: dict[str, Any], cls: type, filename: str) -> dict[str, Any]:
        out = {}
        for key, value in section.items():
            data = {"id": key, **value} if "id" in attrs.fields_dict(cls) else value
            try:
                out[key] = conv.structure(int_keys(data), cls)
            except (cattrs.BaseValidationError, KeyError, TypeError, ValueError) as exc:
                raise DataError(f"{filename}: entry {key!r} does not fit ({exc})") from None
        return out

    return Tables(
        sizes=frozen_view(each(ships["sizes"], SizeClass, "ships.toml")),
        movement=frozen_view({kind: each(movement[kind], SailRates, "movement.toml")
                          for kind in movement if kind != "powers"}),
        powers=frozen_view(each(movement["powers"], Power, "movement.toml")),
        ordnance=frozen_view(each(weapons["ordnance"], Ordnance, "weapons.toml")),
        missile=frozen_view(each(weapons["missile"], Missile, "weapons.toml")),
        profiles=frozen_view(each(crew["profiles"], Profile, "crew.toml")),
        armour=frozen_view(crew["armour"]),
        criticals=frozen_view({key: tuple(conv.structure(row, Critical) for row in rows)
                           for key, rows in criticals.items()}),
        d6=frozen_view(d6),
    )

