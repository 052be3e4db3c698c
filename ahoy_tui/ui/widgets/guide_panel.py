"""The guide of a Learn to play battle: beside the prompt, what the rules ask now and why, the
choices and what each would do, and the rule it introduces (``?`` opens the rules).

It shows what the session's ``guide()`` gives (the ruleset's ``guide`` hook, read from the
ruleset's ``guide.toml``); it never plays and never hides a choice. It is mounted on a battle
screen only in a learn game (``BattleBasics.mount_guide``).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static


class GuidePanel(VerticalScroll):
    """The guide's words at this decision (a blank line while the other side decides)."""

    can_focus = False

    def __init__(self, *, id: str | None = "guide") -> None:
        super().__init__(id=id)
        self.border_title = "Guide"
        self.words = ""  # what it shows now, as plain text (read by the tests)

    def compose(self) -> Any:
        yield Static(id="guide-text")
        # kept in view whatever the text's length (h: the battle screen's dialog of it whole)
        yield Static("h: the prompt and the guide whole", id="guide-keys")

    def show(self, guidance: Any, waiting: str = "") -> None:
        """Show a ``rules.guide.Guidance`` (None: ``waiting``, the other side deciding)."""
        if guidance is None:
            words = waiting
            text = Text(words, style="italic dim")
        else:
            words = guidance.words()
            text = Text()
            text.append(guidance.text, style="bold" if guidance.first else "")
            for line in guidance.choices:
                text.append(f"\n• {line}")
            if guidance.rule:
                text.append(f"\nRule: {guidance.rule} (? opens the rules)", style="dim")
        if words == self.words:
            return
        self.words = words
        self.query_one("#guide-text", Static).update(text)
        self.scroll_home(animate=False)
