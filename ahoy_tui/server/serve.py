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
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ahoy_tui.server.warm import WarmProcess


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
    parser.add_argument("--public-url", metavar="URL",
                        help="the address browsers reach the web door by, when it is not the "
                             "one they asked for (behind a proxy: https://games.example.org)")
    parser.add_argument("--data", metavar="DIR", help="the server's data folder")
    parser.add_argument("--store", metavar="URL",
                        help="keep players and games in this PostgreSQL database "
                             "(postgresql://user@host:port/db), shared with other hosts; "
                             "default: the data folder")
    parser.add_argument("--max-connections", type=int, default=64,
                        help="players connected at once, SSH and browser (default 64)")
    parser.add_argument("--max-per-address", type=int, default=16,
                        help="players connected at once from one address (default 16)")
    parser.add_argument("--login-timeout", type=float, default=10.0,
                        help="seconds a connection may take to log in (default 10)")
    parser.add_argument("--max-games", type=int, default=8,
                        help="unfinished games a player may have set up at once (default 8; "
                             "a guest: 2)")
    parser.add_argument("--idle-timeout", type=float, default=30.0,
                        help="minutes without a key before a session is closed (default 30)")
    parser.add_argument("--cold-sessions", action="store_true",
                        help="start each session's game process from nothing, not forked from "
                             "the warm process (slower; for comparison)")
    parser.add_argument("--think", type=float, default=1.0,
                        help="seconds a computer captain may think (default 1)")


def stale_web_doors(socket: Path) -> list[int]:
    """Browser doors started apart (``ahoy web``, as servers before this one did) for this data
    folder's socket. Once this server holds the folder, their server is gone: they are stale,
    and would hold the web port."""
    found = []
    proc = Path("/proc")
    if not proc.is_dir():
        return found
    path = str(socket).encode()
    for entry in proc.iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            words = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"ahoy_tui" in words and b"web" in words and (
                b"--socket=" + path in words or (b"--socket" in words and path in words)):
            found.append(int(entry.name))
    return found


async def stop_stale_web_doors(socket: Path) -> list[int]:
    stopped = []
    for pid in stale_web_doors(socket):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGTERM)
            for _ in range(30):
                await asyncio.sleep(0.1)
                os.kill(pid, 0)  # raises once it has gone
            os.kill(pid, signal.SIGKILL)
        stopped.append(pid)
    return stopped


def log_line(text: str) -> None:
    print(f"ahoy serve: {text}", file=sys.stderr, flush=True)


async def run_server(args: argparse.Namespace, ready: asyncio.Event | None = None) -> int:
    from ahoy_tui.server.folder import FolderError, claim, unsafe
    from ahoy_tui.server.host import GameHost
    from ahoy_tui.server.limits import Doorkeeper
    from ahoy_tui.server.ssh import ServerSettings, start_ssh

    try:
        held = claim(data_folder(args.data))
    except FolderError as exc:
        log_line(str(exc))
        return 2
    folder = held.path
    keys = Path(args.authorized_keys) if args.authorized_keys else folder / "authorized_keys"
    problem = unsafe(keys)
    if problem:
        log_line(problem)
        held.release()
        return 2
    os.umask(0o077)  # what the server writes (games, players, sockets) is its user's alone
    for tightened, mode in held.tightened:
        log_line(f"{tightened}: others could read it (mode {mode:04o}): made it 0700")
    for leftover in held.cleaned:
        log_line(f"removed {leftover.name}, left by a save cut short")
    from ahoy_tui.server.store import StoreError
    from ahoy_tui.server.store_open import open_store

    store = None
    try:
        store = await open_store(getattr(args, "store", None) or folder)
        host = GameHost(store, think=args.think, max_games=args.max_games,
                        log=lambda text: log_line(text))
        await host.resume()
    except (StoreError, ValueError) as exc:
        log_line(str(exc))
        if store is not None:
            await store.close()
        held.release()
        return 2
    socket = folder / "host.sock"
    try:
        await host.start(socket)
    except OSError as exc:
        log_line(f"{socket}: cannot listen: {exc.strerror or exc}")
        await host.close()
        held.release()
        return 2
    keeper = Doorkeeper(args.max_connections, max_per_address=args.max_per_address)
    settings = ServerSettings(socket, folder, guest=args.guest,
                              open_registration=args.open_registration, authorized_keys=keys,
                              keeper=keeper, login_timeout=args.login_timeout,
                              idle_timeout=args.idle_timeout * 60, players=host.players,
                              log=log_line)
    os.environ["AHOY_SERVER_PID"] = str(os.getpid())  # game processes end with the server
    settings.warm = start_warm(folder, args)
    try:
        acceptor = await start_ssh(settings, args.host, args.port)
    except OSError as exc:
        log_line(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}")
        if settings.warm is not None:
            await settings.warm.stop()
        await host.close()
        held.release()
        return 2
    web = None
    if args.web:
        from ahoy_tui.server.web import WebSettings, start_web

        for pid in await stop_stale_web_doors(socket):
            log_line(f"stopped a stale browser door (process {pid}) left by an earlier server")

        try:
            web = await start_web(WebSettings(socket, keeper, idle_timeout=settings.idle_timeout,
                                              login_timeout=settings.login_timeout,
                                              public_url=args.public_url,
                                              command=settings.command, warm=settings.warm),
                                  args.host, args.web_port)
        except OSError as exc:
            log_line(f"cannot listen on {args.host}:{args.web_port} for browsers: "
                     f"{exc.strerror or exc}")
            acceptor.close()
            if settings.warm is not None:
                await settings.warm.stop()
            await host.close()
            held.release()
            return 2
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):  # before the banner: a stop is then clean
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    shown = args.host  # what a player types: a machine, not "every interface"
    if args.host in ("", "0.0.0.0", "::"):
        import socket as sockets

        shown = sockets.gethostname()
    print(f"Ahoy TUI server: ssh -p {args.port} {shown}"
          + (f"  ·  {web.url}" if web else ""), flush=True)
    print(f"  data: {folder}  ·  games resumed: {len(host.games)}", flush=True)
    if not (args.guest or args.open_registration or keys.exists()):
        print(f"  nobody can log in yet: put keys in {keys}, or use --open or --guest",
              flush=True)
    if ready is not None:
        ready.set()
    await stop.wait()
    acceptor.close()
    if web is not None:
        await web.close()
    if settings.warm is not None:
        await settings.warm.stop()
    await host.close()
    held.release()
    print("Ahoy TUI server: stopped; every game is kept.", flush=True)
    return 0


def start_warm(folder: Path, args: argparse.Namespace) -> WarmProcess | None:
    """The warm process each session's game is forked from, starting in the background (until
    it is ready, sessions start cold); None with ``--cold-sessions``."""
    if getattr(args, "cold_sessions", False):
        return None
    from ahoy_tui.server.warm import WarmProcess

    warm = WarmProcess(folder / "warm.sock", [sys.executable, "-m", "ahoy_tui", "warm"],
                       log=log_line)
    warm.start_soon()
    return warm


def serve(args: argparse.Namespace) -> int:
    return asyncio.run(run_server(args))


def lobby(args: argparse.Namespace) -> int:
    """One connection's game process: the lobby and its battles, talking to the host."""
    if args.take_tty:  # an SSH session's, on a pty
        from ahoy_tui.server.tty import take_controlling_terminal

        take_controlling_terminal()
    elif os.environ.get("AHOY_SERVER_PID"):  # a browser tab's, on pipes from the web door
        from ahoy_tui.server.tty import end_with_server

        end_with_server()
    from ahoy_tui.ui.online import OnlineApp

    OnlineApp(args.socket, args.player, args.name, guest=args.guest).run()
    return 0
