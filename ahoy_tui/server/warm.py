"""Warm sessions: each game process forked from one that has already started.

Starting Python, Textual and the game from nothing costs an SSH session about half a second of
CPU and some 40 MiB of its own memory. So ``ahoy serve`` starts one *warm process* (``ahoy
warm``): it imports all of that once, freezes those objects (``gc.freeze``: the collector then
never writes to them, so their pages stay shared) and waits. For each session the door hands it
the session's terminal; it forks, and the child — sharing the warm process's pages copy-on-write
— becomes that session's game process, already past every import.

The conversation, over a unix socket in the data folder: the door connects and sends one
message, a JSON line ``{"args": [...], "env": {...}}`` carrying the session's terminal (the pty's
slave end) as a passed file descriptor — or, for a browser tab, three: the ends of its stdin,
stdout and stderr pipes. The warm process answers ``pid N`` when the child is forked and
``exit N`` when it has ended (a signal's death as ``128 + signal``), then closes. Meanwhile the
door may send ``signal N`` lines (a hang-up, a kill); and a door that closes its end has let the
session go, which hangs the child up. The warm process signals its children itself: it is their
parent, so their pids are not reused before it has reaped them, and it can reach a child that
has not yet made its own session (a hang-up a door sent to the session would find nobody).

The child is its own session (``setsid``), a terminal its controlling terminal; it ends with
the warm process (``PR_SET_PDEATHSIG``), which ends with the server.
"""

from __future__ import annotations

import array
import asyncio
import contextlib
import gc
import json
import os
import selectors
import signal
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

MESSAGE_MOST = 65536  # bytes of one request: arguments and environment, far below this


class WarmGone(OSError):
    """The warm process cannot fork a session now (not started, gone, or it refused)."""


# --- the warm process ---------------------------------------------------------------------------

def preload() -> None:
    """Import everything a session's game process uses, so no child imports anything."""
    import importlib
    import pkgutil

    import ahoy_tui
    import ahoy_tui.server.serve
    import ahoy_tui.ui.online
    from ahoy_tui.engine.registry import rulesets

    skip = ("ahoy_tui.__main__",  # importing it would run the command line
            "ahoy_tui.server.ssh", "ahoy_tui.server.web", "ahoy_tui.server.warm",
            "ahoy_tui.bench", "ahoy_tui.ai", "ahoy_tui.protocol", "ahoy_tui.headless")
    for module in pkgutil.walk_packages(ahoy_tui.__path__, "ahoy_tui."):
        if not module.name.startswith(skip):
            with contextlib.suppress(ImportError):
                importlib.import_module(module.name)
    import textual.layouts
    from rich.cells import cell_len

    lazy = [module.name for module in pkgutil.iter_modules(textual.layouts.__path__,
                                                           "textual.layouts.")]
    for name in ("textual.drivers.linux_driver", "textual.drivers.web_driver",
                 "textual._xterm_parser", "textual.drivers._writer_thread",
                 "textual.drivers._input_reader_linux", "textual.scrollbar",
                 "rich._emoji_codes", "shlex", *lazy):  # what Textual and Rich import late
        with contextlib.suppress(ImportError):
            importlib.import_module(name)
    cell_len("⚓ 船")  # Rich loads its table of character widths at the first wide one
    for ruleset in rulesets():  # their data (tables, scenarios) read once, here
        with contextlib.suppress(Exception):
            ruleset.scenarios()


def serve_forks(path: Path, *, ready: Callable[[], None] | None = None) -> int:
    """The warm process's loop: fork a game process for each request on ``path``, until killed.

    Single-threaded by design: ``fork`` copies only the calling thread, so no lock may be held by
    another when it happens."""
    from ahoy_tui.server.tty import end_with_server

    end_with_server()  # the warm process too must never outlive the server
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a ^C at the server's terminal is the server's
    preload()
    gc.collect()
    gc.freeze()  # what is here now stays as it is: children share its pages
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old = os.umask(0o077)
    try:
        listener.bind(str(path))
    finally:
        os.umask(old)
    listener.listen(128)
    listener.setblocking(False)
    waker_r, waker_w = os.pipe()
    os.set_blocking(waker_r, False)
    os.set_blocking(waker_w, False)
    signal.set_wakeup_fd(waker_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)  # a handler, so the wakeup fd hears it
    children: dict[int, socket.socket | None] = {}
    chooser = selectors.DefaultSelector()
    chooser.register(listener, selectors.EVENT_READ, "listen")
    chooser.register(waker_r, selectors.EVENT_READ, "waker")
    if ready is not None:
        ready()
    while True:
        for key, _ in chooser.select():
            if key.data == "listen":
                _accept(listener, children, (listener, waker_r, waker_w, chooser))
            elif key.data == "waker":
                with contextlib.suppress(BlockingIOError):
                    while os.read(waker_r, 512):
                        pass
                _reap(children, chooser)
            else:
                _heard_door(key.data, children, chooser)


def _accept(listener: socket.socket, children: dict[int, socket.socket | None],
            ours: tuple[Any, ...]) -> None:
    chooser: selectors.BaseSelector = ours[3]
    try:
        conn, _ = listener.accept()
    except (BlockingIOError, InterruptedError):
        return
    conn.setblocking(True)
    conn.settimeout(2.0)  # a door that connects and says nothing must not hold us up
    fds: list[int] = []
    try:
        data, fds = _receive(conn)
        request = json.loads(data)
        args = [str(word) for word in request["args"]]
        env = {str(k): str(v) for k, v in request["env"].items()}
        if len(fds) not in (1, 3):
            raise ValueError("a terminal, or three pipes, expected")
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        for fd in fds:
            os.close(fd)
        conn.close()
        return
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:  # the child: it never returns to this loop
        code = 1
        try:
            for child_conn in children.values():
                if child_conn is not None:
                    child_conn.close()
            conn.close()
            _close_ours(ours)
            code = _become_session(fds, args, env)
        except SystemExit as exc:  # the command line's own way out (--version, a usage error)
            code = exc.code if isinstance(exc.code, int) else int(exc.code is not None)
        except BaseException:
            import traceback

            with contextlib.suppress(Exception):
                traceback.print_exc()
        finally:
            with contextlib.suppress(Exception):
                sys.stdout.flush()
                sys.stderr.flush()
            os._exit(code)
    for fd in fds:
        os.close(fd)
    with contextlib.suppress(OSError):  # the door gone: heard as its end, below
        conn.sendall(f"pid {pid}\n".encode())
    conn.setblocking(False)
    children[pid] = conn
    chooser.register(conn, selectors.EVENT_READ, pid)


def _close_ours(ours: tuple[Any, ...]) -> None:
    listener, waker_r, waker_w, chooser = ours
    signal.set_wakeup_fd(-1)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    chooser.close()
    listener.close()
    os.close(waker_r)
    os.close(waker_w)


def _receive(conn: socket.socket) -> tuple[bytes, list[int]]:
    """One request: its bytes up to the newline, and the descriptors that came with them."""
    data = b""
    fds: list[int] = []
    while not data.endswith(b"\n"):
        chunk, ancdata, _, _ = conn.recvmsg(MESSAGE_MOST, socket.CMSG_SPACE(4 * 4))
        for level, kind, payload in ancdata:
            if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                got = array.array("i")
                got.frombytes(payload[:len(payload) - len(payload) % got.itemsize])
                fds.extend(got)
        if not chunk:
            for fd in fds:
                os.close(fd)
            raise ValueError("the request was cut short")
        data += chunk
        if len(data) > MESSAGE_MOST:
            for fd in fds:
                os.close(fd)
            raise ValueError("the request is too long")
    return data, fds


def _heard_door(pid: int, children: dict[int, socket.socket | None],
                chooser: selectors.BaseSelector) -> None:
    """The door spoke on a child's connection: a signal to send it, or its end (the session has
    gone), which hangs the child up."""
    conn = children.get(pid)
    if conn is None:
        return
    try:
        data = conn.recv(256)
    except (BlockingIOError, InterruptedError):
        return
    except OSError:
        data = b""
    if not data:
        _signal_child(pid, signal.SIGHUP)
        chooser.unregister(conn)
        conn.close()
        children[pid] = None  # still to be reaped, with nobody to tell
        return
    for line in data.split(b"\n"):
        word, _, number = line.decode("ascii", "replace").partition(" ")
        if word == "signal" and number.isdigit() and 0 < int(number) < signal.NSIG:
            _signal_child(pid, int(number))


def _signal_child(pid: int, sig: int) -> None:
    """Send ``sig`` to a child of ours, not yet reaped (so ``pid`` is still that child): to its
    whole session, or, before it has made one, to the child itself."""
    try:
        os.killpg(pid, sig)
    except ProcessLookupError:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, sig)
    except PermissionError:
        pass


def _reap(children: dict[int, socket.socket | None], chooser: selectors.BaseSelector) -> None:
    while children:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        code = os.waitstatus_to_exitcode(status)
        conn = children.pop(pid, None)
        if conn is not None:
            chooser.unregister(conn)
            with contextlib.suppress(OSError):
                conn.sendall(f"exit {code if code >= 0 else 128 - code}\n".encode())
            conn.close()


def _become_session(fds: list[int], args: list[str], env: dict[str, str]) -> int:
    """Turn this fresh child into a session's game process, on its terminal (or its three
    pipes), and run it."""
    import importlib

    warm = os.getppid()
    os.setsid()
    ends = fds * 3 if len(fds) == 1 else fds
    moved = [os.dup(fd) for fd in ends]  # first out of the way of 0, 1 and 2
    for fd in fds:
        os.close(fd)
    for target, fd in enumerate(moved):
        os.dup2(fd, target)
        os.close(fd)
    os.environ.clear()
    os.environ.update(env)
    os.environ["AHOY_SERVER_PID"] = str(warm)  # whom to end with: the warm process, our parent
    import textual.constants

    importlib.reload(textual.constants)  # its settings are read from the environment
    sys.stdin = sys.__stdin__ = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115
    sys.stdout = sys.__stdout__ = open(  # noqa: SIM115
        1, "w", encoding="utf-8", buffering=1, closefd=False)
    sys.stderr = sys.__stderr__ = open(  # noqa: SIM115
        2, "w", encoding="utf-8", errors="backslashreplace", buffering=1, closefd=False)
    from ahoy_tui.server.lobby_args import run_lobby

    return run_lobby(args)


def run_warm(args: Any) -> int:
    """``ahoy warm --socket PATH``: the warm process (started by ``ahoy serve``)."""
    path = Path(args.socket)

    def ready() -> None:
        print("ready", flush=True)

    return serve_forks(path, ready=ready)  # until killed (a ^C is ignored: the server's)


# --- the door's side ----------------------------------------------------------------------------

class WarmChild:
    """A session's game process forked by the warm process: its pid and, once ended, its code.

    It stands where a :class:`subprocess.Popen` did: ``pid``, ``poll()``, and a signal to its
    session (sent through the warm process, its parent: see the module's docstring)."""

    def __init__(self, conn: socket.socket) -> None:
        self.conn = conn
        self.pid: int | None = None
        self.returncode: int | None = None
        self._buffer = b""
        self.ended = asyncio.Event()
        self._loop = asyncio.get_running_loop()
        self._loop.add_reader(conn.fileno(), self._readable)

    def _readable(self) -> None:
        try:
            chunk = self.conn.recv(256)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            chunk = b""
        if not chunk:
            self._done(self.returncode if self.returncode is not None else 0)
            return
        self._buffer += chunk
        while b"\n" in self._buffer:
            line, self._buffer = self._buffer.split(b"\n", 1)
            word, _, number = line.decode("ascii", "replace").partition(" ")
            if word == "pid" and number.isdigit():
                self.pid = int(number)
            elif word == "exit" and number.lstrip("-").isdigit():
                self._done(int(number))

    def _done(self, code: int) -> None:
        if self.returncode is None:
            self.returncode = code
        self.ended.set()
        with contextlib.suppress(ValueError, OSError):
            self._loop.remove_reader(self.conn.fileno())
        self.conn.close()

    def poll(self) -> int | None:
        return self.returncode

    def hang_up(self) -> None:
        """End the game process as a hang-up would (its whole session)."""
        self.signal_group(signal.SIGHUP)

    def signal_group(self, sig: int) -> None:
        """Send ``sig`` to the game process's whole session: asked of the warm process, which
        reaches the child even before it has a session or its pid has reached us. A warm
        process gone has taken its children along (they end with it)."""
        if self.returncode is not None:
            return
        with contextlib.suppress(OSError):
            self.conn.send(f"signal {sig}\n".encode())

    async def wait(self) -> int:
        await self.ended.wait()
        assert self.returncode is not None
        return self.returncode


class WarmPipes:
    """A warm child on pipes — a browser tab's game — where an asyncio ``Process`` stood:
    ``stdin``, ``stdout``, ``pid``, ``returncode``, ``wait()``."""

    def __init__(self, child: WarmChild, stdin: asyncio.StreamWriter,
                 stdout: asyncio.StreamReader) -> None:
        self.child = child
        self.stdin = stdin
        self.stdout = stdout

    @property
    def pid(self) -> int | None:
        return self.child.pid

    @property
    def returncode(self) -> int | None:
        return self.child.returncode

    async def wait(self) -> int:
        return await self.child.wait()


async def fork_on_pipes(warm: WarmProcess, args: list[str], env: dict[str, str],
                        limit: int = 2 ** 16) -> WarmPipes:
    """A game process forked on fresh pipes (its stderr discarded), as a browser tab's is.
    Raises :class:`WarmGone` if the warm process cannot take it."""
    loop = asyncio.get_running_loop()
    stdin_r, stdin_w = os.pipe()
    stdout_r, stdout_w = os.pipe()
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        child = warm.fork((stdin_r, stdout_w, devnull), args, env)
    except WarmGone:
        for fd in (stdin_w, stdout_r):
            os.close(fd)
        raise
    finally:
        for fd in (stdin_r, stdout_w, devnull):
            os.close(fd)
    reader = asyncio.StreamReader(limit=limit, loop=loop)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader, loop=loop),
                                 os.fdopen(stdout_r, "rb", buffering=0))
    transport, protocol = await loop.connect_write_pipe(
        lambda: asyncio.streams.FlowControlMixin(loop=loop),
        os.fdopen(stdin_w, "wb", buffering=0))
    writer = asyncio.StreamWriter(transport, protocol, None, loop)
    return WarmPipes(child, writer, reader)


class WarmProcess:
    """The server's handle on its warm process: start it, fork sessions from it, stop it."""

    def __init__(self, path: Path, command: list[str],
                 log: Callable[[str], None] | None = None) -> None:
        self.path = path
        self.command = command
        self.log = log or (lambda text: None)
        self.proc: asyncio.subprocess.Process | None = None
        self.ready = False  # it has said it takes requests
        self._starting: asyncio.Task[None] | None = None

    def start_soon(self) -> None:
        """Start it in the background: until it is ready, sessions start cold."""
        if self._starting is None or self._starting.done():
            self._starting = asyncio.get_running_loop().create_task(self._start_quietly())

    async def _start_quietly(self) -> None:
        try:
            await self.start()
        except (WarmGone, OSError) as exc:
            self.log(f"sessions start cold: {exc}")

    async def start(self, timeout: float = 30.0) -> None:
        """Start the warm process and wait until it takes requests (raises :class:`WarmGone`)."""
        with contextlib.suppress(FileNotFoundError):  # left by a server that was killed
            self.path.unlink()
        env = dict(os.environ)
        env.update({"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "AHOY_SERVER_PID": str(os.getpid())})
        self.proc = await asyncio.create_subprocess_exec(
            *self.command, f"--socket={self.path}", stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE, env=env, start_new_session=True)
        assert self.proc.stdout is not None
        try:
            line = await asyncio.wait_for(self.proc.stdout.readline(), timeout)
        except TimeoutError:
            line = b""
        if line.strip() != b"ready":
            await self.stop()
            raise WarmGone("the warm process did not start")
        self.ready = True
        self.log("the warm process is ready: sessions start forked from it")

    @property
    def running(self) -> bool:
        """Ready, and not gone since."""
        return self.ready and self.proc is not None and self.proc.returncode is None

    def fork(self, ends: int | tuple[int, int, int], args: list[str],
             env: dict[str, str]) -> WarmChild:
        """A game process for a session, on ``ends``: a pty's slave end, or the child's ends of
        its stdin, stdout and stderr pipes (the caller still closes them). Raises
        :class:`WarmGone` if the warm process cannot take it."""
        if not self.running:
            if self.ready:  # it was, and has gone: start another
                self._restart_soon()
            raise WarmGone("the warm process is not ready")
        conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            conn.settimeout(1.0)
            conn.connect(str(self.path))
            payload = json.dumps({"args": args, "env": env}).encode() + b"\n"
            conn.sendmsg([payload], [(socket.SOL_SOCKET, socket.SCM_RIGHTS,
                                      array.array("i", [ends] if isinstance(ends, int)
                                                  else list(ends)))])
            conn.setblocking(False)
        except OSError as exc:
            conn.close()
            self._restart_soon()
            raise WarmGone(f"the warm process did not take the session: {exc}") from None
        return WarmChild(conn)

    def _restart_soon(self) -> None:
        if self._starting is None or self._starting.done():
            self.ready = False
            self.log("the warm process has gone: starting another (sessions start cold "
                     "meanwhile)")
            self._starting = asyncio.get_running_loop().create_task(self._restart())

    async def _restart(self) -> None:
        await self.stop()
        await self._start_quietly()

    async def stop(self) -> None:
        self.ready = False
        if self._starting is not None and not self._starting.done() \
                and self._starting is not asyncio.current_task():
            self._starting.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._starting
        if self.proc is not None and self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                self.proc.kill()
            await self.proc.wait()
        self.proc = None
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()
