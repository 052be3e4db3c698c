"""``ahoy bench``: how fast the engine plays, replays, saves and loads.

Figures are medians over repeats (this machine is shared and noisy), with the spread shown.
- self-play: random legal games in process, actions per second (listing the legal actions and
  applying one, as a bot does);
- load: reading a 1,000-action save and showing its last step (the table and the cards), as
  Load and Resume do; verify: ``ahoy replay --verify`` of it (every state's hash);
- replay: rebuilding that log checked (every action against the legal actions), and playing
  the same actions as a player would;
- save of that game (written atomically);
- Naval Battle Rules: a whole turn played from its six sealed sheets;
- every installed rule system: random self-play over its scenarios, actions a second and a
  whole turn.

``--baseline DIR`` measures another checkout of the code (``DIR`` holds its ``ahoy_tui``) back
to back with this one, in turns, and gives each figure's ratio. This module runs as a script
under either: it uses only what both have.
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

from ahoy_tui.engine import Game, apply, legal_actions, load_game, rulesets
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


def ruleset_rates(ruleset: str, games: int, seed: int) -> tuple[float, list[float]]:
    """Any ruleset with turns: random legal self-play over its built-in scenarios, as
    (actions a second, the seconds of each whole turn)."""
    from ahoy_tui.engine import get_ruleset

    names = [info.name for info in get_ruleset(ruleset).scenarios()]
    total, spent, turns = 0, 0.0, []
    for i in range(games):
        game = Game.new(ruleset, names[i % len(names)], seed=seed + i)
        state = game.state
        chooser = random.Random(seed + i)
        start, turn = time.perf_counter(), getattr(state, "turn", 1)
        begun = start
        while not state.over:
            legal = legal_actions(state)
            state, _ = apply(state, legal[chooser.randrange(len(legal))], legal=legal)
            total += 1
            if getattr(state, "turn", turn) != turn or state.over:
                now = time.perf_counter()
                turns.append(now - start)
                start, turn = now, getattr(state, "turn", turn)
        spent += time.perf_counter() - begun
    return total / spent, turns


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
    if getattr(args, "browser", False):
        return _browser(args, out)
    if getattr(args, "server", False):
        from ahoy_tui.bench import server as bench_server

        counts = [int(n) for n in str(args.sessions).split(",") if n.strip()]
        try:
            baseline = Path(args.baseline) if args.baseline else None
            results = bench_server.run(counts, args.seconds, args.pace, baseline,
                                       args.rounds if baseline else 1)
        except ValueError as exc:
            print(f"ahoy bench: {exc}", file=sys.stderr)
            return 2
        if args.json:
            out.write(json.dumps(results) + "\n")
            return 0
        out.write(f"ahoy bench --server (loopback SSH; each player acts 0.5-1.5 × {args.pace:g} s "
                  f"after the last action, for {args.seconds:g} s)\n")
        out.write("  sessions | code | connect→first frame p50 / p95 | action→opponent p50 / p95 "
                  "(actions) | a session's memory USS / PSS / RSS | server / warm RSS | CPU "
                  "while playing (% of a core)\n")
        for r in results:
            ff, lat, mem = r["first_frame_ms"], r["latency_ms"], r["session_mib"]
            warm = f"{r['warm_mib']} MiB" if r.get("warm_mib") else "none"
            out.write(f"  {r['sessions']:>8} | {r['code']} | {ff['p50']} / {ff['p95']} ms | "
                      f"{lat['p50']} / {lat['p95']} ms ({lat['actions']}) | {mem['uss']} / "
                      f"{mem['pss']} / {mem['rss']} MiB | {r['server_mib']} MiB / {warm} | "
                      f"server {r['cpu_percent']['server']}%, "
                      f"sessions {r['cpu_percent']['sessions']}%\n")
        return 0
    if getattr(args, "ui", False):
        from ahoy_tui.bench import ui as bench_ui

        figures = bench_ui.run(quick=args.quick)
        if args.json:
            out.write(json.dumps(figures) + "\n")
        else:
            frame, key = figures["first_frame_ms"], figures["key_to_frame_ms"]
            bare = figures["bare_textual_first_frame_ms"]
            out.write(f"ahoy bench --ui (on a pseudo-terminal, 120x40)\n"
                      f"  first frame: median {frame['median']} ms, p95 {frame['p95']} ms "
                      f"({frame['runs']} starts)\n"
                      f"  a bare Textual app's first frame: median {bare['median']} ms, "
                      f"p95 {bare['p95']} ms: the game takes {figures['first_frame_ratio']}× "
                      f"as long\n"
                      f"  a key to its frame: median {key['median']} ms, p95 {key['p95']} ms "
                      f"({key['presses']} presses)\n")
        return 0
    if getattr(args, "baseline", None):
        return _against(args, out)
    result = measure(quick=args.quick)
    if args.json:
        out.write(json.dumps(result) + "\n")
        return 0
    _report(result, out)
    return 0


def _browser(args: argparse.Namespace, out: TextIO) -> int:
    from ahoy_tui.bench import browser as bench_browser

    try:
        result = bench_browser.run(args.runs)
    except ValueError as exc:
        print(f"ahoy bench: {exc}", file=sys.stderr)
        return 2
    if args.json:
        out.write(json.dumps(result) + "\n")
        return 0
    load = result["page_load_ms"]
    out.write(f"ahoy bench --server --browser (headless Chromium {result['chromium']} and an "
              f"SSH player, against `ahoy serve --web` on loopback)\n"
              f"  page load → first screen: median {load['median']} ms, p95 {load['p95']} ms "
              f"({load['runs']} loads; the first, with an empty cache: {load['first']} ms)\n")
    for key, words in (("page_key_to_ssh_ms", "a key in the page → the SSH player sees it"),
                       ("ssh_key_to_page_ms", "an SSH key → the page shows it")):
        row = result[key]
        out.write(f"  {words}: median {row['median']} ms, p95 {row['p95']} ms "
                  f"({row['runs']} moves)\n")
    return 0


CORE = (("load_1000_ms", "load a 1,000-action save and show its last step"),
        ("verify_1000_ms", "ahoy replay --verify of it (every hash)"),
        ("replay_1000_ms", "replay it checked (every action listed)"),
        ("play_1000_ms", "play the same 1,000 actions"),
        ("save_1000_ms", "save of that game"))


def _load(path: Path, check: bool) -> Any:
    try:
        return load_game(path, check=check)
    except TypeError:  # a checkout from before ``check``: its load checked everything
        return load_game(path)


def _load_and_show(path: Path) -> None:
    game = _load(path, check=False)
    state = game.state_at(game.last_step)
    game.ruleset.scene(state, None)  # type: ignore[attr-defined]
    game.ruleset.cards(state)  # type: ignore[attr-defined]


def measure(quick: bool) -> dict[str, Any]:
    """The engine's figures, as a dictionary (what ``--json`` prints)."""
    repeats = 3 if quick else 7
    record = long_record()
    rates = []
    for r in range(repeats):
        count, seconds = selfplay_rate(6 if quick else 12, seed=100 + r * 50)
        rates.append(count / seconds)
    replay = _timed(lambda: Game.from_record(record, verify=False), repeats)
    played = _timed(lambda: play_record(record), repeats)
    naval = naval_turn_times(6 if quick else 12, seed=300)
    by_ruleset = {}
    for rules in rulesets():  # every rule system installed, the same way
        rate, turns = ruleset_rates(rules.id, 3 if quick else 6, seed=500)
        by_ruleset[rules.id] = {"title": rules.title, "actions_per_second": round(rate),
                                "turn_ms": {**_summary(turns), "turns": len(turns)}}
    game = Game.from_record(record)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.json"
        saves = _timed(lambda: game.save(path), repeats)
        loads = _timed(lambda: _load_and_show(path), repeats)
        verifies = _timed(lambda: _load(path, check=True), repeats)
        size = path.stat().st_size
    return {
        "selfplay_actions_per_second": {
            "median": round(statistics.median(rates)), "min": round(min(rates)),
            "max": round(max(rates))},
        "load_1000_ms": _summary(loads),
        "verify_1000_ms": _summary(verifies),
        "replay_1000_ms": _summary(replay),
        "play_1000_ms": _summary(played),
        "replay_vs_play": round(statistics.median(replay) / statistics.median(played), 2),
        "save_1000_ms": _summary(saves),
        "save_file_kb": round(size / 1024, 1),
        "naval_turn_ms": {**_summary(naval), "turns": len(naval)},
        "rulesets": by_ruleset,
        "repeats": repeats,
    }


def _report(result: dict[str, Any], out: TextIO) -> None:
    rate = result["selfplay_actions_per_second"]
    out.write(f"ahoy bench ({result['repeats']} repeats; medians, [min-max])\n")
    out.write(f"  self-play, random legal actions: {rate['median']} actions/s "
              f"[{rate['min']}-{rate['max']}]\n")
    for key, label in CORE:
        s = result[key]
        out.write(f"  {label}: {s['median']} ms [{s['min']}-{s['max']}]\n")
    out.write(f"  replay / play: {result['replay_vs_play']}  (save file {result['save_file_kb']} "
              "KB)\n")
    turn = result["naval_turn_ms"]
    out.write(f"  Naval Battle Rules, a whole turn from its sheets: {turn['median']} ms "
              f"[{turn['min']}-{turn['max']}] over {turn['turns']} turns\n")
    for figures in result.get("rulesets", {}).values():
        turn = figures["turn_ms"]
        out.write(f"  {figures['title']}, random self-play: {figures['actions_per_second']} "
                  f"actions/s; a whole turn {turn['median']} ms [{turn['min']}-{turn['max']}] "
                  f"over {turn['turns']} turns\n")


def _measure_in(folder: str | None, quick: bool) -> dict[str, Any]:
    """This module's :func:`measure` in a fresh process, on the code in ``folder`` (None: this
    checkout)."""
    import os
    import subprocess

    env = dict(os.environ)
    here = str(Path(__file__).resolve().parents[1])
    env["PYTHONPATH"] = os.path.abspath(folder) if folder else here
    done = subprocess.run([sys.executable, __file__, "--quick" if quick else "--full"],
                          capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip().splitlines()[-1] if done.stderr else "failed")
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def _against(args: argparse.Namespace, out: TextIO) -> int:
    """Both checkouts in turns (baseline, this, baseline, this…), each figure's median over the
    turns and its ratio this / baseline (for self-play, higher is better; for times, lower);
    and the best repeat of each, which a shared machine disturbs least."""
    folder = str(args.baseline)
    if not (Path(folder) / "ahoy_tui" / "engine").is_dir():
        print(f"ahoy bench: --baseline {folder}: no ahoy_tui package there", file=sys.stderr)
        return 2
    rounds = max(1, int(getattr(args, "rounds", 3) or 3))
    before: list[dict[str, Any]] = []
    after: list[dict[str, Any]] = []
    for _ in range(rounds):
        before.append(_measure_in(folder, args.quick))
        after.append(_measure_in(None, args.quick))
    keys = ["selfplay_actions_per_second", *(k for k, _ in CORE), "naval_turn_ms"]
    table = {}
    for key in keys:
        b = statistics.median(r[key]["median"] for r in before)
        a = statistics.median(r[key]["median"] for r in after)
        # the best of every repeat of every round: what each does when nothing else runs
        pick = max if key == "selfplay_actions_per_second" else min
        b_best = pick(r[key]["max" if pick is max else "min"] for r in before)
        a_best = pick(r[key]["max" if pick is max else "min"] for r in after)
        table[key] = {"baseline": b, "this": a, "ratio": round(a / b, 2) if b else None,
                      "baseline_best": b_best, "this_best": a_best,
                      "ratio_best": round(a_best / b_best, 2) if b_best else None}
    if args.json:
        out.write(json.dumps({"rounds": rounds, "figures": table}) + "\n")
        return 0
    labels = {"selfplay_actions_per_second": "self-play, actions/s",
              "naval_turn_ms": "Naval Battle turn, ms", **{k: f"{v}, ms" for k, v in CORE}}
    out.write(f"ahoy bench --baseline {folder} ({rounds} rounds in turns; medians, and the "
              "best of every repeat)\n")
    out.write(f"  {'measure':<52} {'baseline':>9} {'this':>9} {'ratio':>6} | "
              f"{'best':>8} {'best':>8} {'ratio':>6}\n")
    for key in keys:
        row = table[key]
        out.write(f"  {labels[key]:<52} {row['baseline']:>9} {row['this']:>9} "
                  f"{row['ratio']:>6} | {row['baseline_best']:>8} {row['this_best']:>8} "
                  f"{row['ratio_best']:>6}\n")
    return 0


if __name__ == "__main__":  # ``_measure_in``: one run of the figures, as JSON
    print(json.dumps(measure(quick="--quick" in sys.argv)))
