"""What every level shares: each decision handed to the phase's own judgement. Orders are
written one galley a decision (the side's drafts so far are in its view), then sealed."""

from __future__ import annotations

from ahoy_tui.ai.captain import Decision
from ahoy_tui.ai.ramming_speed import deck
from ahoy_tui.engine import GameState, LegalActions
from ahoy_tui.rules.ramming_speed.actions import SealOrders, WriteOrders
from ahoy_tui.rules.ramming_speed.helm import default_orders
from ahoy_tui.rules.ramming_speed.model import Galley, Phase, RSState

# each phase after the orders, and the judgement that decides it (``deck``)
DECK = {Phase.FIRE: deck.fire, Phase.GRAPPLE: deck.grapple, Phase.BOARD: deck.board,
        Phase.MELEE: deck.hand_to_hand, Phase.MAINTENANCE: deck.maintain}


class Bridge:
    """A captain's dispatch: orders from :meth:`write`, the rest from ``deck``."""

    level = "base"
    careful = False

    def __init__(self, seed: int = 0, think: float = 1.0) -> None:
        self.seed = seed
        self.think = think

    def decide(self, view: GameState, legal: LegalActions) -> Decision:
        assert isinstance(view, RSState)
        side = view.to_act
        if side is None or not legal:
            return Decision(legal[0], "nothing to decide")
        if view.phase is Phase.ORDERS:
            return self.orders(view, legal, side)
        on_deck = DECK.get(view.phase)
        if on_deck is not None:
            return on_deck(view, legal, side, self.careful)
        return Decision(legal[0], "nothing to decide")

    def orders(self, view: RSState, legal: LegalActions, side: str) -> Decision:
        drafted = {d.ship for d in view.drafts}
        form = legal.form(WriteOrders)
        pending = [s for s in view.side_ships(side) if not s.withdrawing and s.id not in drafted]
        if form is None or not pending:
            return Decision(SealOrders(side), "every galley has her orders: sealed")
        ship = pending[0]
        action, why = self.write(view, side, ship)
        if action in legal:
            return Decision(action, why)
        plain = default_orders(view, ship)
        fallback = WriteOrders(side, ship.id, plain.band.words, plain.moves)
        if fallback in legal:
            return Decision(fallback, f"{ship.name} holds her course ({plain.band.words})")
        return Decision(SealOrders(side), "sealed: the rest hold their course")

    def write(self, view: RSState, side: str, ship: Galley) -> tuple[WriteOrders, str]:
        raise NotImplementedError
