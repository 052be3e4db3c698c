"""Every sensible way to finish a ship's move, tried out with the engine.

From a move in hand, a plan is a sequence of advances and 45° turns to the end of the move. The
search advances either to the next point where she may turn or to the end of her move (and, on
a long move, halfway), and tries each legal turn; each plan is played on a copy of the state
with the captain's own dice, so what it leads to — contact, leaving the table — is the rules'
own answer.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ahoy_tui.engine import Rng, apply, legal_actions
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.model import AhoyState
from ahoy_tui.rules.ahoy.tables import tables

Plan = tuple[tuple[Any, ...], AhoyState]


def with_own_dice(state: AhoyState, seed: int) -> AhoyState:
    """The state with the captain's own dice: a search never uses the game's."""
    return replace(state, rng=Rng(seed, 0))


def settle(state: AhoyState, decide: Callable[[AhoyState], Any], limit: int = 20) -> AhoyState:
    """Resolve decisions that interrupt a move (avoiding, a ram's re-roll, swimmers)."""
    for _ in range(limit):
        if state.pending is None or state.over:
            return state
        state, _ = apply(state, decide(state))
    return state


def move_plans(state: AhoyState, seed: int, decide_pending: Callable[[AhoyState], Any], *,
               limit: int = 160) -> list[Plan]:
    """Ways to finish the move in hand, each with the state it leaves."""
    move = state.move
    if move is None:
        return []
    ship_id = move.ship
    plans: list[Plan] = []

    def search(current: AhoyState, path: tuple[Any, ...]) -> None:
        if len(plans) >= limit:
            return
        current = settle(current, decide_pending)
        step = current.move
        if current.over or step is None or step.ship != ship_id or current.phase.value != \
                "movement":
            plans.append((path, current))
            return
        legal = legal_actions(current)
        options: list[Any] = []
        ship = current.ship(ship_id)
        advance = next((r for r in legal.ranges if r.field == "inches"), None)
        if advance is not None:
            need = (tables().size(ship.size).move_before_turn
                    if tables().power(ship.propulsion).by_wind else 0)
            before_turn = math.ceil(max(0.0, need - step.since_turn) - 1e-9)
            distances = {advance.high}
            if step.turns_left > 0 and 1 <= before_turn < advance.high:
                distances.add(before_turn)
            if advance.high >= 8 and not path:
                distances.add(advance.high // 2)
            options.extend(advance.at(d) for d in sorted(distances))
        for direction in ("port", "starboard"):
            if a.Turn(direction) in legal:
                options.append(a.Turn(direction))
        if a.EndMove() in legal:
            options.append(a.EndMove())
        if not options:
            plans.append((path, current))
            return
        for option in options:
            after, _ = apply(current, option, legal=legal)
            search(after, (*path, option))

    search(with_own_dice(state, seed), ())
    return plans
