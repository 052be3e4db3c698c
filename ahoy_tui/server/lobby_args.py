"""The command line of a connection's game process, ``ahoy lobby …``.

Both ways a session's game process starts read it here: cold, as ``ahoy lobby`` through the
command line (``cli.py`` adds these arguments), and warm, forked by ``ahoy warm``, which parses
the same words itself and calls the lobby: the server never imports the command line.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence


def add_lobby_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--socket", required=True)
    parser.add_argument("--player", required=True)
    parser.add_argument("--name", default="")
    parser.add_argument("--guest", action="store_true")
    parser.add_argument("--take-tty", action="store_true")


def run_lobby(words: Sequence[str]) -> int:
    """Run ``ahoy lobby`` from its words (``["lobby", "--socket=…", …]``)."""
    parser = argparse.ArgumentParser(prog="ahoy lobby")
    add_lobby_arguments(parser)
    rest = list(words)
    if rest and rest[0] == "lobby":
        rest = rest[1:]
    from ahoy_tui.server.serve import lobby

    return lobby(parser.parse_args(rest))
