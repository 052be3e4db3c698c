"""The hard captain's playouts: a choice played out to the end of the turn on dice of his own
(never the game's dice to come), both sides' crews doing what the normal captain would, and
the choice that leaves him best placed on average is taken.

**On deck** (``weigh_deck``): a boarding is won or lost by who is left aboard which deck when
the two melee rounds and the morale checks are over (16.0-17.2): whether to board, with the
captain or without him, to throw lines, or to cut them, is best judged by fighting it out.

**Orders** (``weigh_orders``): where a galley's best few orders may bring her into contact this
turn, each is rowed out with the rest of the turn in the shared plan search (``ai.plan_search``,
``Turn``: the enemy's sealed orders sampled as the normal captain would write them), and its
mean worth added to the normal captain's own weighing of it.

Every choice is played with the same dice seeds, so they are compared on the same luck.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from attrs import frozen

from ahoy_tui.ai import plan_search
from ahoy_tui.ai.captain import Decision
from ahoy_tui.ai.ramming_speed.bridge import DECK
from ahoy_tui.ai.ramming_speed.helmsman import Plan
from ahoy_tui.engine import GameState, LegalActions, Rng, apply, legal_actions
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.orders import Sealed
from ahoy_tui.rules.ramming_speed import melee
from ahoy_tui.rules.ramming_speed.actions import (
    Board,
    CutLines,
    DropCorvus,
    PhaseDone,
    SealOrders,
    ThrowLines,
)
from ahoy_tui.rules.ramming_speed.flow import score
from ahoy_tui.rules.ramming_speed.helm import default_orders
from ahoy_tui.rules.ramming_speed.model import Galley, Phase, RSState, ShipOrders, SideOrders

PLAYS = 12          # dice seeds each choice is played with, at most
BUDGET = 72         # playouts for one decision, at most (fewer seeds when many choices)
MAN = 0.5           # a fit man, in victory points
LOAD = 0.5          # a load of water aboard
WON = 100.0         # the battle over, won or lost
LIMIT = 400         # actions in one playout (a turn's deck work is a few dozen)
WEIGHED = (Board, ThrowLines, DropCorvus, CutLines)
PHASES = (Phase.GRAPPLE, Phase.BOARD, Phase.MAINTENANCE)
ORDER_PLAYS = 8     # dice seeds each of a galley's best orders is rowed out with, at most


def worth(state: RSState, side: str) -> float:
    """How well ``side`` stands: victory points (both sides'), fit men and water aboard."""
    other = state.other(side)
    if state.over:
        return WON if state.winner == side else -WON if state.winner == other else 0.0
    men = {side: 0, other: 0}
    for man in state.men:
        if melee.fit(state, man):
            men[state.ship(man.ship).side] += 1
    loads = {s: sum(g.loads for g in state.side_ships(s)) for s in (side, other)}
    return (score(state, side) - score(state, other) + MAN * (men[side] - men[other])
            + LOAD * (loads[other] - loads[side]))


def normal_choice(view: RSState, legal: LegalActions) -> object:
    """What the normal captain does on deck: both sides' crews in a playout."""
    side = view.to_act
    on_deck = DECK.get(view.phase)
    if len(legal) == 1 or side is None or on_deck is None:
        return legal[0]
    return on_deck(view, legal, side, True).action


def play_out(view: RSState, action: object, side: str, seed: int) -> float:
    """The turn played on from ``action`` to the next orders (or the end), with these dice."""
    state, _ = apply(replace(view, rng=Rng(seed, 0)), action)
    return _to_orders(state, side)


def _to_orders(state: RSState, side: str) -> float:
    for _ in range(LIMIT):
        if state.over or state.phase is Phase.ORDERS:
            break
        legal = legal_actions(state)
        state, _ = apply(state, normal_choice(state, legal), legal=legal)
    return worth(state, side)


def weigh_deck(view: RSState, legal: LegalActions, normal: Decision, seed: int) -> Decision:
    """The normal captain's choice, unless playing the choices out shows a better one."""
    side = view.to_act
    weighed = [a for a in legal if isinstance(a, WEIGHED)
               and not (isinstance(a, Board) and (a.section or a.man))]
    if view.phase not in PHASES or side is None or not weighed:
        return normal
    # lines: all she has, or as the normal captain would; not every count between
    most: dict[tuple[str, str], ThrowLines] = {}
    for a in weighed:
        if isinstance(a, ThrowLines):
            key = (a.ship, a.target)
            if key not in most or a.men > most[key].men:
                most[key] = a
    weighed = [a for a in weighed if not isinstance(a, ThrowLines) or a in most.values()]
    options = list(dict.fromkeys([normal.action, *weighed,
                                  *(a for a in legal if isinstance(a, PhaseDone))]))
    if len(options) == 1:
        return normal
    plays = max(4, min(PLAYS, BUDGET // len(options)))
    seeds = [seed * 7919 + view.rng.counter * 31 + k for k in range(plays)]
    worths = [(sum(play_out(view, a, side, s) for s in seeds) / plays, i, a)
              for i, a in enumerate(options)]
    best, _, action = max(worths, key=lambda w: (w[0], -w[1]))
    if action == normal.action:
        return normal
    mine = worths[0][0]
    return Decision(action, f"{deck_words(view, action)}: played out {plays} times it leaves "
                            f"her {best - mine:+.1f} better off than the plain choice")


def deck_words(view: RSState, action: object) -> str:
    """The choice in a few words, for the captain's reason."""
    if isinstance(action, Board):
        who = "" if action.officers else ", her officers staying aboard"
        return f"{view.ship(action.ship).name} boards {view.ship(action.target).name}{who}"
    if isinstance(action, ThrowLines):
        return f"{view.ship(action.ship).name} throws lines at {view.ship(action.target).name}"
    if isinstance(action, DropCorvus):
        return f"{view.ship(action.ship).name} drops her corvus on {view.ship(action.target).name}"
    if isinstance(action, CutLines):
        return f"{view.ship(action.ship).name} cuts the lines to {view.ship(action.target).name}"
    return "no more this phase"


def row_out(view: RSState, ship: Galley, orders: ShipOrders, seed: int) -> float:
    """The turn played from the reveal with these orders for her, the orders already written
    for her friends (the rest carrying on), and every enemy holding her course."""
    side = ship.side
    other = view.other(side)
    theirs = tuple(default_orders(view, s) for s in view.side_ships(other) if not s.withdrawing)
    drafts = (*(d for d in view.drafts if d.ship != ship.id), orders)
    sealed: Sealed[SideOrders] = Sealed()
    state = replace(view, orders=sealed.seal(other, SideOrders(theirs)), drafts=drafts,
                    to_act=side, rng=Rng(seed, 0))
    state, _ = apply(state, SealOrders(side))
    return _to_orders(state, side)


class DeckHand:
    """The normal captain as the playouts have him after the orders are sealed: on deck as
    ``normal_choice`` plays."""

    level = "normal"

    def decide(self, view: RSState, legal: LegalActions) -> Decision:
        return Decision(normal_choice(view, legal), "as the normal captain would")


ENEMY_ODDS = (2, 1, 1)  # how the enemy's orders are sampled: his best, his second, his course


@frozen
class Turn:
    """The plan search's view of Ramming Speed! (``ai.plan_search``): a plan is one galley's
    orders, her friends keeping theirs as written (or carrying on); the enemy's sealed orders
    are sampled, galley by galley, from what the normal captain would write for her (his best
    orders twice as often as his second or as holding her course); the turn is played on with
    every crew on deck as the normal captain would, to the next turn's orders, and judged by
    ``worth``. The enemy's whole reply is in the same turn: the orders are simultaneous."""

    ship: str
    theirs: tuple[tuple[ShipOrders, ...], ...]  # each enemy galley's orders to sample from

    def dice(self, view: GameState, seed: int) -> GameState:
        assert isinstance(view, RSState)
        side = self.side_of(view)
        luck = random.Random(seed)
        picks = tuple(luck.choices(options, ENEMY_ODDS[:len(options)])[0]
                      for options in self.theirs)
        sealed: Sealed[SideOrders] = Sealed()
        return replace(view, orders=sealed.seal(view.other(side), SideOrders(picks)),
                       rng=Rng(seed, 0))

    def side_of(self, view: RSState) -> str:
        return view.ship(self.ship).side

    def play(self, state: GameState, plan: Any, side: str) -> GameState:
        assert isinstance(state, RSState) and isinstance(plan, ShipOrders)
        drafts = (*(d for d in state.drafts if d.ship != plan.ship), plan)
        state = replace(state, drafts=drafts, to_act=side)
        after, _ = apply(state, SealOrders(side))
        return after

    def act(self, state: GameState, action: Any, legal: LegalActions,
            seed: int) -> GameState:
        after, _ = apply(state, action, legal=legal)
        return after

    def horizon(self, start: GameState, side: str) -> Callable[[GameState], bool]:
        def done(state: GameState) -> bool:
            assert isinstance(state, RSState)
            return state.phase is Phase.ORDERS
        return done

    def captain(self, side: str, seed: int) -> Any:
        return DeckHand()

    def judge(self, state: GameState, side: str) -> float:
        assert isinstance(state, RSState)
        return worth(state, side)


def enemy_orders(view: RSState, side: str, seed: int) -> tuple[tuple[ShipOrders, ...], ...]:
    """What the normal captain would write for each enemy galley, as far as ``side`` can
    tell (he sees none of our drafts): his two best orders, and her course held."""
    from ahoy_tui.ai.ramming_speed.helmsman import ranked_plans
    from ahoy_tui.ai.ramming_speed.normal import NormalCaptain

    other = view.other(side)
    theirs = replace(view, drafts=(), to_act=other)
    captain = NormalCaptain(seed)
    worlds = captain.worlds(theirs, other)
    out = []
    for ship in view.side_ships(other):
        held = default_orders(view, ship)
        if ship.withdrawing:
            out.append((held,))
            continue
        plans = ranked_plans(theirs, ship, worlds, captain.friends(theirs, ship), 2)
        options = [ShipOrders(ship.id, p.band, p.moves, p.rake) for p in plans]
        out.append(tuple(dict.fromkeys([*options, held])))
    return tuple(out)


def weigh_orders(view: RSState, ship: Galley, plans: Sequence[Plan], seed: int,
                 think: float = 1000.0, theirs: tuple[tuple[ShipOrders, ...], ...] | None
                 = None) -> Plan:
    """The best of her plans by the normal captain's weighing plus the mean worth of playing
    each out (``Turn``: the enemy's orders sampled as the normal captain would write them),
    when any of them may meet an enemy this turn; else simply his best."""
    if len(plans) == 1 or all(p.outcome.kind == "none" for p in plans):
        return plans[0]
    if theirs is None:
        theirs = enemy_orders(view, ship.side, seed)
    orders = [ShipOrders(ship.id, p.band, p.moves, p.rake) for p in plans]
    weighed = plan_search.search(Turn(ship.id, theirs), view, ship.side, orders, think=think,
                                 seed=seed * 7919 + view.rng.counter * 31 + view.turn * 131,
                                 rounds=ORDER_PLAYS)
    if not weighed.rounds:
        return plans[0]
    best = max(range(len(plans)), key=lambda i: (weighed.means[i] + plans[i].score, -i))
    return plans[best]
