"""Where a line of actions would lead, before any of it is played.

A typed move line (``4 r 3``) is checked and drawn as it is typed. :func:`look_ahead` plays
the line on the side's own view of the state, whose dice are not the battle's (a view never
holds the dice to come), so nothing real is rolled or shown. It stops at the first action the
rules refuse, with the rule, and at the first that rolls a die: from there the dice decide,
and a look ahead must not pretend to know them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import frozen

from ahoy_tui.engine.errors import IllegalAction, InvalidAction
from ahoy_tui.engine.events import DiceRoll
from ahoy_tui.engine.game import apply, ruleset_of
from ahoy_tui.engine.state import GameState


@frozen
class LookAhead:
    """What a line of actions would do: the states after each action played (``states[0]`` is
    the start), how many of the actions that covers, and why it stopped short, if it did."""

    states: tuple[GameState, ...]
    played: int
    refused: str = ""      # "reason (rule)" for the first action the rules refuse
    refused_rule: str = ""
    dice: str = ""         # what the first die rolled was for: from there the dice decide

    @property
    def end(self) -> GameState:
        return self.states[-1]


def look_ahead(state: GameState, side: str, actions: Sequence[Any]) -> LookAhead:
    """Play ``actions`` on ``side``'s view of ``state`` as far as the rules and the dice let a
    player know where they lead."""
    sim = ruleset_of(state).view(state, side)
    states = [sim]
    for count, action in enumerate(actions):
        try:
            sim, events = apply(sim, action)
        except (IllegalAction, InvalidAction) as exc:
            return LookAhead(tuple(states), count, str(exc), getattr(exc, "rule", ""))
        states.append(sim)
        rolled = next((e for e in events if isinstance(e, DiceRoll)), None)
        if rolled is not None:
            return LookAhead(tuple(states), count + 1, dice=rolled.purpose)
    return LookAhead(tuple(states), len(actions))
