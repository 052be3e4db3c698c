"""The hard captain: the normal captain, playing his best few plans out (``ai.plan_search``).

With an enemy within 36", for a ship's pace (each pace she may set, the normal captain's choice
first) and at the start of her move (the normal captain's best few ways to finish it, ending in
different places) he plays each plan on with dice of his own through the enemy's reply
(``Reply``): the move and the rest of his movement, every ship on both sides commanded by a
normal captain (who, in the playouts, sets his pace as the plain seaman does, and leaves a ship
far from the ship in hand to the plain seaman's steering). No shot is rolled: when his Shooting
Phase begins his broadsides count at what they are worth on the rules' odds, and the playout
goes on through the enemy's orders and moves to the start of her Shooting Phase, where her
broadsides, as she has crewed them, count against him, with what is left of each side and half
the rest of the normal captain's judge. So two plans are told apart by where they leave the
ships for both sides' next broadsides, not by the luck of a shot. Every plan meets the same
seeds in a round, and in a playout a die comes from his seed, the player-turn and the action
(not the step, as the engine's do), so that two plans meet the same luck when they come to the
same pace; rounds go on until 80% of ``think`` is spent. He plays another plan than the normal
captain's first only by the plan search's rule (two rounds at least and a lead beyond a
standard error of the paired difference), and then says what he expects of it. He never sees
the game's dice.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from ahoy_tui.ai import plan_search
from ahoy_tui.ai.ahoy.easy import EasyCaptain
from ahoy_tui.ai.ahoy.gunnery import bearing_value
from ahoy_tui.ai.ahoy.judge import judge, worth
from ahoy_tui.ai.ahoy.normal import NormalCaptain
from ahoy_tui.ai.ahoy.plans import Plan, settle, with_own_dice
from ahoy_tui.ai.ahoy.seamanship import fighting, gap
from ahoy_tui.ai.captain import Decision
from ahoy_tui.engine import GameState, LegalActions, legal_actions
from ahoy_tui.engine.dice import action_dice
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.game import action_salt
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.apply import apply_action
from ahoy_tui.rules.ahoy.crew import own_aboard
from ahoy_tui.rules.ahoy.model import AhoyState, Phase

CANDIDATES = 4  # the normal captain's best plans played out
ROUNDS = 12  # rounds of playouts at most (every plan once a round, on the same dice)
REACH = 36.0  # inches: with no enemy this near, the normal captain's plan stands unweighed
CREW = 0.3  # a man, in Structure Points (as the normal judge counts him)
SPACING = 1.5  # inches: plans ending closer than this to one another count as one place
PLACE = 0.5  # the share of where the ships lie in the judgement, against what is left
MASK = (1 << 64) - 1


class HardCaptain(NormalCaptain):
    """Plays the normal captain's best plans out through the enemy's reply."""

    level = "hard"
    candidates = CANDIDATES
    max_rounds = ROUNDS
    last_search: plan_search.Weighed | None = None

    def __init__(self, seed: int = 0, think: float = 1.0) -> None:
        super().__init__(seed, think)
        self._started = 0.0
        self._overruled: str | None = None  # his reason, when his search overrules the plan

    def decide(self, view: GameState, legal: LegalActions) -> Decision:
        self._started = time.perf_counter()  # the budget counts his own plan search too
        return super().decide(view, legal)

    def choose_pace(self, view: AhoyState, legal: LegalActions,
                    starts: list[a.StartMove]) -> Decision:
        """The pace is the first step of her whole activation: each pace the normal captain
        would weigh (his own choice first) is played out, the rolled allowance and her move
        then as the normal captain plays them, through the enemy's whole turn."""
        plain = super().choose_pace(view, legal, starts)
        ship = view.ship(starts[0].ship)
        paces = [plain.action] + [x for x in starts if x != plain.action and x.pace != "halt"]
        if len(paces) < 2 or not self.in_reach(view, ship):
            return plain
        weighed = self.weigh(view, paces)
        if weighed.best == 0:
            return plain
        choice = paces[weighed.best]
        return Decision(choice, f"{choice.pace.replace('_', ' ')}: played out through the "
                                f"enemy's reply, {weighed.gain:+.1f} SP on the plain pace "
                                f"({weighed.rounds} rounds)")

    def in_reach(self, view: AhoyState, ship: Any) -> bool:
        foes = [s for s in view.ships if s.side != ship.side and fighting(s)]
        return any(gap(ship, f) <= REACH for f in foes)

    def weigh(self, view: AhoyState, plans: list[Any]) -> plan_search.Weighed:
        spent = time.perf_counter() - self._started
        budget = max(0.0, self.think - spent / plan_search.BUDGET)
        weighed = plan_search.search(MOVE, view, view.active, plans, think=budget,
                                     seed=self.draw(), rounds=self.max_rounds)
        self.last_search = weighed
        return weighed

    def pick_plan(self, view: AhoyState, plans: list[Plan]) -> Plan | None:
        if not plans:
            return None
        side = view.active
        ranked = sorted(plans, key=lambda plan: judge(plan[1], side), reverse=True)
        top = distinct(ranked, view, self.candidates)
        move = view.move
        if move is None or len(top) < 2 or not self.in_reach(view, view.ship(move.ship)):
            return ranked[0]
        weighed = self.weigh(view, [p[0] for p in top])
        chosen = top[weighed.best]
        if weighed.best != 0:
            self._overruled = self.expects(chosen[1], move.ship, weighed)
        return chosen

    def why(self, before: AhoyState, after: AhoyState) -> str:
        """His own words when his search overruled the normal captain's plan (what he expects
        of the move he chose); else the normal captain's."""
        overruled, self._overruled = self._overruled, None
        return overruled if overruled is not None else super().why(before, after)

    @staticmethod
    def expects(after: AhoyState, ship_id: str, weighed: plan_search.Weighed) -> str:
        ship = after.ship(ship_id)
        guns = bearing_value(after, ship, as_crewed=True) if fighting(ship) else 0.0
        broadside = (f"her guns worth {guns:.1f} SP on the odds" if guns > 0.05
                     else "her guns bear on nothing yet")
        return (f"played out through the enemy's reply: {broadside}, "
                f"{weighed.gain:+.1f} SP on the plain course ({weighed.rounds} rounds)")


def distinct(ranked: list[Plan], view: AhoyState, count: int) -> list[Plan]:
    """The best ``count`` plans that leave her in different places: another heading, or more
    than an inch or so away (two plans an inch apart meet the same replies)."""
    move = view.move
    if move is None:
        return ranked[:count]
    chosen: list[Plan] = []
    cells: set[tuple[int, int, int]] = set()
    for plan in ranked:
        end = plan[1].ship(move.ship)
        cell = (round(end.x / SPACING), round(end.y / SPACING), end.heading)
        if cell in cells:
            continue
        cells.add(cell)
        chosen.append(plan)
        if len(chosen) >= count:
            break
    return chosen


def standing(state: AhoyState, side: str) -> float:
    """What is left of each side, in Structure Points: the normal judge's hulls (a lost ship
    costing half her points more) and crews (0.3 a man), or the battle won or lost."""
    if state.over:
        return judge(state, side)
    value = 0.0
    for ship in state.ships:
        sign = 1.0 if ship.side == side else -1.0
        crew = 0.0 if ship.sunk else CREW * len(own_aboard(state, ship))
        value += sign * (worth(ship) + crew)
    return value


def act(state: AhoyState, action: Any, seed: int) -> AhoyState:
    """One action on the captain's own dice, salted by his seed, the player-turn and the action
    (not the step): two plans that come to the same shot or pace in the same turn roll it
    alike (common random numbers), while the dice's counter keeps one action's dice apart from
    the next's."""
    salt = (action_salt(state.player_turn, action) ^ (seed * 0x9E3779B97F4A7C15)) & MASK
    with action_dice(salt):
        new, _ = apply_action(state, action)
    return replace(new, step=state.step + 1)


class Move:
    """The plan search's view of Warhammer Ahoy!: a plan is the rest of a ship's move (its
    advances and turns); the playout ends where his next turn begins, once the enemy has played
    his whole turn; the judge is what is left of each side and half the rest of the normal
    captain's judge."""

    def dice(self, view: GameState, seed: int) -> GameState:
        assert isinstance(view, AhoyState)
        return with_own_dice(view, seed)

    def play(self, state: GameState, plan: Any, side: str) -> GameState:
        assert isinstance(state, AhoyState)
        seed = state.rng.seed
        _SEEN.focus = plan.ship if isinstance(plan, a.StartMove) else (
            state.move.ship if state.move is not None else None)
        if isinstance(plan, a.StartMove):  # a pace: the playout's captains steer her move
            return act(state, plan, seed) if plan in legal_actions(state) else state
        move = state.move
        ship = move.ship if move is not None else None
        answer = Playing(seed)

        def decide(current: AhoyState) -> Any:
            return answer.pending_answer(current)

        for action in plan:
            state = settle(state, decide)
            if state.over or state.move is None or state.move.ship != ship:
                return state
            legal = legal_actions(state)
            if action not in legal:
                return state  # the dice went otherwise: the playout's captain finishes it
            state = act(state, action, seed)
        return settle(state, decide)

    def act(self, state: GameState, action: Any, legal: LegalActions,
            seed: int) -> GameState:
        assert isinstance(state, AhoyState)
        return act(state, action, seed)

    def horizon(self, start: GameState, side: str) -> Callable[[GameState], bool]:
        assert isinstance(start, AhoyState)
        turn = start.player_turn

        def done(state: GameState) -> bool:
            assert isinstance(state, AhoyState)
            return (state.active == side and state.phase == Phase.ORDERS
                    and state.player_turn > turn)
        return done

    def captain(self, side: str, seed: int) -> Any:
        return Playing(seed)

    def judge(self, state: GameState, side: str) -> float:
        assert isinstance(state, AhoyState)
        return standing(state, side) + PLACE * (judge(state, side) - standing(state, side))



class Playing(NormalCaptain):
    """The normal captain as the playouts have him, a little quicker: he sets his pace as the
    plain seaman does (full sail, a burst at a distant enemy dead ahead, holding station with
    his guns bearing) instead of sampling every pace."""

    def __init__(self, seed: int = 0, think: float = 0.0, *, hold_fire: bool = False) -> None:
        super().__init__(seed, think)
        self.hold_fire = hold_fire

    def shooting(self, view: AhoyState, legal: LegalActions) -> Decision | None:
        if self.hold_fire and a.EndShooting() in legal:
            # the search counts his broadsides at their expected worth instead (``Reply``)
            return Decision(a.EndShooting(), "holding fire in the playout")
        return super().shooting(view, legal)

    def choose_pace(self, view: AhoyState, legal: LegalActions,
                    starts: list[a.StartMove]) -> Decision:
        return self.pace(view, starts)

    def steer(self, view: AhoyState, legal: LegalActions) -> Decision | None:
        move = view.move
        assert move is not None
        focus = getattr(_SEEN, "focus", None) if self.hold_fire else None
        if focus is None or move.ship == focus or close_enemy(view, move.ship, focus):
            return super().steer(view, legal)
        # in a Reply playout only his ship in hand and the enemies near her are weighed plan
        # by plan (their moves are what tells his plans apart); the others, steered by the
        # plain seaman, move alike whatever plan he tries, at a tenth of the thought
        return EasyCaptain.steer(self, view, legal)

    def pending_answer(self, state: AhoyState) -> Any:
        return self._pending_choice(state)


class Reply(Move):
    """The plan search's view through the enemy's reply, judged on the rules' odds instead of
    sampled shots: the plan and the rest of his movement are played as before, but his own
    ships hold their fire in the playout and their broadsides count at what they are worth on
    average when his Shooting Phase begins (``gunnery.bearing_value``, as crewed); the enemy's
    turn is played to the start of her Shooting Phase (her orders, her moves as the normal
    captain steers them), where the battle is judged by the normal judge with the enemy to
    shoot next (her guns, as crewed, against his). What is left to chance is the paces and
    the odd ram or boarding: two plans meeting the same seed mostly differ by what the
    positions are worth, not by the luck of a shot."""

    def horizon(self, start: GameState, side: str) -> Callable[[GameState], bool]:
        assert isinstance(start, AhoyState)
        turn = start.player_turn
        seen = _Shot()
        _SEEN.shot = seen

        def done(state: GameState) -> bool:
            assert isinstance(state, AhoyState)
            if state.active == side and state.phase == Phase.SHOOTING and not seen.taken:
                seen.taken = True
                seen.value = sum(bearing_value(state, s, as_crewed=True)
                                 for s in state.ships if s.side == side and fighting(s))
            if state.player_turn > turn + 1:
                return True  # the enemy's turn ended without a Shooting Phase to stop at
            return state.active != side and state.phase in (Phase.SHOOTING,
                                                            Phase.CLOSE_COMBAT)
        return done

    def captain(self, side: str, seed: int) -> Any:
        return Playing(seed, hold_fire=True)

    def judge(self, state: GameState, side: str) -> float:
        assert isinstance(state, AhoyState)
        seen = getattr(_SEEN, "shot", None)
        shot = seen.value if seen is not None else 0.0
        if state.over:
            return judge(state, side)
        return SHOT * shot + reply_judge(state, side)


SHOT = 1.0  # his broadsides' expected Structure Points, counted as damage done
REPLY = 1.0  # the enemy's broadsides', about to be fired
FAR = 24.0  # inches: in a Reply playout a ship farther from every enemy is steered plainly
LATER = 0.4  # his guns bearing where he lies (his next move changes them), as the judge has it


def reply_judge(state: AhoyState, side: str) -> float:
    """The position at the enemy's Shooting Phase, from ``side``: what is left of each side,
    the enemy's guns as she has crewed them (about to fire) against his where he lies, and
    half the rest of the normal judge (closing, the wind, the table's edge, the ground)."""
    left = standing(state, side)
    mine = [s for s in state.ships if s.side == side and fighting(s)]
    foes = [s for s in state.ships if s.side != side and fighting(s)]
    theirs = sum(bearing_value(state, s, as_crewed=True) for s in foes)
    guns = sum(bearing_value(state, s) for s in mine)
    # the normal judge's own gun terms (with the enemy to shoot next) taken out of the rest
    rest = judge(state, side, shooting_next=False) - left - (
        0.4 * guns - 0.8 * sum(bearing_value(state, s) for s in foes))
    return left - REPLY * theirs + LATER * guns + PLACE * rest


def close_enemy(state: AhoyState, ship_id: str, focus: str) -> bool:
    """``ship_id`` is an enemy of ``focus`` within ``FAR`` of her."""
    ship, her = state.ship(ship_id), state.ship(focus)
    return ship.side != her.side and fighting(her) and gap(ship, her) <= FAR


class _Shot:
    """His broadside's worth when his Shooting Phase began, in one playout."""

    def __init__(self) -> None:
        self.taken = False
        self.value = 0.0


_SEEN = threading.local()  # the playout in hand in this thread: its horizon, then its judge
MOVE: Move = Reply()  # the adapter his search plays
