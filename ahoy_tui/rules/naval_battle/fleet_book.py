"""Buy your fleet: Naval Battle Rules' fleet book (the ruleset's ``fleet_book``).

A ship is bought by her race (the Ships chart) and her size in action points; she takes one
modification, paid for in chits (Ship Types); her crew is her race's, or mixed as the Crews chart
allows, with the specialists bought chit for chit (Specialists); her guns are the war machines
of her race, at the bow, the stern and on each broadside (Ship's guns). A Dark Elf or Lizard ship
may be pulled by a creature with up to two modifications of each kind (Creatures). Each ship is
checked by the scenario's own rules (``scenario._ship``): a fleet file and a scenario file are
held to the same; the fleet's action points, the races' guns and the other limits are the
project's own (``data/fleet_book.toml``, A51).
"""

from __future__ import annotations

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
from ahoy_tui.rules.naval_battle.tables import tables
from ahoy_tui.rules.tabledata import read_toml

SHIP_TYPES = "Ship Types"
CREWS = "Ship's Crews"
GUNS = "Ship's guns"
CREATURES = "Creatures"
RULESET_ID = "naval-battle"
SPECIALISTS = ("marine", "sharp_shooter", "sailor", "cabin_boy", "master_gunner")
MAX_SHIPS = 6  # a side's ships, so that two fleets fit a battle's 12


@cache
def _data() -> dict[str, Any]:
    return read_toml("ahoy_tui.rules.naval_battle", "fleet_book.toml")


def _number_choices(values: range | list[int], unit: str = "") -> tuple[tuple[str, str], ...]:
    return tuple((f"{n}{unit}", str(n)) for n in values)


@cache
def _catalogue() -> tuple[Entry, ...]:
    rules = tables()
    data = _data()
    sizes = _number_choices(data["sizes"], " action points")
    ship_mods = (("No modification", ""), *((m.name, key) for key, m in
                                            rules.modifications.items()))
    creature_mods = (("None", ""), *((m.name, key) for key, m in rules.modifications.items()
                                     if not m.ships_only))
    specialists = _number_choices(range(int(data["max_specialists"]) + 1))
    out: list[Entry] = []
    for race, kind in rules.ship_types.items():
        guns = (("None", ""), *((rules.gun(g).name, g) for g in data["guns"].get(race, ())))
        mixed = tuple((f"{kind.name} and {rules.races[m].name}", m)
                      for m in data["mixed"].get(race, ()) if m in rules.races)
        fields = [Field("size", "Size", sizes, data["default_size"])]
        fields.append(Field("modification", "Modification", ship_mods, ""))
        if mixed:
            fields.append(Field("mixed", "Crew", ((f"{kind.name} only", ""), *mixed), ""))
        fields += [Field(s, f"{rules.specialists[s].name}s", specialists, "0")
                   for s in SPECIALISTS if s in rules.specialists]
        fields += [Field("bow", "Bow gun", guns, ""), Field("stern", "Stern gun", guns, ""),
                   Field("broadside", "Broadside guns", guns, ""),
                   Field("broadside_count", "Guns a side",
                         _number_choices(range(int(data["max_broadside"]) + 1)), "1")]
        card = (f"Speed {kind.speed} · maneuver {kind.maneuverability} · armour "
                f"{kind.armour}+", f"Crew: {rules.races[race].abilities}"
                if race in rules.races else "")
        least = min(int(n) for n in data["sizes"])
        out.append(Entry(race, f"{kind.name} ship", "ship", least, card, fields=tuple(fields)))
        if kind.creatures:
            creature = [Field("creature_1", "Creature's 1st", creature_mods, ""),
                        Field("creature_2", "Creature's 2nd", creature_mods, "")]
            out.append(Entry(f"{race}_creature", f"{kind.name} creature ship", "creature", least,
                             (*card, "Pulled by a creature: half her action points are its"),
                             fields=(fields[0], *fields[2:], *creature)))
    return tuple(out)


def ship_entry(entry: Entry, pick: Pick, side: str, ship_id: str, x: float, y: float,
               heading: str) -> dict[str, Any]:
    """The scenario's ``[[ships]]`` entry for one bought ship."""
    rules = tables()
    race = entry.key.removesuffix("_creature")
    size = int(pick.option(entry, "size") or 0)
    chits = size
    out: dict[str, Any] = {"id": ship_id, "name": f"{rules.ship_type(race).name} {ship_id}",
                           "side": side, "race": race, "size": size, "x": x, "y": y,
                           "heading": heading}
    if entry.kind == "creature":
        mods = [m for m in (pick.option(entry, "creature_1"), pick.option(entry, "creature_2"))
                if m]
        out["creature"] = {"name": "creature", "modifications": mods}
        chits = size - rules.creatures.share(size)
    else:
        mod = pick.option(entry, "modification")
        if mod:
            out["modification"] = mod
            if mod in rules.modifications:
                chits -= rules.modification(mod).cost(size)
    crew = {s: int(pick.option(entry, s) or 0) for s in SPECIALISTS}
    crew = {s: n for s, n in crew.items() if n}
    left = chits - sum(crew.values())
    mixed = pick.option(entry, "mixed")
    if mixed:
        crew[mixed] = max(0, left) // 2
        crew[race] = left - crew[mixed]
    else:
        crew[race] = left
    out["crew"] = crew
    guns = []
    for bearing in ("bow", "stern"):
        if pick.option(entry, bearing):
            guns.append({"id": f"{bearing}-gun", "type": pick.option(entry, bearing),
                         "bearing": bearing})
    broadside = pick.option(entry, "broadside")
    if broadside:
        for n in range(int(pick.option(entry, "broadside_count") or 0)):
            for bearing in ("port", "starboard"):
                guns.append({"id": f"{bearing}-{n + 1}", "type": broadside,
                             "bearing": bearing})
    out["guns"] = guns
    return out


class NavalBattleFleetBook(OneTotalBook):
    """What the fleet screen, ``ahoy fleets`` and ``--fleet`` ask of Naval Battle Rules."""

    ruleset = RULESET_ID
    total_key = "points"
    fallback = 100

    title = "Naval Battle Rules"
    unit = "action points"
    kinds = (("ship", "by race and size"), ("creature", "pulled by a creature"))

    @property
    def default_total(self) -> int:
        return int(_data()["default_points"])

    def settings(self, fleet: Fleet) -> tuple[Setting, ...]:
        return (Setting("points", "Action points", _number_choices(_data()["points"],
                                                                   " action points"),
                        str(_data()["default_points"])),)

    def catalogue(self, fleet: Fleet) -> tuple[Entry, ...]:
        return _catalogue()

    def note(self, fleet: Fleet) -> str:
        return ("A ship costs her size in action points; her modification and crew come out "
                "of them. Choose her size, crew and guns under the fleet.")

    def costs(self, fleet: Fleet) -> list[Cost]:
        out = []
        for pick in fleet.picks:
            entry = entry_of(_catalogue(), pick.entry)
            size = pick.option(entry, "size") if entry else ""
            if entry is not None and size.isdigit():
                out.append(Cost(entry.name, int(size)))
        return out

    def check(self, fleet: Fleet) -> list[Check]:
        from ahoy_tui.rules.naval_battle.scenario import ScenarioError, _ship

        out = base_checks(self, fleet, SHIP_TYPES,
                          {"bow": GUNS, "stern": GUNS, "broadside": GUNS, "broadside_count": GUNS,
                           "mixed": CREWS, "creature_1": CREATURES, "creature_2": CREATURES,
                           **dict.fromkeys(SPECIALISTS, "Specialists")})
        if not fleet.picks:
            out.append(Check(SHIP_TYPES, "no ships yet: buy a ship"))
        if len(fleet.picks) > MAX_SHIPS:
            out.append(Check(SHIP_TYPES, f"at most {MAX_SHIPS} ships a side"))
        for index, pick in enumerate(fleet.picks):
            entry = entry_of(_catalogue(), pick.entry)
            if entry is None or any(c.pick == index for c in out):
                continue
            ship = ship_entry(entry, pick, "p1", f"ship{index + 1}", 48.0, 30.0, "E")
            race = ship["race"]
            if ship["crew"].get(race, 0) < 1:
                out.append(Check(CREWS, f"ship {index + 1}: her specialists leave no "
                                        f"{tables().races[race].name} crew to sail her",
                                 pick=index))
                continue
            try:
                _ship(ship, f"ship {index + 1}", 96.0, 60.0)
            except ScenarioError as exc:
                text = str(exc).split(": ", 1)[-1]
                rule = CREATURES if entry.kind == "creature" else SHIP_TYPES
                out.append(Check(rule, f"ship {index + 1}: {text}", pick=index))
        return out

    def with_fleet(self, data: Mapping[str, Any], side: str, fleet: Fleet) -> dict[str, Any]:
        return with_fleet(data, side, fleet)


def with_fleet(data: Mapping[str, Any], side: str, fleet: Fleet) -> dict[str, Any]:
    """Scenario data with ``fleet`` in place of ``side``'s ships, set out in line abreast along
    that side's edge (p1 the west, p2 the east), their bows toward the enemy (the project's own:
    the seed sets no fleet out, A51)."""
    out = dict(data)
    table = out.get("table", {})
    width = float(table.get("width", 96))
    height = float(table.get("height", 60))
    ships = [dict(s) for s in out.get("ships", []) if s.get("side") != side]
    picks = [(entry_of(_catalogue(), p.entry), p) for p in fleet.picks]
    bought = [(e, p) for e, p in picks if e is not None]
    x = 10.0 if side == "p1" else width - 10.0
    heading = "E" if side == "p1" else "W"
    for n, (entry, pick) in enumerate(bought):
        y = height * (n + 1) / (len(bought) + 1)
        ships.append(ship_entry(entry, pick, side, f"{side}-{n + 1}", x, y, heading))
    out["ships"] = ships
    sides = [dict(s) for s in out.get("sides", [])]
    for entry in sides:
        if entry.get("id") == side:
            entry["name"] = fleet.name
    out["sides"] = sides
    return out


FLEET_BOOK = NavalBattleFleetBook()
