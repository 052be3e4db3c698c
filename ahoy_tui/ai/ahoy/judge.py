"""How a captain judges a position, in Structure Points: hulls and crews kept and lost, the
damage her guns could do now and the enemy's could do back, and how close she is to the fight."""

from __future__ import annotations

from ahoy_tui.ai.ahoy.gunnery import bearing_value
from ahoy_tui.ai.ahoy.seamanship import fighting, gap, hazard_ahead
from ahoy_tui.rules.ahoy.crew import own_aboard
from ahoy_tui.rules.ahoy.model import AhoyState, Ship
from ahoy_tui.rules.ahoy.tables import tables
from ahoy_tui.rules.ahoy.terrain import in_shallows
from ahoy_tui.rules.ahoy.wind import BEATING, point_of_sail

WIN = 1000.0


def worth(ship: Ship) -> float:
    """A ship still in the fight is worth her Structure Points; a lost one costs half her
    full points more (the battle may turn on ships left afloat)."""
    if ship.withdrawn or ship.sunk or ship.struck or ship.captured_by:
        return -ship.sp_max / 2
    return float(ship.sp)


def judge(state: AhoyState, side: str, *, shooting_next: bool = True) -> float:
    """The position as ``side`` sees it (higher is better for that side)."""
    if state.over:
        return 0.0 if state.winner is None else (WIN if state.winner == side else -WIN)
    score = 0.0
    mine = [s for s in state.ships if s.side == side]
    theirs = [s for s in state.ships if s.side != side]
    score += sum(worth(s) for s in mine) - sum(worth(s) for s in theirs)
    score += 0.3 * (sum(len(own_aboard(state, s)) for s in mine if not s.sunk)
                    - sum(len(own_aboard(state, s)) for s in theirs if not s.sunk))
    own_guns = sum(bearing_value(state, s, as_crewed=shooting_next) for s in mine
                   if fighting(s))
    their_guns = sum(bearing_value(state, s) for s in theirs if fighting(s))
    ours, theirs_weight = (0.8, 0.4) if shooting_next else (0.4, 0.8)
    score += ours * own_guns - theirs_weight * their_guns
    foes = [s for s in theirs if fighting(s)]
    for ship in mine:
        if not fighting(ship) or not foes:
            continue
        nearest = min(gap(ship, f) for f in foes)
        score -= 0.04 * max(0.0, nearest - 6.0)
        if point_of_sail(ship.heading, state.wind) == BEATING:
            # Oars and steam beat more slowly too, but never go In Irons.
            score -= 0.5 if tables().power(ship.propulsion).by_wind else 0.25
        margin = min(ship.x, ship.y, state.table.width - ship.x, state.table.height - ship.y)
        if margin < 4:
            score -= (4 - margin) * 0.5
    for ship in mine:
        if ship.off_table and not ship.withdrawn:
            score -= 3.0
        score -= AGROUND_COST.get(ship.aground, 0.0)
        if ship.fend_off:
            # She struck and came free. A plan is tried on one roll of the captain's dice, so a
            # lucky one must not make striking the ground look cheap.
            score -= STRUCK_COST
        if ship.docked:
            score -= 2.0  # made fast to a quay: out of the fight
        if state.terrain and not ship.aground and ship.on_table:
            if in_shallows(state, ship) is not None:
                score -= 1.5  # an even chance of running aground at her next move
            if committed_to_strike(ship, state):
                score -= 3.0  # next move she must sail on into it before she may turn
    return score


# Stuck fast a ship may sit out the battle (a 6 to re-float); beached, two men shove her off.
AGROUND_COST = {"stuck": 8.0, "beached": 3.0}
STRUCK_COST = 5.0


def committed_to_strike(ship: Ship, state: AhoyState) -> bool:
    """A sailing ship with the ground closer ahead than the distance she must sail before her
    next turn will strike it on her next move, whatever her captain does then."""
    if not tables().power(ship.propulsion).by_wind:
        return False
    return hazard_ahead(state, ship, tables().size(ship.size).move_before_turn + 0.5)
