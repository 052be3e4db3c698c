"""The speed declarations (Naval Battle Rules, Changing speed): for each of a side's ships,
whether she speeds up, holds her speed or slows down. Posts :class:`SpeedDeclarations.Changed`
with every ship's choice whenever one changes."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ahoy_tui.ui.naval import naval_view

HOLD = "hold"


class SpeedDeclarations(Widget, can_focus=True):
    """Up / hold / down for each ship, chosen with ←/→."""

    BINDINGS = [
        Binding("up", "cursor(-1)", "Ship", show=False),
        Binding("down", "cursor(1)", "Ship", show=False),
        Binding("left", "change(-1)", "Up/hold/down", show=False),
        Binding("right", "change(1)", "Up/hold/down", show=False),
    ]

    cursor: reactive[int] = reactive(0)
    choices: reactive[tuple[tuple[str, str], ...]] = reactive(())

    class Changed(Message):
        def __init__(self, choices: tuple[tuple[str, str], ...]) -> None:
            super().__init__()
            self.choices = choices

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: tuple[Any, ...] = ()

    def load(self, cards: tuple[Any, ...], choices: dict[str, str]) -> None:
        self.cards = cards
        self.cursor = min(self.cursor, max(0, len(cards) - 1))
        self.choices = tuple((c.ship, choices.get(c.ship, HOLD)) for c in cards)
        self.refresh(layout=True)

    def action_cursor(self, step: int) -> None:
        if self.cards:
            self.cursor = max(0, min(len(self.cards) - 1, self.cursor + step))

    def action_change(self, step: int) -> None:
        if not self.choices:
            return
        ship, now = self.choices[self.cursor]
        changes = naval_view().SPEED_CHANGES
        index = changes.index(now) if now in changes else 1
        new = changes[max(0, min(len(changes) - 1, index + step))]
        if new != now:
            choices = list(self.choices)
            choices[self.cursor] = (ship, new)
            self.choices = tuple(choices)
            self.post_message(self.Changed(self.choices))

    def render(self) -> Text:
        text = Text()
        text.append("Changing speed", style="bold underline")
        text.append("  ←/→ up, hold or down · enter seals\n", style="dim")
        chosen = dict(self.choices)
        for index, card in enumerate(self.cards):
            mine = index == self.cursor
            text.append("▸ " if mine else "  ", style="bold cyan")
            text.append(f"{card.name[:24]:<25}", style="bold" if mine else "")
            text.append(f"{card.speed:>3}\"/{card.max_speed}\"  ")
            for change in naval_view().SPEED_CHANGES:
                on = chosen.get(card.ship) == change
                text.append(f" {change} ", style="bold reverse" if on else "dim")
            text.append("\n")
        return text
