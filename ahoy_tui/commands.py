"""The smaller ``ahoy`` commands: scenarios, replay, selfplay."""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from typing import Any, TextIO

from ahoy_tui.engine import Game, SaveError, apply, get_ruleset, legal_actions, load_game
from ahoy_tui.engine.errors import UnknownRuleset


def list_scenarios(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    try:
        ruleset = get_ruleset(args.ruleset)
    except UnknownRuleset as exc:
        print(f"ahoy: {exc}", file=sys.stderr)
        return 2
    for info in ruleset.scenarios():
        out.write(f"{info.name:<10} {info.title}\n")
        out.write(f"{'':<10} {info.description}\n")
        out.write(f"{'':<10} sides: {' v '.join(info.sides)}\n")
    return 0


def replay(args: argparse.Namespace, stdin: TextIO | None = None,
           out: TextIO | None = None) -> int:
    """Rebuild a saved battle; with ``--verify`` check every hash, else step through it."""
    stdin = stdin or sys.stdin
    out = out or sys.stdout
    try:
        game = load_game(args.file, verify=True)
    except SaveError as exc:
        print(f"ahoy: {exc}", file=sys.stderr)
        return 1
    record = game.record()
    if args.verify:
        out.write(f"{args.file}: {len(record.actions)} actions replayed; all "
                  f"{len(record.hashes)} state hashes match\n")
        return 0
    interactive = stdin.isatty()
    step = 0
    game.goto(0)
    _show_step(game, out)
    while True:
        if not interactive:
            if step >= game.last_step:
                return 0
            step += 1
        else:
            out.write(f"[step {step}/{game.last_step}] Enter: next · b: back · number: go to "
                      "step · q: quit > ")
            out.flush()
            line = stdin.readline()
            if not line or line.strip() == "q":
                return 0
            command = line.strip()
            if command == "b":
                step = max(0, step - 1)
            elif command.isdigit():
                step = min(game.last_step, int(command))
            else:
                step = min(game.last_step, step + 1)
        game.goto(step)
        _show_step(game, out)


def _show_step(game: Game, out: TextIO) -> None:
    step = game.step
    if step == 0:
        out.write(f"== {game.scenario.title} (seed {game.seed}) ==\n")
    else:
        before = game.state_at(step - 1)
        action = game.action_at(step)
        out.write(f"[{step}] {before.to_act}: {game.ruleset.describe_action(before, action)}\n")
    for event in game.events_at(step):
        out.write(f"    {event.describe()}\n")
    if game.over and step == game.last_step:
        out.write(f"=== {game.state.result} ===\n")


def random_game(ruleset: str, scenario: str | None, scenario_file: str | None,
                seed: int) -> dict[str, Any]:
    """Play one game of uniformly random legal actions; count actions and time them."""
    game = Game.new(ruleset, scenario, scenario_file=scenario_file, seed=seed)
    state = game.state
    chooser = random.Random(seed)
    actions = 0
    started = time.perf_counter()
    while not state.over:
        legal = legal_actions(state)
        state, _ = apply(state, legal[chooser.randrange(len(legal))], legal=legal)
        actions += 1
    elapsed = time.perf_counter() - started
    return {"seed": seed, "actions": actions, "turns": getattr(state, "turn", 0),
            "winner": state.winner, "result": state.result, "seconds": elapsed}


def selfplay(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    base = args.seed if args.seed is not None else 1
    try:
        games = [random_game(args.ruleset, args.scenario, args.scenario_file, base + i)
                 for i in range(args.games)]
    except (ValueError, KeyError) as exc:
        print(f"ahoy: {exc}", file=sys.stderr)
        return 2
    actions = sum(g["actions"] for g in games)
    seconds = sum(g["seconds"] for g in games)
    winners = Counter(str(g["winner"]) if g["winner"] else "draw" for g in games)
    summary = {
        "ruleset": args.ruleset, "scenario": args.scenario_file or args.scenario,
        "games": len(games), "seed": base,
        "winners": {"p1": winners.get("p1", 0), "p2": winners.get("p2", 0),
                    "draw": winners.get("draw", 0)},
        "turns": {"mean": round(statistics.fmean(g["turns"] for g in games), 2),
                  "max": max(g["turns"] for g in games)},
        "actions": actions,
        "actions_per_second": round(actions / seconds) if seconds else None,
    }
    if args.json:
        out.write(json.dumps(summary) + "\n")
        return 0
    out.write(f"{summary['games']} random games of {summary['scenario']} from seed {base}\n")
    out.write(f"  winners: p1 {summary['winners']['p1']}, p2 {summary['winners']['p2']}, "
              f"draws {summary['winners']['draw']}\n")
    out.write(f"  turns: mean {summary['turns']['mean']}, most {summary['turns']['max']}\n")
    out.write(f"  {actions} actions at {summary['actions_per_second']} actions/s\n")
    return 0
