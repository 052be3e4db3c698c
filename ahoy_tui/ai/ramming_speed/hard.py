"""The hard captain: the normal captain's orders, and his grappling, boarding and lines weighed
by playing each choice out to the end of the turn (``playout``).

Measured against the normal captain (docs/ai.md): 56-71% in ``corvus`` by sample, 59% in
``salamis``, 51% in ``merchantman``, where the wind decides the chase. Tried for his orders and
left out (40 games of ``corvus`` each): finer turns and a look one turn further ahead at each
galley's six best orders (32-52%), expecting each enemy to write the normal captain's orders
(36-48%), and a spread of guesses at the enemy's courses (45-46%).
"""

from __future__ import annotations

from ahoy_tui.ai.captain import Decision
from ahoy_tui.ai.ramming_speed.normal import NormalCaptain
from ahoy_tui.ai.ramming_speed.playout import weigh_deck
from ahoy_tui.engine import GameState, LegalActions
from ahoy_tui.rules.ramming_speed.model import RSState


class HardCaptain(NormalCaptain):
    level = "hard"

    def decide(self, view: GameState, legal: LegalActions) -> Decision:
        normal = super().decide(view, legal)
        assert isinstance(view, RSState)
        return weigh_deck(view, legal, normal, self.seed)
