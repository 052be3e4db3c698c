"""Naval Battle Rules for Fantasy Gaming (Adam Clark & Jason Russell): ruleset ``naval-battle``.

Modules are named for the rules' sections: ``flow`` (The Turn Sequence and the secret sheets),
``movement`` (Speed, Changing speed, Maneuvering, Collisions, Boarding the enemy ship),
``shooting`` (Snipers, Armour, Ship's guns, Misfires), ``crew`` (Removing casualties),
``boarding`` (The Boarding Phase), ``fires`` (The End Phase), ``scenario`` (Ship Types,
Creatures, Ship's Crews, Specialists), ``legal`` (what a sheet may say). Tables are data:
``data/*.toml`` read by ``tables``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ahoy_tui.engine.catalogue import about
from ahoy_tui.engine.dice import Rng
from ahoy_tui.engine.events import Event
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.legal import LegalActions
from ahoy_tui.engine.ruleset import ScenarioInfo
from ahoy_tui.engine.state import GameState
from ahoy_tui.rules.guide import Guidance, GuideHook
from ahoy_tui.rules.naval_battle import scenario as _scenario
from ahoy_tui.rules.naval_battle.actions import Action
from ahoy_tui.rules.naval_battle.model import NavalState, Phase
from ahoy_tui.rules.summaries import Topic, read_summaries

_ABOUT = about(__file__)  # the title and place the lists read without importing this
_GUIDE = GuideHook(Path(__file__).parent)  # guide.toml: Learn to play's guide


class NavalBattleRuleset:
    """Naval Battle Rules for Fantasy Gaming as the engine sees it."""

    id = "naval-battle"
    order: int = _ABOUT["order"]  # its place in the lists of rule systems (about.toml)
    title: str = _ABOUT["title"]
    sides = ("p1", "p2")
    state_type = NavalState
    action_union = Action
    secret_orders = True  # sides seal orders in turn; the table sees them only when revealed

    def scenarios(self) -> tuple[ScenarioInfo, ...]:
        return _scenario.infos()

    def load_scenario(self, name: str | None = None, path: Path | None = None,
                      data: Mapping[str, Any] | None = None) -> _scenario.Scenario:
        return _scenario.load(name, path, data)

    def setup(self, scenario: Any, seed: int,
              options: Mapping[str, Any]) -> tuple[GameState, list[Event]]:
        state, events = _scenario.setup(scenario, seed, options)
        return state, list(events)

    def legal_actions(self, state: GameState) -> LegalActions:
        from ahoy_tui.rules.naval_battle.legal import legal

        assert isinstance(state, NavalState)
        return legal(state)

    def apply(self, state: GameState, action: Any) -> tuple[GameState, list[Event]]:
        from ahoy_tui.rules.naval_battle.flow import apply_action

        assert isinstance(state, NavalState)
        return apply_action(state, action)

    def explain_illegal(self, state: GameState, action: Any) -> tuple[str, str]:
        from ahoy_tui.rules.naval_battle.legal import explain

        assert isinstance(state, NavalState)
        return explain(state, action)

    def view(self, state: GameState, side: str) -> GameState:
        """The state as ``side`` sees it: no dice to come, and no sheet another side has
        sealed before the reveal (a spectator sees no sealed sheet at all)."""
        assert isinstance(state, NavalState)
        changes: dict[str, Any] = {"rng": Rng(0, state.rng.counter)}
        if state.phase == Phase.DECLARE:
            changes["declared"] = state.declared.hidden_from(side)
        if state.phase in (Phase.DECLARE, Phase.ORDERS):
            changes["orders"] = state.orders.hidden_from(side)
        if state.phase != Phase.OVER:
            changes["plans"] = state.plans.hidden_from(side)
        return replace(state, **changes)

    def secret_action(self, action: Any) -> bool:
        """Whether ``action`` is a sealed sheet: nobody but its writer may read it (nor the
        captain's reasons for it) until the reveal."""
        from ahoy_tui.rules.naval_battle.actions import DeclareSpeed, FirePlan, GiveOrders

        return isinstance(action, (DeclareSpeed, GiveOrders, FirePlan))

    @property
    def screen_view(self) -> Any:
        """What a screen shows and how a sheet is written (``view``): a user interface reaches
        the rules only through the ruleset."""
        from ahoy_tui.rules.naval_battle import view

        return view

    def scene(self, state: GameState, selected: str | None = None, **shown: Any) -> Any:
        assert isinstance(state, NavalState)
        return self.screen_view.scene(state, selected, **shown)

    def odds(self, state: GameState, action: Any) -> Any:
        """The odds of one shot of a fire plan before it is sealed (``rules/naval_battle/
        odds.py``): a fire plan of that one shot, or the shot itself; None for others."""
        from ahoy_tui.rules.naval_battle.odds import odds

        assert isinstance(state, NavalState)
        return odds(state, action)

    def caution(self, state: GameState, action: Any) -> str:
        """Words to confirm before sealing a sheet that sails a ship off the table, or ""."""
        from ahoy_tui.rules.naval_battle.caution import caution

        assert isinstance(state, NavalState)
        return caution(state, action)

    def standing(self, state: GameState) -> str:
        """The victory points as they stand, for a header."""
        from ahoy_tui.rules.naval_battle.flow import standing

        assert isinstance(state, NavalState)
        return standing(state)

    def victory_words(self, state: GameState) -> str:
        """How this battle is won, in plain words."""
        from ahoy_tui.rules.naval_battle.flow import victory_words

        assert isinstance(state, NavalState)
        return victory_words(state)

    def cards(self, state: GameState) -> tuple[Any, ...]:
        assert isinstance(state, NavalState)
        return tuple(self.screen_view.cards(state))

    def bearings(self, state: GameState, ship: str) -> dict[str, str]:
        """From ``ship``: a line for each enemy's card, how far she is and which weapons of
        hers reach her, in which band and arc (``ranges.py``)."""
        from ahoy_tui.rules.naval_battle.ranges import bearings

        assert isinstance(state, NavalState)
        return bearings(state, ship)

    tape_from = "a gun"  # the tape's o: from each of her guns (war machines) in turn

    def tape_origins(self, state: GameState, ship: str) -> tuple[tuple[str | None, str], ...]:
        """Where a tape measure may start on a ship: her centre, or one of her guns."""
        assert isinstance(state, NavalState)
        return self.screen_view.tape_origins(state, ship)

    def measure(self, state: GameState, ship: str, gun: str | None,
                point: tuple[float, float]) -> Any:
        """The tape from a ship (or gun) to a point, as the rules measure (a ``Measure``)."""
        assert isinstance(state, NavalState)
        return self.screen_view.measure(state, ship, gun, point)

    def prompt(self, state: GameState) -> str:
        from ahoy_tui.rules.naval_battle.prompt import prompt

        assert isinstance(state, NavalState)
        return prompt(state)

    def describe_action(self, state: GameState, action: Any) -> str:
        from ahoy_tui.rules.naval_battle.prompt import describe

        assert isinstance(state, NavalState)
        return describe(state, action)

    def guide(self, state: GameState, side: str,
              seen: frozenset[str] = frozenset()) -> Guidance | None:
        """What the rules ask of ``side`` now, for a first battle (guide.toml)."""
        return _GUIDE(self, state, side, seen)

    @property
    def fleet_book(self) -> Any:
        """Buy your fleet (``fleet_book.py``): ships by race and size, crews, guns, creatures."""
        from ahoy_tui.rules.naval_battle.fleet_book import FLEET_BOOK

        return FLEET_BOOK

    def rule_topics(self) -> tuple[Topic, ...]:
        """The project's own summary of each rule (``rules_summary.md``), for a Rules screen."""
        return read_summaries("ahoy_tui.rules.naval_battle")

    def describe_state(self, state: GameState) -> str:
        from ahoy_tui.rules.naval_battle.prompt import table_text

        assert isinstance(state, NavalState)
        return table_text(state)

    def report_facts(self, state: GameState) -> Any:
        """What an after-action report tells of this state (``report.py``)."""
        from ahoy_tui.rules.naval_battle.report import report_facts

        assert isinstance(state, NavalState)
        return report_facts(state)


RULESET = NavalBattleRuleset()  # found by its entry point (pyproject.toml)
