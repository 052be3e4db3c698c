"""The dice and events log: every roll with its dice, purpose and rule; filterable."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.widgets import RichLog

from ahoy_tui.engine.events import DiceRoll, Event

FILTERS = ("all", "dice", "big")


def event_text(step: int, event: Event) -> Text:
    text = Text(f"{step:>4} ", style="dim")
    if isinstance(event, DiceRoll):
        text.append("• ", style="cyan")
        text.append(event.describe())
        outcome = event.outcome
        if outcome:
            good = outcome in ("passed", "hits", "wounds", "damages", "saved", "fires")
            text.stylize("green" if good else "yellow", len(text) - len(outcome), len(text))
        text.append(f"  [{event.rule}]", style="dim italic")
    else:
        text.append("» ", style="bold magenta" if event.big else "magenta")
        text.append(event.describe(), style="bold" if event.big else "")
    return text


class DiceLog(RichLog):
    """Everything that happened, newest at the bottom; ``f`` cycles all / dice / big events."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, highlight=False, max_lines=2000,
                         min_width=20)
        self.entries: list[tuple[int, Event]] = []
        self.filter = "all"

    def _wanted(self, event: Event) -> bool:
        if self.filter == "dice":
            return isinstance(event, DiceRoll)
        if self.filter == "big":
            return not isinstance(event, DiceRoll) and event.big
        return True

    def add(self, entries: Iterable[tuple[int, Event]]) -> None:
        for step, event in entries:
            self.entries.append((step, event))
            if self._wanted(event):
                self.write(event_text(step, event))

    def reset(self, entries: Iterable[tuple[int, Event]]) -> None:
        self.clear()
        self.entries = []
        self.add(entries)

    def cycle_filter(self) -> str:
        self.filter = FILTERS[(FILTERS.index(self.filter) + 1) % len(FILTERS)]
        entries = list(self.entries)
        self.reset(entries)
        self.border_subtitle = f"showing: {self.filter} (g)"
        return self.filter
