"""The orders turned over: every ship's sealed sheet, for both captains to see at once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ahoy_tui.ui.naval import naval_view

SIDE_STYLES = {"p1": "bold blue", "p2": "bold red"}


def revealed_text(sheets: tuple[Any, ...]) -> Text:
    """Each ship's revealed sheet (``view.Revealed``), side by side."""
    text = Text()
    side = ""
    for sheet in sheets:
        if sheet.side != side:
            side = sheet.side
            text.append(f"{sheet.side_name}\n", style=SIDE_STYLES.get(side, "bold") +
                        " underline")
        text.append(f"  {sheet.name}", style="bold")
        text.append(f" — {sheet.declared}\n", style="italic")
        text.append("    " + " · ".join(f"{name} {n}" for name, n in sheet.boxes) + "\n")
        moves = naval_view().maneuver_words(sheet.maneuvers)
        text.append(f"    maneuvers: {moves}\n", style="magenta")
        extras = [f"fire team {sheet.fire_team}", "grapple" if sheet.grapple else "no grapple"]
        if sheet.cut_loose:
            extras.append("cut loose")
        if sheet.creature:
            extras.append(sheet.creature)
        text.append("    " + ", ".join(extras) + "\n", style="dim")
    if not sheets:
        text.append("(no sheets)", style="dim")
    return text


class RevealScreen(ModalScreen[None]):
    """What each side ordered, shown together when the last side has sealed. A ruleset's
    screen may say the sheets its own way (``render``)."""

    DEFAULT_CSS = """
    RevealScreen { align: center middle; }
    RevealScreen > Vertical {
        width: 84; max-width: 100%; height: auto; max-height: 90%; padding: 1 2;
        border: thick $warning; background: $surface;
    }
    RevealScreen #title { text-style: bold; margin-bottom: 1; }
    RevealScreen VerticalScroll { height: auto; max-height: 30; }
    RevealScreen #hint { color: $text-muted; margin-top: 1; }
    """
    BINDINGS = [Binding("enter,escape,space", "close", "Continue")]
    render_sheets: ClassVar[Callable[[tuple[Any, ...]], Text]] = staticmethod(revealed_text)
    hint: ClassVar[str] = "Enter: continue"

    def __init__(self, title: str, sheets: tuple[Any, ...]) -> None:
        super().__init__()
        self.title_text = title
        self.sheets = sheets

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, id="title")
            with VerticalScroll():
                yield Static(self.render_sheets(self.sheets), id="sheets")
            yield Static(self.hint, id="hint")

    def action_close(self) -> None:
        self.dismiss()
