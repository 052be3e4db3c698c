"""``ahoy bench --server``: many SSH sessions on one machine, measured.

A server (game host and SSH door) is started on loopback with a throw-away data folder; N
sessions connect with real SSH clients on pseudo-terminals, as players would. They pair up and
play the duel by keys at a human pace (an odd one out watches the first game; a lone session
plays a computer captain). It stops by itself after the time given.

Reported, for each N:
- connect → first frame: from opening the SSH connection to the lobby drawn on the terminal
  (sessions arrive two a second);
- action → opponent's screen: from a player's key to the first bytes of the repaint reaching
  the opponent's terminal (the watcher's, for the lone session: its own), p50 and p95;
- memory: each session's game process's own memory (USS: the pages only it holds) and its
  proportional share (PSS: its own plus its share of those it shares — with warm sessions,
  the warm process's pages), medians; and the server's resident size.

With ``baseline`` (another checkout of the game), each N is measured on that code and on this,
in turns, ``rounds`` times: the figures are the medians of the rounds, before and after.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import os
import random
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncssh

ARRIVAL = 0.5  # seconds between one session's connection and the next
PACE = 3.0  # seconds a player "thinks" between actions, on average: a quick human (--pace)


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


def _memory_kib(pid: int) -> dict[str, int]:
    """A process's resident, proportional and own (unique) memory, in KiB."""
    found = {"rss": 0, "pss": 0, "uss": 0}
    try:
        lines = Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()
    except OSError:
        return found
    for line in lines:
        name, _, rest = line.partition(":")
        words = rest.split()
        if not words or not words[0].isdigit():
            continue
        if name == "Rss":
            found["rss"] = int(words[0])
        elif name == "Pss":
            found["pss"] = int(words[0])
        elif name in ("Private_Clean", "Private_Dirty"):
            found["uss"] += int(words[0])
    return found


def _cmdline(pid: int) -> list[bytes]:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return []


def _processes(server_pid: int) -> tuple[list[int], list[int]]:
    """The sessions' game processes (the server's children, or the warm process's), and the
    warm process (if the server keeps one)."""
    sessions, warm = [], []
    for child in _children(server_pid):
        if b"warm" in _cmdline(child):
            warm.append(child)
            sessions.extend(_children(child))
        else:
            sessions.append(child)
    return sessions, warm


def _cpu_seconds(pid: int) -> float:
    """User and system CPU a process has used so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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
        self.tail = (self.tail + data)[-20000:]
        _ACTIVITY.set()

    def first_after(self, moment: float) -> float | None:
        index = bisect.bisect_right(self.arrivals, moment)
        return self.arrivals[index] if index < len(self.arrivals) else None


_ACTIVITY = asyncio.Event()  # set when anything arrives: waiting costs nothing between


async def _wait(check: Any, timeout: float) -> bool:
    """Wait until ``check()`` holds, looking again whenever something arrives."""
    deadline = time.perf_counter() + timeout
    while not check():
        left = deadline - time.perf_counter()
        if left <= 0:
            return False
        _ACTIVITY.clear()
        if check():
            return True
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(_ACTIVITY.wait(), min(left, 0.5))
    return True


class _Tracker:
    """The bench's own view of each game: a spectator on the host's socket."""

    def __init__(self, link: Any) -> None:
        self.link = link
        self.games: dict[str, Any] = {}  # id → latest GameInfo
        self.opened: asyncio.Queue[str] = asyncio.Queue()

    async def run(self) -> None:
        from ahoy_tui.server import messages as msg
        from ahoy_tui.server.link import HostGone

        try:
            while True:
                message = await self.link.receive()
                if isinstance(message, msg.Opened):
                    self.games[message.game.id] = message.game
                    self.opened.put_nowait(message.game.id)
                elif isinstance(message, msg.Update):
                    self.games[message.game.id] = message.game
                _ACTIVITY.set()
        except HostGone:
            pass


async def _wait_for_file(path: Path, timeout: float) -> None:
    deadline = time.perf_counter() + timeout
    while not path.exists() and time.perf_counter() < deadline:
        await asyncio.sleep(0.1)


async def measure(sessions: int, seconds: float, folder: Path,
                  pace: float = PACE, code: Path | None = None) -> dict[str, Any]:
    import json
    import socket as sockets
    import subprocess
    import sys

    from ahoy_tui.server import messages as msg
    from ahoy_tui.server.link import HostLink

    global _ACTIVITY
    _ACTIVITY = asyncio.Event()  # one per event loop: each N runs in its own
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(sessions)]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "players.json").write_text(json.dumps(  # known players: no first-visit question
        {f"key:{key.get_fingerprint()}": {"name": f"p{i}"} for i, key in enumerate(keys)}))
    with sockets.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    # the server in a process of its own, as in use: the load generator does not share its CPU
    env = dict(os.environ)
    if code is not None:  # another checkout's game: its package first on the path
        env["PYTHONPATH"] = str(code)
    server = subprocess.Popen(
        [sys.executable, "-m", "ahoy_tui", "serve", "--data", str(folder), "--open",
         "--port", str(port), "--max-connections", str(sessions + 8),
         "--max-per-address", str(sessions + 8), "--max-games", str(sessions + 8),
         "--think", "0.05"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env,
        cwd=str(code) if code is not None else None)
    try:
        assert server.stdout is not None
        await asyncio.wait_for(asyncio.to_thread(server.stdout.readline), 60)
        if code is None:  # this code keeps a warm process: the players come once it is ready
            await _wait_for_file(folder / "warm.sock", 60)
        return await _load(sessions, seconds, folder, port, keys, server.pid, msg, HostLink,
                           pace)
    finally:
        server.terminate()
        await asyncio.to_thread(server.wait, 30)


async def _load(sessions: int, seconds: float, folder: Path, port: int, keys: list[Any],
                server_pid: int, msg: Any, host_link: Any, pace: float) -> dict[str, Any]:
    connections: list[Any] = []
    terms: dict[int, _Term] = {}
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
        terms[index] = term
        if await _wait(lambda: b"the lobby" in term.tail, 60):
            first_frames.append(time.perf_counter() - start)

    # people arrive two a second (all at once would be a thundering herd of Python starts)
    arrivals = []
    for index in range(sessions):
        arrivals.append(asyncio.create_task(connect(index)))
        await asyncio.sleep(ARRIVAL)
    await asyncio.gather(*arrivals)
    ordered = [terms[i] for i in sorted(terms)]

    link = await host_link.connect(folder / "host.sock")
    link.send(msg.Hello("key:bench", "bench"))
    link.send(msg.SetName("bench"))
    tracker = _Tracker(link)
    reader = asyncio.create_task(tracker.run())
    games: list[tuple[str, list[_Term], _Term | None]] = []
    pairs = [ordered[i:i + 2] for i in range(0, len(ordered) - len(ordered) % 2, 2)]
    lone = ordered[-1] if len(ordered) % 2 else None

    def occupied(game: str, side: str) -> bool:
        info = tracker.games.get(game)
        return info is not None and any(s.side == side and s.occupant == "human"
                                        for s in info.seats)

    async def created(seats: dict[str, str], seed: int) -> str:
        link.send(msg.CreateGame(seats=seats, seed=seed))
        game = await asyncio.wait_for(tracker.opened.get(), 10)
        link.send(msg.LeaveGame(game))
        link.send(msg.WatchGame(game))  # follow it as a spectator: its steps and seats
        await asyncio.wait_for(tracker.opened.get(), 10)
        return game

    for pair in pairs:
        game = await created({"p1": "open", "p2": "open"}, len(games) + 1)
        await asyncio.sleep(0.4)  # the lobby's push reaches the players
        pair[0].chan.write(b"\r")
        await _wait(lambda first=pair[0]: b"Take which side" in first.tail, 15)
        pair[0].chan.write(b"\r")
        await _wait(lambda game=game: occupied(game, "p1"), 15)
        await asyncio.sleep(0.4)
        pair[1].chan.write(b"\r")
        await _wait(lambda game=game: occupied(game, "p2"), 15)
        games.append((game, pair, None))
    if lone is not None:
        if games:  # watch the first game
            games[0] = (games[0][0], games[0][1], lone)
            lone.chan.write(b"w")
        else:  # alone: against a computer captain
            game = await created({"p1": "open", "p2": "ai:easy"}, 1)
            await asyncio.sleep(0.4)
            lone.chan.write(b"\r")
            await _wait(lambda game=game: occupied(game, "p1"), 15)
            games.append((game, [lone], lone))
    await asyncio.sleep(1.0)

    latencies: list[float] = []
    deadline = time.perf_counter() + seconds

    def cpu_now() -> tuple[float, float]:
        return (_cpu_seconds(server_pid),
                sum(_cpu_seconds(pid) for pid in _processes(server_pid)[0]))

    cpu_start, wall_start = cpu_now(), time.perf_counter()

    chooser = random.Random(sessions)

    async def play(game: str, players: list[_Term], watcher: _Term | None) -> None:
        # players do not act in step: each game starts at its own moment, each pause varies
        await asyncio.sleep(chooser.uniform(0, pace))
        while time.perf_counter() < deadline:
            info = tracker.games[game]
            if info.over:
                break
            side = info.to_act
            if not occupied(game, side or ""):
                await asyncio.sleep(0.05)
                continue
            actor = players[0] if side == "p1" or len(players) == 1 else players[1]
            other = watcher if len(players) == 1 else (
                players[1] if actor is players[0] else players[0])
            step = info.step
            sent = time.perf_counter()
            actor.chan.write(b"1")
            moved = lambda step=step: tracker.games[game].step != step  # noqa: E731
            if not await _wait(moved, 1.5):
                actor.chan.write(b"\r")  # a value picker: take its suggestion
                sent = time.perf_counter()
                if not await _wait(moved, 5):
                    continue
            if other is not None:
                seen = lambda other=other, sent=sent: other.first_after(sent)  # noqa: E731
                if await _wait(lambda seen=seen: seen() is not None, 5):
                    latencies.append(seen() - sent)
            await asyncio.sleep(pace * chooser.uniform(0.5, 1.5))

    await asyncio.gather(*(play(*g) for g in games))
    cpu_end, wall = cpu_now(), time.perf_counter() - wall_start
    server_cpu = 100 * (cpu_end[0] - cpu_start[0]) / wall
    sessions_cpu = 100 * (cpu_end[1] - cpu_start[1]) / wall
    pids, warm = _processes(server_pid)
    memory = [_memory_kib(pid) for pid in pids]
    server_mib = _rss_kib(server_pid) / 1024
    warm_mib = sum(_memory_kib(pid)["rss"] for pid in warm) / 1024
    reader.cancel()
    await link.close()
    for conn in connections:
        conn.close()
    return {
        "sessions": sessions,
        "pace_s": pace,
        "connected": len(first_frames),
        "first_frame_ms": {"p50": round(statistics.median(first_frames) * 1000)
                           if first_frames else None,
                           "p95": round(_percentile(first_frames, 0.95) * 1000)
                           if first_frames else None},
        "latency_ms": {"p50": round(_percentile(latencies, 0.5) * 1000, 1),
                       "p95": round(_percentile(latencies, 0.95) * 1000, 1),
                       "actions": len(latencies)},
        "session_mib": {kind: round(statistics.median(m[kind] for m in memory) / 1024, 1)
                        if memory else None for kind in ("uss", "pss", "rss")},
        "server_mib": round(server_mib, 1),
        "warm_mib": round(warm_mib, 1) if warm else None,
        # while they play, in % of one core: the server (host and SSH door), all sessions
        "cpu_percent": {"server": round(server_cpu), "sessions": round(sessions_cpu)},
    }


def run(counts: list[int], seconds: float, pace: float = PACE, baseline: Path | None = None,
        rounds: int = 1) -> list[dict[str, Any]]:
    """Each N measured ``rounds`` times (on the baseline's code and this, in turns, if given);
    one result for each N and code: the medians of its rounds."""
    if any(not 1 <= count <= 200 for count in counts):
        raise ValueError("sessions: between 1 and 200 at once")
    if baseline is not None and not (baseline / "ahoy_tui").is_dir():
        raise ValueError(f"{baseline}: not a checkout of the game (no ahoy_tui folder)")
    codes: list[tuple[str, Path | None]] = [("this", None)]
    if baseline is not None:
        codes.insert(0, ("baseline", baseline))
    results = []
    for count in counts:
        runs: dict[str, list[dict[str, Any]]] = {name: [] for name, _ in codes}
        for _ in range(max(1, rounds)):
            for name, code in codes:
                folder = Path(tempfile.mkdtemp(prefix="ahoy-bench-"))
                try:
                    runs[name].append(asyncio.run(measure(count, seconds, folder, pace, code)))
                finally:
                    shutil.rmtree(folder, ignore_errors=True)
        for name, _ in codes:
            results.append({"code": name, "rounds": len(runs[name]), **_medians(runs[name])})
    return results


def _medians(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """One result whose every figure is the median of the runs' (the first run's otherwise)."""
    if len(runs) == 1:
        return runs[0]

    def merge(values: list[Any]) -> Any:
        if isinstance(values[0], dict):
            return {key: merge([v[key] for v in values]) for key in values[0]}
        numbers = [v for v in values if isinstance(v, int | float) and v == v]
        if len(numbers) != len(values) or isinstance(values[0], bool):
            return values[0]
        middle = statistics.median(numbers)
        return round(middle, 1) if isinstance(middle, float) else middle

    return merge(runs)
