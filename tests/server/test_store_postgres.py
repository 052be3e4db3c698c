"""Several game hosts sharing one lobby and the same games through PostgreSQL.

Every test runs real hosts on a real database (the ``database`` fixture: a new database on the
tests' own scratch server), and real clients on the hosts' sockets."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from ahoy_tui.server import messages as m
from ahoy_tui.server.host import GameHost
from ahoy_tui.server.store import StoreError
from ahoy_tui.server.store_open import open_store
from ahoy_tui.server.store_postgres import MIGRATIONS, PostgresStore

from .conftest import Client, broadside, first_choice, free_port
from .shared_store import a_host, actions_of, until


@pytest.fixture
async def hosts(database: str, short_dir: Path) -> AsyncIterator[tuple[GameHost, GameHost]]:
    first = await a_host(database, short_dir / "a")
    second = await a_host(database, short_dir / "b")
    yield first, second
    await first.close()
    await second.close()


async def open_duel(alice_socket: Path, bob_socket: Path, turn_limit: int = 1,
                    seed: int = 5) -> tuple[Client, Client, str]:
    """Alice sets up a battle on one host; Bob finds it in the lobby of the other and joins."""
    alice = await Client.connect(alice_socket, "key:alice", "Alice")
    bob = await Client.connect(bob_socket, "key:bob", "Bob")
    alice.send(m.CreateGame(seats={"p1": "me", "p2": "open"}, seed=seed,
                            scenario_data=broadside(turn_limit)))
    game = (await alice.expect(m.Opened)).game.id
    bob.send(m.JoinGame(game, "p2"))
    await bob.expect(m.Opened)
    return alice, bob, game


# --- the schema --------------------------------------------------------------------------------
async def test_the_schema_is_made_on_an_empty_database_and_a_newer_one_is_refused(
        database, short_dir):
    store = await PostgresStore.open(database)
    await store.close()
    conn = await asyncpg.connect(database)
    try:
        tables = {row["table_name"] for row in await conn.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")}
        assert {"schema_version", "players", "games", "actions"} <= tables
        assert await conn.fetchval("SELECT version FROM schema_version") == len(MIGRATIONS)
        # opening it again changes nothing
        await (await PostgresStore.open(database)).close()
        assert await conn.fetchval("SELECT count(*) FROM schema_version") == 1
        await conn.execute("UPDATE schema_version SET version = $1", len(MIGRATIONS) + 1)
    finally:
        await conn.close()
    with pytest.raises(StoreError, match="newer than this program's"):
        await PostgresStore.open(database)
    # and `ahoy serve` says so in one line, and stops
    server = subprocess.Popen([sys.executable, "-m", "ahoy_tui", "serve", "--data",
                               str(short_dir / "data"), "--port", str(free_port()),
                               "--store", database], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    out, err = await asyncio.to_thread(server.communicate, timeout=60)
    assert server.returncode == 2 and out == "" and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    assert f"schema is version {len(MIGRATIONS) + 1}, newer than this program's" in err
    assert "postgresql://postgres@127.0.0.1" in err


async def test_a_database_of_schema_1_is_migrated_and_its_games_resumed(database):
    from ahoy_tui.engine import Game
    from ahoy_tui.server.store_postgres import setup_data

    game = Game.new("ahoy", scenario_data=broadside(), seed=7)
    game.play(next(iter(game.legal_actions())))
    conn = await asyncpg.connect(database)
    try:  # a database as the first PostgreSQL store left it: jsonb, one game a step in
        await conn.execute("CREATE TABLE schema_version (version integer NOT NULL)")
        await conn.execute(MIGRATIONS[0])
        await conn.execute("INSERT INTO schema_version (version) VALUES (1)")
        await conn.execute(
            "INSERT INTO games (id, setup, seats, created, step) VALUES ('old01', $1::jsonb, "
            "$2::jsonb, 0, 1)", json.dumps(setup_data(game)),
            json.dumps({"p1": {"occupant": "open"}, "p2": {"occupant": "open"}}))
        await conn.execute("INSERT INTO actions (game, step, action, hash) VALUES ('old01', 1, "
                           "$1::jsonb, $2)", json.dumps(game.action_data(game.action_at(1))),
                           game.state_hash())
        store = await PostgresStore.open(database)
        try:
            resumed = await store.kept_games(3600)
        finally:
            await store.close()
        assert [(k.id, k.game.step, k.game.state_hash()) for k in resumed
                if not isinstance(k, str)] == [("old01", 1, game.state_hash())], resumed
        assert await conn.fetchval("SELECT version FROM schema_version") == len(MIGRATIONS)
        kinds = await conn.fetch("SELECT table_name, column_name, data_type FROM "
                                 "information_schema.columns WHERE table_schema = 'public' "
                                 "AND data_type IN ('json', 'jsonb') ORDER BY 1, 2")
        # what a host gives is kept as text, byte for byte; only the options merge as jsonb
        assert [tuple(row) for row in kinds] == [
            ("actions", "action", "json"), ("games", "seats", "json"),
            ("games", "setup", "json"), ("players", "options", "jsonb")]
    finally:
        await conn.close()


async def test_a_database_that_cannot_be_reached_is_one_line(short_dir):
    with pytest.raises(StoreError, match="cannot reach the database") as refused:
        await open_store(f"postgresql://nobody:secret@127.0.0.1:{free_port()}/none")
    assert "secret" not in str(refused.value) and "\n" not in str(refused.value)


# --- two hosts, one battle ---------------------------------------------------------------------
@pytest.mark.parametrize("watched_from", ["a", "b"])
async def test_two_players_on_two_hosts_play_to_the_end_and_a_watcher_sees_every_step(
        database, short_dir, hosts, watched_from):
    first, second = hosts
    alice, bob, game = await open_duel(short_dir / "a" / "host.sock",
                                       short_dir / "b" / "host.sock")
    carol = await Client.connect(short_dir / watched_from / "host.sock", "key:carol", "Carol")
    carol.send(m.WatchGame(game))
    await carol.expect(m.Opened)
    # each player sees the other connected, though on another host
    await alice.expect(m.Update, lambda u: u.game.seats[1].connected)
    steps_seen: list[int] = []
    players = {"p1": alice, "p2": bob}
    while not alice.sessions[game].over:
        actor = players[alice.sessions[game].to_act or ""]
        step = actor.sessions[game].step
        actor.sessions[game].play(first_choice(actor.sessions[game]))
        for client in (alice, bob):
            await client.until_step(game, step + 1)
        while carol.sessions[game].step < step + 1:
            update = await carol.expect(m.Update)
            if update.game.step:  # not a seat's news before the first move
                steps_seen.append(update.game.step)
        assert alice.sessions[game].state == bob.sessions[game].state == \
            carol.sessions[game].state
    last = alice.sessions[game].step
    assert last >= 4 and bob.sessions[game].over and carol.sessions[game].over
    # the watcher was shown each step, one after another, none skipped
    assert sorted(set(steps_seen)) == list(range(1, last + 1))
    # both hosts hold the battle as the database has it, and the dice each player saw agree
    assert first.games[game].game.state_hash() == second.games[game].game.state_hash()
    assert [step for step, _ in await actions_of(database, game)] == list(range(1, last + 1))
    for client in (bob, carol):
        assert [client.sessions[game].events_at(s) for s in range(last + 1)] == \
            [alice.sessions[game].events_at(s) for s in range(last + 1)]


async def test_the_lobby_is_shared_and_pushed_to_the_other_host(database, short_dir, hosts):
    bob = await Client.connect(short_dir / "b" / "host.sock", "key:bob", "Bob")
    bob.send(m.ListGames())
    assert (await bob.expect(m.Lobby)).games == ()
    alice = await Client.connect(short_dir / "a" / "host.sock", "key:alice", "Alice")
    alice.send(m.CreateGame(seats={"p1": "me", "p2": "open"}, scenario_data=broadside()))
    game = (await alice.expect(m.Opened)).game.id
    # Bob, in the lobby of the other host, is shown it without asking again, Alice in it
    lobby = await bob.expect(m.Lobby, lambda lobby: bool(lobby.games)
                             and lobby.games[0].seats[0].connected)
    assert [g.id for g in lobby.games] == [game]
    assert lobby.games[0].seats[0].name == "Alice" and lobby.games[0].seats[1].occupant == "open"
    # a name is one name across the hosts: a look-alike is refused on the other host
    mallory = await Client.connect(short_dir / "b" / "host.sock", "key:mallory")
    mallory.send(m.SetName("\u0410lice"))  # a Cyrillic A
    assert "too like 'Alice'" in (await mallory.expect(m.Refused)).reason
    # Bob takes the free seat on his host; Alice's host shows it taken, and by whom
    bob.send(m.JoinGame(game, "p2"))
    await bob.expect(m.Opened)
    update = await alice.expect(m.Update, lambda u: u.game.seats[1].occupant == "human")
    assert update.game.seats[1].name == "Bob"
    # a third who wants the same seat is told it is taken, on either host
    for where in ("a", "b"):
        dave = await Client.connect(short_dir / where / "host.sock", f"key:dave{where}",
                                    f"Dave {where}")
        dave.send(m.JoinGame(game, "p2"))
        assert "taken (Bob)" in (await dave.expect(m.Refused)).reason


async def test_two_hosts_seating_two_players_in_one_seat_at_once_seat_one(
        database, short_dir, hosts):
    alice = await Client.connect(short_dir / "a" / "host.sock", "key:alice", "Alice")
    alice.send(m.CreateGame(seats={"p1": "me", "p2": "open"}, scenario_data=broadside()))
    game = (await alice.expect(m.Opened)).game.id
    bob = await Client.connect(short_dir / "a" / "host.sock", "key:bob", "Bob")
    dave = await Client.connect(short_dir / "b" / "host.sock", "key:dave", "Dave")
    await until(lambda: game in hosts[1].games, "the second host to hear of the game")
    bob.send(m.JoinGame(game, "p2"))
    dave.send(m.JoinGame(game, "p2"))
    answers = [await bob.expect((m.Opened, m.Refused)), await dave.expect((m.Opened, m.Refused))]
    assert sorted(type(a).__name__ for a in answers) == ["Opened", "Refused"]
    winner = "Bob" if isinstance(answers[0], m.Opened) else "Dave"
    assert f"taken ({winner})" in next(a for a in answers if isinstance(a, m.Refused)).reason
    await until(lambda: all(h.games[game].seats["p2"].name == winner for h in hosts))


async def test_a_seat_follows_its_key_to_the_other_host(database, short_dir, hosts):
    alice, bob, game = await open_duel(short_dir / "a" / "host.sock",
                                       short_dir / "a" / "host.sock")
    players = {"p1": alice, "p2": bob}
    for _ in range(2):
        actor = players[alice.sessions[game].to_act or ""]
        step = actor.sessions[game].step
        actor.sessions[game].play(first_choice(actor.sessions[game]))
        await alice.until_step(game, step + 1)
        await bob.until_step(game, step + 1)
    await bob.close()
    # Bob comes back through the other host: his game comes first, marked his, and he sits
    bob = await Client.connect(short_dir / "b" / "host.sock", "key:bob")
    assert next(w for w in bob.seen if isinstance(w, m.Welcome)).name == "Bob"
    bob.send(m.ListGames())
    lobby = await bob.expect(m.Lobby)
    assert lobby.games[0].id == game and lobby.games[0].yours == ("p2",)
    bob.send(m.JoinGame(game))
    opened = await bob.expect(m.Opened)
    assert opened.you == ("p2",) and opened.game.step == 2
    players["p2"] = bob
    while not alice.sessions[game].over:
        actor = players[alice.sessions[game].to_act or ""]
        step = actor.sessions[game].step
        actor.sessions[game].play(first_choice(actor.sessions[game]))
        await alice.until_step(game, step + 1)
        await bob.until_step(game, step + 1)
    assert bob.sessions[game].over


# --- racing ------------------------------------------------------------------------------------
# (two stores racing one step, over every built-in scenario: test_store_postgres_scenarios.py)


async def test_one_player_acting_at_once_on_two_hosts_plays_one_action(
        database, short_dir, hosts):
    socket_a, socket_b = short_dir / "a" / "host.sock", short_dir / "b" / "host.sock"
    here = await Client.connect(socket_a, "key:alice", "Alice")
    here.send(m.CreateGame(seats={"p1": "me", "p2": "me"}, seed=3,
                           scenario_data=broadside(3)))
    game = (await here.expect(m.Opened)).game.id
    there = await Client.connect(socket_b, "key:alice")
    there.send(m.JoinGame(game))
    await there.expect(m.Opened)
    async def pump(client: Client) -> None:
        while True:
            await client.receive()

    readers = [asyncio.create_task(pump(client)) for client in (here, there)]
    try:
        for attempt in range(5):  # both at once, before either host hears of the other's
            step = here.sessions[game].step
            before = (len(here.refusals), len(there.refusals))
            for client in (here, there):
                client.sessions[game].play(first_choice(client.sessions[game]))

            def refusals(before: tuple[int, int] = before) -> list[str]:
                return here.refusals[before[0]:] + there.refusals[before[1]:]

            await until(lambda s=step: here.sessions[game].step == there.sessions[game].step
                        == s + 1 and refusals(), "one move played and the other refused")
            await asyncio.sleep(0.1)  # nothing more comes
            assert len(refusals()) == 1 and "moved on" in refusals()[0], refusals()
            rows = await actions_of(database, game)
            assert [s for s, _ in rows] == list(range(1, step + 2)), attempt
            assert here.sessions[game].step == step + 1
    finally:
        for reader in readers:
            reader.cancel()
        await asyncio.gather(*readers, return_exceptions=True)
    assert hosts[0].games[game].game.state_hash() == hosts[1].games[game].game.state_hash()


async def test_captains_raced_by_both_hosts_record_each_step_once(
        database, short_dir, hosts, monkeypatch):
    monkeypatch.setattr(GameHost, "_plays_captains", lambda self, live: True)
    alice = await Client.connect(short_dir / "a" / "host.sock", "key:alice", "Alice")
    alice.send(m.CreateGame(seats={"p1": "ai:easy", "p2": "ai:easy"}, seed=11,
                            scenario_data=broadside(2)))
    game = (await alice.expect(m.Opened)).game.id
    await until(lambda: all(game in h.games and h.games[game].game.over for h in hosts),
                "both hosts to see the captains' battle end", within=30)
    rows = await actions_of(database, game)
    last = hosts[0].games[game].game.step
    assert [s for s, _ in rows] == list(range(1, last + 1)) and last >= 4
    assert hosts[0].games[game].game.state_hash() == hosts[1].games[game].game.state_hash()


# --- undo across hosts -------------------------------------------------------------------------
async def test_an_undo_asked_on_one_host_is_answered_on_the_other_and_both_go_back(
        database, short_dir, hosts):
    alice, bob, game = await open_duel(short_dir / "a" / "host.sock",
                                       short_dir / "b" / "host.sock")
    carol = await Client.connect(short_dir / "b" / "host.sock", "key:carol", "Carol")
    carol.send(m.WatchGame(game))
    await carol.expect(m.Opened)
    alice.sessions[game].play(first_choice(alice.sessions[game]))  # no dice yet
    for client in (alice, bob, carol):
        await client.until_step(game, 1)
    alice.send(m.RequestUndo(game))
    assert "Asked your opponent" in (await alice.expect(m.Notice)).text
    asked = await bob.expect(m.UndoAsked)
    assert asked.by == "Alice" and asked.steps == 1
    bob.send(m.AnswerUndo(game, False))
    assert "Bob refused" in (await alice.expect(m.Notice, lambda n: "refused" in n.text)).text
    alice.send(m.RequestUndo(game))
    await bob.expect(m.UndoAsked)
    bob.send(m.AnswerUndo(game, True))
    for client in (alice, bob, carol):
        update = await client.expect(m.Update, lambda u: u.reset)
        assert update.game.step == 0
    assert await actions_of(database, game) == []
    for host in hosts:
        await until(lambda h=host: h.games[game].game.step == 0 and h.games[game].epoch == 1)
    # and the battle goes on from there, on both hosts
    alice.sessions[game].play(first_choice(alice.sessions[game]))
    await bob.until_step(game, 1)
    assert [s for s, _ in await actions_of(database, game)] == [1]


# --- a host that dies --------------------------------------------------------------------------
def serve(database: str, folder: Path) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "ahoy_tui", "serve", "--open", "--data",
                             str(folder), "--port", str(free_port()), "--store", database,
                             "--think", "0.05"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


async def test_a_killed_host_loses_nothing_and_its_players_carry_on_on_the_other(
        database, short_dir):
    doomed = serve(database, short_dir / "doomed")
    try:
        assert doomed.stdout is not None
        assert "ssh -p" in await asyncio.to_thread(doomed.stdout.readline)
        survivor = await a_host(database, short_dir / "b")
        try:
            socket = short_dir / "doomed" / "host.sock"
            alice, bob, game = await open_duel(socket, socket, turn_limit=2)
            carol = await Client.connect(short_dir / "b" / "host.sock", "key:carol", "Carol")
            carol.send(m.WatchGame(game))
            await carol.expect(m.Opened)
            await until(lambda: survivor.games[game].connected() == {"key:alice", "key:bob"},
                        "the other host to know who is on the doomed one")
            players = {"p1": alice, "p2": bob}
            acknowledged = 0
            for _ in range(3):
                actor = players[alice.sessions[game].to_act or ""]
                step = actor.sessions[game].step
                actor.sessions[game].play(first_choice(actor.sessions[game]))
                for client in (alice, bob):  # acknowledged to the player, and seen by both
                    await client.until_step(game, step + 1)
                acknowledged = step + 1
            # the next move is on its way when the host is killed: no goodbye, no clean-up
            actor = players[alice.sessions[game].to_act or ""]
            actor.sessions[game].play(first_choice(actor.sessions[game]))
            os.kill(doomed.pid, signal.SIGKILL)
            await asyncio.to_thread(doomed.wait, 20)
            kept = len(await actions_of(database, game))
            assert kept >= acknowledged  # every acknowledged move is in the database
            # the survivor forgets the dead host's players once its connection is gone
            await until(lambda: not survivor.games[game].connected(), "presence to go")
            # the players come back through the other host, and carry on where it stands
            resumed = {}
            for key, name in (("key:alice", "Alice"), ("key:bob", "Bob")):
                client = await Client.connect(short_dir / "b" / "host.sock", key)
                assert next(w for w in client.seen if isinstance(w, m.Welcome)).name == name
                client.send(m.JoinGame(game))
                opened = await client.expect(m.Opened)
                assert opened.game.step == kept
                resumed[opened.you[0]] = client
            assert carol.sessions[game].step <= kept
            while not resumed["p1"].sessions[game].over:
                actor = resumed[resumed["p1"].sessions[game].to_act or ""]
                step = actor.sessions[game].step
                actor.sessions[game].play(first_choice(actor.sessions[game]))
                for client in (*resumed.values(), carol):
                    await client.until_step(game, step + 1)
            last = resumed["p1"].sessions[game].step
            assert [s for s, _ in await actions_of(database, game)] == list(range(1, last + 1))
            assert carol.sessions[game].over
        finally:
            await survivor.close()
    finally:
        if doomed.poll() is None:
            doomed.kill()
        doomed.communicate(timeout=20)


async def test_a_host_taking_over_plays_the_captains_the_dead_host_played(
        database, short_dir):
    doomed = serve(database, short_dir / "doomed")
    try:
        assert doomed.stdout is not None
        assert "ssh -p" in await asyncio.to_thread(doomed.stdout.readline)
        survivor = await a_host(database, short_dir / "b")
        try:
            alice = await Client.connect(short_dir / "doomed" / "host.sock", "key:alice",
                                         "Alice")
            alice.send(m.CreateGame(seats={"p1": "ai:easy", "p2": "ai:easy"}, seed=4,
                                    scenario_data=broadside(2)))
            game = (await alice.expect(m.Opened)).game.id
            # Alice follows it on the doomed host, so that host plays its captains
            await until(lambda: game in survivor.games
                        and survivor.games[game].connected() == {"key:alice"},
                        "the survivor to know Alice follows it on the other host")
            await alice.until_step(game, 1)
            os.kill(doomed.pid, signal.SIGKILL)
            await asyncio.to_thread(doomed.wait, 20)
            step = len(await actions_of(database, game))
            # the survivor finds the host gone, and its captains waiting: it plays them
            await until(lambda: survivor.games[game].game.over,
                        "the captains to play on to the end on the survivor", within=30)
            last = survivor.games[game].game.step
            assert last > step
            assert [s for s, _ in await actions_of(database, game)] == list(range(1, last + 1))
        finally:
            await survivor.close()
    finally:
        if doomed.poll() is None:
            doomed.kill()
        doomed.communicate(timeout=20)


# --- a database that goes away -----------------------------------------------------------------
async def test_while_the_database_is_down_moves_are_refused_and_none_is_lost(short_dir):
    from ahoy_tui.server.store_scratch import ScratchServer, missing

    if missing():
        pytest.skip(missing())
    server = ScratchServer().start()  # its own, to stop and start again
    try:
        first = await a_host(server.url, short_dir / "a")
        second = await a_host(server.url, short_dir / "b")
        try:
            alice, bob, game = await open_duel(short_dir / "a" / "host.sock",
                                               short_dir / "b" / "host.sock", turn_limit=3)
            alice.sessions[game].play(first_choice(alice.sessions[game]))
            await bob.until_step(game, 1)
            await alice.until_step(game, 1)
            actor = alice if alice.sessions[game].to_act == "p1" else bob
            await asyncio.to_thread(server.pause)
            actor.sessions[game].play(first_choice(actor.sessions[game]))
            refused = await actor.expect(m.Refused)
            assert "could not save your move" in refused.reason and "stays at step 1" in \
                refused.reason and "database" in refused.reason
            assert first.games[game].game.step == second.games[game].game.step == 1
            await asyncio.to_thread(server.resume)
            # once it is back the move goes through (the first try may meet a connection the
            # database dropped, and is refused the same way), and the other host follows it
            for _attempt in range(10):
                actor.sessions[game].play(first_choice(actor.sessions[game]))
                answer = await actor.expect((m.Update, m.Refused))
                if isinstance(answer, m.Update) and answer.game.step == 2:
                    break
                await asyncio.sleep(0.3)
            other = bob if actor is alice else alice
            await other.until_step(game, 2)
            assert [s for s, _ in await actions_of(server.url, game)] == [1, 2]
        finally:
            await first.close()
            await second.close()
    finally:
        server.stop()
