"""The hard captain: the normal captain with a deeper look at his candidate tracks.

He weighs finer turns than the normal captain (a turn in the middle of the move too), keeps
his galley's six best orders, and for each plays the next turn as well (``lookahead``): the
enemy and his friends moved on as expected, she writes her best orders from where these leave
her, and half their worth is added. So a course that sets up next turn's ram beats one that
only looks well now. Tried and left out (measured against the normal captain, 40 games over
corvus and salamis): expecting each enemy to write the normal captain's orders (36%), and a
spread of guesses (holding on, steering at the nearest of his galleys, faster; 45-46%).
"""

from __future__ import annotations

from ahoy_tui.ai.ramming_speed.lookahead import deeper_plan
from ahoy_tui.ai.ramming_speed.normal import NormalCaptain, plan_words
from ahoy_tui.rules.ramming_speed.actions import WriteOrders
from ahoy_tui.rules.ramming_speed.model import Galley, RSState


class HardCaptain(NormalCaptain):
    level = "hard"
    fine = True

    def write(self, view: RSState, side: str, ship: Galley) -> tuple[WriteOrders, str]:
        plan = deeper_plan(view, ship, self.worlds(view, side), self.friends(view, ship),
                           self.fine)
        if plan is None:
            return super().write(view, side, ship)
        return (WriteOrders(side, ship.id, plan.band.words, plan.moves, plan.rake),
                plan_words(view, ship, plan) + ", with a look at the turn after")
