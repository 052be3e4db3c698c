"""Warhammer Ahoy! 3rd edition: the Basic Rules (and the fire rules they need).

The ruleset object the engine uses is :data:`RULESET`. Modules are named for the rulebook's
sections: ``movement`` (Movement, Turning, Slowing Down, Stationary Ships, Ships Adrift, Sailing
Off the Table, Out of Control), ``shooting`` (Shooting at Ships, Naval Cannons, Point Blank, Rake
the Decks, Gun Crews, Missile Weapons), ``damage`` (Taking Damage, Strike Yer Colours, Critical
Hits), ``ramming`` (Ramming, Collision), ``boarding`` (Boarding Actions), ``swimming``,
``fire`` (Fire Aboard Ships, Kaboom!), ``wind`` (Wind Direction), ``flow`` (the turn sequence).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ahoy_tui.engine.catalogue import about
from ahoy_tui.engine.dice import Rng
from ahoy_tui.engine.events import Event
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.legal import LegalActions
from ahoy_tui.engine.ruleset import ScenarioInfo, SetupChoice
from ahoy_tui.engine.state import GameState
from ahoy_tui.rules.ahoy import deploy as _deploy
from ahoy_tui.rules.ahoy import fleet as _fleet
from ahoy_tui.rules.ahoy import flow as _flow
from ahoy_tui.rules.ahoy import scenario as _scenario
from ahoy_tui.rules.ahoy import view
from ahoy_tui.rules.ahoy.actions import Action, EndMovement, EndOrders, EndShooting, StrikeColours
from ahoy_tui.rules.ahoy.apply import apply_action
from ahoy_tui.rules.ahoy.caution import caution as _caution
from ahoy_tui.rules.ahoy.legal import explain, legal
from ahoy_tui.rules.ahoy.model import AhoyState
from ahoy_tui.rules.ahoy.move_line import help_words as _move_line_help
from ahoy_tui.rules.ahoy.prompt import describe, describe_choice, prompt, table_text
from ahoy_tui.rules.ahoy.summaries import Topic, summaries
from ahoy_tui.rules.guide import Guidance, GuideHook

_ABOUT = about(__file__)  # the title and place the lists read without importing this
_GUIDE = GuideHook(Path(__file__).parent)  # guide.toml: Learn to play's guide


class AhoyRuleset:
    """Warhammer Ahoy! as the engine sees it."""

    id = "ahoy"
    order: int = _ABOUT["order"]  # its place in the lists of rule systems (about.toml)
    title: str = _ABOUT["title"]
    sides = ("p1", "p2")
    state_type = AhoyState
    action_union = Action
    # what the new-game form offers besides the scenario (Wind Direction, the weather)
    setup_choices = (
        SetupChoice("wind", "Wind", (
            ("As the scenario says", ""), ("Rolled (D6)", "random"), ("Toward the north", "N"),
            ("Toward the east", "E"), ("Toward the south", "S"), ("Toward the west", "W"))),
        SetupChoice("weather", "Weather", (
            ("As the scenario says", ""), ("Normal", "normal"), ("Light Airs", "light_airs"),
            ("Gales", "gales"))),
    )

    def scenarios(self) -> tuple[ScenarioInfo, ...]:
        return _scenario.infos()

    def load_scenario(self, name: str | None = None, path: Path | None = None,
                      data: Mapping[str, Any] | None = None) -> _scenario.Scenario:
        return _scenario.load(name, path, data)

    def setup(self, scenario: Any, seed: int,
              options: Mapping[str, Any]) -> tuple[GameState, list[Event]]:
        return _scenario.setup(scenario, seed, options)

    def legal_actions(self, state: GameState) -> LegalActions:
        assert isinstance(state, AhoyState)
        return legal(state)

    def apply(self, state: GameState, action: Any) -> tuple[GameState, list[Event]]:
        assert isinstance(state, AhoyState)
        return apply_action(state, action)

    def explain_illegal(self, state: GameState, action: Any) -> tuple[str, str]:
        assert isinstance(state, AhoyState)
        return explain(state, action)

    def view(self, state: GameState, side: str) -> GameState:
        """Ahoy! hides nothing on the table; a side's view only lacks the dice to come."""
        return replace(state, rng=Rng(0, state.rng.counter))

    def prompt(self, state: GameState) -> str:
        assert isinstance(state, AhoyState)
        return prompt(state)

    def describe_action(self, state: GameState, action: Any) -> str:
        assert isinstance(state, AhoyState)
        return describe(state, action)

    def describe_state(self, state: GameState) -> str:
        assert isinstance(state, AhoyState)
        return table_text(state)

    # --- what a screen shows (plain shapes and facts; see view.py) -------------------------
    def scene(self, state: GameState, selected: str | None = None, *,
              preview: int | None = None, preview_gun: str | None = None,
              preview_action: Any = None, ahead: Sequence[GameState] = ()) -> view.Scene:
        assert isinstance(state, AhoyState)
        return view.scene(state, selected, preview=preview, preview_gun=preview_gun,
                          preview_action=preview_action,
                          ahead=[s for s in ahead if isinstance(s, AhoyState)])

    def describe_choice(self, state: GameState, template: Any, field: str,
                        values: tuple[int, ...]) -> str:
        """One row for a run of actions differing in ``field`` (a value picker opens on it),
        where the rule's own words say it better than a range of numbers; "" otherwise."""
        assert isinstance(state, AhoyState)
        return describe_choice(state, template, field, values)

    def caution(self, state: GameState, action: Any) -> str:
        """Words to confirm before ``action`` (off the table, striking), or ""."""
        assert isinstance(state, AhoyState)
        return _caution(state, action)

    def odds(self, state: GameState, action: Any) -> Any:
        """The odds of a gun or a volley before it is fired (``rules/ahoy/odds.py``), or None
        for a choice that rolls for nothing."""
        from ahoy_tui.rules.ahoy.odds import odds

        assert isinstance(state, AhoyState)
        return odds(state, action)

    def choice_key(self, action: Any) -> str:
        """A key of its own for a choice a captain reaches for in a hurry: ``!`` strikes the
        colours (Strike Yer Colours), ``0`` ends the phase (orders, movement, shooting); ""
        for the rest."""
        if isinstance(action, EndOrders | EndMovement | EndShooting):
            return "0"
        return "!" if isinstance(action, StrikeColours) else ""

    def move_line(self, state: GameState, text: str, selected: str | None = None) -> list[Any]:
        """The actions a typed move line spells (``4 r 3``) for the ship under way (whichever
        ship is selected); ValueError names a bad token."""
        from ahoy_tui.rules.ahoy.move_line import parse

        assert isinstance(state, AhoyState)
        return parse(state, text)

    def move_line_ready(self, state: GameState) -> str:
        """Why the move line cannot be opened now, or "": it moves the ship under way."""
        if getattr(state, "move", None) is None:
            return "The move line is for a ship under way: choose a ship and her speed first"
        return ""

    move_line_help = _move_line_help()

    def standing(self, state: GameState) -> str:
        """The victory points as they stand, for a header."""
        assert isinstance(state, AhoyState)
        return _flow.standing(state)

    def victory_words(self, state: GameState) -> str:
        """How this battle is won, in plain words."""
        assert isinstance(state, AhoyState)
        return _flow.victory_words(state)

    def cards(self, state: GameState) -> tuple[view.Card, ...]:
        assert isinstance(state, AhoyState)
        return view.cards(state)

    def bearings(self, state: GameState, ship: str) -> dict[str, str]:
        """From ``ship``: a line for each enemy's card, how far she is and which weapons of
        hers reach her, in which band and arc (``ranges.py``)."""
        from ahoy_tui.rules.ahoy.ranges import bearings

        assert isinstance(state, AhoyState)
        return bearings(state, ship)

    def tape_origins(self, state: GameState, ship: str) -> tuple[tuple[str | None, str], ...]:
        """Where a tape measure may start on a ship: her hull, or one of her guns."""
        assert isinstance(state, AhoyState)
        return view.tape_origins(state, ship)

    def measure(self, state: GameState, ship: str, gun: str | None,
                point: tuple[float, float]) -> view.Measure:
        """The tape from a ship (or gun) to a point, as the rules measure."""
        assert isinstance(state, AhoyState)
        return view.measure(state, ship, gun, point)

    def wind_words(self, state: GameState) -> str:
        assert isinstance(state, AhoyState)
        return view.wind_words(state)

    @property
    def fleets(self) -> Any:
        """Fleet building (``fleet.py``): ship designs, their checks against the rules' tables,
        the choices a screen offers, and saved fleet files."""
        return _fleet

    def with_fleet(self, data: Mapping[str, Any], side: str, fleet: Any) -> dict[str, Any]:
        """Scenario data with a fleet in place of one side's ships (``deploy.with_fleet``)."""
        return _deploy.with_fleet(data, side, fleet)

    def guide(self, state: GameState, side: str,
              seen: frozenset[str] = frozenset()) -> Guidance | None:
        """What the rules ask of ``side`` now, for a first battle (guide.toml)."""
        return _GUIDE(self, state, side, seen)

    def rule_topics(self) -> tuple[Topic, ...]:
        """The project's own summary of each rule, for a Rules screen."""
        return summaries()

    def report_facts(self, state: GameState) -> Any:
        """What an after-action report tells of this state (``report.py``)."""
        from ahoy_tui.rules.ahoy.report import report_facts

        assert isinstance(state, AhoyState)
        return report_facts(state)


RULESET = AhoyRuleset()  # found by its entry point (pyproject.toml)
