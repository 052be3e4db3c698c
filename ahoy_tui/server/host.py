"""The game host: the one authority over every live game on this server.

It owns each game's record (autosaved after every action), its seats and its subscribers, and
plays its computer captains. Clients — one process per SSH or browser connection, or a bot —
connect to it over a local socket and speak :mod:`ahoy_tui.server.messages`. Every action is
checked against the seat of the connection that sent it; spectators only receive. What a
client receives is its side's view of the state (``Ruleset.view``), never the dice seed.

The host keeps its files in one folder: ``players.json``, and ``games/ID.json`` (the record, as
any save) with ``games/ID.seats.json`` (who sits where). A restarted host resumes every game.

What it promises (docs/server.md): an action is acknowledged only once it is on disk (a save
that fails refuses the action, and the game stays at its last saved step); and no client can
slow or lock out another: each client's requests are paced, what waits to be sent to it is
bounded (the lobby is coalesced and paged; a client that does not read is cut off), and each
player may hold only so many unfinished games.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import socket
import sys
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from attrs import define, field

from ahoy_tui.ai import Captain, make_captain
from ahoy_tui.engine import Game, IllegalAction, InvalidAction, SaveError, load_game
from ahoy_tui.engine.events import Event
from ahoy_tui.engine.orders import SPECTATOR as ORDERS_SPECTATOR
from ahoy_tui.engine.orders import is_secret, reveals
from ahoy_tui.engine.saves import write_atomic
from ahoy_tui.engine.serialize import event_to_data, state_to_data
from ahoy_tui.server.limits import TokenBucket
from ahoy_tui.server.messages import (
    LOBBY_PAGE,
    MAX_LINE,
    Act,
    AnswerUndo,
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

# the side name a spectator's view is asked for: it shows no sealed orders
SPECTATOR = ORDERS_SPECTATOR
CASUAL, STRICT = "casual", "strict"

OUTBOX_LIMIT = 4 * MAX_LINE  # bytes waiting for a client: past this it is not reading: cut off
REQUEST_RATE, REQUEST_BURST = 40.0, 200.0  # messages a second a client may send, and bursts
LOBBY_EVERY = 0.1  # seconds: one client is sent at most ten lobbies a second
MAX_GAMES, MAX_GUEST_GAMES = 8, 2  # unfinished games a player (a guest) may have set up
MAX_LIVE_GAMES = 2000  # unfinished games on the whole server
FINISHED_LISTED = 24 * 3600.0  # seconds a finished game stays in the lobby (its file stays)


@define(eq=False)
class Seat:
    """Who plays a side: nobody yet (``open``), a ``human`` player, or an ``ai`` captain."""

    occupant: str = "open"
    player: str = ""
    name: str = ""
    level: str = ""

    def to_data(self) -> dict[str, str]:
        return {"occupant": self.occupant, "player": self.player, "name": self.name,
                "level": self.level}


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
class LiveGame:
    id: str
    game: Game
    seats: dict[str, Seat]
    kept: bool
    created: float = field(factory=time.time)
    creator: str = ""  # the player who set it up (their games are counted against a limit)
    finished: float | None = None  # when the battle ended (it leaves the lobby a day later)
    watchers: dict[Client, bool] = field(factory=dict)  # client → may act (False: watching)
    captains: dict[str, Captain] = field(factory=dict)
    undo_ask: tuple[str, int] | None = None  # (side asking, to which step)
    ai_task: asyncio.Task[None] | None = None

    def players(self) -> set[str]:
        return {s.player for s in self.seats.values() if s.occupant == "human"}

    def sides_of(self, player: str) -> tuple[str, ...]:
        return tuple(side for side, seat in self.seats.items()
                     if seat.occupant == "human" and seat.player == player)

    def policy(self) -> str:
        """Strict (undo by the opponent's leave, never past a die) once two people play."""
        return STRICT if len(self.players()) > 1 else CASUAL


class GameHost:
    """Every live game on this server, and the socket its clients reach it by."""

    def __init__(self, folder: Path | None, *, think: float = 1.0,
                 captain_delay: float = 0.6, log: Callable[[str], None] | None = None,
                 max_games: int = MAX_GAMES, max_guest_games: int = MAX_GUEST_GAMES,
                 max_live_games: int = MAX_LIVE_GAMES,
                 finished_listed: float = FINISHED_LISTED) -> None:
        self.folder = folder
        self.think = think
        self.captain_delay = captain_delay
        self.log = log or (lambda text: print(f"ahoy host: {text}", file=sys.stderr))
        self.max_games = max_games
        self.max_guest_games = max_guest_games
        self.max_live_games = max_live_games
        self.finished_listed = finished_listed
        self.save_retry = 5.0  # seconds a captain waits to try again when its move was not saved
        self.players = Players(folder / "players.json" if folder else None)
        self.games: dict[str, LiveGame] = {}
        self.clients: set[Client] = set()
        self._server: asyncio.AbstractServer | None = None
        self._lobby_pending = False
        self._tasks: set[asyncio.Task[None]] = set()
        self.lobby_interval = 0.3
        if folder is not None:
            self._resume_all()

    # --- files ---------------------------------------------------------------------------
    @property
    def games_dir(self) -> Path | None:
        return self.folder / "games" if self.folder else None

    def _resume_all(self) -> None:
        folder = self.games_dir
        if folder is None or not folder.is_dir():
            return
        for path in sorted(folder.glob("*.json")):
            if path.name.endswith(".seats.json"):
                continue
            game_id = path.stem
            seats_path = folder / f"{game_id}.seats.json"
            problem = ""
            try:
                data = json.loads(seats_path.read_text(encoding="utf-8"))
                seats = {side: Seat(**seat) for side, seat in data["seats"].items()}
                finished = data.get("finished")
                if finished is not None and time.time() - float(finished) > self.finished_listed:
                    continue  # long over: on disk for replays, no longer in the lobby
            except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
                problem = f"not resumed: {seats_path}: cannot read the seats: {exc}"
            try:
                game = load_game(path)
            except SaveError as exc:
                self.log(f"not resumed: {exc}")
                continue
            if problem:
                self.log(problem)
                continue
            live = LiveGame(game_id, game, seats, kept=True,
                            created=float(data.get("created", time.time())),
                            creator=str(data.get("creator", "")),
                            finished=float(finished) if finished is not None else None)
            if game.over and live.finished is None:
                live.finished = time.time()
            game.autosave = path
            self._make_captains(live)
            self.games[game_id] = live
            self._schedule_captain(live)

    def _write_seats(self, live: LiveGame) -> str:
        """Keep who sits where on disk: "" when done, else why it could not be written."""
        folder = self.games_dir
        if folder is None or not live.kept:
            return ""
        data = {"seats": {side: seat.to_data() for side, seat in live.seats.items()},
                "created": live.created, "creator": live.creator, "finished": live.finished}
        path = folder / f"{live.id}.seats.json"
        try:
            write_atomic(path, json.dumps(data, indent=1))
        except OSError as exc:
            self.log(f"game {live.id}: {path}: cannot write: {exc.strerror or exc}")
            return f"cannot write: {exc.strerror or exc}"
        return ""

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
        old = os.umask(0o077)
        try:
            self._server = await asyncio.start_unix_server(self._connected, path=str(path),
                                                           limit=MAX_LINE)
        finally:
            os.umask(old)
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
                self.handle(client, message)
        except (ConnectionError, asyncio.IncompleteReadError, asyncio.CancelledError):
            pass
        finally:
            self.disconnected(client)
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
    def handle(self, client: Client, message: Message) -> None:
        """Answer one message from a client (every reply goes through ``client.send``)."""
        if not client.player and not isinstance(message, Hello):
            client.send(Refused("say hello first: who are you?"))
            return
        handler = getattr(self, f"on_{message.kind}", None)
        if handler is None:
            client.send(Refused(f"a client cannot send {message.kind!r}"))
            return
        handler(client, message)

    def on_hello(self, client: Client, message: Hello) -> None:
        client.player = message.player
        client.guest = message.guest or is_guest(message.player)
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

    def on_set_name(self, client: Client, message: SetName) -> None:
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
                client.name = self.players.set_name(client.player, message.name)
        except ValueError as exc:
            client.send(Refused(f"That name cannot be used: {exc}"))
            return
        except OSError as exc:
            self.log(f"cannot keep {client.player}'s name: {exc.strerror or exc}")
            client.send(Refused(f"That name cannot be used: the server could not keep it "
                                f"({exc.strerror or exc})"))
            return
        for live in self.games.values():
            for seat in live.seats.values():
                if seat.player == client.player:
                    seat.name = client.name
        client.send(Welcome(client.player, client.name, client.guest))
        self._lobby_changed()

    def on_set_option(self, client: Client, message: SetOption) -> None:
        if message.key != "colour" or message.value not in COLOURS:
            client.send(Refused(f"no option {message.key}={message.value!r} (colour: "
                                f"{', '.join(COLOURS)})"))
            return
        if client.guest:
            client.send(Notice("A guest's options are not kept", severity="warning"))
            return
        try:
            self.players.set_option(client.player, message.key, message.value)
        except OSError as exc:
            client.send(Refused(f"the server could not keep that ({exc.strerror or exc})"))
            return
        client.send(Notice(f"Colours: {message.value}, from your next connection"))

    def on_list_games(self, client: Client, message: ListGames) -> None:
        client.in_lobby = True
        client.lobby_offset = max(0, message.offset)
        client.want_lobby()  # sent when the client is ready for it, however often it asks

    def on_create_game(self, client: Client, message: CreateGame) -> None:
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
        game_id = secrets.token_hex(3)
        while game_id in self.games:
            game_id = secrets.token_hex(3)
        live = LiveGame(game_id, game, seats, kept=not client.guest and self.folder is not None,
                        creator=client.player)
        self._make_captains(live)
        if live.kept and self.games_dir is not None:
            path = self.games_dir / f"{game_id}.json"
            try:
                game.save(path)
            except SaveError as exc:
                self.log(f"game {game_id} not set up: {exc}")
                client.send(Refused(f"The server could not keep the game ({exc.problem}): "
                                    "try again later"))
                return
            problem = self._write_seats(live)
            if problem:
                with contextlib.suppress(OSError):
                    path.unlink()
                client.send(Refused(f"The server could not keep the game ({problem}): "
                                    "try again later"))
                return
            game.autosave = path
        self.games[game_id] = live
        self._open(client, live)
        self._lobby_changed()
        self._schedule_captain(live)

    def on_join_game(self, client: Client, message: JoinGame) -> None:
        live = self._game(client, message.game)
        if live is None:
            return
        if not client.name:
            client.send(Refused("choose a name first"))
            return
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
            problem = self._write_seats(live)
            if problem:
                live.seats[message.side] = seat
                client.send(Refused(f"The server could not keep your seat ({problem}): try "
                                    "again later", game=live.id))
                return
            self._broadcast(live)
        elif not message.side and not mine:
            client.send(Refused("you have no seat in that game: choose a free side or watch",
                                game=live.id))
            return
        self._open(client, live)
        self._lobby_changed()

    def on_watch_game(self, client: Client, message: WatchGame) -> None:
        live = self._game(client, message.game)
        if live is not None:
            self._open(client, live, watch=True)
            self._lobby_changed()

    def on_leave_game(self, client: Client, message: LeaveGame) -> None:
        live = self.games.get(message.game)
        if live is not None:
            live.watchers.pop(client, None)
            client.games.discard(live.id)
            self._drop_forgotten(live)
            self._lobby_changed()

    def on_act(self, client: Client, message: Act) -> None:
        live = self._game(client, message.game)
        if live is None:
            return
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
            events = game.play(message.action)
        except IllegalAction as exc:
            client.send(Refused(exc.reason, exc.rule, game=live.id))
            return
        except InvalidAction as exc:
            client.send(Refused(str(exc), game=live.id))
            return
        except SaveError as exc:  # not on disk, so not played (Game.play took it back)
            self.log(f"game {live.id}: step {game.step + 1} refused, it could not be saved: "
                     f"{exc}")
            client.send(Refused(f"The server could not save your move ({exc.problem}), so it "
                                f"was not played: the battle stays at step {game.step}. Try "
                                "again in a moment.", game=live.id))
            return
        self._played(live, events)

    def on_request_undo(self, client: Client, message: RequestUndo) -> None:
        live = self._game(client, message.game)
        if live is None:
            return
        mine = self._acting_sides(client, live)
        target = self._undo_target(live, mine)
        if target is None:
            client.send(Refused("you have no move to take back", game=live.id))
            return
        others = live.players() - {client.player}
        if not others:  # solo, or against captains: undo at once (casual)
            self._rewind(live, target, client)
            return
        game = live.game
        for step in range(target + 1, game.step + 1):
            if reveals(game.events_at(step)):
                client.send(Refused("a die has been rolled or orders revealed since: strict "
                                    "undo cannot take that back", "Undo", game=live.id))
                return
        live.undo_ask = (mine[0], target)
        asked = 0
        for other in live.watchers:
            if other.player in others and live.watchers[other]:
                other.send(UndoAsked(live.id, client.name, game.step - target))
                asked += 1
        client.send(Notice("Asked your opponent to let you take it back" if asked else
                           "Your opponent is not connected: they will be asked when they "
                           "return", game=live.id))

    def on_answer_undo(self, client: Client, message: AnswerUndo) -> None:
        live = self._game(client, message.game)
        if live is None or live.undo_ask is None:
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
            asker = next((c for c in live.watchers if c.player == live.seats[side].player), None)
            self._rewind(live, target, asker or client)
        else:
            for other in live.watchers:
                if other.player == live.seats[side].player:
                    other.send(Notice(f"{client.name} refused to undo", game=live.id,
                                      severity="warning"))

    # --- what happens in a game ------------------------------------------------------------
    def _game(self, client: Client, game_id: str) -> LiveGame | None:
        live = self.games.get(game_id)
        if live is None:
            client.send(Refused(f"no game {game_id!r} on this server", game=game_id))
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

    def _rewind(self, live: LiveGame, target: int, asker: Client) -> None:
        try:
            live.game.goto(target)
        except SaveError as exc:
            self.log(f"game {live.id}: undo to step {target} refused, it could not be saved: "
                     f"{exc}")
            asker.send(Refused(f"The server could not save the undo ({exc.problem}), so "
                               "nothing was taken back. Try again in a moment.", game=live.id))
            return
        live.undo_ask = None
        self._mark_finished(live)
        for client in list(live.watchers):
            self._send_update(client, live, since=-1, reset=True, note="undone")
        self._lobby_changed()
        self._schedule_captain(live)

    def _mark_finished(self, live: LiveGame) -> None:
        """Note when the battle ended (or that an undo took the end back)."""
        over = live.game.over
        if over == (live.finished is not None):
            return
        live.finished = time.time() if over else None
        self._write_seats(live)

    def _played(self, live: LiveGame, events: tuple[Event, ...], note: str = "") -> None:
        live.undo_ask = None
        self._mark_finished(live)
        step = live.game.step
        for client in list(live.watchers):
            self._send_update(client, live, since=step - 1, note=note)
        self._lobby_changed()
        self._schedule_captain(live)

    def _broadcast(self, live: LiveGame) -> None:
        """Tell everyone in the game that its seats changed."""
        for client in list(live.watchers):
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

    def _schedule_captain(self, live: LiveGame) -> None:
        game = live.game
        if game.over or game.to_act not in live.captains:
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
        game = live.game
        while not game.over and game.to_act in live.captains:
            await asyncio.sleep(self.captain_delay)
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
            if game.step != step:
                continue  # an undo came in while it thought
            try:
                what = game.ruleset.describe_action(state, decision.action)
                events = game.play(decision.action)
            except (IllegalAction, InvalidAction) as exc:
                self.log(f"game {live.id}: the {side} captain chose an illegal action: {exc}")
                return
            except SaveError as exc:  # not saved, so not played: wait, then decide again
                self.log(f"game {live.id}: the {side} captain's move was not saved, so not "
                         f"played: {exc}")
                for watcher in list(live.watchers):
                    watcher.send(Notice(f"The server cannot save the battle ({exc.problem}): "
                                        "the computer captain waits", game=live.id,
                                        severity="error"))
                await asyncio.sleep(self.save_retry)
                continue
            name = state.side_name(side) if hasattr(state, "side_name") else side
            if is_secret(game.ruleset, decision.action):  # sealed: say that, not what or why
                self._played(live, events, note=f"{name}: sealed")
            else:
                self._played(live, events, note=f"{name}: {what} — {decision.why}")

    # --- the lobby -------------------------------------------------------------------------
    def info(self, live: LiveGame, client: Client | None = None) -> GameInfo:
        game = live.game
        state = game.state
        connected = {c.player for c, playing in live.watchers.items() if playing}
        seats = tuple(
            SeatInfo(side, state.side_name(side) if hasattr(state, "side_name") else side,
                     seat.occupant, seat.name if seat.occupant != "ai" else seat.level,
                     seat.occupant == "ai" or (seat.occupant == "human"
                                               and seat.player in connected))
            for side, seat in live.seats.items())
        spectators = sum(1 for playing in live.watchers.values() if not playing)
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

    def disconnected(self, client: Client) -> None:
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
                changed = False
                for side, seat in live.seats.items():
                    if seat.player == client.player:
                        live.seats[side] = Seat()
                        changed = True
                if changed:
                    self._write_seats(live)
            self._broadcast(live)
            self._drop_forgotten(live)
        self._lobby_changed()

    def _drop_forgotten(self, live: LiveGame) -> None:
        """A game that is not kept (a guest's) goes once no player is seated or following it."""
        if live.kept or live.watchers or any(s.occupant == "human"
                                             for s in live.seats.values()):
            return
        if live.ai_task is not None:
            live.ai_task.cancel()
        self.games.pop(live.id, None)
