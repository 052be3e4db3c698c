"""The Turn Sequence: Orders, Movement, Shooting, Boarding, End Phase.

Three secret sheets a turn, each sealed by both sides in turn and revealed together
(:mod:`ahoy_tui.engine.orders`): the speed declarations, the orders, and the fire plan. Each
reveal plays the phases that follow it to the next decision: the orders' reveal changes speeds
and moves every ship at once; the fire plans' reveal shoots, boards, fights fires and ends the
turn.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.orders import Sealed, revealed_event, sealed_event
from ahoy_tui.rules.naval_battle import boarding, crew, fires, movement, shooting
from ahoy_tui.rules.naval_battle.actions import Action, DeclareSpeed, FirePlan, GiveOrders
from ahoy_tui.rules.naval_battle.model import (
    NavalState,
    Phase,
    SideOrders,
    SidePlan,
    SideSpeeds,
)
from ahoy_tui.rules.naval_battle.tables import tables

TURN_SEQUENCE = "The Turn Sequence"
ORDERS_PHASE = "The Orders Phase"
CHANGING_SPEED = "Changing speed"
SHOOTING = "Shooting"


def sides_in_play(state: NavalState) -> tuple[str, ...]:
    """The sides that still have a ship in the battle, in seat order."""
    return tuple(side for side, _ in state.sides if state.side_ships(side))


def apply_action(state: NavalState, action: Action) -> tuple[NavalState, list[Event]]:
    events: list[Event] = []
    dice = Dice(state.rng, events)
    match action:
        case DeclareSpeed():
            state = replace(state, declared=state.declared.seal(
                action.side, SideSpeeds(action.ships)))
            events.append(sealed_event(action.side, state.side_name(action.side),
                                       "speed declarations", CHANGING_SPEED))
            if state.declared.complete(sides_in_play(state)):
                state = _reveal_speeds(state, events)
            else:
                state = replace(state, to_act=next_to_seal(state.declared, state))
        case GiveOrders():
            state = replace(state, orders=state.orders.seal(action.side,
                                                              SideOrders(action.ships)))
            events.append(sealed_event(action.side, state.side_name(action.side), "orders",
                                       ORDERS_PHASE))
            if state.orders.complete(sides_in_play(state)):
                state = _reveal_orders(state, dice, events)
            else:
                state = replace(state, to_act=next_to_seal(state.orders, state))
        case FirePlan():
            state = replace(state, plans=state.plans.seal(action.side, SidePlan(action.shots)))
            events.append(sealed_event(action.side, state.side_name(action.side), "fire plan",
                                       SHOOTING))
            state = _after_plan(state, dice, events)
    if not state.over and state.phase != Phase.DECLARE:  # a new turn has its luck back
        state = crew.mark_luck(state, events)
    return replace(state, rng=dice.rng), events


def next_to_seal(envelope: Sealed[Any], state: NavalState) -> str | None:
    return next((s for s in sides_in_play(state) if not envelope.has_sealed(s)), None)


def _reveal_speeds(state: NavalState, events: list[Event]) -> NavalState:
    events.append(revealed_event("speed declarations", CHANGING_SPEED))
    shown: list[tuple[str, str]] = []
    for _, sheet in state.declared.entries:
        for ship_id, change in sheet.ships:
            shown.append((ship_id, change))
            ship = state.ship(ship_id)
            words = {"up": "speeds up", "down": "slows down", "hold": "holds her speed"}[change]
            events.append(Happened("declared", f"{ship.name} {words}", CHANGING_SPEED,
                                   side=ship.side, ship=ship.id))
    return replace(state, speeds_shown=tuple(shown), phase=Phase.ORDERS,
                   to_act=sides_in_play(state)[0])


def _reveal_orders(state: NavalState, dice: Dice, events: list[Event]) -> NavalState:
    events.append(revealed_event("orders", ORDERS_PHASE))
    declared = dict(state.speeds_shown)
    for ship in state.ships:
        orders = state.ship_orders(ship.id)
        if orders is None:
            continue
        ship = replace(ship, stations=orders.assign)
        ship, words = movement.change_speed(ship, declared.get(ship.id, "hold"), orders)
        events.append(Happened("speed", words, CHANGING_SPEED, side=ship.side, ship=ship.id))
        state = state.with_ship(ship)
    state = movement.move_all(state, dice, events)
    state = replace(state, phase=Phase.SHOOTING)
    return _after_plan(state, dice, events)


def can_shoot(state: NavalState, side: str) -> bool:
    return any(w.targets for ship in state.side_ships(side)
               for w in shooting.weapons(state, ship.id))


def _after_plan(state: NavalState, dice: Dice, events: list[Event]) -> NavalState:
    """Seal an empty plan for each side with nothing to shoot at, then ask the next side, or
    reveal and play out the rest of the turn."""
    for side in sides_in_play(state):
        if not state.plans.has_sealed(side) and not can_shoot(state, side):
            state = replace(state, plans=state.plans.seal(side, SidePlan(())))
    waiting = next_to_seal(state.plans, state)
    if waiting is not None:
        return replace(state, to_act=waiting)
    plans = {side: sheet.shots for side, sheet in state.plans.entries}
    if any(plans.values()):
        events.append(revealed_event("fire plans", SHOOTING))
    # even with every plan empty: a creature whose crew are dead shoots on by itself
    state = shooting.resolve(state, plans, dice, events)
    state = boarding.resolve(state, dice, events)
    state = fires.resolve(state, dice, events)
    return end_turn(state, events)


def victory_points(state: NavalState, side: str) -> Fraction:
    """Victory Points: each ship's damage done × 50 ÷ her size, summed over the side."""
    rules = tables()
    return sum((rules.victory.points(ship.damage_done, ship.size)
                for ship in state.ships if ship.side == side), Fraction(0))


def points_words(points: Fraction) -> str:
    whole = points.numerator // points.denominator
    rest = points - whole
    return f"{whole}" if not rest else f"{float(points):.1f}"


def end_turn(state: NavalState, events: list[Event]) -> NavalState:
    ships = tuple(replace(s, stations=(), revealed=s.stations or s.revealed, jammed=(),
                          luck_used=0) for s in state.ships)
    state = replace(state, ships=ships, declared=Sealed(), orders=Sealed(), plans=Sealed(),
                    speeds_shown=())
    alive = sides_in_play(state)
    scores = {side: victory_points(state, side) for side, _ in state.sides}
    tally = ", ".join(f"{state.side_name(s)} {points_words(v)}" for s, v in scores.items())
    if len(alive) < 2:
        winner = alive[0] if alive else None
        result = (f"{state.side_name(winner)} win: no enemy ship is left in the battle "
                  f"({tally} victory points)" if winner else f"No ship is left ({tally})")
        return _over(state, winner, result, events)
    if state.turn >= state.turn_limit:
        (a, va), (b, vb) = scores.items()
        winner = a if va > vb else b if vb > va else None
        result = (f"{state.side_name(winner)} win on victory points, {tally}" if winner
                  else f"A draw on victory points, {tally}")
        return _over(state, winner, result, events)
    events.append(Happened("turn", f"Turn {state.turn + 1} begins ({tally} victory points)",
                           TURN_SEQUENCE))
    return replace(state, turn=state.turn + 1, phase=Phase.DECLARE, to_act=alive[0])


def _over(state: NavalState, winner: str | None, result: str,
          events: list[Event]) -> NavalState:
    events.append(Happened("over", result, "Victory Points", big=True))
    return replace(state, phase=Phase.OVER, over=True, winner=winner, result=result,
                   to_act=None)


def standing(state: NavalState) -> str:
    """The victory points as they stand, for a header."""
    return "VP " + " · ".join(
        f"{state.side_name(s).removeprefix('The ')} {points_words(victory_points(state, s))}"
        for s, _ in state.sides)


def victory_words(state: NavalState) -> str:
    """How this battle is won, in plain words (Victory Points)."""
    size = tables().victory.average_size
    return ("A side with no ship left in the battle (sunk, taken, or sailed off the table) "
            "loses it at the end of the turn.\n\n"
            f"Otherwise, after turn {state.turn_limit} the side with more victory points wins: "
            f"each ship scores the damage she has done × {size} ÷ her own size (a small ship "
            "scores more for the same damage). Equal points are a draw.\n\n"
            f"Now: {standing(state)}.")
