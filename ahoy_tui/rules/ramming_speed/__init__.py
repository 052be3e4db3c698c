"""Ramming Speed! (Jackson Gamers), 15mm ancient galley rules: ruleset ``ramming-speed``.

Modules are named for the rules' sections: ``flow`` (Sequence of play), ``helm`` (Writing
orders, Energy, Speed, Turning, sailing speeds), ``movement`` (Phased moves, Oar raking),
``ramming`` (Ramming, Accidental ramming), ``sinking`` (loads of water, Supporting a sinking
ship, Abandoning ship), ``sailing`` (the wind, raising and lowering the sail), ``archery``
(Archery, Bolt- and Stone-throwing engines), ``grappling`` (Grappling, Boarding bridges),
``melee`` (Moving aboard ship, Boarding, Hand to hand fighting, Repelling boarders),
``morale`` (Morale), ``scenario``, ``legal``. Tables are data: ``data/*.toml`` read by
``tables``.
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
from ahoy_tui.rules.ramming_speed import scenario as _scenario
from ahoy_tui.rules.ramming_speed import view as _view
from ahoy_tui.rules.ramming_speed.actions import Action
from ahoy_tui.rules.ramming_speed.model import Phase, RSState
from ahoy_tui.rules.summaries import Topic, read_summaries

_ABOUT = about(__file__)  # the title and place the lists read without importing this
_GUIDE = GuideHook(Path(__file__).parent)  # guide.toml: Learn to play's guide


class RammingSpeedRuleset:
    """Ramming Speed! as the engine sees it."""

    id = "ramming-speed"
    order: int = _ABOUT["order"]  # its place in the lists of rule systems (about.toml)
    title: str = _ABOUT["title"]
    sides = ("p1", "p2")
    state_type = RSState
    action_union = Action
    secret_orders = True

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
        from ahoy_tui.rules.ramming_speed.legal import legal

        assert isinstance(state, RSState)
        return legal(state)

    def apply(self, state: GameState, action: Any) -> tuple[GameState, list[Event]]:
        from ahoy_tui.rules.ramming_speed.flow import apply_action

        assert isinstance(state, RSState)
        return apply_action(state, action)

    def explain_illegal(self, state: GameState, action: Any) -> tuple[str, str]:
        from ahoy_tui.rules.ramming_speed.legal import explain

        assert isinstance(state, RSState)
        return explain(state, action)

    def view(self, state: GameState, side: str) -> GameState:
        """The state as ``side`` sees it: no dice to come; no other side's sealed orders, nor
        the orders another side is writing, before the reveal."""
        assert isinstance(state, RSState)
        changes: dict[str, Any] = {"rng": Rng(0, state.rng.counter)}
        if state.phase is Phase.ORDERS:
            changes["orders"] = state.orders.hidden_from(side)
            if state.to_act != side:
                changes["drafts"] = ()
        return replace(state, **changes)

    def secret_action(self, action: Any) -> bool:
        """Orders written are secret until the reveal: nobody but their writer reads them."""
        from ahoy_tui.rules.ramming_speed.actions import WriteOrders

        return isinstance(action, WriteOrders)

    def standing(self, state: GameState) -> str:
        from ahoy_tui.rules.ramming_speed.flow import standing

        assert isinstance(state, RSState)
        return standing(state)

    def victory_words(self, state: GameState) -> str:
        return ("Sink a galley for her value in points, capture her for half as much again, "
                "drive her off for half; the battle ends when one side has no galley left in "
                "the action, or after the scenario's turns (an escape scenario is won by "
                "getting away off the named edge).")

    def wind_words(self, state: GameState) -> str:
        """The header's wind (``light breeze ↘ (from the north-west)``: ``sailing.py``)."""
        from ahoy_tui.rules.ramming_speed.sailing import header_words

        assert isinstance(state, RSState)
        return header_words(state.wind)

    def prompt(self, state: GameState) -> str:
        from ahoy_tui.rules.ramming_speed.prompt import prompt

        assert isinstance(state, RSState)
        return prompt(state)

    def describe_action(self, state: GameState, action: Any) -> str:
        from ahoy_tui.rules.ramming_speed.prompt import describe
        from ahoy_tui.rules.ramming_speed.view import describe as order_words

        assert isinstance(state, RSState)
        return order_words(state, action) or describe(state, action)

    def describe_choice(self, state: GameState, template: Any, field: str,
                        values: Any) -> str:
        """A range of lines thrown in one row's words (``prompt.describe_choice``)."""
        from ahoy_tui.rules.ramming_speed.prompt import describe_choice

        assert isinstance(state, RSState)
        return describe_choice(state, template, field, tuple(values))

    def choice_key(self, action: Any) -> str:
        """A key of its own for the choice a captain reaches for every phase: ``d`` is done with
        this phase, wherever it stands in the list (in the orders phase, sealing the sheet);
        "" for the rest."""
        from ahoy_tui.rules.ramming_speed.actions import PhaseDone, SealOrders

        return "d" if isinstance(action, PhaseDone | SealOrders) else ""

    def describe_state(self, state: GameState) -> str:
        from ahoy_tui.rules.ramming_speed.prompt import table_text

        assert isinstance(state, RSState)
        return table_text(state)

    # --- what the screens draw (view.py) -------------------------------------------------------
    move_line_help = _view.MOVE_LINE_HELP

    def scene(self, state: GameState, selected: str | None = None, **options: Any) -> Any:
        """The table: galleys, shores, wreckage, swimmers, lines; the courses rowed last turn
        and the viewer's orders as courses."""
        assert isinstance(state, RSState)
        return _view.scene(state, selected, **options)

    def sixths(self, state: GameState) -> int:
        """In how many sixths the last move may be seen (8.0 Phased moves): 6, or 0 when no
        galley rowed (``phased.py``)."""
        from ahoy_tui.rules.ramming_speed import phased

        assert isinstance(state, RSState)
        return phased.sixths(state)

    def phased_scene(self, state: GameState, selected: str | None, sixth: int) -> Any:
        """The table at the end of ``sixth`` of the last move (0: before it): the galleys that
        rowed where they stood then, their courses so far (``phased.py``)."""
        from ahoy_tui.rules.ramming_speed import phased

        assert isinstance(state, RSState)
        return phased.phased_scene(state, selected, sixth)

    def cards(self, state: GameState) -> tuple[Any, ...]:
        """Each galley's log sheet (appendix B)."""
        assert isinstance(state, RSState)
        return _view.cards(state)

    def move_line(self, state: GameState, text: str, selected: str | None = None) -> list[Any]:
        """Orders typed as a line (``c 8s 4r 3s``; see ``move_line_help``): the actions, or a
        ValueError naming the rule that refuses them."""
        assert isinstance(state, RSState)
        return _view.move_line(state, text, selected)

    def move_line_ready(self, state: GameState) -> str:
        """Why orders cannot be typed now, or "": they are written at the start of the turn,
        by the side writing (2.0)."""
        assert isinstance(state, RSState)
        if state.over or state.phase is not Phase.ORDERS:
            return "Orders are written at the start of the turn, by the side writing"
        return ""

    def line_preview(self, state: GameState, text: str,
                     selected: str | None = None) -> tuple[Any, str]:
        """The orders being typed as far as they go, to draw before they are whole, and a
        warning if they run her off the table or aground."""
        assert isinstance(state, RSState)
        return _view.line_preview(state, text, selected)

    def caution(self, state: GameState, action: Any) -> str:
        """Words to confirm before sealing orders that row a galley off the table or aground."""
        assert isinstance(state, RSState)
        return _view.caution(state, action)

    def bearings(self, state: GameState, ship: str) -> dict[str, str]:
        """From ``ship``: a line for each enemy's card, how far she is and which weapons of
        hers reach her, in which band and arc (``ranges.py``)."""
        from ahoy_tui.rules.ramming_speed.ranges import bearings

        assert isinstance(state, RSState)
        return bearings(state, ship)

    def odds(self, state: GameState, action: Any) -> Any:
        """The odds of a choice that rolls (``engine.odds.Odds``), or None: a volley of arrows
        and bolts, grappling lines thrown or cut, a boarding's first round and a melee
        match-up's fights (``odds.py``)."""
        from ahoy_tui.rules.ramming_speed.odds import odds

        assert isinstance(state, RSState)
        return odds(state, action)

    tape_from = "her bow"  # the tape's o: from the tip of her ram, or her centre again

    def tape_origins(self, state: GameState, ship: str) -> tuple[tuple[str | None, str], ...]:
        assert isinstance(state, RSState)
        return _view.tape_origins(state, ship)

    def measure(self, state: GameState, ship: str, origin: str | None,
                point: tuple[float, float]) -> Any:
        assert isinstance(state, RSState)
        return _view.measure(state, ship, origin, point)

    def guide(self, state: GameState, side: str,
              seen: frozenset[str] = frozenset()) -> Guidance | None:
        """What the rules ask of ``side`` now, for a first battle (guide.toml)."""
        return _GUIDE(self, state, side, seen)

    @property
    def fleet_book(self) -> Any:
        """Buy your fleet (``fleet_book.py``): galleys, crews by rank, engines, the corvus."""
        from ahoy_tui.rules.ramming_speed.fleet_book import FLEET_BOOK

        return FLEET_BOOK

    def rule_topics(self) -> tuple[Topic, ...]:
        """The project's own summary of each rule (``rules_summary.md``), for a Rules screen."""
        return read_summaries("ahoy_tui.rules.ramming_speed")

    def report_facts(self, state: GameState) -> Any:
        """What an after-action report tells of this state (``report.py``)."""
        from ahoy_tui.rules.ramming_speed.report import report_facts

        assert isinstance(state, RSState)
        return report_facts(state)


RULESET = RammingSpeedRuleset()  # found by its entry point (pyproject.toml)
