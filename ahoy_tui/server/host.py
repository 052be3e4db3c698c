"""The game host: the one authority over every live game on this server.

It owns each game's record (kept after every action), its seats and its subscribers, and
plays its computer captains. Clients — one process per SSH or browser connection, or a bot —
connect to it over a local socket and speak :mod:`ahoy_tui.server.messages`. Every action is
checked against the seat of the connection that sent it; spectators only receive. What a
client receives is its side's view of the state (``Ruleset.view``), never the dice seed.

The host keeps players and games in a store (:mod:`ahoy_tui.server.store`): by default its data
folder (``players.json``, and ``games/ID.json``, the record as any save, with
``games/ID.seats.json``); or a PostgreSQL database that several hosts share, each following the
changes the others announce (:meth:`GameHost._heard`). A restarted host resumes every game.

What it promises (docs/server.md): an action is acknowledged only once the store has kept it (a
save or a commit that fails refuses the action, and the game stays at its last kept step); and
no client can slow or lock out another: each client's requests are paced, what waits to be sent
to it is bounded (the lobby is coalesced and paged; a client that does not read is cut off), and
each player may hold only so many unfinished games.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import os
import secrets
import socket
import sys
import time
from collections import deque
from collections.abc import Callable, Coroutine, Iterable
from pathlib import Path
from typing import Any, cast

from attrs import define, field

from ahoy_tui.ai import Captain, make_captain
from ahoy_tui.engine import Game, IllegalAction, InvalidAction
from ahoy_tui.engine.events import Event
from ahoy_tui.engine.orders import SPECTATOR as ORDERS_SPECTATOR
from ahoy_tui.engine.orders import is_secret, reveals

# kept importable here: tests stand a full disk in for it (the file store looks it up on
# ``saves`` at each write)
from ahoy_tui.engine.serialize import event_to_data, state_to_data
from ahoy_tui.server.limits import TokenBucket
from ahoy_tui.server.messages import (
    LOBBY_PAGE,
    MAX_LINE,
    Act,
    AnswerUndo,
    AskReport,
    BadMessage,
    CreateGame,
    GameInfo,
    Hello,
    JoinGame,
    LeaveGame,
    ListGames,
    Lobby,
    Message,
    Notice,
    Opened,
    Refused,
    Report,
    RequestUndo,
    SeatInfo,
    SetName,
    SetOption,
    UndoAsked,
    Update,
    WatchGame,
    Welcome,
    decode,
    encode,
)
from ahoy_tui.server.players import (
    COLOURS,
    Players,
    check_name,
    fold,
    guest_name,
    is_guest,
    taken_by,
)
from ahoy_tui.server.store import (
    KeptGame,
    Overtaken,
    Seat,
    SeatTaken,
    SharedStore,
    Store,
    StoreError,
)
from ahoy_tui.server.store_files import FileStore

# the side name a spectator's view is asked for: it shows no sealed orders
SPECTATOR = ORDERS_SPECTATOR
CASUAL, STRICT = "casual", "strict"

OUTBOX_LIMIT = 4 * MAX_LINE  # bytes waiting for a client: past this it is not reading: cut off
REQUEST_RATE, REQUEST_BURST = 40.0, 200.0  # messages a second a client may send, and bursts
LOBBY_EVERY = 0.1  # seconds: one client is sent at most ten lobbies a second
MAX_GAMES, MAX_GUEST_GAMES = 8, 2  # unfinished games a player (a guest) may have set up
MAX_LIVE_GAMES = 2000  # unfinished games on the whole server
FINISHED_LISTED = 24 * 3600.0  # seconds a finished game stays in the lobby (its file stays)
LIVENESS_EVERY = 2.0  # seconds between looks at which hosts sharing the store are alive
EARLY_PRESENCE = 1000  # games not yet read here whose followers other hosts told of, at most


@define(eq=False)
class Client:
    """One connection to the host, and what waits to be sent to it.

    What waits is bounded: lobbies are not queued but wanted (the sender builds the latest one
    when the client is ready for it), and a client with more than ``OUTBOX_LIMIT`` bytes waiting
    is not reading: it is cut off, so that it cannot hold the server's memory."""

    writer: asyncio.StreamWriter
    player: str = ""
    name: str = ""
    guest: bool = False
    in_lobby: bool = False
    lobby_offset: int = 0
    games: set[str] = field(factory=set)
    outbox: deque[bytes] = field(factory=deque)
    waiting: int = 0  # bytes in the outbox
    lobby_wanted: bool = False
    lobby_sent: float = 0.0
    wake: asyncio.Event = field(factory=asyncio.Event)
    closing: bool = False
    cut_off: bool = False
    requests: TokenBucket = field(factory=lambda: TokenBucket(REQUEST_RATE, REQUEST_BURST))

    def send(self, message: Message) -> None:
        if self.closing:
            return
        if self.waiting > OUTBOX_LIMIT:
            self.cut_off = True
            self.close()
            return
        data = encode(message)
        self.outbox.append(data)
        self.waiting += len(data)
        self.wake.set()

    def want_lobby(self) -> None:
        self.lobby_wanted = True
        self.wake.set()

    def close(self) -> None:
        """Send what waits, then hang up (at once, if the client was cut off)."""
        self.closing = True
        self.wake.set()
        if self.cut_off:
            with contextlib.suppress(Exception):
                self.writer.transport.abort()


@define(eq=False)
class LiveGame(KeptGame):
    """A game this host serves: what the store keeps, and who follows it from here."""

    kept: bool = True  # a guest's game is not: it lives only here, while someone is in it
    watchers: dict[Client, bool] = field(factory=dict)  # client → may act (False: watching)
    captains: dict[str, Captain] = field(factory=dict)
    undo_ask: tuple[str, int] | None = None  # (side asking, to which step)
    ai_task: asyncio.Task[None] | None = None
    # one change at a time: a client's action, a captain's, another host's being followed
    lock: asyncio.Lock = field(factory=asyncio.Lock)
    # who follows it from the other hosts sharing the store: host → (players, spectators)
    away: dict[str, tuple[frozenset[str], int]] = field(factory=dict)

    @classmethod
    def of(cls, kept: KeptGame) -> LiveGame:
        return cls(kept.id, kept.game, kept.seats, created=kept.created, creator=kept.creator,
                   finished=kept.finished, epoch=kept.epoch)

    def players(self) -> set[str]:
        return {s.player for s in self.seats.values() if s.occupant == "human"}

    def sides_of(self, player: str) -> tuple[str, ...]:
        return tuple(side for side, seat in self.seats.items()
                     if seat.occupant == "human" and seat.player == player)

    def policy(self) -> str:
        """Strict (undo by the opponent's leave, never past a die) once two people play."""
        return STRICT if len(self.players()) > 1 else CASUAL

    def here(self) -> tuple[frozenset[str], int]:
        """Who follows it from this host: the players in it, and how many watch."""
        return (frozenset(c.player for c, playing in self.watchers.items() if playing),
                sum(1 for playing in self.watchers.values() if not playing))

    def connected(self) -> set[str]:
        """The players in it now, on this host or another."""
        players = set(self.here()[0])
        for elsewhere, _watching in self.away.values():
            players |= elsewhere
        return players


class GameHost:
    """Every live game on this server, and the socket its clients reach it by."""

    def __init__(self, store: Store | Path | None, *, think: float = 1.0,
                 captain_delay: float = 0.6, log: Callable[[str], None] | None = None,
                 max_games: int = MAX_GAMES, max_guest_games: int = MAX_GUEST_GAMES,
                 max_live_games: int = MAX_LIVE_GAMES,
                 finished_listed: float = FINISHED_LISTED) -> None:
        self.think = think
        self.captain_delay = captain_delay
        self.log = log or (lambda text: print(f"ahoy host: {text}", file=sys.stderr))
        self.max_games = max_games
        self.max_guest_games = max_guest_games
        self.max_live_games = max_live_games
        self.finished_listed = finished_listed
        self.save_retry = 5.0  # seconds a captain waits to try again when its move was not saved
        self.liveness_every = LIVENESS_EVERY
        self.games: dict[str, LiveGame] = {}
        self.clients: set[Client] = set()
        self._server: asyncio.AbstractServer | None = None
        self._lobby_pending = False
        self._tasks: set[asyncio.Task[Any]] = set()
        self.lobby_interval = 0.3
        self.live_hosts: set[str] = set()  # the hosts sharing the store, as last seen
        # who follows games this host has not read yet, as other hosts said: game → host → news
        self._early_presence: dict[str, dict[str, dict[str, Any]]] = {}
        self._resumed = False
        if isinstance(store, Path) or store is None:
            # a host made on a folder reads it at once (no event loop is needed to read files)
            files = FileStore(store)
            self.store: Store = files
            self._resume(files.read_games(finished_listed))
        else:
            self.store = store

    @property
    def folder(self) -> Path | None:
        return self.store.folder

    @property
    def players(self) -> Players:
        return self.store.players

    @property
    def shared(self) -> SharedStore | None:
        """The store, when other hosts share it (and this host must follow them)."""
        return cast(SharedStore, self.store) if self.store.shared else None

    @property
    def host_id(self) -> str:
        shared = self.shared
        return shared.host_id if shared is not None else ""

    # --- resuming --------------------------------------------------------------------------
    async def resume(self) -> None:
        """Take up every game the store keeps (once): a shared store's are read now."""
        if not self._resumed:
            self._resume(await self.store.kept_games(self.finished_listed))

    def _resume(self, found: Iterable[KeptGame | str]) -> None:
        self._resumed = True
        for kept in found:
            if isinstance(kept, str):
                self.log(kept)
            elif kept.id not in self.games:
                self._adopt(kept)

    def _adopt(self, kept: KeptGame) -> LiveGame:
        live = LiveGame.of(kept)
        self._make_captains(live)
        self.games[live.id] = live
        for news in self._early_presence.pop(live.id, {}).values():
            self._heard(news)
        self._schedule_captain(live)
        return live

    # --- the socket ------------------------------------------------------------------------
    async def start(self, path: Path) -> None:
        """Listen on a Unix socket at ``path`` (only this user may connect).

        A socket another live host answers on is never taken over (``OSError``): that host's
        players would be cut off. One nobody answers on is left over from a killed host."""
        if path.exists():
            probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                probe.connect(str(path))
            except OSError:
                with contextlib.suppress(FileNotFoundError):
                    path.unlink()
            else:
                raise OSError(98, f"another game host is listening on {path}")
            finally:
                probe.close()
        await self.resume()
        old = os.umask(0o077)
        try:
            self._server = await asyncio.start_unix_server(self._connected, path=str(path),
                                                           limit=MAX_LINE)
        finally:
            os.umask(old)
        shared = self.shared
        if shared is not None:
            await self._check_hosts()
            shared.listen(self._heard)
            self._spawn(self._watch_hosts())
            await shared.announce({"what": "hello"})  # the others tell who is with them
        for live in self.games.values():
            self._schedule_captain(live)

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        for live in self.games.values():
            if live.ai_task is not None:
                live.ai_task.cancel()
        for client in list(self.clients):
            client.close()
        tasks = [t for t in self._tasks if not t.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.store.close()

    def _spawn(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run ``work`` beside the clients' requests, until the host closes."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _connected(self, reader: asyncio.StreamReader,
                         writer: asyncio.StreamWriter) -> None:
        client = Client(writer)
        self.clients.add(client)
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        sender = asyncio.create_task(self._sender(client))
        try:
            while not client.closing:
                try:
                    line = await reader.readline()
                except (ValueError, asyncio.LimitOverrunError):
                    client.send(Refused(f"a message was longer than {MAX_LINE >> 20} MiB"))
                    continue  # the rest of it comes as a line that is not JSON: refused too
                if not line:
                    break
                # a client that sends faster than anyone types waits: its own messages are
                # slowed, never another player's
                pause = client.requests.wait_for(1)
                if pause:
                    await asyncio.sleep(pause)
                client.requests.take(1)
                try:
                    message = decode(line)
                except BadMessage as exc:
                    client.send(Refused(str(exc)))
                    continue
                await self.handle(client, message)
        except (ConnectionError, asyncio.IncompleteReadError, asyncio.CancelledError):
            pass
        finally:
            with contextlib.suppress(asyncio.CancelledError):
                await self.disconnected(client)
            client.close()
            with contextlib.suppress(asyncio.CancelledError, ConnectionError):
                await sender

    async def _sender(self, client: Client) -> None:
        writer = client.writer
        loop = asyncio.get_running_loop()
        try:
            while True:
                await client.wake.wait()
                client.wake.clear()
                while client.outbox and not client.cut_off:
                    data = client.outbox.popleft()
                    client.waiting -= len(data)
                    writer.write(data)
                    await writer.drain()
                if client.cut_off or (client.closing and not client.outbox):
                    break
                if client.lobby_wanted and client.in_lobby:
                    wait = client.lobby_sent + LOBBY_EVERY - loop.time()
                    if wait > 0:
                        loop.call_later(wait, client.wake.set)
                        continue
                    client.lobby_wanted = False
                    client.lobby_sent = loop.time()
                    writer.write(encode(self.lobby_page(client)))
                    await writer.drain()
        except ConnectionError:
            pass
        finally:
            if client.cut_off:
                self.log(f"cut off {client.name or client.player or 'a client'}: it did not "
                         f"read what the server sent ({client.waiting} bytes waiting)")
                writer.transport.abort()
            else:
                writer.close()

    # --- requests --------------------------------------------------------------------------
    async def handle(self, client: Client, message: Message) -> None:
        """Answer one message from a client (every reply goes through ``client.send``).

        A client's messages are answered one after another: the next is read once this one is
        answered (and what it changed is kept)."""
        if not client.player and not isinstance(message, Hello):
            client.send(Refused("say hello first: who are you?"))
            return
        handler = getattr(self, f"on_{message.kind}", None)
        if handler is None:
            client.send(Refused(f"a client cannot send {message.kind!r}"))
            return
        answered = handler(client, message)
        if inspect.isawaitable(answered):
            await answered

    async def on_hello(self, client: Client, message: Hello) -> None:
        client.player = message.player
        client.guest = message.guest or is_guest(message.player)
        shared = self.shared
        if shared is not None and not client.guest:
            await shared.refresh_player(client.player)  # named on another host, maybe
        client.name = self.players.name(message.player)
        if client.guest and not client.name:
            # a guest is named by their SSH user name, if it makes a name (a browser guest,
            # or a user name like "x[bold", is asked for one), made unlike anyone else's
            try:
                client.name = guest_name(self._free_guest_name(
                    client, check_name(message.suggested_name)))
            except ValueError:
                client.name = ""
        client.send(Welcome(client.player, client.name, client.guest))

    def _guest_names(self, but: Client) -> list[str]:
        """The names guests here go by (without their mark), but ``but``'s."""
        return [c.name.removesuffix(guest_name("")) for c in self.clients
                if c.guest and c.name and c is not but and c.player != but.player]

    def _free_guest_name(self, client: Client, name: str) -> str:
        """``name``, or ``name 2``, ``name 3``…: the first a reader could not take for a
        registered player's or another guest's."""
        taken = self.players.names() + self._guest_names(client)
        candidate, number = name, 2
        while taken_by(candidate, taken) is not None:
            suffix = f" {number}"
            candidate = name[:24 - len(suffix)] + suffix
            number += 1
        return candidate

    async def on_set_name(self, client: Client, message: SetName) -> None:
        try:
            if client.guest:
                name = check_name(message.name)
                other = taken_by(name, self.players.names() + self._guest_names(client))
                if other is not None:
                    raise ValueError(f"the name {name!r} is taken" if fold(other) == fold(name)
                                     else f"the name {name!r} is too like {other!r}, who "
                                          "plays here")
                client.name = guest_name(name)
            else:
                client.name = await self.store.set_name(client.player, message.name)
        except ValueError as exc:
            client.send(Refused(f"That name cannot be used: {exc}"))
            return
        except (OSError, StoreError) as exc:
            why = exc.problem if isinstance(exc, StoreError) else exc.strerror or exc
            self.log(f"cannot keep {client.player}'s name: {why}")
            client.send(Refused(f"That name cannot be used: the server could not keep it "
                                f"({why})"))
            return
        self._renamed(client.player, client.name)
        client.send(Welcome(client.player, client.name, client.guest))

    def _renamed(self, player: str, name: str) -> None:
        for live in self.games.values():
            for seat in live.seats.values():
                if seat.player == player:
                    seat.name = name
        self._lobby_changed()

    async def on_set_option(self, client: Client, message: SetOption) -> None:
        if message.key != "colour" or message.value not in COLOURS:
            client.send(Refused(f"no option {message.key}={message.value!r} (colour: "
                                f"{', '.join(COLOURS)})"))
            return
        if client.guest:
            client.send(Notice("A guest's options are not kept", severity="warning"))
            return
        try:
            await self.store.set_option(client.player, message.key, message.value)
        except (OSError, StoreError) as exc:
            why = exc.problem if isinstance(exc, StoreError) else exc.strerror or exc
            client.send(Refused(f"the server could not keep that ({why})"))
            return
        client.send(Notice(f"Colours: {message.value}, from your next connection"))

    def on_list_games(self, client: Client, message: ListGames) -> None:
        client.in_lobby = True
        client.lobby_offset = max(0, message.offset)
        client.want_lobby()  # sent when the client is ready for it, however often it asks

    async def on_create_game(self, client: Client, message: CreateGame) -> None:
        if not client.name:
            client.send(Refused("choose a name first"))
            return
        refusal = self._too_many_games(client)
        if refusal:
            client.send(Refused(refusal))
            return
        try:
            game = Game.new(message.ruleset, message.scenario, seed=message.seed,
                            options=message.options, scenario_data=message.scenario_data)
        except (ValueError, KeyError, TypeError) as exc:
            client.send(Refused(f"cannot set up that game: {exc}"))
            return
        seats: dict[str, Seat] = {}
        for side in game.ruleset.sides:
            who = message.seats.get(side, "open")
            if who == "me":
                seats[side] = Seat("human", client.player, client.name)
            elif who == "open":
                seats[side] = Seat()
            elif who.startswith("ai:"):
                level = who.removeprefix("ai:")
                try:
                    make_captain(level)
                except ValueError as exc:
                    client.send(Refused(str(exc)))
                    return
                seats[side] = Seat("ai", name=f"{level} captain", level=level)
            else:
                client.send(Refused(f"{side}: a seat is me, open or ai:LEVEL, not {who!r}"))
                return
        unknown = set(message.seats) - set(game.ruleset.sides)
        if unknown:
            client.send(Refused(f"no side {', '.join(sorted(unknown))} in {game.ruleset.title}"))
            return
        live = LiveGame(self._new_id(), game, seats, creator=client.player,
                        kept=not client.guest and self.store.keeps)
        if live.kept:
            for _attempt in range(3):
                try:
                    await self.store.add_game(live)
                    break
                except Overtaken:  # another host gave a game this id meanwhile
                    live.id = self._new_id()
                except StoreError as exc:
                    self.log(f"game {live.id} not set up: {exc}")
                    client.send(Refused(f"The server could not keep the game ({exc.problem}): "
                                        "try again later"))
                    return
            else:
                client.send(Refused("The server could not find a free id for the game: try "
                                    "again"))
                return
        self._make_captains(live)
        self.games[live.id] = live
        self._open(client, live)
        self._lobby_changed()
        self._schedule_captain(live)

    def _new_id(self) -> str:
        game_id = secrets.token_hex(3)
        while game_id in self.games:
            game_id = secrets.token_hex(3)
        return game_id

    async def on_join_game(self, client: Client, message: JoinGame) -> None:
        live = await self._find(client, message.game)
        if live is None:
            return
        if not client.name:
            client.send(Refused("choose a name first"))
            return
        async with live.lock:
            mine = live.sides_of(client.player)
            if message.side and message.side not in mine:
                seat = live.seats.get(message.side)
                if seat is None:
                    client.send(Refused(f"there is no side {message.side!r}", game=live.id))
                    return
                if seat.occupant != "open":
                    client.send(Refused(f"that seat is taken ({seat.name})", game=live.id))
                    return
                if live.game.over:
                    client.send(Refused("that battle is over: watch it instead", game=live.id))
                    return
                live.seats[message.side] = Seat("human", client.player, client.name)
                try:
                    if live.kept:
                        await self.store.keep_seat(live, message.side, seat)
                except SeatTaken as exc:  # on another host, a moment before
                    live.seats[message.side] = exc.seat
                    client.send(Refused(f"that seat is taken ({exc.seat.name})", game=live.id))
                    self._broadcast(live)
                    return
                except StoreError as exc:
                    live.seats[message.side] = seat
                    self.log(f"game {live.id}: {exc}")
                    client.send(Refused(f"The server could not keep your seat ({exc.problem}): "
                                        "try again later", game=live.id))
                    return
            elif not message.side and not mine:
                client.send(Refused("you have no seat in that game: choose a free side or "
                                    "watch", game=live.id))
                return
            self._open(client, live)
            if message.side and message.side not in mine:
                # the others hear of the new occupant once they are here, so that the seat is
                # shown connected, not held for someone who has gone
                self._broadcast(live, but=client)
        self._lobby_changed()

    async def on_watch_game(self, client: Client, message: WatchGame) -> None:
        live = await self._find(client, message.game)
        if live is not None:
            # after the change being made, if any: opened at the step it ends at (or the one
            # kept, if it is refused), then told of each step after it once
            async with live.lock:
                self._open(client, live, watch=True)
            self._lobby_changed()

    def on_leave_game(self, client: Client, message: LeaveGame) -> None:
        live = self.games.get(message.game)
        if live is not None:
            live.watchers.pop(client, None)
            client.games.discard(live.id)
            self._followed(live)
            self._drop_forgotten(live)
            self._lobby_changed()

    async def on_ask_report(self, client: Client, message: AskReport) -> None:
        """The after-action report of a game (``ahoy_tui.export``): a finished game's whole,
        for anyone who may see the game; one not over only for a player of it, as their side
        sees it. Saved in the data folder (``reports/``) under the name sent with it."""
        live = await self._find(client, message.game)
        if live is None:
            return
        mine = live.sides_of(client.player)
        if not live.game.over and not mine:
            client.send(Refused("the battle is not over: only its players may have its report "
                                "(each their own side's view)", game=live.id))
            return
        from ahoy_tui.export.facts import NoFacts
        from ahoy_tui.export.report import report_page

        side = None if live.game.over else mine[0]
        commanders = {s: (seat.name if seat.occupant == "human" else
                          f"the computer captain ({seat.level})" if seat.occupant == "ai"
                          else "nobody yet") for s, seat in live.seats.items()}
        async with live.lock:  # the battle stands still while it is read
            try:
                page = await asyncio.to_thread(report_page, live.game, side=side,
                                               commanders=commanders)
            except NoFacts as exc:
                client.send(Refused(str(exc), game=live.id))
                return
        name = ""
        folder = self.folder
        if folder is not None:
            name = f"reports/{live.id}-{'all' if side is None else side}-step-" \
                   f"{live.game.step}.html"
            try:
                await asyncio.to_thread(_write_private, folder / name, page)
            except OSError as exc:
                self.log(f"game {live.id}: the report could not be saved: {exc}")
                name = ""
        client.send(Report(live.id, name, page))

    async def on_act(self, client: Client, message: Act) -> None:
        live = self._game(client, message.game)
        if live is None:
            return
        async with live.lock:
            # twice at most: a host beaten to this step by another refreshes the game, then
            # checks the action again against the state it now stands at
            for _attempt in range(2):
                try:
                    await self._act(client, live, message)
                    return
                except Overtaken:
                    await self._refresh(live)
            client.send(Refused("the battle moved on while your move was being kept: look "
                                "again", game=live.id))

    async def _act(self, client: Client, live: LiveGame, message: Act) -> None:
        game = live.game
        side = game.to_act
        if client not in live.watchers:
            client.send(Refused("open the game first", game=live.id))
            return
        if side is None:
            client.send(Refused("the battle is over", "Victory", game=live.id))
            return
        if side not in self._acting_sides(client, live):
            whose = live.seats[side].name or side if side in live.seats else side
            client.send(Refused(f"it is {whose}'s decision" if self._acting_sides(client, live)
                                else "you are watching this battle", "Turns and phases",
                                game=live.id))
            return
        if message.step != game.step:
            client.send(Refused("the battle has moved on since you chose", game=live.id))
            self._send_update(client, live, since=message.step, reset=True)
            return
        try:
            events = await self._keep_play(live, message.action)
        except IllegalAction as exc:
            client.send(Refused(exc.reason, exc.rule, game=live.id))
            return
        except InvalidAction as exc:
            client.send(Refused(str(exc), game=live.id))
            return
        except StoreError as exc:  # not kept, so not played (the store took it back)
            self.log(f"game {live.id}: step {game.step + 1} refused, it could not be saved: "
                     f"{exc}")
            client.send(Refused(f"The server could not save your move ({exc.problem}), so it "
                                f"was not played: the battle stays at step {game.step}. Try "
                                "again in a moment.", game=live.id))
            return
        await self._played(live, events)

    async def _keep_play(self, live: LiveGame, action: Any, note: str = "") -> tuple[
            Event, ...]:
        """Play an action and keep it (a guest's game is not kept: only played)."""
        if live.kept:
            return await self.store.play(live, action, note)
        return live.game.play(action)

    async def on_request_undo(self, client: Client, message: RequestUndo) -> None:
        live = self._game(client, message.game)
        if live is None:
            return
        async with live.lock:
            mine = self._acting_sides(client, live)
            target = self._undo_target(live, mine)
            if target is None:
                client.send(Refused("you have no move to take back", game=live.id))
                return
            others = live.players() - {client.player}
            if not others:  # solo, or against captains: undo at once (casual)
                await self._rewind(live, target, client)
                return
            game = live.game
            for step in range(target + 1, game.step + 1):
                if reveals(game.events_at(step)):
                    client.send(Refused("a die has been rolled or orders revealed since: "
                                        "strict undo cannot take that back", "Undo",
                                        game=live.id))
                    return
            live.undo_ask = (mine[0], target)
            asked = self._ask_undo(live, client.name)
            shared = self.shared
            if shared is not None:
                await shared.announce({"what": "undo_asked", "game": live.id, "side": mine[0],
                                       "target": target, "step": game.step,
                                       "epoch": live.epoch, "by": client.name})
                asked += sum(1 for player in live.connected() - live.here()[0]
                             if player in others)
        client.send(Notice("Asked your opponent to let you take it back" if asked else
                           "Your opponent is not connected: they will be asked when they "
                           "return", game=live.id))

    def _ask_undo(self, live: LiveGame, by: str) -> int:
        """Ask the players here other than the asker (``live.undo_ask``); how many were."""
        if live.undo_ask is None:
            return 0
        side, target = live.undo_ask
        asker = live.seats[side].player
        asked = 0
        for other in live.watchers:
            if other.player != asker and other.player in live.players() and live.watchers[other]:
                other.send(UndoAsked(live.id, by, live.game.step - target))
                asked += 1
        return asked

    async def on_answer_undo(self, client: Client, message: AnswerUndo) -> None:
        live = self._game(client, message.game)
        if live is None:
            return
        async with live.lock:
            if live.undo_ask is None:
                return
            side, target = live.undo_ask
            if live.seats[side].player == client.player:
                client.send(Refused("you cannot answer your own request", game=live.id))
                return
            if client.player not in live.players():
                client.send(Refused("only a player can answer", game=live.id))
                return
            live.undo_ask = None
            if message.accept:
                asker = next((c for c in live.watchers if c.player == live.seats[side].player),
                             None)
                await self._rewind(live, target, asker or client)
                return
            self._undo_refused(live, side, client.name)
            shared = self.shared
            if shared is not None:
                await shared.announce({"what": "undo_refused", "game": live.id, "side": side,
                                       "by": client.name})

    def _undo_refused(self, live: LiveGame, side: str, by: str) -> None:
        for other in live.watchers:
            if other.player == live.seats[side].player:
                other.send(Notice(f"{by} refused to undo", game=live.id, severity="warning"))

    # --- what happens in a game ------------------------------------------------------------
    def _game(self, client: Client, game_id: str) -> LiveGame | None:
        live = self.games.get(game_id)
        if live is None:
            client.send(Refused(f"no game {game_id!r} on this server", game=game_id))
        return live

    async def _find(self, client: Client, game_id: str) -> LiveGame | None:
        """The game, even one another host set up a moment ago (not yet heard of here)."""
        if game_id not in self.games and self.shared is not None:
            await self._fetch(game_id)
        return self._game(client, game_id)

    async def _fetch(self, game_id: str) -> LiveGame | None:
        shared = self.shared
        if shared is None:
            return None
        try:
            kept = await shared.load_game(game_id)
        except StoreError as exc:
            self.log(f"game {game_id}: cannot follow it: {exc}")
            return None
        if kept is None:
            return None
        live = self.games.get(game_id)
        if live is None:
            live = self._adopt(kept)
            self._lobby_changed()
        return live

    def _acting_sides(self, client: Client, live: LiveGame) -> tuple[str, ...]:
        return live.sides_of(client.player) if live.watchers.get(client) else ()

    def _undo_target(self, live: LiveGame, sides: tuple[str, ...]) -> int | None:
        """The step just before this player's last decision."""
        game = live.game
        for step in range(game.step, 0, -1):
            if game.state_at(step - 1).to_act in sides:
                return step - 1
        return None

    async def _rewind(self, live: LiveGame, target: int, asker: Client) -> None:
        try:
            if live.kept:
                await self.store.rewind(live, target)
            else:
                live.game.goto(target)
        except StoreError as exc:
            self.log(f"game {live.id}: undo to step {target} refused, it could not be saved: "
                     f"{exc}")
            asker.send(Refused(f"The server could not save the undo ({exc.problem}), so "
                               "nothing was taken back. Try again in a moment.", game=live.id))
            return
        except Overtaken:  # another host moved the game on first
            await self._refresh(live)
            asker.send(Refused("The battle moved on meanwhile, so nothing was taken back",
                               game=live.id))
            return
        live.undo_ask = None
        await self._mark_finished(live)
        for client in list(live.watchers):
            self._send_update(client, live, since=-1, reset=True, note="undone")
        self._lobby_changed()
        self._schedule_captain(live)

    async def _mark_finished(self, live: LiveGame) -> None:
        """Note when the battle ended (or that an undo took the end back)."""
        over = live.game.over
        if over == (live.finished is not None):
            return
        live.finished = time.time() if over else None
        if live.kept:
            try:
                await self.store.keep_finished(live)
            except StoreError as exc:
                self.log(f"game {live.id}: {exc}")

    async def _played(self, live: LiveGame, events: tuple[Event, ...], note: str = "") -> None:
        live.undo_ask = None
        await self._mark_finished(live)
        step = live.game.step
        for client in list(live.watchers):
            self._send_update(client, live, since=step - 1, note=note)
        self._lobby_changed()
        self._schedule_captain(live)

    def _broadcast(self, live: LiveGame, but: Client | None = None) -> None:
        """Tell everyone in the game (``but`` one, told already) that its seats changed."""
        for client in list(live.watchers):
            if client is not but:
                self._send_update(client, live, since=live.game.step)

    def _view_for(self, live: LiveGame, client: Client) -> tuple[str, dict[str, Any]]:
        """The side whose view this client gets, and that view as data. Playing both sides
        (hot-seat), it is the side deciding now; still never the dice to come."""
        sides = self._acting_sides(client, live)
        game = live.game
        if not sides:
            side = SPECTATOR
        elif game.to_act in sides:
            side = game.to_act or sides[0]
        else:
            side = sides[0]
        return side, state_to_data(game.ruleset.view(game.state, side))

    def _events_for(self, live: LiveGame, side: str, since: int) -> tuple[
            tuple[int, dict[str, Any]], ...]:
        game = live.game
        visible = getattr(game.ruleset, "event_visible", None)
        out = []
        for step in range(max(0, since + 1), game.step + 1):
            for event in game.events_at(step):
                if visible is None or visible(event, side):
                    out.append((step, event_to_data(event)))
        return tuple(out)

    def _open(self, client: Client, live: LiveGame, watch: bool = False) -> None:
        live.watchers[client] = not watch
        client.games.add(live.id)
        client.in_lobby = False  # in a battle: no lobby pushes until it asks again
        sides = self._acting_sides(client, live)
        side, state = self._view_for(live, client)
        client.send(Opened(self.info(live, client), sides, live.policy(), state,
                           live.game.last_step, self._events_for(live, side, -1)))
        if live.undo_ask is not None and client.player in live.players():
            side_asking, target = live.undo_ask
            if live.seats[side_asking].player != client.player:
                client.send(UndoAsked(live.id, live.seats[side_asking].name,
                                      live.game.step - target))
        self._followed(live)

    def _send_update(self, client: Client, live: LiveGame, since: int, reset: bool = False,
                     note: str = "") -> None:
        side, state = self._view_for(live, client)
        client.send(Update(self.info(live, client), state, live.game.last_step,
                           self._events_for(live, side, -1 if reset else since), reset, note))

    # --- computer captains -----------------------------------------------------------------
    def _make_captains(self, live: LiveGame) -> None:
        for side, seat in live.seats.items():
            if seat.occupant == "ai":
                live.captains[side] = make_captain(seat.level, secrets.randbits(32),
                                                   think=self.think)

    def _plays_captains(self, live: LiveGame) -> bool:
        """Whether this host plays the game's computer captains.

        Alone, always. Sharing the store, a host plays them when one of the game's players is
        here; when none is on any host, the first of the live hosts (by id) does. Two hosts may
        still both play a turn (a player on each): the store lets one of them record it, and
        the other follows."""
        if self.shared is None:
            return True
        if live.here()[0]:
            return True
        if any(players for players, _watching in live.away.values()):
            return False
        return self.host_id == min(self.live_hosts | {self.host_id})

    def _schedule_captain(self, live: LiveGame) -> None:
        game = live.game
        if game.over or game.to_act not in live.captains or not self._plays_captains(live):
            return
        if live.ai_task is not None and not live.ai_task.done():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # not serving yet: start() schedules them
        live.ai_task = loop.create_task(self._captain_plays(live))

    async def _captain_plays(self, live: LiveGame) -> None:
        loop = asyncio.get_running_loop()
        while (not live.game.over and live.game.to_act in live.captains
               and self._plays_captains(live)):
            await asyncio.sleep(self.captain_delay)
            game = live.game  # a new one when an undo elsewhere had it rebuilt
            side = game.to_act
            if side not in live.captains:
                break
            step, state = game.step, game.state
            view = game.ruleset.view(state, side)
            legal = game.ruleset.legal_actions(state)
            captain = live.captains[side]
            try:
                decision = await loop.run_in_executor(None, captain.decide, view, legal)
            except Exception as exc:  # a captain's bug must not take the server down
                self.log(f"game {live.id}: the {side} captain failed: {exc!r}")
                return
            name = state.side_name(side) if hasattr(state, "side_name") else side
            async with live.lock:
                if live.game is not game or game.step != step:
                    continue  # an undo, or another host's captain, came in while it thought
                try:
                    what = game.ruleset.describe_action(state, decision.action)
                    # sealed orders: say that, not what or why
                    note = (f"{name}: sealed" if is_secret(game.ruleset, decision.action)
                            else f"{name}: {what} — {decision.why}")
                    events = await self._keep_play(live, decision.action, note)
                except (IllegalAction, InvalidAction) as exc:
                    self.log(f"game {live.id}: the {side} captain chose an illegal action: "
                             f"{exc}")
                    return
                except Overtaken:  # another host recorded this step first: follow it
                    await self._refresh(live)
                    continue
                except StoreError as exc:  # not kept, so not played: wait, then decide again
                    self.log(f"game {live.id}: the {side} captain's move was not saved, so "
                             f"not played: {exc}")
                    for watcher in list(live.watchers):
                        watcher.send(Notice(f"The server cannot save the battle "
                                            f"({exc.problem}): the computer captain waits",
                                            game=live.id, severity="error"))
                    events = None
                if events is not None:
                    await self._played(live, events, note=note)
                    continue
            await asyncio.sleep(self.save_retry)

    # --- the lobby -------------------------------------------------------------------------
    def info(self, live: LiveGame, client: Client | None = None) -> GameInfo:
        game = live.game
        state = game.state
        connected = live.connected()
        seats = tuple(
            SeatInfo(side, state.side_name(side) if hasattr(state, "side_name") else side,
                     seat.occupant, seat.name if seat.occupant != "ai" else seat.level,
                     seat.occupant == "ai" or (seat.occupant == "human"
                                               and seat.player in connected))
            for side, seat in live.seats.items())
        spectators = live.here()[1] + sum(watching for _players, watching in live.away.values())
        return GameInfo(live.id, game.ruleset.id, game.scenario.name, game.scenario.title,
                        seats, int(getattr(state, "turn", 0) or 0), game.step, game.to_act,
                        game.over, state.result or None, spectators,
                        live.sides_of(client.player) if client else (), live.kept)

    def _too_many_games(self, client: Client) -> str:
        """Why this client may not set up another game now ("" if it may)."""
        limit = self.max_guest_games if client.guest else self.max_games
        mine = sum(1 for live in self.games.values() if not live.game.over and (
            live.creator == client.player
            or (not live.creator and client.player in live.players())))
        if mine >= limit:
            who = "a guest" if client.guest else "a player"
            return (f"You have {mine} unfinished games here, the most {who} may set up: play "
                    "one to its end first")
        if sum(1 for live in self.games.values() if not live.game.over) >= self.max_live_games:
            return (f"The server holds {self.max_live_games} unfinished games, all it can: "
                    "try again when some have ended")
        return ""

    def _age_out(self) -> None:
        """Finished battles leave the lobby (and memory) a while after their end; their files
        stay, to replay."""
        now = time.time()
        for live in list(self.games.values()):
            if (live.finished is not None and now - live.finished > self.finished_listed
                    and not live.watchers):
                if live.ai_task is not None:
                    live.ai_task.cancel()
                del self.games[live.id]

    def lobby_for(self, client: Client) -> tuple[GameInfo, ...]:
        """Every listed game, the client's own first, then those with a free seat, then the
        rest by age; finished games last."""
        return tuple(self.info(live, client) for live in self._listed(client))

    def _listed(self, client: Client) -> list[LiveGame]:
        self._age_out()

        def order(live: LiveGame) -> tuple[int, int, int, float]:
            free = any(s.occupant == "open" for s in live.seats.values())
            return (0 if live.sides_of(client.player) else 1, 1 if live.game.over else 0,
                    0 if free else 1, -live.created)

        return sorted(self.games.values(), key=order)

    def lobby_page(self, client: Client) -> Lobby:
        """The page of the lobby this client is looking at: its size does not grow with the
        number of games on the server."""
        listed = self._listed(client)
        offset = min(client.lobby_offset, max(0, len(listed) - 1))
        offset -= offset % LOBBY_PAGE
        page = listed[offset:offset + LOBBY_PAGE]
        return Lobby(tuple(self.info(live, client) for live in page), offset, len(listed))

    def _lobby_changed(self) -> None:
        if self._lobby_pending:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._lobby_pending = True
        loop.call_later(self.lobby_interval, self._push_lobby)

    def _push_lobby(self) -> None:
        self._lobby_pending = False
        for client in self.clients:
            if client.in_lobby:
                client.want_lobby()

    async def disconnected(self, client: Client) -> None:
        self.clients.discard(client)
        gone = client.guest and not any(c.player == client.player for c in self.clients)
        followed = set(client.games)
        if gone:  # and every game they sit in, followed or not (they may have left its screen)
            followed |= {g.id for g in self.games.values() if client.player in g.players()}
        for game_id in followed:
            live = self.games.get(game_id)
            if live is None:
                continue
            live.watchers.pop(client, None)
            if gone and not live.game.over:
                # a guest cannot come back as the same person: free their seats
                async with live.lock:
                    await self._free_seats(live, client.player)
            self._broadcast(live)
            self._followed(live)
            self._drop_forgotten(live)
        self._lobby_changed()

    async def _free_seats(self, live: LiveGame, player: str) -> None:
        for side, seat in list(live.seats.items()):
            if seat.player != player:
                continue
            live.seats[side] = Seat()
            if live.kept:
                try:
                    await self.store.keep_seat(live, side, seat)
                except SeatTaken as exc:
                    live.seats[side] = exc.seat
                except StoreError as exc:
                    self.log(f"game {live.id}: {exc}")

    def _drop_forgotten(self, live: LiveGame) -> None:
        """A game that is not kept (a guest's) goes once no player is seated or following it."""
        if live.kept or live.watchers or any(s.occupant == "human"
                                             for s in live.seats.values()):
            return
        if live.ai_task is not None:
            live.ai_task.cancel()
        self.games.pop(live.id, None)

    # --- other hosts sharing the store -------------------------------------------------------
    def _followed(self, live: LiveGame) -> None:
        """Who follows this game from here may have changed: tell the other hosts."""
        shared = self.shared
        if shared is None or not live.kept:
            return
        players, watching = live.here()
        self._spawn(shared.announce({"what": "presence", "game": live.id,
                                     "players": sorted(players), "watching": watching}))

    def _heard(self, news: dict[str, Any]) -> None:
        """Another host changed something, or says who is with it: follow it.

        A notification only says what to read again; the store is read for what it is now, so
        one that comes late, twice or out of order changes nothing it should not."""
        what, game_id = news.get("what"), str(news.get("game", ""))
        live = self.games.get(game_id)
        if what == "presence" and live is None:
            # a game set up there a moment ago, not yet read here: kept until it is
            early = self._early_presence.setdefault(game_id, {})
            early[str(news.get("host"))] = news
            while len(self._early_presence) > EARLY_PRESENCE:
                del self._early_presence[next(iter(self._early_presence))]
        elif what == "presence" and live is not None:
            players = news.get("players") or []
            live.away[str(news.get("host"))] = (frozenset(str(p) for p in players),
                                                int(news.get("watching") or 0))
            self._broadcast(live)
            self._lobby_changed()
            self._schedule_captain(live)
        elif what == "hello":
            for each in self.games.values():
                if each.watchers:
                    self._followed(each)
        elif what == "undo_refused" and live is not None:
            live.undo_ask = None
            self._undo_refused(live, str(news.get("side")), str(news.get("by")))
        elif what in ("step", "rewind", "game", "undo_asked", "player", "resync"):
            self._spawn(self._follow(news))

    async def _follow(self, news: dict[str, Any]) -> None:
        what, game_id = news.get("what"), str(news.get("game", ""))
        shared = self.shared
        if shared is None:
            return
        if what == "player":
            player = str(news.get("player"))
            await shared.refresh_player(player)
            name = self.players.name(player)
            if name:
                self._renamed(player, name)
            return
        if what == "resync":  # the database was away: every game may have moved
            for kept in await self._kept_again():
                if kept.id not in self.games:
                    self._adopt(kept)
            for live in list(self.games.values()):
                if live.kept:
                    async with live.lock:
                        await self._refresh(live)
                    self._followed(live)
            self._lobby_changed()
            return
        live = self.games.get(game_id)
        if live is None:
            if what == "game":
                await self._fetch(game_id)  # set up on another host
            return
        async with live.lock:
            await self._refresh(live)
            if what == "undo_asked" and live.epoch == news.get("epoch") \
                    and live.game.step == news.get("step"):
                live.undo_ask = (str(news.get("side")), int(news.get("target") or 0))
                self._ask_undo(live, str(news.get("by")))

    async def _kept_again(self) -> list[KeptGame]:
        try:
            found = await self.store.kept_games(self.finished_listed)
        except StoreError as exc:
            self.log(f"cannot read the games again: {exc}")
            return []
        return [kept for kept in found if isinstance(kept, KeptGame)]

    async def _refresh(self, live: LiveGame) -> None:
        """Bring the game up to what the store holds (the caller holds ``live.lock``), and
        show each new step to this host's clients, as if it had been played here."""
        shared = self.shared
        if shared is None or not live.kept:
            return
        try:
            news = await shared.refresh(live)
        except StoreError as exc:
            self.log(f"game {live.id}: cannot follow it: {exc}")
            return
        for seat in news.seats.values():  # a player renamed since they sat down
            seat.name = self.players.name(seat.player) or seat.name
        seats_changed = any(not live.seats[side].same(seat) if side in live.seats else True
                            for side, seat in news.seats.items())
        live.seats = news.seats
        if news.rebuilt is not None:  # rewound elsewhere (an undo): start again from the store
            live.game = news.rebuilt.game
            live.epoch = news.epoch
            live.finished = news.finished
            live.undo_ask = None
            for client in list(live.watchers):
                self._send_update(client, live, since=-1, reset=True, note="undone")
        for action, note, digest in news.actions:
            step = live.game.step
            try:
                live.game.play(action)
            except (IllegalAction, InvalidAction) as exc:
                self.log(f"game {live.id}: step {step + 1} from the store cannot be played "
                         f"here: {exc}")
                break
            if live.game.state_hash() != digest:
                self.log(f"game {live.id}: step {step + 1} does not replay to the state its "
                         "host kept (do all hosts run the same version?)")
            live.undo_ask = None
            for client in list(live.watchers):
                self._send_update(client, live, since=step, note=note)
        live.finished = news.finished if live.game.over else None
        if seats_changed:
            self._broadcast(live)
        self._lobby_changed()
        self._schedule_captain(live)

    async def _check_hosts(self) -> None:
        """Learn which hosts share the store now; forget who was with those that died, and
        take up the captains they played."""
        shared = self.shared
        if shared is None:
            return
        try:
            alive = await shared.live_hosts()
        except StoreError as exc:
            self.log(f"cannot tell which hosts are alive: {exc}")
            return
        changed = alive != self.live_hosts
        self.live_hosts = alive
        for live in self.games.values():
            gone = [host for host in live.away if host not in alive]
            for host in gone:
                del live.away[host]
            if gone:
                self._broadcast(live)
            if changed or gone:
                self._schedule_captain(live)
        if changed:
            self._lobby_changed()

    async def _watch_hosts(self) -> None:
        while True:
            await asyncio.sleep(self.liveness_every)
            await self._check_hosts()


def _write_private(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` in a folder of the server's user alone (0700), whole or not
    at all."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".part")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(text)
    tmp.replace(path)
