"""The Turn Sequence: the Initiative Phase, the Battle Phase's alternating activations, the End
Phase, squadrons and stragglers, and victory.

``flow`` carries the battle forward through every step that needs no decision and stops where
a player must choose (``to_act``).

Readings (docs/rules/man-o-war.md):

- Initiative: each side rolls a die, the higher goes first; a double turns the wind one point
  (clockwise on an even double, anticlockwise on an odd one; two points on double 5s or 6s with
  the house rule) and both roll again.
- Activations alternate, the initiative winner first; a side with nothing left to activate
  passes the rest of the phase to the other.
- A squadron's flagship lost (sunk, off the table, taken, abandoned, or unable to move: immobile
  or with no means of moving left), at the end of the turn the ship of the squadron nearest her
  that can still move takes over (if none can, the nearest still fighting). At the end of each
  turn a Ship of the Line more than 6" (hull to hull) from her flagship becomes a straggler; one
  back within 6" rejoins.
- Stragglers move in the End Phase, initiative side first, and neither fire, board nor ram.
- A recaptured Man O' War or Independent is a straggler for the rest of that turn only; a
  recaptured Ship of the Line is judged with her squadron at the end of the turn.
- Scuttle ships: a scuttling party (``boarding.scuttle``) goes back to the ship it came from if
  she is still fighting and touches the ship scuttled; otherwise it is out of the game.
- A side is beaten when it has no ship left afloat that is neither captured nor abandoned.
"""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import distance
from ahoy_tui.rules.man_o_war import (
    boarding,
    creatures,
    fleet_cards,
    flyers,
    magic,
    monsters,
    movement,
    shooting,
    wizards,
)
from ahoy_tui.rules.man_o_war.damage import add_honours, say, with_ship
from ahoy_tui.rules.man_o_war.fire import blazes_spread
from ahoy_tui.rules.man_o_war.model import COMPASS, MowState, Phase, Ship
from ahoy_tui.rules.man_o_war.setup import setup_flow
from ahoy_tui.rules.man_o_war.table import CONTACT, outline, touching, touching_marker
from ahoy_tui.rules.man_o_war.tables import tables

INITIATIVE = "Initiative Phase"
BATTLE = "Battle Phase"
END = "End Phase"
SQUADRONS = "Squadrons"
STRAGGLERS = "Stragglers"
VICTORY = "Victory"


# --- who may act -------------------------------------------------------------------------------

def in_the_fight(ship: Ship) -> bool:
    return ship.in_the_fight


def able(ship: Ship) -> bool:
    """Whether she may act in the Battle Phase (move, fire, board)."""
    return in_the_fight(ship) and not ship.straggler and not ship.activated


def units(state: MowState, side: str) -> list[str]:
    """What ``side`` may still activate this Battle Phase: each Man O' War and Independent by
    her id, each squadron by its id."""
    found: list[str] = []
    for ship in state.ships:
        if ship.side != side or not able(ship):
            continue
        unit = ship.squadron or ship.id
        if unit not in found:
            found.append(unit)
    if state.creatures:  # a monster swimming acts as an Independent; one face down is summoned
        found += monsters.activatable(state, side) + monsters.summonable(state, side)
    if state.flyers:  # flyers act as squadrons or independents
        found += flyers.units(state, side)
    return found


def unit_ships(state: MowState, unit: str) -> tuple[str, ...]:
    return tuple(s.id for s in state.ships if (s.squadron or s.id) == unit and able(s))


def unit_name(state: MowState, unit: str) -> str:
    if state.creatures and state.has_creature(unit):
        return f"the {creatures.name(state.creature(unit))}"
    if state.flyers and flyers.is_unit(state, unit):
        return flyers.unit_name(state, unit)
    ships = [s for s in state.ships if (s.squadron or s.id) == unit]
    if len(ships) == 1 and not ships[0].squadron:
        return f"the {ships[0].name}"
    flagship = next((s for s in ships if s.flagship), ships[0])
    return f"the squadron of the {flagship.name}"


# --- the turn --------------------------------------------------------------------------------

def flow(state: MowState, dice: Dice) -> MowState:
    """Carry the battle on until a player has a decision to make."""
    for _ in range(500):
        if state.phase == Phase.SETUP:
            step = setup_flow(state, dice)
            if step is None:
                return replace(state, to_act=state.active)
            state = step
            continue
        if state.won and not state.over:  # the winner takes her, or scuttles her, first
            return replace(state, to_act=state.ship(state.won_by).holder)
        state = check_victory(state, dice)
        if state.over:
            return replace(state, to_act=None)
        if state.boarding is not None and state.boarding.decision:
            return replace(state, to_act=boarding.decider(state))
        if state.struggle is not None and state.struggle.decision:
            prowl = state.prowl
            if (state.struggle.decision == "creature" and prowl is not None
                    and prowl.frenzied):  # a frenzied monster presses on
                state = monsters.struggle_choice(state, dice, "press_on")
                continue
            return replace(state, to_act=monsters.struggle_decider(state))
        if state.placing:
            return replace(state, to_act=state.placer)
        if state.duel is not None and state.duel.decision:
            return replace(state, to_act=flyers.duel_decider(state))
        if state.flight is not None:
            state, waiting_for = flyers.flight_step(state, dice)
            if waiting_for:
                return replace(state, to_act=state.flyer(state.flight.flyer).side)
            if state.flight is None:
                state = pass_play(state)
            continue
        if state.phase == Phase.INITIATIVE:
            state = initiative(state, dice)
            continue
        if state.phase == Phase.MAGIC:
            state, waiting = magic.magic_step(state, dice)
            if waiting:
                return replace(state, to_act=magic.decider(state))
            state = begin_battle(replace(state, magic_step=0), dice)
            continue
        if state.prowl is not None:
            state, waiting_for = monsters.prowl_step(state, dice)
            if waiting_for:
                return replace(state, to_act=state.creature(state.prowl.creature).side)
            if state.prowl is not None and state.prowl.stage == "done" and not state.placing:
                state = pass_play(monsters.finish(state, dice))
            continue
        if state.current:
            waiting = _ship_step(state, dice)
            if waiting is None:
                return replace(state, to_act=state.ship(state.current).side)
            state = waiting
            continue
        if state.phase == Phase.BATTLE:
            if state.acting:
                if len(state.acting) == 1:
                    state = replace(state, current=state.acting[0], stage="move", move=None)
                    continue
                return replace(state, to_act=state.active)
            if units(state, state.active):
                return replace(state, to_act=state.active)
            other = state.other(state.active)
            if units(state, other):
                state = replace(state, active=other)
                continue
            state = replace(state, phase=Phase.END, end_step="", active=state.initiative)
            continue
        if state.phase == Phase.END:
            if state.end_step == "":
                state = end_phase_first(state, dice)
                continue
            if state.end_step == "cards":
                state, waiting = magic.cards_step(state, dice)
                if waiting:
                    return replace(state, to_act=magic.cards_decider(state))
                state = end_of_turn(replace(state, magic_step=0), dice)
                continue
            if state.acting:
                first = state.acting[0]
                state = replace(state, acting=state.acting[1:], current=first, stage="move",
                                move=None)
                continue
            state = end_phase_last(state, dice)
            continue
    raise RuntimeError("the turn sequence did not settle")


def _ship_step(state: MowState, dice: Dice) -> MowState | None:
    """Move the acting ship's stage on where nothing is left to choose; None to wait."""
    ship = state.ship(state.current)
    if not ship.afloat or ship.abandoned or ship.captured_by:
        return finish_ship(state, dice)
    if state.stage == "move":
        move = state.move
        if move is None:
            return None  # set a course, push clear, or end her move
        if move.remaining <= 1e-9 and movement.may_ram(state, move.touched):
            return end_move(state)
        return None
    if state.stage == "fire":
        if shooting.targets(state, ship) or flyers.anti_flyer_targets(state, ship):
            return None
        if ship.card.batteries and state.phase == Phase.BATTLE:
            if any(ship.fired):  # she has fired: what is left has no target (not "no shot")
                say(dice, "fire_done", f"The {ship.name}'s fire is done: no battery still to "
                    "fire bears on an enemy in range", shooting.COMBAT, side=ship.side,
                    ship=ship.id)
            else:
                why = shooting.may_fire(ship) or "no enemy is in range of a battery that bears"
                say(dice, "no_shot", f"The {ship.name} has no shot: {why}", shooting.COMBAT,
                    side=ship.side, ship=ship.id)
        return replace(state, stage="board")
    if state.stage == "board":
        if boarding_targets(state, ship):
            return None
        _why_no_boarding(state, dice, ship)
        return finish_ship(state, dice)
    return finish_ship(state, dice)


NEAR = 1.0  # inches: an enemy this near and not touching is said to be not touching


def _why_no_boarding(state: MowState, dice: Dice, ship: Ship) -> None:
    """Said when she has no boarding action though an enemy is near: not touching (how far
    apart), or armoured against her."""
    if state.phase != Phase.BATTLE or ship.id in state.boarded_this_turn:
        return
    mine = outline(ship)
    for other in state.ships:
        if other.holder == ship.side or not other.afloat or other.id == ship.id:
            continue
        apart = distance(mine, outline(other))
        if apart > NEAR:
            continue
        armour = armoured_against(ship, other) if apart <= CONTACT else ""
        why = (armour if armour else
               f"the {other.name} is {apart:.1f}\" off: not touching, no boarding action"
               if apart > CONTACT else "")
        if why:
            say(dice, "no_boarding", f"The {ship.name} cannot board: {why}", boarding.BOARDING,
                side=ship.side, ship=ship.id)


def end_move(state: MowState) -> MowState:
    if state.phase == Phase.END:  # a straggler moves, and neither fires nor boards
        return replace(state, stage="done", move=None)
    return replace(state, stage="fire", move=None)


def finish_ship(state: MowState, dice: Dice) -> MowState:
    ship = state.ship(state.current)
    state = with_ship(state, replace(ship, activated=True))
    acting = tuple(s for s in state.acting if s != ship.id)
    state = replace(state, current="", stage="", move=None, acting=acting)
    if state.phase == Phase.BATTLE and not acting:
        state = pass_play(state)
    return state


def pass_play(state: MowState) -> MowState:
    """An activation is over: the other side's turn, if it has anything left."""
    other = state.other(state.active)
    if units(state, other):
        state = replace(state, active=other)
    return state


def boarding_targets(state: MowState, ship: Ship) -> list[str]:
    """Ships she touches held by the enemy (a prize is her captor's), which she may board (one
    boarding action a turn)."""
    if ship.id in state.boarded_this_turn or ship.straggler or ship.captured_by:
        return []
    if state.creatures and creatures.holding(state, ship):
        return []  # held by a sea monster: no other boarding action
    return [t for t in touching(state, ship) if state.ship(t).holder != ship.side
            and not armoured_against(ship, state.ship(t))]


def damaged(ship: Ship) -> bool:
    """Whether she has taken any damage: a marker or a Blaze on her card, or a Below the
    Waterline hit."""
    return ship.btw > 0 or any(m.filled for m in ship.marks)


def armoured_against(boarder: Ship, target: Ship) -> str:
    """Why ``boarder`` may not board ``target`` for her armour ("" if she may): a Dwarf ship
    cannot be boarded unless already damaged, but by Dwarfs (later-rulesets.md §1)."""
    race = target.card.race
    if race == boarder.card.race or damaged(target) or race not in tables().races \
            or not tables().race(race).armoured:
        return ""
    return (f"the {target.name} is armoured: {tables().race(race).name}' ships cannot be "
            "boarded unless already damaged")


def initiative(state: MowState, dice: Dice) -> MowState:
    wind = state.wind
    two_points = state.house_rule("wind_double_two")
    for _ in range(50):
        a, b = (dice.d6(f"{state.side_names[i]}: initiative", INITIATIVE, side=side)
                for i, side in enumerate(state.sides))
        if a != b:  # a Bold Captain's card adds to the roll; only a double turns the wind
            a += fleet_cards.side_bonus(state, state.sides[0], "initiative")
            b += fleet_cards.side_bonus(state, state.sides[1], "initiative")
            if a != b:
                break
            # level only with the card: both roll again, the wind unmoved
            say(dice, "initiative_level", f"Level at {a} each with the Bold Captain's +1: "
                "both roll again (not a double: the wind holds)", INITIATIVE)
            continue
        points = 2 if two_points and a in (5, 6) else 1
        step = points if a % 2 == 0 else -points
        wind = (wind + step) % 8
        say(dice, "wind", f"A double {a}: the wind turns {points} point"
            f"{'s' if points > 1 else ''} {'clockwise' if step > 0 else 'anticlockwise'}; "
            f"it now blows toward {COMPASS[wind]}", INITIATIVE, big=True)
    winner = state.sides[0] if a > b else state.sides[1]
    say(dice, "initiative", f"Turn {state.turn}: {state.side_names[state.side_index(winner)]} "
        f"win the initiative ({max(a, b)} to {min(a, b)})", INITIATIVE, side=winner, big=True)
    return replace(state, wind=wind, initiative=winner, phase=Phase.MAGIC, magic_step=0,
                   casting=None)


def begin_battle(state: MowState, dice: Dice) -> MowState:
    ships = tuple(replace(s, activated=False, fired=tuple(0 for _ in s.fired))
                  if s.activated or any(s.fired) else s for s in state.ships)
    state = flyers.fresh(monsters.fresh(replace(state, ships=ships)))
    state = replace(state, phase=Phase.BATTLE, active=state.initiative,
                    acting=(), current="", stage="", move=None, boarded_this_turn=())
    for ship in [s for s in state.ships if s.aground and s.afloat]:
        state = movement.free_from_ground(state, dice, ship.id)
    return state


def end_phase_first(state: MowState, dice: Dice) -> MowState:
    """Pick up survivors; wreckage and debris; fire. Then the stragglers move."""
    say(dice, "end_phase", f"Turn {state.turn}: the End Phase", END, big=True)
    state = pick_up_survivors(state, dice)
    state = wreckage_and_debris(state, dice)
    state = blazes_spread(state, dice)
    order = [state.initiative, state.other(state.initiative)]
    stragglers = tuple(s.id for side in order for s in state.ships
                       if s.side == side and s.straggler and in_the_fight(s)
                       and not movement.can_move(replace(s, straggler=False)))
    return replace(state, end_step="stragglers", acting=stragglers)


def end_phase_last(state: MowState, dice: Dice) -> MowState:
    """Scuttle ships; remove counters; stragglers and flagships; the next turn."""
    for ship in [s for s in state.ships if s.scuttle and s.afloat]:
        state = scuttled(state, dice, ship)
    state = carpenters(state, dice)
    state = monsters.lair_heals(state, dice)
    ships = tuple(replace(s, no_movement=False, no_firing=False)
                  if s.no_movement or s.no_firing else s for s in state.ships)
    # Pick up Magic cards comes next: each side's Wizard discards and fills his hand
    return replace(state, ships=ships, end_step="cards", magic_step=0)


def carpenters(state: MowState, dice: Dice) -> MowState:
    """A Ship's Carpenter (a Man O' War card) mends damage markers in the End Phase."""
    from ahoy_tui.rules.man_o_war.damage import mend

    for ship in state.ships:
        count = fleet_cards.bonus(ship, "carpenter")
        if not count or not in_the_fight(ship):
            continue
        mended, taken = mend(ship, count)
        if taken:
            state = with_ship(state, mended)
            say(dice, "carpenter", f"The {ship.name}'s carpenter mends {taken} damage "
                f"marker{'s' if taken != 1 else ''}", END, side=ship.side)
    return state


def end_of_turn(state: MowState, dice: Dice) -> MowState:
    """Squadrons and stragglers judged, victory, and the next turn."""
    state = squadrons(state, dice)
    state = check_victory(state, dice)
    if state.over:
        return state
    if state.turn_limit and state.turn >= state.turn_limit:
        return turn_limit(state, dice)
    return replace(state, turn=state.turn + 1, phase=Phase.INITIATIVE, end_step="", acting=(),
                   current="", stage="")


def pick_up_survivors(state: MowState, dice: Dice) -> MowState:
    """Ships in contact with wreckage or debris take off the Admirals clinging to it."""
    for ship in [s for s in state.ships if in_the_fight(s)]:
        for marker in touching_marker(state, ship):
            mine = [c for c in marker.clinging if c.endswith(f":{ship.side}")]
            if not mine:
                continue
            kept = tuple(c for c in marker.clinging if c not in mine)
            markers = tuple(replace(m, clinging=kept) if m.id == marker.id else m
                            for m in state.markers)
            state = replace(state, markers=markers)
            if f"{wizards.CLINGING}:{ship.side}" in mine:
                state = wizards.rescued(state, dice, ship.side, ship.id)
            if f"admiral:{ship.side}" in mine:
                state = with_ship(state, replace(state.ship(ship.id), admiral=True))
                say(dice, "rescued", f"The {ship.name} picks up her side's Admiral from the "
                    "wreckage", END, side=ship.side, big=True)
    return state


def wreckage_and_debris(state: MowState, dice: Dice) -> MowState:
    """Debris goes (anyone clinging to it is lost); Wreckage becomes Debris."""
    from ahoy_tui.rules.man_o_war.damage import admiral_lost

    kept = []
    for marker in state.markers:
        if marker.kind == "debris":
            for who in marker.clinging:
                kind, side = who.split(":")
                if kind == wizards.CLINGING:
                    state = wizards.lost_with_debris(state, dice, side)
                else:
                    state = admiral_lost(state, dice, side, "with the debris")
            continue
        kept.append(replace(marker, kind="debris"))
    if state.markers:
        say(dice, "debris", "Wreckage becomes debris; old debris drifts away", END)
    return replace(state, markers=tuple(kept))


def scuttled(state: MowState, dice: Dice, ship: Ship) -> MowState:
    from ahoy_tui.rules.man_o_war.model import Marker

    card = ship.card
    if ship.scuttling_party and ship.scuttled_by:
        boarder = state.ship(ship.scuttled_by)
        if in_the_fight(boarder) and ship.id in touching(state, boarder):
            state = with_ship(state, replace(boarder, crew=boarder.crew
                                             + ship.scuttling_party))
            say(dice, "scuttling_party", f"The scuttling party returns to the {boarder.name}",
                "Scuttle ships", side=boarder.side)
        else:
            say(dice, "scuttling_party", f"The {boarder.name} is no longer in contact: the "
                "boarding crew who scuttled her are out of the game", "Scuttle ships",
                side=boarder.side)
    marker = Marker(f"wreck-{ship.id}", "wreckage", ship.x, ship.y, ship.heading, card.length,
                    card.beam, (), state.turn)
    state = with_ship(state, replace(ship, sunk=True, scuttling_party=0))
    state = replace(state, markers=(*state.markers, marker))
    if ship.captured_by and ship.captured_by != ship.side:
        state = add_honours(state, ship.captured_by, card.btw.boxes,
                            f"the {ship.name} scuttled")
    say(dice, "scuttled", f"The {ship.name} is scuttled", "Scuttle ships", side=ship.side,
        big=True)
    return state


def may_lead(ship: Ship) -> bool:
    """Whether she can still move at all (a flagship that "cannot move" gives up the flag)."""
    return not ship.immobile and bool(movement.means_of(ship))


def squadrons(state: MowState, dice: Dice) -> MowState:
    """A new flagship where the old one is lost; stragglers more than 6" from her. A Man O'
    War or Independent recaptured this turn is a straggler no longer."""
    limit = float(tables().setup["straggler"])
    for squadron in sorted({s.squadron for s in state.ships if s.squadron}):
        ships = [s for s in state.ships if s.squadron == squadron and in_the_fight(s)]
        if not ships:
            continue
        current = next((s for s in ships if s.flagship), None)
        if current is not None and may_lead(current):
            flagship = current
        else:
            old = next((s for s in state.ships if s.squadron == squadron and s.flagship), None)
            pool = [s for s in ships if may_lead(s)] or ([current] if current else ships)
            if old is not None:
                pool.sort(key=lambda s: distance(outline(s), outline(old)))
            flagship = pool[0]
            if flagship is not current:
                if old is not None:
                    state = with_ship(state, replace(state.ship(old.id), flagship=False))
                state = with_ship(state, replace(state.ship(flagship.id), flagship=True))
                say(dice, "flagship", f"The {flagship.name} takes over as flagship",
                    SQUADRONS, side=flagship.side)
            flagship = state.ship(flagship.id)
        for ship in ships:
            if ship.id == flagship.id:
                if ship.straggler:
                    state = with_ship(state, replace(state.ship(ship.id), straggler=False))
                continue
            far = distance(outline(ship), outline(flagship)) > limit
            if far != ship.straggler:
                state = with_ship(state, replace(state.ship(ship.id), straggler=far))
                say(dice, "straggler", f"The {ship.name} is a straggler, more than 6\" from "
                    "her flagship" if far else f"The {ship.name} rejoins her squadron",
                    STRAGGLERS, side=ship.side)
    for ship in [s for s in state.ships if s.straggler and not s.squadron]:
        state = with_ship(state, replace(ship, straggler=False))
        if in_the_fight(ship):
            say(dice, "straggler", f"The {ship.name} is a straggler no longer", STRAGGLERS,
                side=ship.side)
    return state


def check_victory(state: MowState, dice: Dice) -> MowState:
    if state.over:
        return state
    beaten = [side for side in state.sides
              if not any(in_the_fight(s) for s in state.ships if s.side == side)]
    if not beaten:
        return state
    if len(beaten) == 2:
        return finish(state, dice, None, "Both fleets are beaten: a draw")
    loser = beaten[0]
    winner = state.other(loser)
    return finish(state, dice, winner, f"{state.side_names[state.side_index(winner)]} win: "
                  f"every ship of {state.side_names[state.side_index(loser)]} is sunk, taken "
                  "or abandoned")


def final_honours(state: MowState) -> MowState:
    """At the end: abandoned (or scuttling) enemy ships count as sunk; with the house rule a
    prize held a full turn is worth double."""
    for ship in state.ships:
        if ship.afloat and ship.abandoned and not ship.captured_by:
            state = add_honours(state, state.other(ship.side), ship.card.btw.boxes,
                                f"the {ship.name} abandoned at the end")
        if (state.house_rule("prize_double") and ship.afloat and ship.captured_by
                and ship.captured_by != ship.side and ship.captured_turn < state.turn):
            state = add_honours(state, ship.captured_by, ship.card.btw.boxes,
                                f"the {ship.name} held a full turn as a prize")
    return state


def turn_limit(state: MowState, dice: Dice) -> MowState:
    state = final_honours(state)
    a, b = state.honours
    names = state.side_names
    text = f"{names[0]} {a}, {names[1]} {b} Battle Honours"
    if a == b:
        return finish(state, dice, None, f"The turn limit is reached: a draw ({text})")
    winner = state.sides[0] if a > b else state.sides[1]
    return finish(state, dice, winner, f"The turn limit is reached: "
                  f"{names[state.side_index(winner)]} win on Battle Honours ({text})")


def finish(state: MowState, dice: Dice, winner: str | None, result: str) -> MowState:
    say(dice, "victory", result, VICTORY, side=winner, big=True)
    state = replace(state, over=True, winner=winner, result=result, to_act=None)
    say(dice, "summary", summary(state), VICTORY)
    return state


def fate(ship: Ship) -> str:
    """What became of her, in a few words."""
    if ship.sunk:
        if ship.scuttle:
            return ("taken and scuttled" if ship.captured_by and ship.captured_by != ship.side
                    else "scuttled")
        return f"sunk (her {ship.card.btw.boxes} Battle Honours to the enemy)"
    if ship.left_table:
        return "left the battle"
    if ship.captured_by and ship.captured_by != ship.side:
        return f"taken as a prize (her {ship.card.btw.boxes} Battle Honours to her captor)"
    if ship.abandoned:
        return "abandoned"
    card = ship.card
    hit = sum(m.damaged for m in ship.marks)
    blazes = sum(m.blazing for m in ship.marks)
    words = f"afloat, {ship.crew}/{card.crew} crew, BTW {ship.btw}/{card.btw.boxes}"
    words += f", {hit} damage marker{'s' if hit != 1 else ''}" if hit else ""
    return words + (f", {blazes} blaze{'s' if blazes != 1 else ''}" if blazes else "")


def summary(state: MowState) -> str:
    """The game-over summary: each side's Battle Honours, what won each (the roll), and every
    ship's fate."""
    lines = [f"Turn {state.turn}"
             + (f"/{state.turn_limit}" if state.turn_limit else "") + ", over"]
    for index, side in enumerate(state.sides):
        lines.append(f"{state.side_names[index]}: {state.honours[index]} Battle Honours")
        lines += [f"  {h.points:+d} for {h.what}" for h in state.honour_roll if h.side == side]
        lines += [f"  {s.name} ({s.card.name}): {fate(s)}" for s in state.ships
                  if s.side == side]
        wizard = state.wizard(side)
        if wizard is not None:
            lines.append(f"  {wizards.describe(state, wizard)}")
        lines += [f"  {creatures.name(c)} (sea monster): {creatures.fate(c)}"
                  for c in state.creatures if c.side == side]
        lines += [f"  {flyers.name(f)} (flyer): " + (
            f"{flyers.wounds_left(f)}/{flyers.template(f).wounds} wounds left" if f.aloft
            else "fell") for f in state.flyers if f.side == side]
    return "\n".join(lines)
