"""Warm sessions: each SSH session's game process forked from the warm process, not started
from nothing; and, whenever the warm process cannot take a session, a cold start as before."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from ahoy_tui.server.ssh import lobby_arguments
from ahoy_tui.server.warm import WarmChild, WarmGone, WarmProcess

from .test_ssh import (  # noqa: F401 - door is the fixture these tests use
    Door,
    door,
    names_like_options,
    sign_in,
)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


async def until(check, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("it never happened")
        await asyncio.sleep(0.05)


@pytest.fixture
async def warm(door: Door, short_dir: Path) -> AsyncIterator[WarmProcess]:  # noqa: F811
    process = WarmProcess(short_dir / "warm.sock",
                          [sys.executable, "-m", "ahoy_tui", "warm"])
    await process.start()
    door.settings.warm = process  # type: ignore[attr-defined]
    yield process
    await process.stop()


async def test_a_session_is_forked_warm_on_its_own_terminal_and_ends_with_its_connection(
        door, warm):  # noqa: F811
    assert warm.proc is not None
    term = await sign_in(door, "alice", 80, 24)
    await term.wait_for("No games yet")
    (game,) = children(warm.proc.pid)  # the game process is the warm process's child
    assert game not in children(os.getpid())
    # the session's own settings, not the warm process's: its terminal's 256 colours
    assert b"38;5;" in term.raw and b"38;2;" not in term.raw
    assert os.getsid(game) == game  # a session of its own (a hang-up ends it all)
    # its terminal is its controlling terminal: a resize reaches it and it redraws wider
    assert "palette" in term.screen.display[23]
    term.resize(120, 30)
    await until(lambda: term.screen.display[29].rstrip().endswith("palette")
                and len(term.screen.display[29].rstrip()) > 100)
    # the player hangs up: the game process ends, and the warm process tells its end
    door.connections[0].close()
    await until(lambda: not Path(f"/proc/{game}").exists()
                or "Z" in Path(f"/proc/{game}/stat").read_text().split()[2])
    await until(lambda: children(warm.proc.pid) == [])


async def test_the_warm_process_tells_a_childs_pid_and_its_exit_code(warm, short_dir):
    master, slave = os.openpty()
    try:
        child = warm.fork(slave, ["lobby", "--help"], {"PATH": os.environ.get("PATH", "")})
    finally:
        os.close(slave)
    assert isinstance(child, WarmChild)
    await until(lambda: child.returncode is not None)
    assert child.pid is not None and child.returncode == 0
    printed = os.read(master, 4096)
    os.close(master)
    assert b"usage: ahoy lobby" in printed  # the child read its lobby's words on its terminal


async def test_when_the_warm_process_dies_sessions_start_cold_and_it_comes_back(
        door, warm):  # noqa: F811
    assert warm.proc is not None
    first = warm.proc.pid
    os.kill(first, signal.SIGKILL)
    await until(lambda: warm.proc is None or warm.proc.returncode is not None
                or warm.proc.pid != first)
    term = await sign_in(door, "bob")  # nobody is turned away meanwhile: a cold start
    await term.wait_for("the lobby")
    await until(lambda: warm.running and warm.proc is not None and warm.proc.pid != first,
                timeout=60)
    carol = await sign_in(door, "carol")  # and the next is warm again
    await carol.wait_for("the lobby")
    assert len(children(warm.proc.pid)) == 1


async def test_a_bad_request_is_dropped_and_the_warm_process_carries_on(warm, short_dir):
    for junk in (b"not json\n", b'{"args": 3}\n', b'{"args": [], "env": {}}\n', b"cut sh"):
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.connect(str(warm.path))
            sock.sendall(junk)  # and no terminal passed with it
            sock.shutdown(socket.SHUT_WR)
            sock.settimeout(5)
            assert sock.recv(100) == b""  # closed without forking anything
    assert warm.running and children(warm.proc.pid) == []
    await test_the_warm_process_tells_a_childs_pid_and_its_exit_code(warm, short_dir)


async def test_a_warm_process_that_is_not_ready_sends_sessions_cold(short_dir):
    process = WarmProcess(short_dir / "warm.sock", [sys.executable, "-m", "ahoy_tui", "warm"])
    with pytest.raises(WarmGone):
        process.fork(0, ["lobby", "--help"], {})


async def test_a_browser_tab_is_forked_warm_on_pipes_and_plays(host, short_dir):
    """The browser door forks each tab's game from the warm process too, on pipes."""
    import aiohttp

    from ahoy_tui.server.limits import Doorkeeper
    from ahoy_tui.server.web import WebSettings, start_web

    from .conftest import free_port
    from .test_web import BrowserTab, alice_opens, sit_down

    process = WarmProcess(short_dir / "warm.sock", [sys.executable, "-m", "ahoy_tui", "warm"])
    await process.start()
    assert process.proc is not None
    alice, _game = await alice_opens(short_dir)
    port = free_port()
    web = await start_web(WebSettings(short_dir / "host.sock", Doorkeeper(8), warm=process),
                          "127.0.0.1", port)
    try:
        async with aiohttp.ClientSession() as http, http.ws_connect(
                f"http://127.0.0.1:{port}/ws?width=100&height=30") as ws:
            tab = BrowserTab(ws, 100, 30)
            await sit_down(tab)
            await tab.until("Turn 1")  # in the battle, on Alice's other seat
            (game,) = children(process.proc.pid)  # the tab's game: the warm process's child
            assert os.getsid(game) == game
        await until(lambda: children(process.proc.pid) == [])  # the tab closed: it ended
    finally:
        await web.close()
        await alice.close()
        await process.stop()


def lobby_args(door: Door) -> list[str]:  # noqa: F811
    return lobby_arguments(door.settings.socket, "guest:quick:0", "quick")  # type: ignore[attr-defined]


@pytest.mark.parametrize("how", ["hang up", "let go"])
async def test_a_session_gone_the_instant_it_is_forked_ends_its_game(door, warm, how):  # noqa: F811
    """Issue 34, 6: a hang-up sent the instant a session was forked (a player who left within
    a tenth of a second) went to a session the child had not made yet, and was lost: the game
    ran on for good, holding a connection to the host. The terminal stays open here, so only
    the hang-up can end the game; and a door that just closes its end has let it go too."""
    assert warm.proc is not None
    env = {"PATH": os.environ.get("PATH", ""), "TERM": "xterm", "LANG": "C.UTF-8"}
    masters, forked, pids = [], [], []
    for _ in range(5):
        master, slave = os.openpty()
        masters.append(master)
        try:
            child = warm.fork(slave, lobby_args(door), env)
        finally:
            os.close(slave)
        if how == "hang up":
            child.hang_up()  # before its pid has even come back
            forked.append(child)
        else:  # the door reads the pid, then closes its end without a word
            asyncio.get_running_loop().remove_reader(child.conn.fileno())
            child.conn.setblocking(True)
            child.conn.settimeout(10)
            pids.append(int(child.conn.recv(64).split()[1]))
            child.conn.close()
    try:
        if how == "hang up":
            await until(lambda: all(c.returncode is not None for c in forked), timeout=15)
            assert all(c.returncode == 128 + signal.SIGHUP for c in forked)
        else:
            await until(lambda: not any(Path(f"/proc/{pid}").exists() for pid in pids),
                        timeout=15)
        assert children(warm.proc.pid) == []
    finally:
        for master in masters:
            os.close(master)


async def test_a_user_name_like_an_option_reaches_a_warm_lobby_as_a_name(door, warm):  # noqa: F811
    """Issue 34, 8, on the warm path: the name travels in the fork's JSON arguments."""
    await names_like_options(door)


def test_no_module_of_the_server_imports_the_command_line():
    """The server starts sessions from its own lobby's words (server/lobby_args.py)."""
    import ast

    folder = Path(__file__).resolve().parents[2] / "ahoy_tui" / "server"
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert "ahoy_tui.cli" not in names, f"{path.name} imports the command line"
