"""Applying a legal action: the rules' modules do the work, then the turn sequence carries the
battle on to the next decision."""

from __future__ import annotations

from typing import Any

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import Event
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.man_o_war import (
    boarding,
    flow,
    flyers,
    magic,
    monsters,
    movement,
    setup,
    shooting,
    squadron,
)
from ahoy_tui.rules.man_o_war.actions import (
    Activate,
    Advance,
    Board,
    BoardingChoice,
    Bomb,
    CastSpell,
    ChooseEdge,
    Command,
    Deploy,
    DiscardSpell,
    DispelSpell,
    Emerge,
    EndFire,
    EndMove,
    EndShip,
    Fire,
    FireAntiFlyer,
    Fly,
    FlyerChoice,
    Grapple,
    KeepHand,
    LetItStand,
    Maul,
    MonsterChoice,
    MonsterCourse,
    NoSpell,
    PlaceMonster,
    PlaceTerrain,
    PushClear,
    Ram,
    Reroll,
    SameOrders,
    Scuttle,
    SetCourse,
    SpecialAttack,
    Summon,
    Swim,
    TakePrize,
    Turn,
    TurnOnTheSpot,
    Twice,
)
from ahoy_tui.rules.man_o_war.model import MowState


def apply_action(state: MowState, action: Any) -> tuple[MowState, list[Event]]:
    events: list[Event] = []
    dice = Dice(state.rng, events)
    state = squadron.record(state, action)
    state = _dispatch(state, dice, action)
    state = flow.flow(state, dice)
    return replace(state, rng=dice.rng), events


def _stop_there(state: MowState) -> MowState:
    """Her move ends where the advance left her, unless she touched a ship she may ram."""
    move = state.move
    if move is None or state.stage != "move" or not state.current:
        return state
    if move.touched and not movement.may_ram(state, move.touched):
        return state  # the ram is hers to make or not
    return flow.end_move(state)


def _same_orders(state: MowState, dice: Dice) -> MowState:
    """She follows the squadron's order step by step as far as the rules let her (a step
    they refuse, said with its rule, leaves the rest of her move to her captain); followed to
    the end, her move ends."""
    from ahoy_tui.rules.man_o_war.legal import explain, legal

    ship = state.ship(state.current)
    leader = state.ship(state.orders_by).name
    flow.say(dice, "same_orders", f"The {ship.name} follows the {leader}'s orders: "
             f"{squadron.words(state)}", squadron.SQUADRONS, side=ship.side)
    for step in state.orders:
        action = squadron.action_of(step)
        if state.stage != "move" or state.current != ship.id or action not in legal(state):
            if state.stage == "move" and state.current == ship.id:
                rule, why = explain(state, action)
                flow.say(dice, "orders_broken", f"The {ship.name} cannot follow the "
                         f"{leader}: {why} ({rule}); the rest of her move is hers",
                         squadron.SQUADRONS, side=ship.side)
            return state
        state = _dispatch(state, dice, action)
    return _stop_there(state)


def _dispatch(state: MowState, dice: Dice, action: Any) -> MowState:
    match action:
        case PlaceTerrain(piece=piece, section=section, spot=spot):
            return setup.place_terrain(state, dice, piece, section, spot)
        case ChooseEdge(edge=edge):
            return setup.choose_edge(state, dice, edge)
        case Deploy(unit=unit, y=y):
            return setup.deploy(state, dice, unit, y)
        case Activate(unit=unit) if state.has_creature(unit):
            return monsters.activate(state, dice, unit)
        case Activate(unit=unit) if state.flyers and flyers.is_unit(state, unit):
            return flyers.activate(state, dice, unit)
        case Activate(unit=unit):
            ships = flow.unit_ships(state, unit)
            flow.say(dice, "activate", f"{state.side_names[state.side_index(state.active)]} "
                     f"activate {flow.unit_name(state, unit)}", flow.BATTLE, side=state.active)
            return replace(state, acting=ships, orders=(), orders_by="")
        case Command(ship=ship_id):
            return replace(state, current=ship_id, stage="move", move=None)
        case SetCourse(means=means, pace=pace):
            return movement.set_course(state, dice, state.current, means, pace)
        case Advance(inches=inches, stop=stop):
            state = movement.advance(state, dice, float(inches))
            return _stop_there(state) if stop else state
        case SameOrders():
            return _same_orders(state, dice)
        case Turn(side=side):
            return movement.turn(state, dice, side)
        case TurnOnTheSpot(side=side, degrees=degrees):
            return movement.turn_on_the_spot(state, dice, side, degrees)
        case PushClear(way=way):
            return movement.push_clear(state, dice, way)
        case Ram(target=target):
            return movement.ram(state, dice, target)
        case EndMove() if state.prowl is not None:
            return monsters.end_swim(state)
        case EndMove() | EndShip() if state.flight is not None:
            return flyers.end_flight(state)
        case EndMove():
            return flow.end_move(state)
        case Fire(side=side, target=target, aim=aim):
            return shooting.fire(state, dice, state.current, side, target, aim)
        case EndFire():
            return replace(state, stage="board")
        case Board(target=target):
            return boarding.board(state, dice, state.current, target)
        case BoardingChoice(choice=choice):
            return boarding.decide(state, dice, choice)
        case TakePrize(ship=ship_id, crew=crew):
            return boarding.take_prize(state, dice, state.won_by, ship_id, crew)
        case Scuttle(ship=ship_id):
            return boarding.scuttle(state, dice, ship_id, state.won_by)
        case EndShip() if state.prowl is not None:
            return replace(state, prowl=replace(state.prowl, stage="done"))
        case EndShip():
            return flow.finish_ship(state, dice)
        case PlaceMonster(monster=monster, spot=spot):
            return monsters.place(state, dice, monster, spot)
        case Summon(monster=monster):
            state = monsters.summon(state, dice, monster)
            return state if state.placing else flow.pass_play(state)
        case Emerge(spot=spot):
            return flow.pass_play(monsters.emerge(state, dice, spot))
        case MonsterCourse(dive=dive):
            return monsters.set_course(state, dice, dive)
        case Twice(what=what):
            return monsters.twice(state, dice, what)
        case Swim(toward=toward, heading=heading, inches=inches):
            return monsters.swim(state, dice, toward, heading, inches)
        case SpecialAttack(target=target):
            return monsters.special_attack(state, dice, target)
        case Maul(target=target):
            return monsters.maul(state, dice, target)
        case MonsterChoice(choice=choice):
            return monsters.struggle_choice(state, dice, choice)
        case Fly(toward=toward, heading=heading, inches=inches):
            return flyers.fly(state, dice, toward, heading, inches)
        case Bomb(target=target):
            return flyers.bomb(state, dice, target)
        case Grapple(target=target):
            return flyers.grapple(state, dice, target)
        case FlyerChoice(choice=choice):
            return flyers.duel_choice(state, dice, choice)
        case FireAntiFlyer(target=target):
            state = flyers.fire_anti_flyer(state, dice, state.current, target)
            return replace(state, stage="board")  # after her cannons: her fire is done
        case CastSpell(card=card, target=target, way=way):
            return magic.cast(state, dice, magic.decider(state), card, target, way)
        case NoSpell():
            side = magic.decider(state)
            flow.say(dice, "no_spell", f"{state.side_name(side)} cast no spell",
                     magic.MAGIC, side=side)
            return replace(state, magic_step=state.magic_step + 1)
        case DispelSpell(card=card, lasting=lasting):
            return magic.dispel(state, dice, card, lasting)
        case LetItStand():
            return magic.let_it_stand(state, dice)
        case Reroll(take=take):
            return magic.reroll(state, dice, take)
        case DiscardSpell(card=card):
            return magic.discard(state, dice, magic.cards_decider(state), card)
        case KeepHand():
            return magic.keep_hand(state, dice)
    raise ValueError(f"not an action of Man O' War: {action!r}")
