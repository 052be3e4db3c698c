"""The game as a client of a server: the lobby, and battles held by the game host.

One :class:`OnlineApp` runs per SSH (or browser) connection, in its own process. It talks to the
game host over the host's socket: the lobby comes first, a battle opens in the usual battle
screen over a :class:`~ahoy_tui.server.remote.RemoteSession`, and every message the host pushes
(the opponent's move, a request to undo, a refusal) is routed to whoever shows it.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from textual import events, on, work
from textual.app import SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from ahoy_tui.server import messages as msg
from ahoy_tui.server.limits import MAX_COLUMNS, MAX_ROWS, size_notice
from ahoy_tui.server.link import HostGone, HostLink
from ahoy_tui.server.remote import RemoteSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.screens.lobby import LobbyScreen, NameScreen


class OnlineApp(AhoyApp):
    """Ahoy TUI on a server: lobby, live games with other players, spectating."""

    TITLE = "Ahoy TUI (online)"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True)]

    KEEPS_SETTINGS = False  # the server's disk is not the player's: odds shown, kept nowhere
    TITLE_FIRST = False  # the lobby is pushed first

    def __init__(self, socket: Path | str, player: str, suggested_name: str = "",
                 guest: bool = False) -> None:
        super().__init__()
        self.socket = Path(socket)
        if player == "guest:web":  # each browser tab is a guest of its own
            import secrets

            player = f"guest:web:{secrets.token_hex(4)}"
        self.player = player
        self.suggested_name = suggested_name
        self.guest = guest
        self.link: HostLink | None = None
        self.lobby = LobbyScreen()
        self.sessions: dict[str, RemoteSession] = {}
        self.player_name = ""
        self.lobby_offset = 0  # the lobby page the player looks at
        self.returning = True  # until the first lobby: back into one's seat, if one waits
        self.gone_after = 15.0  # seconds to show that the server has gone, then leave
        self.told_largest = False  # the terminal's size is the most a door gives: said

    def first_screens(self) -> None:
        self.push_screen(self.lobby)
        self.listen()
        self.at_largest(self.size.width, self.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self.at_largest(event.size.width, event.size.height)

    def at_largest(self, width: int, height: int) -> None:
        """Say so, once each time, when the door has clamped the player's terminal: a game is
        drawn on at most so many cells (``server/limits.py``), whatever the window."""
        largest = width >= MAX_COLUMNS or height >= MAX_ROWS
        if largest and not self.told_largest:
            self.notify(size_notice(), title="Terminal size", timeout=10)
        self.told_largest = largest

    def send(self, message: msg.Message) -> None:
        if self.link is not None:
            self.link.send(message)

    @work(exclusive=True, group="host")
    async def listen(self) -> None:
        """Read the host's messages for as long as the connection lasts."""
        try:
            self.link = await HostLink.connect(self.socket)
            self.send(msg.Hello(self.player, self.suggested_name, self.guest))
            self.send(msg.ListGames())
            while True:
                self.received(await self.link.receive())
        except HostGone as exc:
            self.link = None
            self.lobby.show_status(f"[b red]{exc}[/]: press q to leave")
            self.notify(f"{exc}. Your games are kept: connect again later.",
                        severity="error", timeout=30)
            self.set_timer(self.gone_after, self.exit)  # nothing to play for: don't linger

    def received(self, message: msg.Message) -> None:
        handler = getattr(self, f"host_{message.kind}", None)
        if handler is not None:
            handler(message)

    # --- what the host says ----------------------------------------------------------------
    def host_welcome(self, message: msg.Welcome) -> None:
        self.player_name = message.name
        if message.name:
            self.lobby.show_player(message.name, message.guest)
            return
        self.ask_name(self.suggested_name)

    def ask_name(self, suggested: str, problem: str = "") -> None:
        def chosen(name: str | None) -> None:
            if name:
                self.send(msg.SetName(name))

        self.push_screen(NameScreen(suggested, problem, guest=self.guest
                                    or self.player.startswith("guest:")), chosen)

    def host_lobby(self, message: msg.Lobby) -> None:
        self.lobby_offset = message.offset
        self.lobby.show_games(message.games, message.offset, message.total)
        if self.returning:
            # a player coming back (a dropped connection) goes straight back to their seat,
            # when there is one battle it can be; with several, they choose in the lobby
            self.returning = False
            mine = [g for g in message.games if g.yours and not g.over]
            if len(mine) == 1:
                self.send(msg.JoinGame(mine[0].id))

    def host_opened(self, message: msg.Opened) -> None:
        from ahoy_tui.ui.routing import battle_screen, is_battle_screen

        old = self.sessions.pop(message.game.id, None)
        session = RemoteSession(message, self.send)
        self.sessions[message.game.id] = session
        if old is not None and is_battle_screen(self.screen) \
                and getattr(self.screen, "session", None) is old:
            self.pop_screen()
        self.push_screen(battle_screen(session))

    def host_update(self, message: msg.Update) -> None:
        session = self.sessions.get(message.game.id)
        if session is not None:
            session.updated(message)

    def host_undo_asked(self, message: msg.UndoAsked) -> None:
        from ahoy_tui.ui.screens.confirm import ConfirmScreen

        actions = "action" if message.steps == 1 else f"{message.steps} actions"
        self.push_screen(ConfirmScreen(f"{message.by} asks to take back their last move "
                                       f"({actions}). Allow it?"),
                         lambda yes: self.send(msg.AnswerUndo(message.game, bool(yes))))

    def host_refused(self, message: msg.Refused) -> None:
        session = self.sessions.get(message.game)
        if session is not None and session.on_refused is not None:
            session.refused(message)
            return
        if message.reason.startswith("That name cannot be used"):
            self.ask_name(self.suggested_name, message.reason)
            return
        self.notify(message.reason, title=message.rule or "Refused", severity="warning",
                    timeout=6)

    def host_report(self, message: msg.Report) -> None:
        """The after-action report asked for from the lobby: in a browser, a download; over
        SSH, where the server saved it (its data folder)."""
        if self.is_web:
            import io

            from textual.app import App

            name = message.name.rsplit("/", 1)[-1] or f"ahoy-report-{message.game}.html"
            App.deliver_text(self, io.StringIO(message.page), save_filename=name,
                             mime_type="text/html")
            self.notify(f"The after-action report: {name}", title="Report", timeout=8)
        elif message.name:
            self.notify(f"Saved on the server, in its data folder, as {message.name}: ask its "
                        "keeper for it", title="After-action report", timeout=12)
        else:
            self.notify("This server keeps no data folder to save the report in: open the "
                        "game in a browser (the browser door) to download it",
                        title="After-action report", severity="warning", timeout=10)

    def host_notice(self, message: msg.Notice) -> None:
        self.notify(message.text, severity=message.severity, timeout=6)  # type: ignore[arg-type]

    # --- what the player asks --------------------------------------------------------------
    @on(LobbyScreen.Wanted)
    def lobby_wants(self, event: LobbyScreen.Wanted) -> None:
        if event.what == "join":
            self.send(msg.JoinGame(event.game, event.side))
        elif event.what == "watch":
            self.send(msg.WatchGame(event.game))
        elif event.what == "colour":
            self.send(msg.SetOption("colour", event.side))
        elif event.what == "refresh":
            self.send(msg.ListGames(event.offset))
        elif event.what == "report":
            self.send(msg.AskReport(event.game))
        elif event.what == "new":
            from ahoy_tui.ui.screens.new_game import NewGameScreen

            self.push_screen(NewGameScreen(online=True))

    def create_online_game(self, settings: dict[str, Any]) -> None:
        """The new-game form's answer: ask the host to set the game up."""
        self.send(msg.CreateGame(**settings))

    def battle_left(self, session: RemoteSession) -> None:
        session.leave()
        self.sessions.pop(session.game_id, None)
        self.send(msg.ListGames(self.lobby_offset))

    def action_title_quit(self) -> None:
        self.exit()

    # --- nothing here writes on the server's disk --------------------------------------------
    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The palette's commands, but those that would write files where the game runs (the
        server): the screenshot, and a battle's save (the server keeps it) and redo."""
        for command in super().get_system_commands(screen):
            if command.title not in SERVER_SIDE_FILES:
                yield command

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        self.notify("Screenshots are not taken on the server: use your terminal's own",
                    severity="warning", timeout=4)

    def save_screenshot(self, filename: str | None = None, path: str | None = None,
                        time_format: str | None = None) -> str:
        raise PermissionError("an online game writes no files on the server")

    def deliver_screenshot(self, filename: str | None = None, path: str | None = None,
                           time_format: str | None = None) -> str | None:
        self.action_screenshot()
        return None

    def deliver_text(self, *args: Any, **kwargs: Any) -> str | None:
        raise PermissionError("an online game writes no files on the server")

    def deliver_binary(self, *args: Any, **kwargs: Any) -> str | None:
        raise PermissionError("an online game writes no files on the server")

    def _not_online(self) -> None:
        self.notify("Not on a server: saves, replays and fleets are on your own machine",
                    severity="warning", timeout=4)

    # the title screen's doors to the server's own files stay shut, however they are asked for
    # (a key, or a link in text a player wrote)
    def action_title_new(self) -> None:
        self.lobby.action_new()

    def action_title_resume(self) -> None:
        self._not_online()

    def action_title_load(self) -> None:
        self._not_online()

    def action_title_replay(self) -> None:
        self._not_online()

    def action_title_fleets(self) -> None:
        self._not_online()


# palette commands an online game leaves out (the server keeps its battles: no save, no redo)
SERVER_SIDE_FILES = frozenset({"Screenshot", "Save", "Save as…", "Redo"})
