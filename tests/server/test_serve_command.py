"""`ahoy serve` as a user starts it: a process that listens, lets players in, and stops cleanly."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import asyncssh
import pytest

from .conftest import free_port


def start(folder: Path, *args: str, nohup: bool = False) -> subprocess.Popen[str]:
    """``ahoy serve`` on ``folder``; with ``nohup``, as ``nohup`` starts it: SIGHUP ignored
    (which its children inherit)."""
    return subprocess.Popen([sys.executable, "-m", "ahoy_tui", "serve", "--data", str(folder),
                             *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=(lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN))
                            if nohup else None)


async def test_serve_lets_a_key_in_and_stops_cleanly_keeping_its_games(short_dir):
    folder = short_dir / "data"
    port = free_port()
    server = start(folder, "--open", "--port", str(port))
    try:
        assert server.stdout is not None
        banner = await asyncio.to_thread(server.stdout.readline)
        assert f"ssh -p {port} 127.0.0.1" in banner
        key = asyncssh.generate_private_key("ssh-ed25519")
        async with asyncssh.connect("127.0.0.1", port, username="alice", client_keys=[key],
                                    known_hosts=None, agent_path=None) as conn:
            process = await conn.create_process(term_type="xterm", term_size=(90, 26),
                                                encoding=None)
            seen = b""
            while b"Welcome aboard" not in seen:
                seen += await asyncio.wait_for(process.stdout.read(65536), 20)
            process.close()
        host_key = (folder / "ssh_host_ed25519_key").read_bytes()
    finally:
        server.send_signal(signal.SIGTERM)
        out, err = await asyncio.to_thread(server.communicate, timeout=20)
    assert server.returncode == 0, err
    assert "stopped; every game is kept" in out
    # the host key is kept across starts
    again = start(folder, "--open", "--port", str(port))
    try:
        assert again.stdout is not None
        await asyncio.to_thread(again.stdout.readline)
        assert (folder / "ssh_host_ed25519_key").read_bytes() == host_key
    finally:
        again.send_signal(signal.SIGTERM)
        await asyncio.to_thread(again.communicate, timeout=20)


async def test_a_port_in_use_is_one_line_and_no_traceback(short_dir):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        server = start(short_dir / "data", "--port", str(port))
        _out, err = await asyncio.to_thread(server.communicate, timeout=30)
    assert server.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


async def test_without_keys_open_or_guests_the_banner_says_nobody_can_log_in(short_dir):
    port = free_port()
    server = start(short_dir / "data", "--port", str(port))
    try:
        assert server.stdout is not None
        lines = [await asyncio.to_thread(server.stdout.readline) for _ in range(3)]
        assert "nobody can log in yet" in lines[2] and "authorized_keys" in lines[2]
    finally:
        server.send_signal(signal.SIGTERM)
        await asyncio.to_thread(server.communicate, timeout=20)


def names(words: list[bytes], socket: Path) -> bool:
    """Whether a command line gives ``socket`` (``--socket PATH`` or ``--socket=PATH``)."""
    path = str(socket).encode()
    return path in words or b"--socket=" + path in words


def lobby_processes(folder: Path) -> list[int]:
    """The game processes serving this data folder's sessions: started cold (``ahoy lobby``),
    or forked from the warm process (which bears its command line), and the warm process."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                words = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if (b"lobby" in words and names(words, folder / "host.sock")) or (
                    b"warm" in words and names(words, folder / "warm.sock")):
                found.append(int(entry.name))
    return found


async def test_game_processes_never_outlive_a_killed_server(short_dir):
    """Even killed the moment a session starts (before its game has its terminal), the
    server leaves no game process behind."""
    folder = short_dir / "data"
    port = free_port()
    for wait, nohup in ((0.0, False), (2.5, False), (2.5, True)):
        server = start(folder, "--open", "--port", str(port), nohup=nohup)
        assert server.stdout is not None
        await asyncio.to_thread(server.stdout.readline)
        for _ in range(300 if wait else 0):  # the second session is forked warm
            if (folder / "warm.sock").exists():
                break
            await asyncio.sleep(0.05)
        key = asyncssh.generate_private_key("ssh-ed25519")
        conn = await asyncssh.connect("127.0.0.1", port, username="alice", client_keys=[key],
                                      known_hosts=None, agent_path=None)
        await conn.create_process(term_type="xterm", term_size=(90, 26), encoding=None)
        for _ in range(100):
            if lobby_processes(folder):
                break
            await asyncio.sleep(0.02)
        assert lobby_processes(folder), "no game process was started"
        await asyncio.sleep(wait)
        server.kill()
        await asyncio.to_thread(server.communicate, timeout=20)
        conn.close()
        for _ in range(100):
            if not lobby_processes(folder):
                break
            await asyncio.sleep(0.1)
        assert lobby_processes(folder) == [], f"left behind after {wait} s (nohup: {nohup})"


def open_files(pid: int) -> dict[int, str]:
    """A process's open files (``/proc/PID/fd``): descriptor → what it is."""
    found = {}
    for entry in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):
            found[int(entry.name)] = os.readlink(entry)
    return found


async def quick_visit(port: int, who: str, key: asyncssh.SSHKey | None, source: str,
                      stay: float) -> None:
    """A player (a key, or a guest) who opens a session and leaves ``stay`` seconds later."""
    with contextlib.suppress(OSError, asyncssh.Error):
        async with asyncssh.connect("127.0.0.1", port, username=who, local_addr=(source, 0),
                                    client_keys=[key] if key else [], password="",
                                    known_hosts=None, agent_path=None) as conn:
            await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
            await asyncio.sleep(stay)


async def quick_tab(port: int, stay: float) -> None:
    """A browser tab that opens and is closed ``stay`` seconds later."""
    import aiohttp

    with contextlib.suppress(OSError, aiohttp.ClientError):
        async with aiohttp.ClientSession() as http, \
                http.ws_connect(f"http://127.0.0.1:{port}/ws?width=80&height=24"):
            await asyncio.sleep(stay)


@pytest.mark.parametrize("sessions", ["warm", "cold under nohup"])
async def test_quick_visits_leave_the_servers_open_files_as_they_were(short_dir, sessions):
    """Issue 34, 6: sessions that left within a tenth of a second of opening left their game
    process running on a dead terminal (the hang-up came before the game had its own session,
    or its terminal), holding a socket of the server's for good."""
    folder = short_dir / "data"
    port, web_port = free_port(), free_port()
    extra = ("--cold-sessions",) if sessions != "warm" else ()
    server = start(folder, "--open", "--guest", "--port", str(port), "--web", "--web-port",
                   str(web_port), *extra, nohup=sessions != "warm")
    try:
        assert server.stdout is not None
        await asyncio.to_thread(server.stdout.readline)
        if sessions == "warm":
            for _ in range(600):
                if (folder / "warm.sock").exists():
                    break
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.5)  # the warm process's "ready" read by the server
        before = open_files(server.pid)
        keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(3)]
        stays = (0.0, 0.02, 0.05, 0.1, 0.6)
        for wave in range(4):  # ten at once, from five addresses, most gone within 0.1 s
            await asyncio.gather(*(
                quick_visit(port, f"p{n % 4}", keys[n % 4] if n % 4 < 3 else None,
                            f"127.0.0.{2 + n % 5}", stays[(n + wave) % 5])
                for n in range(10)), *(quick_tab(web_port, stays[n + wave]) for n in range(2)))
        for _ in range(300):
            if len(open_files(server.pid)) <= len(before):
                break
            await asyncio.sleep(0.1)
        after = open_files(server.pid)
        left = {fd: what for fd, what in after.items() if before.get(fd) != what}
        assert len(after) <= len(before), f"left open after the visits: {left}"
        assert not lobby_processes(folder)[1 if sessions == "warm" else 0:]
    finally:
        server.send_signal(signal.SIGTERM)
        await asyncio.to_thread(server.communicate, timeout=20)
