"""A real game host on a real Unix socket, and scripted clients that talk to it."""

from __future__ import annotations

import asyncio
import secrets
import shutil
import socket
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from ahoy_tui.server import messages as m
from ahoy_tui.server.host import GameHost
from ahoy_tui.server.link import HostLink
from ahoy_tui.server.remote import RemoteSession

TIMEOUT = 10.0


def broadside(turn_limit: int = 1) -> dict[str, Any]:
    """Two anchored ships a few inches apart, broadside to broadside: a short battle."""
    ship = {"size": "small", "heading": "E", "anchored": True, "speed": 0,
            "crew": {"sailor": 7}, "guns": [{"weapon": "naval_cannon", "mount": "starboard"},
                                            {"weapon": "naval_cannon", "mount": "port"}]}
    return {
        "name": "broadside", "title": "Broadside", "description": "Point blank.",
        "options": {"wind": "S", "wind_changes": False, "turn_limit": turn_limit},
        "sides": [{"id": "p1", "name": "Empire"}, {"id": "p2", "name": "Pirates"}],
        "ships": [{**ship, "id": "hawk", "name": "Hawk", "side": "p1", "x": 30, "y": 20},
                  {**ship, "id": "kite", "name": "Kite", "side": "p2", "x": 30, "y": 26}],
    }


def free_port() -> int:
    """A TCP port on loopback that nobody listens on (now)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def short_dir() -> Any:
    """A folder with a short path (a Unix socket's path is limited to ~107 bytes)."""
    folder = Path(tempfile.mkdtemp(prefix="ahoy-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
async def host(short_dir: Path) -> AsyncIterator[GameHost]:
    game_host = GameHost(short_dir / "data", think=0.05, captain_delay=0.0,
                         log=lambda text: None)
    game_host.lobby_interval = 0.01
    await game_host.start(short_dir / "host.sock")
    yield game_host
    await game_host.close()


class Client:
    """A scripted player: a real connection to the host, and the sessions it opens."""

    def __init__(self, link: HostLink) -> None:
        self.link = link
        self.sessions: dict[str, RemoteSession] = {}
        self.seen: list[m.Message] = []
        self.refusals: list[str] = []

    @classmethod
    async def connect(cls, socket: Path, player: str, name: str = "",
                      guest: bool = False) -> Client:
        client = cls(await HostLink.connect(socket))
        client.link.send(m.Hello(player, name, guest))
        welcome = await client.expect(m.Welcome)
        if not welcome.name and name:
            client.link.send(m.SetName(name))
            await client.expect(m.Welcome)
        return client

    def send(self, message: m.Message) -> None:
        self.link.send(message)

    async def receive(self) -> m.Message:
        message = await asyncio.wait_for(self.link.receive(), TIMEOUT)
        self.seen.append(message)
        if isinstance(message, m.Opened):
            session = RemoteSession(message, self.link.send)
            session.on_refused = self.refusals.append
            self.sessions[message.game.id] = session
        elif isinstance(message, m.Update) and message.game.id in self.sessions:
            self.sessions[message.game.id].updated(message)
        elif isinstance(message, m.Refused) and message.game in self.sessions:
            self.sessions[message.game].refused(message)
        return message

    async def expect(self, kind: type[Any], where: Any = None) -> Any:
        """Read until a message of ``kind`` (that ``where`` accepts) arrives."""
        while True:
            message = await self.receive()
            if isinstance(message, kind) and (where is None or where(message)):
                return message

    async def until_step(self, game: str, step: int) -> RemoteSession:
        while game not in self.sessions or self.sessions[game].step < step:
            await self.receive()
        return self.sessions[game]

    async def close(self) -> None:
        await self.link.close()


def first_choice(session: RemoteSession) -> Any:
    legal = session.legal_actions()
    if legal.fixed:
        return legal.fixed[0]
    choice = legal.ranges[0]
    return choice.at(choice.high)


# --- a PostgreSQL of the tests' own, for the shared store ---------------------------------------
@pytest.fixture(scope="session")
def postgres() -> Any:
    """A scratch PostgreSQL server for this test process (each xdist worker has its own),
    stopped and removed after the session. Skipped only when the server is not installed."""
    from ahoy_tui.server.store_scratch import ScratchServer, missing

    why = missing()
    if why:
        pytest.skip(why)
    server = ScratchServer().start()
    yield server
    server.stop()


@pytest.fixture
async def database(postgres: Any) -> AsyncIterator[str]:
    """The URL of a new, empty database on the tests' server, dropped after the test."""
    import asyncpg

    name = f"t_{secrets.token_hex(6)}"
    admin = await asyncpg.connect(postgres.url)
    try:
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    yield postgres.url_of(name)
    admin = await asyncpg.connect(postgres.url)
    try:
        await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    finally:
        await admin.close()
