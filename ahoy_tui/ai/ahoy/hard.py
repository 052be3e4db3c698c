"""The hard captain: searches ahead with the engine itself.

For a move he takes the normal captain's best few plans and plays each on: the rest of his turn
(his shooting included) and the enemy's whole reply, with plain-seaman captains on both sides and
his own dice, sampled again and again until his think time is spent; then he keeps the plan that
left him best placed on average. He never sees the game's dice: every playout rolls his own.
"""

from __future__ import annotations

import time
from typing import Any

from ahoy_tui.ai.ahoy.easy import EasyCaptain
from ahoy_tui.ai.ahoy.judge import judge
from ahoy_tui.ai.ahoy.normal import NormalCaptain
from ahoy_tui.ai.ahoy.plans import Plan, with_own_dice
from ahoy_tui.engine import apply, legal_actions
from ahoy_tui.rules.ahoy.model import AhoyState, Phase

CANDIDATES = 6
PLAYOUT_ACTIONS = 400


class HardCaptain(NormalCaptain):
    """Plays candidate plans on to the enemy's reply, many times over, with its own dice."""

    level = "hard"
    max_rounds = 64  # playouts per candidate at most, whatever time is left

    def __init__(self, seed: int = 0, think: float = 1.0) -> None:
        super().__init__(seed, think)
        self._seaman = EasyCaptain(seed)

    def pick_plan(self, view: AhoyState, plans: list[Plan]) -> Plan | None:
        if not plans:
            return None
        side = view.active
        ranked = sorted(plans, key=lambda plan: judge(plan[1], side), reverse=True)
        candidates = ranked[:CANDIDATES]
        if len(candidates) == 1:
            return candidates[0]
        deadline = time.perf_counter() + self.think * 0.8
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        rounds = 0
        while True:
            for index, (_, after) in enumerate(candidates):
                totals[index] += self.playout(after, side)
                counts[index] += 1
            rounds += 1
            if time.perf_counter() > deadline:
                break
            if rounds >= self.max_rounds:
                break
        best = max(range(len(candidates)), key=lambda i: totals[i] / counts[i])
        return candidates[best]

    def playout(self, state: AhoyState, side: str) -> float:
        """Play on with plain seamen and the captain's own dice until his next turn begins."""
        state = with_own_dice(state, self.draw())
        start = state.player_turn
        for _ in range(PLAYOUT_ACTIONS):
            if state.over:
                break
            if (state.active == side and state.phase == Phase.ORDERS
                    and state.player_turn > start):
                break
            legal = legal_actions(state)
            action: Any = self._seaman.decide(state, legal).action
            state, _ = apply(state, action, legal=legal)
        return judge(state, side, shooting_next=False)
