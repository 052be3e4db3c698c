"""The game host under faults and hostile clients: a move is acknowledged only once it is on
disk, and no client can slow, flood or crowd out another (issue 13)."""

from __future__ import annotations

import asyncio
import errno
import json
import time
from pathlib import Path

import pytest

from ahoy_tui.engine import saves
from ahoy_tui.server import host as host_module
from ahoy_tui.server import messages as m
from ahoy_tui.server.host import GameHost
from ahoy_tui.server.link import HostLink

from .conftest import Client, broadside, first_choice


class FullDisk:
    """``write_atomic`` as it behaves on a full disk, while ``full`` is set."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.full = False
        self.refused = 0
        real = saves.write_atomic

        def write(path: Path, text: str) -> None:
            if self.full:
                self.refused += 1
                raise OSError(errno.ENOSPC, "No space left on device")
            real(path, text)

        monkeypatch.setattr(saves, "write_atomic", write)


async def hot_seat(host: GameHost, socket: Path, player: str = "key:alice",
                   name: str = "Alice", **seats: str) -> tuple[Client, str]:
    alice = await Client.connect(socket, player, name)
    alice.send(m.CreateGame(seats=seats or {"p1": "me", "p2": "me"}, seed=3,
                            scenario_data=broadside(3)))
    opened = await alice.expect(m.Opened)
    return alice, opened.game.id


# --- 1. acknowledged means on disk --------------------------------------------------------------
async def test_a_move_that_cannot_be_saved_is_refused_and_the_game_stays_at_its_saved_step(
        host, short_dir, monkeypatch):
    disk = FullDisk(monkeypatch)
    logged: list[str] = []
    host.log = logged.append
    alice, game = await hot_seat(host, short_dir / "host.sock")
    live = host.games[game]
    session = alice.sessions[game]
    session.play(first_choice(session))
    await alice.until_step(game, 1)
    on_disk = saves.load_record(live.game.autosave)
    assert len(on_disk.actions) == 1

    disk.full = True
    state, step = live.game.state, live.game.step
    session.play(first_choice(session))
    refused = await alice.expect(m.Refused)
    assert "could not save your move" in refused.reason and "No space left" in refused.reason
    assert "stays at step 1" in refused.reason
    assert live.game.step == step and live.game.state is state and live.game.last_step == 1
    assert any("not be saved" in line and "No space left" in line for line in logged)
    assert not session.pending  # the player may try again

    disk.full = False
    session.play(first_choice(session))
    await alice.until_step(game, 2)
    assert len(saves.load_record(live.game.autosave).actions) == 2


async def test_a_captain_whose_move_cannot_be_saved_waits_and_plays_once_it_can(
        host, short_dir, monkeypatch):
    disk = FullDisk(monkeypatch)
    host.save_retry = 0.2
    alice, game = await hot_seat(host, short_dir / "host.sock", p1="ai:easy", p2="me")
    live = host.games[game]
    disk.full = True
    notice = await alice.expect(m.Notice, lambda n: "cannot save the battle" in n.text)
    assert "No space left" in notice.text
    stuck = live.game.step  # the captain may have moved once before the disk filled
    assert len(saves.load_record(live.game.autosave).actions) == stuck
    refused_before = disk.refused
    await asyncio.sleep(0.5)
    assert disk.refused > refused_before and live.game.step == stuck  # tried again, unsaved
    disk.full = False
    await alice.until_step(game, stuck + 1)
    assert len(saves.load_record(live.game.autosave).actions) >= stuck + 1


async def test_a_game_or_a_seat_that_cannot_be_kept_is_refused(host, short_dir, monkeypatch):
    disk = FullDisk(monkeypatch)
    alice = await Client.connect(short_dir / "host.sock", "key:alice", "Alice")
    alice.send(m.CreateGame(seats={"p1": "me", "p2": "open"}, seed=1,
                            scenario_data=broadside()))
    game = (await alice.expect(m.Opened)).game.id
    disk.full = True
    alice.send(m.CreateGame(seats={"p1": "me"}, seed=1, scenario_data=broadside()))
    assert "could not keep the game" in (await alice.expect(m.Refused)).reason
    assert list(host.games) == [game]
    bob = await Client.connect(short_dir / "host.sock", "key:bob", "Bob")
    bob.send(m.JoinGame(game, "p2"))
    assert "could not keep your seat" in (await bob.expect(m.Refused)).reason
    assert host.games[game].seats["p2"].occupant == "open"


async def test_an_undo_that_cannot_be_saved_takes_nothing_back(host, short_dir, monkeypatch):
    disk = FullDisk(monkeypatch)
    alice, game = await hot_seat(host, short_dir / "host.sock")
    session = alice.sessions[game]
    session.play(first_choice(session))
    await alice.until_step(game, 1)
    disk.full = True
    alice.send(m.RequestUndo(game))
    assert "could not save the undo" in (await alice.expect(m.Refused)).reason
    assert host.games[game].game.step == 1


# --- 6. games without limit ----------------------------------------------------------------------
async def test_a_player_and_a_guest_may_set_up_only_so_many_unfinished_games(host, short_dir):
    host.max_games, host.max_guest_games = 3, 1
    alice = await Client.connect(short_dir / "host.sock", "key:alice", "Alice")
    for _ in range(3):
        alice.send(m.CreateGame(seats={"p1": "me", "p2": "open"}, scenario_data=broadside()))
        await alice.expect(m.Opened)
    alice.send(m.CreateGame(seats={"p1": "me", "p2": "open"}, scenario_data=broadside()))
    refused = await alice.expect(m.Refused)
    assert "3 unfinished games here, the most a player may set up" in refused.reason
    assert len(host.games) == 3
    sam = await Client.connect(short_dir / "host.sock", "guest:sam:1", "sam", guest=True)
    sam.send(m.CreateGame(seats={"p1": "me", "p2": "open"}, scenario_data=broadside()))
    await sam.expect(m.Opened)
    sam.send(m.CreateGame(seats={"p1": "me", "p2": "open"}, scenario_data=broadside()))
    assert "the most a guest may set up" in (await sam.expect(m.Refused)).reason
    # a finished battle no longer counts
    finished = next(iter(host.games.values()))
    finished.game.autosave = None
    while not finished.game.over:
        finished.game.play(first_choice_of(finished.game))
    alice.send(m.CreateGame(seats={"p1": "me", "p2": "open"}, scenario_data=broadside()))
    await alice.expect(m.Opened)


def first_choice_of(game):  # type: ignore[no-untyped-def]
    legal = game.legal_actions()
    return legal.fixed[0] if legal.fixed else legal.ranges[0].at(legal.ranges[0].high)


async def test_the_lobby_comes_a_page_at_a_time_however_many_games_there_are(host, short_dir):
    host.max_games = 10_000
    alice = await Client.connect(short_dir / "host.sock", "key:alice", "Alice")
    bob = await Client.connect(short_dir / "host.sock", "key:bob", "Bob")
    bob.send(m.CreateGame(seats={"p1": "me", "p2": "open"}, scenario_data=broadside()))
    bobs = (await bob.expect(m.Opened)).game.id
    for _ in range(130):
        alice.send(m.CreateGame(seats={"p1": "me", "p2": "open"}, scenario_data=broadside()))
        await alice.expect(m.Opened)
    sizes = []
    seen: list[str] = []
    offset = 0
    while True:
        bob.send(m.ListGames(offset))
        lobby = await bob.expect(m.Lobby)
        sizes.append(len(m.encode(lobby)))
        assert lobby.total == 131 and lobby.offset == offset
        assert len(lobby.games) <= m.LOBBY_PAGE
        seen += [g.id for g in lobby.games]
        offset += len(lobby.games)
        if offset >= lobby.total:
            break
    assert seen[0] == bobs  # his own game first
    assert sorted(seen) == sorted(host.games) and len(sizes) == 3
    assert max(sizes) < 40_000  # a page, however long the list


async def test_finished_games_leave_the_lobby_a_while_after_their_end(short_dir):
    folder = short_dir / "data"
    host = GameHost(folder, captain_delay=0.0, log=lambda t: None)
    host.lobby_interval = 0.01
    await host.start(short_dir / "host.sock")
    try:
        alice, game = await hot_seat(host, short_dir / "host.sock")
        session = alice.sessions[game]
        while not session.over:
            session.play(first_choice(session))
            await alice.until_step(game, session.step + 1)
        live = host.games[game]
        assert live.finished is not None
        seats = json.loads((folder / "games" / f"{game}.seats.json").read_text())
        assert seats["finished"] == live.finished
        alice.send(m.LeaveGame(game))
        alice.send(m.ListGames())
        assert [g.id for g in (await alice.expect(m.Lobby)).games] == [game]
        host.finished_listed = 0.0
        alice.send(m.ListGames())
        assert (await alice.expect(m.Lobby)).games == ()
        assert (folder / "games" / f"{game}.json").exists()  # still there to replay
    finally:
        await host.close()
    # nor is it loaded again by a restarted host
    again = GameHost(folder, captain_delay=0.0, log=lambda t: None, finished_listed=0.0)
    assert game not in again.games
    assert game in GameHost(folder, captain_delay=0.0, log=lambda t: None).games


# --- 7. floods -----------------------------------------------------------------------------------
async def test_a_client_that_does_not_read_is_cut_off_and_its_backlog_freed(
        host, short_dir, monkeypatch):
    monkeypatch.setattr(host_module, "OUTBOX_LIMIT", 200_000)
    logged: list[str] = []
    host.log = logged.append
    alice, game = await hot_seat(host, short_dir / "host.sock")
    _reader, writer = await asyncio.open_unix_connection(str(short_dir / "host.sock"))
    writer.write(m.encode(m.Hello("key:mallory")))
    writer.write(m.encode(m.SetName("Mallory")))
    # each watch is answered with the whole battle, again and again: and nobody reads it
    watch = m.encode(m.WatchGame(game))
    for _ in range(3000):
        writer.write(watch)
        if writer.transport.is_closing():
            break
        await asyncio.sleep(0)
    deadline = time.monotonic() + 20
    while not any("cut off Mallory" in line for line in logged):
        assert time.monotonic() < deadline, logged
        await asyncio.sleep(0.05)
    assert not any(c.name == "Mallory" for c in host.clients)
    assert all(c.waiting <= host_module.OUTBOX_LIMIT + m.MAX_LINE for c in host.clients)
    # and the player goes on as before
    session = alice.sessions[game]
    session.play(first_choice(session))
    await alice.until_step(game, 1)
    writer.close()


async def test_a_flood_of_lobby_requests_is_coalesced_and_slows_nobody_else(host, short_dir):
    host.max_games = 10_000
    alice, game = await hot_seat(host, short_dir / "host.sock")
    for _ in range(60):
        alice.send(m.CreateGame(seats={"p1": "me", "p2": "open"}, scenario_data=broadside()))
        await alice.expect(m.Opened)
    flooder = await HostLink.connect(short_dir / "host.sock")
    flooder.send(m.Hello("guest:flood:1", "flood", guest=True))
    request = m.encode(m.ListGames())
    stop = asyncio.Event()
    lobbies = 0

    async def flood() -> None:
        while not stop.is_set():
            flooder.writer.write(request * 50)
            await flooder.writer.drain()

    async def read() -> None:
        nonlocal lobbies
        while not stop.is_set():
            if isinstance(await flooder.receive(), m.Lobby):
                lobbies += 1

    tasks = [asyncio.create_task(flood()), asyncio.create_task(read())]
    await asyncio.sleep(0.5)
    session = alice.sessions[game]
    delays = []
    for step in range(1, 6):
        start = time.monotonic()
        session.play(first_choice(session))
        await alice.until_step(game, step)
        delays.append(time.monotonic() - start)
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    flooder_client = next(c for c in host.clients if c.player == "guest:flood:1")
    assert flooder_client.waiting < 200_000  # lobbies are not queued up for it
    assert lobbies <= 5 / host_module.LOBBY_EVERY  # at most ten a second
    assert sorted(delays)[2] < 0.25, delays  # the median move is not held up
    flooder.writer.transport.abort()  # what it sent is still queued: do not wait to flush it


# --- 8. a deeply nested line ---------------------------------------------------------------------
async def test_a_deeply_nested_line_is_refused_and_the_connection_goes_on(host, short_dir):
    alice = await Client.connect(short_dir / "host.sock", "key:alice", "Alice")
    alice.link.writer.write(b"[" * 200_000 + b"\n")
    refused = await alice.expect(m.Refused)
    assert "nested more than 64 deep" in refused.reason
    alice.link.writer.write(b'{"type": "list_games", "offset": ' + b"[" * 70 + b"]" * 70
                            + b"}\n")
    assert "nested more than 64 deep" in (await alice.expect(m.Refused)).reason
    alice.send(m.ListGames())
    assert isinstance(await alice.expect(m.Lobby), m.Lobby)


async def test_a_line_longer_than_the_limit_is_refused_and_the_connection_goes_on(
        host, short_dir):
    alice = await Client.connect(short_dir / "host.sock", "key:alice", "Alice")
    alice.link.writer.write(b'{"type": "set_name", "name": "' + b"a" * (m.MAX_LINE + 10)
                            + b'"}\n')
    assert "longer than 1 MiB" in (await alice.expect(m.Refused)).reason
    alice.send(m.ListGames())
    assert isinstance(await alice.expect(m.Lobby), m.Lobby)


# --- 9. names ------------------------------------------------------------------------------------
async def test_guests_names_are_marked_and_never_a_players_or_another_guests(host, short_dir):
    socket = short_dir / "host.sock"
    await Client.connect(socket, "key:mate", "mate")
    guest = await Client.connect(socket, "guest:mate:1", "mate", guest=True)
    welcome = next(w for w in guest.seen if isinstance(w, m.Welcome))
    assert welcome.name == "mate 2 (guest)"
    twin = await Client.connect(socket, "guest:mate:2", "mate", guest=True)
    assert next(w for w in twin.seen if isinstance(w, m.Welcome)).name == "mate 3 (guest)"
    cyrillic = await Client.connect(socket, "guest:mate:3", "m\u0430te", guest=True)
    assert next(w for w in cyrillic.seen if isinstance(w, m.Welcome)).name.endswith(
        " 4 (guest)")
    # a browser guest chooses a name: one too like another's is refused, saying whose
    browser = await Client.connect(socket, "guest:web:1", "", guest=True)
    browser.send(m.SetName("MATE"))
    assert "taken" in (await browser.expect(m.Refused)).reason
    browser.send(m.SetName("m\u0430te"))  # with a Cyrillic a
    assert "too like 'mate'" in (await browser.expect(m.Refused)).reason
    browser.send(m.SetName("Sam"))
    assert (await browser.expect(m.Welcome)).name == "Sam (guest)"
    # and a player with a key cannot take a look-alike of a registered name either
    other = await Client.connect(socket, "key:other", "")
    other.send(m.SetName("m\u0430te"))
    assert "too like 'mate'" in (await other.expect(m.Refused)).reason
    other.send(m.SetName("\uff4d\uff41\uff54\uff45"))  # fullwidth letters: NFKC makes them ASCII
    assert "taken" in (await other.expect(m.Refused)).reason


async def test_a_guest_who_leaves_takes_their_games_along_even_those_they_stepped_out_of(
        host, short_dir):
    """Else a guest could set up two games, step out of them, come back as a new guest and
    set up two more, for ever: games with a ghost in their seat."""
    socket = short_dir / "host.sock"
    sam = await Client.connect(socket, "guest:sam:1", "sam", guest=True)
    made = []
    for _ in range(2):
        sam.send(m.CreateGame(seats={"p1": "me", "p2": "open"}, scenario_data=broadside()))
        made.append((await sam.expect(m.Opened)).game.id)
        sam.send(m.LeaveGame(made[-1]))  # back to the lobby: the seat is still his
    alice = await Client.connect(socket, "key:alice", "Alice")
    alice.send(m.ListGames())
    assert {g.id for g in (await alice.expect(m.Lobby)).games} == set(made)
    await sam.close()
    deadline = time.monotonic() + 5
    while host.games and time.monotonic() < deadline:
        await asyncio.sleep(0.02)
    assert host.games == {}
