"""Hot-seat play of secret orders: the terminal passes from one captain to the other.

The screen covers everything (it is not a modal: nothing of the battle shows through), so the
captain taking over never sees the sheet just sealed."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static


class HandOverScreen(Screen[None]):
    """"Pass the terminal to …": Enter when the next captain is ready."""

    DEFAULT_CSS = """
    HandOverScreen { align: center middle; background: $background; }
    HandOverScreen > Vertical {
        width: 64; max-width: 100%; height: auto; padding: 1 2; border: thick $accent;
    }
    HandOverScreen #to { text-style: bold; content-align: center middle; width: 100%; }
    HandOverScreen #why { color: $text-muted; margin-top: 1; }
    """
    BINDINGS = [Binding("enter", "ready", "Ready"), Binding("space", "ready", "Ready",
                                                              show=False)]

    def __init__(self, side_name: str, why: str = "") -> None:
        super().__init__()
        self.side_name = side_name
        self.why = why

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"Pass the terminal to {self.side_name} — Enter when ready", id="to")
            yield Static(self.why or "Their orders are written in secret: the other captain "
                         "looks away.", id="why")

    def action_ready(self) -> None:
        self.dismiss()
