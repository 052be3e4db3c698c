"""Movement: setting a course (sail, oars, steam or sorcery), advancing and turning with the
Turning Template, the wind, obstructions, collisions, pushing clear, ramming and leaving the
table.

Readings (docs/rules/man-o-war.md):

- Headings are the eight points of the compass; a turn with the Turning Template is one point
  (45°) and uses 2" of the move, pivoting about her centre. A turn that would put her hull into
  another ship, wreckage or terrain is not allowed.
- Under sail her speed is the template's, or its bracketed speed with the wind astern (from
  within 45° of her stern), decided when she sets her course and kept for the whole move; less
  the inches her damage has cost.
- A ship under sail that starts into the wind (the wind from within 45° of her bow) may only
  make a single turn, to the nearest heading out of the wind on the side she chooses, and her
  move ends. One that turns to face the wind stops at once.
- Ramming speed (the bracketed oars speed) is chosen when she sets her course, and allows no
  turn. Backing water is up to 2" astern instead of a move.
- She has sailed off the table, and left the battle, when her centre passes its edge.
- A ram is made against a ship (never wreckage), in the Battle Phase: a straggler moving in the
  End Phase does not ram, as it neither fires nor boards.
- Collisions: a ship that begins her move touching another must push clear before she may
  advance or turn. She slides ahead or astern along her course until she touches none of the
  ships she began against, for half her move; a way that would drive her into a hull, wreckage
  or ground (a rammer's bow into her victim's side) is barred.
- Moving over terrain ends her move where she meets it: she runs aground and saves below the
  waterline or takes D3 hits there. Aground at the start of the Battle Phase she frees herself
  on a 4+.
"""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import (
    UNIT,
    clean,
    distance,
    first_contact,
    heading_name,
    hull,
    overlap,
    turned,
)
from ahoy_tui.rules.man_o_war import fleet_cards, wizards
from ahoy_tui.rules.man_o_war.bestiary import bestiary
from ahoy_tui.rules.man_o_war.creatures import name, save, touching_ships, wound
from ahoy_tui.rules.man_o_war.damage import btw_hits, save_roll, tell, with_ship
from ahoy_tui.rules.man_o_war.model import Move, MowState, Phase, Ship
from ahoy_tui.rules.man_o_war.table import (
    CONTACT,
    into_the_wind,
    obstacles,
    outline,
    touching,
    wind_astern,
)
from ahoy_tui.rules.man_o_war.tables import tables

MOVEMENT = "Movement"
UNDER_SAIL = "Movement under sail"
WITH_OARS = "Movement with oars"
RAMMING = "Ramming"
OBSTRUCTIONS = "Obstructions"
COLLISIONS = "Collisions"


def means_of(ship: Ship) -> list[str]:
    """The ways she can move now: her template's, less what damage has taken away."""
    move = ship.card.move
    found = []
    if move.sail and not ship.no_sail:
        found.append("sail")
    if move.oars and not ship.no_oars:
        found.append("oars")
    if move.steam:
        found.append("steam")
    if move.magic:
        found.append("magic")
    return found


def can_move(ship: Ship) -> str:
    """Why she may not move at all this Battle Phase ("" if she may)."""
    if ship.immobile:
        return "she is unable to move"
    if ship.no_movement:
        return "a no movement counter holds her"
    if ship.aground:
        return "she is aground"
    if ship.captured_by:
        return "a prize cannot move"
    if ship.straggler:
        return "a straggler cannot move in the Battle Phase"
    if not means_of(ship):
        return "she has no way left to move"
    return ""


def turn_cost(ship: Ship) -> float:
    """Inches of her move a turn with the Turning Template costs her (an Expert Helmsman's card
    takes some off)."""
    return max(0.0, float(tables().movement["turn_cost"]) - fleet_cards.bonus(ship, "turn_cost"))


def speed(state: MowState, ship: Ship, means: str, pace: str = "cruise") -> float:
    """Inches she may move this Battle Phase by ``means`` at ``pace`` (with what a spell on her
    adds)."""
    base = _speed(state, ship, means, pace)
    if base <= 0:
        return base
    if ship.cards and pace != "backwards" and means in ("sail", "oars"):
        base += fleet_cards.bonus(ship, means)
    return base + wizards.speed_bonus(state, ship.id) if state.in_play else base


def _speed(state: MowState, ship: Ship, means: str, pace: str) -> float:
    move = ship.card.move
    if means == "sail":
        if wind_astern(state, ship.heading) and move.astern:
            return max(0.0, move.astern - ship.speed_lost_astern)
        return max(0.0, move.sail - ship.speed_lost)
    if means == "oars":
        if pace == "backwards":
            return min(float(tables().movement["backwards"]), max(0.0, move.oars
                                                                   - ship.speed_lost))
        base = move.ramming if pace == "ramming" and move.ramming else move.oars
        return max(0.0, base - ship.speed_lost)
    base = move.steam if means == "steam" else move.magic
    return max(0.0, base - ship.speed_lost)


def set_course(state: MowState, dice: Dice, ship_id: str, means: str, pace: str) -> MowState:
    ship = state.ship(ship_id)
    allowance = speed(state, ship, means, pace)
    into = means == "sail" and into_the_wind(state, ship.heading)
    move = Move(ship_id, allowance, means=means, ramming_speed=pace == "ramming",
                backwards=pace == "backwards", into_wind=into,
                straight=0.0)
    how = {"sail": "under sail", "oars": "under oars", "steam": "under steam",
           "magic": "driven by sorcery"}[means]
    if pace == "ramming":
        how += " at Ramming speed"
    if pace == "backwards":
        how = "backing water"
    if into:
        words = "she starts into the wind: one turn out of it, and no more"
    elif means == "sail" and wind_astern(state, ship.heading) and ship.card.move.astern:
        words = f"the wind astern: {allowance:g}\""
    else:
        words = f"{allowance:g}\""
    tell(dice, "course", f"The {ship.name} sets her course {how} ({words})",
         UNDER_SAIL if means == "sail" else MOVEMENT, ship)
    return replace(state, move=move)


def contact_ahead(state: MowState, ship: Ship, heading: int, inches: float,
                  backwards: bool = False) -> tuple[float, str, str] | None:
    """The first thing her hull meets moving ``inches`` along ``heading`` (astern if
    ``backwards``): (distance, kind, id), or None if her way is clear."""
    ux, uy = UNIT[heading % 8]
    if backwards:
        ux, uy = -ux, -uy
    mine = outline(ship)
    best: tuple[float, str, str] | None = None
    for kind, thing_id, poly in obstacles(state, but=ship.id):
        if overlap(mine, poly):
            continue  # already alongside: moving apart, or pushing clear
        hit = first_contact(mine, (ux, uy), inches + CONTACT, poly)
        if hit is not None and (best is None or hit < best[0]):
            best = (hit, kind, thing_id)
    return best


MOVES_BY = {"sail": "sails", "oars": "rows", "steam": "steams", "magic": "moves by sorcery"}


def advance(state: MowState, dice: Dice, inches: float) -> MowState:
    """Move the acting ship straight on; she stops where she touches anything."""
    move = state.move
    assert move is not None
    ship = state.ship(move.ship)
    inches = min(inches, move.remaining)
    met = contact_ahead(state, ship, ship.heading, inches, move.backwards)
    # she stops just short of what she meets, and never goes further than she was told
    went = inches if met is None else min(inches, max(0.0, met[0] - CONTACT / 2))
    sign = -1 if move.backwards else 1
    ux, uy = UNIT[ship.heading % 8]
    ship = replace(ship, x=clean(ship.x + sign * ux * went), y=clean(ship.y + sign * uy * went))
    move = replace(move, used=move.used + went, straight=move.straight + went)
    state = replace(with_ship(state, ship), move=move)
    verb = "backs" if move.backwards else MOVES_BY.get(move.means, "sails")
    tell(dice, "advanced", f"The {ship.name} {verb} {went:.1f}\"", MOVEMENT, ship)
    if not (0 <= ship.x <= state.table.width and 0 <= ship.y <= state.table.height):
        return sail_off(state, dice, ship.id)
    if met is not None:
        _, kind, thing = met
        if kind in ("rocks", "sandbank", "island"):
            return run_aground(state, dice, ship.id, kind)
        state = replace(state, move=replace(move, stopped="collision", touched=thing))
        what = (f"the {state.ship(thing).name}" if kind == "ship" else
                f"the {bestiary().monster(state.creature(thing).kind).name}"
                if kind == "creature" else "the wreckage")
        tell(dice, "collision", f"The {ship.name} touches {what}: her move ends", COLLISIONS,
             ship)
    return state


def advance_words(state: MowState, inches: float) -> str:
    """What an advance of ``inches`` will do, said before it is taken ("" for a clear way):
    she touches a ship (and whether that is a ram), runs aground, or leaves the table."""
    move = state.move
    if move is None or not state.has_ship(move.ship):
        return ""
    ship = state.ship(move.ship)
    inches = min(inches, move.remaining)
    met = contact_ahead(state, ship, ship.heading, inches, move.backwards)
    went = inches if met is None else min(inches, max(0.0, met[0] - CONTACT / 2))
    sign = -1 if move.backwards else 1
    ux, uy = UNIT[ship.heading % 8]
    x, y = ship.x + sign * ux * went, ship.y + sign * uy * went
    if not (0 <= x <= state.table.width and 0 <= y <= state.table.height):
        return "she leaves the table"
    if met is None:
        return ""
    _, kind, thing = met
    if kind in ("rocks", "sandbank", "island"):
        return f"runs aground on the {kind} after {went:.1f}\""
    if kind == "ship":
        other = state.ship(thing)
        words = f"touches the {other.name} after {went:.1f}\""
        if other.holder == ship.holder:
            return words + " (her own side's)"
        if ship.card.ram and not ship.no_ram and move.means in ("oars", "steam") \
                and not move.backwards and state.phase == Phase.BATTLE:
            run = float(tables().movement["ram_run"])
            straight = move.straight + went
            return words + (": she may ram" if straight + 1e-6 >= run else
                            f": {straight:.1f}\" straight, short of a ram's {run:g}\"")
        return words
    return f"touches the {'wreckage' if kind == 'wreckage' else 'monster'} after {went:.1f}\""


def turn_blocked(state: MowState, ship: Ship, heading: int) -> bool:
    """Whether her hull turned to ``heading`` would overlap another ship, wreckage or ground."""
    card = ship.card
    turned_hull = hull(ship.x, ship.y, heading, card.length, card.beam)
    mine = outline(ship)
    return any(overlap(turned_hull, poly) and not overlap(mine, poly)
               for _, _, poly in obstacles(state, but=ship.id))


def out_of_the_wind(state: MowState, heading: int, steps: int) -> int:
    """The first heading out of the wind turning ``steps`` (+1 starboard, -1 port) at a time."""
    for _ in range(8):
        heading = turned(heading, steps)
        if not into_the_wind(state, heading):
            return heading
    return heading


def turn(state: MowState, dice: Dice, side: str) -> MowState:
    """A turn with the Turning Template: one point, 2" of the move."""
    move = state.move
    assert move is not None
    ship = state.ship(move.ship)
    steps = 1 if side == "starboard" else -1
    if move.into_wind:
        heading = out_of_the_wind(state, ship.heading, steps)
        ship = replace(ship, heading=heading)
        state = replace(with_ship(state, ship), move=replace(move, turns=move.turns + 1,
                                                              stopped="out of the wind"))
        tell(dice, "turned", f"The {ship.name} turns out of the wind to {_point(heading)} and "
             "her move ends", UNDER_SAIL, ship)
        return state
    heading = turned(ship.heading, steps)
    cost = turn_cost(ship)
    ship = replace(ship, heading=heading)
    move = replace(move, used=move.used + cost, straight=0.0, turns=move.turns + 1)
    if move.means == "sail" and into_the_wind(state, heading):
        move = replace(move, stopped="into the wind")
        tell(dice, "turned", f"The {ship.name} turns {side} into the wind and stops",
             UNDER_SAIL, ship)
    else:
        tell(dice, "turned", f"The {ship.name} turns {side} to {_point(heading)}", MOVEMENT,
             ship)
    return replace(with_ship(state, ship), move=move)


def turn_on_the_spot(state: MowState, dice: Dice, side: str, degrees: int) -> MowState:
    move = state.move
    assert move is not None
    ship = state.ship(move.ship)
    steps = (degrees // 45) * (1 if side == "starboard" else -1)
    ship = replace(ship, heading=turned(ship.heading, steps))
    cost = move.allowance if degrees == 180 else move.allowance / 2
    move = replace(move, used=move.used + cost, straight=0.0, turns=move.turns + 1)
    tell(dice, "turned", f"The {ship.name} turns {degrees}° to {side} on the spot", WITH_OARS,
         ship)
    return replace(with_ship(state, ship), move=move)


PUSH_STEP = 0.25  # inches: the slide along the other ship's side is tried in these steps
PUSH_MOST = 40  # steps: 10" at most


def push_clear_to(state: MowState, ship: Ship, way: str) -> Ship | None:
    """Where she comes to rest pushing clear ``way`` ("ahead" or "astern"): sliding along her
    course until she touches none of the ships she began against. None if that way is barred
    (her hull would run into a ship, wreckage or ground) or she is not clear within 10"."""
    ux, uy = UNIT[ship.heading % 8]
    sign = 1 if way == "ahead" else -1
    start = set(touching(state, ship))
    if not start:
        return None
    mine = outline(ship)
    barriers = [poly for _, _, poly in obstacles(state, but=ship.id) if not overlap(mine, poly)]
    against = [outline(state.ship(other)) for other in start]
    for step in range(1, PUSH_MOST + 1):
        along = step * PUSH_STEP
        x, y = clean(ship.x + sign * ux * along), clean(ship.y + sign * uy * along)
        card = ship.card
        hull_now = hull(x, y, ship.heading, card.length, card.beam)
        if any(overlap(hull_now, poly) for poly in barriers):
            return None
        if all(distance(hull_now, poly) > CONTACT for poly in against):
            return replace(ship, x=x, y=y)
    return None


def push_clear(state: MowState, dice: Dice, way: str) -> MowState:
    """Begun in contact: slide along the other ship's side until clear, for half her move."""
    move = state.move
    assert move is not None
    ship = state.ship(move.ship)
    moved = push_clear_to(state, ship, way)
    assert moved is not None, "pushing clear that way is barred"
    state = with_ship(state, moved)
    state = replace(state, move=replace(move, used=move.used + move.allowance / 2,
                                        straight=0.0))
    tell(dice, "pushed_clear", f"The {ship.name} pushes clear {way}", COLLISIONS, ship)
    if not (0 <= moved.x <= state.table.width and 0 <= moved.y <= state.table.height):
        return sail_off(state, dice, ship.id)
    return state


def may_ram(state: MowState, target_id: str) -> str:
    """Why the acting ship may not ram ``target_id`` ("" if she may)."""
    move = state.move
    if move is None or move.touched != target_id or move.stopped != "collision":
        return ("a ram is made as her move ends against her target, after at least 3\" in a "
                "straight line")
    beast = next((c for c in state.creatures if c.id == target_id and c.surfaced), None)
    if beast is None and not any(s.id == target_id and s.afloat for s in state.ships):
        return "only a ship or a sea monster can be rammed"
    if state.phase == Phase.END:
        return "a straggler moving in the End Phase may not ram"
    ship = state.ship(move.ship)
    if beast is not None:
        if beast.side == ship.holder:
            return "a ram is made at the enemy, never at a monster of her own side"
        if [s for s in touching_ships(state, beast) if s != ship.id]:
            return ("a sea monster in contact with a ship may not be rammed by any other "
                    "ship")
    elif state.ship(target_id).holder == ship.holder:
        return "a ram is made at an enemy ship, never at one of her own side"
    if not ship.card.ram or ship.no_ram:
        return "she has no ram"
    if move.means not in ("oars", "steam") or move.backwards:
        return "only a ship under oars (or steam) rams"
    if move.straight + 1e-6 < float(tables().movement["ram_run"]):
        return "she must move at least 3\" in a straight line to the target"
    return ""


def ram(state: MowState, dice: Dice, target_id: str) -> MowState:
    move = state.move
    assert move is not None
    ship = state.ship(move.ship)
    hits = ship.card.ram + fleet_cards.bonus(ship, "ram")
    if state.has_creature(target_id):  # rammed, it saves or takes a wound a BTW hit
        beast = state.creature(target_id)
        tell(dice, "ram", f"The {ship.name} rams the {name(beast)}!", RAMMING, ship, big=True)
        if not save(dice, beast, 0, f"the {ship.name}'s ram", RAMMING):
            state = wound(state, dice, target_id, hits, by=ship.side,
                          cause=f"the {ship.name}'s ram")
        return replace(state, move=replace(move, touched="", stopped="rammed"))
    target = state.ship(target_id)
    tell(dice, "ram", f"The {ship.name} rams the {target.name}!", RAMMING, ship, big=True)
    state = btw_hits(state, dice, target_id, hits, save=True, by=ship.side,
                     cause=f"the {ship.name}'s ram")
    return replace(state, move=replace(move, touched="", stopped="rammed"))


def run_aground(state: MowState, dice: Dice, ship_id: str, kind: str) -> MowState:
    ship = replace(state.ship(ship_id), aground=True)
    state = with_ship(state, ship)
    move = state.move
    if move is not None:
        state = replace(state, move=replace(move, stopped="aground"))
    tell(dice, "aground", f"The {ship.name} runs aground on the {kind}", OBSTRUCTIONS, ship,
         big=True)
    card = ship.card
    if save_roll(dice, ship, card.btw.save, 0, "Below the Waterline (aground)"):
        return state
    hits = dice.d3(f"{ship.name}: Below the Waterline damage running aground", OBSTRUCTIONS,
                   side=ship.side, ship=ship.id)
    return btw_hits(state, dice, ship_id, hits, save=False, cause=f"the {kind}")


def free_from_ground(state: MowState, dice: Dice, ship_id: str) -> MowState:
    """Aground at the start of the Battle Phase: a 4+ and she moves away."""
    ship = state.ship(ship_id)
    need = int(tables().movement["aground_free"])
    ok, _ = dice.need(need, f"{ship.name}: getting off the ground", OBSTRUCTIONS,
                      side=ship.side, ship=ship.id, success="free", failure="stuck")
    if not ok:
        return state
    tell(dice, "afloat", f"The {ship.name} is off the ground", OBSTRUCTIONS, ship)
    return with_ship(state, replace(ship, aground=False))


def sail_off(state: MowState, dice: Dice, ship_id: str) -> MowState:
    ship = replace(state.ship(ship_id), left_table=True, admiral=False)
    state = wizards.sailed_off(with_ship(state, ship), ship_id)
    if state.move is not None:
        state = replace(state, move=replace(state.move, stopped="off the table"))
    tell(dice, "left", f"The {ship.name} sails off the table and has left the battle",
         MOVEMENT, ship, big=True)
    return state


def _point(heading: int) -> str:
    return heading_name(heading)
