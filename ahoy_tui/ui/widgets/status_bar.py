"""One line across the top of the battle: turn, side to act, phase, wind, step."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class StatusBar(Static):
    _shown: tuple[object, ...] = ()

    def show(self, *, title: str, turn: int, side: str, phase: str, wind: str, step: int,
             side_colour: str) -> None:
        shown = (title, turn, side, phase, wind, step, side_colour)
        if shown == self._shown:
            return  # unchanged: no repaint
        self._shown = shown
        # one line, always: repaint without laying the screen out again
        self.update(Text.assemble(
            (f" {title} ", "bold"), " · ", (f"turn {turn}", "bold"), " · ",
            (f" {side} ", f"bold reverse {side_colour}"), " · ", (phase, "bold"), " · ",
            wind, " · ", (f"step {step}", "dim")), layout=False)
