"""The lobby of a server: its games, and what you can do with them.

Each row is a game: its scenario, who sits where (and whether they are here), the turn, and how
many watch. Your own games come first. Enter plays (your seat, or a free one), ``w`` watches,
``n`` sets up a new game, ``a`` gives the after-action report of a game (a finished one whole,
your own side's view of your game not over). The list follows the server as it changes; a busy
server's list comes a page at a time (PgUp/PgDn).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.markup import escape
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from ahoy_tui.server.messages import LOBBY_PAGE, GameInfo, SeatInfo


def seat_words(seat: SeatInfo) -> str:
    """Who sits on a side, short: "bob", "bob (away)", "(free)", "hard captain"."""
    if seat.occupant == "open":
        return "(free)"
    if seat.occupant == "ai":
        return f"{seat.name} captain"
    here = "" if seat.connected else " (away)"
    return f"{seat.name}{here}"


class GamesTable(DataTable[str]):
    """The server's games, one a row."""

    def show(self, games: tuple[GameInfo, ...]) -> None:
        keep = self.cursor_row
        self.clear()
        for info in games:
            state = "over" if info.over else f"turn {info.turn}"
            mark = "yours" if info.yours else ("free seat" if any(
                s.occupant == "open" for s in info.seats) and not info.over else "")
            # Text, not str: a game id in brackets must not be read as markup
            self.add_row(Text(mark), Text(f"{info.title} [{info.id}]"),
                         Text(" v ".join(seat_words(s) for s in info.seats)),
                         Text(state), Text(str(info.spectators)), key=info.id)
        if games:
            self.move_cursor(row=min(max(keep, 0), len(games) - 1))


class LobbyScreen(Screen[None]):
    """The server's games: play, watch or start one."""

    CSS_PATH = "lobby.tcss"
    BINDINGS = [
        Binding("enter", "play", "Play", priority=True),
        Binding("w", "watch", "Watch"),
        Binding("n", "new", "New game"),
        Binding("a", "report", "Report",
                tooltip="the after-action report of the game (a finished one, or your side's "
                        "view of your own)"),
        Binding("r", "refresh", "Refresh", show=False),
        Binding("pagedown", "page(1)", "More games", show=False, priority=True),
        Binding("pageup", "page(-1)", "Earlier games", show=False, priority=True),
        Binding("o", "colours", "Colours"),
        Binding("q", "quit_lobby", "Quit"),
    ]

    class Wanted(Message):
        """The player asked for something the app sends to the host."""

        def __init__(self, what: str, game: str = "", side: str = "", offset: int = 0) -> None:
            super().__init__()
            self.what = what
            self.game = game
            self.side = side
            self.offset = offset

    def __init__(self) -> None:
        super().__init__()
        self.games: tuple[GameInfo, ...] = ()
        self.first = 0  # the page shown: games first… of total
        self.total = 0
        self.who = ""
        self.ready = False  # the host may answer before the screen is up

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby-box"):
            yield Static("Ahoy TUI — the lobby", id="lobby-title")
            yield Static("Connecting…", id="who")
            yield GamesTable(id="games", cursor_type="row", zebra_stripes=True)
            yield Static("No games yet: press n to set one up.", id="empty")
            yield Static("", id="pages")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(GamesTable)
        table.add_columns("", "Game", "Players", "Now", "Watching")
        table.focus()
        self.ready = True
        self.show_games(self.games, self.first, self.total)
        if self.who:
            self.query_one("#who", Static).update(self.who)

    def show_player(self, name: str, guest: bool) -> None:
        kept = ": your games are not kept" if guest else ""
        self.show_status(f"Signed in as [b]{escape(name)}[/b]{kept}")

    def show_status(self, text: str) -> None:
        self.who = text
        if self.ready:
            self.query_one("#who", Static).update(text)

    def show_games(self, games: tuple[GameInfo, ...], offset: int = 0,
                   total: int | None = None) -> None:
        turned = offset != self.first  # a new page: start at its top (or, going back, bottom)
        back = offset < self.first
        self.games = games
        self.first = offset
        self.total = len(games) if total is None else total
        if self.ready:
            table = self.query_one(GamesTable)
            table.show(games)
            if turned and games:
                table.move_cursor(row=len(games) - 1 if back else 0)
            self.query_one("#empty").display = not games
            pages = self.query_one("#pages", Static)
            pages.display = self.total > len(games)
            if pages.display:
                first, last = offset + 1 if games else offset, offset + len(games)
                more = " · PgDn at the end: more" if last < self.total else ""
                earlier = " · PgUp at the top: earlier" if offset else ""
                pages.update(f"Games {first}–{last} of {self.total:,}{more}{earlier}")

    def _current(self) -> GameInfo | None:
        table = self.query_one(GamesTable)
        if not self.games or table.cursor_row < 0:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return next((g for g in self.games if g.id == key), None)

    @on(DataTable.RowSelected)
    def row_selected(self) -> None:
        self.action_play()

    def action_play(self) -> None:
        if not isinstance(self.focused, GamesTable):
            return
        info = self._current()
        if info is None:
            return
        if info.yours:
            self.post_message(self.Wanted("join", info.id))
            return
        free = [s for s in info.seats if s.occupant == "open"]
        if info.over or not free:
            self.post_message(self.Wanted("watch", info.id))
            return
        if len(free) == 1:
            self.post_message(self.Wanted("join", info.id, free[0].side))
            return

        def chosen(side: str | None) -> None:
            if side:
                self.post_message(self.Wanted("join", info.id, side))

        self.app.push_screen(ChooseOneScreen("Take which side?",
                                             [(s.side_name, s.side) for s in free]), chosen)

    def action_watch(self) -> None:
        info = self._current()
        if info is not None:
            self.post_message(self.Wanted("watch", info.id))

    def action_report(self) -> None:
        info = self._current()
        if info is not None:
            self.post_message(self.Wanted("report", info.id))

    def action_new(self) -> None:
        self.post_message(self.Wanted("new"))

    def action_refresh(self) -> None:
        self.post_message(self.Wanted("refresh", offset=self.first))

    def action_page(self, direction: int) -> None:
        """A screenful down (1) or up (-1) the list; past either end of this page of a lobby
        too long for one, the next or previous page."""
        table = self.query_one(GamesTable)
        if not isinstance(self.focused, GamesTable):
            return
        at_end = table.cursor_row >= len(self.games) - 1 if direction > 0 \
            else table.cursor_row <= 0
        if not at_end:
            if direction > 0:
                table.action_page_down()
            else:
                table.action_page_up()
            return
        offset = self.first + direction * max(len(self.games), LOBBY_PAGE)
        if 0 <= offset < self.total:
            self.post_message(self.Wanted("refresh", offset=offset))

    def action_colours(self) -> None:
        """Choose the colours used from the next connection (TERM decides on auto)."""
        def chosen(colour: str | None) -> None:
            if colour:
                self.post_message(self.Wanted("colour", side=colour))

        self.app.push_screen(ChooseOneScreen(
            "Colours for your next connection (SSH rarely tells the server):", COLOURS), chosen)

    def action_quit_lobby(self) -> None:
        self.app.exit()


class ChooseOneScreen(ModalScreen[str | None]):
    """A question with a short list of answers (which side to take, how many colours)."""

    DEFAULT_CSS = """
    ChooseOneScreen { align: center middle; }
    ChooseOneScreen > Vertical {
        width: 64; height: auto; padding: 1 2; border: thick $accent; background: $surface;
    }
    ChooseOneScreen OptionList { height: auto; }
    ChooseOneScreen Label { width: 100%; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, answers: Sequence[tuple[str, str]]) -> None:
        super().__init__()
        self.question = question
        self.answers = answers

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, classes="question")
            yield OptionList(*[Option(words, id=value) for words, value in self.answers])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


COLOURS = (("As your terminal's TERM says", "auto"), ("Millions (24-bit)", "truecolor"),
           ("256 colours", "256"), ("16 colours", "standard"))


class NameScreen(ModalScreen[str]):
    """First visit: the name other players will know you by."""

    DEFAULT_CSS = """
    NameScreen { align: center middle; }
    NameScreen > Vertical {
        width: 60; height: auto; padding: 1 2; border: thick $accent; background: $surface;
    }
    NameScreen Label { width: 100%; }
    NameScreen .hint { color: $foreground 70%; }
    """

    def __init__(self, suggested: str, problem: str = "", guest: bool = False) -> None:
        super().__init__()
        self.suggested = suggested
        self.problem = problem
        self.guest = guest

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Welcome aboard! What name shall other captains know you by?")
            if self.problem:
                yield Label(self.problem, classes="hint")
            yield Input(value=self.suggested, id="name", max_length=24)
            kept = ("As a guest, you keep this name until you leave." if self.guest else
                    "Your SSH key will be remembered with this name.")
            yield Label(f"Enter to confirm. {kept}", classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.dismiss(event.value.strip())
