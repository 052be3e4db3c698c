"""One line across the top of the battle: turn (of the limit), side to act, phase, wind, the
points as they stand, step.

The turn (or round), the side, the phase and the wind are what a player glances up for, so they
come first and stay on the narrowest terminal (80 columns): the title goes first, then the wind's
words in brackets, then the step, and the points are cut short (``v`` gives them whole)."""

from __future__ import annotations

import re
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

    def show(self, *, title: str, turn: int, side: str, phase: str, wind: str,
             step: int | None, side_colour: str, turn_limit: int = 0, score: str = "",
             turn_word: str = "turn") -> None:
        """``turn_word`` is what the rules call a turn (ACKS II plays rounds); ``step`` None
        leaves the step out (it would count the secret orders another side writes)."""
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
        # one line, always: repaint without laying the screen out again
        self.update(self.line(self.size.width), layout=False)

    def line(self, width: int = 0) -> Text:
        """The header as it fits ``width`` cells (0: all of it)."""
        title, turn, side, phase, wind, step, side_colour, turn_limit, score, word = self._shown
        turn_words = f"{word} {turn}/{turn_limit}" if turn_limit else f"{word} {turn}"
        short_wind = re.sub(r"\s*\([^)]*\)", "", wind)  # "wind toward the south"

        def assemble(head: bool, winds: str, points: str | None, steps: bool) -> Text:
            parts: list[Any] = [(f" {title} ", "bold"), " · "] if head else [" "]
            parts += [(turn_words, "bold"), " · ", (f" {side} ", f"bold reverse {side_colour}"),
                      " · ", (phase, "bold")]
            if winds:
                parts += [" · ", winds]
            if points:
                parts += [" · ", (points, "bold")]
            if steps and step is not None:
                parts += [" · ", (f"step {step}", "dim")]
            return Text.assemble(*parts)

        for head, winds, steps in ((True, wind, True), (False, wind, True),
                                   (False, short_wind, True), (False, short_wind, False)):
            line = assemble(head, winds, score, steps)
            if not width or line.cell_len <= width:
                return line
        bare = assemble(False, short_wind, None, False)
        room = width - bare.cell_len - 3  # " · "
        if score and room >= 6:
            return assemble(False, short_wind, score[:room - 1] + "…", False)
        bare.truncate(width, overflow="ellipsis")
        return bare
