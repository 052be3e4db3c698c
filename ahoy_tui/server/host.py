"""The game host: the one authority over every live game on this server.

It owns each game's record (autosaved after every action), its seats and its subscribers, and
plays its computer captains. Clients — one process per SSH or browser connection, or a bot —
connect to it over a local socket and speak :mod:`ahoy_tui.server.messages`. Every action is
checked against the seat of the connection that sent it; spectators only receive. What a
client receives is its side's view of the state (``Ruleset.view``), never the dice seed.

The host keeps its files in one folder: ``players.json``, and ``games/ID.json`` (the record, as
any save) with ``games/ID.seats.json`` (who sits where). A restarted host resumes every game.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import sys
import time
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
from ahoy_tui.server.messages import (
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
from ahoy_tui.server.players import COLOURS, Players, check_name, is_guest

# the side name a spectator's view is asked for: it shows no sealed orders
SPECTATOR = ORDERS_SPECTATOR
CASUAL, STRICT = "casual", "strict"


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
    """One connection to the host."""

    writer: asyncio.StreamWriter
    player: str = ""
    name: str = ""
    guest: bool = False
    in_lobby: bool = False
    games: set[str] = field(factory=set)
    queue: asyncio.Queue[bytes | None] = field(factory=asyncio.Queue)

    def send(self, message: Message) -> None:
        self.queue.put_nowait(encode(message))


@define(eq=False)
class LiveGame:
    id: str
    game: Game
    seats: dict[str, Seat]
    kept: bool
    created: float = field(factory=time.time)
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
                 captain_delay: float = 0.6, log: Callable[[str], None] | None = None) -> None:
        self.folder = folder
        self.think = think
        self.captain_delay = captain_delay
        self.log = log or (lambda text: print(f"ahoy host: {text}", file=sys.stderr))
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
            try:
                game = load_game(path)
                data = json.loads(seats_path.read_text(encoding="utf-8"))
                seats = {side: Seat(**seat) for side, seat in data["seats"].items()}
            except SaveError as exc:
                self.log(f"not resumed: {exc}")
                continue
            except (OSError, ValueError, KeyError, TypeError) as exc:
                self.log(f"not resumed: {seats_path}: cannot read the seats: {exc}")
                continue
            live = LiveGame(game_id, game, seats, kept=True,
                            created=float(data.get("created", time.time())))
            game.autosave = path
            self._make_captains(live)
            self.games[game_id] = live
            self._schedule_captain(live)

    def _write_seats(self, live: LiveGame) -> None:
        folder = self.games_dir
        if folder is None or not live.kept:
            return
        data = {"seats": {side: seat.to_data() for side, seat in live.seats.items()},
                "created": live.created}
        write_atomic(folder / f"{live.id}.seats.json", json.dumps(data, indent=1))

    # --- the socket ------------------------------------------------------------------------
    async def start(self, path: Path) -> None:
        """Listen on a Unix socket at ``path`` (only this user may connect)."""
        with contextlib.suppress(FileNotFoundError):
            path.unlink()
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
            client.queue.put_nowait(None)
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
            while True:
                try:
                    line = await reader.readline()
                except (ValueError, asyncio.LimitOverrunError):
                    client.send(Refused("a message was longer than 1 MiB"))
                    break
                if not line:
                    break
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
            client.queue.put_nowait(None)
            with contextlib.suppress(asyncio.CancelledError, ConnectionError):
                await sender

    async def _sender(self, client: Client) -> None:
        writer = client.writer
        try:
            while True:
                data = await client.queue.get()
                if data is None:
                    break
                writer.write(data)
                await writer.drain()
        except ConnectionError:
            pass
        finally:
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
            # or a user name like "x[bold", is asked for one)
            try:
                client.name = check_name(message.suggested_name)
            except ValueError:
                client.name = ""
        client.send(Welcome(client.player, client.name, client.guest))

    def on_set_name(self, client: Client, message: SetName) -> None:
        try:
            client.name = self.players.set_name(client.player, message.name)
        except ValueError as exc:
            client.send(Refused(f"That name cannot be used: {exc}"))
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
        self.players.set_option(client.player, message.key, message.value)
        client.send(Notice(f"Colours: {message.value}, from your next connection"))

    def on_list_games(self, client: Client, message: ListGames) -> None:
        client.in_lobby = True
        client.send(Lobby(self.lobby_for(client)))

    def on_create_game(self, client: Client, message: CreateGame) -> None:
        if not client.name:
            client.send(Refused("choose a name first"))
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
        live = LiveGame(game_id, game, seats, kept=not client.guest and self.folder is not None)
        self._make_captains(live)
        if live.kept and self.games_dir is not None:
            game.autosave = self.games_dir / f"{game_id}.json"
            try:
                game.save(game.autosave)
                self._write_seats(live)
            except (SaveError, OSError) as exc:
                client.send(Refused(f"cannot keep the game: {exc}"))
                return
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
            self._write_seats(live)
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
        except SaveError as exc:
            self.log(str(exc))
            events = game.events_at(game.step)
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
            self._rewind(live, target)
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
            self._rewind(live, target)
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

    def _rewind(self, live: LiveGame, target: int) -> None:
        live.game.goto(target)
        live.undo_ask = None
        for client in list(live.watchers):
            self._send_update(client, live, since=-1, reset=True, note="undone")
        self._lobby_changed()
        self._schedule_captain(live)

    def _played(self, live: LiveGame, events: tuple[Event, ...], note: str = "") -> None:
        live.undo_ask = None
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
            except SaveError as exc:
                self.log(str(exc))
                events = game.events_at(game.step)
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

    def lobby_for(self, client: Client) -> tuple[GameInfo, ...]:
        """Open and live games, the client's own first; finished games last."""
        def order(live: LiveGame) -> tuple[int, int, float]:
            return (0 if live.sides_of(client.player) else 1, 1 if live.game.over else 0,
                    -live.created)

        return tuple(self.info(live, client) for live in sorted(self.games.values(), key=order))

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
                client.send(Lobby(self.lobby_for(client)))

    def disconnected(self, client: Client) -> None:
        self.clients.discard(client)
        for game_id in list(client.games):
            live = self.games.get(game_id)
            if live is None:
                continue
            live.watchers.pop(client, None)
            still_here = any(c.player == client.player for c in self.clients)
            if client.guest and not still_here and not live.game.over:
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
