"""A load script against a real ``ahoy serve``, loopback only and bounded in count and time:
hostile and unlucky users at once, and the limits of issue 13 holding while two honest players
play on, with nothing they were told was played lost across a restart."""

from __future__ import annotations

import asyncio
import json
import resource
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import asyncssh

from ahoy_tui.engine import load_game
from ahoy_tui.server import messages as m
from ahoy_tui.server.link import HostLink

from .conftest import Client, broadside, first_choice, free_port


def serve(folder: Path, port: int, *args: str, file_limit: int | None = None
          ) -> subprocess.Popen[str]:
    def limit_files() -> None:
        if file_limit is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_limit, file_limit))

    return subprocess.Popen(
        [sys.executable, "-m", "ahoy_tui", "serve", "--data", str(folder), "--port", str(port),
         "--think", "0.05", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=limit_files)


async def started(server: subprocess.Popen[str]) -> None:
    assert server.stdout is not None
    line = await asyncio.wait_for(asyncio.to_thread(server.stdout.readline), 60)
    assert "ssh -p" in line, line


async def stopped(server: subprocess.Popen[str], kill: bool = False) -> str:
    if kill:
        server.kill()
    else:
        server.send_signal(signal.SIGTERM)
    _out, err = await asyncio.to_thread(server.communicate, timeout=30)
    return err


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def test_a_move_is_acknowledged_only_once_it_is_on_disk(short_dir):
    """Issue 13, 1: with `ulimit -f 12` the old host acknowledged 150 moves and kept 74."""
    folder = short_dir / "data"
    port = free_port()
    server = serve(folder, port, "--open", file_limit=2400)  # a dozen moves of this battle
    await started(server)
    alice = await Client.connect(folder / "host.sock", "key:alice", "Alice")
    alice.send(m.CreateGame(seats={"p1": "me", "p2": "me"}, seed=4,
                            scenario_data=broadside(turn_limit=40)))
    game = (await alice.expect(m.Opened)).game.id
    session = alice.sessions[game]
    acknowledged = refused = 0
    while refused < 3 and not session.over:
        step = session.step
        session.play(first_choice(session))
        while True:
            message = await alice.receive()
            if isinstance(message, m.Update) and message.game.step > step:
                acknowledged = message.game.step
                break
            if isinstance(message, m.Refused):
                assert "could not save your move" in message.reason
                assert "File too large" in message.reason
                assert f"stays at step {step}" in message.reason
                refused += 1
                break
    assert refused == 3 and acknowledged > 5
    err = await stopped(server, kill=True)
    assert "File too large" in err and "refused" in err  # the server log says so too
    resumed = load_game(folder / "games" / f"{game}.json")
    assert resumed.step == acknowledged  # every acknowledged move, and nothing else


async def idle_socket(port: int, source: str) -> socket.socket:
    sock = socket.socket()
    sock.bind((source, 0))
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    return sock


async def test_hostile_and_unlucky_users_at_once_lock_nobody_out_and_slow_no_game(short_dir):
    folder = short_dir / "data"
    port = free_port()
    server = serve(folder, port, "--open", "--guest", "--max-connections", "4",
                   "--max-per-address", "3", "--login-timeout", "2", "--max-games", "3")
    await started(server)
    sock = folder / "host.sock"
    baseline = rss_mib(server.pid)
    stop = asyncio.Event()
    report: dict[str, Any] = {"idle": 0, "made": 0, "deep_refused": 0}

    async def idle_crowd() -> None:
        """Connections that never log in, renewed as the server lets them go (5)."""
        crowd: list[socket.socket] = []
        while not stop.is_set():
            while len(crowd) < 64:
                try:
                    crowd.append(await idle_socket(port, f"127.0.0.{2 + len(crowd) % 8}"))
                    report["idle"] += 1
                except OSError:
                    break
            await asyncio.sleep(0.5)
            alive = []
            for s in crowd:
                try:
                    while s.recv(65536):  # the server's banner, then the end when it hangs up
                        pass
                    s.close()
                except BlockingIOError:
                    alive.append(s)
                except OSError:
                    s.close()
            crowd = alive
        for s in crowd:
            s.close()

    async def game_maker() -> None:
        """A guest setting up games as fast as it can (6)."""
        link = await HostLink.connect(sock)
        link.send(m.Hello("guest:maker:1", "maker", guest=True))
        while not stop.is_set():
            link.send(m.CreateGame(seats={"p1": "me", "p2": "open"},
                                   scenario_data=broadside()))
            message = await link.receive()
            if isinstance(message, m.Opened):
                report["made"] += 1
            await asyncio.sleep(0.01)
        await link.close()

    async def refresher() -> None:
        """Refresh as fast as the socket carries it, reading nothing (7)."""
        link = await HostLink.connect(sock)
        link.send(m.Hello("guest:refresh:1", "refresher", guest=True))
        request = m.encode(m.ListGames()) * 100
        with_errors = 0
        while not stop.is_set():
            try:
                link.writer.write(request)
                await asyncio.wait_for(link.writer.drain(), 0.5)
            except (TimeoutError, ConnectionError):
                with_errors += 1
                await asyncio.sleep(0.1)
        link.writer.transport.abort()

    async def deep_nester() -> None:
        """Deeply nested and overlong lines (8): each refused, the connection kept."""
        link = await HostLink.connect(sock)
        link.send(m.Hello("key:nester"))
        while not stop.is_set():
            link.writer.write(b"[" * 200_000 + b"\n")
            message = await link.receive()
            if isinstance(message, m.Refused) and "nested" in message.reason:
                report["deep_refused"] += 1
            await asyncio.sleep(0.2)
        await link.close()

    attackers = [asyncio.create_task(job()) for job in (idle_crowd, game_maker, refresher,
                                                         deep_nester)]
    try:
        await asyncio.sleep(1.0)
        # two honest players play through it all
        alice = await Client.connect(sock, "key:alice", "Alice")
        bob = await Client.connect(sock, "key:bob", "Bob")
        alice.send(m.CreateGame(seats={"p1": "me", "p2": "open"}, seed=2,
                                scenario_data=broadside(turn_limit=4)))
        game = (await alice.expect(m.Opened)).game.id
        bob.send(m.JoinGame(game, "p2"))
        await bob.expect(m.Opened)
        players = {"p1": alice, "p2": bob}
        delays = []
        while not alice.sessions[game].over and len(delays) < 40:
            await asyncio.sleep(0.25)  # a player's thought: the attack goes on meanwhile
            session = alice.sessions[game]
            actor = players[session.to_act]
            step = actor.sessions[game].step
            began = time.monotonic()
            actor.sessions[game].play(first_choice(actor.sessions[game]))
            other = bob if actor is alice else alice
            await other.until_step(game, step + 1)  # the move reaches the opponent
            delays.append(time.monotonic() - began)
            await actor.until_step(game, step + 1)
        # and an honest SSH player gets in from her own address, and reaches the lobby
        key = asyncssh.generate_private_key("ssh-ed25519")
        began = time.monotonic()
        async with asyncssh.connect("127.0.0.1", port, username="carol", client_keys=[key],
                                    known_hosts=None, agent_path=None) as conn:
            process = await conn.create_process(term_type="xterm", term_size=(90, 26),
                                                encoding=None)
            seen = b""
            while b"Welcome aboard" not in seen:
                seen += await asyncio.wait_for(process.stdout.read(65536), 30)
            ssh_in = time.monotonic() - began
            process.close()
        peak = rss_mib(server.pid)
    finally:
        stop.set()
        await asyncio.gather(*attackers, return_exceptions=True)
    step = alice.sessions[game].step
    await stopped(server)
    report.update(moves=len(delays), median=statistics.median(delays), worst=max(delays),
                  ssh_in=ssh_in, rss=(baseline, peak))
    print(json.dumps(report, default=str))
    assert report["idle"] > 2 * 64  # let go within the login timeout, and back again
    assert report["deep_refused"] >= 3
    assert report["made"] == 2  # the guest's cap, however fast it asks
    assert len(delays) >= 4 and statistics.median(delays) < 0.3, report
    assert ssh_in < 20, report
    assert peak - baseline < 150, report  # the server's memory stays bounded
    # nothing acknowledged was lost
    again = serve(folder, port, "--open")
    await started(again)
    await stopped(again)
    assert load_game(folder / "games" / f"{game}.json").step == step
