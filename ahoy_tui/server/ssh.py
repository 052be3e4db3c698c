"""The SSH front door: ``ssh -p 2222 host`` and you are in the lobby.

asyncssh accepts the connection and checks the key; each session then gets its own game process
(``ahoy lobby``) on its own pseudo-terminal, so one player's crash or slow screen cannot touch
another's. Bytes are pumped between the SSH channel and the pty; a window resize sets the pty's
size, and the kernel tells the game (SIGWINCH), since the pty is its controlling terminal.

Refused: exec requests (``ssh host command``), subsystems (SFTP), port and agent forwarding, and
sessions without a terminal. Limits: connections at once, input rate, idle time, and a terminal's
size (a larger one is clamped: limits.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import signal
import struct
import subprocess
import sys
import termios
from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncssh

from ahoy_tui.server.folder import unsafe
from ahoy_tui.server.limits import (
    GOODBYE_RESET,
    Doorkeeper,
    Knock,
    Seat,
    TokenBucket,
    idle_goodbye,
    terminal_size,
)
from ahoy_tui.server.players import NAME_LIMIT, Players, is_guest
from ahoy_tui.server.warm import WarmChild, WarmGone, WarmProcess

TERM_MOST = 64  # characters of a client's TERM kept (terminal names are far shorter)


def colour_system(term: str, colorterm: str = "", choice: str = "auto") -> str:
    """Textual's colour system for this client: the player's choice, else what TERM says.

    COLORTERM rarely crosses SSH (it must be in the client's SendEnv), so TERM decides: a
    ``-direct``/``truecolor`` terminal gets 24-bit colour, ``256color`` 256, else 16."""
    if choice in ("truecolor", "256", "standard"):
        return choice
    term = term.lower()
    if colorterm.lower() in ("truecolor", "24bit") or "direct" in term or "truecolor" in term:
        return "truecolor"
    if "256" in term:
        return "256"
    return "standard"


class ServerSettings:
    """How the SSH door behaves (the command line's options)."""

    def __init__(self, socket: Path, folder: Path, *, guest: bool = False,
                 open_registration: bool = False, authorized_keys: Path | None = None,
                 max_connections: int = 64, keeper: Doorkeeper | None = None,
                 login_timeout: float = 10.0, idle_timeout: float = 1800.0,
                 input_rate: float = 16384.0, input_burst: float = 65536.0,
                 players: Players | None = None,
                 command: Callable[[list[str]], list[str]] | None = None,
                 warm: WarmProcess | None = None,
                 log: Callable[[str], None] | None = None) -> None:
        self.socket = socket
        self.folder = folder
        self.guest = guest
        self.open_registration = open_registration
        self.authorized_keys = authorized_keys
        self.keeper = keeper or Doorkeeper(max_connections)
        self.login_timeout = login_timeout
        self.idle_timeout = idle_timeout
        self.input_rate = input_rate
        self.input_burst = input_burst
        self.players = players
        self.command = command or (lambda args: [sys.executable, "-m", "ahoy_tui", *args])
        self.warm = warm  # forks each session's game process already started; else cold
        self.log = log or (lambda text: None)
        self._said = ""  # the last problem logged with the allowed keys' file

    def key_allowed(self, key: asyncssh.SSHKey, host: str, addr: str) -> bool:
        if self.open_registration:
            return True
        if self.authorized_keys is None or not self.authorized_keys.exists():
            return False
        problem = unsafe(self.authorized_keys)  # checked at each login, as OpenSSH does
        if problem:
            if problem != self._said:
                self.log(f"no key is let in: {problem}")
                self._said = problem
            return False
        try:
            keys = asyncssh.read_authorized_keys(str(self.authorized_keys))
        except (OSError, ValueError):
            return False
        return keys.validate(key, host, addr) is not None


class AhoySSHServer(asyncssh.SSHServer):
    """One SSH connection: who it is, and the session it asks for.

    Until it has logged in, a connection only knocks (:class:`Doorkeeper`): a few per address,
    a bounded number in all, and never for long. Once in, it is a player against
    ``--max-connections``, with one game session at a time."""

    def __init__(self, settings: ServerSettings) -> None:
        self.settings = settings
        self.conn: asyncssh.SSHServerConnection | None = None
        self.player = ""
        self.username = ""
        self.address = ""
        self.knock: Knock | None = None
        self.seat: Seat | None = None
        self.refusal = ""  # logged in, but the server cannot take them (it is full)
        self.session: GameSession | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("", 0)
        self.address = str(peer[0])
        knock = self.settings.keeper.knock(self.address, self._let_go)
        if isinstance(knock, str):
            conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, f"Ahoy TUI: {knock}")
            return
        self.knock = knock

    def _let_go(self) -> None:
        """Made room for a newer connection: this one had been logging in the longest."""
        self.knock = None
        if self.conn is not None:
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS,
                                 "Ahoy TUI: too many connections are logging in; try again")

    def auth_completed(self) -> None:
        seat = self.settings.keeper.enter(self.address, "ssh")
        if isinstance(seat, str):
            # said on the player's terminal when the session starts; until then the
            # connection still only knocks, and is let go within the login timeout
            self.refusal = seat
        else:
            if self.knock is not None:
                self.settings.keeper.forget(self.knock)
                self.knock = None
            self.seat = seat
        # logged in but no game asked for: that too must not hold a place for long
        asyncio.get_running_loop().call_later(self.settings.login_timeout, self._no_session)

    def _no_session(self) -> None:
        if self.conn is None:
            return
        if self.refusal:
            self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, f"Ahoy TUI: {self.refusal}")
        elif self.session is None and self.seat is not None:
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION,
                                 "Ahoy TUI: no game session was asked for")

    def connection_lost(self, exc: Exception | None) -> None:
        self.conn = None
        if self.knock is not None:
            self.settings.keeper.forget(self.knock)
            self.knock = None
        if self.seat is not None:
            self.settings.keeper.leave(self.seat)
            self.seat = None

    def begin_auth(self, username: str) -> bool:
        self.username = username
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        host, addr = "", ""
        if self.conn is not None:
            peer = self.conn.get_extra_info("peername") or ("", 0)
            addr = str(peer[0])
            host = addr
        if not self.settings.key_allowed(key, host, addr):
            return False
        self.player = f"key:{key.get_fingerprint()}"
        return True

    def kbdint_auth_supported(self) -> bool:
        return self.settings.guest

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        """Guests need no key and no password: they are let in as guests, named by user."""
        if not self.settings.guest:
            return False
        # the user name goes into the id only as a reminder: not all of a huge one
        self.player = f"guest:{username[:NAME_LIMIT]}:{os.urandom(4).hex()}"
        return True

    def session_requested(self) -> asyncssh.SSHServerSession[bytes] | bool:
        if self.refusal and self.player:
            return GameSession(self.settings, self.player, self.username, refusal=self.refusal)
        if not self.player or self.seat is None:
            return False
        if self.session is not None and self.session.playing:
            return False  # one game a connection: a second would be a player the cap missed
        self.session = GameSession(self.settings, self.player, self.username)
        return self.session


class GameSession(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    """One terminal session: a game process on a pty, wired to the SSH channel."""

    def __init__(self, settings: ServerSettings, player: str, username: str,
                 refusal: str = "") -> None:
        self.settings = settings
        self.refusal = refusal
        self.player = player
        self.username = username
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term = ""
        self.size = (80, 24)
        self.master: int | None = None
        self.proc: subprocess.Popen[bytes] | WarmChild | None = None
        self.bucket = TokenBucket(settings.input_rate, settings.input_burst)
        self.idle: asyncio.TimerHandle | None = None
        self.reading = False
        self.closing = False

    # --- what the client asks for ------------------------------------------------------------
    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: Any) -> bool:
        self.term = term_type.replace("\0", "")[:TERM_MOST]  # it goes into the environment
        if term_size[0] and term_size[1]:
            self.size = terminal_size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True  # the "shell" is the game: nothing else runs here

    def exec_requested(self, command: str) -> bool:
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        assert self.chan is not None
        if self.refusal:
            self.chan.write(f"Ahoy TUI: {self.refusal}.\r\n".encode())
            self.chan.exit(1)
            return
        if not self.term:
            self.chan.write(b"Ahoy TUI needs a terminal: connect with `ssh -t` from a "
                            b"terminal.\r\n")
            self.chan.exit(1)
            return
        self._spawn()

    # --- the game process --------------------------------------------------------------------
    @property
    def playing(self) -> bool:
        """A game process runs for this session."""
        return self.proc is not None and not self.closing

    def _spawn(self) -> None:
        assert self.chan is not None
        master, slave = os.openpty()
        _set_size(master, *self.size)
        env = self.chan.get_environment()
        choice = "auto"
        if self.settings.players is not None:
            choice = self.settings.players.option(self.player, "colour", "auto")
        child_env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": os.environ.get("HOME", "/"),
            "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
            "TERM": self.term,
            "AHOY_SERVER_PID": str(os.getpid()),
            "TEXTUAL_COLOR_SYSTEM": colour_system(self.term, str(env.get("COLORTERM", "")),
                                                  choice),
        }
        for name in ("PYTHONPATH", "VIRTUAL_ENV", "AHOY_HOST_THINK"):
            if name in os.environ:
                child_env[name] = os.environ[name]
        args = lobby_arguments(self.settings.socket, self.player, self.username)
        try:
            self.proc = self._start(args, slave, child_env)
        except OSError as exc:
            os.close(master)
            os.close(slave)
            self.chan.write(f"Ahoy TUI could not start the game: {exc}\r\n".encode())
            self.chan.exit(1)
            return
        os.close(slave)
        os.set_blocking(master, False)
        self.master = master
        self._start_reading()
        self._touch()

    def _start(self, args: list[str], slave: int,
               env: dict[str, str]) -> subprocess.Popen[bytes] | WarmChild:
        """The session's game process: forked warm if the server keeps a warm process, else
        started cold (as before, and whenever the warm process cannot take it)."""
        if self.settings.warm is not None:
            try:
                return self.settings.warm.fork(slave, args, env)
            except WarmGone as exc:
                self.settings.log(f"a session starts cold: {exc}")
        return subprocess.Popen(self.settings.command(args), stdin=slave, stdout=slave,
                                stderr=slave, env=env, start_new_session=True, close_fds=True)

    def _start_reading(self) -> None:
        if self.master is not None and not self.reading:
            asyncio.get_running_loop().add_reader(self.master, self._readable)
            self.reading = True

    def _stop_reading(self) -> None:
        if self.master is not None and self.reading:
            asyncio.get_running_loop().remove_reader(self.master)
            self.reading = False

    def _readable(self) -> None:
        assert self.master is not None and self.chan is not None
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return
        except OSError:  # EIO: the game closed its terminal (it has ended)
            data = b""
        if data:
            try:
                self.chan.write(data)
            except ConnectionError:  # the channel closed under us: the player has just gone
                self._end_game()
            return
        self._stop_reading()
        asyncio.get_running_loop().create_task(self._finished())

    async def _finished(self) -> None:
        status = 0
        if self.proc is not None:
            for _ in range(50):
                code = self.proc.poll()
                if code is not None:
                    status = code if code >= 0 else 128 - code
                    break
                await asyncio.sleep(0.02)
        self._close_master()
        if self.chan is not None and not self.closing:
            self.closing = True
            self.chan.exit(status)

    def _close_master(self) -> None:
        self._stop_reading()
        if self.master is not None:
            with contextlib.suppress(OSError):
                os.close(self.master)
            self.master = None
        if self.idle is not None:
            self.idle.cancel()

    def _touch(self) -> None:
        if self.idle is not None:
            self.idle.cancel()
        self.idle = asyncio.get_running_loop().call_later(self.settings.idle_timeout,
                                                           self._idled)

    def _idled(self) -> None:
        if self.chan is None:
            return
        self._end_game()
        goodbye = idle_goodbye(self.settings.idle_timeout)
        self.chan.write(GOODBYE_RESET + f"\r\nAhoy TUI: {goodbye}\r\n".encode())
        self.closing = True
        self.chan.exit(0)

    def _end_game(self) -> None:
        if isinstance(self.proc, WarmChild):
            self.proc.hang_up()
        elif self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGHUP)
        self._close_master()

    # --- the client's side of the conversation ----------------------------------------------
    def data_received(self, data: bytes, datatype: int | None) -> None:
        if self.master is None:
            return
        if not self.bucket.take(len(data)):
            return  # too fast: dropped (a flood cannot starve the others)
        self._touch()
        with contextlib.suppress(OSError):
            os.write(self.master, data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        if width and height:
            self.size = terminal_size(width, height)
            if self.master is not None:
                _set_size(self.master, *self.size)  # the kernel sends SIGWINCH

    def pause_writing(self) -> None:
        self._stop_reading()  # the client is slow: let the game wait, not our memory

    def resume_writing(self) -> None:
        self._start_reading()

    def eof_received(self) -> bool:
        self._end_game()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.closing = True
        self._end_game()
        self.chan = None


def lobby_arguments(socket: Path, player: str, name: str) -> list[str]:
    """A session's game process's command line (``ahoy lobby …``), started cold or forked warm.

    Every value rides in its option's own word (``--name=-h``): a user name is whatever the
    client sends (asyncssh lets no NUL through), and given as a word of its own, one like
    ``-h`` or ``--guest`` would be read as an option. The lobby then takes or refuses the name
    as it does any other."""
    args = ["lobby", f"--socket={socket}", f"--player={player}", f"--name={name[:NAME_LIMIT]}",
            "--take-tty"]
    if is_guest(player):
        args.append("--guest")
    return args


def _set_size(fd: int, width: int, height: int) -> None:
    with contextlib.suppress(OSError):
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))


def host_key(folder: Path) -> asyncssh.SSHKey:
    """The server's host key: made once, kept in the data folder (only the owner reads it)."""
    path = folder / "ssh_host_ed25519_key"
    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519")
    folder.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(key.export_private_key())
    os.replace(tmp, path)
    return key


async def start_ssh(settings: ServerSettings, host: str, port: int) -> asyncssh.SSHAcceptor:
    """Listen for SSH connections on ``host``:``port``."""
    return await asyncssh.create_server(
        lambda: AhoySSHServer(settings), host, port,
        server_host_keys=[host_key(settings.folder)],
        encoding=None, line_editor=False, agent_forwarding=False, x11_forwarding=False,
        allow_scp=False, sftp_factory=None, login_timeout=settings.login_timeout,
        keepalive_interval=30)
