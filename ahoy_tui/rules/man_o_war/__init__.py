"""Man O' War (Games Workshop, 1993), from its rules summary: ruleset ``man-o-war``.

Modules are named for the rules' sections: ``flow`` (Turn Sequence, Squadrons, Stragglers, End
Phase, Victory), ``movement`` (Movement under sail and with oars, Ramming, Obstructions,
Collisions), ``shooting`` and ``damage`` (Combat & Damage, Critical hits, Sinking), ``fire``
(the End Phase's Fire), ``boarding`` (Boarding Actions, Captured ships), ``scenario`` (Setup),
``legal`` (what may be done now). The ship templates and tables are data: ``data/*.toml``
read by ``tables``. Part 2 (magic, Man O' War cards, sea monsters, flyers) slots into the
Magic Phase and the templates.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ahoy_tui.engine.dice import Rng
from ahoy_tui.engine.events import Event
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.legal import LegalActions
from ahoy_tui.engine.ruleset import ScenarioInfo
from ahoy_tui.engine.state import GameState
from ahoy_tui.rules.man_o_war import scenario as _scenario
from ahoy_tui.rules.man_o_war.actions import MowAction
from ahoy_tui.rules.man_o_war.model import MowState


class ManOWarRuleset:
    """Man O' War as the engine sees it."""

    id = "man-o-war"
    title = "Man O' War"
    sides = ("p1", "p2")
    state_type = MowState
    action_union = MowAction

    def scenarios(self) -> tuple[ScenarioInfo, ...]:
        return _scenario.infos()

    def load_scenario(self, name: str | None = None, path: Path | None = None,
                      data: Mapping[str, Any] | None = None) -> _scenario.Scenario:
        return _scenario.load(name, path, data)

    def setup(self, scenario: Any, seed: int,
              options: Mapping[str, Any]) -> tuple[GameState, list[Event]]:
        return _scenario.setup(scenario, seed, options)

    def legal_actions(self, state: GameState) -> LegalActions:
        from ahoy_tui.rules.man_o_war.legal import legal

        assert isinstance(state, MowState)
        return legal(state)

    def apply(self, state: GameState, action: Any) -> tuple[GameState, list[Event]]:
        from ahoy_tui.rules.man_o_war.apply import apply_action

        assert isinstance(state, MowState)
        return apply_action(state, action)

    def explain_illegal(self, state: GameState, action: Any) -> tuple[str, str]:
        from ahoy_tui.rules.man_o_war.legal import explain

        assert isinstance(state, MowState)
        return explain(state, action)

    def view(self, state: GameState, side: str) -> GameState:
        """Man O' War hides nothing on the table (part 2's hands of cards will be hidden
        here); the view has no dice to come."""
        assert isinstance(state, MowState)
        return replace(state, rng=Rng(0, state.rng.counter))

    def prompt(self, state: GameState) -> str:
        from ahoy_tui.rules.man_o_war.prompt import prompt

        assert isinstance(state, MowState)
        return prompt(state)

    def describe_action(self, state: GameState, action: Any) -> str:
        from ahoy_tui.rules.man_o_war.prompt import describe

        assert isinstance(state, MowState)
        return describe(state, action)

    def describe_state(self, state: GameState) -> str:
        from ahoy_tui.rules.man_o_war.prompt import table_text

        assert isinstance(state, MowState)
        return table_text(state)

    def standing(self, state: GameState) -> str:
        from ahoy_tui.rules.man_o_war.prompt import standing

        assert isinstance(state, MowState)
        return standing(state)


RULESET = ManOWarRuleset()  # found by its entry point (pyproject.toml)
