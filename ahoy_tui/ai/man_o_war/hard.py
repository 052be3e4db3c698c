"""The hard captain: the normal captain, playing his best few plans out (``ai.plan_search``).

For each ship's move in the Battle Phase, with an enemy within reach, he takes the normal
captain's best few plans that end in different places and plays each on with dice of his own:
the plan, her fire and boarding, the rest of his unit's activation, and the enemy's whole
reply (his next activation), every ship on both sides commanded as the normal captain would.
The battle there is judged as the normal captain judges it (``judge.standing``: honours won,
what is left of each fleet; and half of ``judge.position`` for where each ship lies, his own
against the enemy's). Every plan meets the same dice in a round; rounds go on until 80% of
``think`` is spent (counting his own plan search), and he keeps the plan with the best mean
(with no round done, the normal captain's).

He also chooses which unit acts by his own rule (``activate``).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from ahoy_tui.ai import plan_search
from ahoy_tui.ai.captain import Decision
from ahoy_tui.ai.man_o_war.gunnery import REACH
from ahoy_tui.ai.man_o_war.helm import Plan, Search, with_own_dice
from ahoy_tui.ai.man_o_war.judge import position, reach, standing
from ahoy_tui.ai.man_o_war.normal import NormalCaptain
from ahoy_tui.ai.man_o_war.sight import centre_gap, enemies, fighting, gap, within
from ahoy_tui.engine import GameState, LegalActions, apply, legal_actions
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.man_o_war import flow
from ahoy_tui.rules.man_o_war.actions import Activate, EndMove, Ram
from ahoy_tui.rules.man_o_war.bestiary import bestiary
from ahoy_tui.rules.man_o_war.model import MowState, Phase, Ship

CANDIDATES = 3  # the normal captain's best plans played out
ROUNDS = 12  # rounds of playouts at most (every plan once a round, on the same dice)
PLACE = 0.5  # the share of where each ship lies in the judgement, against the standing
BUDGET = plan_search.BUDGET  # the share of ``think`` he spends
QUICK = Search(step=3, turns=1, backing=False)  # how finely the playouts' captains plan
SPACING = 1.5  # inches: plans ending closer than this to one another count as one place


class HardCaptain(NormalCaptain):
    """Plays the normal captain's best plans out through the enemy's reply."""

    level = "hard"
    candidates = CANDIDATES
    rounds = ROUNDS
    last_search: plan_search.Weighed | None = None

    def __init__(self, seed: int = 0, think: float = 1.0) -> None:
        super().__init__(seed, think)
        self._started = 0.0

    def decide(self, view: GameState, legal: LegalActions) -> Decision:
        self._started = time.perf_counter()  # the budget counts his own plan search too
        return super().decide(view, legal)

    def activate(self, view: MowState, legal: LegalActions) -> Decision | None:
        """Strike first, manoeuvre last: of the units that can bring an enemy within shot,
        boarding or ram this move, the nearest acts first (her blow lands before the enemy's
        reply); with none in touch, the one farthest from the enemy moves first, and those
        nearest wait to answer where the enemy goes."""
        # his ships by this rule; flyers and monsters, as the normal captain, once they are done
        units = [x for x in legal.fixed if isinstance(x, Activate)
                 and flow.unit_ships(view, x.unit)]
        if len(units) < 2 or view.phase != Phase.BATTLE:
            return super().activate(view, legal)
        foes = enemies(view, view.active)
        if not foes:
            return super().activate(view, legal)

        def distance(unit: Activate) -> float:
            ships = [view.ship(s) for s in flow.unit_ships(view, unit.unit)]
            return min((centre_gap(s, f) for s in ships for f in foes), default=math.inf)

        def in_touch(unit: Activate) -> bool:
            return any(gap(view.ship(s), f) <= reach(view.ship(s)) + REACH
                       for s in flow.unit_ships(view, unit.unit) for f in foes)

        striking = [u for u in units if in_touch(u)]
        if striking:
            choice = min(striking, key=lambda u: (distance(u), u.unit))
            why = "can strike this move: she acts first"
        else:
            choice = max(units, key=lambda u: (distance(u), u.unit))
            why = "is farthest from the enemy: she moves first, the rest wait on the enemy"
        return Decision(choice, f"{flow.unit_name(view, choice.unit)} {why}")

    def pick_plan(self, view: MowState, ship: Ship, plans: list[Plan]) -> Plan | None:
        ranked = self.ranked(view, ship, plans)
        if len(ranked) < 2 or view.phase != Phase.BATTLE or view.move is not None:
            return ranked[0][1] if ranked else None
        top = distinct(ranked, self.candidates)
        rivals = [foe for foe in enemies(view, ship.side)
                  if any(within(p.ship, foe, reach(foe) + REACH + 1) for _, p in top)]
        if not rivals or len(top) < 2:
            return ranked[0][1]
        budget = max(0.0, self.think - (time.perf_counter() - self._started) / BUDGET)
        weighed = plan_search.search(ACTIVATION, view, ship.side, [p for _, p in top],
                                     think=budget, seed=self.draw(), rounds=self.rounds)
        self.last_search = weighed
        return top[weighed.best][1]


class Activation:
    """The plan search's view of Man O' War: a plan is a ship's move (then her fire and
    boarding as the normal captain plays them); the playout ends when the enemy has played his
    next activation (his whole reply), or with the Battle Phase; the judge is the normal
    captain's standing of the battle (honours, what is left of each fleet) with half the worth
    of where every ship lies."""

    def dice(self, view: GameState, seed: int) -> GameState:
        """His own dice, and each enemy sea monster still face down in its template (its kind
        the enemy's secret: the view leaves it blank) drawn from the bestiary by those dice, so
        that a playout in which the enemy summons it goes on (a blank one stopped the
        `leviathans` battle: issue 42)."""
        assert isinstance(view, MowState)
        state = with_own_dice(view, seed)
        if any(c.where == "template" and not c.kind for c in state.creatures):
            kinds = sorted(bestiary().monsters)
            draw = random.Random(seed)
            creatures = tuple(replace(c, kind=draw.choice(kinds))
                              if c.where == "template" and not c.kind else c
                              for c in state.creatures)
            state = replace(state, creatures=creatures)
        return state

    def play(self, state: GameState, plan: Any, side: str) -> GameState:
        assert isinstance(state, MowState) and isinstance(plan, Plan)
        ship = state.current
        for action in plan.actions:
            legal = legal_actions(state)
            if action not in legal or state.over:
                return state
            state, _ = apply(state, action, legal=legal)
        if state.current == ship and state.stage == "move" and state.move is not None:
            legal = legal_actions(state)  # where the plan ends, her move ends (or she rams)
            ram = next((x for x in legal.fixed if isinstance(x, Ram)), None)
            end = ram if ram is not None and plan.ram else EndMove()
            if end in legal:
                state, _ = apply(state, end, legal=legal)
        return state

    def act(self, state: GameState, action: Any, legal: LegalActions,
            seed: int) -> GameState:
        return plan_search.engine_act(state, action, legal)

    def horizon(self, start: GameState, side: str) -> Callable[[GameState], bool]:
        assert isinstance(start, MowState)
        turn, seen = start.turn, [False]

        def done(state: GameState) -> bool:
            assert isinstance(state, MowState)
            if state.phase != Phase.BATTLE or state.turn != turn:
                return True
            if state.active and state.active != side:
                seen[0] = True
                return False
            return seen[0]
        return done

    def captain(self, side: str, seed: int) -> Any:
        return Playing(seed)

    def judge(self, state: GameState, side: str) -> float:
        assert isinstance(state, MowState)
        value = standing(state, side)
        if state.over:
            return value
        for other in state.ships:
            if not fighting(other):
                continue
            sign = 1.0 if other.side == side else -1.0
            value += sign * PLACE * position(state, other, fires=False)
        return value


ACTIVATION = Activation()


class Playing(NormalCaptain):
    """The normal captain as the playouts have him, a little quicker: he lays his plans every
    third inch with one point of turn at a place (``QUICK``), and once a plan is played he
    ends the move where it leaves her (rams what it meant to ram) instead of weighing the rest
    of the move again."""

    how = QUICK

    def __init__(self, seed: int = 0, think: float = 0.0) -> None:
        super().__init__(seed, think)
        self._ram = False

    def pick_plan(self, view: MowState, ship: Ship, plans: list[Plan]) -> Plan | None:
        best = super().pick_plan(view, ship, plans)
        self._ram = best is not None and best.ram
        return best

    def movement(self, view: MowState, legal: LegalActions, ship: Ship) -> Decision | None:
        key = (ship.id, view.turn, view.phase.value)
        if not self._plan and self._plan_key == key and view.move is not None:
            ram = next((x for x in legal.fixed if isinstance(x, Ram)), None)
            if ram is not None and self._ram:
                return Decision(ram, "ram, as planned")
            if EndMove() in legal:
                return Decision(EndMove(), "the move ends where the plan leaves her")
        return super().movement(view, legal, ship)


def distinct(ranked: list[tuple[float, Plan]], count: int) -> list[tuple[float, Plan]]:
    """The best ``count`` plans that leave her in different places: another heading, or more
    than an inch or so away (two plans an inch apart have the same replies)."""
    chosen: list[tuple[float, Plan]] = []
    cells: set[tuple[int, int, int, str]] = set()
    for score, plan in ranked:
        end = plan.ship
        cell = (round(end.x / SPACING), round(end.y / SPACING), end.heading, plan.touched)
        if cell in cells:
            continue
        cells.add(cell)
        chosen.append((score, plan))
        if len(chosen) >= count:
            break
    return chosen
