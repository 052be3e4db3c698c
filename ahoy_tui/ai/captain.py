"""What a computer captain is: given its side's view and the legal actions, a decision.

A captain never sees the game's dice to come (its view has no seed) and gets nothing the rules
do not give its side. Levels: ``random`` (uniform over the legal actions: the baseline),
``easy`` (a readable heuristic seaman), ``normal`` (scores each choice by its expected outcome),
``hard`` (searches ahead with the engine, sampling its own dice). ``think`` is the time budget
for a decision, in seconds.
"""

from __future__ import annotations

import logging
import random
from typing import Any, Protocol

from attrs import frozen

from ahoy_tui.engine import GameState, LegalActions
from ahoy_tui.engine.registry import plugins


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


LOG = logging.getLogger(__name__)


def checked_decision(captain: Captain, view: GameState, legal: LegalActions) -> Decision:
    """``captain``'s decision, checked against the legal actions as a player's choice is,
    before anything else reads it. A captain offering an action outside them is a bug: the
    decision played is then the first legal action, its reason naming the bug (the log shows
    it), never a crash of the screen that would describe the action first."""
    decision = captain.decide(view, legal)
    if decision.action in legal:
        return decision
    LOG.warning("the %s captain offered an action outside the legal actions: %r",
                getattr(captain, "level", "?"), decision.action)
    if not len(legal):
        raise ValueError("the captain has no legal action to take")
    return Decision(legal[0], f"a bug in the {getattr(captain, 'level', '')} captain: it "
                              f"offered an action the rules do not list ({decision.action!r}); "
                              "the first legal choice is taken instead")


CAPTAINS = "ahoy_tui.captains"  # entry-point group: a ruleset's captains, by ruleset id


def _levels(ruleset: str) -> dict[str, Any]:
    """The captains of each level for ``ruleset``; any rules without their own captains get
    the random one at every level (it picks among the legal actions, whatever the rules)."""
    point = plugins(CAPTAINS).get(ruleset)
    own = point.load()() if point is not None else {}
    return {**dict.fromkeys(LEVEL_NAMES, RandomCaptain), "random": RandomCaptain, **own}


LEVEL_NAMES = ("random", "easy", "normal", "hard")


class RulesetCaptain:
    """A captain of one level for every ruleset: it hands each decision to that level's
    captain for the rules of the battle in front of it (made when first needed)."""

    def __init__(self, level: str, seed: int = 0, think: float = 1.0) -> None:
        self.level = level
        self.think = think
        self._seed = seed
        self._captains: dict[str, Captain] = {}

    def for_rules(self, ruleset: str) -> Captain:
        captain = self._captains.get(ruleset)
        if captain is None:
            captain = _levels(ruleset)[self.level](self._seed, self.think)
            self._captains[ruleset] = captain
        return captain

    def decide(self, view: GameState, legal: LegalActions) -> Decision:
        return self.for_rules(view.ruleset).decide(view, legal)


def make_captain(level: str, seed: int = 0, think: float = 1.0) -> Captain:
    """A computer captain of this level (``ai:`` in front of the name is allowed)."""
    name = level.removeprefix("ai:")
    if name not in LEVEL_NAMES:
        raise ValueError(f"no computer captain {level!r} (levels: {', '.join(LEVEL_NAMES)})")
    return RulesetCaptain(name, seed, think)
