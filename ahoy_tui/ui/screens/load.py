"""Pick a saved battle from the saves folder: name, ruleset, scenario, turn, date."""

from __future__ import annotations

import json
import time
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Label

from ahoy_tui.paths import default_saves_dir


def describe_save(path: Path) -> tuple[str, str, str, str, str, str]:
    """(name, ruleset, scenario, turn, step, date) for the list; a broken file says so."""
    date = time.strftime("%Y-%m-%d %H:%M", time.localtime(path.stat().st_mtime))
    try:
        data = json.loads(path.read_text("utf-8"))
        meta = data.get("meta") or {}
        ruleset = str(data.get("ruleset", "?"))
        scenario = str(data.get("scenario_data", {}).get("title") or data.get("scenario", "?"))
        turn = "over" if meta.get("over") else str(meta.get("turn", "?"))
        steps = f"{data.get('cursor', 0)}/{len(data.get('actions', []))}"
    except (OSError, ValueError, AttributeError):
        ruleset, scenario, turn, steps = "?", "(unreadable)", "-", "-"
    return path.name, ruleset, scenario, turn, steps, date


class LoadScreen(Screen[Path | None]):
    DEFAULT_CSS = """
    LoadScreen Label { padding: 0 1; color: $accent; text-style: bold; }
    LoadScreen DataTable { height: 1fr; }
    """
    BINDINGS = [Binding("escape", "back", "Back"), Binding("enter", "open", "Open", show=True)]

    def __init__(self, title: str, folder: Path | None = None) -> None:
        super().__init__()
        self.heading = title
        self.folder = folder or default_saves_dir()
        self.paths: list[Path] = []

    def compose(self) -> ComposeResult:
        yield Label(f"{self.heading} — from {self.folder}")
        yield DataTable(cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("file", "ruleset", "scenario", "turn", "step", "saved")
        try:
            self.paths = sorted((p for p in self.folder.glob("*.json") if p.is_file()),
                                key=lambda p: p.stat().st_mtime, reverse=True)
        except OSError:
            self.paths = []
        for path in self.paths:
            table.add_row(*describe_save(path))
        if not self.paths:
            self.notify(f"No saved battles in {self.folder}", severity="warning")
        table.focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.dismiss(self.paths[event.cursor_row])

    def action_open(self) -> None:
        table = self.query_one(DataTable)
        if self.paths:
            self.dismiss(self.paths[table.cursor_row])

    def action_back(self) -> None:
        self.dismiss(None)
