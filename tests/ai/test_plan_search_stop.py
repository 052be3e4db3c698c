"""The plan search's playouts in the pool give up at the search's deadline (issue 42): a
cancelled future still running is not stopped, so a worker busy with the last search's playout
kept the next search waiting; a playout given up counts for nothing."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from test_plan_search import Table, Toy

from ahoy_tui.ai import plan_search


class Endless(Toy):
    """A toy whose playouts never reach their horizon by themselves (the enemy's reply goes
    on): only the stop ends them."""

    def horizon(self, start: Any, side: str) -> Callable[[Any], bool]:
        return lambda state: False


def test_a_playout_past_its_stop_is_given_up():
    toy = Endless([1.0, 2.0], luck=0.0)
    assert math.isnan(plan_search.playout(toy, Table(), 0, "p1", 7,
                                          stop=time.monotonic() - 1.0))


def test_a_playout_with_time_left_plays_to_its_horizon():
    toy = Toy([1.0, 2.0], luck=0.0)
    assert plan_search.playout(toy, Table(), 1, "p1", 7, stop=time.monotonic() + 60) == 2.0
    assert plan_search.playout(toy, Table(), 1, "p1", 7) == 2.0  # no stop: as before


class _Done:
    """An executor whose jobs are run as they are submitted, the fake clock standing still."""

    def __init__(self) -> None:
        self.stops: list[float] = []

    def submit(self, job: Any, *args: Any) -> Any:
        self.stops.append(args[-1])
        future: Future[float] = Future()
        future.set_result(job(*args))
        return future


def test_the_pool_gives_its_playouts_the_deadline_and_counts_none_given_up():
    """Each playout in the pool carries the search's deadline on the workers' clock; one
    given up there (NaN) makes its round incomplete, so no round is counted."""
    executor = _Done()
    began = time.monotonic()
    table = plan_search._in_pool(executor, Endless([0.0, 1.0], 0.0), Table(), "p1", [0, 1],
                                 7, 4, deadline=5.0, clock=lambda: 5.0, workers=1)
    assert table == []
    assert executor.stops and all(began <= s <= time.monotonic() for s in executor.stops)
    executor = _Done()
    table = plan_search._in_pool(executor, Toy([0.0, 1.0], 0.0), Table(), "p1", [0, 1],
                                 7, 2, deadline=5.0, clock=lambda: 0.0, workers=1)
    assert table == [[0.0, 1.0], [0.0, 1.0]]
    assert all(s >= began + 4.0 for s in executor.stops)  # 5 s of the fake clock left
