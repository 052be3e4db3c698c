"""How fast a move crosses from one host to another through the shared store.

``python -m ahoy_tui.server.store_bench`` starts two game hosts, each a process of its own, on
one PostgreSQL database (``--store URL``, else a scratch server of the machine's PostgreSQL,
with fsync on, as a real one), puts Alice on one and Bob on the other, and has them play moves
in turn. For each move it times, from the moment the mover sends it:

- **ack**: the mover's own update: the host has checked, committed and answered it;
- **other host**: the opponent's update on the other host: commit, NOTIFY, the other host
  reading and replaying the action, and its message to the opponent.

For comparison it plays the same moves with both players on one host keeping files (the
default store). Loopback only, bounded: ``--moves`` moves a run (200), ``--runs`` runs (3).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ahoy_tui.server import messages as m
from ahoy_tui.server.link import HostLink
from ahoy_tui.server.remote import RemoteSession

TIMEOUT = 20.0


def scenario() -> dict[str, Any]:
    """Two anchored ships out of each other's reach: every move is a decision, no battle
    ends early, and the battle lasts as many turns as asked."""
    ship = {"size": "small", "heading": "E", "anchored": True, "speed": 0,
            "crew": {"sailor": 7}, "guns": [{"weapon": "naval_cannon", "mount": "starboard"}]}
    return {
        "name": "bench", "title": "Bench", "description": "Far apart.",
        "options": {"wind": "S", "wind_changes": False, "turn_limit": 200},
        "sides": [{"id": "p1", "name": "Empire"}, {"id": "p2", "name": "Pirates"}],
        "ships": [{**ship, "id": "hawk", "name": "Hawk", "side": "p1", "x": 10, "y": 10},
                  {**ship, "id": "kite", "name": "Kite", "side": "p2", "x": 50, "y": 40}],
    }


class Player:
    """One bench client: a connection, and the battle as it sees it."""

    def __init__(self, link: HostLink) -> None:
        self.link = link
        self.session: RemoteSession | None = None
        self.arrived: dict[int, float] = {}  # step → when its update came

    @classmethod
    async def join(cls, socket: Path, key: str, name: str) -> Player:
        player = cls(await HostLink.connect(socket))
        player.link.send(m.Hello(key, name))
        welcome = await player.wait(m.Welcome)
        if not welcome.name:
            player.link.send(m.SetName(name))
            await player.wait(m.Welcome)
        return player

    async def wait(self, kind: type[Any]) -> Any:
        while True:
            message = await asyncio.wait_for(self.link.receive(), TIMEOUT)
            self.took(message)
            if isinstance(message, m.Refused):
                raise RuntimeError(f"refused: {message.reason}")
            if isinstance(message, kind):
                return message

    def took(self, message: m.Message) -> None:
        if isinstance(message, m.Opened):
            self.session = RemoteSession(message, self.link.send)
        elif isinstance(message, m.Update) and self.session is not None:
            self.session.updated(message)
            self.arrived.setdefault(message.game.step, time.perf_counter())

    async def until(self, step: int) -> float:
        while step not in self.arrived:
            self.took(await asyncio.wait_for(self.link.receive(), TIMEOUT))
        return self.arrived[step]


def choice(session: RemoteSession) -> Any:
    legal = session.legal_actions()
    if legal.fixed:
        return legal.fixed[-1]  # the last: past any firing, so the battle goes on turn by turn
    return legal.ranges[0].at(legal.ranges[0].low)


async def play(alice: Player, bob: Player, moves: int) -> tuple[list[float], list[float]]:
    """``moves`` moves in turn; (ack, other) delays in milliseconds."""
    alice.link.send(m.CreateGame(seats={"p1": "me", "p2": "open"}, seed=1,
                                 scenario_data=scenario()))
    opened = await alice.wait(m.Opened)
    bob.link.send(m.JoinGame(opened.game.id, "p2"))
    await bob.wait(m.Opened)
    acks, others = [], []
    players = {"p1": alice, "p2": bob}
    for _ in range(moves):
        assert alice.session is not None
        mover = players[alice.session.to_act or "p1"]
        other = bob if mover is alice else alice
        assert mover.session is not None and other.session is not None
        step = mover.session.step + 1
        sent = time.perf_counter()
        mover.session.play(choice(mover.session))
        acked = await mover.until(step)
        seen = await other.until(step)
        acks.append((acked - sent) * 1000)
        others.append((seen - sent) * 1000)
        if mover.session.over:
            break
    return acks, others


def start_host(store: str, socket: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "ahoy_tui.server.store_bench", "host",
                             "--store", store, "--socket", str(socket)],
                            stdout=subprocess.PIPE)


async def run_host(store: str, socket: Path) -> None:
    from ahoy_tui.server.host import GameHost
    from ahoy_tui.server.store_open import open_store

    host = GameHost(await open_store(store), log=lambda text: None)
    await host.start(socket)
    print("ready", flush=True)
    with contextlib.suppress(asyncio.CancelledError):
        await asyncio.Event().wait()


async def one_run(stores: list[str], folder: Path, moves: int) -> tuple[
        list[float], list[float]]:
    """One host per store given; Alice on the first, Bob on the last."""
    sockets = [folder / f"host{number}.sock" for number in range(len(stores))]
    hosts = [start_host(store, sock) for store, sock in zip(stores, sockets, strict=True)]
    try:
        for host in hosts:
            assert host.stdout is not None
            if b"ready" not in await asyncio.to_thread(host.stdout.readline):
                raise RuntimeError("a host did not start")
        tag = str(time.monotonic_ns())
        alice = await Player.join(sockets[0], f"key:alice{tag}", f"Alice {tag[-6:]}")
        bob = await Player.join(sockets[-1], f"key:bob{tag}", f"Bob {tag[-6:]}")
        return await play(alice, bob, moves)
    finally:
        for host in hosts:
            host.terminate()
            host.wait(10)


def summary(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"p50 {statistics.median(ordered):6.1f} ms   p95 {p95:6.1f} ms"


async def bench(args: argparse.Namespace) -> int:
    scratch = None
    url = args.store
    if not url:
        from ahoy_tui.server.store_scratch import ScratchServer, missing

        if missing():
            print(f"no --store given, and no scratch server: {missing()}", file=sys.stderr)
            return 2
        scratch = ScratchServer(durable=True).start()
        url = scratch.url
    folder = Path(tempfile.mkdtemp(prefix="ahoy-bench-"))
    try:
        print(f"{args.moves} moves a run, {args.runs} runs; loopback; figures per run")
        for name, stores in (("two hosts, PostgreSQL", [url, url]),
                             ("one host, files", [str(folder / "data")])):
            where = "opponent, other host" if len(stores) > 1 else "opponent, same host"
            for run in range(args.runs):
                acks, others = await one_run(stores, folder, args.moves)
                print(f"{name:21} run {run + 1}: ack {summary(acks)}  ·  {where}: "
                      f"{summary(others)}", flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        if scratch is not None:
            scratch.stop()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ahoy_tui.server.store_bench",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("role", nargs="?", default="bench", choices=("bench", "host"))
    parser.add_argument("--store", help="postgresql://… (default: a scratch server)")
    parser.add_argument("--socket", help="(host) where to listen")
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    if args.role == "host":
        asyncio.run(run_host(args.store, Path(args.socket)))
        return 0
    return asyncio.run(bench(args))


if __name__ == "__main__":
    sys.exit(main())
