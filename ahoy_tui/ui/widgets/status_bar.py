"""One line across the top of the battle: turn (of the limit), side to act, phase, the points
as they stand, wind, step."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.events import Resize
from textual.widgets import Static


def standing_of(ruleset: Any, state: Any) -> str:
    """The ruleset's score for a header ("VP Empire 3 · Pirates 0"), or ""."""
    standing = getattr(ruleset, "standing", None)
    return standing(state) if standing is not None else ""


class StatusBar(Static):
    _shown: tuple[Any, ...] = ()

    def show(self, *, title: str, turn: int, side: str, phase: str, wind: str, step: int,
             side_colour: str, turn_limit: int = 0, score: str = "",
             turn_word: str = "turn") -> None:
        """``turn_word`` is what the rules call a turn (ACKS II plays rounds)."""
        shown = (title, turn, side, phase, wind, step, side_colour, turn_limit, score,
                 turn_word)
        if shown == self._shown:
            return  # unchanged: no repaint
        self._shown = shown
        self._paint()

    def on_resize(self, event: Resize) -> None:
        if self._shown:
            self._paint()

    def _paint(self) -> None:
        title, turn, side, phase, wind, step, side_colour, turn_limit, score, word = self._shown
        turn_words = f"{word} {turn}/{turn_limit}" if turn_limit else f"{word} {turn}"
        head: list[Any] = [(f" {title} ", "bold"), " · "]
        body: list[Any] = [(turn_words, "bold"), " · ",
                           (f" {side} ", f"bold reverse {side_colour}"), " · ",
                           (phase, "bold"), " · "]
        if score:
            body += [(score, "bold"), " · "]
        body += [(f"step {step}", "dim"), " · ", wind]
        line = Text.assemble(*head, *body)
        if self.size.width and line.cell_len > self.size.width:
            line = Text.assemble(" ", *body)  # a narrow terminal: the title goes first
        # one line, always: repaint without laying the screen out again
        self.update(line, layout=False)
