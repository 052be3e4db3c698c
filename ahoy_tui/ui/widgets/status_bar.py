"""One line across the top of the battle: turn, side to act, phase, wind, step."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class StatusBar(Static):
    def show(self, *, title: str, turn: int, side: str, phase: str, wind: str, step: int,
             side_colour: str) -> None:
        self.update(Text.assemble(
            (f" {title} ", "bold"), " · ", (f"turn {turn}", "bold"), " · ",
            (f" {side} ", f"bold reverse {side_colour}"), " · ", (phase, "bold"), " · ",
            wind, " · ", (f"step {step}", "dim")))
