"""Man O' War: the rules tables, loaded once from ``data/``.

The ship templates (``ships.toml``): each card's hit locations, Below the Waterline track, crew,
speed, batteries and Battle Honours. The range template, weapons, critical hits, fire, terrain,
movement, set-up and the races (``rules.toml``). Read through cattrs into frozen classes; an
unknown id raises :class:`DataError` naming the file and the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

import cattrs
from attrs import field, frozen

from ahoy_tui.rules.tabledata import DataError, int_keys, lookup, read_toml

PACKAGE = "ahoy_tui.rules.man_o_war"

BANDS = ("high", "middle", "low")
RANGE_BANDS = ("close", "medium", "long")
ARCS = ("fore", "aft", "broadside", "turret")
EFFECTS = frozenset({"none", "speed", "battery", "no_sail", "no_oars", "no_ram", "immobile",
                     "crew", "critical", "weapon", "weakened"})
CLASSES = ("mow", "sol", "ind")


@frozen
class Location:
    """A hit location of a template: the d6 scores that hit it, its band, its damage boxes, its
    save and what each hit does."""

    name: str
    numbers: tuple[int, ...]
    band: str
    column: int
    boxes: int
    save: int
    effect: str = "none"
    amount: float = 0.0
    astern: float = 0.0
    arc: str = ""
    on_hit: int = 0
    criticals: bool = True
    text: str = ""

    def effect_on(self, hit: int) -> bool:
        """Whether the ``hit``-th hit on this location (1 = the first) brings its effect."""
        return self.effect != "none" and (self.on_hit == 0 or self.on_hit == hit)

    def hit_from(self, aim: str) -> bool:
        """Whether a shot aimed ``aim`` ("high", "low" or "" for a card without the split bar)
        can strike it: the middle band straddles the bar and is hit either way."""
        return not aim or not self.band or self.band == "middle" or self.band == aim


@frozen
class BelowWaterline:
    boxes: int
    save: int
    text: str = ""
    speed_loss: float = 0.0
    first_no_effect: bool = False


@frozen
class Move:
    """Speeds in inches a Battle Phase; 0 where she has no such means."""

    sail: float = 0.0
    astern: float = 0.0
    oars: float = 0.0
    ramming: float = 0.0
    steam: float = 0.0
    magic: float = 0.0


@frozen
class Battery:
    arc: str
    count: int
    weapon: str


@frozen
class Template:
    """A ship template card."""

    id: str
    name: str
    race: str
    ship_class: str
    source: str
    points: int
    crew: int
    honours: int
    length: float
    beam: float
    split: bool
    ram: int
    move: Move
    btw: BelowWaterline
    batteries: tuple[Battery, ...]
    locations: tuple[Location, ...]

    @property
    def designed(self) -> bool:
        """A template of the project's own (no public source gives it)."""
        return self.source == "project"

    def located(self, score: int, aim: str = "") -> Location | None:
        """The location a d6 ``score`` hits when aiming ``aim``; None for a miss."""
        for location in self.locations:
            if score in location.numbers and location.hit_from(aim if self.split else ""):
                return location
        return None

    def battery_count(self, arc: str) -> int:
        return sum(b.count for b in self.batteries if b.arc == arc)


@frozen
class Weapon:
    id: str
    name: str
    range: float
    save: Mapping[str, int]
    min_band: str = "close"
    weakened: Mapping[str, int] = field(factory=dict)


@frozen
class Critical:
    roll: int
    name: str
    effect: str
    text: str


@frozen
class Race:
    id: str
    name: str
    min_mow: int
    # armoured ships cannot be boarded unless already damaged, but by their own race (the
    # Dwarfs: later-rulesets.md §1)
    armoured: bool = False


@frozen
class Tables:
    templates: Mapping[str, Template]
    weapons: Mapping[str, Weapon]
    bands: Mapping[str, float]
    template_width: float
    criticals: Mapping[int, Critical]
    fire: Mapping[int, str]
    terrain: Mapping[str, Any]
    movement: Mapping[str, Any]
    setup: Mapping[str, Any]
    races: Mapping[str, Race]

    def template(self, template_id: str) -> Template:
        return lookup(self.templates, template_id, "ships.toml", "ships")  # type: ignore[no-any-return]

    def weapon(self, weapon_id: str) -> Weapon:
        return lookup(self.weapons, weapon_id, "rules.toml", "weapons")  # type: ignore[no-any-return]

    def race(self, race_id: str) -> Race:
        return lookup(self.races, race_id, "rules.toml", "races")  # type: ignore[no-any-return]

    def band(self, distance: float) -> str | None:
        """The range template's band at ``distance`` inches (None: beyond long range)."""
        for name in RANGE_BANDS:
            if distance <= self.bands[name] + 1e-9:
                return name
        return None

    def fleet_templates(self, race: str) -> tuple[Template, ...]:
        return tuple(t for t in self.templates.values() if t.race == race)


_converter = cattrs.Converter(forbid_extra_keys=True)
_converter.register_structure_hook_func(
    lambda kind: kind == Mapping[str, int],
    lambda value, _: MappingProxyType({str(k): int(v) for k, v in value.items()}))


def _template(template_id: str, raw: dict[str, Any]) -> Template:
    data = dict(raw)
    data["ship_class"] = data.pop("class")
    try:
        template = _converter.structure({"id": template_id, **data}, Template)
    except cattrs.BaseValidationError as exc:
        raise DataError(f"ships.toml [ships.{template_id}]: {cattrs.transform_error(exc)}") \
            from None
    _check(template)
    return template


def _check(t: Template) -> None:
    where = f"ships.toml [ships.{t.id}]"
    problems = []
    if t.ship_class not in CLASSES:
        problems.append(f"class {t.ship_class!r} is not one of {', '.join(CLASSES)}")
    for loc in t.locations:
        if loc.effect not in EFFECTS:
            problems.append(f"{loc.name}: unknown effect {loc.effect!r}")
        if loc.band not in (*BANDS, ""):
            problems.append(f"{loc.name}: band {loc.band!r}")
        if t.split != bool(loc.band):
            problems.append(f"{loc.name}: a card {'with' if t.split else 'without'} the split "
                            f"bar gives every location {'a' if t.split else 'no'} band")
        if not all(1 <= n <= 6 for n in loc.numbers) or not loc.numbers:
            problems.append(f"{loc.name}: d6 numbers {loc.numbers}")
        if loc.effect == "battery" and loc.arc not in ARCS:
            problems.append(f"{loc.name}: battery arc {loc.arc!r}")
    for aim in (("high", "low") if t.split else ("",)):
        for score in range(1, 7):
            hits = [loc.name for loc in t.locations
                    if score in loc.numbers and loc.hit_from(aim)]
            if len(hits) > 1:
                problems.append(f"a {score} aimed {aim or 'at her'} hits {' and '.join(hits)}")
    for battery in t.batteries:
        if battery.arc not in ARCS:
            problems.append(f"battery arc {battery.arc!r}")
    if not any(getattr(t.move, means) for means in ("sail", "oars", "steam", "magic")):
        problems.append("no means of moving")
    if problems:
        raise DataError(f"{where}: " + "; ".join(problems))


@cache
def tables() -> Tables:
    ships = read_toml(PACKAGE, "ships.toml")
    rules = read_toml(PACKAGE, "rules.toml")
    templates = {key: _template(key, raw) for key, raw in ships["ships"].items()}
    weapons = {key: _converter.structure({"id": key, **raw}, Weapon)
               for key, raw in rules["weapons"].items()}
    bands = dict(rules["range_bands"])
    width = float(bands.pop("width"))
    criticals = {int(k): _converter.structure({"roll": int(k), **v}, Critical)
                 for k, v in rules["criticals"].items()}
    races = {key: _converter.structure({"id": key, **raw}, Race)
             for key, raw in rules["races"].items()}
    for t in templates.values():
        for battery in t.batteries:
            lookup(weapons, battery.weapon, "rules.toml", "weapons")
        if t.race not in races:
            raise DataError(f"ships.toml [ships.{t.id}]: race {t.race!r} is not in rules.toml")
    terrain = rules["terrain"]
    terrain = {**terrain, "features": int_keys(terrain["features"])}
    return Tables(
        templates=MappingProxyType(templates), weapons=MappingProxyType(weapons),
        bands=MappingProxyType({k: float(v) for k, v in bands.items()}), template_width=width,
        criticals=MappingProxyType(criticals),
        fire=MappingProxyType(int_keys(rules["fire"])),
        terrain=MappingProxyType(terrain), movement=MappingProxyType(rules["movement"]),
        setup=MappingProxyType(rules["setup"]), races=MappingProxyType(races))
