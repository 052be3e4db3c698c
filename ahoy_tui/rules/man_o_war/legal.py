"""The legal actions of a Man O' War battle, and why any other is refused."""

from __future__ import annotations

import math
from typing import Any

from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.legal import ActionRange, LegalActions
from ahoy_tui.rules.man_o_war import flow, magic, movement, setup, shooting
from ahoy_tui.rules.man_o_war.actions import (
    Activate,
    Advance,
    Board,
    BoardingChoice,
    CastSpell,
    ChooseEdge,
    Command,
    Deploy,
    DiscardSpell,
    DispelSpell,
    EndFire,
    EndMove,
    EndShip,
    Fire,
    KeepHand,
    LetItStand,
    NoSpell,
    PlaceTerrain,
    PushClear,
    Ram,
    Reroll,
    Scuttle,
    SetCourse,
    TakePrize,
    Turn,
    TurnOnTheSpot,
)
from ahoy_tui.rules.man_o_war.boarding import prize_crews
from ahoy_tui.rules.man_o_war.model import MowState, Phase, Ship
from ahoy_tui.rules.man_o_war.spellbook import spellbook
from ahoy_tui.rules.man_o_war.table import touching
from ahoy_tui.rules.man_o_war.tables import tables

_EMPTY = LegalActions()


def legal(state: MowState) -> LegalActions:
    if state.over:
        return _EMPTY
    if state.phase == Phase.SETUP:
        return _setup_actions(state)
    if state.won:
        return LegalActions([*(TakePrize(state.won, n)
                               for n in prize_crews(state, state.won_by, state.won)),
                             Scuttle(state.won)])
    fight = state.boarding
    if fight is not None and fight.decision:
        if fight.decision == "attacker":
            return LegalActions([BoardingChoice("press_on"), BoardingChoice("break_off")])
        return LegalActions([BoardingChoice("fight_on"), BoardingChoice("cut_grapples")])
    if state.phase == Phase.MAGIC:
        return _magic_actions(state)
    if state.phase == Phase.END and state.end_step == "cards":
        side = magic.cards_decider(state)
        wizard = state.wizard(side)
        hand = dict.fromkeys(wizard.hand) if wizard is not None else {}
        return LegalActions([*(DiscardSpell(c) for c in hand), KeepHand()])
    if state.current:
        return _ship_actions(state, state.ship(state.current))
    if state.phase == Phase.BATTLE:
        if state.acting:
            return LegalActions([Command(s) for s in state.acting])
        return LegalActions([Activate(u) for u in flow.units(state, state.active)])
    return _EMPTY


def _magic_actions(state: MowState) -> LegalActions:
    casting = state.casting
    if casting is None:
        return LegalActions([*magic.castings(state, magic.decider(state)), NoSpell()])
    if casting.step in ("reroll_cast", "reroll_dispel"):
        return LegalActions([Reroll(True), Reroll(False)])
    spell = spellbook().spell(casting.card)
    side = state.other(casting.side)
    return LegalActions([*(DispelSpell(c) for c in magic.dispels(state, side, spell)),
                         LetItStand()])


def _setup_actions(state: MowState) -> LegalActions:
    if state.setup_step == "terrain":
        pieces = [p["kind"] for p in tables().terrain["pieces"]]
        return LegalActions([
            PlaceTerrain(piece, section, spot)
            for section, left in enumerate(state.sections) if left
            for piece in pieces for spot in range(len(setup.SPOTS))
            if setup.piece_at(state, piece, section, spot) is not None])
    if state.setup_step == "edge":
        return LegalActions([ChooseEdge("west"), ChooseEdge("east")])
    if state.setup_step == "deploy":
        return LegalActions([Deploy(unit, y) for unit in setup.reserve_units(state, state.active)
                             for y in setup.deploy_spots(state, unit)])
    return _EMPTY


def _ship_actions(state: MowState, ship: Ship) -> LegalActions:
    if state.stage == "move":
        return _moves(state, ship)
    if state.stage == "fire":
        fixed: list[Any] = []
        for side, target_id in shooting.targets(state, ship):
            split = state.ship(target_id).card.split
            fixed.extend(Fire(side, target_id, aim) for aim in (("high", "low") if split
                                                                 else ("",)))
        return LegalActions([*fixed, EndFire()])
    if state.stage == "board":
        return LegalActions([*(Board(t) for t in flow.boarding_targets(state, ship)),
                             EndShip()])
    return _EMPTY


def courses(state: MowState, ship: Ship) -> list[SetCourse]:
    """The ways she may set her course now (a straggler moves in the End Phase)."""
    unheld = replace(ship, straggler=False) if state.phase == Phase.END else ship
    if movement.can_move(unheld):
        return []
    found = []
    for means in movement.means_of(ship):
        if means == "oars":
            found.append(SetCourse("oars", "cruise"))
            if ship.card.move.ramming and state.phase == Phase.BATTLE:
                found.append(SetCourse("oars", "ramming"))
            found.append(SetCourse("oars", "backwards"))
        else:
            found.append(SetCourse(means))
    return found


def held(state: MowState, ship: Ship) -> bool:
    """Collisions: she began her move in contact with another ship and has not pushed clear
    (a ship starting into the wind makes her one turn out of it instead)."""
    move = state.move
    return (move is not None and move.used == 0 and not move.stopped and not move.into_wind
            and bool(touching(state, ship)))


def _moves(state: MowState, ship: Ship) -> LegalActions:
    move = state.move
    if move is None:
        return LegalActions([*courses(state, ship), EndMove()])
    fixed: list[Any] = []
    ranges: list[ActionRange] = []
    if held(state, ship):  # begun in contact: push clear first, or stay
        fixed.extend(PushClear(way) for way in ("ahead", "astern")
                     if movement.push_clear_to(state, ship, way) is not None)
        return LegalActions([*fixed, EndMove()])
    if move.into_wind:
        if not move.turns:
            fixed.extend(Turn(side) for side in ("port", "starboard"))
        return LegalActions([*fixed, EndMove()])
    remaining = move.remaining
    if remaining > 1e-9:
        ranges.append(ActionRange(Advance(1), "inches", 1, max(1, math.ceil(remaining - 1e-9))))
    cost = movement.turn_cost(ship)
    if (not move.ramming_speed and not move.backwards and remaining + 1e-9 >= cost):
        for side, steps in (("port", -1), ("starboard", 1)):
            if not movement.turn_blocked(state, ship, (ship.heading + steps) % 8):
                fixed.append(Turn(side))
    if move.means == "oars" and not move.ramming_speed and not move.backwards:
        for degrees in (90, 180):
            need = move.allowance if degrees == 180 else move.allowance / 2
            if (move.used == 0 if degrees == 180 else remaining + 1e-9 >= need):
                for side, steps in (("port", -1), ("starboard", 1)):
                    heading = (ship.heading + steps * degrees // 45) % 8
                    if not movement.turn_blocked(state, ship, heading):
                        fixed.append(TurnOnTheSpot(side, degrees))
    if move.touched and not movement.may_ram(state, move.touched):
        fixed.append(Ram(move.touched))
    return LegalActions([*fixed, EndMove()], ranges)


def _explain_magic(state: MowState, action: Any) -> tuple[str, str]:
    if state.phase != Phase.MAGIC:
        return "Magic Phase", "spells are cast and dispelled in the Magic Phase"
    casting = state.casting
    if casting is not None and casting.step:
        if casting.step == "dispel":
            return "Magic", ("a spell is dispelled with a card in hand that names its colour, "
                             "or let stand")
        return "Magic", "the Wizard Lord re-rolls his failure, or lets it stand"
    if isinstance(action, (DispelSpell, LetItStand, Reroll)) and not (
            isinstance(action, DispelSpell) and action.lasting):
        return "Magic", "no spell is being cast to dispel"
    wizard = state.wizard(magic.decider(state))
    if wizard is None or not wizard.in_the_fight:
        return "Magic", "your side has no Wizard in the fight"
    if isinstance(action, CastSpell):
        if action.card not in wizard.hand:
            return "Magic", f"{action.card!r} is not a card in your Wizard's hand"
        spell = spellbook().spell(action.card)
        if not spell.castable:
            return "Magic", f"{spell.name} only dispels; it cannot be cast"
        if spell.has_way and action.way not in magic.WAYS:
            return "Magic", "say which way: clockwise or anticlockwise"
        whose = {"enemy": "an enemy", "friend": "a friendly"}.get(spell.target, "a")
        reach = spellbook().reach(spell)
        return "Magic", (f"{spell.name} is cast on {whose} ship within {reach:g}\" of the "
                         "Wizard's ship, "
                         "not one warded against your spells")
    return "Magic", "that card cannot dispel that spell"


def explain(state: MowState, action: Any) -> tuple[str, str]:
    """(rule, reason) for an action not legal now."""
    if state.over:
        return "Victory", "the battle is over"
    if state.phase == Phase.SETUP:
        wanted = {"terrain": "a piece of terrain placed in a section that still has one, where "
                  "it fits", "edge": "the winner of the set-up roll to choose east or west",
                  "deploy": "a unit of yours placed within 9\" of your edge and 9\" from north "
                  "and south, on no ship or terrain"}.get(state.setup_step, "")
        return "Setup", f"the set-up wants {wanted}"
    if isinstance(action, (PlaceTerrain, ChooseEdge, Deploy)):
        return "Setup", "the fleets are already placed"
    if state.won and not isinstance(action, (TakePrize, Scuttle)):
        return "Captured ships", "first take the ship won as a prize, or scuttle her"
    if state.boarding is not None and state.boarding.decision \
            and not isinstance(action, BoardingChoice):
        return "Boarding Actions", "first decide how the boarding action goes on"
    magic_actions = (CastSpell, NoSpell, DispelSpell, LetItStand, Reroll)
    if state.phase == Phase.MAGIC or isinstance(action, magic_actions):
        return _explain_magic(state, action)
    if (state.phase == Phase.END and state.end_step == "cards") \
            or isinstance(action, (DiscardSpell, KeepHand)):
        if state.phase == Phase.END and state.end_step == "cards":
            return "Pick up Magic cards", "discard only cards in your Wizard's hand"
        return "Pick up Magic cards", "cards are discarded in the End Phase"
    if isinstance(action, TakePrize):
        return "Captured ships", ("put between 1 and her original crew aboard, keeping one "
                                  "on your own ship" if state.won else "no ship has been won")
    if isinstance(action, Activate):
        if state.current or state.acting:
            return "Battle Phase", "finish the ships already activated first"
        return "Battle Phase", (f"{action.unit!r} is not yours to activate now, or has "
                                "acted this Battle Phase")
    if state.current:
        ship = state.ship(state.current)
        if isinstance(action, (Activate, Command)):
            return "Squadrons", (f"the {ship.name} is committed: finish her move, fire and "
                                 "boarding first")
        if isinstance(action, SetCourse):
            why = movement.can_move(ship)
            return "Movement", why or f"she cannot move by {action.means} at that pace"
        if isinstance(action, (Advance, Turn, TurnOnTheSpot)):
            if state.stage != "move":
                return "Turn Sequence", "each ship moves, then shoots, then boards"
            move = state.move
            if move is None:
                return "Movement", "set her course first"
            if held(state, ship):
                return "Collisions", ("she began her move in contact with another ship: she "
                                      "must push clear first")
            if isinstance(action, Turn) and move.ramming_speed:
                return "Movement with oars", "Ramming speed allows no turns"
            if move.into_wind:
                return "Movement under sail", ("she started into the wind: one turn out of "
                                               "it, and no more")
            return "Movement", f"she has {move.remaining:.1f}\" of her move left"
        if isinstance(action, PushClear):
            return "Collisions", ("only a ship beginning her move in contact may push clear, "
                                  "along the other's side, not into her")
        if isinstance(action, Ram):
            return "Ramming", movement.may_ram(state, action.target) or "not now"
        if isinstance(action, Fire):
            why = shooting.may_fire(ship)
            return "Combat & Damage", why or ("no battery on that side bears on that target "
                                              "in range, or it has fired")
        if isinstance(action, Board):
            return "Boarding Actions", ("she must touch an enemy ship, and may begin one "
                                        "boarding action a turn")
    return "Turn Sequence", "that is not something to do now"
