"""Save the battle under a new name, in the saves folder."""

from __future__ import annotations

import re
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

_SAFE = re.compile(r"[^A-Za-z0-9._ -]+")


class SaveAsScreen(ModalScreen[Path | None]):
    DEFAULT_CSS = """
    SaveAsScreen { align: center middle; }
    SaveAsScreen > Vertical {
        width: 64; height: auto; padding: 1 2; border: thick $accent; background: $surface;
    }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, folder: Path, name: str) -> None:
        super().__init__()
        self.folder = folder
        self.name_now = name

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"Save as (in {self.folder}):")
            yield Input(value=f"{self.name_now}-copy", id="name")
            yield Label("Enter to save · Esc to cancel", classes="hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        name = _SAFE.sub("-", event.value.strip()).strip(". ")
        if not name:
            self.notify("Give the save a name", severity="warning")
            return
        if not name.endswith(".json"):
            name += ".json"
        path = self.folder / name
        if path.exists():
            self.notify(f"{path.name} exists already: choose another name", severity="warning")
            return
        self.dismiss(path)

    def action_cancel(self) -> None:
        self.dismiss(None)
