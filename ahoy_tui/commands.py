"""The smaller ``ahoy`` commands: scenarios, replay, selfplay, ladder."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from ahoy_tui.engine import Game, SaveError, get_ruleset, load_game
from ahoy_tui.engine.errors import UnknownRuleset
from ahoy_tui.engine.registry import rulesets


def list_scenarios(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    try:
        chosen = [get_ruleset(args.ruleset)] if getattr(args, "ruleset", None) else \
            list(rulesets())
    except UnknownRuleset as exc:
        print(f"ahoy: {exc}", file=sys.stderr)
        return 2
    for n, ruleset in enumerate(chosen):
        if len(chosen) > 1:
            gap = "\n" if n else ""
            out.write(f"{gap}{ruleset.title} (--ruleset {ruleset.id})\n")
        for info in ruleset.scenarios():
            out.write(f"  {info.name:<12} {info.title}\n")
            out.write(f"  {'':<12} {info.description}\n")
            out.write(f"  {'':<12} sides: {' v '.join(info.sides)}\n")
    return 0


def replay(args: argparse.Namespace, stdin: TextIO | None = None,
           out: TextIO | None = None) -> int:
    """Rebuild a saved battle; with ``--verify`` check every action against the legal actions
    and every state's hash, else step through it."""
    stdin = stdin or sys.stdin
    out = out or sys.stdout
    try:
        game = load_game(args.file, check=bool(args.verify))
    except SaveError as exc:
        print(f"ahoy: {exc}", file=sys.stderr)
        return 1
    record = game.record()
    if args.verify:
        out.write(f"{args.file}: {len(record.actions)} actions replayed, each one legal at "
                  f"its step; all {len(record.hashes)} state hashes match\n")
        return 0
    interactive = stdin.isatty()
    # orders sealed that no step of the file has revealed yet (an unfinished battle saved while
    # a side writes): their steps are told as sealed, never read out (2.0, any secret sheet)
    from ahoy_tui.engine.orders import SPECTATOR, orders_revealed, unrevealed_steps

    game.goto(game.last_step)
    hidden = unrevealed_steps(game, SPECTATOR)
    # a secret action at or before the last reveal has been turned over for all to read
    revealed_to = max((s for s in range(1, game.last_step + 1)
                       if orders_revealed(game.events_at(s))), default=0)
    step = 0
    game.goto(0)
    _show_step(game, out, hidden, revealed_to)
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
        _show_step(game, out, hidden, revealed_to)


def export_battle(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """``ahoy replay FILE --export KIND``: the battle written for sharing; says what was
    written."""
    from pathlib import Path

    from ahoy_tui.export import default_path, export
    from ahoy_tui.export.cast import parse_size
    from ahoy_tui.export.facts import NoFacts

    out = out or sys.stdout
    try:
        size = parse_size(args.size)
        game = load_game(args.file)
        target = Path(args.output) if args.output else \
            default_path(Path(args.file), game, args.export)
        written = export(game, args.export, target, size=size, speed=args.speed,
                         step=args.step, turns=args.turns)
    except (SaveError, NoFacts, ValueError, OSError) as exc:
        print(f"ahoy: {exc}", file=sys.stderr)
        return 2 if isinstance(exc, ValueError) and not isinstance(exc, NoFacts) else 1
    for path in written:
        out.write(f"{path}\n")
    return 0


def _show_step(game: Game, out: TextIO, hidden: dict[int, str] | None = None,
               revealed_to: int = 0) -> None:
    """One step of the log. A battle not yet over keeps every side's secrets (the rules'
    ``event_visible`` and ``secret_action``: a Wizard's hand, a card discarded face down, sealed
    orders not yet revealed, the reveal being at step ``revealed_to``): its sides are still
    playing, and the file may be shown to either."""
    from ahoy_tui.engine.orders import is_secret

    step = game.step
    ruleset = game.ruleset
    unfinished = not game.state_at(game.last_step).over
    if step == 0:
        out.write(f"== {game.scenario.title} (seed {game.seed}) ==\n")
    elif step in (hidden or {}):
        out.write(f"[{step}] {game.state_at(step - 1).to_act}: secret orders, sealed until "
                  "every side has sealed\n")
        return
    else:
        before = game.state_at(step - 1)
        action = game.action_at(step)
        words = ("a secret decision"
                 if unfinished and step > revealed_to and is_secret(ruleset, action)
                 else ruleset.describe_action(before, action))
        out.write(f"[{step}] {before.to_act}: {words}\n")
    visible = getattr(ruleset, "event_visible", None)
    for event in game.events_at(step):
        if unfinished and visible is not None and not all(
                visible(event, side) for side in ruleset.sides):
            side = getattr(event, "side", None) or "a side"
            out.write(f"    ({side}'s secret, kept while the battle goes on)\n")
            continue
        out.write(f"    {event.describe()}\n")
    if game.over and step == game.last_step:
        out.write(f"=== {game.state.result} ===\n")


def selfplay(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Captains play each other from mirrored starts; win/draw/loss, turns and think times."""
    from ahoy_tui.ai.tournament import tournament

    out = out or sys.stdout
    base = args.seed if args.seed is not None else 1
    if args.games is None:
        args.games = 400 if getattr(args, "sprt", False) else 10
    if getattr(args, "sprt", False) or args.scenario == "all" or getattr(args, "jobs", None):
        return _paired_selfplay(args, base, out)
    try:
        matches, summary = tournament(args.p1, args.p2, args.games, base, ruleset=args.ruleset,
                                scenario=args.scenario, scenario_file=args.scenario_file,
                                think=args.think)
    except (ValueError, KeyError) as exc:
        print(f"ahoy: {exc}", file=sys.stderr)
        return 2
    played = matches[0].scenario if matches else ""
    summary = {"ruleset": args.ruleset,
               "scenario": args.scenario_file or args.scenario or played,
               "seed": base, **summary}
    if args.json:
        out.write(json.dumps(summary) + "\n")
        return 0
    first, second = summary["p1"], summary["p2"]
    low, high = summary["p1_score_95"]
    out.write(f"{summary['games']} games of {summary['scenario']} from seed {base}, mirrored "
              f"starts: {first['level']} v {second['level']}\n")
    out.write(f"  {first['level']}: {first['wins']} won, {first['draws']} drawn, "
              f"{first['losses']} lost — score {summary['p1_score']:.0%} "
              f"(95% interval {low:.0%}–{high:.0%})\n")
    out.write(f"  by side: p1 won {summary['winners']['p1']}, p2 won "
              f"{summary['winners']['p2']}, draws {summary['winners']['draw']}\n")
    out.write(f"  turns: mean {summary['turns']['mean']}, most {summary['turns']['max']}\n")
    out.write(f"  think time: p50 {summary['think_ms']['p50']} ms, p95 "
              f"{summary['think_ms']['p95']} ms ({summary['think_ms']['decisions']} "
              "decisions)\n")
    out.write(f"  {summary['actions']} actions at {summary['actions_per_second']} actions/s\n")
    return 0


def _scenarios_of(ruleset: str, scenario: str | None, scenario_file: str | None,
                  every: bool) -> list[str | None]:
    """The scenarios to rotate over: a file's or one named, else all (``every``) or the
    rule system's first."""
    from ahoy_tui.ai.ladder import all_scenarios

    if scenario_file:
        return [None]
    if scenario and scenario != "all":
        return [scenario]
    return list(all_scenarios(ruleset)) if every or scenario == "all" else [None]


def _paired_selfplay(args: argparse.Namespace, base: int, out: TextIO) -> int:
    """``selfplay --sprt`` (or ``--scenario all``, ``--jobs``): pairs of games over the
    scenarios in turn, a progress line a pair, and the verdict."""
    from ahoy_tui.ai.ladder import default_jobs, row_words, sprt_run
    from ahoy_tui.ai.stats import Sprt

    testing = bool(getattr(args, "sprt", False))
    test = Sprt(args.elo0, args.elo1, args.alpha, args.beta) if testing else \
        Sprt(0.0, 0.0, 0.5, 0.5)  # bounds of 0: never decides, every pair is played
    if testing and not (0 < args.alpha < 1 and 0 < args.beta < 1 and args.elo1 > args.elo0):
        print("ahoy: --sprt needs 0 < --alpha, --beta < 1 and --elo1 above --elo0",
              file=sys.stderr)
        return 2
    progress_out = sys.stderr if args.json else out

    def progress(row: dict[str, Any]) -> None:
        if not testing:
            return
        low, high = row["bounds"]
        progress_out.write(f"  pair {row['pairs']}: {row_words(row)}; LLR {row['llr']:+.2f} "
                           f"({low:+.2f}, {high:+.2f})\n")
        progress_out.flush()

    try:
        scenarios = _scenarios_of(args.ruleset, args.scenario, args.scenario_file, testing)
        summary = sprt_run(args.p1, args.p2, ruleset=args.ruleset, scenarios=scenarios,
                           seed=base, games=args.games, think=args.think,
                           test=test, jobs=args.jobs or default_jobs(),
                           scenario_file=args.scenario_file, progress=progress)
    except (ValueError, KeyError) as exc:
        print(f"ahoy: {exc}", file=sys.stderr)
        return 2
    if not testing:
        summary.pop("sprt")
    summary = {"ruleset": args.ruleset,
               "scenario": args.scenario_file or ",".join(sorted(summary["scenarios"])),
               "seed": base, "think": args.think, **summary}
    if args.json:
        out.write(json.dumps(summary) + "\n")
        return 0
    out.write(f"{summary['games']} games ({summary['pairs']} pairs, each start from both "
              f"sides) of {summary['scenario']} from seed {base}, --think {args.think}\n")
    out.write(f"  {row_words(summary)}\n")
    penta = summary["pentanomial"]
    out.write(f"  pairs scoring 0, ½, 1, 1½, 2 points: {', '.join(map(str, penta))}\n")
    for name, row in summary["scenarios"].items():
        out.write(f"  {name}: {row['points']:g} of {row['games']} ({row['score']:.1%})\n")
    out.write(f"  by side: p1 won {summary['winners']['p1']}, p2 won "
              f"{summary['winners']['p2']}, draws {summary['winners']['draw']}\n")
    out.write(f"  think time: p50 {summary['think_ms']['p50']} ms, p95 "
              f"{summary['think_ms']['p95']} ms ({summary['think_ms']['decisions']} "
              "decisions)\n")
    if testing:
        sprt = summary["sprt"]
        low, high = sprt["bounds"]
        words = {"H1": f"H1 accepted: {args.p1} is stronger than {args.p2} by about "
                       f"{sprt['elo1']:g} Elo or more",
                 "H0": f"H0 accepted: {args.p1} is not {sprt['elo1']:g} Elo stronger (about "
                       f"{sprt['elo0']:g} Elo or less)",
                 "inconclusive": f"inconclusive after {summary['games']} games (--games)"}
        out.write(f"  SPRT elo0 {sprt['elo0']:g}, elo1 {sprt['elo1']:g}, alpha "
                  f"{sprt['alpha']:g}, beta {sprt['beta']:g}: LLR {sprt['llr']:+.2f} "
                  f"(bounds {low:+.2f}, {high:+.2f}) — {words[sprt['verdict']]}\n")
    return 0


def ladder(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """``ahoy ladder``: every level against every other in pairs of games, a table."""
    from ahoy_tui.ai.ladder import default_jobs, row_words
    from ahoy_tui.ai.ladder import ladder as run_ladder

    out = out or sys.stdout
    levels = [level.strip() for level in args.levels.split(",") if level.strip()]

    def progress(row: dict[str, Any]) -> None:
        if not args.json:
            out.write(f"  {row_words(row)}\n")
            if len(row["scenarios"]) > 1:
                out.write("    " + " · ".join(
                    f"{name} {part['points']:g}/{part['games']}"
                    for name, part in row["scenarios"].items()) + "\n")
            out.flush()

    try:
        scenarios = _scenarios_of(args.ruleset, args.scenario, None, True)
        if not args.json:
            out.write(f"{args.ruleset}: {', '.join(map(str, scenarios))} in turn, "
                      f"{args.games} games a pairing from seed {args.seed}, --think "
                      f"{args.think}\n")
        result = run_ladder(levels, ruleset=args.ruleset, scenarios=scenarios,
                            seed=args.seed, games=args.games, think=args.think,
                            jobs=args.jobs or default_jobs(), progress=progress)
    except (ValueError, KeyError) as exc:
        print(f"ahoy: {exc}", file=sys.stderr)
        return 2
    if args.json:
        out.write(json.dumps(result) + "\n")
        return 0
    out.write(ladder_table(result))
    return 0


def ladder_table(result: dict[str, Any]) -> str:
    """The ladder as a Markdown table, the way docs/ai.md gives it."""
    from ahoy_tui.ai.stats import elo_of, elo_words

    lines = ["| pairing | games | won-drawn-lost | score (95% interval) | Elo (95% interval) "
             "| think p95 |", "| --- | --- | --- | --- | --- | --- |"]
    for row in result["pairings"]:
        low, high = row["score_95"]
        lines.append(
            f"| {row['first']} v {row['second']} | {row['games']} | {row['wins']}-"
            f"{row['draws']}-{row['losses']} | {row['score']:.1%} ({low:.1%}–{high:.1%}) | "
            f"{elo_words(elo_of(row['score']))} ({elo_words(elo_of(low))} to "
            f"{elo_words(elo_of(high))}) | {row['think_ms']['p95']:g} ms |")
    return "\n".join(lines) + "\n"


def list_fleets(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """The saved fleets of a rule system (``--ruleset``): name, file and one line per ship (a
    fleet book's: its settings, its points and each line bought); an unreadable file says why."""
    from pathlib import Path

    from ahoy_tui.engine import fleet_book

    out = out or sys.stdout
    ruleset: Any = get_ruleset(getattr(args, "ruleset", None) or rulesets()[0].id)
    book = getattr(ruleset, "fleet_book", None)
    if book is None and getattr(ruleset, "fleets", None) is None:
        print(f"ahoy: {ruleset.title} has no fleets to build", file=sys.stderr)
        return 2
    folder = Path(args.dir) if getattr(args, "dir", None) else None
    if book is None:
        return _list_designed_fleets(ruleset.fleets, folder, out)
    found = fleet_book.saved(ruleset.id, folder)
    if not found:
        out.write(f"no saved {ruleset.title} fleets in {fleet_book.fleets_dir(ruleset.id, folder)}"
                  " (build one from the title screen: Fleets)\n")
        return 0
    bad = 0
    for path, fleet in found:
        if isinstance(fleet, fleet_book.FleetBookError):
            bad += 1
            print(f"ahoy: {fleet}", file=sys.stderr)
            continue
        bill = fleet_book.tally_of(book, fleet)
        words = ", ".join(f"{s.label.lower()} {_setting_words(s, fleet)}"
                          for s in book.settings(fleet))
        out.write(f"{fleet.name}  ({path.name}, {bill.spent}/{bill.total} points; {words})\n")
        catalogue = book.catalogue(fleet)
        for pick in fleet.picks:
            entry = fleet_book.entry_of(catalogue, pick.entry)
            name = entry.name if entry else pick.entry
            cost = f" ({entry.cost} pts)" if entry else ""
            extras = f" + {', '.join(pick.extras)}" if pick.extras else ""
            out.write(f"    {name}{cost}{extras}\n")
        for check in book.check(fleet):
            out.write(f"    {check.level}: {check}\n")
    return 1 if bad else 0


def _setting_words(setting: Any, fleet: Any) -> str:
    value = fleet.settings.get(setting.key, setting.default)
    return next((words for words, v in setting.choices if v == value), value) or "none"


def _list_designed_fleets(fleets: Any, folder: Any, out: TextIO) -> int:
    """Fleets designed ship by ship (Ahoy!'s ``fleets`` hook)."""
    folder = folder or fleets.fleets_dir()
    found = fleets.saved(folder)
    if not found:
        out.write(f"no saved fleets in {folder} (build one from the title screen: Fleets)\n")
        return 0
    bad = 0
    for path, fleet in found:
        if isinstance(fleet, fleets.FleetError):
            bad += 1
            print(f"ahoy: {fleet}", file=sys.stderr)
            continue
        out.write(f"{fleet.name}  ({path.name}, {len(fleet.ships)} ships)\n")
        for design in fleet.ships:
            out.write(f"    {design.name}: {fleets.summary(design)}\n")
        for problem in fleets.check(fleet):
            out.write(f"    {problem.level}: {problem.text}\n")
    return 1 if bad else 0


def fleet_scenario(args: argparse.Namespace) -> dict[str, object] | None:
    """The scenario as data with each ``--fleet SIDE=NAME`` in place of that side's ships, or
    None when no fleet is given. Raises ValueError (one line) for a bad fleet or scenario."""
    given = getattr(args, "fleet", None) or []
    if not given:
        return None
    from pathlib import Path

    ruleset: Any = get_ruleset(args.ruleset)
    from ahoy_tui.engine import fleet_book

    fleets = getattr(ruleset, "fleets", None)
    book = getattr(ruleset, "fleet_book", None)
    if fleets is None and book is None:
        raise ValueError(f"--fleet: {ruleset.title} has no saved fleets")
    if args.scenario_file:
        data = ruleset.load_scenario(path=Path(args.scenario_file)).to_data()
    else:
        name = args.scenario or ruleset.scenarios()[0].name
        data = ruleset.load_scenario(name=name).to_data()
    for item in given:
        side, sep, name = item.partition("=")
        if not sep or side not in ("p1", "p2") or not name:
            raise ValueError(f"--fleet {item}: expected p1=NAME or p2=NAME")
        if book is not None:
            bought = fleet_book.find(ruleset.id, name)
            fleet_book.require_usable(book, bought, f"--fleet {side}={name}")
            data = book.with_fleet(data, side, bought)
            continue
        fleet = fleets.find(name)
        fleets.require_usable(fleet, f"--fleet {side}={name}")
        data = ruleset.with_fleet(data, side, fleet)
    return data
