"""The hard captains' search over whole plans, shared by every rule system.

A dice game is not won by searching single actions with random playouts; what works is to
weigh a few **whole plans** (a ship's whole activation, a squadron's orders for a turn) by
playing each on through the enemy's whole reply, with dice sampled, and judging the result by
a good heuristic. That is this search:

1. The rule system's adapter (:class:`PlanRules`) gives the normal captain's best few plans
   for the decision in front of the captain, best first.
2. Each plan is played on a copy of the captain's side's view with **dice of his own** (a seed
   sampled by the search, never the game's: the view has none), hidden things the view lacks
   (an enemy's sealed orders) filled in as the normal captain would write them; then the rest
   of the turn and the enemy's whole reply are played by normal captains on both sides, up to
   where the adapter says the reply ends (``horizon``).
3. The state there is judged by the rule system's normal judge, from the captain's side.

Every plan meets the same seeds in a round (common dice: a plan is not preferred for its
luck). Rounds go on until the think budget is spent (**anytime**: the best plan so far is kept;
with no round done, the normal captain's first plan) or ``rounds`` are done. The plan with the
best mean judgement is played, but only when it has been played ``LEAST`` rounds at least and
leads the normal captain's first plan by more than ``LEAD`` standard errors of their paired
difference; else the normal captain's first plan stands (a few playouts of a dice game are
mostly luck: the best of three single playouts is no better than his judge's first choice).
A tie goes to the plan the normal captain ranks first.

Playouts run in a process pool of ``workers`` when the machine has the cores for it (both
cores of this 2-core machine), else in the calling thread; the pool is optional (``workers=0``
plays every playout in-process, as the tests do, so they can spy on every die rolled). The
result is the same either way for the same seed and number of rounds.

The adapter names its rule system; this module names none.
"""

from __future__ import annotations

import contextlib
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

from attrs import frozen

from ahoy_tui.engine import GameState, LegalActions, apply, legal_actions

MASK = (1 << 64) - 1
LIMIT = 4000  # actions in one playout, at most (a reply is a few dozen)
BUDGET = 0.8  # the share of ``think`` the search spends
ROUNDS = 16  # rounds of playouts at most (each round plays every plan once)
LEAST = 2  # rounds before another plan may displace the normal captain's first
LEAD = 1.0  # standard errors of the paired difference by which it must lead his first
WORKERS_ENV = "AHOY_PLAYOUT_WORKERS"  # "0": every playout in-process


class PlanRules(Protocol):
    """What a rule system tells the plan search. ``Plan`` is the adapter's own kind."""

    def dice(self, view: GameState, seed: int) -> GameState:
        """The view with dice of the captain's own (``seed``), and whatever the view hides
        (an enemy's sealed orders) filled in as the normal captain would write it."""
        ...

    def play(self, state: GameState, plan: Any, side: str) -> GameState:
        """The plan played on ``state``: where the plan ends (a ship's activation, a turn's
        orders)."""
        ...

    def act(self, state: GameState, action: Any, legal: LegalActions,
            seed: int) -> GameState:
        """One action played in a playout, on the dice of ``seed`` (most rule systems:
        the engine's ``apply``, the state carrying those dice already)."""
        ...

    def horizon(self, start: GameState, side: str) -> Callable[[GameState], bool]:
        """A test of where the playout ends (the end of the enemy's whole reply); it is asked
        after every action, in order, and may remember what it has seen."""
        ...

    def captain(self, side: str, seed: int) -> Any:
        """The normal captain who plays ``side`` in the playouts."""
        ...

    def judge(self, state: GameState, side: str) -> float:
        """How well ``side`` stands (the rule system's normal judge)."""
        ...


@frozen
class Weighed:
    """The search's answer: the chosen plan's index, each plan's mean and playouts."""

    best: int
    means: tuple[float, ...]
    rounds: int  # complete rounds (every plan played once with the same seed)
    top: int = 0  # the plan with the best mean (``best`` unless it did not lead by enough)

    @property
    def gain(self) -> float:
        """What the chosen plan gained on the normal captain's first, on average."""
        if not self.rounds or not self.means:
            return 0.0
        return self.means[self.best] - self.means[0]


def round_seed(seed: int, index: int) -> int:
    """The captain's own dice for round ``index`` of a search begun with ``seed``."""
    mixed = (seed * 0x9E3779B97F4A7C15 + (index + 1) * 0xBF58476D1CE4E5B9) & MASK
    mixed ^= mixed >> 31
    return (mixed & 0x7FFFFFFF) or 1


def playout(rules: PlanRules, view: GameState, plan: Any, side: str, seed: int,
            stop: float | None = None) -> float:
    """One plan played on with the dice of ``seed``, the enemy's whole reply played by normal
    captains, and judged from ``side``. With ``stop`` (a ``time.monotonic()`` reading) a
    playout still going then is given up: NaN (its search has ended, and a worker busy with it
    would keep the next search waiting)."""
    state = rules.play(rules.dice(view, seed), plan, side)
    done = rules.horizon(state, side)
    captains: dict[str, Any] = {}
    for _ in range(LIMIT):
        if state.over or done(state):
            break
        if stop is not None and time.monotonic() > stop:
            return math.nan
        legal = legal_actions(state)
        if not len(legal):
            break
        who = state.to_act or side
        if len(legal) == 1:
            action = legal[0]
        else:
            captain = captains.get(who)
            if captain is None:
                captain = captains[who] = rules.captain(who, seed + (who != side))
            action = captain.decide(state, legal).action
            if action not in legal:
                action = legal[0]
        state = rules.act(state, action, legal, seed)
    return rules.judge(state, side)


def engine_act(state: GameState, action: Any, legal: LegalActions | None = None,
               seed: int = 0) -> GameState:
    """An action played by the engine on the dice the state carries (the search gave it the
    captain's own in ``PlanRules.dice``)."""
    after, _ = apply(state, action, legal=legal)
    return after


def _playout_job(rules: PlanRules, view: GameState, plan: Any, side: str, seed: int,
                 stop: float | None = None) -> float:
    return playout(rules, view, plan, side, seed, stop)


_POOL: ProcessPoolExecutor | None = None
_POOL_SIZE = 0
_POOL_FAILED = False  # the pool could not run here once: playouts stay in-process after


def default_workers() -> int:
    """Processes for playouts: ``$AHOY_PLAYOUT_WORKERS`` if set, else one a core up to two
    when the machine has two or more, else none (in-process)."""
    named = os.environ.get(WORKERS_ENV, "").strip()
    if named:
        try:
            return max(0, int(named))
        except ValueError:
            return 0
    cores = os.cpu_count() or 1
    return min(2, cores) if cores >= 2 else 0


def pool(workers: int) -> ProcessPoolExecutor | None:
    """The shared pool of ``workers`` processes (made once; spawned, never forked from a
    thread of the app)."""
    global _POOL, _POOL_SIZE
    if workers <= 0:
        return None
    if _POOL is None or workers != _POOL_SIZE:
        import multiprocessing
        from multiprocessing import resource_tracker

        if _POOL is not None:
            _POOL.shutdown(wait=False, cancel_futures=True)
        # a terminal app (Textual) holds sys.stderr as an object with no file behind it
        # (fileno -1), which the resource tracker hands its process: it is started with the
        # real stderr
        real, sys.stderr = sys.stderr, sys.__stderr__ or sys.stderr
        try:
            resource_tracker.ensure_running()
            _POOL = ProcessPoolExecutor(workers,
                                        mp_context=multiprocessing.get_context("spawn"))
        finally:
            sys.stderr = real
        _POOL_SIZE = workers
    return _POOL


def search(rules: PlanRules, view: GameState, side: str, plans: Sequence[Any], *,
           think: float, seed: int, rounds: int = ROUNDS, workers: int | None = None,
           clock: Callable[[], float] = time.perf_counter) -> Weighed:
    """Weigh ``plans`` (the normal captain's, best first) by playouts within ``BUDGET`` of
    ``think`` seconds by ``clock`` and at most ``rounds`` rounds; the best by its mean."""
    count = len(plans)
    if count < 2:
        return Weighed(0, (0.0,) * count, 0)
    deadline = clock() + BUDGET * think
    workers = default_workers() if workers is None else workers
    executor = None
    table: list[list[float]] = []  # each complete round's values, plan by plan
    if workers > 0 and not _POOL_FAILED:
        try:
            executor = pool(workers)
            if executor is not None:
                table = _in_pool(executor, rules, view, side, plans, seed, rounds, deadline,
                                 clock, workers)
        except (BrokenProcessPool, OSError, ValueError, RuntimeError):
            # the pool cannot start its workers here (a terminal app's spawn has failed with
            # "bad value(s) in fds_to_keep"): the playouts are played in this process from
            # now on, so the captain still decides instead of failing
            _drop_pool()
            executor = None
    if executor is None:
        spent, played = 0.0, 0
        for index in range(rounds):
            seed_r = round_seed(seed, index)
            values = []
            for plan in plans:
                began = clock()
                # a playout that would run past the budget (by the mean so far) is not begun
                if began + (spent / played if played else 0.0) >= deadline:
                    break
                values.append(playout(rules, view, plan, side, seed_r))
                spent += clock() - began
                played += 1
            if len(values) < count:
                break  # a round cut short is not counted: every plan must meet the same dice
            table.append(values)
    return choose(table, count)


def _drop_pool() -> None:
    """The pool has failed: shut it down and play every later playout in-process."""
    global _POOL, _POOL_SIZE, _POOL_FAILED
    if _POOL is not None:
        with contextlib.suppress(Exception):  # a broken pool may fail to shut down too
            _POOL.shutdown(wait=False, cancel_futures=True)
    _POOL, _POOL_SIZE, _POOL_FAILED = None, 0, True


def choose(table: Sequence[Sequence[float]], count: int, least: int = LEAST,
           lead: float = LEAD) -> Weighed:
    """The plan to play from each round's values: the best mean, if it has had ``least``
    rounds and leads the first plan by ``lead`` standard errors of the paired difference;
    else the first."""
    done = len(table)
    if not done:
        return Weighed(0, (0.0,) * count, 0)
    means = tuple(sum(row[i] for row in table) / done for i in range(count))
    top = max(range(count), key=lambda i: (means[i], -i))
    if top == 0 or done < least:
        return Weighed(0, means, done, top)
    gaps = [row[top] - row[0] for row in table]
    mean = sum(gaps) / done
    spread = math.sqrt(sum((g - mean) ** 2 for g in gaps) / (done - 1))
    if mean <= lead * spread / math.sqrt(done):
        return Weighed(0, means, done, top)
    return Weighed(top, means, done, top)


def _in_pool(executor: ProcessPoolExecutor, rules: PlanRules, view: GameState, side: str,
             plans: Sequence[Any], seed: int, rounds: int, deadline: float,
             clock: Callable[[], float], workers: int) -> list[list[float]]:
    """Rounds of playouts in the pool, a few in flight at once; the rounds complete by the
    deadline counted, in order."""
    count = len(plans)
    futures: dict[int, list[Future[float]]] = {}
    ahead = max(1, math.ceil(2 * workers / count))  # rounds in flight: every worker busy
    # the deadline on the workers' clock: a playout still running then gives up, so that the
    # workers are free for the next search (a cancelled future still running is not stopped)
    stop = time.monotonic() + max(0.0, deadline - clock())

    def submit(index: int) -> None:
        seed_r = round_seed(seed, index)
        futures[index] = [executor.submit(_playout_job, rules, view, plan, side, seed_r, stop)
                          for plan in plans]

    try:
        next_round = 0
        while next_round < min(ahead, rounds):
            submit(next_round)
            next_round += 1
        table: list[list[float]] = []
        while len(table) < rounds:
            batch = futures.get(len(table))
            if batch is None:
                break  # the deadline came before this round was begun
            values = []
            for future in batch:
                left = deadline - clock()
                if left <= 0 and not future.done():
                    break
                try:
                    value = future.result(timeout=max(0.0, left))
                except TimeoutError:
                    break
                if math.isnan(value):
                    break  # given up at the deadline
                values.append(value)
            if len(values) < count:
                break
            table.append(values)
            if next_round < rounds and clock() < deadline:
                submit(next_round)
                next_round += 1
        return table
    finally:
        for batch in futures.values():
            for future in batch:
                future.cancel()
