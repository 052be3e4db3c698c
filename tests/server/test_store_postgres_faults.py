"""The shared store under faults: what a player or spectator is sent is what is committed, and a
database that cuts the hosts' connections refuses a move at worst, never drops a player."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import asyncpg
import pytest

from ahoy_tui.engine import Game
from ahoy_tui.server import messages as m
from ahoy_tui.server import store_postgres, store_postgres_link
from ahoy_tui.server.link import HostGone
from ahoy_tui.server.store import KeptGame, Seat, StoreError
from ahoy_tui.server.store_postgres import PostgresStore

from .conftest import Client, broadside, first_choice
from .shared_store import a_host, actions_of, fetch_value, until


async def terminate_every_backend(admin: asyncpg.Connection, database: str = "") -> int:
    """Cut every connection to the database (the admin's, by default) but the admin's own, as
    an administrator (or a failover) would: the hosts' pools and listening connections alike."""
    count: int = await admin.fetchval(
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
        "WHERE datname = coalesce(nullif($1, ''), current_database()) "
        "AND pid <> pg_backend_pid()", database)
    return count


# --- item: a spectator sees only what is committed ---------------------------------------------
async def test_a_spectator_opened_while_a_move_waits_on_the_database_sees_only_the_kept_step(
        database, short_dir: Path, monkeypatch):
    # the database answers slowly enough to time out within the test, not the 5 s it allows
    monkeypatch.setattr(store_postgres, "TIMEOUT", 1.0)
    monkeypatch.setattr(store_postgres_link, "TIMEOUT", 1.0)
    socket_a = short_dir / "a" / "host.sock"
    first = await a_host(database, short_dir / "a")
    second = await a_host(database, short_dir / "b")
    admin = await asyncpg.connect(database)
    try:
        alice = await Client.connect(socket_a, "key:alice", "Alice")
        alice.send(m.CreateGame(seats={"p1": "me", "p2": "me"}, seed=3,
                                scenario_data=broadside(3)))
        game = (await alice.expect(m.Opened)).game.id
        erin = await Client.connect(socket_a, "key:erin", "Erin")  # watching from before
        frank = await Client.connect(socket_a, "key:frank", "Frank")
        for watcher in (erin, frank):
            watcher.send(m.WatchGame(game))
            await watcher.expect(m.Opened)
        alice.sessions[game].play(first_choice(alice.sessions[game]))
        await alice.until_step(game, 1)
        await erin.until_step(game, 1)
        # another transaction holds the game's row: Alice's next move waits on it
        holder = admin.transaction()
        await holder.start()
        await admin.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", game)
        alice.sessions[game].play(first_choice(alice.sessions[game]))
        await asyncio.sleep(0.3)
        # meanwhile Carol starts watching, and Frank stops (everyone in the game is told)
        carol = await Client.connect(socket_a, "key:carol", "Carol")
        carol.send(m.WatchGame(game))
        await frank.close()
        refused = await alice.expect(m.Refused)
        assert "could not save your move" in refused.reason and "stays at step 1" in \
            refused.reason, refused.reason
        await holder.rollback()
        opened = await carol.expect(m.Opened)
        # the database kept step 1, and step 1 is all anyone was shown
        assert await fetch_value(database, "SELECT step FROM games WHERE id = $1", game) == 1
        assert opened.game.step == 1 and opened.last_step == 1
        assert carol.sessions[game].state == alice.sessions[game].state
        shown = [msg.game.step for client in (alice, erin) for msg in client.seen
                 if isinstance(msg, m.Opened | m.Update)]
        assert max(shown) == 1 and all(msg.last_step <= 1 for client in (alice, erin, carol)
                                       for msg in client.seen
                                       if isinstance(msg, m.Opened | m.Update)), shown
        # the move tried again goes through, and each watcher is told of it once
        alice.sessions[game].play(first_choice(alice.sessions[game]))
        for client in (alice, erin, carol):
            await client.until_step(game, 2)
        await asyncio.sleep(0.1)
        for client in (erin, carol):
            assert client.sessions[game].events_at(2) == alice.sessions[game].events_at(2)
            assert client.sessions[game].state == alice.sessions[game].state
        assert [s for s, _ in await actions_of(database, game)] == [1, 2]
        await until(lambda: second.games[game].game.step == 2, "the other host to follow")
    finally:
        await admin.close()
        await first.close()
        await second.close()


# --- item: connections cut by the database -----------------------------------------------------
async def test_a_move_made_the_moment_the_database_cut_every_connection_is_kept(database):
    """The pool's connections were cut a moment ago and the driver has not seen them close:
    the next statement on one raised InternalClientError ("cannot switch to state 15; another
    operation (2) is in progress"), which nobody caught. Now the dead connection is dropped and
    the transaction, not begun, is tried on a new one."""
    store = await PostgresStore.open(database)
    admin = await asyncpg.connect(database)
    try:
        kept = KeptGame("cut01", Game.new("ahoy", scenario_data=broadside(30), seed=7),
                        {"p1": Seat(), "p2": Seat()})
        await store.add_game(kept)
        for cut in range(10):
            await terminate_every_backend(admin)
            step = kept.game.step
            await store.play(kept, next(iter(kept.game.legal_actions())))
            assert kept.game.step == step + 1, cut
        assert [s for s, _ in await actions_of(database, "cut01")] == list(range(1, 11))
        # and every other use of the database: each answers, or is one StoreError line
        for cut in range(5):
            await terminate_every_backend(admin)
            loaded = await store.load_game("cut01")
            assert loaded is not None and loaded.game.step == 10, cut
            await terminate_every_backend(admin)
            assert isinstance(await store.live_hosts(), set)  # (its own listener may be away)
            await terminate_every_backend(admin)
            assert (await store.refresh(kept)).actions == []
            await terminate_every_backend(admin)
            await store.keep_seat(kept, "p1", Seat())
    finally:
        await admin.close()
        await store.close()


@pytest.mark.parametrize(("cut", "played"), [
    (["kept"], True),  # committed, then the connection lost: it was kept, so it is played
    (["lost"], True),  # lost before it committed: nothing kept, so it is tried again
    (["lost", "lost"], False),  # and again: refused, saying why
])
async def test_a_commit_cut_off_is_found_kept_or_not_in_the_database(
        database, monkeypatch, cut, played):
    """The connection is lost while the COMMIT is on its way: the host cannot tell from it
    whether the step was kept, so it asks the database on another connection."""
    store = await PostgresStore.open(database)
    try:
        kept = KeptGame("cut02", Game.new("ahoy", scenario_data=broadside(), seed=7),
                        {"p1": Seat(), "p2": Seat()})
        await store.add_game(kept)
        commit = asyncpg.transaction.Transaction.commit
        cuts = list(cut)  # the move's commits only: not the looks at what was kept

        async def cut_off(transaction: asyncpg.transaction.Transaction) -> None:
            if transaction._readonly or not cuts:
                return await commit(transaction)
            await (commit(transaction) if cuts.pop(0) == "kept" else transaction.rollback())
            raise asyncpg.ConnectionDoesNotExistError("connection was closed in the middle "
                                                      "of operation")

        monkeypatch.setattr(asyncpg.transaction.Transaction, "commit", cut_off)
        action = next(iter(kept.game.legal_actions()))
        if played:
            await store.play(kept, action)
            assert (kept.game.step, kept.game.last_step) == (1, 1)
        else:
            with pytest.raises(StoreError, match="closed in the middle"):
                await store.play(kept, action)
            assert (kept.game.step, kept.game.last_step) == (0, 0)
        assert not cuts
        monkeypatch.undo()
        assert len(await actions_of(database, "cut02")) == kept.game.step
    finally:
        await store.close()


async def test_a_database_that_cannot_be_reached_is_a_store_fault_for_every_request(
        database, postgres):
    store = await PostgresStore.open(database)
    try:
        kept = KeptGame("down01", Game.new("ahoy", scenario_data=broadside(), seed=7),
                        {"p1": Seat(), "p2": Seat()})
        await store.add_game(kept)
        # every new connection is refused, and the pool's own are gone
        name = database.rsplit("/", 1)[1]
        admin = await asyncpg.connect(postgres.url)
        try:
            await admin.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false")
            await terminate_every_backend(admin, name)
            await asyncio.sleep(0.05)
            requests = [store.play(kept, next(iter(kept.game.legal_actions()))),
                        store.load_game("down01"), store.refresh(kept), store.live_hosts(),
                        store.keep_seat(kept, "p1", Seat()), store.keep_finished(kept),
                        store.set_name("key:zed", "Zed"), store.add_game(kept)]
            for request in requests:
                with pytest.raises(StoreError) as refused:
                    await request
                assert "\n" not in str(refused.value)
            assert kept.game.step == 0 and kept.game.last_step == 0
            await store.announce({"what": "hello"})  # unkept news: lost, quietly
            await store.refresh_player("key:zed")
        finally:
            await admin.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true")
            await admin.close()
        await store.play(kept, next(iter(kept.game.legal_actions())))  # back: it is kept
        assert [s for s, _ in await actions_of(database, "down01")] == [1]
    finally:
        await store.close()


async def test_players_keep_their_connections_while_the_database_cuts_the_hosts_again_and_again(
        database, short_dir: Path, monkeypatch):
    monkeypatch.setattr(store_postgres, "RECONNECT_EVERY", 0.05)  # listen again at once
    chooser = random.Random(34)
    first = await a_host(database, short_dir / "a")
    second = await a_host(database, short_dir / "b")
    admin = await asyncpg.connect(database)
    try:
        alice = await Client.connect(short_dir / "a" / "host.sock", "key:alice", "Alice")
        bob = await Client.connect(short_dir / "b" / "host.sock", "key:bob", "Bob")
        carol = await Client.connect(short_dir / "b" / "host.sock", "key:carol", "Carol")
        alice.send(m.CreateGame(seats={"p1": "me", "p2": "open"}, seed=2,
                                scenario_data=broadside(60)))
        game = (await alice.expect(m.Opened)).game.id
        bob.send(m.JoinGame(game, "p2"))
        await bob.expect(m.Opened)
        carol.send(m.WatchGame(game))
        await carol.expect(m.Opened)
        players = {"p1": alice, "p2": bob}
        kept = refused = cuts = 0
        while cuts < 30:
            session = alice.sessions[game]
            assert not session.over
            actor = players[session.to_act or ""]
            step = actor.sessions[game].step
            actor.sessions[game].play(first_choice(actor.sessions[game]))
            if chooser.random() < 0.8:  # mid-move, a moment after it was sent (or idle)
                await asyncio.sleep(chooser.choice([0, 0, 0.001, 0.003, 0.01]))
                await terminate_every_backend(admin)
                cuts += 1
            answer = await actor.expect((m.Update, m.Refused), lambda msg, s=step: not isinstance(
                msg, m.Update) or msg.game.step > s)
            if isinstance(answer, m.Refused):
                # refused saying why, the game where the database has it (a commit cut off
                # that did happen, unknown to the host, is found when the move is tried again:
                # the battle has moved on)
                assert ("could not save your move" in answer.reason and "database" in
                        answer.reason) or "moved on" in answer.reason, answer.reason
                refused += 1
                continue
            kept += 1
            for client in (*players.values(), carol):  # the other host follows, in time
                await client.until_step(game, step + 1)
        # nobody was dropped: each still answers on their own connection
        for client in (alice, bob, carol):
            client.send(m.ListGames())
            await client.expect(m.Lobby)
        last = alice.sessions[game].step
        assert [s for s, _ in await actions_of(database, game)] == list(range(1, last + 1))
        assert bob.sessions[game].step == carol.sessions[game].step == last
        assert first.games[game].game.state_hash() == second.games[game].game.state_hash()
        assert kept >= 20, (kept, refused)  # most go through at once (the dead are replaced)
    except HostGone as exc:
        pytest.fail(f"a player was dropped: {exc}")
    finally:
        await admin.close()
        await first.close()
        await second.close()
