"""Captain against captain: games from mirrored starts, and what they show.

Each pairing plays both sides of the same start (scenario and dice seed): game ``2k`` has the
first captain as p1, game ``2k+1`` the same start with the sides swapped, so neither captain is
favoured by the scenario or the dice. A captain's think time is measured for every decision that
offered more than one choice.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence
from typing import Any

from attrs import frozen

from ahoy_tui.ai.captain import Captain, make_captain
from ahoy_tui.ai.stats import wilson
from ahoy_tui.engine import Game, apply, get_ruleset, legal_actions


@frozen
class Match:
    scenario: str
    seed: int
    levels: tuple[str, str]  # (p1's level, p2's level)
    winner: str | None
    turns: int
    actions: int
    seconds: float
    think: tuple[float, ...]  # seconds, every real decision of both captains


def play_match(ruleset: str, scenario: str | None, seed: int, p1: Captain, p2: Captain, *,
               scenario_file: str | None = None, max_actions: int = 20000) -> Match:
    game = Game.new(ruleset, scenario, scenario_file=scenario_file, seed=seed)
    rules = get_ruleset(ruleset)
    captains = {"p1": p1, "p2": p2}
    state = game.state
    think: list[float] = []
    actions = 0
    started = time.perf_counter()
    while not state.over and actions < max_actions:
        side = state.to_act or "p1"
        legal = legal_actions(state)
        if len(legal) == 1:
            action = legal[0]
        else:
            t0 = time.perf_counter()
            action = captains[side].decide(rules.view(state, side), legal).action
            think.append(time.perf_counter() - t0)
        state, _ = apply(state, action, legal=legal)
        actions += 1
    if not state.over:
        raise RuntimeError(f"seed {seed}: no result after {max_actions} actions")
    return Match(game.scenario.name, seed, (p1.level, p2.level), state.winner,
                 getattr(state, "turn", 0), actions, time.perf_counter() - started, tuple(think))


def percentile(values: Sequence[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))]


def tournament(first: str, second: str, games: int, seed: int, *, ruleset: str = "ahoy",
               scenario: str | None = None, scenario_file: str | None = None,
               think: float = 1.0) -> tuple[list[Match], dict[str, Any]]:
    """``games`` games between two levels from mirrored starts; the matches and a summary."""
    matches = []
    for index in range(games):
        start = seed + index // 2
        a = make_captain(first, seed=start * 2, think=think)
        b = make_captain(second, seed=start * 2 + 1, think=think)
        p1, p2 = (a, b) if index % 2 == 0 else (b, a)
        matches.append(play_match(ruleset, scenario, start, p1, p2,
                                  scenario_file=scenario_file))
    return matches, summarise(first, second, matches)


def summarise(first: str, second: str, matches: list[Match]) -> dict[str, Any]:
    wins = draws = losses = 0
    for index, match in enumerate(matches):
        first_side = "p1" if index % 2 == 0 else "p2"
        if match.winner is None:
            draws += 1
        elif match.winner == first_side:
            wins += 1
        else:
            losses += 1
    total = len(matches)
    low, high = wilson(wins + draws / 2, total)
    think = [t for m in matches for t in m.think]
    side_wins = {"p1": sum(1 for m in matches if m.winner == "p1"),
                 "p2": sum(1 for m in matches if m.winner == "p2"),
                 "draw": sum(1 for m in matches if m.winner is None)}
    actions = sum(m.actions for m in matches)
    seconds = sum(m.seconds for m in matches)
    return {
        "games": total,
        "p1": {"level": first, "wins": wins, "draws": draws, "losses": losses},
        "p2": {"level": second, "wins": losses, "draws": draws, "losses": wins},
        "p1_score": round((wins + draws / 2) / total, 3) if total else None,
        "p1_score_95": [round(low, 3), round(high, 3)],
        "turns": {"mean": round(statistics.fmean(m.turns for m in matches), 2) if matches
                  else 0, "max": max((m.turns for m in matches), default=0)},
        "think_ms": {"p50": round(percentile(think, 0.5) * 1000, 2),
                     "p95": round(percentile(think, 0.95) * 1000, 2),
                     "decisions": len(think)},
        "winners": side_wins,
        "actions": actions,
        "actions_per_second": round(actions / seconds) if seconds else None,
    }
