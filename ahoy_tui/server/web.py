"""The browser door: textual-serve's page, and one game process per browser tab, as guests.

A browser brings no SSH key to know a player by, so browser players are guests: they choose a
name, play and watch, and the games they create are not kept. Their game processes join the same
game host as the SSH sessions, so a browser player and an SSH player can meet in one game.

The door runs inside ``ahoy serve`` (on its event loop), so it stops with the server and shares
the SSH door's limits: each tab is a player against ``--max-connections``, its keys go through
the same input rate limit, a tab without a key for the idle timeout is closed, and a connection
that is not a tab (the page and its files, kept alive, or one that never asks for anything) is
let go once idle for the login timeout, as an SSH connection that does not log in is. The page
builds its websocket and static addresses from the address the browser asked for (or from
``--public-url``), never from the address the door listens on.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import shlex
import signal
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp_jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from attrs import define, field
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager
from textual_serve.server import Server, to_int

from ahoy_tui.server.limits import (
    GOODBYE_RESET,
    MAX_COLUMNS,
    MAX_ROWS,
    Doorkeeper,
    TokenBucket,
    idle_goodbye,
)
from ahoy_tui.server.warm import WarmGone, WarmPipes, WarmProcess, fork_on_pipes

MAX_MESSAGE = 64 * 1024  # one websocket message from a browser: a key, a paste, a resize
STOP_GRACE = 3.0  # seconds a game process has to quit when asked, before it is killed
HOST_HEADER = re.compile(r"(\[[0-9A-Za-z:.%]+\]|[0-9A-Za-z.-]+)(:[0-9]{1,5})?")

# Put in the page before textual.js: when the server closes the tab's websocket with a reason
# (the server is full, the tab was idle), the "Session ended." dialog says that reason instead.
SAY_WHY = """<script>
(() => {
  const Native = window.WebSocket;
  function AhoyWebSocket(url, protocols) {
    const ws = protocols === undefined ? new Native(url) : new Native(url, protocols);
    ws.addEventListener("close", (event) => {
      const message = document.querySelector(".closed-dialog .message");
      if (event.reason && message) message.textContent = "Ahoy TUI: " + event.reason;
    });
    return ws;
  }
  AhoyWebSocket.prototype = Native.prototype;
  for (const name of ["CONNECTING", "OPEN", "CLOSING", "CLOSED"]) {
    AhoyWebSocket[name] = Native[name];
  }
  window.WebSocket = AhoyWebSocket;
})();
</script>
"""


def python_module(args: list[str]) -> list[str]:
    return [sys.executable, "-m", "ahoy_tui", *args]


@define
class WebSettings:
    """How the browser door behaves (the command line's options)."""

    socket: Path  # the game host's socket
    keeper: Doorkeeper  # shared with the SSH door: --max-connections counts both
    idle_timeout: float = 1800.0  # seconds without a key from the browser: the tab is closed
    # seconds a connection that is not a tab may wait idle (before its first request, or
    # kept alive between the page's): as long as an SSH connection may take to log in
    login_timeout: float = 10.0
    input_rate: float = 16384.0  # bytes/s of keys, in bursts of input_burst; more is dropped
    input_burst: float = 65536.0
    public_url: str | None = None  # --public-url: what the page's links and websocket use
    command: Callable[[list[str]], list[str]] = python_module
    warm: WarmProcess | None = None  # forks each tab's game already started; else cold


def _cells(value: object, default: int, most: int) -> int:
    """A terminal dimension from the browser: a whole number of cells, at most ``most`` (the
    largest terminal a game is given, in limits.py: the game says so when drawn at it)."""
    if isinstance(value, str):
        value = to_int(value, default)
    if not isinstance(value, int) or isinstance(value, bool):
        value = default
    return max(1, min(most, value))


class Tab(AppService):
    """One browser tab: its websocket, its seat, and the game process it drives.

    textual-serve's AppService runs the game, but through a shell, with the server's stderr
    collected without bound and printed to its stdout; this one runs the command itself, in a
    session of its own (a Ctrl+C at the server's terminal is the server's to handle), and
    discards the game's stderr."""

    def __init__(self, websocket: web.WebSocketResponse, argv: list[str],
                 settings: WebSettings, downloads: DownloadManager,
                 args: list[str] | None = None) -> None:
        super().__init__(shlex.join(argv), write_bytes=websocket.send_bytes,
                         write_str=websocket.send_str, close=websocket.close,
                         download_manager=downloads)
        self.argv = argv
        self.args = args  # the game's own arguments (``lobby …``), for a warm fork
        self.settings = settings
        self.bucket = TokenBucket(settings.input_rate, settings.input_burst)
        self.idle: asyncio.TimerHandle | None = None
        self.why: tuple[str, int] | None = None  # set when the server ends the tab
        self.ended = asyncio.Event()
        self.done = asyncio.Event()

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment["AHOY_SERVER_PID"] = str(os.getpid())  # the game ends with this process
        return environment

    async def _open_app_process(self, width: int = 80,
                                height: int = 24) -> asyncio.subprocess.Process:
        env = self._build_environment(width, height)
        process: Any = None
        if self.settings.warm is not None and self.args is not None:  # forked warm, on pipes
            try:
                process = await fork_on_pipes(self.settings.warm, self.args, env)
            except WarmGone:
                process = None
        if process is None:
            process = await asyncio.create_subprocess_exec(
                *self.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.DEVNULL, env=env, start_new_session=True)
        self._process = process
        assert process.stdin is not None
        self._stdin = process.stdin
        return process  # type: ignore[no-any-return]

    async def run(self) -> None:
        """Pass the game's packets to the browser until the game's output ends."""
        assert self._process is not None and self._process.stdout is not None
        stdout = self._process.stdout
        try:
            for _ in range(10):  # the prelude, up to the line that says a Textual app runs
                line = await stdout.readline()
                if not line or line == b"__GANGLION__\n":
                    break
            while True:
                kind = await stdout.readexactly(1)
                size = int.from_bytes(await stdout.readexactly(4), "big")
                payload = await stdout.readexactly(size)
                if kind == b"D":
                    await self.on_data(payload)
                elif kind == b"M":
                    await self.on_meta(payload)
                elif kind == b"P":
                    await self.on_packed(payload)
        except (asyncio.IncompleteReadError, ValueError, ConnectionError):
            pass  # the game has ended (or garbled its output): the tab ends with it

    async def on_meta(self, data: bytes) -> None:
        meta = json.loads(data)
        if isinstance(meta, dict) and meta.get("type") == "exit":
            return  # the door closes the websocket when the process has ended, not before
        await super().on_meta(data)

    def touch(self) -> None:
        """A key: the idle clock starts again."""
        if self.idle is not None:
            self.idle.cancel()
        self.idle = asyncio.get_running_loop().call_later(self.settings.idle_timeout,
                                                          self._idled)

    def _idled(self) -> None:
        self.end(idle_goodbye(self.settings.idle_timeout), WSCloseCode.OK)

    def end(self, why: str, code: int) -> None:
        """The server closes this tab, saying why."""
        if self.why is None:
            self.why = (why, code)
        self.ended.set()

    async def stop(self) -> None:
        """Ask the game to quit; kill it if it does not within a few seconds."""
        if self.idle is not None:
            self.idle.cancel()
        process = self._process
        if process is None:
            return
        try:
            if process.returncode is None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(self.send_meta({"type": "quit"}), 1.0)
                try:
                    await asyncio.wait_for(process.wait(), STOP_GRACE)
                except TimeoutError:
                    self.kill()
                    await asyncio.wait_for(process.wait(), STOP_GRACE)
            if self._task is not None:
                # its output ends with it (unless a child of its own still holds the pipe)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(asyncio.shield(self._task), 1.0)
                self._task.cancel()
        except BaseException:
            self.kill()
            raise

    def kill(self) -> None:
        process: Any = self._process
        if isinstance(process, WarmPipes):
            process.child.signal_group(signal.SIGKILL)
        elif process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)


class AhoyWebServer(Server):
    """textual-serve's server, made a door of ``ahoy serve``: see the module's docstring."""

    def __init__(self, settings: WebSettings, host: str, port: int) -> None:
        super().__init__(shlex.join(settings.command(self.lobby_args(settings))), host=host,
                         port=port, title="Ahoy TUI", public_url=settings.public_url)
        self.settings = settings
        self.tabs: set[Tab] = set()
        self.closing = False
        self.fallback_host = "localhost"  # for a request without a usable Host header

    @staticmethod
    def lobby_args(settings: WebSettings) -> list[str]:
        # "guest:web": the game process gives each tab a guest id of its own
        # each value in its option's word (--socket=…): a path may begin with "-" too
        return ["lobby", f"--socket={settings.socket}", "--player=guest:web", "--guest"]

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: the server prints the door's address itself, once it listens."""

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every tab (stopping its game) before the listener's connections are dropped."""
        self.closing = True
        tabs = list(self.tabs)
        for tab in tabs:
            tab.end("the server is stopping; goodbye.", WSCloseCode.GOING_AWAY)
        if tabs:
            await asyncio.wait([asyncio.create_task(tab.done.wait()) for tab in tabs],
                               timeout=STOP_GRACE * 3)

    # --- the page ------------------------------------------------------------------------------
    def base_url(self, request: web.Request) -> str:
        """Where this browser reaches the door: --public-url, else the address it asked for."""
        if self.settings.public_url:
            return self.settings.public_url.rstrip("/")
        host = request.host
        if not HOST_HEADER.fullmatch(host):
            host = self.fallback_host
        return f"{'https' if request.secure else 'http'}://{host}"

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        base = self.base_url(request)
        scheme, rest = base.split(":", 1)
        context = {
            "font_size": max(6, min(64, to_int(request.query.get("fontsize", "16"), 16))),
            "app_websocket_url": f"{'wss' if scheme == 'https' else 'ws'}:{rest}/ws",
            "config": {"static": {"url": f"{base}/static/"}},
            "application": {"name": self.title},
        }
        page = aiohttp_jinja2.render_string("app_index.html", request, context)
        page = page.replace("<head>", "<head>\n" + SAY_WHY, 1)
        return web.Response(text=page, content_type="text/html",
                            headers={"Cache-Control": "no-store"})  # it names the asked host

    # --- a tab ---------------------------------------------------------------------------------
    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE, timeout=3.0)
        await websocket.prepare(request)
        if self.closing:
            await goodbye(websocket, "the server is stopping; goodbye.",
                          WSCloseCode.GOING_AWAY)
            return websocket
        seat = self.settings.keeper.enter(request.remote or "", door="web")
        if isinstance(seat, str):
            await goodbye(websocket, seat, WSCloseCode.TRY_AGAIN_LATER)
            return websocket
        args = self.lobby_args(self.settings)
        tab = Tab(websocket, self.settings.command(args), self.settings, self.download_manager,
                  args=args)
        self.tabs.add(tab)
        reader: asyncio.Task[None] | None = None
        try:
            width = _cells(request.query.get("width", "80"), 80, MAX_COLUMNS)
            height = _cells(request.query.get("height", "24"), 24, MAX_ROWS)
            try:
                await tab.start(width, height)
            except OSError as exc:
                await goodbye(websocket, f"could not start the game: {exc}",
                              WSCloseCode.INTERNAL_ERROR)
                return websocket
            tab.touch()
            reader = asyncio.create_task(self._process_messages(websocket, tab))
            ended = asyncio.create_task(tab.ended.wait())
            game = tab._task
            assert game is not None
            # the browser leaves, the game ends, or the server ends the tab (idle, stopping)
            await asyncio.wait({reader, game, ended}, return_when=asyncio.FIRST_COMPLETED)
            ended.cancel()
            await settle(reader)  # no more keys: the game is about to stop
            await tab.stop()
            if tab.why is not None:
                await goodbye(websocket, *tab.why)
            else:
                await websocket.close()
        finally:
            if reader is not None:
                await settle(reader)
            self.tabs.discard(tab)
            try:
                await tab.stop()
            finally:
                self.settings.keeper.leave(seat)
                tab.done.set()
        return websocket

    async def _process_messages(self, websocket: web.WebSocketResponse,
                                app_service: AppService) -> None:
        """The browser's messages: keys (rate-limited), resizes, focus. A message that is not
        what the page sends is ignored."""
        tab = app_service if isinstance(app_service, Tab) else None
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not (isinstance(envelope, list) and envelope and isinstance(envelope[0], str)):
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin":
                if not isinstance(data, str):
                    continue
                keys = data.encode("utf-8", "replace")
                if tab is not None:
                    if not tab.bucket.take(len(keys)):
                        continue  # too fast: dropped (a flood cannot starve the others)
                    tab.touch()
                await app_service.send_bytes(keys)
                continue
            # the rest costs its size too, so a flood of resizes cannot keep a game redrawing
            if tab is not None and not tab.bucket.take(len(message.data)):
                continue
            if kind == "resize" and isinstance(data, dict):
                await app_service.set_terminal_size(_cells(data.get("width"), 80, MAX_COLUMNS),
                                                    _cells(data.get("height"), 24, MAX_ROWS))
            elif kind == "ping" and isinstance(data, str) and len(data) <= 64:
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()


async def settle(task: asyncio.Task[None]) -> None:
    """Cancel a task and wait for it, without swallowing a cancellation of our own."""
    task.cancel()
    await asyncio.wait({task})
    if not task.cancelled():
        task.exception()  # retrieved: a browser gone mid-message is no news


async def goodbye(websocket: web.WebSocketResponse, why: str, code: int) -> None:
    """Say why on the tab's terminal, then close it with the reason (which the page shows)."""
    if websocket.closed:
        return
    with contextlib.suppress(ConnectionError, RuntimeError):
        await websocket.send_bytes(GOODBYE_RESET + f"\r\nAhoy TUI: {why}\r\n".encode())
    # a close frame's reason is at most 123 bytes
    reason = why.encode()[:123].decode("utf-8", "ignore").encode()
    with contextlib.suppress(ConnectionError, RuntimeError):
        await websocket.close(code=code, message=reason)


@define(eq=False)
class WebDoor:
    """The browser door, listening: its address, and how to close it."""

    server: AhoyWebServer
    runner: web.AppRunner
    url: str  # the address to print
    port: int  # the port it listens on (the one asked for, or the one given for 0)
    closed: bool = field(default=False, init=False)

    async def close(self) -> None:
        """Stop listening, close every tab's websocket and stop its game process."""
        if self.closed:
            return
        self.closed = True
        await self.runner.cleanup()


async def machine_name() -> str:
    """This machine's name, for the address to give out when the door listens everywhere."""
    try:
        name = await asyncio.wait_for(asyncio.to_thread(socket.getfqdn), 2.0)
    except (TimeoutError, OSError):
        name = ""
    if not name or name.startswith("localhost"):
        name = socket.gethostname()
    return name


def door_url(host: str, port: int, name: str) -> str:
    if host in ("", "0.0.0.0", "::"):
        host = name  # a browser cannot be sent to "every interface"
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}" + ("" if port == 80 else f":{port}")


async def start_web(settings: WebSettings, host: str, port: int) -> WebDoor:
    """Listen for browsers on ``host``:``port``: when this returns, the door listens (an
    ``OSError`` says why it cannot)."""
    server = AhoyWebServer(settings, host, port)
    app = await server._make_app()
    runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=5.0,
                           keepalive_timeout=settings.login_timeout)
    await runner.setup()
    try:
        site = web.TCPSite(runner, host or None, port)
        await site.start()
    except OSError as exc:
        await runner.cleanup()
        if exc.errno:  # asyncio's message repeats the address: the caller names it once
            raise OSError(exc.errno, os.strerror(exc.errno)) from exc
        raise
    except BaseException:
        await runner.cleanup()
        raise
    bound = port
    for address in runner.addresses:
        if isinstance(address, tuple) and len(address) >= 2:
            bound = int(address[1])
            break
    name = await machine_name() if host in ("", "0.0.0.0", "::") else host
    server.fallback_host = door_url(host, bound, name).split("://", 1)[1]
    url = settings.public_url or door_url(host, bound, name)
    return WebDoor(server, runner, url, bound)


# --- `ahoy web`: the door on its own, for a host started apart ---------------------------------
def serve_web(args: argparse.Namespace) -> int:
    return asyncio.run(run_web(args))


async def run_web(args: argparse.Namespace) -> int:
    settings = WebSettings(Path(args.socket), Doorkeeper(args.max_connections),
                           public_url=args.public_url)
    try:
        door = await start_web(settings, args.host, args.port)
    except OSError as exc:
        print(f"ahoy web: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}",
              file=sys.stderr, flush=True)
        return 2
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    print(f"Ahoy TUI in the browser: {door.url}", flush=True)  # once a stop would be clean
    await stop.wait()
    await door.close()
    return 0
