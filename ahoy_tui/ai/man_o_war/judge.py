"""How a captain judges where a move leaves her ship, in Battle Honours.

She fires right after she moves, so her batteries bearing on enemies, at the range bands' save
modifiers, count in full; a ram on what she touched, and boarding an enemy alongside, count by
their odds. The enemy's batteries bearing back (they move before they fire: a guess), an enemy
crew alongside strong enough to board her, and her distance from the fight count against. So
do sailing off the table, running aground, ending a sailing ship's move pointing into the wind,
lying close to the edge with her bow to it, straying more than 6" from her squadron's
flagship (a straggler can neither move nor fire in the next Battle Phase), and running into a
ship of her own side (her move ends there, against her own hull: no captain rams his own).

:func:`standing` judges a whole battle for one side: the Battle Honours won, and what is left
of each fleet.
"""

from __future__ import annotations

import math

from attrs import evolve, frozen

from ahoy_tui.ai.man_o_war import beasts
from ahoy_tui.ai.man_o_war import gunnery as gun
from ahoy_tui.ai.man_o_war.boarders import boarding_value, fight, fight_ahead, prospect
from ahoy_tui.ai.man_o_war.sight import (
    STRAGGLER,
    alongside,
    centre_gap,
    enemies,
    fighting,
    flagship_of,
    gap,
    heading_to,
    held_by_enemy,
    room_ahead,
    sails_only,
    squadron_mates,
    steps_to,
    wind_bound,
    within,
)
from ahoy_tui.rules.man_o_war.damage import with_ship
from ahoy_tui.rules.man_o_war.model import MowState, Ship
from ahoy_tui.rules.man_o_war.table import into_the_wind
from ahoy_tui.rules.man_o_war.tables import tables


@frozen
class Weights:
    """How much each part of a position counts (Battle Honours a unit)."""

    threat: float = 0.4  # the enemy's batteries bearing on her, from where they lie
    boarded: float = 0.6  # an enemy crew alongside that would win boarding her
    reach_boarded: float = 0.45  # an enemy crew within a move of her that would board her
    reach_rammed: float = 0.35  # an enemy ram within a move of her
    reach_board: float = 0.25  # an enemy within her next move that she would board
    closing: float = 0.04  # each inch farther than gun range from the nearest enemy
    lined_up: float = 0.35  # a share of a ram's worth for an enemy fine on her bow, in reach
    edge: float = 0.08  # each inch short of 6" from the edge, straight ahead
    aground: float = 3.0
    into_wind: float = 0.5
    straggler: float = 1.2
    fouled: float = 1.0  # her move ends against a ship of her own side (no ram: a collision)


WEIGHTS = Weights()
LATE = 3  # turns before the turn limit from which the Battle Honours as they stand tell


def weights_for(state: MowState, side: str, base: Weights = WEIGHTS) -> Weights:
    """The weights as the battle stands: with the turn limit near and no lead in Battle
    Honours, a draw is no better than a gamble, so she closes and boards more boldly and fears
    the enemy's reply less; with a lead, she guards it."""
    if not state.turn_limit:
        return base
    left = state.turn_limit - state.turn
    if left >= LATE:
        return base
    index = state.side_index(side)
    lead = state.honours[index] - state.honours[1 - index]
    share = (left + 1) / (LATE + 1)  # 3/4, 1/2, 1/4 on the last three turns
    if lead <= 0:
        return evolve(base, threat=base.threat * share, reach_boarded=base.reach_boarded * share,
                      reach_rammed=base.reach_rammed * share, boarded=base.boarded * share,
                      closing=base.closing * 2, reach_board=base.reach_board * 1.5)
    return evolve(base, threat=base.threat * 1.5, reach_boarded=base.reach_boarded * 1.5,
                  reach_rammed=base.reach_rammed * 1.5, closing=base.closing * share)
EDGE_ROOM = 6.0
GUN_RANGE = 6.0  # inches: closer than this the closing term no longer pulls
TURN = float(tables().movement["turn_cost"])  # inches of a move each point turned costs
BEATING = 0.25  # the least share of her way a beat towards an enemy up the wind is reckoned to gain


def rams_now(ship: Ship) -> bool:
    """Whether she may ram at all (a ram, and oars or steam to drive it)."""
    move = ship.card.move
    return bool(ship.card.ram and not ship.no_ram
                and ((move.oars and not ship.no_oars) or move.steam))


def lined_up(state: MowState, ship: Ship) -> float:
    """A ram to come: the best ram's worth on an enemy fine on her bow, within a move."""
    if not rams_now(ship):
        return 0.0
    reach = max(ship.card.move.ramming, ship.card.move.oars, ship.card.move.steam) + 1
    best = 0.0
    for foe in enemies(state, ship.side):
        d = gap(ship, foe)
        if d < 3.0 or d > reach:
            continue
        if abs(steps_to(ship.heading, heading_to(ship, foe.x, foe.y))) > 0:
            continue
        best = max(best, gun.ram_value(ship, foe))
    return best


def position(state: MowState, ship: Ship, *, touched: str = "", ram: bool = False,
             fires: bool = True, may_board: bool = True, w: Weights = WEIGHTS) -> float:
    """Where a move leaves ``ship`` (her new self), as her side sees it, before she fires
    (``fires``: she fires and may board after this move; a straggler moving in the End Phase
    does neither)."""
    if ship.left_table:
        return -(gun.worth(ship) + 4.0)
    if ship.sunk:
        return -(gun.worth(ship) + 4.0)
    state = with_ship(state, ship)
    score = gun.firepower(state, ship) if fires else 0.0
    if touched and ram:
        score += beasts.ram_worth(state, ship, touched)
    if touched and state.has_ship(touched) and not held_by_enemy(state.ship(touched), ship.side):
        score -= w.fouled  # run into her own: her way blocked, and never a ram
    touched_now = alongside(state, ship)
    foes_alongside = [s for s in touched_now if s.side != ship.side and fighting(s)]
    if fires and may_board and ship.crew:
        score += 0.9 * max((prospect(state, ship, foe) for foe in touched_now), default=0.0)
    for foe in foes_alongside:
        theirs = boarding_value(fight(state, foe, ship))
        if theirs > 0:
            score -= w.boarded * theirs
    score -= reach_threats(state, ship, foes_alongside, w)
    for foe in enemies(state, ship.side):
        if gun.within_reach(foe, ship):
            score -= w.threat * gun.firepower(state, foe, fresh=True, only=ship)
    score += w.lined_up * lined_up(state, ship)
    score -= w.closing * approach(state, ship)
    room = room_ahead(state, ship)
    if room < EDGE_ROOM:
        score -= w.edge * (EDGE_ROOM - room)
    if ship.aground:
        score -= w.aground
    if wind_bound(state, ship, ship.heading):
        score -= w.into_wind
    score -= w.straggler * _straying(state, ship)
    return score


def approach(state: MowState, ship: Ship) -> float:
    """Inches she has still to go to bring the nearest enemy within gun range: the gap, and
    2" for each point she must turn to point at her (one point off is close enough)."""
    foes = enemies(state, ship.side)
    if not foes:
        return 0.0
    near = min(foes, key=lambda e: centre_gap(ship, e))
    d = gap(ship, near)
    if d <= GUN_RANGE:
        return 0.0
    toward = heading_to(ship, near.x, near.y)
    if not sails_only(ship) or not into_the_wind(state, toward):
        off = abs(steps_to(ship.heading, toward))
        return d - GUN_RANGE + TURN * max(0, off - 1)
    # The enemy lies up the wind of a ship that has only her sails: she beats towards her on
    # the heading out of the wind that gains most, and the way is longer the wider it runs.
    bearing = math.atan2(near.x - ship.x, -(near.y - ship.y))
    best = math.inf
    for heading in range(8):
        if into_the_wind(state, heading) or room_ahead(state, ship, heading) < EDGE_ROOM:
            continue
        gain = math.cos(bearing - math.radians(45 * heading))
        off = abs(steps_to(ship.heading, heading))
        best = min(best, (d - GUN_RANGE) / max(gain, BEATING) + TURN * max(0, off - 1))
    return best


def reach(ship: Ship) -> float:
    """The most inches she may move in a Battle Phase, however she goes."""
    move = ship.card.move
    fastest = max(move.sail if not ship.no_sail else 0.0, move.astern if not ship.no_sail
                  else 0.0, move.oars if not ship.no_oars else 0.0,
                  move.ramming if not ship.no_oars else 0.0, move.steam, move.magic)
    return 0.0 if ship.immobile else max(0.0, fastest - ship.speed_lost)


def reach_threats(state: MowState, ship: Ship, alongside: list[Ship], w: Weights) -> float:
    """What enemies within a move of her threaten: a boarding action they would win, a ram;
    and what she threatens in turn: a boarding action she would win next turn."""
    total = 0.0
    mine = reach(ship)
    for foe in enemies(state, ship.side):
        if foe in alongside or foe.straggler:
            continue
        theirs = reach(foe) if not foe.no_movement else 0.0
        if not within(ship, foe, max(theirs, mine)):
            continue
        d = gap(ship, foe)
        soon = 1.0 if not foe.activated else 0.6
        if d <= theirs:
            boarding = boarding_value(fight_ahead(foe, ship))
            if boarding > 0:
                total += w.reach_boarded * soon * boarding
        if rams_now(foe) and 1.0 <= d <= theirs:
            facing = abs(steps_to(foe.heading, heading_to(foe, ship.x, ship.y)))
            aligned = 1.0 if facing == 0 else 0.5 if facing == 1 else 0.2
            total += w.reach_rammed * soon * aligned * gun.ram_value(foe, ship)
        if d <= mine and ship.crew:
            mine = boarding_value(fight_ahead(ship, foe))
            if mine > 0:
                total -= w.reach_board * mine
    return total


def _straying(state: MowState, ship: Ship) -> float:
    """How far she strays from her squadron: 1 and more past 6" from her flagship (for a
    flagship, from the squadron's ships still to follow her)."""
    flagship = flagship_of(state, ship)
    if flagship is not None:
        d = gap(ship, flagship)
        return 0.0 if d <= STRAGGLER - 0.5 else 1.0 + (d - STRAGGLER) * 0.1
    if not ship.flagship:
        return 0.0
    worst = 0.0
    for mate in squadron_mates(state, ship):
        if mate.activated or mate.straggler:
            continue
        reach = max(mate.card.move.sail, mate.card.move.oars, mate.card.move.steam,
                    mate.card.move.magic)
        d = gap(ship, mate) - reach
        if d > STRAGGLER - 0.5:
            worst = max(worst, 0.5 + (d - STRAGGLER) * 0.1)
    return worst


def ship_value(ship: Ship) -> float:
    """What a ship of this side still in the fight is worth: her honours, as much as is left of
    her below the waterline, her crew and her batteries."""
    if not fighting(ship):
        return 0.0
    card = ship.card
    hull = gun.worth(ship) * (card.btw.boxes - ship.btw + 1) / (card.btw.boxes + 1)
    crew = 0.3 * ship.crew
    batteries = 0.2 * sum(ship.batteries_left(i) for i in range(len(card.batteries)))
    return hull + crew + batteries + 1.0


def standing(state: MowState, side: str) -> float:
    """The battle as ``side`` sees it: honours won and lost, and what is left of each fleet."""
    if state.over:
        if state.winner is None:
            return 0.0
        return 100.0 if state.winner == side else -100.0
    mine, theirs = state.honours[state.side_index(side)], \
        state.honours[1 - state.side_index(side)]
    score = float(mine - theirs)
    for ship in state.ships:
        value = ship_value(ship)
        score += value if ship.side == side else -value
    return score

