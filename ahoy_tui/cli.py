"""The ``ahoy`` command.

``ahoy`` (or ``ahoy play``) starts a battle in the terminal; ``ahoy learn [RULESET]`` a guided
first battle against the easy captain; ``ahoy engine`` speaks the JSON-lines
engine protocol; ``ahoy scenarios`` lists the built-in scenarios; ``ahoy fleets`` lists saved
fleets; ``ahoy replay FILE`` steps through a saved battle (``--verify`` checks every action
against the legal actions and every state's hash); ``ahoy selfplay`` plays captains against
each other (``--sprt``: a sequential test on pairs of games); ``ahoy ladder`` every level
against every other; ``ahoy bench`` measures the engine.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from ahoy_tui import __version__


def _add_game_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ruleset", default="ahoy", help="ruleset id (default: ahoy)")
    parser.add_argument("--scenario", default=None,
                        help="built-in scenario (default: the ruleset's first, e.g. duel)")
    parser.add_argument("--scenario-file", help="a scenario TOML file instead of a built-in one")
    parser.add_argument("--seed", type=int, help="dice seed (default: random)")


def _add_jobs(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--jobs", type=int,
                        help="games played at once, in worker processes (default: the cores, "
                             "at most 2; the figures are the same for any number)")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command; given the ``command`` about to be parsed, the server's own
    (``serve``, ``lobby``) get their options only if it is theirs (their modules are not
    imported to start a game)."""
    parser = argparse.ArgumentParser(
        prog="ahoy", description="Tabletop naval wargames in a terminal.")
    parser.add_argument("--version", action="version", version=f"ahoy-tui {__version__}")
    # lobby, web and warm are started by the server: left out of the list (given no help at all, as
    # help=SUPPRESS prints "==SUPPRESS==" for a subcommand)
    sub = parser.add_subparsers(
        dest="command",
        metavar="{play,learn,engine,scenarios,fleets,replay,selfplay,ladder,serve,bench}")

    play = sub.add_parser("play", help="play a battle in the terminal (the default)")
    _add_game_args(play)
    play.add_argument("--p1",
                      help="who plays p1: human, or a computer captain: ai:easy, ai:normal, "
                           "ai:hard, ai:random (default human; with --load, as saved)")
    play.add_argument("--p2", help="who plays p2 (as --p1)")
    play.add_argument("--think", type=float,
                      help="seconds a computer captain may think over a decision (default 1; "
                           "with --load, as saved)")
    play.add_argument("--fleet", action="append", default=[], metavar="SIDE=FLEET",
                      help="a saved fleet (by name, or a fleet file) in place of that side's "
                           "ships, deployed along their table edge; e.g. --fleet p2='Black "
                           "Squadron' (may be given for both sides)")
    play.add_argument("--load", metavar="FILE", help="continue a saved battle")
    play.add_argument("--saves", metavar="DIR", help="where autosaves go (default: saves/)")
    play.add_argument("--undo", choices=("casual", "strict"),
                      help="casual: undo anything; strict: no undo past a revealed die "
                           "(default casual; with --load, as saved)")
    play.add_argument("--headless", action="store_true",
                      help="play in plain text, without the full-screen game (also used when "
                           "there is no terminal)")

    learn = sub.add_parser("learn", help="learn to play: a guided first battle of a rule system "
                                         "against the easy captain")
    learn.add_argument("ruleset", nargs="?",
                       help="the rule system's id, as 'ahoy scenarios' lists them (ahoy, "
                            "man-o-war, ...); without it the game asks which")
    learn.add_argument("--think", type=float,
                       help="seconds the easy captain may think over a decision (default 0.5)")
    learn.add_argument("--seed", type=int, help="dice seed (default: random)")
    learn.add_argument("--saves", metavar="DIR", help="where autosaves go (default: saves/)")

    sub.add_parser("engine", help="speak the JSON-lines engine protocol on stdin/stdout")

    scen = sub.add_parser("scenarios", help="list the built-in scenarios of every rule system")
    scen.add_argument("--ruleset", help="only this rule system's (ahoy, naval-battle)")

    fleets = sub.add_parser("fleets", help="list your saved fleets (build them from the title "
                                           "screen: Fleets)")
    fleets.add_argument("--ruleset", help="the rule system's fleets (default: the first, "
                                          "Ahoy!); e.g. --ruleset man-o-war")
    fleets.add_argument("--dir", metavar="DIR", help="the fleets folder (default: $AHOY_FLEETS, "
                                                     "else the user data folder)")

    replay = sub.add_parser("replay", help="step through a saved battle")
    replay.add_argument("file")
    replay.add_argument("--verify", action="store_true",
                        help="check every action against the legal actions at its step and "
                             "every state's hash; exit 0 only if all hold")
    replay.add_argument("--text", action="store_true", help="print the log as plain text")
    replay.add_argument("--export", choices=("cast", "svg", "report", "report-md"),
                        help="write the battle for sharing: cast (an asciicast v2 recording of "
                             "the replay), svg (the screen at a step; PNG too where "
                             "rsvg-convert is installed), report (an after-action report, one "
                             "HTML file), report-md (Markdown, its charts beside it)")
    replay.add_argument("-o", "--output", metavar="OUT",
                        help="with --export: the file to write (default: beside FILE)")
    replay.add_argument("--size", default="100x32",
                        help="with --export cast or svg: the screen, columns x rows "
                             "(default 100x32)")
    replay.add_argument("--speed", type=float, default=1.0,
                        help="with --export cast: seconds a step (default 1)")
    replay.add_argument("--step", type=int,
                        help="with --export svg: the step to draw (default: the last)")
    replay.add_argument("--turns", action="store_true",
                        help="with --export svg: one picture a turn, as it stood at its end")

    selfplay = sub.add_parser("selfplay", help="computer captains play each other from "
                                                 "mirrored starts")
    _add_game_args(selfplay)
    selfplay.add_argument("--games", type=int,
                          help="games to play (default 10; with --sprt the most to play before "
                               "the test is called inconclusive, default 400)")
    selfplay.add_argument("--p1", default="random",
                          help="the first captain's level: random, easy, normal, hard")
    selfplay.add_argument("--p2", default="random", help="the second captain's level")
    selfplay.add_argument("--think", type=float, default=1.0,
                          help="seconds a captain may think over a decision (default 1)")
    selfplay.add_argument("--json", action="store_true", help="one JSON object for machines")
    selfplay.add_argument("--sprt", action="store_true",
                          help="a sequential test on pairs of games (each start played from "
                               "both sides) over all the rule system's scenarios in turn: it "
                               "stops once H1 (--p1 is --elo1 stronger) or H0 (--elo0) is "
                               "accepted, else after --games")
    selfplay.add_argument("--elo0", type=float, default=0.0,
                          help="with --sprt: H0's Elo difference (default 0)")
    selfplay.add_argument("--elo1", type=float, default=50.0,
                          help="with --sprt: H1's Elo difference (default 50: a 57%% score)")
    selfplay.add_argument("--alpha", type=float, default=0.05,
                          help="with --sprt: the chance of accepting H1 when H0 holds "
                               "(default 0.05)")
    selfplay.add_argument("--beta", type=float, default=0.05,
                          help="with --sprt: the chance of accepting H0 when H1 holds "
                               "(default 0.05)")
    _add_jobs(selfplay)

    ladder = sub.add_parser("ladder", help="every computer captain against every other, in "
                                           "pairs of games over a rule system's scenarios")
    ladder.add_argument("--ruleset", default="ahoy", help="ruleset id (default: ahoy)")
    ladder.add_argument("--scenario", default="all",
                        help="a built-in scenario, or all (the default: each in turn)")
    ladder.add_argument("--levels", default="random,easy,normal,hard",
                        help="the levels, weakest first (default random,easy,normal,hard)")
    ladder.add_argument("--games", type=int, default=20,
                        help="games a pairing, in pairs (default 20)")
    ladder.add_argument("--seed", type=int, default=1, help="the first start's seed (default 1)")
    ladder.add_argument("--think", type=float, default=1.0,
                        help="seconds a captain may think over a decision (default 1)")
    ladder.add_argument("--json", action="store_true", help="one JSON object for machines")
    _add_jobs(ladder)

    serve = sub.add_parser("serve", help="play over SSH (and in a browser): lobby, two "
                                         "players, spectators")
    lobby = sub.add_parser("lobby")  # started by the server per session
    if command in (None, "serve"):
        from ahoy_tui.server.serve import add_arguments

        add_arguments(serve)
    if command in (None, "lobby"):
        from ahoy_tui.server.lobby_args import add_lobby_arguments

        add_lobby_arguments(lobby)

    warm = sub.add_parser("warm")  # started by the server: forks each session's game process
    warm.add_argument("--socket", required=True)

    # the browser door alone, for a game host's socket (`serve --web` runs it in the server)
    web = sub.add_parser("web")
    web.add_argument("--socket", required=True)
    web.add_argument("--host", default="127.0.0.1")
    web.add_argument("--port", type=int, default=8000)
    web.add_argument("--public-url", metavar="URL")
    web.add_argument("--max-connections", type=int, default=64)

    bench = sub.add_parser("bench", help="measure the engine's speed")
    bench.add_argument("--quick", action="store_true", help="fewer repeats")
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--baseline", metavar="DIR",
                       help="also measure the code in DIR (another checkout), in turns with "
                            "this one, and give the ratios")
    bench.add_argument("--rounds", type=int, default=3,
                       help="turns of each with --baseline (default 3)")
    bench.add_argument("--ui", action="store_true",
                       help="measure the game on a terminal: first frame, a key to its frame")
    bench.add_argument("--server", action="store_true",
                       help="measure SSH sessions on loopback: first frame, action → "
                            "opponent's screen, memory")
    bench.add_argument("--sessions", default="1,10,50",
                       help="with --server: how many sessions at once (default 1,10,50)")
    bench.add_argument("--seconds", type=float, default=30.0,
                       help="with --server: how long they play (default 30)")
    bench.add_argument("--pace", type=float, default=3.0,
                       help="with --server: seconds a player waits before acting (default 3)")
    bench.add_argument("--browser", action="store_true",
                       help="with --server: a browser tab in headless Chromium instead (needs "
                            "the test extra and /usr/bin/chromium): page load, and a move's "
                            "round trip between the page and an SSH player")
    bench.add_argument("--runs", type=int, default=5,
                       help="with --browser: page loads, and moves each way (default 5)")
    return parser


COMMANDS = ("play", "learn", "engine", "scenarios", "fleets", "replay", "selfplay", "ladder",
            "bench", "serve", "lobby", "web", "warm")


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if not words or (words[0] not in COMMANDS and words[0] not in ("-h", "--help", "--version")):
        words = ["play", *words]  # plain `ahoy` (with play's options) plays
    args = build_parser(words[0] if words[0] in COMMANDS else None).parse_args(words)
    try:
        return _run(args)
    except BrokenPipeError:  # `ahoy ... | head`: the reader has gone; so do we, quietly
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - stays open until exit
        return 0
    except KeyboardInterrupt:
        print("\nahoy: interrupted (every action was already saved)", file=sys.stderr)
        return 130


def _run(args: argparse.Namespace) -> int:
    command = args.command
    if command == "engine":
        from ahoy_tui.protocol import serve

        return serve(sys.stdin, sys.stdout)
    if command == "scenarios":
        from ahoy_tui.commands import list_scenarios

        return list_scenarios(args)
    if command == "fleets":
        from ahoy_tui.commands import list_fleets

        return list_fleets(args)
    if command == "replay":
        if getattr(args, "export", None):
            from ahoy_tui.commands import export_battle

            return export_battle(args)
        if args.verify or args.text or not _terminal() or not _drawn(args):
            from ahoy_tui.commands import replay

            return replay(args)
        return _run_app(replay=Path(args.file))
    if command == "selfplay":
        from ahoy_tui.commands import selfplay

        return selfplay(args)
    if command == "ladder":
        from ahoy_tui.commands import ladder

        return ladder(args)
    if command == "serve":
        from ahoy_tui.server.serve import serve

        return serve(args)
    if command == "lobby":
        from ahoy_tui.server.serve import lobby

        return lobby(args)
    if command == "warm":
        from ahoy_tui.server.warm import run_warm

        return run_warm(args)
    if command == "web":
        from ahoy_tui.server.web import serve_web

        return serve_web(args)
    if command == "bench":
        from ahoy_tui.bench import run

        return run(args)
    if command == "learn":
        return _learn(args)
    if args.headless or not _terminal():
        from ahoy_tui.headless import play

        return play(args)
    if not _explicit():  # the title screen: nothing of the rules is needed to draw it
        return _run_app(saves=Path(args.saves) if args.saves else None)
    if not _drawn(args):
        from ahoy_tui.headless import play

        return play(args)
    return _play_in_app(args)


def _explicit() -> bool:
    """Whether the command line asks for a battle (else the title screen opens)."""
    return any(a.startswith(("--scenario", "--seed", "--load", "--ruleset", "--p1", "--p2",
                             "--fleet")) for a in sys.argv[1:])


def _terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def _drawn(args: argparse.Namespace) -> bool:
    """Whether the screens can show the battle asked for (the ruleset named, or the one of the
    save to load or replay); if not, say so, and it is played or replayed in plain text."""
    from ahoy_tui.engine import SaveError, UnknownRuleset, get_ruleset, load_record
    from ahoy_tui.ui.parts import drawable, no_table_words

    path = getattr(args, "file", None) or getattr(args, "load", None)
    try:
        ruleset_id = load_record(path).ruleset if path else getattr(args, "ruleset", None)
        if ruleset_id is None:
            return True
        ruleset = get_ruleset(ruleset_id)
    except (SaveError, UnknownRuleset):
        return True  # the command itself reports it, in its own words
    if drawable(ruleset):
        return True
    print(f"ahoy: {no_table_words(ruleset)}; in plain text here.", file=sys.stderr)
    return False


def _play_in_app(args: argparse.Namespace) -> int:
    from ahoy_tui.ai import make_captain
    from ahoy_tui.engine import SaveError
    from ahoy_tui.session import LocalSession

    saves = Path(args.saves) if args.saves else None
    if not _explicit():
        return _run_app(saves=saves)
    try:
        given = {side: level for side, level in (("p1", args.p1), ("p2", args.p2)) if level}
        for level in given.values():
            if level != "human":
                make_captain(level)  # an unknown level is refused before anything is loaded
        if args.load:  # as it was played, but for what the command line says
            session = LocalSession.load(args.load, policy=args.undo, players=given,
                                        think=args.think)
        else:
            from ahoy_tui.commands import fleet_scenario

            captains = {side: make_captain(level, args.seed or 0, think=args.think or 1.0)
                        for side, level in given.items() if level != "human"}
            session = LocalSession.new(args.ruleset, args.scenario,
                                       scenario_file=args.scenario_file,
                                       scenario_data=fleet_scenario(args), seed=args.seed,
                                       policy=args.undo or "casual", folder=saves,
                                       captains=captains)
    except (SaveError, ValueError, KeyError) as exc:
        print(f"ahoy: {exc}", file=sys.stderr)
        return 2
    return _run_app(session=session, saves=saves)


def _learn(args: argparse.Namespace) -> int:
    """``ahoy learn [RULESET]``: the guided first battle of that rule system, or the title
    asking which."""
    saves = Path(args.saves) if args.saves else None
    if not _terminal():
        print("ahoy: learn to play needs a terminal (the guide is drawn beside the battle)",
              file=sys.stderr)
        return 2
    if args.ruleset is None:
        return _run_app(saves=saves, learn=True, think=args.think)
    from ahoy_tui.engine import SaveError
    from ahoy_tui.session import LEARN_THINK, learn_session

    try:
        session = learn_session(args.ruleset, seed=args.seed, folder=saves,
                                think=LEARN_THINK if args.think is None else args.think)
    except (SaveError, ValueError) as exc:
        print(f"ahoy: {exc}", file=sys.stderr)
        return 2
    return _run_app(session=session, saves=saves)


def _run_app(**kwargs: object) -> int:
    from ahoy_tui.ui.app import AhoyApp

    AhoyApp(**kwargs).run()  # type: ignore[arg-type]
    return 0
