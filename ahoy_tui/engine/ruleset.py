"""What a ruleset supplies to the engine.

The engine is not shaped like any one game. A ruleset brings its scenarios, its set-up, its
phases (as its own state fields), the legal actions at any moment and how each action applies.
The engine brings dice, history, saves, undo, replay, geometry and per-side views.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

from attrs import frozen

from ahoy_tui.engine.events import Event
from ahoy_tui.engine.legal import LegalActions
from ahoy_tui.engine.state import GameState


@frozen
class ScenarioInfo:
    """One line about a scenario, for lists."""

    name: str
    title: str
    description: str
    sides: tuple[str, ...]


@frozen
class SetupChoice:
    """An option of a ruleset's set-up that a player may choose for a new battle (Ahoy!'s wind
    and weather): its key in the options, its label, and the values offered as (words, value),
    where the value "" leaves it as the scenario says."""

    key: str
    label: str
    values: tuple[tuple[str, str], ...]


class Scenario(Protocol):
    """A loaded scenario: what ``setup`` builds a battle from."""

    name: str
    title: str
    description: str

    def to_data(self) -> dict[str, Any]:
        """The scenario as plain data, as in its file (saved inside game records)."""
        ...


class Ruleset(Protocol):
    """The rules of one game system, as the engine sees them."""

    id: str
    title: str
    sides: tuple[str, ...]
    state_type: type[GameState]
    action_union: Any  # the union of this ruleset's action classes

    def scenarios(self) -> tuple[ScenarioInfo, ...]: ...

    def load_scenario(self, name: str | None = None, path: Path | None = None,
                      data: Mapping[str, Any] | None = None) -> Scenario: ...

    def setup(self, scenario: Scenario, seed: int,
              options: Mapping[str, Any]) -> tuple[GameState, list[Event]]: ...

    def legal_actions(self, state: GameState) -> LegalActions: ...

    def apply(self, state: GameState, action: Any) -> tuple[GameState, list[Event]]:
        """Apply an action already known to be legal."""
        ...

    def explain_illegal(self, state: GameState, action: Any) -> tuple[str, str]:
        """(rule, reason) for an action that is not among the legal actions."""
        ...

    def view(self, state: GameState, side: str) -> GameState:
        """The state as ``side`` may see it (no hidden orders, no dice to come)."""
        ...

    def prompt(self, state: GameState) -> str:
        """What the rules ask for now, in plain words."""
        ...

    def describe_action(self, state: GameState, action: Any) -> str: ...

    def describe_state(self, state: GameState) -> str:
        """The table in a few lines of plain text (headless play, logs)."""
        ...
