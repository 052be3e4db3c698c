"""The hard captain's playouts: a choice played out to the end of the round on dice of his own
(never the game's dice to come: the view's seed is replaced by one of his), every vessel and
monster on both sides then doing what the normal captain would, and the position at the
round's end weighed (``worth``). The choice that leaves him best placed on average is taken.

``worth`` counts, for each side, the hulls afloat (shp, and the hull again for being afloat:
a vessel sunk or taken loses both), the deck crews, the captains standing, and where each
vessel lies by the normal captain's judge (her rams and her enemies' for next round, fire
bearing, an escape edge, a prey). A battle over is worth the win or the loss.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ahoy_tui.ai import plan_search
from ahoy_tui.ai.acks import odds
from ahoy_tui.ai.acks.judge import WIN, Judge
from ahoy_tui.engine import GameState, LegalActions, Rng, legal_actions
from ahoy_tui.engine.dice import action_dice
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.acks.flow import apply_action
from ahoy_tui.rules.acks.model import AcksState, Phase

MASK = (1 << 64) - 1
BUDGET = plan_search.BUDGET
HORIZON = 0          # rounds played on after the present one
LIMIT = 1200         # actions in one playout (a round is a few dozen)
POSITION = 0.5       # the judge's weighing of where a vessel lies, against her hull


def worth(state: AcksState, side: str) -> float:
    """How well ``side`` stands, in shp."""
    if state.over:
        if state.winner is None:
            return 0.0
        return WIN if state.winner == side else -WIN
    value = 0.0
    for v in state.vessels:
        if not v.afloat:
            continue
        sign = 1.0 if v.side == side else -1.0
        men = 0.0 if v.creature else v.crew * odds.man_worth(state, v)
        captain = 0.0 if v.creature or v.captain_down else odds.CAPTAIN
        place = Judge(state, v, declaring=True).pose(v.body, v.straight) if state.phase is not \
            Phase.OVER else 0.0
        value += sign * (v.shp + v.shp_max + men + captain + POSITION * place)
    return value


def act(state: AcksState, action: Any, seed: int) -> AcksState:
    """One action on the captain's own dice: each die of it comes from his seed and the step
    alone, so that every choice he weighs meets the same luck at the same step."""
    with action_dice((seed * 1_000_003 + state.step * 7919) & MASK):
        new, _ = apply_action(replace(state, rng=Rng(seed, 0)), action)
    return new


def play_round(state: AcksState, side: str, seed: int, round_: int) -> float:
    """Play on from ``state`` to the end of round ``round_`` (the next round's declarations)
    with the normal captain on both sides, and weigh what is left."""
    from ahoy_tui.ai.acks.normal import NormalCaptain

    captains = {"p1": NormalCaptain(seed), "p2": NormalCaptain(seed + 1)}
    for _ in range(LIMIT):
        if state.over or state.round > round_:
            break
        legal = legal_actions(state)
        who = state.to_act or "p1"
        action = legal[0] if len(legal) == 1 else captains[who].decide(state, legal).action
        state = act(state, action, seed)
    return worth(state, side)


def follow(state: AcksState, script: Sequence[Callable[[AcksState, list[Any]], Any]],
           seed: int) -> AcksState:
    """Play each scripted choice in turn while it still finds its action among the legal
    ones (a ram that glances off ends a track early)."""
    for pick in script:
        if state.over:
            break
        action = pick(state, list(legal_actions(state)))
        if action is None:
            break
        state = act(state, action, seed)
    return state


class Round:
    """The plan search's view of ACKS II (``ai.plan_search``): a plan is a script of choices
    (a track, a declaration, a swim, who moves first), followed while it finds its actions;
    the playout ends at the round's end, the enemy's declarations, initiative and moves all
    played; each action on the captain's own dice of its step (``act``); judged by ``worth``."""

    def dice(self, view: GameState, seed: int) -> GameState:
        return replace(view, rng=Rng(seed, 0))

    def play(self, state: GameState, plan: Any, side: str) -> GameState:
        assert isinstance(state, AcksState)
        return follow(state, plan, state.rng.seed)

    def act(self, state: GameState, action: Any, legal: LegalActions,
            seed: int) -> GameState:
        assert isinstance(state, AcksState)
        return act(state, action, seed)

    def horizon(self, start: GameState, side: str) -> Callable[[GameState], bool]:
        assert isinstance(start, AcksState)
        last = start.round + HORIZON

        def done(state: GameState) -> bool:
            assert isinstance(state, AcksState)
            return state.round > last
        return done

    def captain(self, side: str, seed: int) -> Any:
        from ahoy_tui.ai.acks.normal import NormalCaptain

        return NormalCaptain(seed)

    def judge(self, state: GameState, side: str) -> float:
        assert isinstance(state, AcksState)
        return worth(state, side)


ROUND = Round()


def weigh(view: AcksState, side: str, scripts: Sequence[Sequence[Callable[..., Any]]],
          seed: int, think: float, rounds: int = 16) -> list[tuple[float, int]]:
    """Each script played out to the round's end with the same seeds, as many rounds as
    ``think`` seconds allow (at most ``rounds``): its mean worth and the rounds played."""
    weighed = search(view, side, scripts, seed, think, rounds)
    return [(mean, weighed.rounds) for mean in weighed.means]


def search(view: AcksState, side: str, scripts: Sequence[Sequence[Callable[..., Any]]],
           seed: int, think: float, rounds: int = 16) -> plan_search.Weighed:
    """The plan search's whole answer for ``weigh``: the means, the rounds, and the choice by
    its rule (the first script unless another leads it beyond the luck)."""
    return plan_search.search(ROUND, view, side, list(scripts), think=think / BUDGET,
                              seed=seed, rounds=rounds)
