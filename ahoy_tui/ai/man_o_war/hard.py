"""The hard captain: the normal captain, weighing the enemy's best reply.

For each ship's move he takes the normal captain's best few plans and, for each, puts himself in
the place of every enemy ship within reach of where the plan leaves her: he finds that enemy's
best move against it (a normal captain's plan search, a little coarser: every other inch, up to
two points of turn, with his own dice, scored as that enemy's captain would score it) and counts
what it lets her do at once: her batteries fired at their best targets, a ram, a boarding action.
A plan that leaves her where an enemy can ram her, board her with a stronger crew or bring a
broadside to bear at close range costs what that reply is worth to the enemy (an enemy that has
already acted this Battle Phase counts for less: she replies only next turn, and may not go
first). He keeps the plan whose own worth less the enemy's replies is best.

He thinks within his budget: candidates are weighed best first until 80% of ``think`` is
spent, and those not reached are passed over (with no time at all he is the normal captain).
Everything he plays on rolls his own dice.
"""

from __future__ import annotations

import math
import time

from attrs import evolve

from ahoy_tui.ai.captain import Decision
from ahoy_tui.ai.man_o_war import beasts
from ahoy_tui.ai.man_o_war.boarders import prospect
from ahoy_tui.ai.man_o_war.gunnery import REACH, firepower
from ahoy_tui.ai.man_o_war.helm import COARSE, Plan, course_plans
from ahoy_tui.ai.man_o_war.judge import WEIGHTS, position, reach
from ahoy_tui.ai.man_o_war.normal import NormalCaptain
from ahoy_tui.ai.man_o_war.sight import alongside, centre_gap, enemies, gap, within
from ahoy_tui.engine import GameState, LegalActions
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.man_o_war import flow
from ahoy_tui.rules.man_o_war.actions import Activate
from ahoy_tui.rules.man_o_war.damage import with_ship
from ahoy_tui.rules.man_o_war.model import MowState, Phase, Ship
from ahoy_tui.rules.man_o_war.movement import can_move

CANDIDATES = 6  # the normal captain's best plans weighed against the enemy's replies
REPLY = 1.0  # how much what an enemy's best reply does to us counts against the plan
# the judge's guesses at the enemy's reply (batteries bearing from where she lies, a crew or a
# ram within a move) give way to the replies he works out
UNGUARDED = evolve(WEIGHTS, threat=0.0, reach_boarded=0.0, reach_rammed=0.0)
LATER = 0.5  # the share of it for an enemy who has acted this Battle Phase already
BUDGET = 0.8  # the share of ``think`` he spends
SPACING = 1.5  # inches: plans ending closer than this to one another count as one place


class HardCaptain(NormalCaptain):
    """Weighs the normal captain's best plans against the enemy's best replies."""

    level = "hard"
    candidates = CANDIDATES

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
        if len(ranked) < 2 or view.phase != Phase.BATTLE:
            return ranked[0][1] if ranked else None
        deadline = self._started + self.think * BUDGET
        top = distinct(ranked, self.candidates)
        rivals = [foe for foe in enemies(view, ship.side)
                  if not can_move(foe)
                  and any(within(p.ship, foe, reach(foe) + REACH + 1) for _, p in top)]
        if not rivals:
            return ranked[0][1]
        best: tuple[float, Plan] | None = None
        for _, plan in top:
            replies = 0.0
            for foe in rivals:
                if time.perf_counter() > deadline:
                    # out of time: the plans weighed in full stand, else the normal choice
                    return best[1] if best is not None else ranked[0][1]
                weight = LATER if foe.activated else 1.0
                replies += weight * self.best_reply(view, plan, foe)
            total = self.score(view, plan, UNGUARDED) - REPLY * replies
            if best is None or total > best[0]:
                best = (total, plan)
        assert best is not None
        return best[1]

    def best_reply(self, view: MowState, plan: Plan, foe: Ship) -> float:
        """What the enemy ship ``foe`` could do to us with her best move, ours being where
        ``plan`` leaves her: she moves as her own captain would score it, then fires, rams and
        boards; the Battle Honours that is worth to her."""
        after = with_ship(view, plan.ship)
        rested = replace(after.ship(foe.id), activated=False,
                         fired=tuple(0 for _ in foe.fired))
        after = with_ship(after, rested)
        in_hand = replace(after, current=foe.id, stage="move", move=None, acting=(),
                          active=foe.side, to_act=foe.side, boarding=None, won="", won_by="")
        replies = course_plans(in_hand, self.draw(), COARSE)
        if not replies:
            return 0.0
        may_board = foe.id not in view.boarded_this_turn or foe.activated
        chosen = max(ends(replies), key=lambda p: position(after, p.ship, touched=p.touched,
                                                            ram=p.ram, may_board=may_board))
        return strike(after, chosen, may_board)


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


def ends(plans: list[Plan]) -> list[Plan]:
    """One plan for each place a move may end."""
    seen: dict[tuple[object, ...], Plan] = {}
    for plan in plans:
        end = plan.ship
        key = (round(end.x, 1), round(end.y, 1), end.heading, plan.touched, plan.ram,
               end.left_table, end.aground)
        seen.setdefault(key, plan)
    return list(seen.values())


def strike(state: MowState, plan: Plan, may_board: bool) -> float:
    """What a ship's move (``plan``) lets her do at once: fire every side at its best target,
    ram what she touched, board the best of the enemy alongside."""
    ship = plan.ship
    if not ship.afloat:
        return 0.0
    state = with_ship(state, ship)
    total = firepower(state, ship)
    if plan.touched and plan.ram:
        total += beasts.ram_worth(state, ship, plan.touched)
    if may_board:
        total += max((prospect(state, ship, other) for other in alongside(state, ship)),
                     default=0.0)
    return total
