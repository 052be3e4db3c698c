"""What a computer captain is: given its side's view and the legal actions, a decision.

A captain never sees the game's dice to come (its view has no seed) and gets nothing the rules
do not give its side. Levels: ``random`` (uniform over the legal actions: the baseline),
``easy`` (a readable heuristic seaman), ``normal`` (scores each choice by its expected outcome),
``hard`` (searches ahead with the engine, sampling its own dice). ``think`` is the time budget
for a decision, in seconds.
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

    def __init__(self, seed: int = 0, think: float = 1.0) -> None:
        self._random = random.Random(seed)

    def decide(self, view: GameState, legal: LegalActions) -> Decision:
        return Decision(legal[self._random.randrange(len(legal))], "a roll of the captain's dice")


def _levels() -> dict[str, Any]:
    from ahoy_tui.ai.ahoy.easy import EasyCaptain
    from ahoy_tui.ai.ahoy.hard import HardCaptain
    from ahoy_tui.ai.ahoy.normal import NormalCaptain

    return {"random": RandomCaptain, "easy": EasyCaptain, "normal": NormalCaptain,
            "hard": HardCaptain}


LEVEL_NAMES = ("random", "easy", "normal", "hard")


def make_captain(level: str, seed: int = 0, think: float = 1.0) -> Captain:
    """A computer captain of this level (``ai:`` in front of the name is allowed)."""
    name = level.removeprefix("ai:")
    levels = _levels()
    if name not in levels:
        raise ValueError(f"no computer captain {level!r} (levels: {', '.join(levels)})")
    captain: Captain = levels[name](seed, think)
    return captain
