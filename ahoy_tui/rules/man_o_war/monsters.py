"""Sea Monsters (seed "Sea Monsters"): templates placed face down, summoning, the monster's move
in dice inches, the Sea Monster Reaction table, diving, its special attack and boarding action,
and its lair.

Readings (docs/rules/man-o-war.md):

- Templates go on the table one at a time after terrain and before the fleets, the winner of
  the set-up roll first, at one of the table's 6" spots (a scenario that places its fleets
  places its templates too). The opponent sees a template, never which monster.
- Summoning is a side's activation: 4+ on a D6, plus the casting bonus of its Wizard if he is
  in the fight. The monster rises at the centre or in a quarter of its template's area, where
  it fits, and acts as an Independent from that turn: it may be activated later in the same
  Battle Phase. A failed summons ends the side's turn: nothing of it acts again this Battle
  Phase, and the other side plays out the rest.
- Its move: surface or dive, then roll its dice. A double (any two dice alike) rolls on the
  reaction table. It turns freely and swims in straight lines: toward a ship (stopping when it
  touches her) or along a compass point; on the surface it stops short of anything in its way,
  submerged it passes under ships. It never leaves the table. "Move twice" is a second swim of
  the same length; "attack twice" a second special attack and a second boarding action.
- Diving: it must swim toward an enemy ship; it may not attack that turn, and surfaces at the
  start of its next move.
- Frenzied: it surfaces and swims its whole roll at the nearest ship of its own side, and if it
  touches her makes its special attack and its boarding action on her, pressing on.
- The boarding action: D6 + its wounds left against D6 + the ship's crew, cannons bearing,
  Admiral and Marines (as in a boarding action between ships). Rounds go on while the side
  that chooses presses on; a ship with no crew left is abandoned and the fight ends.
- Its lair: removed; the opponent places its template at a 6" spot at least 2" from any ship;
  one wound heals in each End Phase it spends there, and it may be summoned again.
"""

from __future__ import annotations

import math

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import (
    UNIT,
    Point,
    Polygon,
    clean,
    compass_toward,
    distance,
    heading_name,
    nearest_point,
    overlap,
)
from ahoy_tui.rules.man_o_war import damage, fleet_cards
from ahoy_tui.rules.man_o_war.bestiary import bestiary
from ahoy_tui.rules.man_o_war.boarding import cannons_toward
from ahoy_tui.rules.man_o_war.creatures import (
    body,
    monster,
    name,
    template,
    touching_ships,
    with_creature,
    wound,
    wounds_left,
)
from ahoy_tui.rules.man_o_war.damage import say
from ahoy_tui.rules.man_o_war.model import Creature, MowState, Prowl, Ship, Struggle
from ahoy_tui.rules.man_o_war.spellbook import spellbook
from ahoy_tui.rules.man_o_war.table import (
    away_from,
    clear_run,
    marker_outline,
    outline,
    terrain_outline,
    to_edge,
)
from ahoy_tui.rules.man_o_war.tables import tables

MONSTERS = "Sea Monsters"
SUMMONING = "Sea Monsters: Summoning"
MOVEMENT = "Sea Monsters: Movement"
REACTION = "Sea Monster Reaction"
ATTACKS = "Sea Monsters: Attacks"
GRID = 6.0  # inches between the spots a template may be placed at
QUARTERS = ((0.0, 0.0), (-0.25, -0.25), (0.25, -0.25), (-0.25, 0.25), (0.25, 0.25))
REACTIONS = {1: "lair", 2: "frenzied", 3: "control", 4: "control", 5: "control", 6: "twice"}


# --- templates -------------------------------------------------------------------------------

def grid(state: MowState) -> list[Point]:
    """The spots a template may be placed at: the centres of the table's 6" squares, row by row
    from the north-west."""
    columns = max(1, int(state.table.width // GRID))
    rows = max(1, int(state.table.height // GRID))
    return [(GRID * (c + 0.5), GRID * (r + 0.5)) for r in range(rows) for c in range(columns)]


def _facing_home(state: MowState, side: str) -> int:
    """A template's arrow points toward its owner's edge."""
    edge = state.edges[state.side_index(side)] if state.edges else "west"
    return 6 if edge == "west" else 2


def template_at(state: MowState, creature: Creature, spot: int) -> Creature | None:
    """The template placed at ``spot``, or None where it does not fit: off the table, on
    terrain or another template, or (a lair) within 2" of a ship."""
    spots = grid(state)
    if not 0 <= spot < len(spots):
        return None
    x, y = spots[spot]
    placed = replace(creature, x=x, y=y, heading=_facing_home(state, creature.side),
                     placed=True)
    shape = template(placed)
    if any(not (0 <= px <= state.table.width and 0 <= py <= state.table.height)
           for px, py in shape):
        return None
    if any(overlap(shape, terrain_outline(t)) for t in state.terrain):
        return None
    if any(overlap(shape, template(c)) for c in state.creatures
           if c.id != creature.id and c.placed and c.face_down):
        return None
    if creature.where == "lair":
        clear = bestiary().lair_clearance
        if any(distance(shape, outline(s)) < clear for s in state.ships if s.afloat):
            return None
    return placed


def template_spots(state: MowState, creature_id: str) -> list[int]:
    creature = state.creature(creature_id)
    return [i for i in range(len(grid(state))) if template_at(state, creature, i) is not None]


def unplaced(state: MowState, side: str) -> list[str]:
    """The side's monsters whose templates the rules' set-up has still to place."""
    return [c.id for c in state.creatures if c.side == side and not c.placed]


def place(state: MowState, dice: Dice, creature_id: str, spot: int) -> MowState:
    """Place a template face down (at set-up, or a lair by the monster's opponent)."""
    creature = state.creature(creature_id)
    placed = template_at(state, creature, spot)
    assert placed is not None
    state = with_creature(state, placed)
    if creature.where == "lair":
        say(dice, "lair_placed", f"{state.side_name(state.placer)} place the {name(creature)}'s "
            "lair", MONSTERS, side=state.placer)
        return replace(state, placing="", placer="")
    # the set-up: the template is placed face down; nobody else learns which monster it is
    say(dice, "template_placed", f"{state.side_name(creature.side)} place a sea monster "
        "template, face down", MONSTERS, side=creature.side)
    return replace(state, active=state.other(state.active))


# --- summoning -------------------------------------------------------------------------------

def rise_at(state: MowState, creature: Creature, spot: int) -> Creature | None:
    """The monster risen at ``spot`` of its template's area, or None where it does not fit."""
    book = bestiary()
    dx, dy = QUARTERS[spot]
    ux, uy = UNIT[creature.heading % 8]
    # along the template's length (its heading) and across it
    along, across = dx * book.template_length, dy * book.template_beam
    x = creature.x + ux * along - uy * across
    y = creature.y + uy * along + ux * across
    risen = replace(creature, x=clean(x), y=clean(y), where="surfaced")
    shape = body(risen)
    if any(not (0 <= px <= state.table.width and 0 <= py <= state.table.height)
           for px, py in shape):
        return None
    if any(overlap(shape, poly) for poly in _in_the_way(state, risen, under=False)):
        return None
    return risen


def rise_spots(state: MowState, creature: Creature) -> list[int]:
    return [i for i in range(len(QUARTERS)) if rise_at(state, creature, i) is not None]


def summonable(state: MowState, side: str) -> list[str]:
    """Its monsters the side may summon now: a template on the table with room to rise (seen
    from the other side, whose view hides which monster it is, any template)."""
    return [c.id for c in state.creatures if c.side == side and c.where in ("template", "lair")
            and c.placed and not c.activated and (not c.kind or rise_spots(state, c))]


def summon_bonus(state: MowState, side: str) -> int:
    """A spellcaster adds his casting bonus: the side's Wizard, if he is in the fight."""
    wizard = state.wizard(side)
    if wizard is None or not wizard.in_the_fight:
        return 0
    return spellbook().wizard(wizard.level).bonus


def summon(state: MowState, dice: Dice, creature_id: str) -> MowState:
    """Roll to summon; risen, it waits to be placed in its template's area (``Emerge``)."""
    creature = state.creature(creature_id)
    side = creature.side
    bonus = summon_bonus(state, side)
    ok, _ = dice.need(bestiary().summon, f"{state.side_name(side)}: summoning a sea monster",
                      SUMMONING, side=side, modifier=bonus, success="it rises",
                      failure="nothing stirs")
    if not ok:
        say(dice, "summons_failed", f"The summons fails: {state.side_name(side)}'s turn is "
            "over, and play passes to the other side", SUMMONING, side=side, big=True)
        ships = tuple(replace(s, activated=True) if s.side == side and not s.activated else s
                      for s in state.ships)
        beasts = tuple(replace(c, activated=True) if c.side == side else c
                       for c in state.creatures)
        return replace(state, ships=ships, creatures=beasts)
    say(dice, "summoned", f"{state.side_name(side)} summon the {monster(creature).name}!",
        SUMMONING, side=side, ship=creature.id, big=True)
    state = with_creature(state, replace(creature, where="rising"))
    return replace(state, placing=creature_id, placer=side)


def emerge(state: MowState, dice: Dice, spot: int) -> MowState:
    creature = state.creature(state.placing)
    risen = rise_at(state, creature, spot)
    assert risen is not None
    risen = replace(risen, heading=_toward_nearest(state, risen), activated=False)
    state = with_creature(state, risen)
    say(dice, "emerged", f"The {monster(risen).name} rises from the deep; its template is "
        "taken off the table", SUMMONING, side=risen.side, ship=risen.id)
    return replace(state, placing="", placer="")


def _toward_nearest(state: MowState, creature: Creature) -> int:
    enemies = [s for s in state.ships if s.in_the_fight and s.holder != creature.side]
    if not enemies:
        return creature.heading
    target = min(enemies, key=lambda s: math.dist((s.x, s.y), (creature.x, creature.y)))
    return compass_toward((creature.x, creature.y), (target.x, target.y), creature.heading)




# --- the monster's activation ----------------------------------------------------------------

def activatable(state: MowState, side: str) -> list[str]:
    """Its monsters swimming that have not acted this Battle Phase."""
    return [c.id for c in state.creatures if c.side == side and c.on_table and not c.activated]


def activate(state: MowState, dice: Dice, creature_id: str) -> MowState:
    creature = state.creature(creature_id)
    beast = monster(creature)
    say(dice, "activate", f"{state.side_name(creature.side)} activate the {beast.name}",
        MONSTERS, side=creature.side, ship=creature.id)
    if creature.where == "submerged":  # "must surface at the start of its next move"
        creature = replace(creature, where="surfaced")
        state = with_creature(state, creature)
        say(dice, "surfaced", f"The {beast.name} surfaces", MOVEMENT, side=creature.side,
            ship=creature.id)
    return replace(state, prowl=Prowl(creature_id))


def dive_targets(state: MowState, creature: Creature) -> list[str]:
    return [s.id for s in state.ships if s.in_the_fight and s.holder != creature.side]


def set_course(state: MowState, dice: Dice, dive: bool) -> MowState:
    """Surface or dive, then roll the dice for its move (a double: the reaction table)."""
    prowl = state.prowl
    assert prowl is not None
    creature = state.creature(prowl.creature)
    beast = monster(creature)
    if dive:
        creature = replace(creature, where="submerged", dived=state.turn)
        state = with_creature(state, creature)
        say(dice, "dived", f"The {beast.name} dives: a submerged counter, immune to attack",
            MOVEMENT, side=creature.side, ship=creature.id)
    faces = dice.nd6(beast.move_dice, f"{beast.name}: movement ({beast.move} inches)",
                     MOVEMENT, side=creature.side, ship=creature.id)
    allowance = float(sum(faces))
    prowl = replace(prowl, allowance=allowance, dived=dive, stage="swim")
    state = replace(state, prowl=prowl)
    if len(set(faces)) == len(faces):
        return state
    roll = dice.d6(f"{beast.name}: Sea Monster Reaction (a double)", REACTION,
                   side=creature.side, ship=creature.id)
    result = REACTIONS[roll]
    dice.judge({"lair": "back to its lair", "frenzied": "frenzied", "control": "under control",
                "twice": "under control: twice"}[result])
    if result == "lair":
        creature = replace(state.creature(creature.id), where="lair", activated=True)
        state = with_creature(state, creature)
        other = state.other(creature.side)
        say(dice, "lair", f"The {beast.name} returns to its lair! {state.side_name(other)} "
            "place its template", REACTION, side=creature.side, ship=creature.id, big=True)
        return replace(state, prowl=replace(prowl, stage="done"), placing=creature.id,
                       placer=other)
    if result == "frenzied":
        creature = replace(state.creature(creature.id), where="surfaced", dived=0)
        state = with_creature(state, creature)
        say(dice, "frenzied", f"The {beast.name} is frenzied! It goes at full speed for the "
            "nearest ship of its own side", REACTION, side=creature.side, ship=creature.id,
            big=True)
        return replace(state, prowl=replace(prowl, frenzied=True, dived=False))
    if result == "twice":
        say(dice, "twice", f"The {beast.name} is under control, and may move twice or attack "
            "twice", REACTION, side=creature.side, ship=creature.id)
        return replace(state, prowl=replace(prowl, stage="twice"))
    say(dice, "control", f"The {beast.name} is under control", REACTION, side=creature.side,
        ship=creature.id)
    return state


def twice(state: MowState, dice: Dice, what: str) -> MowState:
    prowl = state.prowl
    assert prowl is not None
    creature = state.creature(prowl.creature)
    say(dice, "twice_chosen", f"The {monster(creature).name} will "
        + ("move twice" if what == "move" else "attack twice"), REACTION, side=creature.side,
        ship=creature.id)
    if what == "move":
        return replace(state, prowl=replace(prowl, stage="swim", swims_allowed=2))
    return replace(state, prowl=replace(prowl, stage="swim", attacks=2))


def _in_the_way(state: MowState, creature: Creature, *, under: bool,
                but: str = "") -> list[Polygon]:
    """What stops it: on the surface every ship afloat, other monster on the surface, wreckage
    and piece of terrain; submerged, only islands and rocks (it passes under ships)."""
    found: list[Polygon] = []
    if not under:
        found += [outline(s) for s in state.ships if s.afloat and s.id != but]
        found += [body(c) for c in state.creatures
                  if c.surfaced and c.id not in (creature.id, but)]
        found += [marker_outline(m) for m in state.markers if m.kind == "wreckage"]
    found += [terrain_outline(t) for t in state.terrain if t.kind != "sandbank" or not under]
    return found


def swim_to(state: MowState, creature: Creature, direction: Point, inches: float,
            target: str = "") -> tuple[Creature, float]:
    """Where a straight swim along ``direction`` ends, and how far it went: short of anything
    in its way, at the table's edge, or touching ``target``."""
    heading = compass_toward((0.0, 0.0), direction, creature.heading)
    turned = replace(creature, heading=heading)
    under = creature.where == "submerged"
    if any(overlap(body(turned), p) for p in _in_the_way(state, turned, under=under)):
        turned = creature  # no room to turn: it swims as it lies
    shape = body(turned)
    in_the_way = _in_the_way(state, turned, under=under, but=target)
    if target:  # it stops touching her
        in_the_way.append(outline(state.ship(target)))
    limit = clear_run(shape, direction, inches, in_the_way)
    # never off the table: stop where its body would cross the edge
    limit = min(limit, to_edge(state, shape, direction))
    moved = replace(turned, x=clean(turned.x + direction[0] * limit),
                    y=clean(turned.y + direction[1] * limit))
    return moved, limit




def swim_end(state: MowState, creature: Creature, allowance: float, toward: str,
             heading: int, inches: int) -> tuple[Creature, float]:
    """Where the swim ``Swim(toward, heading, inches)`` takes it, and how far it goes."""
    if toward:
        point = nearest_point(outline(state.ship(toward)), (creature.x, creature.y))
        dx, dy = point[0] - creature.x, point[1] - creature.y
        length = math.hypot(dx, dy) or 1.0
        return swim_to(state, creature, (dx / length, dy / length), allowance, toward)
    return swim_to(state, creature, UNIT[heading % 8], min(float(inches), allowance), "")


def swim(state: MowState, dice: Dice, toward: str, heading: int, inches: int) -> MowState:
    prowl = state.prowl
    assert prowl is not None
    creature = state.creature(prowl.creature)
    beast = monster(creature)
    words = f"toward the {state.ship(toward).name}" if toward else heading_name(heading % 8)
    moved, went = swim_end(state, creature, prowl.allowance, toward, heading, inches)
    state = with_creature(state, moved)
    how = "swims" if moved.where == "surfaced" else "swims submerged"
    touched = [state.ship(s).name for s in touching_ships(state, moved)]
    say(dice, "swam", f"The {beast.name} {how} {went:.1f}\" {words}"
        + (f": it touches the {', the '.join(touched)}" if touched else ""), MOVEMENT,
        side=creature.side, ship=creature.id)
    prowl = replace(prowl, swims=prowl.swims + 1)
    if prowl.swims < prowl.swims_allowed:
        return replace(state, prowl=prowl)
    return replace(state, prowl=replace(prowl, stage="attack"))


def end_swim(state: MowState) -> MowState:
    prowl = state.prowl
    assert prowl is not None
    return replace(state, prowl=replace(prowl, stage="attack"))


def swim_toward(state: MowState) -> list[str]:
    """The ships the acting monster may swim at, the enemy's first, nearest first (diving, only
    the enemy's)."""
    prowl = state.prowl
    assert prowl is not None
    creature = state.creature(prowl.creature)
    mine = body(creature)

    def near(ship_id: str) -> tuple[float, str]:
        return distance(mine, outline(state.ship(ship_id))), ship_id

    enemies = sorted(dive_targets(state, creature), key=near)
    if prowl.dived:
        return enemies
    friends = sorted((s.id for s in state.ships if s.afloat and s.id not in enemies), key=near)
    return enemies + friends


# --- attacks ---------------------------------------------------------------------------------

def victims(state: MowState) -> list[str]:
    """The ships the acting monster may attack: those it touches held by the enemy (a frenzied
    monster: its own side's). Nothing when it dived this turn."""
    prowl = state.prowl
    assert prowl is not None
    creature = state.creature(prowl.creature)
    if not creature.surfaced or prowl.dived:
        return []
    ships = [state.ship(s) for s in touching_ships(state, creature)]
    if prowl.frenzied:
        return [s.id for s in ships if s.in_the_fight and s.holder == creature.side]
    return [s.id for s in ships if s.afloat and not s.abandoned and s.holder != creature.side]


def special_attack(state: MowState, dice: Dice, target_id: str) -> MowState:
    prowl = state.prowl
    assert prowl is not None
    creature = state.creature(prowl.creature)
    beast = monster(creature)
    ship = state.ship(target_id)
    state = replace(state, prowl=replace(prowl, specials=prowl.specials + 1))
    source = f"The {beast.name}'s {beast.special_name}"
    say(dice, "special_attack", f"{source}: at the {ship.name}!", ATTACKS, side=creature.side,
        ship=creature.id, big=True)
    amount = dice.expr(beast.amount, f"{beast.name}: {beast.special_name}", ATTACKS,
                       side=creature.side, ship=creature.id)
    if beast.special == "damage":
        for _ in range(amount):
            aim = beast.aim if ship.card.split and beast.aim else damage.strike_where(
                dice, state.ship(target_id), source, ATTACKS)
            state = damage.hit_ship(state, dice, target_id, aim=aim,
                                    save_modifier=beast.special_save, source=source,
                                    by=creature.side)
            if state.ship(target_id).gone:
                break
        return state
    if beast.special == "btw":
        return damage.btw_hits(state, dice, target_id, amount, save=True, by=creature.side,
                               cause=source)
    if beast.special == "blaze":
        for _ in range(amount):
            state = damage.blaze_somewhere(state, dice, target_id, source, ATTACKS,
                                           aim=beast.aim)
        return state
    return damage.lose_crew(state, dice, target_id, amount, f"the {beast.name}")


def maul(state: MowState, dice: Dice, target_id: str) -> MowState:
    """Begin the monster's boarding action against a ship it touches."""
    prowl = state.prowl
    assert prowl is not None
    creature = state.creature(prowl.creature)
    ship = state.ship(target_id)
    say(dice, "maul", f"The {monster(creature).name} attacks the {ship.name}'s crew!", ATTACKS,
        side=creature.side, ship=creature.id, big=True)
    state = replace(state, prowl=replace(prowl, mauls=prowl.mauls + 1),
                    struggle=Struggle(creature.id, target_id))
    return struggle_round(state, dice)


def ship_total(state: MowState, dice: Dice, ship: Ship, creature: Creature) -> int:
    """D6 + her crew, the cannons she has bearing on it, her Admiral and her Marines."""
    roll = dice.d6(f"{ship.name}: fighting off the {monster(creature).name}", ATTACKS,
                   side=ship.side, ship=ship.id)
    cannons = cannons_toward(ship, body(creature))
    admiral = int(tables().setup["admiral_boarding"]) if ship.admiral else 0
    marines = fleet_cards.bonus(ship, "boarding")
    total = roll + ship.crew + cannons + admiral + marines
    dice.judge(f"+{ship.crew} crew" + (f" +{cannons} cannons" if cannons else "")
               + (" +1 Admiral" if admiral else "") + (f" +{marines} marines" if marines else "")
               + f" = {total}")
    return total


def struggle_round(state: MowState, dice: Dice) -> MowState:
    fight = state.struggle
    assert fight is not None
    creature = state.creature(fight.creature)
    ship = state.ship(fight.ship)
    beast = monster(creature)
    m_roll = dice.d6(f"{beast.name}: boarding action", ATTACKS, side=creature.side,
                     ship=creature.id)
    m_total = m_roll + wounds_left(creature)
    dice.judge(f"+{wounds_left(creature)} wounds = {m_total}")
    s_total = ship_total(state, dice, ship, creature)
    if m_total > s_total:
        say(dice, "devoured", f"The {beast.name} wins ({m_total} to {s_total}) and devours a "
            f"crew counter", ATTACKS, side=creature.side, ship=creature.id)
        state = damage.lose_crew(state, dice, ship.id, 1, f"the {beast.name}")
        decision = "creature"
    elif s_total > m_total:
        say(dice, "monster_beaten", f"The {ship.name}'s crew beat the {beast.name} back "
            f"({s_total} to {m_total})", ATTACKS, side=ship.side, ship=ship.id)
        state = wound(state, dice, creature.id, 1, by=ship.side, cause=f"the {ship.name}'s crew")
        decision = "ship"
    else:
        say(dice, "monster_draw", f"A draw ({m_total} each): the {ship.name} loses a crew "
            f"counter and the {beast.name} a wound", ATTACKS, side=ship.side, ship=ship.id)
        state = damage.lose_crew(state, dice, ship.id, 1, f"the {beast.name}")
        state = wound(state, dice, creature.id, 1, by=ship.side, cause=f"the {ship.name}'s crew")
        decision = "ship"
    if state.creature(creature.id).where == "dead":
        prowl = state.prowl
        return replace(state, struggle=None,
                       prowl=replace(prowl, stage="done") if prowl is not None else None)
    if not state.ship(ship.id).in_the_fight or state.ship(ship.id).crew == 0:
        return replace(state, struggle=None)
    return replace(state, struggle=replace(fight, decision=decision))


def struggle_decider(state: MowState) -> str:
    fight = state.struggle
    assert fight is not None
    if fight.decision == "creature":
        return state.creature(fight.creature).side
    return state.ship(fight.ship).side


def struggle_choice(state: MowState, dice: Dice, choice: str) -> MowState:
    fight = state.struggle
    assert fight is not None
    creature = state.creature(fight.creature)
    ship = state.ship(fight.ship)
    if choice == "press_on":
        say(dice, "press_on", f"{state.side_name(struggle_decider(state))} press on",
            ATTACKS, side=struggle_decider(state))
        return struggle_round(replace(state, struggle=replace(fight, decision="")), dice)
    away = retreat(state, creature, ship)
    state = with_creature(state, away)
    words = "retreats" if choice == "retreat" else "is driven off"
    say(dice, "monster_off", f"The {monster(creature).name} {words}, 1\" away from the "
        f"{ship.name}: its turn ends", ATTACKS, side=creature.side, ship=creature.id)
    prowl = state.prowl
    return replace(state, struggle=None,
                   prowl=replace(prowl, stage="done") if prowl is not None else None)


def retreat(state: MowState, creature: Creature, ship: Ship) -> Creature:
    """Moved 1" directly away from the ship (short of anything in its way, on the table)."""
    direction = away_from((creature.x, creature.y), outline(ship), (ship.x, ship.y))
    shape = body(creature)
    limit = clear_run(shape, direction, min(bestiary().retreat, to_edge(state, shape, direction)),
                      _in_the_way(state, creature, under=False, but=ship.id))
    return replace(creature, x=clean(creature.x + direction[0] * limit),
                   y=clean(creature.y + direction[1] * limit))


# --- carried on by the turn sequence ----------------------------------------------------------

def prowl_step(state: MowState, dice: Dice) -> tuple[MowState, bool]:
    """Carry the acting monster on where nothing is left to choose (a frenzied monster chooses
    nothing): the state, and whether its side must choose now."""
    for _ in range(40):
        prowl = state.prowl
        if prowl is None or prowl.stage == "done" or state.placing:
            return state, False
        creature = state.creature(prowl.creature)
        if creature.where in ("dead", "lair"):
            return replace(state, prowl=replace(prowl, stage="done")), False
        if not prowl.frenzied:
            if prowl.stage == "attack" and not victims(state):
                return replace(state, prowl=replace(prowl, stage="done")), False
            return state, True
        if prowl.stage == "swim":
            friends = [s for s in state.ships if s.in_the_fight and s.holder == creature.side]
            if not friends:
                state = replace(state, prowl=replace(prowl, stage="done"))
                continue
            nearest = min(friends, key=lambda s: distance(body(creature), outline(s)))
            state = swim(state, dice, nearest.id, 0, 0)
            moved = state.prowl
            assert moved is not None
            state = replace(state, prowl=replace(moved, stage="attack",
                                                 swims=prowl.swims_allowed))
            continue
        if prowl.stage == "attack":
            targets = victims(state)
            if not targets:
                state = replace(state, prowl=replace(prowl, stage="done"))
                continue
            if prowl.specials < prowl.attacks:
                state = special_attack(state, dice, targets[0])
            elif prowl.mauls < prowl.attacks:
                state = maul(state, dice, targets[0])
                return state, False
            else:
                state = replace(state, prowl=replace(prowl, stage="done"))
            continue
        return state, True
    return state, False


def finish(state: MowState, dice: Dice) -> MowState:
    """The monster's activation is over."""
    prowl = state.prowl
    assert prowl is not None
    creature = state.creature(prowl.creature)
    if creature.where not in ("dead",):
        state = with_creature(state, replace(creature, activated=True))
    return replace(state, prowl=None)


def lair_heals(state: MowState, dice: Dice) -> MowState:
    """End Phase: a monster in its lair heals one wound."""
    for creature in state.creatures:
        if creature.where == "lair" and creature.wounds:
            state = with_creature(state, replace(creature, wounds=creature.wounds - 1))
            say(dice, "healed", f"The {monster(creature).name} heals a wound in its lair "
                f"({wounds_left(creature) + 1} of {monster(creature).wounds})", MONSTERS,
                side=creature.side, ship=creature.id)
    return state


def fresh(state: MowState) -> MowState:
    """A new Battle Phase: every monster may act again."""
    if not any(c.activated for c in state.creatures):
        return state
    return replace(state, creatures=tuple(replace(c, activated=False) if c.activated
                                          and c.where != "dead" else c
                                          for c in state.creatures))
