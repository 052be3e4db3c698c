"""Applying an Ahoy! action: do what it says, then let the turn sequence run on."""

from __future__ import annotations

from typing import Any

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.boarding import board, cast_off, decide_fate, recall
from ahoy_tui.rules.ahoy.boats import launch
from ahoy_tui.rules.ahoy.common import tell
from ahoy_tui.rules.ahoy.crew import apply_plan
from ahoy_tui.rules.ahoy.damage import strike
from ahoy_tui.rules.ahoy.fire_ships import cast_adrift
from ahoy_tui.rules.ahoy.flow import end_orders, flow
from ahoy_tui.rules.ahoy.legal import waiting
from ahoy_tui.rules.ahoy.model import AhoyState, CrewPlan, update_ship
from ahoy_tui.rules.ahoy.movement import (
    advance_ship,
    cut_anchor,
    drop_anchor,
    end_move,
    raise_anchor,
    return_to_table,
    start_move,
    turn,
    withdraw,
)
from ahoy_tui.rules.ahoy.ordnance import fire
from ahoy_tui.rules.ahoy.ramming import avoid, cut_loose, reroll
from ahoy_tui.rules.ahoy.shooting import fire_missiles
from ahoy_tui.rules.ahoy.swimming import deal_with_enemy_swimmers, swim
from ahoy_tui.rules.ahoy.terrain import cast_off_from_quay, heave_gun, shove_off
from ahoy_tui.rules.ahoy.turrets import train_turret


def _ordered(state: AhoyState, ship_id: str, order: str) -> AhoyState:
    ship = state.ship(ship_id)
    return update_ship(state, ship_id, ordered=(*ship.ordered, order))


def dispatch(state: AhoyState, dice: Dice, action: Any) -> AhoyState:
    match action:
        case a.AssignCrew(ship=ship_id, sailing=sailing, fires=fires, guns_first=first):
            state = update_ship(state, ship_id, plan=CrewPlan(sailing, fires, first))
            state = _ordered(state, ship_id, "crew")
            ship = state.ship(ship_id)
            tell(dice, "crew", f"The {ship.name}'s crew: {sailing} sailing, {fires} at the fires, "
                 f"the rest to the guns{f' ({first} first)' if first else ''}", "Gun Crews",
                 side=ship.side, ship=ship_id)
            return apply_plan(state, ship_id)
        case a.DeclareRam(ship=ship_id, target=target):
            ship = state.ship(ship_id)
            tell(dice, "brace", f"The {ship.name} will ram the {state.ship(target).name}: "
                 "Brace for impact!", "Ramming", side=ship.side, ship=ship_id, big=True)
            return update_ship(state, ship_id, ram_target=target, no_shooting=True)
        case a.CutLoose(ship=ship_id):
            return cut_loose(state, dice, ship_id)
        case a.Board(ship=ship_id, target=target, count=count):
            state = _ordered(state, ship_id, "board")
            return board(state, dice, ship_id, target, count)
        case a.RecallBoarders(ship=ship_id):
            state = _ordered(state, ship_id, "recall")
            return recall(state, dice, ship_id)
        case a.CastOff(ship=ship_id):
            state = _ordered(state, ship_id, "cast_off")
            return cast_off(state, dice, ship_id)
        case a.RaiseAnchor(ship=ship_id):
            return raise_anchor(state, dice, ship_id)
        case a.CutAnchor(ship=ship_id):
            return cut_anchor(state, dice, ship_id)
        case a.ShoveOff(ship=ship_id):
            return shove_off(state, dice, ship_id)
        case a.HeaveGun(ship=ship_id, gun=gun_id):
            return heave_gun(state, dice, ship_id, gun_id)
        case a.CastOffFromQuay(ship=ship_id):
            return cast_off_from_quay(state, dice, ship_id)
        case a.StrikeColours(ship=ship_id):
            return strike(state, dice, ship_id, voluntary=True)
        case a.EndOrders():
            return end_orders(state, dice)
        case a.StartMove(ship=ship_id, pace=pace):
            return start_move(state, dice, ship_id, pace)
        case a.Advance(inches=distance):
            return advance_ship(state, dice, distance)
        case a.Turn(direction=direction):
            return turn(state, dice, -1 if direction == "port" else 1)
        case a.EndMove():
            return end_move(state, dice)
        case a.ReturnToTable(ship=ship_id, offset=offset, heading=heading):
            return return_to_table(state, dice, ship_id, offset, heading)
        case a.Withdraw(ship=ship_id):
            return withdraw(state, dice, ship_id)
        case a.Swim(swimmer=lead, toward=toward):
            return swim(state, dice, lead, toward)
        case a.DropAnchor(ship=ship_id):
            return drop_anchor(state, dice, ship_id)
        case a.CastAdrift(ship=ship_id, fire_ship=fire_ship):
            return cast_adrift(state, dice, ship_id, fire_ship)
        case a.LaunchBoat(ship=ship_id, count=count):
            return launch(state, dice, ship_id, count)
        case a.EndMovement():
            from ahoy_tui.rules.ahoy.flow import begin_shooting

            return begin_shooting(state, dice)
        case a.FireGun(ship=ship_id, gun=gun_id, guess=guess, shot=shot):
            return fire(state, dice, ship_id, gun_id, guess, shot)
        case a.TrainTurret(ship=ship_id, gun=gun_id, target=target):
            return train_turret(state, dice, ship_id, gun_id, target)
        case a.FireMissiles(ship=ship_id, target=target):
            return fire_missiles(state, dice, ship_id, target)
        case a.EndShooting():
            from ahoy_tui.rules.ahoy.flow import end_player_turn

            return end_player_turn(state, dice)
        case a.Avoid(attempt=attempt):
            return avoid(state, dice, attempt)
        case a.RerollRamDie(die=die):
            return reroll(state, dice, die)
        case a.DealWithSwimmers(choice=choice):
            pending = state.pending
            assert pending is not None
            state = replace(state, pending=None)
            return deal_with_enemy_swimmers(state, dice, state.ship(pending.ship), pending.crew,
                                            choice)
        case a.DecideFate(choice=choice):
            return decide_fate(state, dice, choice)
    raise TypeError(f"not an Ahoy! action: {action!r}")


def apply_action(state: AhoyState, action: Any) -> tuple[AhoyState, list[Event]]:
    events: list[Event] = []
    dice = Dice(state.rng, events)
    state = dispatch(state, dice, action)
    state = flow(state, dice, waiting=waiting)
    return settle(state, dice), events


def settle(state: AhoyState, dice: Dice) -> AhoyState:
    """Fix whose decision it is and store the dice's new position."""
    if state.over:
        to_act = None
    elif state.pending is not None:
        to_act = state.pending.side
    else:
        to_act = state.active
    return replace(state, rng=dice.rng, to_act=to_act)
