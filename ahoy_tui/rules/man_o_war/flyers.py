"""Airpower and Anti-flyer weapons (seed "Airpower", "Anti-flyer weapons"): flyers activated as
squadrons or independents, flying over anything whatever the wind, the target's defensive
fire, special attacks, boarding actions, flyers against flyers, wounds and the Rider, spells
on flyers, and the Men O' War's anti-flyer weapons.

Readings (docs/rules/man-o-war.md, M38-M41):

- A flyer turns freely and flies in a straight line, over ships, monsters and ground alike: at
  a target (stopping in base contact) or along a compass point, up to its move. It never
  leaves the table. The flyers of a squadron fly one after another.
- A hit on a flyer (defensive fire, an anti-flyer weapon's shot, a bomb, a spell's point is a
  wound of its own) rolls a D6 on its template: the Rider's scores, the beast's, or a miss.
  A failed save on the beast is a wound; on the Rider, the flyer is removed. "The same
  location hit twice is another wound": every failed save on the beast is already one.
- Defensive fire: the moment an attacking flyer touches its target, the target rolls a die a
  crew counter (a sea monster a die a wound left, a Dark Elf monster one, a flyer its
  defensive dice) as hits on the flyer; with the house rule ``flyer_first`` it comes after the
  flyer's special attack instead.
- A bomb rolling its miss number or less misses; any other strikes the target: a ship high
  (where she has the split bar), a sea monster (its save, or a wound, and it dives), a flyer
  (a hit on its template).
- The boarding action against a ship: D6 + its wounds left (+ its bonus when attacking)
  against D6 + her crew (no cannons). The loser loses a crew counter or takes a wound; on a
  draw neither. The flyer winning, it fights on; the ship winning or drawing chooses to fight
  on or drive it off (1" away, its turn over). Against a flyer or a sea monster, close combat:
  D6 + wounds a side, the loser a wound, both on a draw; the defender winning fights on or
  drives the attacker off 1", otherwise the attacker fights on or breaks off.
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
    hull,
    nearest_point,
)
from ahoy_tui.rules.man_o_war import creatures, damage
from ahoy_tui.rules.man_o_war.bestiary import FlyerTemplate, bestiary
from ahoy_tui.rules.man_o_war.damage import add_honours, saves, say
from ahoy_tui.rules.man_o_war.model import Duel, Flight, Flyer, MowState, Ship
from ahoy_tui.rules.man_o_war.table import (
    CONTACT,
    away_from,
    clear_run,
    creature_outline,
    outline,
    to_edge,
)

AIRPOWER = "Airpower"
MOVEMENT = "Airpower: Movement"
DEFENSIVE = "Airpower: Defensive fire"
ATTACKS = "Airpower: Attacks"
WOUNDS = "Airpower: Wounds"
ANTI_FLYER = "Anti-flyer weapons"


def template(flyer: Flyer) -> FlyerTemplate:
    return bestiary().flyer(flyer.kind)


def name(flyer: Flyer) -> str:
    return template(flyer).name


def called(state: MowState, flyer: Flyer) -> str:
    """The flyer's name, told apart from others of its kind by a number in the order they
    were bought: "Great Eagle 2" ("Great Eagle" when it is the only one)."""
    alike = [f.id for f in state.flyers if f.kind == flyer.kind]
    if len(alike) < 2 or flyer.id not in alike:
        return name(flyer)
    return f"{name(flyer)} {alike.index(flyer.id) + 1}"


def body(flyer: Flyer) -> Polygon:
    card = template(flyer)
    return hull(flyer.x, flyer.y, flyer.heading, card.length, card.beam)


def wounds_left(flyer: Flyer) -> int:
    return max(0, template(flyer).wounds - flyer.wounds)


def with_flyer(state: MowState, flyer: Flyer) -> MowState:
    return replace(state, flyers=tuple(flyer if f.id == flyer.id else f for f in state.flyers))


def target_outline(state: MowState, target_id: str) -> Polygon:
    """Whatever a flyer may attack: a ship's hull, a monster's body, a flyer's."""
    if state.has_flyer(target_id):
        return body(state.flyer(target_id))
    if state.has_creature(target_id):
        return creature_outline(state.creature(target_id))
    return outline(state.ship(target_id))


def target_name(state: MowState, target_id: str) -> str:
    if state.has_flyer(target_id):
        return name(state.flyer(target_id))
    if state.has_creature(target_id):
        return creatures.name(state.creature(target_id))
    return state.ship(target_id).name


# --- who flies ---------------------------------------------------------------------------------

def units(state: MowState, side: str) -> list[str]:
    """The side's flyers still to act this Battle Phase, a squadron or an independent each."""
    found: list[str] = []
    for flyer in state.flyers:
        if flyer.side == side and flyer.aloft and not flyer.activated:
            unit = flyer.squadron or flyer.id
            if unit not in found:
                found.append(unit)
    return found


def unit_flyers(state: MowState, unit: str) -> tuple[str, ...]:
    return tuple(f.id for f in state.flyers if (f.squadron or f.id) == unit and f.aloft
                 and not f.activated)


def is_unit(state: MowState, unit: str) -> bool:
    return any((f.squadron or f.id) == unit for f in state.flyers)


def unit_name(state: MowState, unit: str) -> str:
    found = [f for f in state.flyers if (f.squadron or f.id) == unit]
    if len(found) == 1 and not found[0].squadron:
        return f"the {called(state, found[0])}"
    return f"the squadron of {len(found)} {name(found[0])}s"


def activate(state: MowState, dice: Dice, unit: str) -> MowState:
    flying = unit_flyers(state, unit)
    side = state.flyer(flying[0]).side
    say(dice, "activate", f"{state.side_name(side)} activate {unit_name(state, unit)}",
        AIRPOWER, side=side)
    return replace(state, flight=Flight(flying[0], flying[1:]))


def targets(state: MowState, flyer: Flyer) -> list[str]:
    """What it may attack: the enemy's ships still fighting, its sea monsters on the surface,
    its flyers; the nearest first."""
    found = [s.id for s in state.ships if s.in_the_fight and s.holder != flyer.side]
    found += [c.id for c in state.creatures if c.surfaced and c.side != flyer.side]
    found += [f.id for f in state.flyers if f.aloft and f.side != flyer.side]
    mine = body(flyer)
    return sorted(found, key=lambda t: (distance(mine, target_outline(state, t)), t))


# --- flying ------------------------------------------------------------------------------------





def flight_end(state: MowState, flyer: Flyer, toward: str, heading: int,
               inches: int) -> tuple[Flyer, float, str, bool]:
    """Where ``Fly(toward, heading, inches)`` takes the flyer, said before it flies: the flyer
    moved, how far, the words for where, and whether it ends in base contact with ``toward``."""
    card = template(flyer)
    if toward:
        goal = target_outline(state, toward)
        point = nearest_point(goal, (flyer.x, flyer.y))
        dx, dy = point[0] - flyer.x, point[1] - flyer.y
        length = math.hypot(dx, dy) or 1.0
        direction = (dx / length, dy / length)
        turned = replace(flyer, heading=compass_toward((flyer.x, flyer.y), point, flyer.heading))
        limit = clear_run(body(turned), direction, card.move, [goal])
        words = f"at the {target_name(state, toward)}"
    else:
        direction = UNIT[heading % 8]
        turned = replace(flyer, heading=heading % 8)
        limit = min(float(inches), card.move)
        words = heading_name(heading % 8)
    limit = min(limit, to_edge(state, body(turned), direction))
    moved = replace(turned, x=clean(turned.x + direction[0] * limit),
                    y=clean(turned.y + direction[1] * limit))
    contact = bool(toward) and distance(body(moved), target_outline(state, toward)) <= CONTACT
    return moved, limit, words, contact


def fly(state: MowState, dice: Dice, toward: str, heading: int, inches: int) -> MowState:
    """Fly straight at ``toward`` (stopping in base contact) or ``inches`` along ``heading``,
    over anything in the way."""
    flight = state.flight
    assert flight is not None
    flyer = state.flyer(flight.flyer)
    card = template(flyer)
    moved, limit, words, contact = flight_end(state, flyer, toward, heading, inches)
    state = with_flyer(state, moved)
    say(dice, "flew", f"The {card.name} flies {limit:.1f}\" {words}"
        + (": base to base, it attacks!" if contact else ""), MOVEMENT, side=flyer.side,
        ship=flyer.id, big=contact)
    if not contact:
        return replace(state, flight=replace(flight, stage="done"))
    state = replace(state, flight=replace(flight, stage="attack", target=toward))
    if state.house_rule("flyer_first"):
        return state  # the target's defensive fire answers its special attack instead
    return defensive_fire(state, dice, moved.id, toward)


def end_flight(state: MowState) -> MowState:
    flight = state.flight
    assert flight is not None
    return replace(state, flight=replace(flight, stage="done"))


# --- hits and wounds ----------------------------------------------------------------------

def defensive_dice(state: MowState, target_id: str) -> int:
    """Dice of defensive fire: a ship's crew counters, a sea monster's wounds (a Dark Elf
    monster's one), a flyer's defensive armament."""
    if state.has_flyer(target_id):
        return template(state.flyer(target_id)).defence
    if state.has_creature(target_id):
        beast = state.creature(target_id)
        if state.races[state.side_index(beast.side)] == "dark_elves":
            return 1
        return creatures.wounds_left(beast)
    ship = state.ship(target_id)
    return 0 if ship.abandoned or ship.captured_by else ship.crew


def defensive_fire(state: MowState, dice: Dice, flyer_id: str, target_id: str) -> MowState:
    flight = state.flight
    if flight is not None:
        state = replace(state, flight=replace(flight, fired_on=True))
    count = defensive_dice(state, target_id) if _standing(state, target_id) else 0
    target = target_name(state, target_id)
    if not count:
        return state
    say(dice, "defensive_fire", f"The {target} fires back: {count} "
        f"{'die' if count == 1 else 'dice'} at the {name(state.flyer(flyer_id))}", DEFENSIVE,
        side=state.flyer(flyer_id).side, ship=flyer_id)
    by = _side_of(state, target_id)
    for _ in range(count):
        if not state.flyer(flyer_id).aloft:
            break
        state = hit(state, dice, flyer_id, 0, f"the {target}'s defensive fire", DEFENSIVE, by)
    return state


def _side_of(state: MowState, thing: str) -> str:
    if state.has_flyer(thing):
        return state.flyer(thing).side
    if state.has_creature(thing):
        return state.creature(thing).side
    return state.ship(thing).holder


def hit(state: MowState, dice: Dice, flyer_id: str, modifier: int, cause: str, rule: str,
        by: str) -> MowState:
    """A hit on a flyer: a D6 on its template (Rider, beast, or a miss), then its save."""
    flyer = state.flyer(flyer_id)
    card = template(flyer)
    score = dice.d6(f"{cause}: where it strikes the {card.name}", rule, side=flyer.side,
                    ship=flyer.id)
    struck = card.struck(score)
    dice.judge({"rider": "the Rider", "beast": f"the {card.name}", "": "a miss"}[struck])
    if not struck:
        return state
    need = card.rider_save if struck == "rider" else card.beast_save
    roll = dice.d6(f"{card.name}: save ({'the Rider' if struck == 'rider' else 'the beast'})",
                   rule, side=flyer.side, ship=flyer.id)
    ok = saves(roll, need, modifier)
    mod = f" ({'+' if modifier >= 0 else '−'}{abs(modifier)})" if modifier else ""
    dice.judge("saved" if ok else "failed", f"{need}+{mod}")
    if ok:
        return state
    if struck == "rider":
        return _dead(state, dice, flyer_id, by, f"its Rider is killed by {cause}")
    return wound(state, dice, flyer_id, 1, by=by, cause=cause)


def wound(state: MowState, dice: Dice, flyer_id: str, count: int, *, by: str = "",
          cause: str = "") -> MowState:
    flyer = state.flyer(flyer_id)
    if count <= 0 or not flyer.aloft:
        return state
    card = template(flyer)
    taken = min(count, wounds_left(flyer))
    flyer = replace(flyer, wounds=flyer.wounds + taken)
    state = with_flyer(state, flyer)
    say(dice, "flyer_wounded", f"The {card.name} takes {taken} wound{'s' if taken != 1 else ''}"
        + (f" from {cause}" if cause else "") + f" ({wounds_left(flyer)} of {card.wounds} left)",
        WOUNDS, side=flyer.side, ship=flyer.id, big=True)
    if wounds_left(flyer):
        return state
    return _dead(state, dice, flyer_id, by, "its last wound taken")


def _dead(state: MowState, dice: Dice, flyer_id: str, by: str, how: str) -> MowState:
    flyer = state.flyer(flyer_id)
    card = template(flyer)
    state = with_flyer(state, replace(flyer, fate="dead", activated=True))
    winner = by if by and by != flyer.side else state.other(flyer.side)
    state = add_honours(state, winner, card.honours, f"the {called(state, flyer)} brought down")
    say(dice, "flyer_down", f"The {card.name} falls: {how}. {state.side_name(winner)} win "
        f"{card.honours} Battle Honours", WOUNDS, side=flyer.side, ship=flyer.id, big=True)
    return state


# --- attacks ------------------------------------------------------------------------------

def bomb(state: MowState, dice: Dice, target_id: str) -> MowState:
    """Its special attack: each bomb or missile on the target it touches."""
    flight = state.flight
    assert flight is not None
    flyer = state.flyer(flight.flyer)
    card = template(flyer)
    state = replace(state, flight=replace(flight, bombed=True))
    source = f"The {card.name}'s {card.bomb_name}"
    say(dice, "bombs", f"{source}: at the {target_name(state, target_id)}!", ATTACKS,
        side=flyer.side, ship=flyer.id, big=True)
    for number in range(card.bombs):
        if not _standing(state, target_id):
            break
        roll = dice.d6(f"{card.bomb_name} {number + 1}: does it strike?", ATTACKS,
                       side=flyer.side, ship=flyer.id)
        if roll <= card.bomb_miss:
            dice.judge("a miss", f"{card.bomb_miss + 1}+")
            continue
        dice.judge("it strikes", f"{card.bomb_miss + 1}+")
        state = _bombed(state, dice, flyer, target_id, source)
    if state.house_rule("flyer_first") and not flight.fired_on and state.flyer(flyer.id).aloft:
        state = defensive_fire(state, dice, flyer.id, target_id)
    return state


def crew_fight(state: MowState, target_id: str) -> bool:
    """Whether there is anyone to fight aboard: a flyer or a monster still up, or a ship with
    crew left ("The boarding action continues until the flyer or the ship's crew is dead")."""
    if not _standing(state, target_id):
        return False
    if state.has_ship(target_id):
        ship = state.ship(target_id)
        return ship.crew > 0 and not ship.abandoned
    return True


def _standing(state: MowState, target_id: str) -> bool:
    if state.has_flyer(target_id):
        return state.flyer(target_id).aloft
    if state.has_creature(target_id):
        return state.creature(target_id).surfaced
    return state.ship(target_id).afloat


def _bombed(state: MowState, dice: Dice, flyer: Flyer, target_id: str,
            source: str) -> MowState:
    card = template(flyer)
    if state.has_flyer(target_id):
        return hit(state, dice, target_id, card.bomb_save, source, ATTACKS, flyer.side)
    if state.has_creature(target_id):
        beast = state.creature(target_id)
        if creatures.save(dice, beast, card.bomb_save, source, ATTACKS):
            return state
        return wounded_by_a_flyer(state, dice, target_id, 1, flyer.side, source)
    ship = state.ship(target_id)
    aim = "high" if ship.card.split else ""
    return damage.hit_ship(state, dice, target_id, aim=aim, save_modifier=card.bomb_save,
                           source=source, by=flyer.side)


def wounded_by_a_flyer(state: MowState, dice: Dice, creature_id: str, count: int, by: str,
                       cause: str) -> MowState:
    """A sea monster wounded by a flyer dives for a turn."""
    state = creatures.wound(state, dice, creature_id, count, by=by, cause=cause)
    beast = state.creature(creature_id)
    if beast.surfaced:
        state = creatures.with_creature(state, replace(beast, where="submerged",
                                                       dived=state.turn))
        say(dice, "dived", f"Wounded by a flyer, the {creatures.name(beast)} dives",
            ATTACKS, side=beast.side, ship=beast.id)
    return state


def grapple(state: MowState, dice: Dice, target_id: str) -> MowState:
    """A boarding action against a ship, or close combat with a flyer or a sea monster."""
    flight = state.flight
    assert flight is not None
    flyer = state.flyer(flight.flyer)
    words = "boards" if state.has_ship(target_id) else "closes with"
    say(dice, "grapple", f"The {name(flyer)} {words} the {target_name(state, target_id)}!",
        ATTACKS, side=flyer.side, ship=flyer.id, big=True)
    state = replace(state, flight=replace(flight, fought=True),
                    duel=Duel(flyer.id, target_id))
    return duel_round(state, dice)


def duel_round(state: MowState, dice: Dice) -> MowState:
    """Rounds of the fight until one side must choose, or it is over."""
    for _ in range(60):
        fight = state.duel
        if fight is None:
            return state
        flyer = state.flyer(fight.flyer)
        if not flyer.aloft or not crew_fight(state, fight.target):
            return _fight_over(state, dice)
        card = template(flyer)
        a_roll = dice.d6(f"{card.name}: close combat", ATTACKS, side=flyer.side,
                         ship=flyer.id)
        a_total = a_roll + wounds_left(flyer) + card.attack_bonus
        dice.judge(f"+{wounds_left(flyer)} wounds" + (f" +{card.attack_bonus} attacking"
                                                      if card.attack_bonus else "")
                   + f" = {a_total}")
        if state.has_ship(fight.target):
            state, decision = _against_ship(state, dice, flyer, fight.target, a_total)
        else:
            state, decision = _against_beast(state, dice, flyer, fight.target, a_total)
        fight = state.duel
        if fight is None:
            return state
        if not state.flyer(flyer.id).aloft or not crew_fight(state, fight.target):
            return _fight_over(state, dice)
        if decision:
            return replace(state, duel=replace(fight, decision=decision))
    return replace(state, duel=None)


def _fight_over(state: MowState, dice: Dice) -> MowState:
    """The fight ends: the flyer or what it fought is dead or gone (a ship's last crew counter
    lost ends her boarding action, said so)."""
    fight = state.duel
    if fight is not None and state.has_ship(fight.target) and state.ship(fight.target).afloat \
            and state.flyer(fight.flyer).aloft:
        ship = state.ship(fight.target)
        say(dice, "flyer_fight_over", f"The {ship.name}'s crew are all dead: the "
            f"{name(state.flyer(fight.flyer))}'s boarding action is over", ATTACKS,
            side=ship.side, ship=ship.id)
    return replace(state, duel=None)


def _against_ship(state: MowState, dice: Dice, flyer: Flyer, ship_id: str,
                  a_total: int) -> tuple[MowState, str]:
    ship = state.ship(ship_id)
    roll = dice.d6(f"{ship.name}: fighting off the {name(flyer)}", ATTACKS, side=ship.side,
                   ship=ship.id)
    total = roll + ship.crew
    dice.judge(f"+{ship.crew} crew = {total}")
    if a_total > total:
        say(dice, "flyer_wins", f"The {name(flyer)} wins ({a_total} to {total})", ATTACKS,
            side=flyer.side, ship=flyer.id)
        state = damage.lose_crew(state, dice, ship_id, 1, f"the {name(flyer)}")
        return state, ""  # it fights on
    if total > a_total:
        say(dice, "flyer_beaten", f"The {ship.name}'s crew win ({total} to {a_total})",
            ATTACKS, side=ship.side, ship=ship.id)
        state = wound(state, dice, flyer.id, 1, by=ship.holder, cause=f"the {ship.name}'s crew")
    else:
        say(dice, "flyer_draw", f"Neither gives way ({total} each)", ATTACKS, side=ship.side,
            ship=ship.id)
    return state, "defender"


def _against_beast(state: MowState, dice: Dice, flyer: Flyer, target_id: str,
                   a_total: int) -> tuple[MowState, str]:
    """Close combat: D6 + wounds a side; the loser a wound, both on a draw."""
    if state.has_flyer(target_id):
        other = state.flyer(target_id)
        left, side, label = wounds_left(other), other.side, name(other)
    else:
        beast = state.creature(target_id)
        left, side, label = creatures.wounds_left(beast), beast.side, creatures.name(beast)
    roll = dice.d6(f"{label}: close combat", ATTACKS, side=side, ship=target_id)
    total = roll + left
    dice.judge(f"+{left} wounds = {total}")
    hurt_flyer = total >= a_total
    hurt_target = a_total >= total
    say(dice, "close_combat", f"The {name(flyer)} {a_total}, the {label} {total}"
        + (": both take a wound" if hurt_flyer and hurt_target else ""), ATTACKS,
        side=flyer.side, ship=flyer.id)
    if hurt_target:
        if state.has_flyer(target_id):
            state = wound(state, dice, target_id, 1, by=flyer.side, cause=f"the {name(flyer)}")
        else:
            state = wounded_by_a_flyer(state, dice, target_id, 1, flyer.side,
                                       f"the {name(flyer)}")
    if hurt_flyer:
        state = wound(state, dice, flyer.id, 1, by=side, cause=f"the {label}")
    return state, "defender" if total > a_total else "attacker"


def _middle(poly: Polygon) -> Point:
    return sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly)


def duel_decider(state: MowState) -> str:
    fight = state.duel
    assert fight is not None
    if fight.decision == "attacker":
        return state.flyer(fight.flyer).side
    return _side_of(state, fight.target)


def duel_choice(state: MowState, dice: Dice, choice: str) -> MowState:
    fight = state.duel
    assert fight is not None
    flyer = state.flyer(fight.flyer)
    if choice == "fight_on":
        say(dice, "fight_on", f"{state.side_name(duel_decider(state))} fight on", ATTACKS,
            side=duel_decider(state))
        return duel_round(replace(state, duel=replace(fight, decision="")), dice)
    flight = state.flight
    state = replace(state, duel=None,
                    flight=replace(flight, stage="done") if flight is not None else None)
    if choice == "break_off":
        say(dice, "break_off", f"The {name(flyer)} breaks off", ATTACKS, side=flyer.side,
            ship=flyer.id)
        return state
    goal = target_outline(state, fight.target)
    direction = away_from((flyer.x, flyer.y), goal, _middle(goal))
    step = min(bestiary().retreat, to_edge(state, body(flyer), direction))
    state = with_flyer(state, replace(flyer, x=clean(flyer.x + direction[0] * step),
                                      y=clean(flyer.y + direction[1] * step)))
    say(dice, "driven_off", f"The {name(flyer)} is driven off, 1\" away: its turn ends",
        ATTACKS, side=flyer.side, ship=flyer.id)
    return state


def flight_step(state: MowState, dice: Dice) -> tuple[MowState, bool]:
    """Carry the flying unit on: the state, and whether its side must choose now."""
    for _ in range(20):
        flight = state.flight
        if flight is None:
            return state, False
        flyer = state.flyer(flight.flyer)
        if flight.stage == "attack" and (not flyer.aloft or not _standing(state, flight.target)
                                         or (flight.bombed and flight.fought)):
            state = replace(state, flight=replace(flight, stage="done"))
            continue
        if flight.stage == "fly" and not flyer.aloft:
            state = replace(state, flight=replace(flight, stage="done"))
            continue
        if flight.stage != "done":
            return state, True
        if flyer.aloft:
            state = with_flyer(state, replace(flyer, activated=True))
        waiting = tuple(f for f in flight.waiting if state.flyer(f).aloft)
        if waiting:
            state = replace(state, flight=Flight(waiting[0], waiting[1:]))
            continue
        return replace(state, flight=None), False
    return state, False


def fresh(state: MowState) -> MowState:
    """A new Battle Phase: every flyer may act again; every anti-flyer weapon may fire."""
    if state.flyers:
        state = replace(state, flyers=tuple(replace(f, activated=False) if f.activated
                                            and f.aloft else f for f in state.flyers))
    if any(s.anti_flyer_fired for s in state.ships):
        state = replace(state, ships=tuple(replace(s, anti_flyer_fired=False)
                                           if s.anti_flyer_fired else s for s in state.ships))
    return state


# --- anti-flyer weapons ----------------------------------------------------------------------

def anti_flyer_targets(state: MowState, ship: Ship) -> list[str]:
    """The enemy flyers her anti-flyer weapon reaches, if she has one and has not fired it."""
    if not ship.anti_flyer or ship.anti_flyer_fired or not state.flyers:
        return []
    reach = bestiary().anti_flyer.range
    mine = outline(ship)
    return [f.id for f in state.flyers if f.aloft and f.side != ship.holder
            and distance(mine, body(f)) <= reach + 1e-9]


def fire_anti_flyer(state: MowState, dice: Dice, ship_id: str, flyer_id: str) -> MowState:
    """After her cannons, her anti-flyer weapon at one flyer in range: its shots, each a hit on
    the flyer's template."""
    ship = state.ship(ship_id)
    gun = bestiary().anti_flyer
    state = damage.with_ship(state, replace(ship, anti_flyer_fired=True))
    say(dice, "anti_flyer", f"The {ship.name}'s anti-flyer weapon fires at the "
        f"{name(state.flyer(flyer_id))}", ANTI_FLYER, side=ship.side, ship=ship.id)
    for _ in range(gun.shots):
        if not state.flyer(flyer_id).aloft:
            break
        state = hit(state, dice, flyer_id, gun.save, f"the {ship.name}'s anti-flyer weapon",
                    ANTI_FLYER, ship.holder)
    return state


def spell_wounds(state: MowState, dice: Dice, flyer_id: str, amount: int, by: str,
                 cause: str) -> MowState:
    """A spell that damages, sets ablaze or kills crew: a wound a point."""
    return wound(state, dice, flyer_id, amount, by=by, cause=cause)
