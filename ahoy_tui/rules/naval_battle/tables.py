"""Naval Battle Rules for Fantasy Gaming: the rules tables, loaded once from ``data/``.

Ship types by race, modifications and creature ships (``ships.toml``); snipers, the guns chart,
its rerolls and the misfire chart (``shooting.toml``); the turn's phases and crew actions, the
speed track, maneuvers, collisions, boarding, fire stations, fire damage and victory points
(``turn.toml``); crew races and specialists (``crews.toml``). Each is read through cattrs into
frozen classes. Code refers to entries by symbolic id (``"dark_elf"``, ``"great_cannon"``); an
unknown id raises :class:`DataError` naming the file and the key.

The small methods on the classes are the tables' own arithmetic (a 10% cost rounded up, the
die a team of fire fighters needs), so that the seed's worked examples can be checked against
the data without an engine.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from types import MappingProxyType
from typing import Any

import attrs
import cattrs
from attrs import frozen

from ahoy_tui.rules.tabledata import DataError, frozen_view, int_keys, lookup, read_toml


def _percent_up(action_points: int, percent: int) -> int:
    """``percent`` of ``action_points``, rounded up (the seed's "(rounding up)")."""
    return math.ceil(Fraction(action_points * percent, 100))


# --- ships.toml ------------------------------------------------------------------------------

@frozen
class ShipType:
    """A row of the "Ships" chart."""

    id: str
    name: str
    speed: int
    maneuverability: int
    armour: int
    special: str

    @property
    def creatures(self) -> bool:
        return self.special == "Creatures"


@frozen
class Armour:
    die: int
    save_at_least_armour: bool

    def saves(self, armour: int, roll: int, modifier: int = 0) -> bool:
        """Whether a save die of ``roll`` (plus ``modifier``) saves against ``armour``."""
        return roll + modifier >= armour


@frozen
class Modification:
    """One of "Modifications (1 per ship)": changes to the stat numbers and its cost."""

    id: str
    name: str
    armour: int
    maneuverability: int
    speed: int
    cost_percent: int
    ships_only: bool

    def cost(self, action_points: int) -> int:
        """Action points it costs a ship (or creature) of ``action_points``."""
        return _percent_up(action_points, self.cost_percent)


@frozen
class ModificationRules:
    per_ship: int
    per_creature_of_each_type: int


@frozen
class Creatures:
    races: tuple[str, ...]
    share_percent: int
    ship_speed: int
    ship_maneuverability: int
    ship_armour_modifiable: bool
    ranged_action_points_per_d6: int
    ram_die: str
    fire_on: tuple[int, ...]
    flounder_speed: int
    flounder_maneuverability: int

    def share(self, action_points: int) -> int:
        """The action points a creature ship gives its creature."""
        return _percent_up(action_points, self.share_percent)

    def ranged_dice(self, remaining: int) -> int:
        """How many D6 a creature's ranged attack rolls with ``remaining`` action points."""
        return remaining // self.ranged_action_points_per_d6


# --- shooting.toml ---------------------------------------------------------------------------

@frozen
class SniperBand:
    min_range: int
    max_range: int
    to_hit: int


@frozen
class Arc:
    degrees: int
    free: tuple[str, ...]


@frozen
class Gun:
    """A row of the "Guns" chart (see the comments in shooting.toml for each field)."""

    id: str
    name: str
    action_points: int
    range: str
    min_range: int
    max_range: int  # 0: unlimited
    range_dice: tuple[str, ...]
    damage: str
    dice: str
    reroll: str
    special: str
    fire_on: tuple[int, ...]
    fire_roll: int
    automatic_hit: bool
    automatic_fires: str
    to_hit: str
    misfire_on: tuple[int, ...]
    misfire: str
    crew_lost: int = 0
    crew_race: str = ""


@frozen
class Reroll:
    mark: str
    text: str
    faces: tuple[int, ...]
    repeats: bool


@frozen
class Misfire:
    """A row of the "Misfire Chart"."""

    id: str
    name: str
    rolls: tuple[int, ...]
    effect: str
    crew_lost_per_action_point: int
    fires_per_action_points: int
    destroyed: bool

    def crew_lost(self, action_points: int) -> int:
        return self.crew_lost_per_action_point * action_points

    def fires(self, action_points: int) -> int:
        """Fires started by a gun of ``action_points`` ("rounding up")."""
        if not self.fires_per_action_points:
            return 0
        return math.ceil(Fraction(action_points, self.fires_per_action_points))


# --- turn.toml -------------------------------------------------------------------------------

@frozen
class Speed:
    inches_per_point: int
    start_divisor: int
    up_cost: int
    down_cost: int

    def maximum(self, speed: int) -> int:
        """The maximum speed in "/turn of a ship's speed value."""
        return speed * self.inches_per_point

    def start(self, speed: int) -> int:
        """The speed in "/turn every ship begins the game at."""
        return self.maximum(speed) // self.start_divisor

    def change(self, up: int = 0, down: int = 0) -> int:
        """The change in "/turn bought by ``up`` chits speeding up or ``down`` slowing down."""
        return up // self.up_cost - down // self.down_cost


@frozen
class Maneuvers:
    kinds: tuple[str, ...]
    names: tuple[str, ...]
    free: tuple[str, ...]
    turn_degrees: int
    turn_cost_percent: int
    unpaid: str

    def turn_cost(self, original_action_points: int) -> int:
        """Action points one turn to port or starboard costs."""
        return _percent_up(original_action_points, self.turn_cost_percent)

    def leg(self, speed: int, maneuvers: int) -> Fraction:
        """The inches each maneuver takes ("divide your speed by the number of maneuvers")."""
        return Fraction(speed, maneuvers)


@frozen
class Collisions:
    speed_divisor: int
    die: str
    explode_on: tuple[int, ...]
    front_divisor: int
    armour_saves: bool

    def fixed(self, speed: int, other_speed: int) -> int:
        """The damage before the die: the combined speed divided by 6."""
        return (speed + other_speed) // self.speed_divisor


@frozen
class Boarding:
    """A row of the "Boarding Actions" chart."""

    id: str
    name: str
    to_hit: int
    save_modifier: int


@frozen
class FireStations:
    needs: Mapping[int, int] = attrs.field(converter=lambda rows: MappingProxyType(dict(rows)))

    def roll_needed(self, action_points: int) -> int:
        """The D6 score a team of ``action_points`` needs to put out a fire."""
        if action_points < 1:
            raise DataError(f"turn.toml [fire_stations] has no row for {action_points} "
                            "action points")
        return self.needs[min(action_points, max(self.needs))]


@frozen
class FireDamage:
    damage_per_fire: int
    armour_saves: bool
    fires_persist: bool


@frozen
class Victory:
    average_size: int

    def points(self, damage: int, size: int) -> Fraction:
        """Victory points for ``damage`` done by a ship of ``size`` action points."""
        return Fraction(damage * self.average_size, size)


# --- crews.toml ------------------------------------------------------------------------------

@frozen
class Race:
    """A row of the "Crews" chart: the printed abilities, and the same as numbers."""

    id: str
    name: str
    abilities: str
    fire_fighting: int = 0
    boarding: int = 0
    boarding_save: int = 0
    shooting: int = 0
    misfire: int = 0
    rerolls_per_turn: int = 0
    max_shooting_range: int = 0


@frozen
class Specialist:
    """A row of the "Specialist" chart."""

    id: str
    name: str
    function: str
    actions: tuple[str, ...]
    abilities: str
    boarding_dice: int = 1
    sniper_hits_saved: bool = True
    also_fire_stations: bool = False
    fire_fighting_crew: int = 1
    misfire_rerolls_per_turn: int = 0


@frozen
class SpecialistRules:
    cost_chits: int


@frozen
class Tables:
    """Every table, read-only: the mappings are views that refuse changes."""

    ship_types: Mapping[str, ShipType]
    armour: Armour
    modifications: Mapping[str, Modification]
    modification_rules: ModificationRules
    creatures: Creatures
    snipers: tuple[SniperBand, ...]
    arc: Arc
    guns: Mapping[str, Gun]
    rerolls: Mapping[str, Reroll]
    misfires: Mapping[str, Misfire]
    phases: tuple[str, ...]
    actions: tuple[str, ...]
    speed: Speed
    maneuvers: Maneuvers
    collisions: Collisions
    boarding: Mapping[str, Boarding]
    fire_stations: FireStations
    fire_damage: FireDamage
    victory: Victory
    races: Mapping[str, Race]
    specialists: Mapping[str, Specialist]
    specialist_rules: SpecialistRules

    def ship_type(self, race: str) -> ShipType:
        return lookup(self.ship_types, race, "ships.toml", "ship_types")

    def modification(self, mod_id: str) -> Modification:
        return lookup(self.modifications, mod_id, "ships.toml", "modifications")

    def gun(self, gun_id: str) -> Gun:
        return lookup(self.guns, gun_id, "shooting.toml", "guns")

    def reroll(self, mark: str) -> Reroll:
        return lookup(self.rerolls, mark, "shooting.toml", "rerolls")

    def misfire(self, roll: int) -> Misfire:
        """The Misfire Chart row for a (modified) roll; under 1 counts as 1, over 6 as 6."""
        roll = min(max(roll, 1), 6)
        return next(row for row in self.misfires.values() if roll in row.rolls)

    def sniper_to_hit(self, distance: float) -> int | None:
        """The snipers' to-hit score at ``distance`` inches (None: out of range)."""
        for band in self.snipers:
            if band.min_range <= distance <= band.max_range:
                return band.to_hit
        return None

    def boarding_row(self, row_id: str) -> Boarding:
        return lookup(self.boarding, row_id, "turn.toml", "boarding")

    def race(self, race_id: str) -> Race:
        return lookup(self.races, race_id, "crews.toml", "races")

    def specialist(self, specialist_id: str) -> Specialist:
        return lookup(self.specialists, specialist_id, "crews.toml", "specialists")








@cache
def tables() -> Tables:
    """The Naval Battle Rules tables (read once)."""
    conv = cattrs.Converter(forbid_extra_keys=True)
    ships = read_toml("ahoy_tui.rules.naval_battle", "ships.toml")
    shooting = read_toml("ahoy_tui.rules.naval_battle", "shooting.toml")
    turn = read_toml("ahoy_tui.rules.naval_battle", "turn.toml")
    crews = read_toml("ahoy_tui.rules.naval_battle", "crews.toml")

    def one(data: Any, cls: type, filename: str, key: str) -> Any:
        try:
            return conv.structure(int_keys(data) if isinstance(data, dict) else data, cls)
        except (cattrs.BaseValidationError, KeyError, TypeError, ValueError) as exc:
            raise DataError(f"{filename}: entry {key!r} does not fit ({exc})") from None

    def each(section: dict[str, Any], cls: type, filename: str, id_field: str = "id") -> Any:
        has_id = id_field in attrs.fields_dict(cls)
        return frozen_view({key: one({id_field: key, **value} if has_id else value, cls,
                                     filename, key)
                            for key, value in section.items()})

    def need(data: dict[str, Any], key: str, filename: str) -> Any:
        try:
            return data[key]
        except KeyError:
            raise DataError(f"{filename} has no [{key}]") from None

    return Tables(
        ship_types=each(need(ships, "ship_types", "ships.toml"), ShipType, "ships.toml"),
        armour=one(need(ships, "armour", "ships.toml"), Armour, "ships.toml", "armour"),
        modifications=each(need(ships, "modifications", "ships.toml"), Modification,
                           "ships.toml"),
        modification_rules=one(need(ships, "modification_rules", "ships.toml"),
                               ModificationRules, "ships.toml", "modification_rules"),
        creatures=one(need(ships, "creatures", "ships.toml"), Creatures, "ships.toml",
                      "creatures"),
        snipers=one(need(shooting, "snipers", "shooting.toml"), tuple[SniperBand, ...],
                    "shooting.toml", "snipers"),
        arc=one(need(shooting, "arc", "shooting.toml"), Arc, "shooting.toml", "arc"),
        guns=each(need(shooting, "guns", "shooting.toml"), Gun, "shooting.toml"),
        rerolls=each(need(shooting, "rerolls", "shooting.toml"), Reroll, "shooting.toml",
                     "mark"),
        misfires=each(need(shooting, "misfire", "shooting.toml"), Misfire, "shooting.toml"),
        phases=tuple(need(turn, "phases", "turn.toml")),
        actions=tuple(need(turn, "actions", "turn.toml")),
        speed=one(need(turn, "speed", "turn.toml"), Speed, "turn.toml", "speed"),
        maneuvers=one(need(turn, "maneuvers", "turn.toml"), Maneuvers, "turn.toml",
                      "maneuvers"),
        collisions=one(need(turn, "collisions", "turn.toml"), Collisions, "turn.toml",
                       "collisions"),
        boarding=each(need(turn, "boarding", "turn.toml"), Boarding, "turn.toml"),
        fire_stations=one(need(turn, "fire_stations", "turn.toml"), FireStations, "turn.toml",
                          "fire_stations"),
        fire_damage=one(need(turn, "fire_damage", "turn.toml"), FireDamage, "turn.toml",
                        "fire_damage"),
        victory=one(need(turn, "victory", "turn.toml"), Victory, "turn.toml", "victory"),
        races=each(need(crews, "races", "crews.toml"), Race, "crews.toml"),
        specialists=each(need(crews, "specialists", "crews.toml"), Specialist, "crews.toml"),
        specialist_rules=one(need(crews, "specialist_rules", "crews.toml"), SpecialistRules,
                             "crews.toml", "specialist_rules"),
    )

