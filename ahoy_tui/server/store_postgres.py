"""The PostgreSQL store: players, games and every action in one database that hosts share.

Several ``ahoy serve --store postgresql://…`` hosts use one database: any host can serve any
player, and a host that dies loses nothing, since nothing it acknowledged lives only in it.

- **Tables.** ``players`` (key fingerprint → name, options), ``games`` (the set-up, as a record
  without actions; the seats; the present ``step``; the ``epoch``) and ``actions`` (one row a
  step, primary key ``(game, step)``). ``schema_version`` says which of :data:`MIGRATIONS` the
  database has; the program applies the missing ones at start (under an advisory lock, so two
  hosts starting at once do not both migrate) and refuses a database newer than it knows.
- **Kept as given.** The set-up, the seats and each action are ``json``, the very text the host
  wrote, keys in its order: what a host reads back is what another host gave, byte for byte,
  so a game replays the same wherever it is read, whatever its rules make of key order.
  (``jsonb`` keeps an object's keys in an order of its own, and games whose set-up followed
  the order of their scenario's keys were lost on a restart: migration 2.)
- **One transaction an action.** :meth:`PostgresStore.play` works the action out on the
  host's copy of the game without moving it, then locks the game's row (``FOR UPDATE``),
  checks that the game still stands at the step and epoch this host played from, inserts the
  action and moves the game on, and NOTIFYs the other hosts, all in one transaction; only once
  that is committed does the host's copy take the step. So nothing the host shows a player or
  a spectator was not committed first, and the notification goes out only if it is. A host
  that finds the game moved on raises :class:`Overtaken`: it was beaten to that step, and
  refreshes before it checks the request again.
- **Faults.** Every error of the database, the driver or the network is one
  :class:`StoreError`; a broken connection is discarded, and a transaction that met one before
  committing is tried again on a new one (``store_postgres_link.py``).
- **Undo truncates.** A rewind deletes the actions past the target and adds one to the game's
  ``epoch``: a host that sees the epoch move rebuilds its copy from the database.
- **Notifications** go on one channel, :data:`CHANNEL`, as small JSON objects naming the host
  that sent them (each host ignores its own): ``{"what": "step", "game", "step", "epoch"}``,
  ``"rewind"`` (the same), ``"game"`` (a game set up, a seat taken or freed, an end),
  ``"player"`` (a name or option), and the unkept ``"presence"``, ``"hello"``,
  ``"undo_asked"`` and ``"undo_refused"`` that hosts tell each other. A notification only says
  what to read again: a host always reads the database, so one that arrives late, twice or out
  of order does no harm.
- **Liveness.** Each host's listening connection is named ``ahoy-host ID``
  (``application_name``): the hosts alive are the connections the database has open, and a
  killed host's connection closes with it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from collections.abc import Iterator
from typing import Any

import asyncpg
from attrs import evolve

from ahoy_tui.engine import Game
from ahoy_tui.engine.events import Event
from ahoy_tui.engine.record import GameRecord
from ahoy_tui.engine.serialize import converter
from ahoy_tui.server.players import Players, free_name, is_guest
from ahoy_tui.server.store import (
    Heard,
    KeptGame,
    Overtaken,
    Refreshed,
    Seat,
    SeatTaken,
    StoreError,
)
from ahoy_tui.server.store_postgres_link import (
    DATABASE_ERRORS,
    POOL_SIZE,
    TIMEOUT,
    Uncertain,
    one_line,
    shown,
    transact,
)

CHANNEL = "ahoy"
HOST_NAME = "ahoy-host "  # the application_name of a host's listening connection, and its id
MIGRATION_LOCK = 0x41686F79  # "Ahoy": the advisory lock two starting hosts migrate under
NAMES_LOCK = 0x4E616D65  # "Name": two hosts naming two players at once check one another
RECONNECT_EVERY = 1.0  # seconds between tries to listen again after the database went away

# The schema, one migration a version: a database at version N has had the first N applied.
# Never edit one that has shipped; add the next.
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE IF NOT EXISTS players (
        player text PRIMARY KEY,
        name text NOT NULL DEFAULT '',
        options jsonb NOT NULL DEFAULT '{}'
    );
    CREATE TABLE IF NOT EXISTS games (
        id text PRIMARY KEY,
        setup jsonb NOT NULL,              -- the record without its actions (seed, scenario…)
        seats jsonb NOT NULL,
        creator text NOT NULL DEFAULT '',
        created double precision NOT NULL,
        finished double precision,         -- when the battle ended (Unix time)
        step integer NOT NULL DEFAULT 0,   -- how many actions it has
        epoch integer NOT NULL DEFAULT 0   -- how many times it was rewound (an undo)
    );
    CREATE TABLE IF NOT EXISTS actions (
        game text NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        step integer NOT NULL,             -- the step this action makes: 1 for the first
        action jsonb NOT NULL,
        hash text NOT NULL,                -- the state's hash after it: a replay checks it
        note text NOT NULL DEFAULT '',     -- what a computer captain said of it
        at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (game, step)
    );
    CREATE INDEX IF NOT EXISTS games_finished ON games (finished);
    """,
    # 2: kept as given. jsonb stores an object's keys in an order of its own (shortest first),
    # and a set-up read back in that order could make another game. What a jsonb column holds
    # now is kept in the order it has (the order it was given in is gone).
    """
    ALTER TABLE games ALTER COLUMN setup TYPE json USING setup::json,
                      ALTER COLUMN seats TYPE json USING seats::json;
    ALTER TABLE actions ALTER COLUMN action TYPE json USING action::json;
    """,
)


async def migrate(conn: asyncpg.Connection) -> int:
    """Bring the schema up to this program's version; refuse a newer one. The version."""
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
        await conn.execute("CREATE TABLE IF NOT EXISTS schema_version "
                           "(version integer NOT NULL)")
        version = await conn.fetchval("SELECT max(version) FROM schema_version") or 0
        known = len(MIGRATIONS)
        if version > known:
            raise StoreError(f"the database's schema is version {version}, newer than this "
                             f"program's ({known}): upgrade Ahoy TUI before serving from it")
        for number in range(version + 1, known + 1):
            await conn.execute(MIGRATIONS[number - 1])
        if version < known:
            await conn.execute("DELETE FROM schema_version")
            await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", known)
    return known


async def _codecs(conn: asyncpg.Connection) -> None:
    for kind in ("json", "jsonb"):
        await conn.set_type_codec(kind, encoder=json.dumps, decoder=json.loads,
                                  schema="pg_catalog")


def setup_data(game: Game) -> dict[str, Any]:
    """The record of a game before its first action: all a host needs to replay it."""
    record = evolve(game.record(), actions=(), hashes=(game.state_hash(0),), cursor=0,
                    meta={})
    data: dict[str, Any] = converter.unstructure(record)
    return data


def rebuilt(setup: dict[str, Any], actions: list[dict[str, Any]], hashes: list[str]) -> Game:
    """The game the set-up and its actions make: replayed trusted, its last state checked
    against the hash kept with the last action (ValueError if it is not that state)."""
    record = converter.structure(setup, GameRecord)
    record = evolve(record, actions=tuple(actions), hashes=(*record.hashes[:1], *hashes),
                    cursor=len(actions))
    game: Game = Game.from_record(record, trust=True)
    return game


class PostgresStore:
    """Players and games in a PostgreSQL database other hosts share (see the module's text)."""

    shared = True
    folder = None

    def __init__(self, url: str, host_id: str, pool: asyncpg.Pool,
                 listener: asyncpg.Connection) -> None:
        self.url = url
        self.host_id = host_id
        self.pool = pool
        self.players = Players(None)
        self._listener: asyncpg.Connection | None = listener
        self._heard: Heard | None = None
        self._queued: list[dict[str, Any]] = []
        self._closing = False
        self._reconnecting: asyncio.Task[None] | None = None

    @property
    def keeps(self) -> bool:
        return True

    # --- opening -------------------------------------------------------------------------------
    @classmethod
    async def open(cls, url: str) -> PostgresStore:
        """Connect, bring the schema up to date, start listening, and read the players.
        :class:`StoreError` in one line when the database cannot be used."""
        host_id = secrets.token_hex(4)
        try:
            listener = await cls._listen_connection(url, host_id)
        except DATABASE_ERRORS as exc:
            raise StoreError(f"cannot reach the database: {one_line(exc)}", shown(url)) from None
        try:
            await migrate(listener)
            pool = await asyncpg.create_pool(url, min_size=1, max_size=POOL_SIZE, init=_codecs,
                                             command_timeout=TIMEOUT, timeout=TIMEOUT)
        except StoreError as exc:
            await listener.close()
            raise StoreError(exc.problem, shown(url)) from None
        except DATABASE_ERRORS as exc:
            await listener.close()
            raise StoreError(f"cannot use the database: {one_line(exc)}", shown(url)) from None
        store = cls(url, host_id, pool, listener)
        try:
            await store._attach(listener)  # before reading anything: no change slips between
            await store._read_players()
        except DATABASE_ERRORS as exc:
            await store.close()
            raise StoreError(f"cannot read the players: {one_line(exc)}", shown(url)) from None
        return store

    @staticmethod
    async def _listen_connection(url: str, host_id: str) -> asyncpg.Connection:
        conn: asyncpg.Connection = await asyncpg.connect(
            url, timeout=TIMEOUT, command_timeout=TIMEOUT,
            server_settings={"application_name": HOST_NAME + host_id})
        return conn

    async def _attach(self, listener: asyncpg.Connection) -> None:
        await listener.add_listener(CHANNEL, self._notified)
        listener.add_termination_listener(self._listener_lost)

    async def _read_players(self) -> None:
        async with self.pool.acquire() as conn:
            for row in await conn.fetch("SELECT player, name, options FROM players"):
                self.players.remember(row["player"], self._known(row))

    @staticmethod
    def _known(row: asyncpg.Record) -> dict[str, str]:
        options = row["options"] or {}
        return {**{str(k): str(v) for k, v in options.items()}, "name": row["name"]}

    # --- hearing other hosts -------------------------------------------------------------------
    def listen(self, heard: Heard) -> None:
        self._heard = heard
        queued, self._queued = self._queued, []
        for payload in queued:
            heard(payload)

    def _notified(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        try:
            data = json.loads(payload)
        except ValueError:
            return
        if not isinstance(data, dict) or data.get("host") == self.host_id:
            return  # our own: this host made the change
        if self._heard is None:
            self._queued.append(data)
        else:
            self._heard(data)

    def _listener_lost(self, _conn: Any) -> None:
        """The database went away (restarted, or the network broke): listen again as soon as
        it is back, then have the host read everything again (it may have missed changes)."""
        self._listener = None
        if not self._closing and self._reconnecting is None:
            self._reconnecting = asyncio.get_running_loop().create_task(self._listen_again())

    async def _listen_again(self) -> None:
        try:
            while not self._closing:
                await asyncio.sleep(RECONNECT_EVERY)
                try:
                    listener = await self._listen_connection(self.url, self.host_id)
                except DATABASE_ERRORS:
                    continue
                try:
                    await self._attach(listener)
                except DATABASE_ERRORS:
                    listener.terminate()  # cut again at once: the next try makes another
                    continue
                self._listener = listener
                payload = {"what": "resync", "host": ""}
                if self._heard is not None:
                    self._heard(payload)
                return
        finally:
            self._reconnecting = None

    async def announce(self, payload: dict[str, Any]) -> None:
        async def notify(conn: asyncpg.Connection) -> None:
            await self._notify(conn, payload)

        with contextlib.suppress(StoreError):  # unkept news: lost with the database
            await transact(self.pool, notify)

    async def _notify(self, conn: asyncpg.Connection, payload: dict[str, Any]) -> None:
        await conn.execute("SELECT pg_notify($1, $2)", CHANNEL,
                           json.dumps({**payload, "host": self.host_id}))

    async def live_hosts(self) -> set[str]:
        async def read(conn: asyncpg.Connection) -> list[asyncpg.Record]:
            rows: list[asyncpg.Record] = await conn.fetch(
                "SELECT application_name FROM pg_stat_activity "
                "WHERE datname = current_database() AND application_name LIKE $1",
                HOST_NAME + "%")
            return rows

        rows = await transact(self.pool, read, readonly=True)
        return {row["application_name"].removeprefix(HOST_NAME) for row in rows}

    # --- games ---------------------------------------------------------------------------------
    async def kept_games(self, finished_listed: float) -> list[KeptGame | str]:
        since = time.time() - finished_listed

        async def read(conn: asyncpg.Connection) -> tuple[list[asyncpg.Record],
                                                          list[asyncpg.Record]]:
            games = await conn.fetch("SELECT * FROM games WHERE finished IS NULL "
                                     "OR finished >= $1 ORDER BY created", since)
            rows = await conn.fetch(
                "SELECT game, action, hash FROM actions WHERE game = ANY($1::text[]) "
                "ORDER BY game, step", [g["id"] for g in games])
            return games, rows

        try:
            games, rows = await transact(self.pool, read, readonly=True)
        except StoreError as exc:
            raise StoreError(f"cannot read the games ({exc.problem})", shown(self.url)) \
                from None
        actions: dict[str, list[asyncpg.Record]] = {}
        for row in rows:
            actions.setdefault(row["game"], []).append(row)
        return list(self._built(games, actions))

    def _built(self, games: list[asyncpg.Record],
               actions: dict[str, list[asyncpg.Record]]) -> Iterator[KeptGame | str]:
        for row in games:
            try:
                yield self._kept(row, actions.get(row["id"], []))
            except (ValueError, TypeError, KeyError) as exc:
                yield f"not resumed: game {row['id']}: {one_line(exc).splitlines()[0]}"

    @staticmethod
    def _seats(data: dict[str, Any]) -> dict[str, Seat]:
        return {side: Seat(**seat) for side, seat in data.items()}

    def _kept(self, row: asyncpg.Record, actions: list[asyncpg.Record]) -> KeptGame:
        game = rebuilt(row["setup"], [a["action"] for a in actions], [a["hash"] for a in actions])
        kept = KeptGame(row["id"], game, self._seats(row["seats"]), created=row["created"],
                        creator=row["creator"], finished=row["finished"], epoch=row["epoch"])
        if game.over and kept.finished is None:
            kept.finished = time.time()
        return kept

    async def load_game(self, game_id: str) -> KeptGame | None:
        async def read(conn: asyncpg.Connection) -> tuple[asyncpg.Record | None,
                                                          list[asyncpg.Record]]:
            row = await conn.fetchrow("SELECT * FROM games WHERE id = $1", game_id)
            if row is None:
                return None, []
            actions = await conn.fetch("SELECT action, hash FROM actions WHERE game = $1 "
                                       "ORDER BY step", game_id)
            return row, list(actions)

        row, actions = await transact(self.pool, read, readonly=True)
        if row is None:
            return None
        try:
            return self._kept(row, actions)
        except (ValueError, TypeError, KeyError) as exc:
            raise StoreError(f"game {game_id} cannot be replayed: {one_line(exc)}") from None

    async def refresh(self, kept: KeptGame) -> Refreshed:
        step, epoch = kept.game.step, kept.epoch

        async def read(conn: asyncpg.Connection) -> tuple[asyncpg.Record | None,
                                                          list[asyncpg.Record]]:
            row = await conn.fetchrow("SELECT * FROM games WHERE id = $1", kept.id)
            if row is None:
                return None, []
            if row["epoch"] != epoch:  # rewound elsewhere: every action, to rebuild it
                return row, list(await conn.fetch("SELECT action, hash FROM actions "
                                                  "WHERE game = $1 ORDER BY step", kept.id))
            return row, list(await conn.fetch("SELECT action, note, hash FROM actions "
                                              "WHERE game = $1 AND step > $2 ORDER BY step",
                                              kept.id, step))

        row, actions = await transact(self.pool, read, readonly=True)
        if row is None:
            raise StoreError(f"game {kept.id} is no longer in the database")
        if row["epoch"] != epoch:
            try:
                again = self._kept(row, actions)
            except (ValueError, TypeError, KeyError) as exc:
                raise StoreError(f"game {kept.id} cannot be replayed: {one_line(exc)}") \
                    from None
            return Refreshed(self._seats(row["seats"]), row["finished"], row["epoch"],
                             rebuilt=again)
        return Refreshed(self._seats(row["seats"]), row["finished"], row["epoch"],
                         actions=[(a["action"], a["note"], a["hash"]) for a in actions])

    async def add_game(self, kept: KeptGame) -> None:
        seats = {side: seat.to_data() for side, seat in kept.seats.items()}
        setup = setup_data(kept.game)

        async def insert(conn: asyncpg.Connection) -> None:
            await conn.execute(
                "INSERT INTO games (id, setup, seats, creator, created, finished, step, epoch) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7, $8)", kept.id, setup, seats,
                kept.creator, kept.created, kept.finished, kept.game.step, kept.epoch)
            await self._notify(conn, {"what": "game", "game": kept.id})

        await transact(self.pool, insert)

    async def play(self, kept: KeptGame, action: Any, note: str = "") -> tuple[Event, ...]:
        game = kept.game
        step, epoch = game.step, kept.epoch
        # worked out here first (the state's hash after it is kept with it, for the others to
        # check), but not shown: the game takes the step only once it is committed
        move = game.preview(action)
        data, digest = game.action_data(move.action), move.state_hash()
        finished = kept.finished
        if move.state.over and finished is None:
            finished = time.time()

        async def record(conn: asyncpg.Connection) -> None:
            await self._still_at(conn, kept.id, step, epoch)
            await conn.execute("INSERT INTO actions (game, step, action, hash, note) "
                               "VALUES ($1, $2, $3, $4, $5)", kept.id, step + 1, data, digest,
                               note)
            await conn.execute("UPDATE games SET step = $2, finished = $3 WHERE id = $1",
                               kept.id, step + 1, finished)
            await self._notify(conn, {"what": "step", "game": kept.id, "step": step + 1,
                                      "epoch": epoch})

        for attempt in (1, 2):
            try:
                await transact(self.pool, record)
                break
            except Uncertain:
                # cut off while committing: the database says whether it was kept; if it was
                # not, nothing of it was, and it is tried again (once)
                recorded = await self._recorded(kept.id, step + 1, epoch, digest)
                if recorded:
                    break
                if recorded is None or attempt == 2:
                    raise
        kept.finished = finished
        return game.take(move)

    async def _recorded(self, game_id: str, step: int, epoch: int, digest: str) -> bool | None:
        """Whether the game's ``step`` is the one whose state hashes to ``digest`` (None when
        the database cannot say)."""
        async def read(conn: asyncpg.Connection) -> bool:
            kept = await conn.fetchval(
                "SELECT a.hash FROM actions a JOIN games g ON g.id = a.game "
                "WHERE a.game = $1 AND a.step = $2 AND g.epoch = $3", game_id, step, epoch)
            return bool(kept == digest)

        try:
            return await transact(self.pool, read, readonly=True)
        except StoreError:
            return None

    @staticmethod
    async def _still_at(conn: asyncpg.Connection, game_id: str, step: int, epoch: int) -> None:
        """Lock the game's row, and check that it stands where this host played from."""
        row = await conn.fetchrow("SELECT step, epoch FROM games WHERE id = $1 FOR UPDATE",
                                  game_id)
        if row is None:
            raise StoreError(f"game {game_id} is no longer in the database")
        if row["step"] != step or row["epoch"] != epoch:
            raise Overtaken()

    async def rewind(self, kept: KeptGame, target: int) -> None:
        game = kept.game
        step, epoch = game.step, kept.epoch
        finished = kept.finished if game.state_at(target).over else None

        async def truncate(conn: asyncpg.Connection) -> None:
            await self._still_at(conn, kept.id, step, epoch)
            await conn.execute("DELETE FROM actions WHERE game = $1 AND step > $2", kept.id,
                               target)
            await conn.execute("UPDATE games SET step = $2, epoch = epoch + 1, finished = $3 "
                               "WHERE id = $1", kept.id, target, finished)
            await self._notify(conn, {"what": "rewind", "game": kept.id, "step": target,
                                      "epoch": epoch + 1})

        await transact(self.pool, truncate)
        game.goto(target)
        kept.epoch += 1
        kept.finished = finished

    async def keep_seat(self, kept: KeptGame, side: str, was: Seat) -> None:
        mine = kept.seats[side].to_data()

        async def seat(conn: asyncpg.Connection) -> None:
            seats = await conn.fetchval("SELECT seats FROM games WHERE id = $1 FOR UPDATE",
                                        kept.id)
            if seats is None:
                raise StoreError(f"game {kept.id} is no longer in the database")
            now = Seat(**seats[side]) if side in seats else Seat()
            if not now.same(was) and not now.same(kept.seats[side]):
                raise SeatTaken(now)
            seats[side] = mine  # the seats as read, in their order, with this one changed
            await conn.execute("UPDATE games SET seats = $2 WHERE id = $1", kept.id, seats)
            await self._notify(conn, {"what": "game", "game": kept.id})

        await transact(self.pool, seat)

    async def keep_finished(self, kept: KeptGame) -> None:
        finished = kept.finished

        async def end(conn: asyncpg.Connection) -> None:
            await conn.execute("UPDATE games SET finished = $2 WHERE id = $1", kept.id,
                               finished)
            await self._notify(conn, {"what": "game", "game": kept.id})

        await transact(self.pool, end)

    # --- players -------------------------------------------------------------------------------
    async def set_name(self, player: str, name: str) -> str:
        async def rename(conn: asyncpg.Connection) -> tuple[str, asyncpg.Record | None]:
            # one host at a time checks a new name against every other: a look-alike cannot
            # be taken on two hosts at once
            await conn.execute("SELECT pg_advisory_xact_lock($1)", NAMES_LOCK)
            others = await conn.fetch("SELECT name FROM players WHERE player <> $1 "
                                      "AND name <> ''", player)
            free = free_name(name, [row["name"] for row in others])
            if is_guest(player):
                return free, None
            row = await conn.fetchrow(
                "INSERT INTO players (player, name) VALUES ($1, $2) ON CONFLICT (player) "
                "DO UPDATE SET name = EXCLUDED.name RETURNING name, options", player, free)
            await self._notify(conn, {"what": "player", "player": player})
            return free, row

        kept, row = await transact(self.pool, rename)
        if row is not None:
            self.players.remember(player, self._known(row))
        return kept

    async def set_option(self, player: str, key: str, value: str) -> None:
        if is_guest(player):
            return

        async def option(conn: asyncpg.Connection) -> asyncpg.Record:
            row: asyncpg.Record = await conn.fetchrow(
                "INSERT INTO players (player, options) VALUES ($1, jsonb_build_object($2::text, "
                "$3::text)) ON CONFLICT (player) DO UPDATE SET options = players.options || "
                "EXCLUDED.options RETURNING name, options", player, key, value)
            await self._notify(conn, {"what": "player", "player": player})
            return row

        self.players.remember(player, self._known(await transact(self.pool, option)))

    async def refresh_player(self, player: str) -> None:
        async def read(conn: asyncpg.Connection) -> asyncpg.Record | None:
            row: asyncpg.Record | None = await conn.fetchrow(
                "SELECT name, options FROM players WHERE player = $1", player)
            return row

        try:
            row = await transact(self.pool, read, readonly=True)
        except StoreError:
            return  # what this host knows will do until the database is back
        self.players.remember(player, self._known(row) if row is not None else {})

    # --- closing -------------------------------------------------------------------------------
    async def close(self) -> None:
        self._closing = True
        if self._reconnecting is not None:
            self._reconnecting.cancel()
        if self._listener is not None:
            with contextlib.suppress(*DATABASE_ERRORS):
                await asyncio.wait_for(self._listener.close(), TIMEOUT)
            self._listener = None
        with contextlib.suppress(*DATABASE_ERRORS):
            await asyncio.wait_for(self.pool.close(), TIMEOUT)
