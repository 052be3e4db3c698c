"""The SSH door, with real asyncssh clients on loopback and the real game processes behind it.

Screens are read through pyte, a terminal emulator: what a player's terminal would show.
"""

from __future__ import annotations

import asyncio
import socket
import time
from pathlib import Path
from typing import Any

import asyncssh
import pyte
import pytest

from ahoy_tui.server import messages as m
from ahoy_tui.server.host import GameHost
from ahoy_tui.server.ssh import ServerSettings, colour_system, start_ssh

from .conftest import Client, broadside

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


class Terminal(asyncssh.SSHClientSession):  # type: ignore[type-arg]
    """A player's terminal: what the server sends is drawn on a pyte screen."""

    def __init__(self, width: int, height: int) -> None:
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.chan: Any = None
        self.closed = asyncio.Event()
        self.raw = b""

    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.raw += data
        self.stream.feed(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed.set()

    def text(self) -> str:
        return "\n".join(self.screen.display)

    async def wait_for(self, words: str, timeout: float = 30.0) -> str:
        deadline = time.monotonic() + timeout
        while words not in self.text():
            if time.monotonic() > deadline:
                raise AssertionError(f"{words!r} never appeared; the screen:\n{self.text()}")
            await asyncio.sleep(0.05)
        return self.text()

    def keys(self, data: str) -> None:
        self.chan.write(data.encode())

    def resize(self, width: int, height: int) -> None:
        self.screen.resize(height, width)
        self.chan.change_terminal_size(width, height)


class Door:
    """A running server: game host + SSH door, and keys for two players and a stranger."""

    def __init__(self, folder: Path, host: GameHost, port: int,
                 keys: dict[str, asyncssh.SSHKey]) -> None:
        self.folder = folder
        self.host = host
        self.port = port
        self.keys = keys
        self.connections: list[asyncssh.SSHClientConnection] = []

    async def connect(self, who: str, **options: Any) -> asyncssh.SSHClientConnection:
        options.setdefault("client_keys", [self.keys[who]] if who in self.keys else [])
        conn = await asyncssh.connect("127.0.0.1", self.port, username=who, known_hosts=None,
                                      agent_path=None, **options)
        self.connections.append(conn)
        return conn

    async def terminal(self, who: str, width: int = 100, height: int = 30) -> Terminal:
        conn = await self.connect(who)
        _chan, term = await conn.create_session(
            lambda: Terminal(width, height), term_type="xterm-256color",
            term_size=(width, height), encoding=None)
        return term


@pytest.fixture
async def door(short_dir: Path) -> Any:
    folder = short_dir / "data"
    keys = {name: asyncssh.generate_private_key("ssh-ed25519")
            for name in ("alice", "bob", "carol", "stranger")}
    folder.mkdir(parents=True)
    (folder / "authorized_keys").write_text("".join(
        keys[n].export_public_key().decode() for n in ("alice", "bob", "carol")))
    (folder / "authorized_keys").chmod(0o600)  # others may not write to it, whatever the umask
    host = GameHost(folder, captain_delay=0.0, think=0.05, log=lambda t: None)
    host.lobby_interval = 0.05
    socket = short_dir / "host.sock"
    await host.start(socket)
    settings = ServerSettings(socket, folder, authorized_keys=folder / "authorized_keys",
                              players=host.players)
    acceptor = await start_ssh(settings, "127.0.0.1", 0)
    port = acceptor.sockets[0].getsockname()[1]
    server = Door(folder, host, port, keys)
    server.settings = settings  # type: ignore[attr-defined]
    yield server
    for conn in server.connections:
        conn.close()
    acceptor.close()
    await host.close()


async def sign_in(door: Door, who: str, width: int = 100, height: int = 30) -> Terminal:
    """Connect and, on a first visit, take the offered name (the SSH user name)."""
    term = await door.terminal(who, width, height)
    text = await term.wait_for("Welcome aboard" if not door.host.players.name(
        f"key:{door.keys[who].get_fingerprint()}") else "the lobby")
    if "Welcome aboard" in text:
        for _ in range(3):  # the name field may not have the focus the instant it is drawn
            term.keys("\r")
            try:
                await term.wait_for(f"Signed in as {who}", timeout=8)
                break
            except AssertionError:
                continue
    await term.wait_for(f"Signed in as {who}")
    return term


async def test_a_known_key_reaches_the_lobby_and_its_name_is_kept(door):
    term = await sign_in(door, "alice")
    await term.wait_for("the lobby")  # a repaint arrives in pieces: wait for each part
    await term.wait_for("No games yet")
    fingerprint = door.keys["alice"].get_fingerprint()
    assert door.host.players.name(f"key:{fingerprint}") == "alice"
    # the host key was made once and is kept
    key_file = door.folder / "ssh_host_ed25519_key"
    assert key_file.exists() and key_file.stat().st_mode & 0o077 == 0


async def test_a_wrong_key_is_refused(door):
    with pytest.raises(asyncssh.PermissionDenied):
        await door.connect("stranger")
    with pytest.raises(asyncssh.PermissionDenied):  # no key at all, and no guests
        await door.connect("nobody", client_keys=[], password="letmein")


async def test_exec_sftp_and_port_forwarding_are_refused(door):
    conn = await door.connect("alice")
    with pytest.raises(asyncssh.ChannelOpenError, match="Session request failed"):
        await conn.run("cat /etc/passwd")
    with pytest.raises(asyncssh.ChannelOpenError, match="Session request failed"):
        await conn.start_sftp_client()
    with pytest.raises(asyncssh.ChannelOpenError):
        await conn.open_connection("127.0.0.1", door.port)
    with pytest.raises(asyncssh.ChannelListenError):
        await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)


async def test_a_session_without_a_terminal_is_told_why(door):
    conn = await door.connect("alice")
    process = await conn.create_process(term_type=None)
    output = await asyncio.wait_for(process.stdout.read(), 10)
    await process.wait()
    assert "needs a terminal" in output and process.exit_status == 1


async def test_a_resize_reaches_the_game(door):
    term = await sign_in(door, "alice", 80, 24)
    assert "palette" in term.screen.display[23]
    term.resize(120, 30)
    deadline = time.monotonic() + 10
    while "palette" not in term.screen.display[29] and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    footer = term.screen.display[29]
    assert "palette" in footer
    assert footer.rstrip().endswith("palette") and len(footer.rstrip()) > 100


async def test_two_players_over_ssh_play_to_the_end_while_a_third_watches(door):
    alice = await sign_in(door, "alice")
    bob = await sign_in(door, "bob")
    carol = await sign_in(door, "carol")
    # a short battle, set up by a bot on the host's socket with both seats free
    bot = await Client.connect(door.folder.parent / "host.sock", "key:bot", "Bot")
    bot.send(m.CreateGame(seats={"p1": "open", "p2": "open"}, seed=5,
                          scenario_data=broadside()))
    game = (await bot.expect(m.Opened)).game.id
    await bot.close()
    await alice.wait_for("Broadside")
    alice.keys("\r")  # play: both seats free, so she is asked which
    await alice.wait_for("Take which side?")
    alice.keys("\r")  # Empire, the first
    await alice.wait_for("Turn 1, Empire")
    await bob.wait_for("alice v (free)")
    bob.keys("\r")  # the one free seat
    await bob.wait_for("Waiting for alice")
    await carol.wait_for("alice v bob")
    carol.keys("w")
    await carol.wait_for("Waiting for alice")
    live = door.host.games[game]
    players = {"p1": alice, "p2": bob}
    seen_by_carol = 0
    for _ in range(40):
        if live.game.over:
            break
        side = live.game.to_act
        step = live.game.step
        term = players[side]
        await term.wait_for("1 ")
        term.keys("1")
        deadline = time.monotonic() + 10
        while live.game.step == step and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
            if "Enter" in term.text() and "←/→" in term.text():
                term.keys("\r")  # a value picker: take the suggested value
                await asyncio.sleep(0.2)
        assert live.game.step > step, term.text()
        if live.game.over:
            break
        # the other player's screen, and the spectator's, show the new step
        await players["p2" if side == "p1" else "p1"].wait_for(f"step {live.game.step}")
        await carol.wait_for(f"step {live.game.step}")
        seen_by_carol += 1
    assert live.game.over, "the battle did not end"
    assert seen_by_carol >= 3
    for term in (alice, bob, carol):  # everyone sees the result
        await term.wait_for("The turn limit is reached")
    # carol only watches: her keys do nothing to the battle
    steps = live.game.step
    carol.keys("q1u")
    await asyncio.sleep(0.5)
    assert live.game.step == steps


async def test_a_player_who_drops_comes_back_into_the_same_seat(door):
    alice = await sign_in(door, "alice")
    bot = await Client.connect(door.folder.parent / "host.sock", "key:bot", "Bot")
    bot.send(m.CreateGame(seats={"p1": "open", "p2": "ai:easy"}, seed=5,
                          scenario_data=broadside(3)))
    game = (await bot.expect(m.Opened)).game.id
    await alice.wait_for("Broadside")
    alice.keys("\r")
    await alice.wait_for("Turn 1, Empire")
    alice.chan.close()  # the connection drops
    await asyncio.wait_for(alice.closed.wait(), 10)
    live = door.host.games[game]
    deadline = time.monotonic() + 10
    while any(c.player.endswith(door.keys["alice"].get_fingerprint())
              for c in live.watchers) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert live.seats["p1"].name == "alice"  # the seat is held
    # the same key comes back: straight into the seat, as the README says
    alice = await door.terminal("alice")
    await alice.wait_for("Turn 1, Empire")
    assert "Take which side" not in alice.text()
    assert any(c.player.endswith(door.keys["alice"].get_fingerprint()) and playing
               for c, playing in live.watchers.items())
    # leaving the battle, she is in the lobby, her game marked as hers
    alice.keys("q")
    await alice.wait_for("yours")


async def test_the_server_is_full_at_its_limit_and_says_so_on_the_terminal(door):
    door.settings.keeper.max_sessions = 1  # type: ignore[attr-defined]
    alice = await door.terminal("alice")
    await alice.wait_for("Welcome aboard")
    bob = await door.terminal("bob")
    await asyncio.wait_for(bob.closed.wait(), 15)
    assert "the server is full (1 player): try again later" in bob.text()
    assert door.settings.keeper.players == 1  # type: ignore[attr-defined]


def test_colours_follow_the_terminal_and_the_players_choice():
    assert colour_system("xterm-256color") == "256"
    assert colour_system("xterm-direct") == "truecolor"
    assert colour_system("xterm", "truecolor") == "truecolor"
    assert colour_system("vt100") == "standard"
    assert colour_system("xterm-256color", choice="standard") == "standard"


async def test_guests_come_in_without_a_key_only_when_allowed(door):
    door.settings.guest = True  # type: ignore[attr-defined]
    conn = await door.connect("sam", client_keys=[], password="")  # tries keyboard-interactive
    _chan, term = await conn.create_session(lambda: Terminal(100, 30),
                                            term_type="xterm", term_size=(100, 30),
                                            encoding=None)
    await term.wait_for("Signed in as sam (guest): your games are not kept")
    assert door.host.players.name("guest:sam") == ""  # nothing written down


async def test_an_idle_session_is_closed_and_the_terminal_restored(door):
    door.settings.idle_timeout = 3.0  # type: ignore[attr-defined]
    term = await door.terminal("alice")
    await term.wait_for("Welcome aboard")
    await asyncio.wait_for(term.closed.wait(), 15)
    assert "idle for 3 seconds; goodbye" in term.text()
    assert term.raw.rfind(b"\x1b[?1049l") > 0  # out of the full-screen mode


def test_the_input_rate_limit_lets_typing_through_and_drops_a_flood(monkeypatch):
    from ahoy_tui.server import limits

    now = [100.0]
    monkeypatch.setattr(limits.time, "monotonic", lambda: now[0])
    bucket = limits.TokenBucket(rate=1000, burst=4000)
    assert all(bucket.take(10) for _ in range(400))  # a burst of keys and mouse moves
    assert not bucket.take(10)  # then a flood is dropped
    now[0] += 0.5
    assert bucket.take(500) and not bucket.take(10)  # it refills at the rate


async def idle_sockets(port: int, count: int, source: str) -> list[socket.socket]:
    """TCP connections that never log in, from ``source`` (any 127.x.y.z is this machine)."""
    opened = []
    for _ in range(count):
        sock = socket.socket()
        sock.bind((source, 0))
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
        opened.append(sock)
    return opened


async def closed_by_server(sock: socket.socket, wait: float = 0.5) -> bool:
    """Whether the server hangs up on this socket within ``wait`` seconds (it sends its
    banner, then the end)."""
    loop = asyncio.get_running_loop()
    try:
        while True:
            if not await asyncio.wait_for(loop.sock_recv(sock, 65536), wait):
                return True
    except TimeoutError:
        return False
    except OSError:
        return True


async def test_connections_that_never_log_in_lock_nobody_out(door):
    """Issue 13, 5: 64 idle sockets used to fill --max-connections for a minute at a time."""
    keeper = door.settings.keeper  # type: ignore[attr-defined]
    keeper.max_sessions = 2
    idle = await idle_sockets(door.port, 64, "127.0.0.2")
    await asyncio.sleep(0.3)
    # only a few from one address may be logging in at once: the newest, the oldest let go
    assert len(keeper.pending) == keeper.max_pending_per_address
    let_go = [s for s in idle if await closed_by_server(s, 0.2)]
    assert len(let_go) == 64 - keeper.max_pending_per_address
    assert let_go == idle[:len(let_go)]
    # many addresses at once: the pool stays bounded, the longest waiting let go first
    keeper.max_pending = 12
    crowd = [s for n in range(3, 6) for s in await idle_sockets(door.port, 8, f"127.0.0.{n}")]
    await asyncio.sleep(0.3)
    assert len(keeper.pending) <= 12
    # and a player still gets in, and plays
    term = await sign_in(door, "alice")
    await term.wait_for("the lobby")
    assert keeper.players == 1
    for sock in idle + crowd:
        sock.close()


async def test_idle_connections_from_one_address_do_not_shut_it_out(door):
    """Issue 34, 10: twenty connections that never log in, from 127.0.0.1, refused a guest from
    the same address ("too many connections from your address are logging in at once"): one
    idle script locked out everyone behind its NAT."""
    door.settings.guest = True  # type: ignore[attr-defined]
    idle = await idle_sockets(door.port, 20, "127.0.0.1")
    await asyncio.sleep(0.3)
    conn = await door.connect("sam", client_keys=[], password="")
    _chan, term = await conn.create_session(lambda: Terminal(100, 30), term_type="xterm",
                                            term_size=(100, 30), encoding=None)
    await term.wait_for("Signed in as sam (guest)")
    assert door.settings.keeper.players == 1  # type: ignore[attr-defined]
    for sock in idle:
        sock.close()


async def test_a_connection_that_does_not_log_in_soon_is_let_go(short_dir):
    host = GameHost(None, log=lambda t: None)
    socket_path = short_dir / "host.sock"
    await host.start(socket_path)
    settings = ServerSettings(socket_path, short_dir, login_timeout=1.0)
    acceptor = await start_ssh(settings, "127.0.0.1", 0)
    port = acceptor.sockets[0].getsockname()[1]
    try:
        (sock,) = await idle_sockets(port, 1, "127.0.0.2")
        start = time.monotonic()
        while not await closed_by_server(sock):
            assert time.monotonic() - start < 10
        assert time.monotonic() - start < 4
        assert not settings.keeper.pending
        sock.close()
    finally:
        acceptor.close()
        await host.close()


async def test_one_connection_plays_one_game_at_a_time(door):
    conn = await door.connect("alice")
    _chan, term = await conn.create_session(lambda: Terminal(100, 30), term_type="xterm",
                                            term_size=(100, 30), encoding=None)
    await term.wait_for("Welcome aboard")
    with pytest.raises(asyncssh.ChannelOpenError):
        await conn.create_session(lambda: Terminal(100, 30), term_type="xterm",
                                  term_size=(100, 30), encoding=None)


async def names_like_options(door: Door) -> None:
    """A player and a guest whose SSH user names look like the lobby's options."""
    door.settings.guest = True  # type: ignore[attr-defined]
    door.keys["-h"] = door.keys["alice"]
    term = await door.terminal("-h")  # alice's key, as `ssh -l -h`: a first visit
    await term.wait_for("Welcome aboard")
    for _ in range(3):  # the offered name is the user name; the field may lack the focus
        term.keys("\r")
        try:
            await term.wait_for("Signed in as -h", timeout=8)
            break
        except AssertionError:
            continue
    await term.wait_for("Signed in as -h")
    conn = await door.connect("--guest", client_keys=[], password="")
    _chan, guest = await conn.create_session(lambda: Terminal(100, 30), term_type="xterm",
                                             term_size=(100, 30), encoding=None)
    await guest.wait_for("Signed in as --guest (guest)")
    # one a name cannot be is offered, and refused as a name typed in would be
    conn = await door.connect("--socket=/x", client_keys=[], password="")
    _chan, odd = await conn.create_session(lambda: Terminal(100, 30), term_type="xterm",
                                           term_size=(100, 30), encoding=None)
    await odd.wait_for("Welcome aboard")
    assert door.host.players.name(f"key:{door.keys['alice'].get_fingerprint()}") == "-h"


async def test_a_user_name_like_an_option_reaches_the_lobby_as_a_name(door):
    """Issue 34, 8: `ssh -l -h` ended the session ("argument --name: expected one argument"):
    the name was given as a word of its own after --name."""
    await names_like_options(door)


def notice_shown(text: str) -> bool:
    """Whether the game's notice of the largest terminal is on the screen (a toast, which
    wraps its words onto lines of their own)."""
    return "500 x 200" in " ".join(" ".join(line.split()) for line in text.splitlines())


async def test_a_huge_terminal_is_clamped_and_the_game_says_so(door):
    """Issue 34, 9: a 10,000 x 10,000 pty took a session past half a GiB; a window change past
    65,535 cells could not even be set. The door gives the game at most 500 x 200, and the
    game says so."""
    door.host.players.set_name(f"key:{door.keys['alice'].get_fingerprint()}", "alice")
    term = await door.terminal("alice", 510, 210)  # a screen a little past the most
    await term.wait_for("Signed in as alice")
    await term.wait_for("500 x 200")  # said at once
    await until_drawn(term, 199)  # the game's last row: the 200th
    assert not term.screen.display[200].strip()
    assert max(len(line.rstrip()) for line in term.screen.display) <= 500
    term.chan.change_terminal_size(70_000, 70_000)  # a window change past any bound
    await asyncio.sleep(0.5)
    term.resize(100, 30)  # and back: the session lives on, drawn at its new size
    await until_drawn(term, 29)


async def until_drawn(term: Terminal, row: int, timeout: float = 40) -> None:
    deadline = time.monotonic() + timeout
    while "palette" not in term.screen.display[row]:
        assert time.monotonic() < deadline, "\n".join(
            f"{n}: {' '.join(line.split())[:150]}" for n, line in enumerate(term.screen.display)
            if line.strip())
        await asyncio.sleep(0.05)


async def test_a_game_writing_as_its_channel_closes_is_hung_up_quietly(short_dir):
    """Quick visits printed "Exception in callback … BrokenPipeError: Channel not open for
    sending" again and again: the game wrote as the player left, before the session heard it."""
    import os

    from ahoy_tui.server.ssh import GameSession

    class Closed:
        def write(self, data: bytes) -> None:
            raise BrokenPipeError("Channel not open for sending")

    session = GameSession(ServerSettings(short_dir / "host.sock", short_dir), "guest:x:1", "x")
    master, slave = os.openpty()
    os.set_blocking(master, False)
    session.chan = Closed()  # type: ignore[assignment]
    session.master = master
    session._start_reading()
    os.write(slave, b"a frame of the game\r\n")
    loop = asyncio.get_running_loop()
    errors: list[Any] = []
    loop.set_exception_handler(lambda _loop, context: errors.append(context))
    try:
        for _ in range(50):
            if session.master is None:
                break
            await asyncio.sleep(0.02)
        assert session.master is None and not session.reading  # let go of the terminal
        assert errors == []
    finally:
        loop.set_exception_handler(None)
        os.close(slave)
