"""Man O' War scenarios: TOML files that set the table, the sides, their fleets and the
terrain (docs/scenarios.md documents the format).

A fleet is checked as the Setup rules buy one: within the points (1,000 by default), each ship
a Man O' War, an Independent, or one of a squadron of exactly three Ships of the Line of one
template with one flagship, at least one Man O' War, and the Admiral on a Man O' War. Ships are
placed within 9" of their side's table edge and 9" from the north and south edges. The wind is
rolled ("on 2, 4 or 6 the wind is blowing North; otherwise South") unless the scenario sets it.
Any problem is one :class:`ScenarioError` line naming the file and the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ahoy_tui.engine.dice import Dice, Rng
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import HEADINGS, overlap
from ahoy_tui.engine.ruleset import ScenarioInfo
from ahoy_tui.rules.man_o_war.bestiary import bestiary
from ahoy_tui.rules.man_o_war.fleet_cards import deal, deck
from ahoy_tui.rules.man_o_war.magic import muster
from ahoy_tui.rules.man_o_war.model import (
    COMPASS,
    Creature,
    Flyer,
    MowState,
    Ship,
    Table,
    Terrain,
    Wizard,
    new_ship,
)
from ahoy_tui.rules.man_o_war.spellbook import spellbook
from ahoy_tui.rules.man_o_war.table import outline, terrain_outline
from ahoy_tui.rules.man_o_war.tables import DataError, tables
from ahoy_tui.rules.scenario_files import Scenario, builtin_infos, raw_scenario
from ahoy_tui.rules.scenario_shape import (
    FLAG,
    NUMBER,
    TEXT,
    WHOLE,
    Either,
    Fields,
    List,
    check_shape,
)

RULESET_ID = "man-o-war"
PACKAGE = "ahoy_tui.rules.man_o_war"
BUILTIN = ("empire_bretonnia", "dwarfs_orcs", "elves", "sorcery", "leviathans", "eyries",
           "learn")
MAX_TABLE = 240
MAX_SHIPS = 30
SETUP = "Setup"


class ScenarioError(ValueError):
    """A scenario that cannot be played, in one line naming the file and the key."""


# The kinds of the fields (docs/scenarios.md), checked before any is read. A house rule is
# true or false, or words for them ("yes").
HOUSE = Either((FLAG, TEXT), "true or false")
SHAPE = Fields({
    "name": TEXT, "title": TEXT, "description": TEXT,
    "table": Fields({"width": NUMBER, "height": NUMBER}),
    "options": Fields({"points": WHOLE, "turn_limit": WHOLE, "wind": TEXT, "placement": TEXT,
                      "mow_cards": FLAG, "deployment": FLAG, "wind_double_two": HOUSE,
                      "prize_double": HOUSE, "no_spell_first_turn": HOUSE,
                      "flyer_first": HOUSE}),
    "sides": List(Fields({"id": TEXT, "name": TEXT, "race": TEXT, "mow_cards": WHOLE,
                         "wizard": TEXT, "wizard_ship": TEXT, "college": TEXT})),
    "ships": List(Fields({"id": TEXT, "name": TEXT, "template": TEXT, "side": TEXT,
                         "heading": TEXT, "x": NUMBER, "y": NUMBER, "squadron": TEXT,
                         "admiral": FLAG, "flagship": FLAG, "anti_flyer": FLAG})),
    "terrain": List(Fields({"kind": TEXT, "id": TEXT, "x": NUMBER, "y": NUMBER,
                           "width": NUMBER, "height": NUMBER})),
    "monsters": List(Fields({"id": TEXT, "kind": TEXT, "side": TEXT, "x": NUMBER,
                            "y": NUMBER})),
    "flyers": List(Fields({"id": TEXT, "kind": TEXT, "side": TEXT, "heading": TEXT,
                          "x": NUMBER, "y": NUMBER, "squadron": TEXT})),
})


def infos() -> tuple[ScenarioInfo, ...]:
    return builtin_infos(PACKAGE, BUILTIN)


def load(name: str | None = None, path: Path | None = None,
         data: Mapping[str, Any] | None = None) -> Scenario:
    raw, source, name = raw_scenario(PACKAGE, BUILTIN, ScenarioError, name, path, data)
    if "fleets" in raw:  # fleets named by the scenario, in place of their sides' forces
        from ahoy_tui.rules.man_o_war.fleet_book import scenario_fleets

        raw = scenario_fleets(raw, source, path.parent if path is not None else None)
    scenario = Scenario(str(raw.get("name", name or "custom")), str(raw.get("title", "")),
                        str(raw.get("description", "")), raw, source)
    build(scenario, source)  # check every field now: a bad file is refused when it is opened
    return scenario


def _need(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in data:
        raise ScenarioError(f"{where}: {key} is missing")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise ScenarioError(f"{where}: {key} = {value!r} is not the right kind of value")
    return value


PLACEMENTS = ("scenario", "rules")


def placement_of(scenario: Scenario, options: Mapping[str, Any]) -> str:
    """How the fleets and terrain are set out: as the scenario places them, or by the Setup
    rules (the new-game form's choice first, then the scenario's ``placement``)."""
    chosen = str(options.get("placement") or scenario.data.get("options", {}).get(
        "placement", "scenario"))
    if chosen not in PLACEMENTS:
        raise ScenarioError(f"{scenario.source}: placement must be one of "
                            f"{', '.join(PLACEMENTS)}")
    return chosen


def build(scenario: Scenario, source: str = "scenario",
          options_given: Mapping[str, Any] | None = None) -> MowState:
    """The battle the scenario sets out, checked (before any die is rolled)."""
    raw = scenario.data
    check_shape(raw, SHAPE, source, ScenarioError)
    by_rules = placement_of(scenario, options_given or {}) == "rules"
    table = raw.get("table", {})
    width = float(table.get("width", 72))
    height = float(table.get("height", 48))
    if not (12 <= width <= MAX_TABLE and 12 <= height <= MAX_TABLE):
        raise ScenarioError(f"{source}: [table] must be 12-{MAX_TABLE} inches a side")
    options = dict(raw.get("options", {}))
    sides = raw.get("sides", [])
    if len(sides) != 2:
        raise ScenarioError(f"{source}: [[sides]] must name two sides")
    side_ids = tuple(_need(s, "id", str, f"{source} [[sides]]") for s in sides)
    if side_ids != ("p1", "p2"):
        raise ScenarioError(f"{source}: the sides are p1 and p2")
    races = tuple(_need(s, "race", str, f"{source} [[sides]]") for s in sides)
    for race in races:
        try:
            tables().race(race)
        except DataError as exc:
            raise ScenarioError(f"{source}: {exc}") from None
    ships_raw = raw.get("ships", [])
    if not 2 <= len(ships_raw) <= MAX_SHIPS:
        raise ScenarioError(f"{source}: a battle needs 2 to {MAX_SHIPS} [[ships]]")
    ships = [_ship(entry, f"{source} [[ships]] #{i + 1}", placed=not by_rules)
             for i, entry in enumerate(ships_raw)]
    ids = [s.id for s in ships]
    if len(set(ids)) != len(ids):
        raise ScenarioError(f"{source}: two ships share an id")
    terrain = tuple(_terrain(t, f"{source} [[terrain]] #{i + 1}")
                    for i, t in enumerate(raw.get("terrain", [])))
    points = int(options.get("points", tables().setup["points"]))
    wizards = tuple(w for w in (_wizard(source, side, ships) for side in sides) if w)
    creatures = tuple(_creature(entry, f"{source} [[monsters]] #{i + 1}", placed=not by_rules)
                      for i, entry in enumerate(raw.get("monsters", [])))
    flyers = tuple(_flyer(entry, f"{source} [[flyers]] #{i + 1}", placed=not by_rules)
                   for i, entry in enumerate(raw.get("flyers", [])))
    every = [*ids, *(c.id for c in creatures), *(f.id for f in flyers),
             *(f.squadron for f in flyers if f.squadron)]
    if len(set(every)) != len(ids) + len(creatures) + len(flyers) + len(
            {f.squadron for f in flyers if f.squadron}):
        raise ScenarioError(f"{source}: an id (or a flyers' squadron) is used twice")
    for side, race in zip(side_ids, races, strict=True):
        wizard = next((w for w in wizards if w.side == side), None)
        extra = spellbook().wizard(wizard.level).cost if wizard is not None else 0
        mine = [c for c in creatures if c.side == side]
        squadrons = {s.squadron for s in ships if s.side == side and s.squadron}
        if len(mine) > len(squadrons):
            raise ScenarioError(f"{source}: {side} has {len(mine)} sea monster"
                                f"{'s' if len(mine) != 1 else ''} and {len(squadrons)} "
                                "squadron(s) of Ships of the Line: never more monsters than "
                                "squadrons")
        extra += sum(bestiary().monster(c.kind).points for c in mine)
        # flyers and anti-flyer weapons: bought from the allowance, or their extra allowances
        wings = [f for f in flyers if f.side == side]
        for wing in wings:
            if bestiary().flyer(wing.kind).race != race:
                raise ScenarioError(f"{source}: the {bestiary().flyer(wing.kind).name} "
                                    f"({wing.id}) does not fly for {race}")
        book = bestiary()
        extra += max(0, sum(book.flyer(f.kind).points for f in wings) - book.flyer_allowance)
        guns = sum(1 for s in ships if s.side == side and s.anti_flyer)
        extra += max(0, guns * book.anti_flyer.cost - book.anti_flyer.allowance)
        bought = _cards_bought(source, next(s for s in sides if s["id"] == side))
        if bought and not options.get("mow_cards", True):
            raise ScenarioError(f"{source}: {side} buys Man O' War cards, but [options] "
                                "mow_cards = false plays without them")
        extra += deck().cost * bought
        _check_fleet(source, side, race, [s for s in ships if s.side == side], points, extra)
    if not by_rules:  # the rules' set-up places them itself
        _check_apart(source, ships, terrain, width, height)
        if bool(options.get("deployment", True)):
            _check_deployment(source, ships, width, height)
    limit = int(options.get("turn_limit", 0))
    chosen = {**options, **{k: v for k, v in (options_given or {}).items() if v != ""}}
    house = tuple(sorted((k, "true" if v is True or str(v).lower() in ("yes", "true", "1")
                          else "false") for k, v in chosen.items()
                         if k in ("wind_double_two", "prize_double", "no_spell_first_turn",
                                  "flyer_first")))
    return MowState(ruleset=RULESET_ID, scenario=scenario.name, rng=Rng(0, 0),
                    side_names=tuple(str(s.get("name", s["id"])) for s in sides),
                    races=races, table=Table(width, height), ships=tuple(ships),
                    terrain=terrain, turn_limit=limit, options=house,
                    honours=(0, 0), to_act=None, wizards=wizards, creatures=creatures,
                    flyers=flyers)


def _flyer(entry: Mapping[str, Any], where: str, *, placed: bool) -> Flyer:
    """A flyer (``kind`` from creatures.toml), alone or in a ``squadron``, at ``x``, ``y``
    facing ``heading`` (unless the rules' set-up places it)."""
    flyer_id = _need(entry, "id", str, where)
    kind = _need(entry, "kind", str, where)
    if kind not in bestiary().flyers:
        raise ScenarioError(f"{where}: kind must be one of {', '.join(bestiary().flyers)}")
    side = _need(entry, "side", str, where)
    if side not in ("p1", "p2"):
        raise ScenarioError(f"{where}: side must be p1 or p2")
    heading = str(entry.get("heading", "E" if side == "p1" else "W"))
    if heading not in HEADINGS:
        raise ScenarioError(f"{where}: heading must be one of {', '.join(HEADINGS)}")
    x = float(_need(entry, "x", (int, float), where)) if placed else 0.0
    y = float(_need(entry, "y", (int, float), where)) if placed else 0.0
    return Flyer(flyer_id, kind, side, x, y, HEADINGS.index(heading),
                 squadron=str(entry.get("squadron", "")), placed=placed)


def _creature(entry: Mapping[str, Any], where: str, *, placed: bool) -> Creature:
    """A sea monster's template (``kind`` from creatures.toml), placed face down at ``x``,
    ``y`` unless the rules' set-up places it."""
    creature_id = _need(entry, "id", str, where)
    kind = _need(entry, "kind", str, where)
    if kind not in bestiary().monsters:
        raise ScenarioError(f"{where}: kind must be one of {', '.join(bestiary().monsters)}")
    side = _need(entry, "side", str, where)
    if side not in ("p1", "p2"):
        raise ScenarioError(f"{where}: side must be p1 or p2")
    x = float(_need(entry, "x", (int, float), where)) if placed else 0.0
    y = float(_need(entry, "y", (int, float), where)) if placed else 0.0
    heading = 6 if side == "p1" else 2  # its arrow points toward its owner
    return Creature(creature_id, kind, side, x, y, heading, placed=placed)


def _cards_bought(source: str, side: Mapping[str, Any]) -> int:
    """How many Man O' War cards a side buys (``mow_cards``), at 25 points each."""
    count = side.get("mow_cards", 0)
    if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= 20:
        raise ScenarioError(f"{source} [[sides]] {side.get('id')}: mow_cards must be a whole "
                            "number, 0 to 20")
    return count


def _wizard(source: str, side: Mapping[str, Any], ships: list[Ship]) -> Wizard | None:
    """A side's Wizard (``wizard = "champion" | "master" | "lord"``), aboard the ship
    ``wizard_ship`` names (a Man O' War of hers) or else her Admiral's."""
    level = side.get("wizard")
    if not level:
        return None
    where = f"{source} [[sides]] {side['id']}"
    book = spellbook()
    if level not in book.wizards:
        raise ScenarioError(f"{where}: wizard must be one of {', '.join(book.wizards)}")
    if side["race"] in book.no_wizard:
        raise ScenarioError(f"{where}: {tables().race(side['race']).name} field no Wizard")
    mine = [s for s in ships if s.side == side["id"]]
    ship_id = side.get("wizard_ship") or next((s.id for s in mine if s.admiral), "")
    ship = next((s for s in mine if s.id == ship_id), None)
    if ship is None or ship.card.ship_class != "mow":
        raise ScenarioError(f"{where}: the Wizard sails in a Man O' War of his side "
                            f"({ship_id!r} is not one)")
    college = str(side.get("college", ""))
    if college and college not in book.colleges:
        raise ScenarioError(f"{where}: college must be one of {', '.join(book.colleges)}")
    return Wizard(side["id"], str(level), college, ship.id)


def _ship(entry: Mapping[str, Any], where: str, *, placed: bool = True) -> Ship:
    ship_id = _need(entry, "id", str, where)
    template = _need(entry, "template", str, where)
    try:
        card = tables().template(template)
    except DataError as exc:
        raise ScenarioError(f"{where}: {exc}") from None
    side = _need(entry, "side", str, where)
    if side not in ("p1", "p2"):
        raise ScenarioError(f"{where}: side must be p1 or p2")
    heading = _need(entry, "heading", str, where) if placed else str(entry.get("heading", "N"))
    if heading not in HEADINGS:
        raise ScenarioError(f"{where}: heading must be one of {', '.join(HEADINGS)}")
    x = float(_need(entry, "x", (int, float), where)) if placed else 0.0
    y = float(_need(entry, "y", (int, float), where)) if placed else 0.0
    squadron = str(entry.get("squadron", ""))
    if card.ship_class == "sol" and not squadron:
        raise ScenarioError(f"{where}: a Ship of the Line ({card.name}) sails in a squadron")
    if card.ship_class != "sol" and squadron:
        raise ScenarioError(f"{where}: only Ships of the Line sail in squadrons")
    admiral = bool(entry.get("admiral", False))
    if admiral and card.ship_class != "mow":
        raise ScenarioError(f"{where}: the Admiral's command ship must be a Man O' War")
    anti_flyer = bool(entry.get("anti_flyer", False))
    if anti_flyer and card.ship_class != "mow":
        raise ScenarioError(f"{where}: only a Man O' War carries an anti-flyer weapon")
    made = new_ship(ship_id, template, side, name=str(entry.get("name", "")), x=x, y=y,
                    heading=HEADINGS.index(heading), squadron=squadron, admiral=admiral,
                    flagship=bool(entry.get("flagship", False)))
    return replace(made, anti_flyer=True) if anti_flyer else made


def _terrain(entry: Mapping[str, Any], where: str) -> Terrain:
    kind = _need(entry, "kind", str, where)
    pieces = {p["kind"]: p for p in tables().terrain["pieces"]}
    if kind not in pieces:
        raise ScenarioError(f"{where}: kind must be one of {', '.join(pieces)}")
    return Terrain(str(entry.get("id", f"{kind}-{entry.get('x')}-{entry.get('y')}")), kind,
                   float(_need(entry, "x", (int, float), where)),
                   float(_need(entry, "y", (int, float), where)),
                   float(entry.get("width", pieces[kind]["width"])),
                   float(entry.get("height", pieces[kind]["height"])))


def fleet_points(ships: list[Ship]) -> int:
    return sum(s.card.points for s in ships)


def _check_fleet(source: str, side: str, race: str, ships: list[Ship], points: int,
                 wizard: int = 0) -> None:
    where = f"{source}: {side}'s fleet"
    if not ships:
        raise ScenarioError(f"{where} has no ships")
    for ship in ships:
        if ship.card.race != race:
            raise ScenarioError(f"{where}: the {ship.card.name} is not a ship of {race}")
    cost = fleet_points(ships) + wizard
    if cost > points:
        raise ScenarioError(f"{where} costs {cost} points"
                            + (f" ({wizard} of it for a Wizard, cards or monsters)"
                               if wizard else "")
                            + f", more than the {points} allowed")
    # the race's purchasing requirements, the same check as a fleet file's (fleet_book.py)
    from ahoy_tui.rules.man_o_war.fleet_book import purchasing

    squadrons = {s.squadron: s.template for s in ships if s.squadron}
    broken = purchasing(race, [*(s.template for s in ships if not s.squadron),
                               *squadrons.values()], len(squadrons), 0, points)
    if broken:
        raise ScenarioError(f"{where}: {broken[0].text} ({broken[0].rule})")
    admirals = [s for s in ships if s.admiral]
    if len(admirals) != 1:
        raise ScenarioError(f"{where} needs exactly one Admiral, on a Man O' War")
    size = int(tables().setup["squadron"])
    for squadron in sorted({s.squadron for s in ships if s.squadron}):
        members = [s for s in ships if s.squadron == squadron]
        if len(members) != size or len({s.template for s in members}) != 1:
            raise ScenarioError(f"{where}: squadron {squadron!r} must be {size} Ships of the "
                                "Line of one kind")
        if sum(s.flagship for s in members) != 1:
            raise ScenarioError(f"{where}: squadron {squadron!r} needs one flagship")
    if any(s.flagship and not s.squadron for s in ships):
        raise ScenarioError(f"{where}: only a squadron's ship carries a flagship counter")


def _check_apart(source: str, ships: list[Ship], terrain: tuple[Terrain, ...], width: float,
                 height: float) -> None:
    hulls = [(s, outline(s)) for s in ships]
    for i, (a, hull_a) in enumerate(hulls):
        if not all(0 <= x <= width and 0 <= y <= height for x, y in hull_a):
            raise ScenarioError(f"{source}: the {a.name} ({a.id}) is not wholly on the table")
        for b, hull_b in hulls[i + 1:]:
            if overlap(hull_a, hull_b):
                raise ScenarioError(f"{source}: the {a.name} and the {b.name} overlap")
        for piece in terrain:
            if overlap(hull_a, terrain_outline(piece)):
                raise ScenarioError(f"{source}: the {a.name} sits on the {piece.kind}")


def _check_deployment(source: str, ships: list[Ship], width: float, height: float) -> None:
    """Setup: within 9" of one's own table edge (p1 west, p2 east) and 9" from north and
    south."""
    edge = float(tables().setup["edge"])
    north_south = float(tables().setup["north_south"])
    for ship in ships:
        xs = [p[0] for p in outline(ship)]
        ys = [p[1] for p in outline(ship)]
        own = max(xs) <= edge if ship.side == "p1" else min(xs) >= width - edge
        clear = min(ys) >= north_south and max(ys) <= height - north_south
        if not (own and clear):
            raise ScenarioError(f"{source}: the {ship.name} ({ship.id}) must be placed within "
                                f"{edge:g}\" of her side's edge and {north_south:g}\" from the "
                                "north and south edges")


def roll_wind(state: MowState, dice: Dice, wind: str, source: str) -> MowState:
    """"On 2, 4 or 6 the wind is blowing North; otherwise South" (or as the scenario sets)."""
    if wind == "roll":
        roll = dice.d6("which way the wind blows", SETUP)
        point = "N" if roll % 2 == 0 else "S"
        dice.judge(f"blowing {point}")
    else:
        if wind not in COMPASS:
            raise ScenarioError(f"{source}: [options] wind must be 'roll' or a compass point")
        point = wind
    dice.events.append(Happened("wind", f"The wind is blowing {point}", SETUP, big=True))
    return replace(state, wind=COMPASS.index(point))


def cards_dealt(scenario: Scenario, options: Mapping[str, Any]) -> bool:
    """Whether Man O' War cards are dealt: the new-game form's choice, else the scenario's
    ``mow_cards`` option (dealt unless it says false)."""
    chosen = options.get("mow_cards", "")
    if chosen not in ("", None):
        return chosen is True or str(chosen).lower() in ("yes", "true", "1")
    return bool(scenario.data.get("options", {}).get("mow_cards", True))


def setup(scenario: Scenario, seed: int,
          options: Mapping[str, Any]) -> tuple[MowState, list[Event]]:
    from ahoy_tui.rules.man_o_war import setup as by_the_rules
    from ahoy_tui.rules.man_o_war.flow import flow

    state = build(scenario, scenario.source, options)
    events: list[Event] = []
    dice = Dice(Rng(seed, 0), events)
    wind = str(options.get("wind") or scenario.data.get("options", {}).get("wind", "roll"))
    if wind != "roll" and wind not in COMPASS:
        raise ScenarioError(f"{scenario.source}: [options] wind must be 'roll' or a compass "
                            "point")
    if placement_of(scenario, options) == "rules":
        # terrain first, then the wind, then the set-up roll (Setup, in the rules' order)
        state = replace(state, options=(*state.options, ("wind", wind)))
        state = by_the_rules.begin(state, dice)
    else:
        state = roll_wind(state, dice, wind, scenario.source)
    if cards_dealt(scenario, options):
        state = deal(state, dice, {str(s["id"]): _cards_bought(scenario.source, s)
                                   for s in scenario.data.get("sides", [])})
    state = muster(state, dice)
    state = flow(replace(state, rng=dice.rng), dice)
    return replace(state, rng=dice.rng), events
