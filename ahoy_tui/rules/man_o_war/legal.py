"""The legal actions of a Man O' War battle, and why any other is refused."""

from __future__ import annotations

import math
from typing import Any

from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.legal import ActionRange, LegalActions
from ahoy_tui.rules.man_o_war import (
    creatures,
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
    if state.struggle is not None and state.struggle.decision:
        other = "retreat" if state.struggle.decision == "creature" else "drive_off"
        return LegalActions([MonsterChoice("press_on"), MonsterChoice(other)])
    duel = state.duel
    if duel is not None and duel.decision:
        other = "break_off" if duel.decision == "attacker" else "drive_off"
        return LegalActions([FlyerChoice("fight_on"), FlyerChoice(other)])
    if state.placing:
        beast = state.creature(state.placing)
        if beast.where == "lair":
            return LegalActions([PlaceMonster(beast.id, spot)
                                 for spot in monsters.template_spots(state, beast.id)])
        return LegalActions([Emerge(spot) for spot in monsters.rise_spots(state, beast)])
    if state.phase == Phase.MAGIC:
        return _magic_actions(state)
    if state.phase == Phase.END and state.end_step == "cards":
        side = magic.cards_decider(state)
        wizard = state.wizard(side)
        hand = dict.fromkeys(wizard.hand) if wizard is not None else {}
        return LegalActions([*(DiscardSpell(c) for c in hand), KeepHand()])
    if state.prowl is not None:
        return _prowl_actions(state)
    if state.flight is not None:
        return _flight_actions(state)
    if state.current:
        return _ship_actions(state, state.ship(state.current))
    if state.phase == Phase.BATTLE:
        if state.acting:
            return LegalActions([Command(s) for s in state.acting])
        side = state.active
        summons = monsters.summonable(state, side) if state.creatures else []
        return LegalActions([*(Activate(u) for u in flow.units(state, side)
                               if u not in summons), *(Summon(c) for c in summons)])
    return _EMPTY


def _flight_actions(state: MowState) -> LegalActions:
    """The flying flyer's choices: fly at a target or along a compass point; touching its
    target, its special attack and its boarding action or close combat."""
    flight = state.flight
    assert flight is not None
    flyer = state.flyer(flight.flyer)
    if flight.stage == "fly":
        reach = max(1, math.ceil(flyers.template(flyer).move - 1e-9))
        ranges = [ActionRange(Fly(heading=h, inches=1), "inches", 1, reach) for h in range(8)]
        return LegalActions([*(Fly(toward=t) for t in flyers.targets(state, flyer)), EndMove()],
                            ranges)
    if flight.stage == "attack":
        fixed: list[Any] = []
        if not flight.bombed and flyers.template(flyer).bombs:
            fixed.append(Bomb(flight.target))
        if not flight.fought and flyers.crew_fight(state, flight.target):
            fixed.append(Grapple(flight.target))  # no boarding action against no crew
        return LegalActions([*fixed, EndShip()])
    return _EMPTY


def _prowl_actions(state: MowState) -> LegalActions:
    """The acting sea monster's choices."""
    prowl = state.prowl
    assert prowl is not None
    beast = state.creature(prowl.creature)
    if prowl.stage == "course":
        dive = [MonsterCourse(True)] if monsters.dive_targets(state, beast) else []
        return LegalActions([MonsterCourse(False), *dive])
    if prowl.stage == "twice":
        return LegalActions([Twice("move"), Twice("attack")])
    if prowl.stage == "swim":
        toward = [Swim(toward=s) for s in monsters.swim_toward(state)]
        if prowl.dived:  # diving, it must swim at a target and try to touch it
            return LegalActions(toward)
        reach = max(1, math.ceil(prowl.allowance - 1e-9))
        ranges = [ActionRange(Swim(heading=h, inches=1), "inches", 1, reach) for h in range(8)]
        return LegalActions([*toward, EndMove()], ranges)
    if prowl.stage == "attack":
        fixed: list[Any] = []
        for target in monsters.victims(state):
            if prowl.specials < prowl.attacks:
                fixed.append(SpecialAttack(target))
            if prowl.mauls < prowl.attacks:
                fixed.append(Maul(target))
        return LegalActions([*fixed, EndShip()])
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
    if state.setup_step == "monsters":
        return LegalActions([PlaceMonster(c, spot) for c in monsters.unplaced(state, state.active)
                             for spot in monsters.template_spots(state, c)])
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
            split = state.has_ship(target_id) and state.ship(target_id).card.split
            fixed.extend(Fire(side, target_id, aim) for aim in (("high", "low") if split
                                                                 else ("",)))
        fixed += [FireAntiFlyer(f) for f in flyers.anti_flyer_targets(state, ship)]
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
    if state.creatures and creatures.holding(state, ship):
        return []  # "While in contact with a monster, a ship may not move"
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
        found = courses(state, ship)
        same = [SameOrders()] if found and squadron.offered(state) else []
        return LegalActions([*found, *same, EndMove()])
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
        most = max(1, math.ceil(remaining - 1e-9))
        ranges.append(ActionRange(Advance(1), "inches", 1, most))
        if most > 1:  # stopping short, in one choice as going the whole way is
            ranges.append(ActionRange(Advance(1, stop=True), "inches", 1, most - 1))
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


_FLYER_ACTIONS = (Fly, Bomb, Grapple, FlyerChoice)


def _explain_flyers(state: MowState, action: Any) -> tuple[str, str] | None:
    """Why a flyer's action (or another while a flyer flies) is refused; None when the flyers
    have nothing to say about it."""
    duel = state.duel
    if duel is not None and duel.decision and not isinstance(action, FlyerChoice):
        return "Airpower", "first decide how the fight with the flyer goes on"
    if isinstance(action, FlyerChoice):
        if duel is None or not duel.decision:
            return "Airpower", "no fight with a flyer waits for a decision"
        return "Airpower", ("the defender fights on or drives the flyer off"
                            if duel.decision == "defender"
                            else "the flyer fights on or breaks off")
    if isinstance(action, FireAntiFlyer):
        return "Anti-flyer weapons", ("a Man O' War with an anti-flyer weapon fires it once a "
                                      "turn, in her fire, at one enemy flyer within 12\"")
    flight = state.flight
    if flight is not None and not isinstance(action, (*_FLYER_ACTIONS, EndMove, EndShip)):
        return "Airpower", "the flyer flying must finish first"
    if isinstance(action, _FLYER_ACTIONS) and flight is None:
        return "Airpower", "no flyer is flying"
    if flight is None:
        return None
    if flight.stage == "fly":
        move = flyers.template(state.flyer(flight.flyer)).move
        return "Airpower: Movement", (f"it flies at an enemy (a ship, a monster, a flyer), or "
                                      f"up to {move:g}\" along a compass point")
    if isinstance(action, Grapple) and flight.stage == "attack" \
            and not flyers.crew_fight(state, action.target):
        return "Airpower: Attacks", ("no one is left aboard to fight: a boarding action goes "
                                     "on only while the ship has crew")
    return "Airpower: Attacks", ("its special attack and its boarding action, once each, on "
                                 "what it touches")


_MONSTER_ACTIONS = (PlaceMonster, Summon, Emerge, MonsterCourse, Twice, Swim, SpecialAttack, Maul,
                   MonsterChoice)


def _explain_monsters(state: MowState, action: Any) -> tuple[str, str] | None:
    """Why a sea monster's action (or another action while a monster acts) is refused; None
    when the monsters have nothing to say about it."""
    rule = "Sea Monsters"
    fight = state.struggle
    if fight is not None and fight.decision and not isinstance(action, MonsterChoice):
        return rule, "first decide how the monster's boarding action goes on"
    if isinstance(action, MonsterChoice):
        if fight is None or not fight.decision:
            return rule, "no sea monster's boarding action waits for a decision"
        return rule, ("the monster's side presses on or retreats" if fight.decision == "creature"
                      else "the ship's side presses on or drives the monster off")
    if state.placing and not isinstance(action, (PlaceMonster, Emerge)):
        return rule, "first place the sea monster"
    if isinstance(action, PlaceMonster):
        return rule, ("a template goes at a 6\" spot on the table, on no terrain or other "
                      "template (a lair at least 2\" from any ship)")
    if isinstance(action, Emerge):
        return rule, ("the monster rises in its template's area where it fits" if state.placing
                      else "no monster is rising")
    if isinstance(action, Summon):
        if state.phase != Phase.BATTLE or state.current or state.acting or state.prowl:
            return "Summoning", "a monster is summoned in the Battle Phase instead of a unit"
        return "Summoning", (f"{action.monster!r} is not a template of yours that may rise now "
                             "(ships may be lying over it)")
    prowl = state.prowl
    if prowl is not None and not isinstance(action, (*_MONSTER_ACTIONS, EndMove, EndShip)):
        return rule, "the sea monster acting must finish first"
    if isinstance(action, _MONSTER_ACTIONS) and prowl is None:
        return rule, "no sea monster is acting"
    if prowl is None:
        return None
    wants = {"course": "to surface or dive", "twice": "to move twice or attack twice",
             "swim": ("to swim at an enemy ship (diving, it must)" if prowl.dived
                      else "to swim toward a ship, or along a compass point up to "
                      f"{prowl.allowance:g}\""),
             "attack": "its special attack and boarding action on a ship it touches, once each"
             + (" (twice)" if prowl.attacks > 1 else "")}
    return "Sea Monsters", f"the monster wants {wants.get(prowl.stage, 'nothing now')}"


def explain(state: MowState, action: Any) -> tuple[str, str]:
    """(rule, reason) for an action not legal now."""
    if state.over:
        return "Victory", "the battle is over"
    if state.phase == Phase.SETUP:
        wanted = {"terrain": "a piece of terrain placed in a section that still has one, where "
                  "it fits", "monsters": "a sea monster template of yours placed face down "
                  "at a 6\" spot, on no terrain or other template",
                  "edge": "the winner of the set-up roll to choose east or west",
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
    monster_why = _explain_monsters(state, action) or _explain_flyers(state, action)
    if monster_why is not None:
        return monster_why
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
        if isinstance(action, Board) and state.has_ship(action.target):
            armour = flow.armoured_against(ship, state.ship(action.target))
            if armour:
                return "Boarding Actions", armour
        if isinstance(action, (Activate, Command)):
            return "Squadrons", (f"the {ship.name} is committed: finish her move, fire and "
                                 "boarding first")
        if isinstance(action, SetCourse) and state.creatures and creatures.holding(state, ship):
            return "Sea Monsters", "while in contact with a sea monster she may not move"
        if isinstance(action, SetCourse):
            why = movement.can_move(ship)
            return "Movement", why or f"she cannot move by {action.means} at that pace"
        if isinstance(action, SameOrders):
            if state.stage != "move" or state.move is not None:
                return squadron.SQUADRONS, ("she follows the squadron's orders instead of "
                                            "setting her own course, before she begins")
            return squadron.SQUADRONS, ("no other ship of her squadron has moved this "
                                        "activation to give her orders to follow")
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
