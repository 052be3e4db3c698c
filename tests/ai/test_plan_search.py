"""The hard captains' plan search (``ai.plan_search``): it weighs whole plans by playouts on
the captain's own dice, keeps the best mean, stops at its budget, decides the same for the same
seed."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from attrs import frozen

from ahoy_tui.ai import plan_search


@frozen
class Table:
    """A toy game's state: a plan's worth is its mean and the dice's luck."""

    worth: float = 0.0
    seed: int = 0
    over: bool = False
    to_act: str = "p1"


class Toy:
    """A rule system of one decision: plan ``i`` is worth ``means[i]`` plus a die of the
    captain's own (spread ``luck``); the playout ends with the plan; each playout takes
    ``cost`` seconds of the fake clock."""

    def __init__(self, means: list[float], luck: float, clock: list[float] | None = None,
                 cost: float = 0.0) -> None:
        self.means, self.luck, self.clock, self.cost = means, luck, clock, cost
        self.seeds: list[int] = []

    def dice(self, view: Any, seed: int) -> Any:
        self.seeds.append(seed)
        return Table(seed=seed)

    def play(self, state: Any, plan: Any, side: str) -> Any:
        if self.clock is not None:
            self.clock[0] += self.cost
        luck = random.Random(state.seed * 31 + plan).uniform(-self.luck, self.luck)
        return Table(self.means[plan] + luck, state.seed)

    def act(self, state: Any, action: Any, legal: Any, seed: int) -> Any:
        raise AssertionError("the toy's playouts end with the plan")

    def horizon(self, start: Any, side: str) -> Callable[[Any], bool]:
        return lambda state: True

    def captain(self, side: str, seed: int) -> Any:
        raise AssertionError("the toy's playouts end with the plan")

    def judge(self, state: Any, side: str) -> float:
        return float(state.worth)


def _search(toy: Toy, *, think: float = 1000.0, seed: int = 7, rounds: int = 8,
            clock: Callable[[], float] | None = None) -> plan_search.Weighed:
    return plan_search.search(toy, Table(), "p1", list(range(len(toy.means))), think=think,
                              seed=seed, rounds=rounds, workers=0,
                              **({"clock": clock} if clock else {}))


def test_the_search_prefers_the_plan_that_plays_out_best():
    """The normal captain's first plan is worse on average than his second, though its luck
    sometimes beats it: over the rounds the second is kept, by its mean."""
    toy = Toy([1.0, 2.0, 0.5], luck=3.0)
    weighed = _search(toy, rounds=16)
    assert weighed.rounds == 16
    assert weighed.best == 1
    assert weighed.gain > 0


def test_every_plan_meets_the_same_dice_and_never_seed_zero():
    toy = Toy([0.0, 0.0, 0.0], luck=1.0)
    _search(toy, rounds=4)
    assert len(toy.seeds) == 12
    rounds = [toy.seeds[i:i + 3] for i in range(0, 12, 3)]
    assert all(len(set(r)) == 1 for r in rounds), "a round's plans share its dice"
    assert len({r[0] for r in rounds}) == 4, "each round has dice of its own"
    assert 0 not in toy.seeds


def test_a_tie_goes_to_the_normal_captains_first_plan():
    assert _search(Toy([1.0, 1.0], luck=0.0)).best == 0


def test_the_search_is_the_same_for_the_same_seed():
    toy = Toy([1.0, 1.2, 0.9, 1.1], luck=2.0)
    first, again = _search(toy, seed=11), _search(toy, seed=11)
    assert first == again
    assert _search(toy, seed=12).means != first.means  # other dice, other playouts


def test_the_search_stops_at_its_budget():
    """A fake clock: each playout takes 0.1 s. With 1 s to think he spends 80% of it: two
    whole rounds of three plans (0.6 s), not a third that would end past 0.8 s."""
    now = [0.0]
    toy = Toy([1.0, 2.0, 3.0], luck=0.0, clock=now, cost=0.1)
    weighed = _search(toy, think=1.0, rounds=100, clock=lambda: now[0])
    assert weighed.rounds == 2
    assert now[0] <= 0.8 + 1e-9
    assert weighed.best == 2


def test_with_no_time_the_normal_captains_plan_stands():
    now = [0.0]
    toy = Toy([1.0, 5.0], luck=0.0, clock=now, cost=0.1)
    weighed = _search(toy, think=0.0, clock=lambda: now[0])
    assert weighed == plan_search.Weighed(0, (0.0, 0.0), 0)
    assert not toy.seeds


def test_a_lead_of_one_round_or_within_the_luck_keeps_the_normal_captains_plan():
    """One playout each is mostly luck: his first plan stands until another leads it over
    two rounds or more by more than a standard error of their paired difference."""
    assert _search(Toy([1.0, 2.0], luck=0.0), rounds=1) == plan_search.Weighed(
        0, (1.0, 2.0), 1, top=1)
    assert _search(Toy([1.0, 2.0], luck=0.0), rounds=2).best == 1
    lucky = plan_search.choose([[0.0, 5.0], [0.0, -3.0], [0.0, 1.0]], 2)
    assert lucky.top == 1 and lucky.best == 0  # a mean lead of 1, a standard error of 2.3
    steady = plan_search.choose([[0.0, 1.1], [0.0, 0.9], [0.0, 1.0]], 2)
    assert steady.best == 1


def test_one_plan_needs_no_search():
    assert _search(Toy([1.0], luck=0.0)).best == 0


@pytest.mark.parametrize("named, workers", [("0", 0), ("2", 2), ("x", 0)])
def test_the_pool_is_as_many_workers_as_named(monkeypatch, named, workers):
    monkeypatch.setenv(plan_search.WORKERS_ENV, named)
    assert plan_search.default_workers() == workers


def test_a_pool_that_cannot_start_its_workers_leaves_the_playouts_in_process(monkeypatch):
    # at 80x24 in a terminal the hard captain's pool failed to spawn ("bad value(s) in
    # fds_to_keep") and the battle stood still, the captain failed: now he decides in-process
    class Broken:
        def submit(self, *args: Any, **kwargs: Any) -> Any:
            raise ValueError("bad value(s) in fds_to_keep")

        def shutdown(self, **kwargs: Any) -> None:
            pass

    made: list[int] = []

    def broken_pool(workers: int) -> Any:
        made.append(workers)
        return Broken()

    monkeypatch.setattr(plan_search, "pool", broken_pool)
    monkeypatch.setattr(plan_search, "_POOL_FAILED", False)
    toy = Toy([0.0, 5.0, 1.0], luck=0.5)
    chosen = plan_search.search(toy, Table(), "p1", [0, 1, 2], think=1000.0, seed=7,
                                rounds=8, workers=2)
    assert chosen == _search(Toy([0.0, 5.0, 1.0], luck=0.5))   # as the in-process search
    assert plan_search._POOL_FAILED and made == [2]
    plan_search.search(toy, Table(), "p1", [0, 1, 2], think=1000.0, seed=7, rounds=8,
                       workers=2)
    assert made == [2]   # never tried again


def test_the_pool_starts_under_a_terminal_app_whose_stderr_has_no_file(monkeypatch):
    # Textual holds sys.stderr as an object whose fileno is -1: the resource tracker was
    # handed it and its spawn failed ("bad value(s) in fds_to_keep") in every hard captain's
    # first search of a battle on the screen
    import os

    class Captured:
        def write(self, text: str) -> int:
            return len(text)

        def flush(self) -> None:
            pass

        def fileno(self) -> int:
            return -1

    monkeypatch.setattr(plan_search, "_POOL", None)
    monkeypatch.setattr(plan_search, "_POOL_SIZE", 0)
    monkeypatch.setattr("sys.stderr", Captured())
    executor = plan_search.pool(1)
    assert executor is not None
    try:
        assert executor.submit(os.getpid).result(timeout=60) != os.getpid()
    finally:
        executor.shutdown(wait=True)

class _Done:
    """An executor whose playouts are done as they are submitted (the pool without processes),
    each taking ``cost`` seconds of the fake clock."""

    def __init__(self, clock: list[float], cost: float) -> None:
        self.clock, self.cost = clock, cost

    def submit(self, job: Any, *args: Any) -> Any:
        from concurrent.futures import Future

        self.clock[0] += self.cost
        future: Future[float] = Future()
        future.set_result(job(*args))
        return future


def test_the_pool_stops_cleanly_when_the_deadline_comes_before_a_round_is_begun():
    """Every round in flight done, and the deadline past before the next is begun: the rounds
    done stand (it once looked for the round never begun, and the captain failed)."""
    clock = [0.0]
    toy = Toy([0.0, 1.0], 0.0)
    table = plan_search._in_pool(_Done(clock, 0.3), toy, Table(), "p1", [0, 1], 7, 16,
                                 deadline=1.0, clock=lambda: clock[0], workers=1)
    assert len(table) == 2  # two rounds in flight (every worker busy), none begun after
    assert all(row == [0.0, 1.0] for row in table)
