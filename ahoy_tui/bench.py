"""``ahoy bench``: how fast the engine plays, replays, saves and loads.

Figures are medians over repeats (this machine is shared and noisy), with the spread shown.
- self-play: random legal games in process, actions per second (listing the legal actions and
  applying one, as a bot does);
- replay: rebuilding a 1,000-action log from its record (every action checked for legality),
  and the same with every state hash verified; compared with playing those actions;
- save and load of that 1,000-action game (write atomically; read, replay and verify);
- Naval Battle Rules: a whole turn played from its six sealed sheets.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from ahoy_tui.engine import Game, apply, legal_actions, load_game
from ahoy_tui.engine.record import GameRecord


def _timed(fn: Callable[[], Any], repeats: int) -> list[float]:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def long_record(actions: int = 1000, seed: int = 1) -> GameRecord:
    """A record of exactly ``actions`` legal actions from one long battle.

    Uniformly random captains soon sail off the table or leave their ships out of control, so
    the long battle's captains pick at random among every choice except re-telling their crews,
    striking and withdrawing, in the squadron action with a turn limit of 100.
    """
    from ahoy_tui.rules.ahoy.actions import AssignCrew, StrikeColours, Withdraw

    while True:
        game = Game.new("ahoy", "squadron", seed=seed, options={"turn_limit": 100})
        chooser = random.Random(seed)
        while not game.over and game.step < actions:
            legal = list(game.legal_actions())
            steady = [a for a in legal
                      if not isinstance(a, (AssignCrew, StrikeColours, Withdraw))]
            game.play(chooser.choice(steady or legal))
        if game.step >= actions:
            return game.record()
        seed += 1


def selfplay_rate(games: int, seed: int) -> tuple[int, float]:
    total = 0
    start = time.perf_counter()
    for i in range(games):
        game = Game.new("ahoy", ("duel", "squadron", "harbour")[i % 3], seed=seed + i)
        state = game.state
        chooser = random.Random(seed + i)
        while not state.over:
            legal = legal_actions(state)
            state, _ = apply(state, legal[chooser.randrange(len(legal))], legal=legal)
            total += 1
    return total, time.perf_counter() - start


def naval_turn_times(games: int, seed: int) -> list[float]:
    """Naval Battle Rules: the seconds each whole turn takes to play from its sheets (listing the
    legal sheets, checking and applying each, the reveals, movement, shooting, boarding, fires),
    with the sheets drawn at random from the rules' examples."""
    times: list[float] = []
    for i in range(games):
        game = Game.new("naval-battle", ("duel", "dragon")[i % 2], seed=seed + i)
        state = game.state
        chooser = random.Random(seed + i)
        start, turn = time.perf_counter(), getattr(state, "turn", 1)
        while not state.over:
            legal = legal_actions(state)
            state, _ = apply(state, legal[chooser.randrange(len(legal))], legal=legal)
            if getattr(state, "turn", turn) != turn or state.over:
                now = time.perf_counter()
                times.append(now - start)
                start, turn = now, getattr(state, "turn", turn)
    return times


def play_record(record: GameRecord) -> None:
    """Play a record's actions as a player would (legal actions listed before each)."""
    game = Game.new(record.ruleset, scenario_data=record.scenario_data, seed=record.seed,
                    options=record.options)
    state = game.state
    for data in record.actions:
        legal = legal_actions(state)
        action = game.parse_action(data)
        state, _ = apply(state, action, legal=legal)


def _summary(times: list[float], scale: float = 1000.0) -> dict[str, float]:
    return {"median": round(statistics.median(times) * scale, 2),
            "min": round(min(times) * scale, 2), "max": round(max(times) * scale, 2)}


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    if getattr(args, "server", False):
        from ahoy_tui import bench_server

        counts = [int(n) for n in str(args.sessions).split(",") if n.strip()]
        try:
            results = bench_server.run(counts, args.seconds, args.pace)
        except ValueError as exc:
            print(f"ahoy bench: {exc}", file=sys.stderr)
            return 2
        if args.json:
            out.write(json.dumps(results) + "\n")
            return 0
        out.write(f"ahoy bench --server (loopback SSH; each player acts 0.5-1.5 × {args.pace:g} s "
                  f"after the last action, for {args.seconds:g} s)\n")
        out.write("  sessions | connect→first frame p50 / p95 | action→opponent p50 / p95 "
                  "(actions) | memory per session / server | CPU while playing (% of a core)\n")
        for r in results:
            ff, lat = r["first_frame_ms"], r["latency_ms"]
            out.write(f"  {r['sessions']:>8} | {ff['p50']} / {ff['p95']} ms | {lat['p50']} / "
                      f"{lat['p95']} ms ({lat['actions']}) | {r['session_mib']} / "
                      f"{r['server_mib']} MiB | server {r['cpu_percent']['server']}%, "
                      f"sessions {r['cpu_percent']['sessions']}%\n")
        return 0
    if getattr(args, "ui", False):
        from ahoy_tui import bench_ui

        figures = bench_ui.run(quick=args.quick)
        if args.json:
            out.write(json.dumps(figures) + "\n")
        else:
            frame, key = figures["first_frame_ms"], figures["key_to_frame_ms"]
            out.write(f"ahoy bench --ui (on a pseudo-terminal, 120x40)\n"
                      f"  first frame: median {frame['median']} ms, p95 {frame['p95']} ms "
                      f"({frame['runs']} starts)\n"
                      f"  a key to its frame: median {key['median']} ms, p95 {key['p95']} ms "
                      f"({key['presses']} presses)\n")
        return 0
    repeats = 3 if args.quick else 7
    record = long_record()
    rates = []
    for r in range(repeats):
        count, seconds = selfplay_rate(6 if args.quick else 12, seed=100 + r * 50)
        rates.append(count / seconds)
    replay = _timed(lambda: Game.from_record(record, verify=False), repeats)
    verified = _timed(lambda: Game.from_record(record, verify=True), repeats)
    played = _timed(lambda: play_record(record), repeats)
    naval = naval_turn_times(6 if args.quick else 12, seed=300)
    game = Game.from_record(record)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.json"
        saves = _timed(lambda: game.save(path), repeats)
        loads = _timed(lambda: load_game(path), repeats)
        size = path.stat().st_size
    result = {
        "selfplay_actions_per_second": {
            "median": round(statistics.median(rates)), "min": round(min(rates)),
            "max": round(max(rates))},
        "replay_1000_ms": _summary(replay),
        "replay_1000_verified_ms": _summary(verified),
        "play_1000_ms": _summary(played),
        "replay_vs_play": round(statistics.median(replay) / statistics.median(played), 2),
        "save_1000_ms": _summary(saves),
        "load_1000_ms": _summary(loads),
        "save_file_kb": round(size / 1024, 1),
        "naval_turn_ms": {**_summary(naval), "turns": len(naval)},
        "repeats": repeats,
    }
    if args.json:
        out.write(json.dumps(result) + "\n")
        return 0
    rate = result["selfplay_actions_per_second"]
    out.write(f"ahoy bench ({repeats} repeats; medians, [min-max])\n")
    out.write(f"  self-play, random legal actions: {rate['median']} actions/s "
              f"[{rate['min']}-{rate['max']}]\n")
    for key, label in (("replay_1000_ms", "replay of a 1,000-action log"),
                       ("replay_1000_verified_ms", "  ... with every state hash checked"),
                       ("play_1000_ms", "playing the same 1,000 actions"),
                       ("save_1000_ms", "save of that game"),
                       ("load_1000_ms", "load (parse, replay, verify)")):
        s = result[key]
        out.write(f"  {label}: {s['median']} ms [{s['min']}-{s['max']}]\n")
    out.write(f"  replay / play: {result['replay_vs_play']}  (save file {result['save_file_kb']} "
              "KB)\n")
    turn = result["naval_turn_ms"]
    out.write(f"  Naval Battle Rules, a whole turn from its sheets: {turn['median']} ms "
              f"[{turn['min']}-{turn['max']}] over {turn['turns']} turns\n")
    return 0
