"""The hard captain: the normal captain's three best orders for each galley, and his grappling,
boarding and lines, weighed by playing each choice out to the end of the turn (``playout``).

Measured against the normal captain (docs/ai.md): 64% in ``corvus``, 62.5% in ``salamis``,
51% in ``merchantman``, where the wind decides the chase. Tried for his orders and left out
(40 games of ``corvus`` each): finer turns and a look one turn further ahead at each galley's
six best orders (32-52%), expecting each enemy to write the normal captain's orders (36-48%),
and a spread of guesses at the enemy's courses (45-46%).
"""

from __future__ import annotations

from ahoy_tui.ai.captain import Decision
from ahoy_tui.ai.ramming_speed.helmsman import KEEP, clear_of_friends, ranked_plans
from ahoy_tui.ai.ramming_speed.normal import NormalCaptain, plan_words
from ahoy_tui.ai.ramming_speed.playout import enemy_orders, weigh_deck, weigh_orders
from ahoy_tui.engine import GameState, LegalActions
from ahoy_tui.rules.ramming_speed.actions import WriteOrders
from ahoy_tui.rules.ramming_speed.model import Galley, RSState, ShipOrders

CHOICES = 3   # a galley's best orders rowed out


class HardCaptain(NormalCaptain):
    level = "hard"

    def __init__(self, seed: int = 0, think: float = 1.0) -> None:
        super().__init__(seed, think)
        self._theirs: tuple[object, tuple[tuple[ShipOrders, ...], ...]] | None = None

    def write(self, view: RSState, side: str, ship: Galley) -> tuple[WriteOrders, str]:
        plans = clear_of_friends(view, ship, ranked_plans(
            view, ship, self.worlds(view, side), self.friends(view, ship), KEEP))[:CHOICES]
        if not plans:
            return super().write(view, side, ship)
        key = (view.turn, side, view.rng.counter)
        if self._theirs is None or self._theirs[0] != key:
            self._theirs = (key, enemy_orders(view, side, self.seed))
        plan = weigh_orders(view, ship, plans, self.seed, think=self.think,
                            theirs=self._theirs[1])
        rowed = "" if plan is plans[0] else ", rowed out against her other orders"
        return (WriteOrders(side, ship.id, plan.band.words, plan.moves, plan.rake),
                plan_words(view, ship, plan) + rowed)

    def decide(self, view: GameState, legal: LegalActions) -> Decision:
        normal = super().decide(view, legal)
        assert isinstance(view, RSState)
        return weigh_deck(view, legal, normal, self.seed)
