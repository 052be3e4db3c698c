"""Every built-in scenario of every rule system kept in PostgreSQL: set up on one host, joined
on another, resumed after a restart, and its set-up kept byte for byte.

(The store once kept the set-up as ``jsonb``, which stores an object's keys in an order of its
own; the rule systems whose set-up followed the order of a scenario's keys then lost their
games on a restart or another host: "the set-up does not match the saved game".)"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from ahoy_tui.engine import Game
from ahoy_tui.server import messages as m
from ahoy_tui.server.store import KeptGame, Overtaken, Seat
from ahoy_tui.server.store_postgres import PostgresStore, setup_data

from .conftest import Client, first_choice
from .shared_store import SCENARIO_IDS, SCENARIOS, a_host, actions_of, fetch_value

every_scenario = pytest.mark.parametrize(("ruleset", "scenario"), SCENARIOS, ids=SCENARIO_IDS)


@pytest.fixture(scope="module")
def one_database(postgres: Any) -> Iterator[str]:
    """One database for the store's own tests of this module (each test's games have ids of
    their own): making one a test would cost more than the tests."""
    name = f"t_{secrets.token_hex(6)}"

    async def admin(sql: str) -> None:
        conn = await asyncpg.connect(postgres.url)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    asyncio.run(admin(f"CREATE DATABASE {name}"))
    yield postgres.url_of(name)
    asyncio.run(admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))


def two_choices(game: Game) -> list[object]:
    """Two different legal actions if there are two, else the one twice."""
    legal = list(game.legal_actions())
    return [legal[0], legal[-1]]


# --- the store alone (cheap: every scenario) ---------------------------------------------------
@every_scenario
async def test_every_scenario_is_kept_byte_for_byte_and_rebuilt_by_another_host(
        one_database, ruleset, scenario):
    database, game_id = one_database, f"{ruleset}-{scenario}"
    one, two = await PostgresStore.open(database), await PostgresStore.open(database)
    try:
        kept = KeptGame(game_id, Game.new(ruleset, scenario, seed=7),
                        {"p1": Seat(), "p2": Seat()})
        given = json.dumps(setup_data(kept.game))
        await one.add_game(kept)
        # the set-up is the very text the host gave, keys in its order
        assert await fetch_value(database, "SELECT setup::text FROM games WHERE id = $1",
                                 game_id) == given
        for _ in range(3):
            await one.play(kept, first_choice_of(kept.game))
        # another host builds the same game, at the same step, and so does a restart
        theirs = await two.load_game(game_id)
        assert theirs is not None
        assert (theirs.game.step, theirs.game.state_hash()) == \
            (kept.game.step, kept.game.state_hash())
        restarted = await PostgresStore.open(database)
        try:
            resumed = await restarted.kept_games(3600)
        finally:
            await restarted.close()
        assert not [k for k in resumed if isinstance(k, str) and game_id in k], resumed
        assert {k.id: k.game.state_hash() for k in resumed
                if isinstance(k, KeptGame)}[game_id] == kept.game.state_hash()
        # an undo, followed by the other host (which rebuilds from the store)
        await one.rewind(kept, 1)
        news = await two.refresh(theirs)
        assert news.rebuilt is not None
        assert news.rebuilt.game.state_hash() == kept.game.state_hash(1)
    finally:
        await one.close()
        await two.close()


def first_choice_of(game: Game) -> object:
    return next(iter(game.legal_actions()))


@every_scenario
async def test_two_hosts_racing_one_step_record_exactly_one_action(
        one_database, ruleset, scenario):
    database, game_id = one_database, f"race-{ruleset}-{scenario}"
    one, two = await PostgresStore.open(database), await PostgresStore.open(database)
    try:
        kept = KeptGame(game_id, Game.new(ruleset, scenario, seed=7),
                        {"p1": Seat(), "p2": Seat()})
        await one.add_game(kept)
        mine, theirs = await one.load_game(game_id), await two.load_game(game_id)
        assert mine is not None and theirs is not None
        choices = two_choices(mine.game)
        results = await asyncio.gather(one.play(mine, choices[0]), two.play(theirs, choices[1]),
                                       return_exceptions=True)
        won = [r for r in results if not isinstance(r, BaseException)]
        lost = [r for r in results if isinstance(r, BaseException)]
        assert len(won) == 1 and len(lost) == 1 and isinstance(lost[0], Overtaken), results
        rows = await actions_of(database, game_id)
        assert [step for step, _ in rows] == [1]
        winner, loser = (mine, theirs) if results[0] is won[0] else (theirs, mine)
        assert winner.game.step == 1 and loser.game.step == 0  # the loser played nothing
        assert loser.game.last_step == 0  # not even as an undone step
        # the loser refreshes, and holds what the winner recorded
        refreshed = await (two if loser is theirs else one).refresh(loser)
        assert [action for action, _note, _hash in refreshed.actions] == [rows[0][1]]
        assert refreshed.actions[0][2] == winner.game.state_hash()
    finally:
        await one.close()
        await two.close()


# --- real hosts: joined on the other, resumed after a restart ----------------------------------
@every_scenario
async def test_a_game_of_every_scenario_is_joined_on_another_host_and_resumed_after_a_restart(
        database, short_dir: Path, ruleset, scenario):
    socket_a, socket_b = short_dir / "a" / "host.sock", short_dir / "b" / "host.sock"
    logs: list[str] = []
    first = await a_host(database, short_dir / "a", log=logs.append)
    second = await a_host(database, short_dir / "b", log=logs.append)
    try:
        alice = await Client.connect(socket_a, "key:alice", "Alice")
        alice.send(m.CreateGame(ruleset, scenario, seats={"p1": "me", "p2": "open"}, seed=5))
        game = (await alice.expect(m.Opened)).game.id
        bob = await Client.connect(socket_b, "key:bob", "Bob")
        bob.send(m.JoinGame(game, "p2"))
        joined = await bob.expect((m.Opened, m.Refused))
        assert isinstance(joined, m.Opened), joined
        players = {"p1": alice, "p2": bob}

        async def move() -> int:
            actor = players[alice.sessions[game].to_act or ""]
            step = actor.sessions[game].step
            actor.sessions[game].play(first_choice(actor.sessions[game]))
            for client in players.values():
                await client.until_step(game, step + 1)
            return step + 1

        for _ in range(2):
            step = await move()
        assert first.games[game].game.state_hash() == second.games[game].game.state_hash()
        # host A restarts: the game is resumed at the step the database holds
        await alice.close()
        await first.close()
        first = await a_host(database, short_dir / "a", log=logs.append)
        assert game in first.games, logs
        assert first.games[game].game.step == step
        assert first.games[game].game.state_hash() == second.games[game].game.state_hash()
        alice = await Client.connect(socket_a, "key:alice")
        alice.send(m.JoinGame(game))
        opened = await alice.expect(m.Opened)
        assert opened.game.step == step and opened.you == ("p1",)
        players["p1"] = alice
        await move()  # and the battle goes on across the two hosts
        assert [s for s, _ in await actions_of(database, game)] == list(range(1, step + 2))
        assert not [line for line in logs if "not resumed" in line or "cannot" in line], logs
    finally:
        await first.close()
        await second.close()
