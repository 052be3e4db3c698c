"""Buy your fleet: Man O' War's fleet book (the ruleset's ``fleet_book``).

Setup: "Buy your Fleet, a Wizard and Man O' War cards. A normal game is 1,000 points per side."
A fleet is of one race: Men O' War and Independents bought singly, Ships of the Line in
squadrons of three of one template; a Wizard of a level (not for the Dwarfs); Man O' War cards
at 25 points; sea monsters, never more than its squadrons; flyers of its race from their
200-point allowance; anti-flyer weapons, 25 points from their 100-point allowance, on Men O' War
only, one a ship. Each race's purchasing requirements are ``data/fleet_book.toml`` (the
project's own, M2); :func:`purchasing` is the one check of them, read by this book and by a
scenario file's fleets alike (``scenario.py``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from attrs import frozen

from ahoy_tui.engine import fleet_book
from ahoy_tui.engine.dice import Rng
from ahoy_tui.engine.fleet_book import (
    Check,
    Cost,
    Entry,
    Extra,
    Fleet,
    Setting,
    base_checks,
    entry_of,
    pick_costs,
)
from ahoy_tui.rules.man_o_war.bestiary import bestiary
from ahoy_tui.rules.man_o_war.fleet_cards import deck
from ahoy_tui.rules.man_o_war.model import MowState, new_ship
from ahoy_tui.rules.man_o_war.spellbook import spellbook
from ahoy_tui.rules.man_o_war.tables import tables
from ahoy_tui.rules.man_o_war.view import CLASS_NAMES, card, flyer_card
from ahoy_tui.rules.tabledata import read_toml

SETUP = "Setup"
PURCHASING = "Purchasing requirements"
MAGIC = "Magic Phase"
MONSTERS = "Sea Monsters"
AIRPOWER = "Airpower"
ANTI_FLYER = "Anti-flyer weapons"
RULESET_ID = "man-o-war"
MAX_SHIPS = 15  # a side's ships, so that two fleets fit a battle's 30


@frozen
class RaceList:
    id: str
    min_mow: int
    squadrons_per_mow: int | None
    ind_per_mow: int | None
    monsters: bool
    one_per_thousand: tuple[str, ...]
    note: str


@cache
def _data() -> dict[str, Any]:
    return read_toml("ahoy_tui.rules.man_o_war", "fleet_book.toml")


def race_list(race: str) -> RaceList:
    raw = _data()["race"].get(race, {})
    return RaceList(race, int(raw.get("min_mow", tables().races[race].min_mow
                                      if race in tables().races else 1)),
                    raw.get("squadrons_per_mow"), raw.get("ind_per_mow"),
                    bool(raw.get("monsters", True)), tuple(raw.get("one_per_thousand", ())),
                    str(raw.get("note", "")))


def purchasing(race: str, templates: Sequence[str], squadrons: int, monsters: int,
               points: int, wizard: bool = False) -> list[Check]:
    """A race's purchasing requirements (data/fleet_book.toml, the project's own: M2):
    ``templates`` of the single ships and of each squadron once."""
    rules = race_list(race)
    out: list[Check] = []
    classes = [tables().template(t).ship_class for t in templates if t in tables().templates]
    mows = classes.count("mow")
    inds = classes.count("ind")
    name = tables().races[race].name if race in tables().races else race
    if mows < rules.min_mow:
        out.append(Check(PURCHASING, f"{name} need {rules.min_mow} Man O' War for the Admiral "
                                     "to command from" if rules.min_mow == 1 else
                         f"{name} need {rules.min_mow} Men O' War"))
    if rules.squadrons_per_mow is not None and squadrons > mows * rules.squadrons_per_mow:
        most = mows * rules.squadrons_per_mow
        out.append(Check(PURCHASING, f"{name} field at most {most} squadron"
                                     f"{'s' if most != 1 else ''} of Ships of the Line with "
                                     f"{mows} Men O' War to lead them ({squadrons} bought)"))
    if rules.ind_per_mow is not None and inds > mows * rules.ind_per_mow:
        most = mows * rules.ind_per_mow
        out.append(Check(PURCHASING, f"{name} field at most {most} Independent"
                                     f"{'s' if most != 1 else ''} with {mows} Men O' War "
                                     f"({inds} bought)"))
    allowed = max(1, math.ceil(points / 1000))
    for template in rules.one_per_thousand:
        bought = sum(1 for t in templates if t == template)
        if bought > allowed:
            out.append(Check(PURCHASING, f"at most {allowed} {tables().template(template).name}"
                                         f" in {points} points (one for each 1,000)"))
    if monsters and not rules.monsters:
        out.append(Check(PURCHASING, f"{name} buy no sea monsters"))
    if monsters > squadrons:
        out.append(Check(MONSTERS, f"{monsters} sea monster{'s' if monsters != 1 else ''} and "
                                   f"{squadrons} squadron{'s' if squadrons != 1 else ''}: never"
                                   " more monsters than squadrons of Ships of the Line"))
    if wizard and race in spellbook().no_wizard:
        out.append(Check(MAGIC, f"{name} field no Wizard"))
    return out


class ManOWarFleetBook:
    """What the fleet screen, ``ahoy fleets`` and ``--fleet`` ask of Man O' War."""

    ruleset = RULESET_ID
    title = "Man O' War"
    kinds = (("mow", "Men O' War"), ("ind", "Independents"), ("sol", "Ships of the Line"),
             ("monster", "Sea monsters"), ("flyer", "Flyers"))

    def new(self, name: str = "New fleet") -> Fleet:
        return Fleet(RULESET_ID, name, {"race": "empire", "points": "1000", "wizard": "",
                                        "cards": "0"})

    def settings(self, fleet: Fleet) -> tuple[Setting, ...]:
        races = tuple((r.name, key) for key, r in tables().races.items())
        points = tuple((f"{p:,} points", str(p)) for p in _data()["points"])
        book = spellbook()
        wizards = (("No Wizard", ""), *((f"{w.name} ({w.cost} pts)", key)
                                        for key, w in book.wizards.items()))
        cards = tuple((f"{n} ({n * deck().cost} pts)", str(n))
                      for n in range(int(_data()["max_cards"]) + 1))
        return (Setting("race", "Race", races, "empire"),
                Setting("points", "Points", points, "1000"),
                Setting("wizard", "Wizard", wizards, ""),
                Setting("cards", "Man O' War cards", cards, "0"))

    def race(self, fleet: Fleet) -> str:
        return fleet.setting("race", "empire")

    def catalogue(self, fleet: Fleet) -> tuple[Entry, ...]:
        return _catalogue(self.race(fleet))

    def note(self, fleet: Fleet) -> str:
        race = self.race(fleet)
        return race_list(race).note if race in tables().races else ""

    def total(self, fleet: Fleet) -> int:
        value = fleet.setting("points", "1000")
        return int(value) if value.isdigit() else 1000

    def allowances(self, fleet: Fleet) -> dict[str, int]:
        book = bestiary()
        return {"flyers": book.flyer_allowance, "anti-flyer weapons": book.anti_flyer.allowance}

    def costs(self, fleet: Fleet) -> list[Cost]:
        out = pick_costs(self.catalogue(fleet), fleet)
        level = fleet.setting("wizard")
        if level in spellbook().wizards:
            wizard = spellbook().wizard(level)
            out.append(Cost(wizard.name, wizard.cost))
        cards = fleet.setting("cards", "0")
        if cards.isdigit() and int(cards):
            out.append(Cost(f"{cards} Man O' War cards", int(cards) * deck().cost))
        return out

    def check(self, fleet: Fleet) -> list[Check]:
        out = base_checks(self, fleet, SETUP)
        race = self.race(fleet)
        if race not in tables().races:
            return out
        catalogue = self.catalogue(fleet)
        entries = [entry_of(catalogue, p.entry) for p in fleet.picks]
        singles = [e.key for e in entries if e is not None and e.kind in ("mow", "ind")]
        squadrons = [e.key for e in entries if e is not None and e.kind == "sol"]
        monsters = sum(1 for e in entries if e is not None and e.kind == "monster")
        ships = len(singles) + 3 * len(squadrons)
        if not ships:
            out.append(Check(SETUP, "no ships yet: buy a Man O' War for the Admiral"))
        if ships > MAX_SHIPS:
            out.append(Check(SETUP, f"at most {MAX_SHIPS} ships a side ({ships} bought)"))
        level = fleet.setting("wizard")
        out += purchasing(race, [*singles, *squadrons], len(squadrons), monsters,
                          self.total(fleet), wizard=bool(level))
        for mark, rule in (("admiral", SETUP), ("wizard", MAGIC)):
            marked = [i for i, p in enumerate(fleet.picks) if mark in p.extras]
            if len(marked) > 1:
                out.append(Check(rule, f"the {mark.title()} sails in one ship", pick=marked[1]))
        if not level and any("wizard" in p.extras for p in fleet.picks):
            out.append(Check(MAGIC, "no Wizard is bought to sail in her"))
        return out

    def with_fleet(self, data: Mapping[str, Any], side: str, fleet: Fleet) -> dict[str, Any]:
        return with_fleet(data, side, fleet)


EXTRAS_MOW = (Extra("admiral", "the Admiral aboard"),
              Extra("wizard", "the Wizard aboard"),
              Extra("anti_flyer", "anti-flyer weapon", 25, "anti-flyer weapons"))


@cache
def _catalogue(race: str) -> tuple[Entry, ...]:
    if race not in tables().races:
        return ()
    out: list[Entry] = []
    anti = bestiary().anti_flyer.cost
    extras = tuple(Extra(x.key, x.name, anti, x.allowance) if x.cost else x for x in EXTRAS_MOW)
    order = {"mow": 0, "ind": 1, "sol": 2}
    templates = sorted((t for t in tables().templates.values() if t.race == race),
                       key=lambda t: (order[t.ship_class], -t.points))
    for t in templates:
        preview = preview_card(t.id, race)
        lines = _card_lines(t.id)
        if t.ship_class == "sol":
            out.append(Entry(t.id, f"Squadron of three {t.name}s", "sol", 3 * t.points,
                             lines, count=3, preview=preview))
        else:
            out.append(Entry(t.id, t.name, t.ship_class, t.points, lines,
                             extras=extras if t.ship_class == "mow" else (), preview=preview))
    if race_list(race).monsters:
        for key, m in bestiary().monsters.items():
            out.append(Entry(key, m.name, "monster", m.points,
                             (f"Sea monster · {m.points} pts", f"wounds {m.wounds} · moves "
                              f"{m.move}\" · save {m.save}+", f"{m.special_name}: {m.text}")))
    for key, f in bestiary().flyers.items():
        if f.race == race:
            out.append(Entry(key, f.name, "flyer", f.points,
                             (f"Flyer · {f.points} pts (from the flyers' allowance)",
                              f"wounds {f.wounds} · flies {f.move:g}\"", f.text),
                             allowance="flyers", preview=_flyer_preview(key, race)))
    return tuple(out)


def _state(race: str, ships: tuple[Any, ...] = (), flyers: tuple[Any, ...] = ()) -> MowState:
    return MowState(ruleset=RULESET_ID, scenario="fleet book", rng=Rng(0, 0),
                    side_names=(tables().races[race].name, ""), races=(race, ""),
                    ships=ships, flyers=flyers)


def preview_card(template: str, race: str) -> Any:
    """Her template card as the battle shows it (a fresh ship of the first side)."""
    ship = new_ship(template, template, "p1")
    return card(_state(race, (ship,)), ship, "")


def _flyer_preview(kind: str, race: str) -> Any:
    from ahoy_tui.rules.man_o_war.model import Flyer

    flyer = Flyer(kind, kind, "p1", 0.0, 0.0, 0)
    return flyer_card(_state(race, flyers=(flyer,)), flyer, "")


def _card_lines(template: str) -> tuple[str, ...]:
    t = tables().template(template)
    lines = [f"{CLASS_NAMES[t.ship_class]} · {t.points} pts · crew {t.crew} · "
             f"BTW {t.btw.boxes} boxes, save {t.btw.save}+"]
    lines += [f"{b.arc}: {b.count} × {tables().weapon(b.weapon).name}" for b in t.batteries]
    lines += [f"{'/'.join(str(n) for n in loc.numbers)} {loc.name} ({loc.boxes} box"
              f"{'es' if loc.boxes != 1 else ''}{f', save {loc.save}+' if loc.save else ''})"
              for loc in t.locations]
    return tuple(lines)


# --- on the table -------------------------------------------------------------------------------

def with_fleet(data: Mapping[str, Any], side: str, fleet: Fleet) -> dict[str, Any]:
    """Scenario data with ``fleet`` in place of ``side``'s ships, monsters, flyers, Wizard and
    cards, set out by the rules' own set-up (placement = "rules": alternate placing within 9")."""
    out = dict(data)
    catalogue = _catalogue(fleet.setting("race", "empire"))
    sides = [dict(s) for s in out.get("sides", [])]
    mine = next((s for s in sides if s.get("id") == side), None)
    if mine is None:
        raise ValueError(f"{fleet.name} for {side}: the scenario has no side {side}")
    for key in ("wizard", "wizard_ship", "college"):
        mine.pop(key, None)
    mine.update(race=fleet.setting("race", "empire"), name=fleet.name,
                mow_cards=int(fleet.setting("cards", "0") or 0))
    ships: list[dict[str, Any]] = []
    monsters: list[dict[str, Any]] = []
    flyers: list[dict[str, Any]] = []
    prefix = f"{side}-"
    admiral = next((i for i, p in enumerate(fleet.picks) if "admiral" in p.extras), None)
    if admiral is None:
        admiral = next((i for i, p in enumerate(fleet.picks)
                        if (e := entry_of(catalogue, p.entry)) is not None and e.kind == "mow"),
                       None)
    for index, pick in enumerate(fleet.picks):
        entry = entry_of(catalogue, pick.entry)
        if entry is None:
            continue
        name = f"{prefix}{index + 1}"
        if entry.kind == "sol":
            for n in range(3):
                ships.append({"id": f"{name}-{n + 1}", "template": entry.key, "side": side,
                              "squadron": name, "flagship": n == 0})
        elif entry.kind in ("mow", "ind"):
            ship = {"id": name, "template": entry.key, "side": side,
                    "admiral": index == admiral}
            if "anti_flyer" in pick.extras:
                ship["anti_flyer"] = True
            if "wizard" in pick.extras:
                mine["wizard_ship"] = name
            ships.append(ship)
        elif entry.kind == "monster":
            monsters.append({"id": name, "kind": entry.key, "side": side})
        else:
            flyers.append({"id": name, "kind": entry.key, "side": side})
    if fleet.setting("wizard"):
        mine["wizard"] = fleet.setting("wizard")
        if "wizard_ship" not in mine and admiral is not None:
            mine["wizard_ship"] = f"{prefix}{admiral + 1}"
    out["sides"] = sides
    for key, mine_now in (("ships", ships), ("monsters", monsters), ("flyers", flyers)):
        kept = [dict(e) for e in out.get(key, []) if e.get("side") != side]
        out[key] = kept + mine_now
    options = dict(out.get("options", {}))
    options["placement"] = "rules"
    options["points"] = max(int(options.get("points", 1000)), ManOWarFleetBook().total(fleet))
    if int(fleet.setting("cards", "0") or 0):
        options["mow_cards"] = True
    out["options"] = options
    return out


FLEET_BOOK = ManOWarFleetBook()


def scenario_fleets(raw: Mapping[str, Any], source: str, base: Path | None) -> dict[str, Any]:
    """A scenario's ``[[fleets]]`` in place of their sides' forces (``engine/fleet_book.py``:
    ``scenario_fleets``), checked by this fleet book; errors one :class:`ScenarioError` line."""
    from ahoy_tui.rules.man_o_war.scenario import ScenarioError

    try:
        return fleet_book.scenario_fleets(raw, source, base, FLEET_BOOK)
    except fleet_book.FleetBookError as exc:
        raise ScenarioError(str(exc)) from None
