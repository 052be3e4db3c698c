"""Paired games between captains over a rule system's scenarios: a sequential test that stops
once one captain is shown stronger (or not), and the ladder of every level against every other.

Pair ``k`` plays scenario ``k mod n`` of the ``n`` chosen from the dice seed ``seed + k`` twice,
the first captain as p1 and then as p2 (each captain's own seed fixed by the start, as
``tournament`` does). Pairs are played in a pool of worker processes (``jobs``) and read in
their order, so a run's figures for a given seed are the same whatever the number of jobs
(a captain thinking on the clock, the hard one, is the exception, as in any run). A test
stops at the first pair, in that order, whose LLR crosses a bound.
"""

from __future__ import annotations

import os
import statistics
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from attrs import frozen

from ahoy_tui.ai.captain import LEVEL_NAMES, make_captain
from ahoy_tui.ai.stats import PAIR_SCORES, Sprt, elo_of, elo_words, finite, pentanomial, wilson
from ahoy_tui.ai.tournament import Match, percentile, play_match
from ahoy_tui.engine import get_ruleset
from ahoy_tui.engine.catalogue import catalogue


@frozen
class PairTask:
    index: int
    ruleset: str
    scenario: str | None
    scenario_file: str | None
    seed: int
    first: str
    second: str
    think: float


@frozen
class Pair:
    index: int
    scenario: str
    seed: int
    games: tuple[Match, Match]  # the first captain as p1, then as p2

    @property
    def points(self) -> float:
        """The first captain's points out of 2."""
        return _points(self.games[0], "p1") + _points(self.games[1], "p2")


def _points(match: Match, side: str) -> float:
    if match.winner is None:
        return 0.5
    return 1.0 if match.winner == side else 0.0


def play_pair(task: PairTask) -> Pair:
    """One start played from both sides (a pool's worker runs this)."""
    games = []
    for swapped in (False, True):
        a = make_captain(task.first, seed=task.seed * 2, think=task.think)
        b = make_captain(task.second, seed=task.seed * 2 + 1, think=task.think)
        p1, p2 = (b, a) if swapped else (a, b)
        games.append(play_match(task.ruleset, task.scenario, task.seed, p1, p2,
                                scenario_file=task.scenario_file))
    return Pair(task.index, games[0].scenario, task.seed, (games[0], games[1]))


def all_scenarios(ruleset: str) -> list[str]:
    """A rule system's built-in scenarios, less its guided first battle."""
    rules: Any = get_ruleset(ruleset)
    learn = next((entry.learn for entry in catalogue() if entry[0] == ruleset), "")
    return [info.name for info in rules.scenarios() if info.name != learn]


def default_jobs() -> int:
    """Both cores when the machine has them (never more than two: it is shared)."""
    return max(1, min(2, os.cpu_count() or 1))


def pair_tasks(ruleset: str, scenarios: Sequence[str | None], first: str, second: str,
               seed: int, pairs: int, think: float,
               scenario_file: str | None = None) -> list[PairTask]:
    if not scenarios:
        raise ValueError(f"{ruleset} has no scenarios to play")
    return [PairTask(k, ruleset, scenarios[k % len(scenarios)], scenario_file, seed + k, first,
                     second, think) for k in range(pairs)]


def _playouts_in_process() -> None:
    """A game worker plays a hard captain's playouts in its own process: the games already keep
    the cores busy, and a pool of playout workers inside a pool worker was joined, idle, at
    that worker's exit, so selfplay never ended."""
    from ahoy_tui.ai.plan_search import WORKERS_ENV

    os.environ[WORKERS_ENV] = "0"


def play_pairs(tasks: Sequence[PairTask], jobs: int = 1) -> Iterator[Pair]:
    """The pairs, in their order; ``jobs`` > 1 plays them in worker processes, a few ahead of
    the one read (stopping early wastes at most those)."""
    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield play_pair(task)
        return
    with ProcessPoolExecutor(max_workers=jobs, initializer=_playouts_in_process) as pool:
        ahead = 2 * jobs
        pending: list[Future[Pair]] = [pool.submit(play_pair, t) for t in tasks[:ahead]]
        queued = len(pending)
        try:
            while pending:
                result = pending.pop(0).result()
                if queued < len(tasks):
                    pending.append(pool.submit(play_pair, tasks[queued]))
                    queued += 1
                yield result
        finally:
            for future in pending:
                future.cancel()


def summarise_pairs(first: str, second: str, pairs: Sequence[Pair]) -> dict[str, Any]:
    """Wins, draws and losses of the first captain, the score with its 95% Wilson interval and
    its Elo difference with the interval's, the pentanomial counts, per scenario, think times."""
    matches = [m for p in pairs for m in p.games]
    sides = [s for _ in pairs for s in ("p1", "p2")]
    wins = sum(1 for m, s in zip(matches, sides, strict=True) if m.winner == s)
    draws = sum(1 for m in matches if m.winner is None)
    games = len(matches)
    losses = games - wins - draws
    points = wins + draws / 2
    score = points / games if games else 0.5
    low, high = wilson(points, games)
    think = [t for m in matches for t in m.think]
    by_scenario: dict[str, dict[str, Any]] = {}
    for pair in pairs:
        row = by_scenario.setdefault(pair.scenario, {"games": 0, "points": 0.0})
        row["games"] += 2
        row["points"] += pair.points
    for row in by_scenario.values():
        row["score"] = round(row["points"] / row["games"], 3)
    return {
        "first": first, "second": second,
        "games": games, "pairs": len(pairs),
        "wins": wins, "draws": draws, "losses": losses,
        "score": round(score, 4), "score_95": [round(low, 4), round(high, 4)],
        "elo": finite(elo_of(score)), "elo_95": [finite(elo_of(low)), finite(elo_of(high))],
        "pentanomial": pentanomial([p.points for p in pairs]),
        "scenarios": by_scenario,
        "winners": {"p1": sum(1 for m in matches if m.winner == "p1"),
                    "p2": sum(1 for m in matches if m.winner == "p2"),
                    "draw": draws},
        "turns": {"mean": round(statistics.fmean(m.turns for m in matches), 2) if matches
                  else 0, "max": max((m.turns for m in matches), default=0)},
        "think_ms": {"p50": round(percentile(think, 0.5) * 1000, 2),
                     "p95": round(percentile(think, 0.95) * 1000, 2),
                     "decisions": len(think)},
        "actions": sum(m.actions for m in matches),
        "seconds": round(sum(m.seconds for m in matches), 1),
    }


def sprt_run(first: str, second: str, *, ruleset: str, scenarios: Sequence[str | None],
             seed: int, games: int, think: float, test: Sprt, jobs: int = 1,
             scenario_file: str | None = None,
             progress: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Pairs until the test decides or ``games`` (rounded up to pairs) are played: the summary
    with the test's LLR, bounds and verdict (``"H1"``, ``"H0"`` or ``"inconclusive"``)."""
    tasks = pair_tasks(ruleset, scenarios, first, second, seed, max(1, (games + 1) // 2), think,
                       scenario_file)
    played: list[Pair] = []
    penta = [0] * len(PAIR_SCORES)
    verdict: str | None = None
    value = 0.0
    for pair in play_pairs(tasks, jobs):
        played.append(pair)
        penta[PAIR_SCORES.index(pair.points)] += 1
        value = test.llr_of_pairs(penta)
        verdict = test.verdict(value)
        if progress is not None:
            progress({**summarise_pairs(first, second, played), "llr": round(value, 3),
                      "bounds": [round(b, 3) for b in test.bounds]})
        if verdict is not None:
            break
    summary = summarise_pairs(first, second, played)
    return {**summary, "sprt": {"elo0": test.elo0, "elo1": test.elo1, "alpha": test.alpha,
                                "beta": test.beta, "llr": round(value, 3),
                                "bounds": [round(b, 3) for b in test.bounds],
                                "verdict": verdict or "inconclusive"}}


def ladder(levels: Sequence[str], *, ruleset: str, scenarios: Sequence[str | None], seed: int,
           games: int, think: float, jobs: int = 1,
           progress: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Every level against every other (the stronger named first, as ``levels`` rise), each
    pairing ``games`` games (rounded up to pairs) over the scenarios in turn."""
    for level in levels:
        if level not in LEVEL_NAMES:
            raise ValueError(f"no computer captain {level!r} (levels: {', '.join(LEVEL_NAMES)})")
    rows = []
    for j, stronger in enumerate(levels):
        for weaker in levels[:j]:
            tasks = pair_tasks(ruleset, scenarios, stronger, weaker, seed,
                               max(1, (games + 1) // 2), think)
            row = summarise_pairs(stronger, weaker, list(play_pairs(tasks, jobs)))
            rows.append(row)
            if progress is not None:
                progress(row)
    return {"ruleset": ruleset, "scenarios": list(scenarios), "seed": seed, "think": think,
            "levels": list(levels), "pairings": rows}


def row_words(row: dict[str, Any]) -> str:
    """One pairing in a line: wins-draws-losses, score (interval), Elo (interval)."""
    low, high = row["score_95"]
    return (f"{row['first']} v {row['second']}: {row['wins']}-{row['draws']}-{row['losses']} "
            f"in {row['games']} games, score {row['score']:.1%} ({low:.1%}–{high:.1%}), "
            f"Elo {elo_words(elo_of(row['score']))} ({elo_words(elo_of(low))} to "
            f"{elo_words(elo_of(high))})")
