"""Every sensible way to finish a ship's move, tried with the engine on a copy.

A plan is how a player would move her with the Turning Template: advance some inches, turn one,
two or three points (2" each), advance again to any inch of what is left, and end the move (or
ram what she touched). Under oars she may also turn on the spot first, and a ship that starts in
contact may push clear. Each advance and turn is played by the engine on a copy of the state with
the captain's own dice (running aground is the only roll a move makes), so what the rules say
stops her, turns her out of the wind, runs her aground or takes her off the table is the rules'
own answer. The inches short of the end of a straight leg are laid out along it without asking
the engine again: nothing lies in her way there, or the full leg would have met it. A plan that
takes her off the table is kept only when every plan does.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from attrs import frozen

from ahoy_tui.ai.man_o_war.sight import alongside, held_by_enemy
from ahoy_tui.engine import LegalActions, Rng, apply, legal_actions
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import UNIT, clean
from ahoy_tui.rules.man_o_war.actions import (
    EndMove,
    PushClear,
    Ram,
    SetCourse,
    Turn,
    TurnOnTheSpot,
)
from ahoy_tui.rules.man_o_war.model import MowState, Ship

MAX_TURNS = 3  # points turned at one place in a plan


@frozen
class Search:
    """How finely the plans are laid: every ``step`` inches, up to ``turns`` points at a time
    (a captain guessing at the enemy's reply looks more coarsely than at his own move)."""

    step: int = 1
    turns: int = MAX_TURNS
    backing: bool = True  # whether backing water is tried


FINE = Search()
COARSE = Search(step=2, turns=2, backing=False)


@frozen
class Plan:
    """A way to finish her move: the actions, and where they leave her."""

    actions: tuple[Any, ...]
    ship: Ship  # she, at the end of it
    touched: str = ""  # what she touched, ending her move
    ram: bool = False  # whether she may ram it


def with_own_dice(state: MowState, seed: int) -> MowState:
    """The state with the captain's own dice: a search never rolls the game's."""
    return replace(state, rng=Rng(seed, 0))


def _play(state: MowState, action: Any, legal: LegalActions | None = None) -> MowState:
    after, _ = apply(state, action, legal=legal)
    assert isinstance(after, MowState)
    return after


def _in_hand(state: MowState, ship_id: str) -> bool:
    """Whether the move of ``ship_id`` is still going on."""
    return (state.current == ship_id and state.stage == "move" and state.move is not None
            and not state.over)


def _ended(state: MowState, ship_id: str, path: tuple[Any, ...]) -> Plan:
    ship = state.ship(ship_id)
    move = state.move if _in_hand(state, ship_id) else None
    touched = move.touched if move is not None else ""
    if move is None and not ship.left_table and not touched:
        # her move ended against a ship (Collisions): one of her own side (never a ram:
        # Ramming) before an enemy she may now board (Boarding Actions)
        against = alongside(state, ship)
        touched = next((s.id for s in against if not held_by_enemy(s, ship.side)),
                       next((s.id for s in against), ""))
    ram = bool(touched) and Ram(touched) in legal_actions(state) and foe_to_ram(state, ship,
                                                                                 touched)
    return Plan(path, ship, touched, ram)


def foe_to_ram(state: MowState, ship: Ship, touched: str) -> bool:
    """Whether what she touched is hers to ram: a sea monster, or a ship the enemy holds. The
    rules let her ram a ship of her own side (Ramming); no captain of ours does."""
    if state.has_creature(touched):
        return True
    return state.has_ship(touched) and held_by_enemy(state.ship(touched), ship.side)


def _straight_on(state: MowState, ship_id: str, path: tuple[Any, ...],
                 how: Search) -> Iterator[Plan]:
    """From here, every inch straight on to the end of her move."""
    move = state.move
    assert move is not None
    legal = legal_actions(state)
    leg = next((r for r in legal.ranges if r.field == "inches"), None)
    ship = state.ship(ship_id)
    yield Plan(path, ship)  # stop here
    if leg is None:
        return
    full = _play(state, leg.at(leg.high), legal)
    end = _ended(full, ship_id, (*path, leg.at(leg.high)))
    went = full.ship(ship_id)
    ux, uy = UNIT[ship.heading % 8]
    sign = -1 if move.backwards else 1
    run = abs((went.x - ship.x) * ux + (went.y - ship.y) * uy)
    for inches in range(leg.low, leg.high, how.step):
        if inches >= run - 0.2:
            break
        x, y = clean(ship.x + sign * ux * inches), clean(ship.y + sign * uy * inches)
        if not (0 <= x <= state.table.width and 0 <= y <= state.table.height):
            break
        yield Plan((*path, leg.at(inches)), replace(ship, x=x, y=y))
    yield end


def _turns(state: MowState, ship_id: str, path: tuple[Any, ...],
           how: Search) -> Iterator[Plan]:
    """Turn one to three points either way here, then on to the end of her move."""
    for side in ("port", "starboard"):
        current, steps = state, path
        for _ in range(how.turns):
            turn = Turn(side)
            legal = legal_actions(current)
            if turn not in legal:
                break
            current = _play(current, turn, legal)
            steps = (*steps, turn)
            if not _in_hand(current, ship_id) or current.move is None \
                    or current.move.stopped:
                yield _ended(current, ship_id, steps)
                break
            yield from _straight_on(current, ship_id, steps, how)


def move_plans(state: MowState, ship_id: str, how: Search = FINE) -> list[Plan]:
    """Every plan for the rest of her move (the state has her move in hand, her course set)."""
    plans: list[Plan] = []
    move = state.move
    assert move is not None
    legal = legal_actions(state)
    if move.into_wind:
        plans.append(Plan((), state.ship(ship_id)))
        for side in ("port", "starboard"):
            if Turn(side) in legal:
                plans.append(_ended(_play(state, Turn(side), legal), ship_id, (Turn(side),)))
        return plans
    starts: list[tuple[MowState, tuple[Any, ...]]] = [(state, ())]
    for action in legal.fixed:
        if isinstance(action, (PushClear, TurnOnTheSpot)):
            after = _play(state, action, legal)
            if _in_hand(after, ship_id) and after.move is not None \
                    and after.move.remaining > 1e-9:
                starts.append((after, (action,)))
            else:
                plans.append(_ended(after, ship_id, (action,)))
    for start, path in starts:
        plans.extend(_legs(start, ship_id, path, how))
    return on_the_table(plans)


def on_the_table(plans: list[Plan]) -> list[Plan]:
    """The plans that keep her on the table, while there are any: no ship of a captain's is
    sent off the table by an advance to the end of her move (her full speed) when she could
    stop short of the edge (Man O' War has no edge to escape by; off it, she is out of the
    battle)."""
    kept = [plan for plan in plans if not plan.ship.left_table]
    return kept or plans


def _legs(state: MowState, ship_id: str, path: tuple[Any, ...],
          how: Search) -> Iterator[Plan]:
    legal = legal_actions(state)
    leg = next((r for r in legal.ranges if r.field == "inches"), None)
    yield Plan(path, state.ship(ship_id))
    yield from _turns(state, ship_id, path, how)
    if leg is None:
        return
    distances = list(range(leg.low, leg.high + 1, how.step))
    if distances[-1] != leg.high:
        distances.append(leg.high)
    for inches in distances:
        after = _play(state, leg.at(inches), legal)
        steps = (*path, leg.at(inches))
        if not _in_hand(after, ship_id) or after.move is None or after.move.stopped:
            yield _ended(after, ship_id, steps)
            break  # she met something (or went off the table): farther goes no farther
        yield Plan(steps, after.ship(ship_id))
        yield from _turns(after, ship_id, steps, how)


def course_plans(state: MowState, seed: int, how: Search = FINE) -> list[Plan]:
    """Every plan from the start of her move: each course she may set (and staying where she
    is), each played on with the captain's own dice."""
    ship_id = state.current
    own = with_own_dice(state, seed)
    legal = legal_actions(own)
    plans: list[Plan] = []
    if EndMove() in legal:
        plans.append(Plan((EndMove(),), own.ship(ship_id)))
    for course in legal.fixed:
        if not isinstance(course, SetCourse):
            continue
        if course.pace == "backwards" and not how.backing:
            continue
        after = _play(own, course, legal)
        if not _in_hand(after, ship_id):
            plans.append(_ended(after, ship_id, (course,)))
            continue
        for plan in move_plans(after, ship_id, how):
            plans.append(replace(plan, actions=(course, *plan.actions)))
    return on_the_table(plans)
