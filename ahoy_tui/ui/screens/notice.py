"""A few paragraphs to read, and a key to close them (the victory condition, and the like)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static


class NoticeScreen(ModalScreen[None]):
    """Text to read over the battle; Esc, Enter or q closes it."""

    DEFAULT_CSS = """
    NoticeScreen { align: center middle; }
    NoticeScreen > VerticalScroll {
        width: 72; max-width: 100%; height: auto; max-height: 90%; padding: 1 2;
        border: thick $primary; background: $surface;
    }
    NoticeScreen #notice-title { text-style: bold; margin-bottom: 1; }
    NoticeScreen #notice-keys { color: $text-muted; margin-top: 1; }
    """
    BINDINGS = [Binding("escape,enter,q,v", "close", "Close")]

    def __init__(self, title: str, text: str | Text) -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.title_text, id="notice-title")
            yield Static(self.text, id="notice-text")
            yield Static("Esc closes", id="notice-keys")

    def action_close(self) -> None:
        self.dismiss(None)
