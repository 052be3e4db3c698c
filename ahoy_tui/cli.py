"""The ``ahoy`` command.

``ahoy`` (or ``ahoy play``) starts a battle in the terminal; ``ahoy engine`` speaks the JSON-lines
engine protocol; ``ahoy scenarios`` lists the built-in scenarios; ``ahoy replay FILE`` steps
through a saved battle (``--verify`` checks every state hash); ``ahoy selfplay`` plays random
games; ``ahoy bench`` measures the engine.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from ahoy_tui import __version__


def _add_game_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ruleset", default="ahoy", help="ruleset id (default: ahoy)")
    parser.add_argument("--scenario", default="duel", help="built-in scenario (default: duel)")
    parser.add_argument("--scenario-file", help="a scenario TOML file instead of a built-in one")
    parser.add_argument("--seed", type=int, help="dice seed (default: random)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ahoy", description="Tabletop naval wargames in a terminal.")
    parser.add_argument("--version", action="version", version=f"ahoy-tui {__version__}")
    sub = parser.add_subparsers(dest="command")

    play = sub.add_parser("play", help="play a battle in the terminal (the default)")
    _add_game_args(play)
    play.add_argument("--p1", default="human", help="who plays p1: human or random")
    play.add_argument("--p2", default="human", help="who plays p2: human or random")
    play.add_argument("--load", metavar="FILE", help="continue a saved battle")
    play.add_argument("--saves", metavar="DIR", help="where autosaves go (default: saves/)")

    sub.add_parser("engine", help="speak the JSON-lines engine protocol on stdin/stdout")

    scen = sub.add_parser("scenarios", help="list the built-in scenarios")
    scen.add_argument("--ruleset", default="ahoy")

    replay = sub.add_parser("replay", help="step through a saved battle")
    replay.add_argument("file")
    replay.add_argument("--verify", action="store_true",
                        help="rebuild every state and check its hash; exit 0 only if all match")

    selfplay = sub.add_parser("selfplay", help="play random legal games to the end")
    _add_game_args(selfplay)
    selfplay.add_argument("--games", type=int, default=10)
    selfplay.add_argument("--json", action="store_true", help="one JSON object for machines")

    bench = sub.add_parser("bench", help="measure the engine's speed")
    bench.add_argument("--quick", action="store_true", help="fewer repeats")
    bench.add_argument("--json", action="store_true")
    return parser


COMMANDS = ("play", "engine", "scenarios", "replay", "selfplay", "bench")


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if not words or (words[0] not in COMMANDS and words[0] not in ("-h", "--help", "--version")):
        words = ["play", *words]  # plain `ahoy` (with play's options) plays
    args = build_parser().parse_args(words)
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
    if command == "replay":
        from ahoy_tui.commands import replay

        return replay(args)
    if command == "selfplay":
        from ahoy_tui.commands import selfplay

        return selfplay(args)
    if command == "bench":
        from ahoy_tui.bench import run

        return run(args)
    from ahoy_tui.headless import play

    return play(args)
