"""The hard captain: the normal captain, thinking once about what the enemy will think.

He weighs the same orders with finer turns (a turn in the middle of the move too), and he does
not only expect each enemy to hold her course: he also puts himself in her captain's place and
finds the orders the normal captain would write for her (against his own galleys holding
theirs), and weighs each of his orders against both guesses (``GUESSES``). Her sealed orders
are not in his view: these are guesses from what the table shows.
"""

from __future__ import annotations

from ahoy_tui.ai.ramming_speed import sight
from ahoy_tui.ai.ramming_speed.helmsman import World, best_plan, expected
from ahoy_tui.ai.ramming_speed.normal import NormalCaptain
from ahoy_tui.ai.ramming_speed.sim import Mover, mover
from ahoy_tui.rules.ramming_speed.helm import radius
from ahoy_tui.rules.ramming_speed.model import RSState

GUESSES = (0.4, 0.6)  # weights: she holds her course; she steers as a normal captain would


class HardCaptain(NormalCaptain):
    level = "hard"
    fine = True

    def guess(self, view: RSState, side: str) -> list[World]:
        foes = sight.enemies(view, side)
        straight = [expected(view, e) for e in foes]
        ours = [expected(view, s) for s in view.side_ships(side)]
        replies: list[Mover] = []
        for enemy, plain in zip(foes, straight, strict=True):
            if enemy.withdrawing or sight.is_held(view, enemy):
                replies.append(plain)
                continue
            mates = [m for m in straight if m.ship.id != enemy.id]
            plan = best_plan(view, enemy, [(1.0, ours)], mates)
            if plan is None or not plan.moves:
                replies.append(plain)
                continue
            replies.append(mover(enemy, plan.band, plan.moves, radius(view, enemy, plan.band)))
        hold, steer = GUESSES
        return [(hold, straight), (steer, replies)]
