"""What a computer captain is: given its side's view and the legal actions, a decision.

A captain never sees the game's dice to come (its view has no seed) and gets nothing the rules
do not give its side. Levels: ``random`` (uniform over the legal actions: the baseline).
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from attrs import frozen

from ahoy_tui.engine import GameState, LegalActions


@frozen
class Decision:
    action: Any
    why: str


class Captain(Protocol):
    level: str

    def decide(self, view: GameState, legal: LegalActions) -> Decision: ...


class RandomCaptain:
    """Picks uniformly among the legal actions: the baseline every other level must beat."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self._random = random.Random(seed)

    def decide(self, view: GameState, legal: LegalActions) -> Decision:
        return Decision(legal[self._random.randrange(len(legal))], "a roll of the captain's dice")


LEVELS = {"random": RandomCaptain}


def make_captain(level: str, seed: int = 0) -> Captain:
    try:
        return LEVELS[level](seed)  # type: ignore[no-any-return]
    except KeyError:
        raise ValueError(f"no computer captain {level!r} (levels: {', '.join(LEVELS)})") from None
