"""``ahoy serve``: the game host, the SSH door and (with ``--web``) the browser door, together.

Everything the server keeps is in one data folder (``--data``, else the platform's user data
folder): the SSH host key, the players, every kept game and the host's socket.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path


def data_folder(given: str | None) -> Path:
    if given:
        return Path(given)
    import platformdirs

    return platformdirs.user_data_path("ahoy-tui") / "server"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; 0.0.0.0 to expose)")
    parser.add_argument("--port", type=int, default=2222, help="SSH port (default 2222)")
    parser.add_argument("--guest", action="store_true",
                        help="let anyone in without a key, as a guest (games not kept)")
    parser.add_argument("--open", action="store_true", dest="open_registration",
                        help="accept any SSH key: a new key is a new player")
    parser.add_argument("--authorized-keys", metavar="FILE",
                        help="the keys allowed in (default: DATA/authorized_keys)")
    parser.add_argument("--web", action="store_true", help="serve browsers too (textual-serve)")
    parser.add_argument("--web-port", type=int, default=8000, help="browser port (default 8000)")
    parser.add_argument("--data", metavar="DIR", help="the server's data folder")
    parser.add_argument("--max-connections", type=int, default=64)
    parser.add_argument("--idle-timeout", type=float, default=30.0,
                        help="minutes without a key before a session is closed (default 30)")
    parser.add_argument("--think", type=float, default=1.0,
                        help="seconds a computer captain may think (default 1)")


async def run_server(args: argparse.Namespace, ready: asyncio.Event | None = None) -> int:
    from ahoy_tui.server.host import GameHost
    from ahoy_tui.server.ssh import ServerSettings, start_ssh

    folder = data_folder(args.data)
    folder.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(OSError):
        os.chmod(folder, 0o700)
    try:
        host = GameHost(folder, think=args.think)
    except ValueError as exc:
        print(f"ahoy serve: {exc}", file=sys.stderr)
        return 2
    socket = folder / "host.sock"
    await host.start(socket)
    keys = Path(args.authorized_keys) if args.authorized_keys else folder / "authorized_keys"
    settings = ServerSettings(socket, folder, guest=args.guest,
                              open_registration=args.open_registration, authorized_keys=keys,
                              max_connections=args.max_connections,
                              idle_timeout=args.idle_timeout * 60, players=host.players)
    try:
        acceptor = await start_ssh(settings, args.host, args.port)
    except OSError as exc:
        print(f"ahoy serve: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}",
              file=sys.stderr)
        await host.close()
        return 2
    web = None
    if args.web:
        web = subprocess.Popen([sys.executable, "-m", "ahoy_tui", "web", "--socket",
                                str(socket), "--host", args.host, "--port", str(args.web_port)])
    print(f"Ahoy TUI server: ssh -p {args.port} {args.host}"
          + (f"  ·  http://{args.host}:{args.web_port}" if web else ""), flush=True)
    print(f"  data: {folder}  ·  games resumed: {len(host.games)}", flush=True)
    if not (args.guest or args.open_registration or keys.exists()):
        print(f"  nobody can log in yet: put keys in {keys}, or use --open or --guest",
              flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    if ready is not None:
        ready.set()
    await stop.wait()
    acceptor.close()
    await host.close()
    if web is not None:
        web.terminate()
    print("Ahoy TUI server: stopped; every game is kept.", flush=True)
    return 0


def serve(args: argparse.Namespace) -> int:
    return asyncio.run(run_server(args))


def lobby(args: argparse.Namespace) -> int:
    """One connection's game process: the lobby and its battles, talking to the host."""
    if args.take_tty:
        from ahoy_tui.server.tty import take_controlling_terminal

        take_controlling_terminal()
    from ahoy_tui.ui.online import OnlineApp

    OnlineApp(args.socket, args.player, args.name, guest=args.guest).run()
    return 0
