"""The turn sequence: what the rules do by themselves between a player's decisions.

A game turn is one turn for each side. A player's turn runs: start-of-turn checks (ships going
down, boarded crews surrendering), orders (crew, rams, cutting loose, anchors), fires fought,
swimmers' struggle, then movement (ships locked together and adrift drift, ships out of control
run wild, then the player moves the rest), shooting, and close combat aboard boarded ships.
:func:`flow` carries the state forward through every step that needs no decision, and stops
where a player must choose.
"""

from __future__ import annotations

from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.memo import KeyedMemo
from ahoy_tui.rules.ahoy.boarding import boarding_in_progress, close_combat, surrender_test
from ahoy_tui.rules.ahoy.common import tell
from ahoy_tui.rules.ahoy.crew import apply_plan, in_control
from ahoy_tui.rules.ahoy.damage import roll_for_sinking
from ahoy_tui.rules.ahoy.fire import fight_fires
from ahoy_tui.rules.ahoy.fire_ships import (
    keep_station,
    run_adrift,
    start_of_turn,
    under_tow,
    waits_for_tower,
)
from ahoy_tui.rules.ahoy.model import (
    AhoyState,
    Crewman,
    GunState,
    Phase,
    Ship,
    Task,
    update_ship,
)
from ahoy_tui.rules.ahoy.movement import (
    ADRIFT,
    can_turn,
    drift,
    drift_ship,
    end_move,
    out_of_control,
)
from ahoy_tui.rules.ahoy.swimming import drowning
from ahoy_tui.rules.ahoy.tables import tables
from ahoy_tui.rules.ahoy.terrain import guns_gone_over, movement_starts
from ahoy_tui.rules.ahoy.wind import change_wind

BOARDED_DRIFT = "Movement of Boarded/Boarding Ships"
VICTORY = "Victory"




def _fighting(state: AhoyState, ship: Ship) -> bool:
    if ship.sunk or ship.withdrawn or ship.struck or ship.captured_by:
        return False
    return (ship.id, ship.side) in _manned(state.crew)


def _manned(crew: tuple[Crewman, ...]) -> frozenset[tuple[str | None, str]]:
    """(ship, side) for every ship with men of that side on her deck (captives aside), or
    across on an enemy deck boarding from her (her whole crew may be over there)."""
    return _MANNED((id(crew),), crew, lambda: frozenset(
        (c.aboard, c.side) for c in crew if c.task != Task.CAPTIVE) | frozenset(
        (c.ship, c.side) for c in crew if c.task == Task.BOARDING and c.aboard != c.ship))


_MANNED: KeyedMemo[frozenset[tuple[str | None, str]]] = KeyedMemo(64)


def sides_fighting(state: AhoyState) -> frozenset[str]:
    """The sides with a ship in the fight (remembered while ships and crew are unchanged)."""
    return _STANDING((id(state.ships), id(state.crew)), (state.ships, state.crew),
                     lambda: frozenset(s.side for s in state.ships if _fighting(state, s)))


_STANDING: KeyedMemo[frozenset[str]] = KeyedMemo(64)


def still_fighting(state: AhoyState, side: str) -> bool:
    """Whether a side has a ship in the fight."""
    return side in sides_fighting(state)


def victory_points(state: AhoyState, side: str) -> int:
    """At the turn limit: damage dealt, plus half the Structure Points of every enemy ship sunk,
    struck, captured or gone from the battle."""
    tally = next(t for t in state.tallies if t.side == side)
    points = tally.damage_dealt
    for ship in state.ships:
        if ship.fire_ship:
            continue  # a hulk stripped out to burn: losing her is the plan, not a loss
        if ship.side != side and (ship.sunk or ship.struck or ship.captured_by or ship.withdrawn):
            points += ship.sp_max // 2
    return points


def finish(state: AhoyState, dice: Dice, winner: str | None, result: str) -> AhoyState:
    tell(dice, "game_over", result, VICTORY, side=winner, big=True)
    state = replace(state, over=True, winner=winner, result=result, phase=Phase.OVER,
                    move=None, pending=None, to_act=None)
    tell(dice, "summary", battle_summary(state), VICTORY)
    return state


def battle_summary(state: AhoyState) -> str:
    """The battle in a few lines: turns fought, and for each side the damage it dealt, the
    enemy crew it slew and what became of its ships."""
    lines = [f"{state.turn} turn{'s' if state.turn != 1 else ''} fought."]
    for tally in state.tallies:
        fates = []
        for ship in state.ships:
            if ship.side != tally.side:
                continue
            fate = ("sunk" if ship.sunk else
                    f"captured by {state.side_name(ship.captured_by)}" if ship.captured_by else
                    "struck her colours" if ship.struck else
                    "left the battle" if ship.withdrawn else
                    f"afloat, {ship.sp}/{ship.sp_max} SP")
            fates.append(f"the {ship.name} {fate}")
        lines.append(f"{state.side_name(tally.side)}: dealt {tally.damage_dealt} damage, slew "
                     f"{tally.crew_slain} of the enemy; {'; '.join(fates)}.")
    return "\n".join(lines)


def check_victory(state: AhoyState, dice: Dice) -> AhoyState:
    """The last side with a ship afloat and not struck wins; none left is a draw."""
    if state.over:
        return state
    fighting = sides_fighting(state)
    if len(fighting) == len(state.sides):
        return state
    standing = [side for side in state.sides if side in fighting]
    if not standing:
        return finish(state, dice, None, "Both fleets are beaten: the battle is a draw")
    winner = standing[0]
    return finish(state, dice, winner, f"{state.side_name(winner)} win: the enemy has no ship "
                                       "left afloat with her colours flying")


def begin_player_turn(state: AhoyState, dice: Dice) -> AhoyState:
    side = state.active
    tell(dice, "turn", f"Turn {state.turn}: {state.side_name(side)} to play", "Turns and phases",
         side=side)
    ships = []
    for ship in state.ships:
        if ship.side == side:
            guns = tuple(replace(g, fired=False, trained=False, fault="", range_loss=0,
                                      state=GunState.READY if g.state == GunState.MALFUNCTION
                                      and state.player_turn > g.silent_until else g.state)
                         for g in ship.guns)
            if all(new is old for new, old in zip(guns, ship.guns, strict=True)):
                guns = ship.guns  # nothing to reset: she stays the same object
            ship = replace(ship, moved=False, ram_target=None, ram_spent=False,
                                no_shooting=False, missiles_fired=False, ordered=(),
                                anchor_tried=False, guns=guns)
        ships.append(ship)
    unchanged = all(new is old for new, old in zip(ships, state.ships, strict=True))
    state = replace(state, ships=state.ships if unchanged else tuple(ships),
                    phase=Phase.ORDERS, move=None)
    state = start_of_turn(state, dice, side)
    for ship in state.ships:
        if ship.side == side and ship.sinking:
            state = roll_for_sinking(state, dice, ship.id)
    for ship in state.ships:
        if ship.side == side and ship.on_table and not ship.captured_by:
            state = surrender_test(state, dice, ship.id)
    for ship in state.ships:
        if ship.side == side and not ship.sunk and not ship.captured_by:
            state = guns_gone_over(state, ship.id)
            state = apply_plan(state, ship.id)
    return check_victory(state, dice)


def end_orders(state: AhoyState, dice: Dice) -> AhoyState:
    """Orders given: fires are fought, swimmers struggle, locked ships drift; on to movement."""
    side = state.active
    for ship in state.ships:
        # Fire Ships: a fire ship's fires are not fought and do her no harm.
        if ship.side == side and ship.fires and not ship.sunk and not ship.fire_ship:
            state = fight_fires(state, dice, ship.id)
    state = drowning(state, dice, side)
    state = replace(state, phase=Phase.MOVEMENT)
    state = drift_locked(state, dice)
    return movement_starts(state, dice)


def drift_locked(state: AhoyState, dice: Dice) -> AhoyState:
    """Ships locked together drift in both players' turns: D3", or D6" once a boarding action is
    under way — unless the largest of them is at anchor."""
    for lock in state.locks:
        if lock not in state.locks:
            continue
        ships = (state.ship(lock.a), state.ship(lock.b))
        largest = max(ships, key=lambda s: tables().size(s.size).rank)
        if largest.anchored or any(s.anchored for s in ships if s.size == largest.size):
            continue
        if any(s.aground or s.docked for s in ships):
            continue  # held fast by the ground or the quay
        ids = (lock.a, lock.b)
        if boarding_in_progress(state, lock):
            distance = dice.d6(f"the {ships[0].name} and the {ships[1].name} drift, boarding",
                               BOARDED_DRIFT)
            rule = BOARDED_DRIFT
        else:
            distance = dice.d3(f"the {ships[0].name} and the {ships[1].name} drift, entangled",
                               ADRIFT)
            rule = ADRIFT
        state = drift(state, dice, ids, distance, rule)
    return state


def automatic_mover(state: AhoyState) -> Ship | None:
    """The next of the active side's ships that moves by herself this turn."""
    for ship in state.ships:
        if ship.side != state.active or ship.moved or not ship.on_table or ship.captured_by:
            continue
        if ship.anchored or ship.aground or ship.docked or state.lock_of(ship.id) is not None:
            continue
        # Fire Ships: towed, she moves with her tower; cast adrift, she waits for him to move.
        if under_tow(ship) or waits_for_tower(state, ship):
            continue
        if ship.immobilised or ship.ooc_stopped or not in_control(state, ship):
            return ship
    return None


def move_automatically(state: AhoyState, dice: Dice, ship: Ship) -> AhoyState:
    if ship.immobilised:
        state = update_ship(state, ship.id, moved=True, speed=0)
        return drift_ship(state, dice, ship.id)
    if ship.fire_ship and ship.adrift == state.player_turn:
        return run_adrift(state, dice, ship.id)
    if ship.ooc_stopped and in_control(state, ship):
        tell(dice, "under_control", f"The {ship.name} is brought under control again",
             "Ships Moving Out of Control", side=ship.side, ship=ship.id)
        return update_ship(state, ship.id, ooc_stopped=False, speed=0, under_way=0)
    return out_of_control(state, dice, ship.id)


def begin_shooting(state: AhoyState, dice: Dice) -> AhoyState:
    marks = tuple((s.id, s.sp) for s in state.ships if s.side != state.active and not s.sunk)
    tell(dice, "phase", f"{state.side_name(state.active)}: shooting", "Turns and phases",
         side=state.active)
    return replace(state, phase=Phase.SHOOTING, enemy_fire_start=marks)


def end_player_turn(state: AhoyState, dice: Dice) -> AhoyState:
    """Close combat, then the turn passes; a new game turn brings the wind's change."""
    state = close_combat(state, dice)
    state = check_victory(state, dice)
    if state.over:
        return state
    state = replace(state, phase=Phase.CLOSE_COMBAT, enemy_fire_start=())
    return state


def next_player(state: AhoyState, dice: Dice) -> AhoyState:
    nxt = state.other_side(state.active)
    turn = state.turn
    if nxt == state.sides[0]:
        if turn >= state.options.turn_limit:
            return turn_limit_reached(state, dice)
        turn += 1
    state = replace(state, active=nxt, turn=turn, player_turn=state.player_turn + 1)
    if nxt == state.sides[0] and state.options.wind_changes:
        state = change_wind(state, dice)
    return begin_player_turn(state, dice)


def turn_limit_reached(state: AhoyState, dice: Dice) -> AhoyState:
    scores = {side: victory_points(state, side) for side in state.sides}
    text = ", ".join(f"{state.side_name(s)} {p}" for s, p in scores.items())
    best = max(scores.values())
    leaders = [s for s, p in scores.items() if p == best]
    if len(leaders) > 1:
        return finish(state, dice, None, f"The turn limit is reached: a draw on points ({text})")
    winner = leaders[0]
    return finish(state, dice, winner, f"The turn limit is reached: {state.side_name(winner)} "
                                       f"win on points ({text})")


def flow(state: AhoyState, dice: Dice, *, waiting: object) -> AhoyState:
    """Carry the battle forward until a player has a decision to make.

    ``waiting(state)`` says whether the current step offers the player any choice.
    """
    for _ in range(1000):
        state = keep_station(state, dice)
        state = check_victory(state, dice)
        if state.over or state.pending is not None:
            return state
        if state.phase == Phase.ORDERS:
            if waiting(state):  # type: ignore[operator]
                return state
            state = end_orders(state, dice)
        elif state.phase == Phase.MOVEMENT:
            move = state.move
            if move is not None:
                if move.remaining <= 1e-9 and not can_turn(state):
                    state = end_move(state, dice)
                    continue
                return state
            mover = automatic_mover(state)
            if mover is not None:
                state = move_automatically(state, dice, mover)
                continue
            if waiting(state):  # type: ignore[operator]
                return state
            state = begin_shooting(state, dice)
        elif state.phase == Phase.SHOOTING:
            if waiting(state):  # type: ignore[operator]
                return state
            if not any(s.missiles_fired or any(g.fired for g in s.guns)
                       for s in state.ships if s.side == state.active):
                tell(dice, "no_targets", "No gun bears on an enemy and no marksman is in range",
                     "Naval Cannons", side=state.active)
            state = end_player_turn(state, dice)
        elif state.phase == Phase.CLOSE_COMBAT:
            state = next_player(state, dice)
        else:
            return state
    raise RuntimeError("the turn sequence did not settle")


def standing(state: AhoyState) -> str:
    """The points as they stand, for a header: what the turn limit would decide on."""
    return "VP " + " · ".join(
        f"{state.side_name(s).removeprefix('The ')} {victory_points(state, s)}"
        for s in state.sides)


def victory_words(state: AhoyState) -> str:
    """How this battle is won, in plain words (the scenario's victory condition)."""
    return (f"The last side with a ship afloat and her colours flying wins; if both fleets are "
            f"beaten, it is a draw.\n\nAt the end of turn {state.turn_limit} the battle is "
            "decided on victory points: the damage each side has dealt, plus half the "
            "Structure Points of every enemy ship sunk, struck, captured or gone from the "
            "battle (fire ships count for nothing). Equal points are a draw.\n\n"
            f"Now: {standing(state)}.")
