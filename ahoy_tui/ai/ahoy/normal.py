"""The normal captain: weighs each choice by what it is expected to bring.

For a move he tries every sensible way to finish it (with the engine, on a copy, his own dice)
and takes the one whose end position scores best: his guns bearing (point blank and raking count
double and more, through the shot odds), the enemy's guns on him, hull and crew kept, closing
with the enemy, not beating into the wind, not running off the table. He chooses his speed the
same way, sampling the roll. Everything else he decides like the easy captain.
"""

from __future__ import annotations

import time
from typing import Any

from ahoy_tui.ai.ahoy.easy import EasyCaptain
from ahoy_tui.ai.ahoy.judge import judge
from ahoy_tui.ai.ahoy.plans import Plan, move_plans, with_own_dice
from ahoy_tui.ai.captain import Decision
from ahoy_tui.engine import LegalActions, apply
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.model import AhoyState


class NormalCaptain(EasyCaptain):
    """Scores candidate actions by their expected outcome."""

    level = "normal"
    plans = 160  # ways to finish a move tried, at most

    def __init__(self, seed: int = 0, think: float = 1.0) -> None:
        super().__init__(seed, think)
        self._plan: list[Any] = []
        self._plan_ship: str | None = None
        self._draws = 0

    def draw(self) -> int:
        """A fresh seed for the captain's own dice."""
        self._draws += 1
        return (self.seed * 1_000_003 + self._draws * 7919) & 0x7FFFFFFF

    def _pending_choice(self, state: AhoyState) -> Any:
        decision = self.pending(state, LegalActions())
        return decision.action if decision is not None else a.Avoid(True)

    # --- movement ---------------------------------------------------------------------------
    def movement(self, view: AhoyState, legal: LegalActions) -> Decision | None:
        first = self.before_moving(view, legal) if view.move is None else None
        if first is not None:
            return first
        starts = [x for x in legal.fixed if isinstance(x, a.StartMove)]
        if view.move is None and starts:
            return self.choose_pace(view, legal, starts)
        return super().movement(view, legal)

    def choose_pace(self, view: AhoyState, legal: LegalActions,
                    starts: list[a.StartMove]) -> Decision:
        """Try each pace (a rolled one with a few rolls of his own dice) and keep the best.

        Pointing straight at a distant enemy he puts on a burst, as the plain seaman does: a
        straight course there loses nothing, and his short look-ahead undervalues the inches.
        """
        plain = self.pace(view, starts)
        if plain.action.pace == "burst":
            return plain
        side = view.active
        best: tuple[float, a.StartMove] | None = None
        deadline = time.perf_counter() + self.think / 3
        for start in starts:
            if start.pace == "halt":
                continue
            samples = 2 if start.pace in ("full", "cast_off", "burst") else 1
            total = 0.0
            for _ in range(samples):
                after, _ = apply(with_own_dice(view, self.draw()), start, legal=legal)
                total += self.best_plan_value(after, side)
            value = total / samples
            if best is None or value > best[0]:
                best = (value, start)
            if time.perf_counter() > deadline:
                break
        choice = best[1] if best else starts[0]
        return Decision(choice, f"{choice.pace.replace('_', ' ')} suits the plan")

    def best_plan_value(self, state: AhoyState, side: str) -> float:
        if state.move is None:
            return judge(state, side)
        plans = move_plans(state, self.draw(), self._pending_choice, limit=self.plans)
        return max((judge(s, side) for _, s in plans), default=judge(state, side))

    def steer(self, view: AhoyState, legal: LegalActions) -> Decision | None:
        move = view.move
        assert move is not None
        if self.sheer_off(view, view.ship(move.ship)) is not None:
            return super().steer(view, legal)
        if self._plan and self._plan_ship == move.ship and self._plan[0] in legal:
            action = self._plan.pop(0)
            return Decision(action, "as planned")
        plans = move_plans(view, self.draw(), self._pending_choice, limit=self.plans)
        best = self.pick_plan(view, plans)
        if best is None or not best[0]:
            return super().steer(view, legal)
        path = list(best[0])
        self._plan, self._plan_ship = path[1:], move.ship
        return Decision(path[0], self.why(view, best[1]))

    def pick_plan(self, view: AhoyState, plans: list[Plan]) -> Plan | None:
        side = view.active
        return max(plans, key=lambda plan: judge(plan[1], side), default=None)

    def why(self, before: AhoyState, after: AhoyState) -> str:
        from ahoy_tui.ai.ahoy.gunnery import bearing_value

        move = before.move
        if move is None:
            return "making her move"
        ship = after.ship(move.ship)
        guns = bearing_value(after, ship) if ship.on_table else 0.0
        if guns >= 3:
            return "steering to bring her guns to bear at close range"
        if guns > 0:
            return "steering to bring a broadside to bear"
        return "closing with the enemy"
