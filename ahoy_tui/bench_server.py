"""``ahoy bench --server``: many SSH sessions on one machine, measured.

A server (game host and SSH door) is started on loopback with a throw-away data folder; N
sessions connect with real SSH clients on pseudo-terminals, as players would. They pair up and
play the duel by keys at a human pace (an odd one out watches the first game; a lone session
plays a computer captain). It stops by itself after the time given.

Reported, for each N:
- connect → first frame: from opening the SSH connection to the lobby drawn on the terminal;
- action → opponent's screen: from a player's key to the first bytes of the repaint reaching
  the opponent's terminal (the watcher's, for the lone session: its own), p50 and p95;
- memory: resident size of each session's game process (median), and of the server.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncssh

PACE = 1.0  # seconds a player "thinks" between actions: a brisk human


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def _rss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        if parent == pid:
            found.append(int(entry.name))
    return found


class _Term(asyncssh.SSHClientSession):  # type: ignore[type-arg]
    """A client terminal that only notes when bytes arrive, and keeps the latest text."""

    def __init__(self) -> None:
        self.chan: Any = None
        self.arrivals: list[float] = []
        self.tail = b""

    def connection_made(self, chan: Any) -> None:
        self.chan = chan

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.arrivals.append(time.perf_counter())
        self.tail = (self.tail + data)[-200000:]

    def first_after(self, moment: float) -> float | None:
        for arrival in reversed(self.arrivals):
            if arrival <= moment:
                break
        later = [a for a in self.arrivals if a > moment]
        return later[0] if later else None


async def _wait(check: Any, timeout: float) -> bool:
    deadline = time.perf_counter() + timeout
    while not check():
        if time.perf_counter() > deadline:
            return False
        await asyncio.sleep(0.01)
    return True


async def measure(sessions: int, seconds: float, folder: Path) -> dict[str, Any]:
    from ahoy_tui.server import messages as msg
    from ahoy_tui.server.host import GameHost
    from ahoy_tui.server.link import HostLink
    from ahoy_tui.server.ssh import ServerSettings, start_ssh

    host = GameHost(folder, think=0.05, captain_delay=0.3, log=lambda text: None)
    socket = folder / "host.sock"
    await host.start(socket)
    settings = ServerSettings(socket, folder, open_registration=True, players=host.players,
                              max_connections=sessions + 8)
    acceptor = await start_ssh(settings, "127.0.0.1", 0)
    port = acceptor.sockets[0].getsockname()[1]
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(sessions)]
    for index, key in enumerate(keys):  # known players: no first-visit question
        host.players.set_name(f"key:{key.get_fingerprint()}", f"p{index}")
    connections: list[Any] = []
    terms: list[_Term] = []
    first_frames: list[float] = []

    async def connect(index: int) -> None:
        start = time.perf_counter()
        conn = await asyncssh.connect("127.0.0.1", port, username=f"p{index}",
                                      client_keys=[keys[index]], known_hosts=None,
                                      agent_path=None)
        term = _Term()
        await conn.create_session(lambda: term, term_type="xterm-256color",
                                  term_size=(100, 30), encoding=None)
        connections.append(conn)
        terms.append(term)
        if await _wait(lambda: b"the lobby" in term.tail, 60):
            first_frames.append(time.perf_counter() - start)

    # connect in waves of 10, as people arrive: all at once is a thundering herd
    for wave in range(0, sessions, 10):
        await asyncio.gather(*(connect(i) for i in range(wave, min(sessions, wave + 10))))
    order = {id(t): i for i, t in enumerate(terms)}
    terms.sort(key=lambda t: order[id(t)])

    bot = await HostLink.connect(socket)
    bot.send(msg.Hello("key:bench", "bench"))
    bot.send(msg.SetName("bench"))
    games: list[tuple[str, list[_Term], _Term | None]] = []
    pairs = [terms[i:i + 2] for i in range(0, len(terms) - len(terms) % 2, 2)]
    lone = terms[-1] if len(terms) % 2 else None

    async def created() -> str:
        while True:
            message = await asyncio.wait_for(bot.receive(), 10)
            if isinstance(message, msg.Opened):
                bot.send(msg.LeaveGame(message.game.id))
                return message.game.id

    for pair in pairs:
        bot.send(msg.CreateGame(seats={"p1": "open", "p2": "open"}, seed=len(games) + 1))
        game = await created()
        pair[0].chan.write(b"\r")
        await _wait(lambda first=pair[0]: b"Take which side" in first.tail, 15)
        pair[0].chan.write(b"\r")
        live = host.games[game]
        await _wait(lambda live=live: live.seats["p1"].occupant == "human", 15)
        await asyncio.sleep(0.3)  # the lobby's next push reaches the second player
        pair[1].chan.write(b"\r")
        await _wait(lambda live=live: live.seats["p2"].occupant == "human", 15)
        games.append((game, pair, None))
    if lone is not None:
        if games:  # watch the first game
            games[0] = (games[0][0], games[0][1], lone)
            lone.chan.write(b"w")
        else:  # alone: against a computer captain
            bot.send(msg.CreateGame(seats={"p1": "open", "p2": "ai:easy"}, seed=1))
            game = await created()
            lone.chan.write(b"\r")
            await _wait(lambda: host.games[game].seats["p1"].occupant == "human", 15)
            games.append((game, [lone], lone))
    await asyncio.sleep(1.0)

    latencies: list[float] = []
    deadline = time.perf_counter() + seconds

    async def play(game: str, players: list[_Term], watcher: _Term | None) -> None:
        live = host.games[game]
        while time.perf_counter() < deadline and not live.game.over:
            side = live.game.to_act
            if side not in live.seats or live.seats[side].occupant != "human":
                await asyncio.sleep(0.05)
                continue
            actor = players[0] if side == "p1" or len(players) == 1 else players[1]
            other = watcher if len(players) == 1 else (
                players[1] if actor is players[0] else players[0])
            step = live.game.step
            sent = time.perf_counter()
            actor.chan.write(b"1")
            moved = lambda step=step: live.game.step != step  # noqa: E731
            if not await _wait(moved, 1.5):
                actor.chan.write(b"\r")  # a value picker: take its suggestion
                sent = time.perf_counter()
                if not await _wait(moved, 5):
                    continue
            if other is not None:
                seen = lambda other=other, sent=sent: other.first_after(sent)  # noqa: E731
                if await _wait(lambda seen=seen: seen() is not None, 5):
                    latencies.append(seen() - sent)
            await asyncio.sleep(PACE)

    await asyncio.gather(*(play(*g) for g in games))
    memory = [_rss_kib(pid) / 1024 for pid in _children(os.getpid())]
    server_mib = _rss_kib(os.getpid()) / 1024
    await bot.close()
    for conn in connections:
        conn.close()
    acceptor.close()
    await host.close()
    return {
        "sessions": sessions,
        "connected": len(first_frames),
        "first_frame_ms": {"p50": round(statistics.median(first_frames) * 1000)
                           if first_frames else None,
                           "p95": round(_percentile(first_frames, 0.95) * 1000)
                           if first_frames else None},
        "latency_ms": {"p50": round(_percentile(latencies, 0.5) * 1000, 1),
                       "p95": round(_percentile(latencies, 0.95) * 1000, 1),
                       "actions": len(latencies)},
        "session_mib": round(statistics.median(memory), 1) if memory else None,
        "server_mib": round(server_mib, 1),
    }


def run(counts: list[int], seconds: float) -> list[dict[str, Any]]:
    results = []
    for count in counts:
        folder = Path(tempfile.mkdtemp(prefix="ahoy-bench-"))
        try:
            results.append(asyncio.run(measure(count, seconds, folder)))
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    return results
