"""What a screen shows of a Man O' War battle: the table as a scene (hulls, wreckage, terrain,
the range template laid from the ship acting, a planned move), and each ship's template card
as the players know it: hit locations in their bands with the d6 numbers, boxes with damage
and Blaze markers, saves, crew counters, the Below the Waterline track, batteries, counters.

Nothing here applies a rule; it reads the state and the rules tables.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

from attrs import frozen

from ahoy_tui.engine.geometry import UNIT, contains, heading_name, nearest_point
from ahoy_tui.rules.man_o_war import fleet_cards, flow, flyers, movement, shooting
from ahoy_tui.rules.man_o_war.actions import Advance, Fire, Turn, TurnOnTheSpot
from ahoy_tui.rules.man_o_war.creatures import body, monster, name, template, wounds_left
from ahoy_tui.rules.man_o_war.model import COMPASS, Creature, Flyer, MowState, Ship
from ahoy_tui.rules.man_o_war.spellbook import spellbook
from ahoy_tui.rules.man_o_war.table import (
    aim_line,
    firing_point,
    in_arc,
    marker_outline,
    outline,
    terrain_outline,
    wind_astern,
)
from ahoy_tui.rules.man_o_war.tables import RANGE_BANDS, tables
from ahoy_tui.rules.man_o_war.wizards import aboard
from ahoy_tui.rules.scene import (
    HullShape,
    LineShape,
    Mark,
    Measure,
    Scene,
    TerrainShape,
    short_labels,
)

_TERRAIN = {"rocks": "rocks", "sandbank": "sandbank", "island": "land"}


@frozen
class LocationRow:
    """A row of the template card: the d6 scores, band, name, boxes and markers, save, text."""

    numbers: str
    band: str
    name: str
    boxes: int
    damaged: int
    blazing: int
    save: int
    text: str


@frozen
class BatteryRow:
    arc: str
    weapon: str
    left: int
    count: int
    fired: str  # "" | "fired" | "port fired" | "starboard fired"


@frozen
class CardFace:
    """A card as it reads: its face (name, colour or symbol, numbers) and what it does."""

    face: str
    effect: str = ""


@frozen
class TemplateCard:
    ship: str
    name: str
    label: str
    side: str
    side_name: str
    template: str
    ship_class: str
    where: str  # "at sea", "sunk", "left the battle"
    crew: int
    crew_max: int
    btw: int
    btw_boxes: int
    btw_save: int
    speed: str
    heading: str
    locations: tuple[LocationRow, ...]
    batteries: tuple[BatteryRow, ...]
    flags: tuple[str, ...]
    split: bool
    wizard: str = ""  # the Wizard aboard: "Wizard Champion, Jade (green)"
    hand: tuple[CardFace, ...] = ()  # his Magic cards ("a card, face down" if hidden)
    spells: tuple[str, ...] = ()  # the lasting spells on her
    mow_cards: tuple[CardFace, ...] = ()  # her Man O' War cards


@frozen
class MonsterCard:
    """A sea monster's template card: its Wound track, move, save and special attack; a
    template face down shows only that it is one (and whose)."""

    ship: str  # its id (the cards panel selects by it)
    name: str
    label: str
    side: str
    side_name: str
    where: str  # "face down", "rising", "on the surface", "submerged", "in its lair", "dead"
    wounds: int = 0  # wounds left
    wounds_max: int = 0
    move: str = ""
    save: int = 0
    special: str = ""
    text: str = ""
    points: int = 0
    what: str = "sea monster"  # or "flyer"


CLASS_NAMES = {"mow": "Man O' War", "sol": "Ship of the Line", "ind": "Independent"}


MINOR_WORDS = frozenset({"of", "the", "de", "du", "la", "le", "les", "des", "von", "a"})


def label_name(name: str) -> str:
    """A name as its label is made from: the small words left out, so the Wolf of Nuln, of
    Talabheim and of Altdorf are WN, WT and WA, not WO, Wl and Wf."""
    words = name.split()
    kept = [w for w in words[1:] if w.casefold() not in MINOR_WORDS]
    return " ".join(words[:1] + kept) if words else name


def labels(state: MowState) -> dict[str, str]:
    return short_labels([(s.id, label_name(s.name)) for s in state.ships]
                        + [(c.id, name(c) if c.where != "template" or c.kind else "Monster")
                           for c in state.creatures]
                        + [(f.id, flyers.name(f)) for f in state.flyers])


def card(state: MowState, ship: Ship, label: str) -> TemplateCard:
    template = ship.card
    rows = tuple(
        LocationRow("/".join(str(n) for n in loc.numbers), loc.band, loc.name, loc.boxes,
                    marks.damaged, marks.blazing, loc.save, loc.text)
        for loc, marks in zip(template.locations, ship.marks, strict=True))
    batteries = []
    for index, battery in enumerate(template.batteries):
        bits = ship.fired[index]
        if battery.arc == "broadside":
            fired = {0: "", 1: "port fired", 2: "starboard fired", 3: "fired"}[bits]
        else:
            fired = "fired" if bits else ""
        batteries.append(BatteryRow(battery.arc, tables().weapon(battery.weapon).name,
                                    ship.batteries_left(index), battery.count, fired))
    where = ("sunk" if ship.sunk else "left the battle" if ship.left_table else "at sea")
    flags = [word for word, on in (
        ("Admiral", ship.admiral), ("flagship", ship.flagship),
        ("straggler", ship.straggler), ("aground", ship.aground),
        ("ABANDONED", ship.abandoned), ("no movement", ship.no_movement),
        ("no firing", ship.no_firing), ("no sail", ship.no_sail), ("no oars", ship.no_oars),
        ("no ram", ship.no_ram), ("unable to move", ship.immobile),
        (f"prize of {_side_name(state, ship.captured_by)}",
         bool(ship.captured_by) and ship.captured_by != ship.side),
        ("to be scuttled", ship.scuttle), ("activated", ship.activated and not ship.sunk),
        ("anti-flyer weapon" + (" (fired)" if ship.anti_flyer_fired else ""), ship.anti_flyer),
    ) if on]
    wizard, hand = wizard_lines(state, ship)
    book = spellbook()
    spells = tuple(f"{book.spell(s.card).name} ({'this turn' if s.until else 'until dispelled'})"
                   for s in state.in_play if s.target == ship.id)
    return TemplateCard(
        ship.id, ship.name, label, ship.side, _side_name(state, ship.side), template.name,
        CLASS_NAMES[template.ship_class], where, ship.crew,
        template.crew + fleet_cards.bonus(ship, "crew"), ship.btw,
        template.btw.boxes, template.btw.save, speed_words(state, ship),
        heading_name(ship.heading), rows, tuple(batteries), tuple(flags), template.split,
        wizard, hand, spells, tuple(card_line(c) for c in ship.cards))


def card_line(card_id: str) -> CardFace:
    """A Man O' War card as it reads: its name, its symbol, what it does."""
    book = fleet_cards.deck()
    card = book.card(card_id)
    return CardFace(f"{card.name} ({book.symbols[card.symbol]})", card.text)


def spell_line(card: str) -> CardFace:
    """A Magic card as its face reads: name, colour, casting number, what it dispels, what it
    does."""
    if not card:
        return CardFace("a card, face down")
    book = spellbook()
    spell = book.spell(card)
    colours = "any colour" if set(spell.dispels) >= set(book.colleges) else \
        "/".join(book.college(c).colour for c in spell.dispels)
    colour = book.college(spell.college).colour
    face = (f"{spell.name} · {colour} {spell.cast}+ · dispels {colours}" if spell.castable
            else f"{spell.name} · {colour} · only dispels, {colours}, on {spell.cast}+")
    return CardFace(face, spell.text)


def wizard_lines(state: MowState, ship: Ship) -> tuple[str, tuple[CardFace, ...]]:
    """The Wizard aboard her, and his hand as its owner (or anyone else) may see it."""
    wizard = aboard(state, ship.id)
    if wizard is None:
        return "", ()
    book = spellbook()
    level = book.wizard(wizard.level)
    college = book.college(wizard.college) if wizard.college else None
    words = level.name + (f", {college.name} ({college.colour})" if college else "")
    if wizard.rerolled:
        words += ", re-roll used"
    return words, tuple(spell_line(c) for c in wizard.hand)


def cards(state: MowState) -> tuple[TemplateCard | MonsterCard, ...]:
    named = labels(state)
    ships: tuple[TemplateCard | MonsterCard, ...] = tuple(
        card(state, ship, named[ship.id]) for ship in state.ships)
    return ships + tuple(monster_card(state, c, named[c.id]) for c in state.creatures
                         if c.placed) + tuple(flyer_card(state, f, named[f.id])
                                              for f in state.flyers if f.placed)


def flyer_card(state: MowState, flyer: Flyer, label: str) -> MonsterCard:
    card = flyers.template(flyer)
    rider = " (its Rider 6, " + f"{card.rider_save}+)" if card.rider else ""
    return MonsterCard(flyer.id, card.name, label, flyer.side, _side_name(state, flyer.side),
                       "flying" if flyer.aloft else "down", flyers.wounds_left(flyer),
                       card.wounds, f"{card.move:g}", card.beast_save,
                       card.bomb_name + rider, card.text, card.points, "flyer")


WHERE = {"template": "face down", "rising": "rising", "surfaced": "on the surface",
         "submerged": "submerged", "lair": "in its lair", "dead": "dead"}


def monster_card(state: MowState, creature: Creature, label: str) -> MonsterCard:
    where = WHERE[creature.where]
    side_name = _side_name(state, creature.side)
    if not creature.kind:  # the enemy's template, face down: which monster is his secret
        return MonsterCard(creature.id, "Sea monster", label, creature.side, side_name, where)
    beast = monster(creature)
    return MonsterCard(creature.id, beast.name, label, creature.side, side_name, where,
                       wounds_left(creature), beast.wounds, beast.move, beast.save,
                       beast.special_name, beast.text, beast.points)


def speed_words(state: MowState, ship: Ship) -> str:
    words = []
    for means in movement.means_of(ship):
        inches = movement.speed(state, ship, means)
        if means == "sail" and wind_astern(state, ship.heading) and ship.card.move.astern:
            words.append(f"sail {inches:g}\" (wind astern)")
        elif means == "oars" and ship.card.move.ramming:
            words.append(f"oars {inches:g}\" ({movement.speed(state, ship, 'oars', 'ramming'):g}"
                         "\" ramming)")
        else:
            words.append(f"{means} {inches:g}\"")
    return ", ".join(words) or "cannot move"


def _side_name(state: MowState, side: str) -> str:
    return state.side_names[state.side_index(side)] if side in state.sides else side


def wind_words(state: MowState) -> str:
    return f"wind blowing {COMPASS[state.wind]}"


# --- the table ---------------------------------------------------------------------------------

def _hull(ship: Ship, label: str, *, ghost: bool = False) -> HullShape:
    poly = outline(ship)
    dx, dy = UNIT[ship.heading % 8]
    reach = ship.card.length / 2
    bow = (ship.x + dx * reach * 0.8, ship.y + dy * reach * 0.8)
    return HullShape(ship.id, ship.name, ship.side, poly, bow, ship.heading, (ship.x, ship.y),
                     ship.blazes, ship.aground, bool(ship.captured_by) or ship.abandoned,
                     ship.btw * 2 > ship.card.btw.boxes, bool(ship.captured_by), label=label,
                     ghost=ghost, along=True)


def _monster_shape(creature: Creature, label: str) -> HullShape:
    """A sea monster drawn like a hull in its side's colour, its head the bow; submerged, only
    a faint counter."""
    poly = body(creature)
    dx, dy = UNIT[creature.heading % 8]
    reach = monster(creature).length / 2
    head = (creature.x + dx * reach * 0.8, creature.y + dy * reach * 0.8)
    beast = monster(creature)
    return HullShape(creature.id, beast.name, creature.side, poly, head, creature.heading,
                     (creature.x, creature.y), 0, False, False,
                     wounds_left(creature) * 2 <= beast.wounds, False, label=label,
                     ghost=creature.where == "submerged", fill="≈")


def _flyer_shape(flyer: Flyer, label: str) -> HullShape:
    """A flyer drawn in its side's colour, its head the bow."""
    poly = flyers.body(flyer)
    dx, dy = UNIT[flyer.heading % 8]
    card = flyers.template(flyer)
    head = (flyer.x + dx * card.length * 0.4, flyer.y + dy * card.length * 0.4)
    return HullShape(flyer.id, card.name, flyer.side, poly, head, flyer.heading,
                     (flyer.x, flyer.y), 0, False, False,
                     flyers.wounds_left(flyer) * 2 <= card.wounds, False, label=label,
                     fill="^")


def scene(state: MowState, selected: str | None = None, *, preview: int | None = None,
          preview_action: Any = None, **_: Any) -> Scene:
    """The table now: hulls, wreckage and debris, terrain; for the ship acting, how far her
    move would take her (``preview`` inches) or the range template of a shot being chosen."""
    named = labels(state)
    hulls = [_hull(s, named[s.id]) for s in state.ships if s.afloat]
    terrain = [TerrainShape(_TERRAIN[t.kind], terrain_outline(t), t.kind.capitalize())
               for t in state.terrain]
    terrain += [TerrainShape("wreck", marker_outline(m), m.kind.capitalize())
                for m in state.markers]
    terrain += [TerrainShape("template", template(c), "Lair" if c.where == "lair" else
                             "Sea monster") for c in state.creatures
                if c.placed and c.face_down]
    hulls += [_monster_shape(c, named[c.id]) for c in state.creatures if c.on_table]
    hulls += [_flyer_shape(f, named[f.id]) for f in state.flyers if f.aloft and f.placed]
    lines: list[LineShape] = []
    acting = state.ship(state.current) if state.current else None
    if acting is not None and state.move is not None and state.move.remaining > 1e-9:
        inches = state.move.remaining
        heading = acting.heading if not state.move.backwards else (acting.heading + 4) % 8
        highlight = float(preview) if preview else 0.0
        if isinstance(preview_action, Advance):
            highlight = float(preview_action.inches)
        lines.append(LineShape("move", (acting.x, acting.y), heading, inches,
                               tuple(Mark(float(n), str(n)) for n in range(2, int(inches) + 1,
                                                                            2)),
                               highlight=highlight, ship=acting.id))
    if acting is not None and state.move is not None and isinstance(
            preview_action, (Turn, TurnOnTheSpot)):
        turned = turning_template(state, acting, preview_action, named[acting.id])
        if turned is not None:
            hulls.insert(0, turned[0])
            lines.append(turned[1])
    if acting is not None and state.stage == "fire":
        lines.extend(range_templates(state, acting, preview_action))
    return Scene(state.table.width, state.table.height, state.wind, COMPASS[state.wind],
                 tuple(hulls), tuple(lines), (), terrain=tuple(terrain))


def turning_template(state: MowState, ship: Ship, action: Turn | TurnOnTheSpot,
                     label: str) -> tuple[HullShape, LineShape] | None:
    """A planned turn on the map before it is taken: the Turning Template's sweep, her bow's
    path from her heading to the new one about her centre (marked with the way she turns), and
    her hull as it will lie, a ghost."""
    from ahoy_tui.engine.dice import Dice

    if action.side not in ("port", "starboard"):
        return None
    move = state.move
    if move is None:
        return None
    if isinstance(action, Turn):
        after = movement.turn(state, Dice(state.rng, []), action.side)
    else:
        after = movement.turn_on_the_spot(state, Dice(state.rng, []), action.side,
                                          action.degrees)
    moved = after.ship(ship.id)
    reach = ship.card.length / 2
    start = math.atan2(*reversed(UNIT[ship.heading % 8]))
    steps = (moved.heading - ship.heading) % 8
    if action.side == "port":
        steps -= 8
    sweep = steps * math.pi / 4
    points = tuple((ship.x + reach * math.cos(start + sweep * i / 8),
                    ship.y + reach * math.sin(start + sweep * i / 8)) for i in range(9))
    length = sum(math.dist(a, b) for a, b in itertools.pairwise(points))
    arrow = "↻" if action.side == "starboard" else "↺"
    line = LineShape("move", points[0], ship.heading, length, (Mark(length, arrow),),
                     highlight=length, ship=ship.id, path=points)
    return _hull(moved, label, ghost=True), line


def range_templates(state: MowState, ship: Ship, chosen: Any = None) -> list[LineShape]:
    """The range template laid from her to each target she may fire at (the one chosen
    highlighted), its bands marked."""
    out = []
    bands = tables().bands
    for side, target_id in shooting.targets(state, ship):
        if isinstance(chosen, Fire) and (chosen.side, chosen.target) != (side, target_id):
            continue
        line = aim_line(ship, side, shooting.target_outline(state, target_id))
        if line is None:
            continue
        origin, point, reach = line
        dx, dy = point[0] - origin[0], point[1] - origin[1]
        length = math.hypot(dx, dy) or 1.0
        marks = tuple(Mark(bands[b], b[0].upper()) for b in RANGE_BANDS
                      if bands[b] < reach - 1e-9)
        out.append(LineShape("fire", origin, ship.heading, reach, marks,
                             highlight=reach if isinstance(chosen, Fire) else 0.0,
                             ship=ship.id, gun=side, direction=(dx / length, dy / length)))
    return out


# --- the tape measure (the range template) -----------------------------------------------

def tape_origins(state: MowState, ship_id: str) -> tuple[tuple[str | None, str], ...]:
    """Where the range template may be laid from: her bow, stern and sides."""
    ship = state.ship(ship_id)
    return ((None, ship.name), *((side, f"{ship.name}'s {side}")
                                 for side in ("fore", "port", "starboard", "aft")))


def ship_at(state: MowState, x: float, y: float) -> str:
    for ship in state.ships:
        if ship.afloat and contains(outline(ship), (x, y)):
            return ship.id
    return ""


def measure(state: MowState, ship_id: str, side: str | None,
            point: tuple[float, float]) -> Measure:
    """The range template from her (bow, stern or side) to a point or the ship there: its
    length, its band, whether it lies in that side's arc, how many of that side's batteries
    reach into the band, and what lies first under the template on the way (a ship, a wreck, an
    island: what a shot there would strike)."""
    ship = state.ship(ship_id)
    target_id = ship_at(state, *point)
    target = state.ship(target_id) if target_id and target_id != ship.id else None
    origin = firing_point(ship, side) if side else (ship.x, ship.y)
    end = nearest_point(outline(target), origin) if target is not None else point
    inches = math.dist(origin, end)
    band = tables().band(inches)
    to = f"to the {target.name}" if target is not None else "to here"
    words = [f"{inches:.1f}\" {to}", f"{band} range" if band else "beyond long range"]
    in_line: bool | None = None
    if side:
        in_line = in_arc(ship, side, end, origin)
        words.append(f"in her {side} arc" if in_line else f"outside her {side} arc")
        if in_line and band:
            reach = shooting.batteries_reaching(ship, side, band)
            words.append(f"{reach} batter{'y' if reach == 1 else 'ies'} reach")
        if in_line:
            words.append(_in_the_way(state, ship, origin, _within_template(origin, end),
                                     target))
    return Measure(origin, end, round(inches, 2), " · ".join(words),
                   target.id if target is not None else "", in_line)


def _within_template(origin: tuple[float, float],
                     end: tuple[float, float]) -> tuple[float, float]:
    """The tape's end, or the template's own end where the tape runs past long range: nothing
    beyond the template's length lies under it."""
    reach = tables().bands[RANGE_BANDS[-1]]
    length = math.dist(origin, end)
    if length <= reach:
        return end
    t = reach / length
    return (origin[0] + (end[0] - origin[0]) * t, origin[1] + (end[1] - origin[1]) * t)


def _in_the_way(state: MowState, ship: Ship, origin: tuple[float, float],
                end: tuple[float, float], target: Ship | None) -> str:
    """What a shot along the tape would strike short of its end (a shot hits the first
    obstacle under the template)."""
    target_id = target.id if target is not None else ""
    struck, what = shooting.struck_under_template(state, ship, origin, end, target_id)
    if struck and struck != target_id:
        return "first under the template: " + shooting.blocker_words(state, ship, struck)
    if not struck and what:
        return f"first under the template: {what}"
    return "nothing in the way"


def unit_words(state: MowState, unit: str) -> str:
    return flow.unit_name(state, unit)
