"""The fire plan (Naval Battle Rules, Shooting): for each weapon of a side's ships — each gun,
the snipers, a creature — a target or holding fire, with the Guns box's action points spent
and left. Posts :class:`FirePlanSheet.Changed` with the shots whenever a choice changes."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ahoy_tui.ui.naval import naval_view

Key = tuple[str, str]  # (ship, weapon)


class FirePlanSheet(Widget, can_focus=True):
    """One row a weapon: ←/→ choose its target (or hold), c aims at the target's creature."""

    BINDINGS = [
        Binding("up", "cursor(-1)", "Weapon", show=False),
        Binding("down", "cursor(1)", "Weapon", show=False),
        Binding("left", "target(-1)", "Target", show=False),
        Binding("right", "target(1)", "Target", show=False),
        Binding("c", "creature", "At the creature"),
        Binding("h", "hold_all", "Hold all"),
    ]

    cursor: reactive[int] = reactive(0)

    class Changed(Message):
        def __init__(self, shots: tuple[Any, ...]) -> None:
            super().__init__()
            self.shots = shots

    class Moved(Message):
        """The cursor went to another weapon (the screen shows that shot's odds)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows: tuple[Any, ...] = ()
        self.chosen: dict[Key, tuple[str, bool]] = {}  # (target, at_creature)
        self.budgets: tuple[Any, ...] = ()
        self.problem: tuple[str, str] | None = None

    def load(self, rows: tuple[Any, ...], shots: tuple[Any, ...],
             budgets: tuple[Any, ...], problem: tuple[str, str] | None) -> None:
        self.rows = rows
        self.chosen = {(s.ship, s.weapon): (s.target, s.at_creature) for s in shots}
        self.budgets = budgets
        self.problem = problem
        self.cursor = min(self.cursor, max(0, len(rows) - 1))
        self.refresh(layout=True)

    @property
    def shots(self) -> tuple[Any, ...]:
        shot = naval_view().Shot
        return tuple(shot(r.ship, r.weapon, *self.chosen[(r.ship, r.weapon)])
                     for r in self.rows if (r.ship, r.weapon) in self.chosen)

    def _changed(self) -> None:
        self.refresh(layout=True)
        self.post_message(self.Changed(self.shots))

    def action_cursor(self, step: int) -> None:
        if self.rows:
            self.cursor = max(0, min(len(self.rows) - 1, self.cursor + step))

    def watch_cursor(self) -> None:
        self.post_message(self.Moved())

    def shot_at_cursor(self) -> Any:
        """The shot the weapon under the cursor is to make (None while it holds its fire)."""
        if not self.rows or not 0 <= self.cursor < len(self.rows):
            return None
        row = self.rows[self.cursor]
        chosen = self.chosen.get((row.ship, row.weapon))
        return None if chosen is None else naval_view().Shot(row.ship, row.weapon, *chosen)

    def action_target(self, step: int) -> None:
        if not self.rows:
            return
        row = self.rows[self.cursor]
        options: list[str | None] = [None, *(t.ship for t in row.targets)]
        key = (row.ship, row.weapon)
        now = self.chosen.get(key, (None, False))[0]
        index = options.index(now) if now in options else 0
        new = options[(index + step) % len(options)]
        if new is None:
            self.chosen.pop(key, None)
        else:
            self.chosen[key] = (new, False)
        self._changed()

    def action_creature(self) -> None:
        if not self.rows:
            return
        row = self.rows[self.cursor]
        key = (row.ship, row.weapon)
        if key not in self.chosen:
            return
        target, at = self.chosen[key]
        if any(t.ship == target and t.creature for t in row.targets):
            self.chosen[key] = (target, not at)
            self._changed()
        else:
            self.notify("That target has no creature to shoot at", timeout=3)

    def action_hold_all(self) -> None:
        self.chosen.clear()
        self._changed()

    def render(self) -> Text:
        text = Text()
        text.append("Fire plan", style="bold underline")
        text.append("  ←/→ target · c creature · h hold all · enter seals\n", style="dim")
        ship = ""
        for index, row in enumerate(self.rows):
            if row.ship != ship:
                ship = row.ship
                budget = next((b for b in self.budgets if b.ship == ship), None)
                text.append(f"{row.ship_name}", style="bold")
                if budget is not None:
                    over = budget.spent > budget.on_guns
                    text.append(f"  Guns: {budget.spent} of {budget.on_guns} AP",
                                style="bold red" if over else "dim")
                text.append("\n")
            mine = index == self.cursor
            text.append("▸ " if mine else "  ", style="bold cyan")
            cost = f" ({row.action_points} AP)" if row.action_points else ""
            text.append(f"{row.name + cost:<26}", style="bold" if mine else "")
            chosen = self.chosen.get((row.ship, row.weapon))
            if not row.targets:
                text.append(f"— {row.why_not or 'nothing in reach'}", style="dim italic")
            elif chosen is None:
                text.append("hold fire", style="dim")
                text.append(f"  ({len(row.targets)} in reach)", style="dim")
            else:
                target = next((t for t in row.targets if t.ship == chosen[0]), None)
                name = target.name if target else chosen[0]
                far = f" {target.distance:.0f}\"" if target else ""
                text.append(f"→ {name}{far}", style="bold yellow")
                if chosen[1]:
                    text.append(" (the creature)", style="yellow")
            text.append("\n")
        if not self.rows:
            text.append("  Nothing to shoot with\n", style="dim")
        if self.problem is None:
            text.append("✓ Ready to seal (enter)", style="bold green")
        else:
            text.append(f"✗ {self.problem[0]}: ", style="bold red")
            text.append(self.problem[1], style="red")
        return text
