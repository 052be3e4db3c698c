"""What the side to act may do now, and why anything else is refused.

``legal(state)`` lists every legal action (a guessed range as an ``ActionRange``). The engine
refuses any action not in that list; ``explain(state, action)`` then names the rule.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

from ahoy_tui.engine.legal import ActionRange, LegalActions
from ahoy_tui.engine.memo import KeyedMemo
from ahoy_tui.engine.replay import next_action
from ahoy_tui.rules.ahoy.actions import (
    Advance,
    AssignCrew,
    Avoid,
    Board,
    CastAdrift,
    CastOff,
    CastOffFromQuay,
    CutAnchor,
    CutLoose,
    DealWithSwimmers,
    DecideFate,
    DeclareRam,
    DropAnchor,
    EndMove,
    EndMovement,
    EndOrders,
    EndShooting,
    FireGun,
    FireMissiles,
    HeaveGun,
    LaunchBoat,
    RaiseAnchor,
    RecallBoarders,
    RerollRamDie,
    ReturnToTable,
    ShoveOff,
    StartMove,
    StrikeColours,
    Swim,
    TrainTurret,
    Turn,
    Withdraw,
)
from ahoy_tui.rules.ahoy.boarding import boarding_in_progress, boarding_party, can_reach
from ahoy_tui.rules.ahoy.boats import launch_counts, launch_refused
from ahoy_tui.rules.ahoy.crew import (
    available_hands,
    boarders_on,
    in_control,
    is_proper_crew,
    min_crew,
)
from ahoy_tui.rules.ahoy.fire_ships import towed_by
from ahoy_tui.rules.ahoy.index import decks, on_deck
from ahoy_tui.rules.ahoy.model import AhoyState, GunState, Phase, Ship, Task
from ahoy_tui.rules.ahoy.movement import (
    needs_move,
    pace_options,
    pace_refused,
    return_options,
    return_refused,
    turn_blocked,
)
from ahoy_tui.rules.ahoy.shooting import missile_targets, ship_may_shoot
from ahoy_tui.rules.ahoy.swimming import groups, has_swum, swim_targets
from ahoy_tui.rules.ahoy.tables import tables
from ahoy_tui.rules.ahoy.terrain import DOCKING, REFLOAT, may_shove_off

_EMPTY = LegalActions()


def own_ships(state: AhoyState) -> list[Ship]:
    return [s for s in state.ships if s.side == state.active and not s.sunk
            and not s.withdrawn and not s.captured_by]


def legal(state: AhoyState) -> LegalActions:
    if state.over:
        return _EMPTY
    pending = state.pending
    if pending is not None:
        return LegalActions(_pending_actions(state))
    if state.phase == Phase.ORDERS:
        return LegalActions([EndOrders(), *orders(state), *_strikes(state)])
    if state.phase == Phase.MOVEMENT:
        if state.move is not None:
            return moving(state)
        actions = movement_choices(state)
        if not any(needs_move(state, s) for s in state.ships):
            actions.append(EndMovement())
        return LegalActions([*actions, *_strikes(state)])
    if state.phase == Phase.SHOOTING:
        fixed, ranges = shooting(state)
        return LegalActions([*fixed, *_strikes(state), EndShooting()], ranges)
    return _EMPTY


def waiting(state: AhoyState) -> bool:
    """Whether the current phase offers the player a real choice (not just "carry on")."""
    if state.phase == Phase.ORDERS:
        # The start of a turn always waits for the player to end it: orders are where a
        # captain takes stock (and may strike), even when none of his ships has a choice.
        return any(s.on_table or s.off_table for s in own_ships(state))
    hinted = _told_by_the_log(state)
    if hinted is not None:
        return hinted
    if state.phase == Phase.MOVEMENT:
        return next(_movement_choices(state), None) is not None
    if state.phase == Phase.SHOOTING:
        return next(_shots(state), None) is not None
    return False


# The phase each action is played in (those of any phase, and the answers to a pending
# decision, are not here).
PHASE_OF: dict[type, Phase] = {
    AssignCrew: Phase.ORDERS, DeclareRam: Phase.ORDERS, CutLoose: Phase.ORDERS,
    RecallBoarders: Phase.ORDERS, CastOff: Phase.ORDERS, RaiseAnchor: Phase.ORDERS,
    CutAnchor: Phase.ORDERS, EndOrders: Phase.ORDERS, ShoveOff: Phase.ORDERS,
    HeaveGun: Phase.ORDERS, CastOffFromQuay: Phase.ORDERS, StartMove: Phase.MOVEMENT,
    Advance: Phase.MOVEMENT, Turn: Phase.MOVEMENT, EndMove: Phase.MOVEMENT,
    ReturnToTable: Phase.MOVEMENT, Withdraw: Phase.MOVEMENT, Swim: Phase.MOVEMENT,
    DropAnchor: Phase.MOVEMENT, EndMovement: Phase.MOVEMENT, CastAdrift: Phase.MOVEMENT,
    LaunchBoat: Phase.MOVEMENT, FireGun: Phase.SHOOTING, TrainTurret: Phase.SHOOTING,
    FireMissiles: Phase.SHOOTING, EndShooting: Phase.SHOOTING,
}


def _told_by_the_log(state: AhoyState) -> bool | None:
    """In a trusted replay (``engine.replay``), whether the player chose in this phase: the
    log's next action is played here. None when it cannot say (in play; an action of any
    phase, such as striking or boarding; the answer to a decision not yet asked)."""
    action = next_action()
    if action is None:
        return None
    phase = PHASE_OF.get(type(action))
    return None if phase is None else phase == state.phase


def _pending_actions(state: AhoyState) -> list[Any]:
    pending = state.pending
    assert pending is not None
    if pending.kind == "avoid":
        return [Avoid(True), Avoid(False)]
    if pending.kind == "reroll":
        return [RerollRamDie(-1), *(RerollRamDie(i) for i in range(len(pending.faces)))]
    if pending.kind == "swimmers":
        return [DealWithSwimmers(c) for c in ("slay", "captive", "ignore")]
    if pending.kind == "surrendered":
        return [DecideFate("lock_below"), DecideFate("slaughter")]
    return []


def _strikes(state: AhoyState) -> list[Any]:
    if state.move is not None:
        return []
    # A fire ship has no crew to strike her colours.
    return [StrikeColours(s.id) for s in own_ships(state)
            if not s.struck and s.on_table and s.sp * 2 <= s.sp_max and not s.fire_ship]


# --- orders ------------------------------------------------------------------------------


def crew_plans(state: AhoyState, ship: Ship) -> tuple[AssignCrew, ...]:
    """Every crew plan she may be given (Gun Crews): how many sail her, how many fight fires,
    which guns are manned first. The plan she has is offered too: on a screen it is one value
    of a row."""
    men = on_deck(state, ship.id)
    # all the plans read of her: her size, whether she burns, her guns left, the men aboard
    key = (ship.id, ship.side, ship.size, ship.fires > 0,
           tuple((g.mount, g.state == GunState.DESTROYED) for g in ship.guns), *map(id, men))
    return _PLANS(key, men, lambda: _crew_plans(state, ship))  # men: held, never changed


# Crew plans by what they read of a ship and the men on her deck (the same objects: the same
# plans). Telling off one ship's crew leaves every other ship's plans as they were.
_PLANS: KeyedMemo[tuple[AssignCrew, ...]] = KeyedMemo(256)


def _crew_plans(state: AhoyState, ship: Ship) -> tuple[AssignCrew, ...]:
    hands = available_hands(state, ship)
    if not hands or boarders_on(state, ship):
        return ()
    proper = sum(1 for c in hands if is_proper_crew(c))
    others = sum(1 for c in hands if not is_proper_crew(c) and c.profile != "captain")
    mounts = sorted({g.mount for g in ship.guns if g.state != GunState.DESTROYED},
                    key=["port", "starboard", "bow", "stern", "turret"].index) or [""]
    plans = []
    for sailing in range(min(min_crew(ship), proper), -1, -1):
        most_fires = (others + proper - sailing) if ship.fires else 0
        for fires in range(most_fires + 1):
            for first in mounts:
                plans.append(AssignCrew(ship.id, sailing, fires, first))
    return tuple(plans)


def orders(state: AhoyState) -> list[Any]:
    return list(_orders(state))


def _orders(state: AhoyState) -> Iterator[Any]:
    for ship in own_ships(state):
        if not ship.on_table:
            continue
        locks = [x for x in state.locks if x.holds(ship.id)]
        if (ship.size != "jolly_boat" and not ship.struck and not ship.anchored and not locks
                and ship.ram_target is None and in_control(state, ship)):
            yield from (DeclareRam(ship.id, t.id) for t in state.ships
                        if t.side != ship.side and t.on_table and not t.captured_by)
        for lock in locks:
            other = state.ship(lock.other(ship.id))
            # Cutting loose and boarding are the two choices of an entangled captain: one or
            # the other, and the crew may do nothing else that turn.
            if lock.kind == "entangled" and not {"cut_loose", "board"} & set(ship.ordered):
                yield CutLoose(ship.id)
            if lock.kind == "grappled" and not boarders_on(state, ship) and not any(
                    c.ship == ship.id and c.task == Task.BOARDING and c.aboard == other.id
                    for c in state.crew) and "cast_off" not in ship.ordered:
                yield CastOff(ship.id)
            if other.side != ship.side and not other.captured_by and not ship.struck \
                    and not {"board", "cut_loose"} & set(ship.ordered):
                yield from (Board(ship.id, other.id, n)
                            for n in range(1, len(boarding_party(state, ship)) + 1))
        if "recall" not in ship.ordered and locks and any(
                c.ship == ship.id and c.side == ship.side and c.task == Task.BOARDING
                for lock in locks for c in decks(state.crew).get(lock.other(ship.id), ())):
            yield RecallBoarders(ship.id)
        if ship.anchored and "anchor" not in ship.ordered:
            yield RaiseAnchor(ship.id) if in_control(state, ship) else CutAnchor(ship.id)
        if ship.docked and "cast_off_quay" not in ship.ordered and not locks:
            yield CastOffFromQuay(ship.id)
        if may_shove_off(state, ship) and "shove_off" not in ship.ordered:
            yield ShoveOff(ship.id)
        if ship.aground == "stuck":
            yield from (HeaveGun(ship.id, g.id) for g in ship.guns
                        if g.state in (GunState.READY, GunState.MALFUNCTION))
    for ship in own_ships(state):
        if ship.on_table and "crew" not in ship.ordered:
            yield from crew_plans(state, ship)


# --- movement ----------------------------------------------------------------------------


def movement_choices(state: AhoyState) -> list[Any]:
    """Choices in the movement phase between ships' moves (not "end movement")."""
    return list(_movement_choices(state))


def _movement_choices(state: AhoyState) -> Iterator[Any]:
    for ship in state.ships:
        if not needs_move(state, ship):
            continue
        if ship.off_table:
            yield from (ReturnToTable(ship.id, off, head)
                        for off, head in return_options(state, ship))
            yield Withdraw(ship.id)
        else:
            yield from (StartMove(ship.id, p.name) for p in pace_options(state, ship))
    # Ships are moved before any of the player's other models: swimmers swim after them.
    ships_to_move = any(needs_move(state, s) for s in state.ships)
    for lead, men in groups(state, state.active).items():
        if ships_to_move or has_swum(state, men[0]):
            continue
        yield Swim(lead, "")
        yield from (Swim(lead, s.id) for s in swim_targets(state, state.active))
    for ship in own_ships(state):
        locked = state.lock_of(ship.id) is not None
        if ((_largest_boarding(state, ship) if locked else ship.moved) and ship.on_table
                and ship.has_anchor and not ship.anchored and not ship.anchor_tried
                and ship.speed <= tables().roll("anchor_speed")):
            yield DropAnchor(ship.id)
        yield from boarding_after_move(state, ship)
    yield from start_of_movement(state)


def start_of_movement(state: AhoyState) -> Iterator[Any]:
    """Fire Ships and Launching craft: before a ship makes her move, she may cast her fire ship
    adrift or lower a boat."""
    for ship in own_ships(state):
        if ship.moved or not ship.on_table:
            continue
        yield from (CastAdrift(ship.id, f.id) for f in towed_by(state, ship.id))
        yield from (LaunchBoat(ship.id, n) for n in launch_counts(state, ship))


def _largest_boarding(state: AhoyState, ship: Ship) -> bool:
    """Movement of Boarded/Boarding Ships: the largest of ships in a boarding action may drop
    anchor to stop their drift."""
    lock = state.lock_of(ship.id)
    if lock is None or not boarding_in_progress(state, lock):
        return False
    other = state.ship(lock.other(ship.id))
    return tables().size(ship.size).rank >= tables().size(other.size).rank


def boarding_after_move(state: AhoyState, ship: Ship) -> list[Any]:
    """Boarding Actions: after moving into contact at 12" or less."""
    if (not ship.moved or not ship.on_table or ship.struck or "board" in ship.ordered
            or ship.speed > tables().roll("boarding_speed") or ship.anchored
            or ship.ram_target is not None):  # braced for impact: she may only sail
        return []
    party = len(boarding_party(state, ship))
    if not party:
        return []
    actions = []
    for target in state.ships:
        if (target.side == ship.side or not target.on_table or target.captured_by
                or target.id in state.locked_with(ship.id)
                or target.moved_last > tables().roll("boarding_speed")):
            continue
        if can_reach(state, ship, target):
            actions.extend(Board(ship.id, target.id, n) for n in range(1, party + 1))
    return actions


def moving(state: AhoyState) -> LegalActions:
    move = state.move
    assert move is not None
    fixed: list[Any] = []
    ranges = []
    if move.remaining > 1e-9:
        ranges.append(ActionRange(Advance(1), "inches", 1, math.ceil(move.remaining - 1e-9)))
    for name, direction in (("port", -1), ("starboard", 1)):
        if turn_blocked(state, direction) is None:
            fixed.append(Turn(name))
    if move.astern and move.remaining > 1e-9:
        fixed.append(EndMove())  # "up to" 3" or 4": she may stop short
    elif move.remaining <= 1e-9:
        forced = move.forced_turn in (-1, 1) and not move.turns_made
        if not (forced and fixed):
            fixed.append(EndMove())
    return LegalActions(fixed, ranges)


# --- shooting ----------------------------------------------------------------------------


def shooting(state: AhoyState) -> tuple[list[Any], list[ActionRange]]:
    fixed: list[Any] = []
    ranges: list[ActionRange] = []
    for shot in _shots(state):
        (ranges if isinstance(shot, ActionRange) else fixed).append(shot)
    return fixed, ranges


def _shots(state: AhoyState) -> Iterator[Any]:
    from ahoy_tui.rules.ahoy.ordnance import shot_choices
    from ahoy_tui.rules.ahoy.turrets import train_targets

    for ship in own_ships(state):
        if ship_may_shoot(state, ship):
            continue
        for gun in ship.guns:
            if gun.mount == "turret":
                yield from (TrainTurret(ship.id, gun.id, t.id)
                            for t in train_targets(state, ship, gun))
            for shot, longest in shot_choices(state, ship, gun):
                if longest == 0:
                    yield FireGun(ship.id, gun.id, 0, shot)
                else:
                    yield ActionRange(FireGun(ship.id, gun.id, 1, shot), "guess", 1, longest)
        yield from (FireMissiles(ship.id, t.id) for t in missile_targets(state, ship))


# --- refusals ----------------------------------------------------------------------------


def explain(state: AhoyState, action: Any) -> tuple[str, str]:
    """(rule, reason) for an action that is not legal now."""
    if state.over:
        return "Victory", "the battle is over"
    pending = state.pending
    if pending is not None:
        wanted = {"avoid": "whether to try to avoid the blow",
                  "reroll": "whether to re-roll a ram damage die",
                  "swimmers": "what to do with the enemy swimmers",
                  "surrendered": "the fate of the beaten crew"}[pending.kind]
        return "Turns and phases", f"first decide {wanted}"
    ship_id = getattr(action, "ship", None)
    if ship_id is not None:
        if not state.has_ship(ship_id):
            return "Turns and phases", f"there is no ship {ship_id!r}"
        ship = state.ship(ship_id)
        if ship.side != state.active:
            return "Turns and phases", f"the {ship.name} is not yours to command this turn"
        if ship.sunk:
            return "Taking Damage", f"the {ship.name} has gone down"
        if ship.captured_by:
            return "Boarding Actions", f"the {ship.name} has been captured"
    needed = PHASE_OF.get(type(action))
    if needed is not None and needed != state.phase:
        return "Turns and phases", (f"that is done in the {needed.value} phase; this is the "
                                    f"{state.phase.value} phase")
    if isinstance(action, (Avoid, RerollRamDie, DealWithSwimmers, DecideFate)):
        return "Turns and phases", "nothing is waiting on that decision"
    if isinstance(action, (Advance, Turn, EndMove)):
        return _explain_move(state, action)
    if state.move is not None:
        return "Movement", f"finish moving the {state.ship(state.move.ship).name} first"
    if isinstance(action, CastAdrift):
        return _explain_cast_adrift(state, action)
    if isinstance(action, LaunchBoat):
        ship = state.ship(action.ship)
        return "Launching craft", (launch_refused(state, ship, action.count)
                                   or "she may not launch a boat now")
    if isinstance(action, StartMove):
        ship = state.ship(action.ship)
        if ship.moved:
            return "Movement", f"the {ship.name} has already moved this turn"
        if ship.anchored:
            return "Anchors", f"the {ship.name} is at anchor: raise it in your orders first"
        if ship.aground == "stuck":
            return REFLOAT, f"the {ship.name} is stuck fast until she is re-floated (a 6)"
        if ship.aground == "beached":
            return REFLOAT, f"the {ship.name} is beached: two crew must shove her off first"
        if ship.docked:
            return DOCKING, f"the {ship.name} is made fast to the quay: cast off first"
        if state.lock_of(ship.id) is not None:
            return "Ramming and Ships Becoming Entangled", \
                f"the {ship.name} is locked to another ship"
        if not in_control(state, ship):
            return "Ships Moving Out of Control", f"the {ship.name} is out of control"
        return pace_refused(state, ship, action.pace)
    if isinstance(action, ReturnToTable):
        return return_refused(state, state.ship(action.ship), action.offset, action.heading)
    if isinstance(action, Withdraw):
        return return_refused(state, state.ship(action.ship))
    if isinstance(action, EndMovement):
        waiting_ships = [s.name for s in state.ships if needs_move(state, s)]
        return "Movement", f"every ship must move first ({', '.join(waiting_ships)})"
    if isinstance(action, FireGun):
        return _explain_fire(state, action)
    if isinstance(action, TrainTurret):
        from ahoy_tui.rules.ahoy.turrets import TURRETS, train_refused

        ship = state.ship(action.ship)
        gun = next((g for g in ship.guns if g.id == action.gun), None)
        if gun is None:
            return TURRETS, f"the {ship.name} has no gun {action.gun!r}"
        target = state.ship(action.target) if state.has_ship(action.target) else None
        return TURRETS, train_refused(state, ship, gun, target) or "she may not turn it now"
    if isinstance(action, FireMissiles):
        ship = state.ship(action.ship)
        why = ship_may_shoot(state, ship)
        if why:
            return "Missile Weapons", why
        if ship.missiles_fired:
            return "Missile Weapons", f"the {ship.name}'s marksmen have already shot this turn"
        return "Missile Weapons", "no marksman of hers can reach that ship's crew"
    if isinstance(action, DeclareRam):
        ship = state.ship(action.ship)
        if ship.size == "jolly_boat":
            return "Ramming and Jolly Boats", "Jolly Boats may not make ram attacks"
        return "Ramming", "she cannot ram that ship now (declared already, locked, anchored or "\
                          "out of control, or no such enemy)"
    if isinstance(action, StrikeColours):
        return "Strike Yer Colours", "a ship may strike only once down to half her Structure "\
                                     "Points"
    if isinstance(action, Board):
        if state.ship(action.ship).ram_target is not None:
            return "Ramming", "her crew braced for impact: they may only sail her this turn"
        return "Boarding Actions", ("boarding needs the ship alongside (within 1\") after a move "
                                    "at 12\" or less, an enemy that moved 12\" or less last turn, "
                                    "and no more men than she has to send")
    if isinstance(action, ShoveOff):
        ship = state.ship(action.ship)
        if ship.aground != "beached":
            return REFLOAT, f"the {ship.name} is not beached"
        return REFLOAT, "shoving off needs two crew aboard to do it (once a turn)"
    if isinstance(action, HeaveGun):
        ship = state.ship(action.ship)
        if ship.aground != "stuck":
            return REFLOAT, f"guns are heaved overboard only to re-float a ship stuck fast; " \
                            f"the {ship.name} is not"
        return REFLOAT, "she has no such gun left to heave overboard"
    if isinstance(action, CastOffFromQuay):
        ship = state.ship(action.ship)
        if not ship.docked:
            return DOCKING, f"the {ship.name} is not made fast to a quay"
        return DOCKING, "she casts off once a turn, and not while locked to another ship"
    if isinstance(action, AssignCrew):
        return "Gun Crews", ("that crew plan is not possible: at most the minimum crew sail her, "
                             "and she has only so many hands (once per turn)")
    return "Turns and phases", "that is not one of the choices now"


def _explain_cast_adrift(state: AhoyState, action: CastAdrift) -> tuple[str, str]:
    tower = state.ship(action.ship)
    if not state.has_ship(action.fire_ship):
        return "Fire Ships", f"there is no ship {action.fire_ship!r}"
    fire_ship = state.ship(action.fire_ship)
    if fire_ship not in towed_by(state, tower.id):
        return "Fire Ships", f"the {tower.name} does not have the fire ship {fire_ship.name} "\
                             "under tow"
    return "Fire Ships", "a fire ship is cast adrift at the start of the movement phase, before "\
                         "her tower moves"


def _explain_move(state: AhoyState, action: Any) -> tuple[str, str]:
    move = state.move
    if move is None:
        return "Movement", "no ship is moving: start a ship's move first"
    if isinstance(action, Advance):
        if action.inches <= 0:
            return "Movement", "a ship moves ahead a whole number of inches, at least 1"
        return "Movement Rates for Sailing Ships", \
            f"she has only {math.ceil(move.remaining - 1e-9)}\" of her move left"
    if isinstance(action, Turn):
        if action.direction not in ("port", "starboard"):
            return "Turning", "turn to port or to starboard"
        blocked = turn_blocked(state, -1 if action.direction == "port" else 1)
        return blocked or ("Turning", "she may not turn now")
    return "Movement Rates for Sailing Ships", \
        f"the whole move must be used: {math.ceil(move.remaining - 1e-9)}\" left"


def _explain_fire(state: AhoyState, action: FireGun) -> tuple[str, str]:
    from ahoy_tui.rules.ahoy.shooting import gun_ready, nearest_target

    ship = state.ship(action.ship)
    why = ship_may_shoot(state, ship)
    if why:
        return "Naval Cannons", why
    gun = next((g for g in ship.guns if g.id == action.gun), None)
    if gun is None:
        return "Naval Cannons", f"the {ship.name} has no gun {action.gun!r}"
    why = gun_ready(state, ship, gun)
    if why:
        return "Gun Crews", why
    from ahoy_tui.rules.ahoy.ordnance import shot_refused

    weapon = tables().gun(gun.weapon)
    refused = shot_refused(state, ship, gun, action.shot)
    if refused:
        return refused
    if weapon.kind == "swivel":
        return "Swivel Guns", (f"no enemy model lies within the swivel gun's {weapon.range}\" "
                               f"and {weapon.arc}° arc")
    if action.shot == "grape":
        return "Grapeshot", "grapeshot has no guess: fire it with guess 0"
    target = nearest_target(state, ship, gun)
    if target is None:
        if gun.mount == "turret":
            return "Gun Turrets", "the turret does not bear on an enemy ship: train it first " \
                                  "(it has no arc)"
        return "Naval Cannons", "no enemy ship lies on that gun's line of fire (guns have no "\
                                "arc: sail to bring them to bear)"
    if target[0] > weapon.range:
        return "Naval Cannons", f"the nearest enemy on that line is beyond the gun's " \
                                f"{weapon.range}\" range"
    if target[0] <= tables().roll("point_blank"):
        return "Point Blank", "at 10\" or less there is no guess: fire at point blank (guess 0)"
    if action.guess == 0:
        return "Point Blank", "the target is more than 10\" away: guess the range"
    if action.shot == "chain":
        cap = tables().table("chainshot")["max_guess"]
        return "Chainshot", f"the longest range that may be guessed for chainshot is {cap}\""
    return "Naval Cannons", f"guess a range from 1\" to the gun's {weapon.range}\""
