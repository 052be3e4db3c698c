"""Taking over a replayed battle: who plays each side from here, and the undo policy.

The choices start as the original battle was played (its save remembers them), and the player
may change any of them before the new battle begins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Select

from ahoy_tui.session import CASUAL, STRICT, who_plays
from ahoy_tui.ui.screens.new_game import PLAYERS

POLICIES = [("Casual: undo anything", CASUAL), ("Strict: no undo past a revealed die", STRICT)]


class TakeOverScreen(ModalScreen[dict[str, Any] | None]):
    """Answers ``{"players": {side: "human" | "ai:LEVEL"}, "policy": …}``, or None to stay."""

    DEFAULT_CSS = """
    TakeOverScreen { align: center middle; }
    TakeOverScreen > Vertical {
        width: 64; height: auto; padding: 1 2; border: thick $accent; background: $surface;
    }
    TakeOverScreen Label { width: 100%; }
    TakeOverScreen Horizontal { height: auto; align-horizontal: right; margin-top: 1; }
    TakeOverScreen Button { margin-left: 2; }
    """
    BINDINGS = [Binding("escape", "cancel", "Back"), Binding("ctrl+s", "start", "Take over")]

    def __init__(self, step: int, sides: Mapping[str, str],
                 players: Mapping[str, Mapping[str, Any]], policy: str) -> None:
        super().__init__()
        self.step = step
        self.sides = dict(sides)  # side → its name in this battle
        self.players = players
        self.policy = policy if policy in (CASUAL, STRICT) else CASUAL

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"Take over at step {self.step}: a new battle from this moment. Who "
                        "plays each side? (As the battle was played, unless you change it.)")
            for side, name in self.sides.items():
                yield Label(f"{name} ({side})")
                who = who_plays(self.players, side).removeprefix("ai:")
                values = {value for _, value in PLAYERS}
                yield Select(PLAYERS, value=who if who in values else "human",
                             allow_blank=False, id=f"who-{side}")
            yield Label("Undo")
            yield Select(POLICIES, value=self.policy, allow_blank=False, id="policy")
            with Horizontal():
                yield Button("Back (Esc)", id="back")
                yield Button("Take over (ctrl+s)", id="start", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        else:
            self.action_cancel()

    def action_start(self) -> None:
        players = {}
        for side in self.sides:
            value = str(self.query_one(f"#who-{side}", Select).value)
            players[side] = value if value == "human" else f"ai:{value}"
        self.dismiss({"players": players, "policy": str(self.query_one("#policy", Select).value)})

    def action_cancel(self) -> None:
        self.dismiss(None)
