"""The browser door: textual-serve runs one game process per browser tab, as guests.

A browser brings no SSH key to know a player by, so browser players are guests: they choose a
name, play and watch, and the games they create are not kept. Their game processes join the same
game host as the SSH sessions, so a browser player and an SSH player can meet in one game.
"""

from __future__ import annotations

import argparse
import shlex
import sys


def serve_web(args: argparse.Namespace) -> int:
    from textual_serve.server import Server

    command = shlex.join([sys.executable, "-m", "ahoy_tui", "lobby", "--socket", args.socket,
                          "--player", "guest:web", "--guest"])
    server = Server(command, host=args.host, port=args.port, title="Ahoy TUI")
    server.serve()
    return 0
