"""The move line: a ship's move typed as short orders, as in sail(6).

``4 r 3`` is ahead 4", turn 45° to starboard, ahead 3". Inches are numbers; ``r`` or ``s``
turns to starboard, ``l`` or ``p`` to port; ``e`` (or ``.``) ends her move. The line only
spells actions: whether each is legal is the rules' business (Movement, Turning), checked as
any other action is.
"""

from __future__ import annotations

import re
from typing import Any

from ahoy_tui.rules.ahoy.actions import Advance, EndMove, Turn
from ahoy_tui.rules.ahoy.model import AhoyState


def help_words() -> str:
    """How a move line is written, in a line (a function, not a constant: it is no rule)."""
    return "inches (4), r/s turn to starboard, l/p to port, e end her move: e.g. 4 r 3"


_WORDS: dict[str, Any] = {
    "r": Turn("starboard"), "s": Turn("starboard"), "stbd": Turn("starboard"),
    "starboard": Turn("starboard"),
    "l": Turn("port"), "p": Turn("port"), "port": Turn("port"),
    "e": EndMove(), "end": EndMove(), ".": EndMove(),
}


class MoveLineError(ValueError):
    """A token the move line does not know."""


def _not_an_order(token: str) -> str:
    return f"'{token}' is not an order: {help_words()}"


def parse(state: AhoyState, text: str) -> list[Any]:
    """The actions a move line spells; :class:`MoveLineError` names a token it cannot read."""
    if state.move is None:
        raise MoveLineError("no ship is moving: choose one and her speed first (Movement)")
    actions: list[Any] = []
    for token in re.findall(r"\d+|[a-z]+|\S", text.lower()):
        if token.isdigit():
            actions.append(Advance(int(token)))
        elif token in _WORDS:
            actions.append(_WORDS[token])
        else:
            raise MoveLineError(_not_an_order(token))
    return actions
