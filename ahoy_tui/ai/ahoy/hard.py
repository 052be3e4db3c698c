"""The hard captain: searches ahead with the engine itself.

For a move he takes the normal captain's best few plans and plays each on: the rest of his turn
(his shooting included) and the enemy's whole reply, with plain-seaman captains on both sides and
his own dice, sampled again and again until his think time is spent, every plan with the same
dice in a round. He keeps the normal captain's choice unless another plan leads it beyond doubt.
He never sees the game's dice: every playout rolls his own.
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
        """The normal captain's choice, unless playing on shows another of his best few to be
        better beyond doubt.

        Each round plays every candidate on with the same dice (one seed a round), so what
        differs between them is the plan, not the luck; a candidate replaces the normal
        captain's first choice only when its average lead over it is more than twice its
        standard error. Few rounds (a crowded table, a short think) leave his choice alone.
        """
        if not plans:
            return None
        side = view.active
        ranked = sorted(plans, key=lambda plan: judge(plan[1], side), reverse=True)
        candidates = ranked[:CANDIDATES]
        if len(candidates) == 1:
            return candidates[0]
        deadline = time.perf_counter() + self.think * 0.8
        values: list[list[float]] = [[] for _ in candidates]
        rounds = 0
        while True:
            seed = self.draw()
            for index, (_, after) in enumerate(candidates):
                values[index].append(self.playout(after, side, seed))
            rounds += 1
            if time.perf_counter() > deadline or rounds >= self.max_rounds:
                break
        return candidates[clear_winner(values)]

    def playout(self, state: AhoyState, side: str, seed: int | None = None) -> float:
        """Play on with plain seamen and the captain's own dice until his next turn begins."""
        state = with_own_dice(state, self.draw() if seed is None else seed)
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


def clear_winner(values: list[list[float]], margin: float = 2.0) -> int:
    """Which candidate to take: the first (the normal captain's), unless another's paired lead
    over it, averaged over the rounds, exceeds ``margin`` standard errors; then the one with
    the largest such lead."""
    rounds = len(values[0])
    if rounds < 3:
        return 0
    best, best_lead = 0, 0.0
    for index in range(1, len(values)):
        leads = [v - w for v, w in zip(values[index], values[0], strict=True)]
        mean = sum(leads) / rounds
        spread = (sum((d - mean) ** 2 for d in leads) / (rounds - 1)) ** 0.5
        error = spread / rounds ** 0.5
        if mean > margin * error and mean > best_lead:
            best, best_lead = index, mean
    return best
