"""The battle is over: the result, a short summary, and what next."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ahoy_tui.engine import SaveError
from ahoy_tui.session import LocalSession


class GameOverScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    GameOverScreen { align: center middle; }
    GameOverScreen > Vertical {
        width: 76; max-width: 100%; height: auto; padding: 1 2; border: thick $accent;
        background: $surface;
    }
    GameOverScreen #result { text-style: bold; margin-bottom: 1; }
    GameOverScreen VerticalScroll { height: auto; max-height: 60vh; }
    GameOverScreen Horizontal { height: auto; margin-top: 1; }
    GameOverScreen Button { margin-right: 2; }
    """
    BINDINGS = [Binding("s", "save", "Save log"), Binding("r", "replay", "Replay"),
                Binding("x", "export", "Share"),
                Binding("escape,q,m", "close", "See the map"),
                Binding("t", "title", "Title")]

    def __init__(self, session: LocalSession, summary: str) -> None:
        super().__init__()
        self.session = session
        self.summary = summary

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.session.state.result, id="result")
            with VerticalScroll():  # a big battle's summary scrolls at 80x24
                yield Static(self.summary, id="summary")
            with Horizontal():
                if not getattr(self.session, "online", False):
                    yield Button("Save log (s)", id="save", variant="primary")
                    yield Button("Map (m)", id="close")
                    yield Button("Replay (r)", id="replay")
                    yield Button("Share (x)", id="export")
                    yield Button("Title (t)", id="title")
                else:  # the server keeps the log
                    yield Button("Map (m)", id="close", variant="primary")
                    yield Button("Lobby (t)", id="title")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        {"save": self.action_save, "replay": self.action_replay, "close": self.action_close,
         "title": self.action_title, "export": self.action_export}[event.button.id or "title"]()

    def action_save(self) -> None:
        try:
            path = self.session.save()
        except SaveError as exc:
            self.notify(str(exc), severity="error")
            return
        self.notify(f"Battle log saved to {path}")

    def action_replay(self) -> None:
        if getattr(self.session, "online", False):
            self.notify("The server keeps this battle's log", timeout=3)
            return
        from ahoy_tui.ui.screens.replay import ReplayScreen

        game = self.session.game
        self.dismiss()
        self.app.push_screen(ReplayScreen(game, path=self.session.path))

    def action_export(self) -> None:
        """Share the battle: a recording, the last picture, an after-action report, written
        beside its log (online, the lobby gives the report of a finished game)."""
        if getattr(self.session, "online", False):
            self.notify("The lobby gives the report of a finished game (r on it)", timeout=5)
            return
        from ahoy_tui.ui.screens.export import offer_exports

        offer_exports(self, self.session.game, self.session.path)

    def action_close(self) -> None:
        """Back to the battle's last picture, the map and the cards as the battle ended; v
        there brings this summary back."""
        self.dismiss()
        self.app.notify("The battle as it ended: v for the summary again", timeout=4)

    def action_title(self) -> None:
        self.dismiss()
        if getattr(self.session, "online", False):
            self.app.screen.action_leave()  # type: ignore[attr-defined]
            return
        self.app.pop_screen()
